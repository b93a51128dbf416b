package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
)

// check and explore, like run, verify by default what fits the
// algorithm's kind (model.Info.RunProps, Invariant): a mutual-exclusion
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
		if info.Invariant == nil {
			t.Errorf("%s: a mutual-exclusion algorithm without its step invariant (Info.Invariant)", info.Name)
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

// run on a mutual-exclusion algorithm says what it checked: mutual
// exclusion and termination under the World engine; under the simulator,
// which sees the final state only, termination (quiescence) alone.
func TestMutexRunSaysWhatItChecks(t *testing.T) {
	t.Chdir(t.TempDir())
	const world = "checked: mutual exclusion (the lock's history) and termination"
	const sim = "checked: termination (quiescence) only (the sim engine checks neither the lock's history nor mutual exclusion at every step: -engine world does)"
	seen := 0
	for _, spec := range algos.Registry().Specs() {
		info := spec.Meta()
		if !info.Mutex {
			continue
		}
		seen++
		for _, c := range []struct {
			engine, want, not string
		}{{"world", world, sim}, {"sim", sim, world}} {
			args := []string{"run", "-algo", info.Name, "-n", "3", "-engine", c.engine}
			code, stdout, stderr := run(args)
			if code != 0 || !strings.Contains(stdout, c.want) || strings.Contains(stdout, c.not) {
				t.Errorf("%s: status %d, want %q in\n%s%s", strings.Join(args, " "), code, c.want, stdout, stderr)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no mutual-exclusion algorithm is registered: the test checks nothing")
	}
}

// A term-based election (model.Info.Terms, Raft) is checked for its own
// invariant, Election Safety, and for no generic property: run, check and
// explore say so (run -engine sim, which does not check it, says it
// checks nothing), -props none is accepted, a generic property named is
// refused, and the broken server that votes twice is caught by explore,
// with a trace that replay reproduces as the same violation.
func TestTermBasedElectionChecksItsInvariant(t *testing.T) {
	t.Chdir(t.TempDir())
	seen := 0
	for _, spec := range algos.Registry().Specs() {
		info := spec.Meta()
		if !info.Terms {
			continue
		}
		seen++
		if info.Invariant == nil || info.RunProps() != 0 {
			t.Fatalf("%s: a term-based election needs its invariant and no generic property (RunProps %v)", info.Name, info.RunProps())
		}
		for _, args := range [][]string{
			{"run", "-algo", info.Name, "-n", "3", "-timing", "sync"},
			{"check", "-algo", info.Name, "-n", "3", "-timing", "sync", "-schedules", "30"},
			{"explore", "-algo", info.Name, "-n", "3", "-timing", "sync"},
			{"explore", "-algo", info.Name, "-n", "3", "-timing", "sync", "-props", "none"},
		} {
			code, stdout, stderr := run(args)
			if code != 0 || !strings.Contains(stdout, info.InvariantName) || strings.Contains(stdout+stderr, "single-coordinator") {
				t.Errorf("%s: status %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
			}
		}
		// The simulator does not check the invariant: it must not say so.
		if code, stdout, stderr := run([]string{"run", "-algo", info.Name, "-n", "3", "-timing", "sync", "-engine", "sim"}); code != 0 || strings.Contains(stdout, info.InvariantName) || !strings.Contains(stdout, "checked: nothing") {
			t.Errorf("run -engine sim: status %d\n%s%s", code, stdout, stderr)
		}
		code, _, stderr := run([]string{"explore", "-algo", info.Name, "-n", "3", "-props", "single-coordinator"})
		if code != 2 || !strings.Contains(stderr, "single-coordinator does not apply to "+info.Name+" (it is a term-based election") {
			t.Errorf("explore -props single-coordinator on %s: status %d, %s", info.Name, code, stderr)
		}
	}
	if seen == 0 {
		t.Fatal("no term-based election is registered: the test checks nothing")
	}
	code, stdout, stderr := run([]string{"explore", "-algo", "raft", "-n", "3", "-timing", "sync", "-variant", "vote-twice", "-out", "vt"})
	if code != 1 || !strings.Contains(stdout, "election safety: 1 and 2 both became leader in term 1") {
		t.Fatalf("explore vote-twice: status %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = run([]string{"replay", "vt/electlab-raft-claim-explore.json"})
	if code != 0 || !strings.Contains(stderr, "violation reproduced") || !strings.Contains(stdout, "election safety") {
		t.Errorf("replay: status %d\n%s%s", code, stdout, stderr)
	}
}
