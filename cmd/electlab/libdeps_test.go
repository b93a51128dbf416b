package main

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// heavyModules are the modules a library user's `go mod tidy` must pull
// only through the package that registers what they are for (and
// cmd/electlab, which imports those): gonum's plots through cli/plots
// (the claims report's plots), NATS through cli/distnet and its transport
// checker/explore/distnats (explore -dist).
var heavyModules = []struct {
	prefix, what string
	allowed      []string
}{
	{"gonum.org/v1/plot", "gonum (draw plots in cli/plots only)", []string{"cli/plots"}},
	{"github.com/nats-io/", "NATS (only cli/distnet may)", []string{"cli/distnet", "checker/explore/distnats"}},
}

// heavyDeps reads `go list -f '{{.ImportPath}} {{join .Deps " "}}'`'s
// lines and returns a problem per public package that depends on a heavy
// module it may not, and how many packages it checked.
func heavyDeps(list string) (problems []string, checked int) {
	const mod = "github.com/electlab/electlab/"
	for _, line := range strings.Split(strings.TrimSpace(list), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], mod)
		if pkg == "cmd/electlab" || strings.Contains(pkg, "internal/") {
			continue
		}
		checked++
		for _, heavy := range heavyModules {
			if slices.Contains(heavy.allowed, pkg) {
				continue
			}
			if i := slices.IndexFunc(fields[1:], func(d string) bool { return strings.HasPrefix(d, heavy.prefix) }); i >= 0 {
				problems = append(problems, fmt.Sprintf("%s depends on %s: a library user's go mod tidy would pull %s", pkg, fields[1+i], heavy.what))
			}
		}
	}
	return problems, checked
}

// TestLibraryLeavesHeavyModulesOut: no public package of electlab but
// those heavyModules allow depends on gonum or NATS: not model, checker,
// checker/explore, checker/checktest, checker/claims or cli.
func TestLibraryLeavesHeavyModulesOut(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "github.com/electlab/electlab/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	problems, checked := heavyDeps(string(out))
	for _, p := range problems {
		t.Error(p)
	}
	if checked < 5 {
		t.Errorf("only %d packages checked", checked)
	}
	for _, pkg := range []string{"model", "checker", "checker/explore", "checker/checktest", "checker/claims", "cli"} {
		if !strings.Contains(string(out), "github.com/electlab/electlab/"+pkg+" ") {
			t.Errorf("go list did not list %s", pkg)
		}
	}
	// The check can fail: the library's packages given a heavy module.
	bad := "github.com/electlab/electlab/cli fmt github.com/nats-io/nats.go\ngithub.com/electlab/electlab/model gonum.org/v1/plot/vg\ngithub.com/electlab/electlab/cli/plots gonum.org/v1/plot"
	if got, _ := heavyDeps(bad); len(got) != 2 {
		t.Errorf("heavyDeps on a broken library: %q, want cli's NATS and model's gonum", got)
	}
}
