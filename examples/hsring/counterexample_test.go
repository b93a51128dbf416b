package hsring_test

import (
	"flag"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"electlab/checker"
	"electlab/checker/explore"
	"electlab/model"
	"electlab/traces"

	"example.com/hsring"
)

// rewrite regenerates the stored counterexample of the broken variant.
var rewrite = flag.Bool("rewrite", false, "search the broken variant again and rewrite "+counterexample)

// counterexample is the broken variant's minimal counterexample: the
// shortest violating execution of the smallest ring it fails on.
const counterexample = "testdata/broken-counterexample.json"

// minimalCounterexample searches the broken variant breadth-first (so each
// trace found is a shortest one) on every arrangement of the smallest ring
// on which it fails, every initiator set included, and returns the
// shortest trace found.
func minimalCounterexample(t *testing.T) *traces.Trace {
	checks := checksOf(hsring.Broken)
	for n := 2; n <= 4; n++ {
		var best *traces.Trace
		for _, ids := range arrangements(n) {
			for mask := 1; mask < 1<<n; mask++ {
				var inits []model.ID
				for i, id := range ids {
					if mask&(1<<i) != 0 {
						inits = append(inits, id)
					}
				}
				s0, err := hsring.Broken.NewSystem(&model.Config{IDs: ids, Initiators: inits})
				if err != nil {
					t.Fatal(err)
				}
				r := explore.Explore(s0, explore.Options{BFS: true, Checks: checks})
				for _, v := range r.Violations {
					if best != nil && len(v.Events) >= len(best.Steps) {
						continue
					}
					tr, err := traces.Record(s0, v.Events, &traces.Violation{Property: v.Property, Step: v.Step, Message: v.Message},
						"the broken variant's shortest counterexample (breadth-first search over the smallest failing rings)")
					if err != nil {
						t.Fatal(err)
					}
					best = tr
				}
			}
		}
		if best != nil {
			return best
		}
	}
	t.Fatal("the broken variant passed every check on every ring of n = 2..4")
	return nil
}

// TestRewriteCounterexample rewrites the stored counterexample (with
// -rewrite only).
func TestRewriteCounterexample(t *testing.T) {
	if !*rewrite {
		t.Skip("run with -rewrite to search the broken variant again and rewrite " + counterexample)
	}
	tr := minimalCounterexample(t)
	if err := tr.Save(counterexample); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d events, %s", counterexample, len(tr.Steps), tr.Violation.Message)
}

// replayed replays the trace at path on spec and returns the world at the
// end of the run. On the spec the trace was recorded on, every event
// replays exactly (the fingerprints match); on another spec (the correct
// algorithm), the events that are not enabled any more are skipped and the
// fair FIFO schedule finishes the run.
func replayed(t *testing.T, spec model.Spec, path string) (s0, final model.System, quiescent bool) {
	t.Helper()
	tr, err := traces.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if spec == model.Spec(hsring.Broken) {
		rep, err := traces.Replay(spec, tr)
		if err != nil {
			t.Fatalf("%s no longer replays on the broken variant: %v", path, err)
		}
		return rep.Initial, rep.Final, rep.Final.Quiescent()
	}
	s0, err = spec.NewSystem(tr.Config.Clone())
	if err != nil {
		t.Fatal(err)
	}
	mid, _ := traces.Lenient(s0, tr.Events())
	x := checker.Execute(mid, checker.FIFO{}, checker.Checks{}, checker.Options{})
	return s0, x.Final, x.Quiescent
}

// TestReplayCounterexample replays the stored counterexample: it must
// still fail on the broken variant, and pass on the algorithm.
func TestReplayCounterexample(t *testing.T) {
	s0, final, q := replayed(t, hsring.Broken, counterexample)
	v := checker.CheckEnd(s0, final, checksOf(hsring.Broken), q)
	if v == nil {
		t.Errorf("%s: the broken variant no longer fails on it", counterexample)
	} else {
		t.Logf("broken variant: %s", v)
	}
	s0, final, q = replayed(t, hsring.Algorithm, counterexample)
	if v := checker.CheckEnd(s0, final, checksOf(hsring.Algorithm), q); v != nil {
		t.Errorf("%s: the algorithm fails on it: %s", counterexample, v)
	}
}

