package checktest

import (
	"flag"
	"slices"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// Rapid checks tg with rapid (rapid.Check underneath): each test case
// draws a configuration of tg.Setting (checker.DrawConfig: a size in
// NMin..NMax, an id arrangement, a dead set, initiators) and a schedule
// event by event among the enabled ones, crashes and other faults of the
// setting included (checker.Rapid), for tg.Adversarial events; the fair
// FIFO schedule then finishes the run, and tg's checks judge it. rapid's
// flags work as usual (-rapid.checks=N, -rapid.seed=S, -rapid.failfile,
// -rapid.nofailfile), and rapid shrinks a failing case.
//
// On a failure, the shrunk case's schedule is minimised further
// (traces.Minimize), written as a trace to tg.Dir under the test's name,
// and t fails with the violation, the trace's path and the replay command.
// With -electlab.replay=PATH, Rapid replays PATH instead (see the package
// comment).
//
// t is usually the test's *testing.T; any testing.TB works (rapid.Check
// takes one), e.g. one that records failures, so that a test can assert
// that Rapid fails on a broken algorithm. With a *testing.T a failure stops
// the test (rapid calls FailNow) and is reported when the test's function
// returns; with a TB whose FailNow returns, it is reported before Rapid
// returns.
func Rapid(t testing.TB, tg Target) {
	t.Helper()
	if err := tg.valid(); err != nil {
		t.Fatal(err)
		return
	}
	if tg.flagged(t) {
		return
	}
	var last *failure
	reported := false
	report := func() {
		if last != nil && !reported {
			reported = true
			tg.report(t, t.Name(), t.Name(), last)
		}
	}
	// rapid reruns the shrunk case last and then stops the test (FailNow):
	// with a *testing.T the report is made when the test's function has
	// returned; with a TB whose FailNow returns, right after rapid.Check.
	t.Cleanup(report)
	var st stats
	prop := tg.property(&last, "rapid", new(owner))
	rapid.Check(t, func(rt *rapid.T) { st.add(prop(rt)) })
	report()
	if reported {
		return
	}
	t.Logf("%s: %d runs, %d quiescent, %d stopped by a cap", tg.Spec.Meta().Name, st.runs, st.quiescent, st.capped)
	if st.quiescent == 0 {
		t.Errorf("%s: none of the %d runs reached quiescence (%d stopped by a cap): the end-of-run properties judged nothing; raise Target.MaxSteps", tg.Spec.Meta().Name, st.runs, st.capped)
	}
}

// stats counts Rapid's runs.
type stats struct{ runs, quiescent, capped int }

func (s *stats) add(x *checker.Execution) {
	s.runs++
	switch {
	case x.Quiescent:
		s.quiescent++
	case x.Capped:
		s.capped++
	}
}

// Fuzz is a fuzz target for go test -fuzz: the corpus entry is the
// schedule, bytes that rapid decodes into the draws Rapid makes (the
// configuration, then every event choice; 8 bytes a draw, an input that
// ends early continued with zero bytes, the first choice each time). Fuzz seeds the corpus with a few
// entries, so that a plain go test already runs some schedules; the
// fuzzer's own corpus (testdata/fuzz/) and minimisation work as usual.
// Each failing input's schedule is minimised and written as a trace, as
// Rapid does; the replay command reruns the fuzz test with
// -electlab.replay=PATH, which replays the trace instead of fuzzing.
//
//	func FuzzMyRing(f *testing.F) { checktest.Fuzz(f, target) }
func Fuzz(f *testing.F, tg Target) {
	f.Helper()
	if err := tg.valid(); err != nil {
		f.Fatal(err)
		return
	}
	if tg.flagged(f) {
		if !f.Failed() {
			f.Skip("-electlab.replay: replayed; not fuzzing")
		}
		return
	}
	for _, b := range seeds() {
		f.Add(b)
	}
	top := f.Name()
	// Enough draws for a configuration and every adversarial event.
	need := 8 * (tg.adversarial() + 8*tg.NMax + 64)
	o := new(owner)
	f.Fuzz(func(t *testing.T, data []byte) {
		var last *failure
		t.Cleanup(func() {
			if last != nil {
				tg.report(t, t.Name(), top, last)
			}
		})
		prop := tg.property(&last, "go test -fuzz", o)
		rapid.MakeFuzz(func(rt *rapid.T) { prop(rt) })(t, pad(data, need))
	})
}

// pad returns data continued with zero bytes up to need bytes: rapid
// reads 8 bytes per draw and skips an input that ends before its last
// draw, so a short schedule is continued with the first choice each time.
func pad(data []byte, need int) []byte {
	if len(data) >= need {
		return data
	}
	return append(append(make([]byte, 0, need), data...), make([]byte, need-len(data))...)
}

// seeds are Fuzz's corpus seeds: a few byte strings for rapid to decode.
func seeds() [][]byte {
	ramp := make([]byte, 64)
	for i := range ramp {
		ramp[i] = byte(i * 37)
	}
	return [][]byte{{}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, ramp, []byte("electlab checktest schedule seed: sizes, arrangements, crashes, initiators, events")}
}

// property is the rapid property Rapid and Fuzz check: one drawn
// configuration and schedule, whose execution it returns. A failing case
// is kept in *last (the last one is the one rapid shrank to).
func (tg *Target) property(last **failure, how string, o *owner) func(*rapid.T) *checker.Execution {
	info := tg.Spec.Meta()
	checks := tg.checks()
	// One World serves the cases one after another, reset to each drawn
	// configuration and run in place (model.Resetter), when the Spec's
	// Worlds can be reset and no other case holds it (cases run one at a
	// time; one that finds it busy builds its own).
	var (
		mu      sync.Mutex
		w       model.Resetter
		scratch checker.Scratch
	)
	return func(rt *rapid.T) *checker.Execution {
		// A case that fails otherwise (a panic in the step function) is
		// rapid's to report, not an earlier case's.
		*last = nil
		cfg := checker.DrawConfig(rt, info, &tg.Setting, tg.Variant, tg.NMin, tg.NMax)
		opt := checker.Options{MaxSteps: tg.MaxSteps, FairAfter: tg.adversarial()}
		var s0 model.System
		var err error
		if mu.TryLock() {
			defer mu.Unlock()
			if w != nil {
				err = w.Reset(cfg)
				s0 = w
			} else if s0, err = tg.Spec.NewSystem(cfg); err == nil {
				w, _ = s0.(model.Resetter)
			}
			opt.InPlace, opt.Scratch = w != nil, &scratch
		} else {
			s0, err = tg.Spec.NewSystem(cfg)
		}
		if err != nil {
			rt.Fatalf("%s rejects the drawn configuration %s: %v", info.Name, cfg, err)
		}
		x := checker.Execute(s0, checker.NewRapid(rt), checks, opt)
		if v := tg.end(x); v != nil {
			start := s0
			if opt.InPlace {
				// s0 was run in place: the failure's start is built anew.
				if start, err = tg.Spec.NewSystem(cfg); err != nil {
					rt.Fatalf("%s rejects the drawn configuration %s: %v", info.Name, cfg, err)
				}
			}
			*last = &failure{s0: start, events: slices.Clone(x.Events), v: v, how: how, owner: o}
			rt.Fatalf("%s %s: %v\n%d events: %s", info.Name, cfg, v, len(x.Events), eventList(x.Events))
		}
		return x
	}
}

// NoFailFile turns rapid's fail files off for the rest of the test t (it
// sets -rapid.nofailfile and restores the flag in t.Cleanup): for a test
// that asserts in-process that Rapid fails, on a testing.TB that records
// failures, where the recorded failure would otherwise leave a fail file
// under testdata/rapid/. The flag is process-wide: not for parallel tests.
func NoFailFile(t testing.TB) {
	t.Helper()
	old := flag.Lookup("rapid.nofailfile").Value.String()
	if err := flag.Set("rapid.nofailfile", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = flag.Set("rapid.nofailfile", old) })
}
