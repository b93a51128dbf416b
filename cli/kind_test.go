package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
)

// check and explore, like run, verify by default what fits the
// algorithm's kind (model.Info.RunProps, Exclusion): a mutual-exclusion
// algorithm is checked for termination and mutual exclusion, never for a
// leader it does not elect, and an election property named for it is
// refused. (Issue 30, finding 8: election checks on mutual-exclusion
// algorithms.)
func TestCheckAndExploreFitTheKind(t *testing.T) {
	t.Chdir(t.TempDir()) // a violation would write its trace here
	seen := 0
	for _, spec := range algos.Registry().Specs() {
		info := spec.Meta()
		if !info.Mutex {
			continue
		}
		seen++
		if info.Exclusion == nil {
			t.Errorf("%s: a mutual-exclusion algorithm without its step invariant (Info.Exclusion)", info.Name)
		}
		for _, args := range [][]string{
			{"check", "-algo", info.Name, "-n", "3", "-schedules", "30"},
			{"explore", "-algo", info.Name, "-n", "3", "-initiators", "1,2", "-max-states", "200000"},
		} {
			code, stdout, stderr := run(args)
			if code != 0 || strings.Contains(stdout+stderr, "leader") {
				t.Errorf("%s: status %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
			}
			if args[0] == "check" && !strings.Contains(stdout, "mutual exclusion") {
				t.Errorf("%s does not say it checks mutual exclusion:\n%s", strings.Join(args, " "), stdout)
			}
		}
		code, _, stderr := run([]string{"explore", "-algo", info.Name, "-n", "3", "-props", "agreement,termination"})
		if code != 2 || !strings.Contains(stderr, "agreement does not apply to "+info.Name) {
			t.Errorf("explore -props agreement on %s: status %d, %s", info.Name, code, stderr)
		}
	}
	if seen == 0 {
		t.Fatal("no mutual-exclusion algorithm is registered: the test checks nothing")
	}
	if entries, _ := os.ReadDir("."); len(entries) > 0 {
		t.Errorf("a trace was written: %v", entries)
	}
}
