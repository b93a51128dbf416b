package plots_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLibraryNeedsNoGonum: a library user's `go mod tidy` pulls gonum (and
// its fonts and PDF writer) only through the packages that import it, so
// no public package of electlab but this one (and cmd/electlab, which
// imports it for its claims reports) may depend on gonum.org/v1/plot:
// not model, checker, checker/checktest, checker/claims or cli.
func TestLibraryNeedsNoGonum(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "github.com/electlab/electlab/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := map[string]bool{
		"github.com/electlab/electlab/cli/plots":    true,
		"github.com/electlab/electlab/cmd/electlab": true,
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
			if dep == "gonum.org/v1/plot" || strings.HasPrefix(dep, "gonum.org/v1/plot/") {
				t.Errorf("%s depends on %s: a library user's go mod tidy would pull gonum (draw plots in cli/plots only)", pkg, dep)
				break
			}
		}
	}
	for _, pkg := range []string{"model", "checker", "checker/checktest", "checker/claims", "cli"} {
		if !strings.Contains(string(out), "github.com/electlab/electlab/"+pkg+" ") {
			t.Errorf("go list did not list %s", pkg)
		}
	}
	if checked < 5 {
		t.Errorf("only %d packages checked", checked)
	}
}
