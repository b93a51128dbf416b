package hsring_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"

	"example.com/hsring"
)

// counterexample is the broken variant's minimal counterexample, as the
// kit's exhaustive search writes it (TestExplore -broken): kept as a
// regression test.
const counterexample = "testdata/broken-counterexample.json"

// TestReplayCounterexample replays the stored counterexample: it still
// fails on the broken variant, and passes on the algorithm.
func TestReplayCounterexample(t *testing.T) {
	fifo := settings()[0]
	target(t, hsring.Broken, fifo, 2, 8).Replay(t, counterexample, checktest.StillFails)
	target(t, hsring.Algorithm, fifo, 2, 8).Replay(t, counterexample, checktest.NowPasses)
}

// TestCounterexampleIsMinimal: the stored counterexample is on the
// smallest ring and as short as any: a breadth-first search (which finds
// shortest traces) over every configuration of every smaller or equal
// ring finds nothing shorter.
func TestCounterexampleIsMinimal(t *testing.T) {
	tr, err := traces.Load(counterexample)
	if err != nil {
		t.Fatal(err)
	}
	info, st := hsring.Broken.Meta(), settings()[0]
	checks, err := checktest.ClaimChecks(claim.Entry{Spec: hsring.Broken, Claims: hsring.Claims})
	if err != nil {
		t.Fatal(err)
	}
	for n := 2; n <= len(tr.Config.IDs); n++ {
		checker.EnumerateConfigs(info, &st, "", n, 1000, func(cfg *model.Config) bool {
			s0, err := hsring.Broken.NewSystem(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := explore.Explore(s0, explore.Options{BFS: true, Checks: checks})
			for _, v := range r.Violations {
				if n < len(tr.Config.IDs) || len(v.Events) < len(tr.Steps) {
					t.Errorf("%s: %s violated after %d events; %s has %d events on n=%d",
						cfg, v.Property, len(v.Events), counterexample, len(tr.Steps), len(tr.Config.IDs))
				}
			}
			return true
		})
	}
}

// recorder is a testing.TB that records failures instead of failing, so
// a test can assert that the kit does fail.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Error(args ...any)                 { r.errs = append(r.errs, fmt.Sprint(args...)) }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...) }
func (r *recorder) Fail()                             { r.errs = append(r.errs, "Fail") }
func (r *recorder) FailNow()                          { r.Fail() }
func (r *recorder) Failed() bool                      { return len(r.errs) > 0 }

// runSelf runs this test binary again with args (the searches of the
// tutorial's red run) and returns its output and whether it failed.
func runSelf(t *testing.T, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.count=1", "-rapid.nofailfile"}, args...)...)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return string(out), err != nil
}

// caught asserts that a failure report names a trace and a replay
// command, and that every trace written to dir still fails when replayed
// on the broken variant and passes on the algorithm.
func caught(t *testing.T, report, dir string) {
	t.Helper()
	if !strings.Contains(report, "trace: ") || !strings.Contains(report, "replay: go test -run ") {
		t.Errorf("the failure names no trace and replay command:\n%s", report)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("no trace written to %s", dir)
	}
	for _, f := range files {
		target(t, hsring.Broken, settings()[0], 2, 8).Replay(t, f, checktest.StillFails)
		target(t, hsring.Algorithm, settings()[0], 2, 8).Replay(t, f, checktest.NowPasses)
	}
}

// shell runs command with sh in the module's directory (as a user types
// it) and returns its exit status and output.
func shell(t *testing.T, command string) (int, string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

// sameTrace asserts that the traces at paths a and b record the same
// execution (configuration, events, fingerprints, outcome, violation).
func sameTrace(t *testing.T, a, b string) {
	t.Helper()
	ta, err := traces.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := traces.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	ta.Note, tb.Note = "", ""
	ja, _ := ta.Marshal()
	jb, _ := tb.Marshal()
	if string(ja) != string(jb) {
		t.Errorf("%s and %s record different executions: copy the trace of `go test -run TestExplore/small -broken` to %s", a, b, b)
	}
}

// searchBroken runs search on tg with its traces written to a fresh
// directory, recording the failures instead of failing the test: it
// returns the failure report ("" when the search passed) and the
// directory.
func searchBroken(t *testing.T, search func(testing.TB, checktest.Target), tg checktest.Target) (report, dir string) {
	t.Helper()
	tg.Dir = t.TempDir()
	rec := &recorder{TB: t}
	search(rec, tg)
	return strings.Join(rec.errs, "\n"), tg.Dir
}

// exhaustive is checktest.Explore as a search of searchBroken.
func exhaustive(t testing.TB, tg checktest.Target) { checktest.Explore(t, tg) }

// TestBrokenCaught: every search catches the broken variant, reports a
// minimal trace with its replay command, and the claims engine refutes
// the claims it breaks.
func TestBrokenCaught(t *testing.T) {
	t.Run("explore", func(t *testing.T) {
		r := exploreRuns()[0]
		report, dir := searchBroken(t, exhaustive, target(t, hsring.Broken, r.st, r.nmin, r.nmax))
		if report == "" {
			t.Fatal("the exhaustive search passed the broken variant")
		}
		caught(t, report, dir)
		// The tutorial's red run (TestExplore/small -broken) writes what
		// is stored as the counterexample.
		sameTrace(t, filepath.Join(dir, checktest.FileName(t.Name())), counterexample)
	})
	t.Run("rapid", func(t *testing.T) {
		// checktest.Rapid takes any testing.TB: the recorder keeps rapid's
		// failure, and rapid writes no fail file under testdata/rapid/.
		checktest.NoFailFile(t)
		report, dir := searchBroken(t, checktest.Rapid, target(t, hsring.Broken, settings()[0], 2, 8))
		if report == "" {
			t.Fatal("rapid passed the broken variant")
		}
		caught(t, report, dir)
	})
	t.Run("fuzz", func(t *testing.T) {
		dir := t.TempDir()
		out, failed := runSelf(t, "-test.run=^FuzzSchedule$", "-broken", "-traces="+dir)
		if !failed {
			t.Fatalf("the fuzz target's seed corpus passed the broken variant:\n%s", out)
		}
		caught(t, out, dir)
	})
	t.Run("cli", func(t *testing.T) {
		// The replay command can be cmd/hsring's (checktest.CommandOf):
		// electlab's command with hsring.Algorithm added (cli.Main). It
		// knows the algorithm, not the broken variant kept in the tests,
		// so it shows where the algorithm departs from the counterexample.
		// The test's -broken (Target.Args) is not appended: cmd/hsring
		// does not take it. The command is run as printed.
		r := exploreRuns()[0]
		tg := target(t, hsring.Broken, r.st, r.nmin, r.nmax)
		tg.Command = checktest.CommandOf("go run ./cmd/hsring")
		report, dir := searchBroken(t, exhaustive, tg)
		path := filepath.Join(dir, checktest.FileName(t.Name()))
		want := "go run ./cmd/hsring replay " + path
		if !strings.Contains(report, "replay: "+want+"\n") && !strings.HasSuffix(report, "replay: "+want) {
			t.Fatalf("the failure does not print %q:\n%s", want, report)
		}
		code, out := shell(t, want)
		if code != 1 || !strings.Contains(out, "replay diverges at step") {
			t.Errorf("%s: exit status %d (want 1, a divergence)\n%s", want, code, out)
		}
	})
	t.Run("claims", func(t *testing.T) {
		e := &claims.Engine{Seed: 1, Cases: 10, ExhaustiveLimit: 20, MaxN: 4}
		for _, id := range []string{"HS-1", "HS-2"} {
			if res := e.CheckClaim(hsring.Broken, hsring.Entry.Claim(id)); res.Verdict != claims.Refuted {
				t.Errorf("%s on the broken variant: %s (%s), want %s", id, res.Verdict, res.Summary, claims.Refuted)
			}
		}
	})
}

// TestBoundCaught: the message bound is a check that can fail. The
// forgetful relay (broken_test.go) elects the right process, so only the
// bound can catch it, and on a ring sorted by id at n = 128 it does; the
// algorithm stays within the bound on the same ring.
func TestBoundCaught(t *testing.T) {
	ids := model.IDsUpTo(128)
	bound := hsring.Entry.Claim("HS-4")
	for _, tc := range []struct {
		spec  model.Spec
		fails bool
	}{{hsring.Forgetful, true}, {hsring.Algorithm, false}} {
		s0, err := tc.spec.NewSystem(&model.Config{IDs: ids})
		if err != nil {
			t.Fatal(err)
		}
		checks, err := checktest.ClaimChecks(claim.Entry{Spec: tc.spec, Claims: hsring.Claims})
		if err != nil {
			t.Fatal(err)
		}
		x := checker.Execute(s0, checker.FIFO{}, checks, checker.Options{})
		t.Logf("%d messages, bound %s: %v", x.Final.Counts().Sends, bound.Formula(checker.ParamsOf(s0)), x.Violation)
		if caught := x.Violation != nil && x.Violation.Property == checker.PropBound; caught != tc.fails {
			t.Errorf("bound violation = %v, want %v (violation: %v)", caught, tc.fails, x.Violation)
		}
	}
}