// TestCounterexampleIsMinimal: a fresh search finds no shorter
// counterexample than the stored one (and on no smaller ring).
func TestCounterexampleIsMinimal(t *testing.T) {
	tr, err := traces.Load(counterexample)
	if err != nil {
		t.Fatal(err)
	}
	fresh := minimalCounterexample(t)
	if len(fresh.Config.IDs) != len(tr.Config.IDs) || len(fresh.Steps) != len(tr.Steps) {
		t.Errorf("a fresh search finds %d events on n=%d; %s has %d events on n=%d (rewrite it with -rewrite)",
			len(fresh.Steps), len(fresh.Config.IDs), counterexample, len(tr.Steps), len(tr.Config.IDs))
	}
}

// failRecorder is a rapid.TB that records a failure instead of failing
// the test, so a test can assert that rapid does fail.
type failRecorder struct {
	*testing.T
	failed bool
	msg    string
}

func (r *failRecorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *failRecorder) Errorf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
}
func (r *failRecorder) Error(args ...any) { r.failed, r.msg = true, fmt.Sprint(args...) }
func (r *failRecorder) Fatal(args ...any) { r.Error(args...) }
func (r *failRecorder) Fail()             { r.failed = true }
func (r *failRecorder) FailNow()          { r.failed = true }
func (r *failRecorder) Failed() bool      { return r.failed }

// TestBrokenCaught: every way of checking catches the broken variant:
// rapid's schedules, the exhaustive search and the claims engine.
func TestBrokenCaught(t *testing.T) {
	t.Run("rapid", func(t *testing.T) {
		rec := &failRecorder{T: t}
		rapid.Check(rec, property(hsring.Broken, 2, 8))
		if !rec.failed {
			t.Fatal("rapid found no violation of the broken variant")
		}
	})
	t.Run("explore", func(t *testing.T) {
		s0, err := hsring.Broken.NewSystem(&model.Config{IDs: []model.ID{1, 3, 2}})
		if err != nil {
			t.Fatal(err)
		}
		r := explore.Explore(s0, explore.Options{Checks: checksOf(hsring.Broken)})
		if len(r.Violations) == 0 {
			t.Fatalf("the exhaustive search found no violation of the broken variant (%s)", r.Verdict())
		}
	})
	t.Run("claims", func(t *testing.T) {
		e := &checker.Engine{Seed: 1, Cases: 10, ExhaustiveLimit: 20, MaxN: 4}
		for _, id := range []string{"HS-1", "HS-2"} {
			if res := e.CheckClaim(hsring.Broken, hsring.Broken.Info.Claim(id)); res.Verdict != checker.Refuted {
				t.Errorf("%s on the broken variant: %s (%s), want %s", id, res.Verdict, res.Summary, checker.Refuted)
			}
		}
	})
}

// TestBoundCaught: the message bound is a check that can fail. The
// forgetful relay (broken_test.go) elects the right process, so only the
// bound can catch it, and on a ring sorted by id at n = 128 it does; the
// algorithm stays within the bound on the same ring.
func TestBoundCaught(t *testing.T) {
	ids := make([]model.ID, 128)
	for i := range ids {
		ids[i] = model.ID(i + 1)
	}
	bound := hsring.Algorithm.Info.Claim("HS-4")
	for _, tc := range []struct {
		spec  model.Spec
		fails bool
	}{{hsring.Forgetful, true}, {hsring.Algorithm, false}} {
		s0, err := tc.spec.NewSystem(&model.Config{IDs: ids})
		if err != nil {
			t.Fatal(err)
		}
		x := checker.Execute(s0, checker.FIFO{}, checksOf(tc.spec), checker.Options{})
		t.Logf("%d messages, bound %s: %v", x.Final.Counts().Sends, bound.Formula(checker.ParamsOf(s0)), x.Violation)
		if caught := x.Violation != nil && x.Violation.Property == checker.PropBound; caught != tc.fails {
			t.Errorf("bound violation = %v, want %v (violation: %v)", caught, tc.fails, x.Violation)
		}
	}
}
