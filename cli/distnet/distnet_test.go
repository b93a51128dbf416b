package distnet

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLibraryNeedsNoNATS: a library user's `go mod tidy` pulls NATS only
// through this package, so no public package of electlab but this one,
// checker/explore/distnats (the transport itself) and cmd/electlab (which
// imports it) may depend on github.com/nats-io: not model, checker,
// checker/explore, checker/checktest, checker/claims or cli.
func TestLibraryNeedsNoNATS(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "github.com/electlab/electlab/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := map[string]bool{
		"github.com/electlab/electlab/cli/distnet":              true,
		"github.com/electlab/electlab/checker/explore/distnats": true,
		"github.com/electlab/electlab/cmd/electlab":             true,
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := fields[0]
		if allowed[pkg] || strings.Contains(pkg, "/internal/") {
			continue
		}
		checked++
		for _, dep := range fields[1:] {
			if strings.HasPrefix(dep, "github.com/nats-io/") {
				t.Errorf("%s depends on %s: a library user's go mod tidy would pull NATS (only cli/distnet may)", pkg, dep)
				break
			}
		}
	}
	for _, pkg := range []string{"model", "checker", "checker/explore", "checker/checktest", "cli"} {
		if !strings.Contains(string(out), "github.com/electlab/electlab/"+pkg+" ") {
			t.Errorf("go list did not list %s", pkg)
		}
	}
	if checked < 5 {
		t.Errorf("only %d packages checked", checked)
	}
}
