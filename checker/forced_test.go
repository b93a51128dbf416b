package checker_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// forcedOpt are the caps of the comparison runs: the claims' adversary
// prefix and a cap that leaves the fair continuation room to cycle.
var forcedOpt = checker.Options{MaxSteps: 12000, FairAfter: 4000}

// forcedPair runs s0 twice from chooser ch: as Execute does (with its
// forced-cycle test hook set to hook: 0 for none), and with the random
// phase's forced-cycle detection off (the reference). It returns what the
// first run breaks of the reference ("" when nothing) and whether the
// detection ended it.
func forcedPair(s0 model.System, ch func() checker.Chooser, checks checker.Checks, hook int) (diff string, fired bool) {
	checker.SetStuckHook(hook)
	x := checker.Execute(s0, ch(), checks, forcedOpt)
	checker.SetStuckHook(1)
	ref := checker.Execute(s0, ch(), checks, forcedOpt)
	checker.SetStuckHook(0)
	fired = strings.HasPrefix(x.Livelock, "from step ")
	if !fired {
		// Nothing stopped it early: the same run, event for event.
		if !slices.Equal(x.Events, ref.Events) || x.Quiescent != ref.Quiescent || x.Livelock != ref.Livelock ||
			x.Capped != ref.Capped || fmt.Sprint(x.Violation) != fmt.Sprint(ref.Violation) {
			return fmt.Sprintf("the runs differ though no forced cycle was found: %d events %q, reference %d events %q",
				len(x.Events), x.Livelock, len(ref.Events), ref.Livelock), false
		}
		return "", false
	}
	// Stopped early as a cycle no schedule leaves: the same draws made
	// the reference take the same events, and it never ends either, nor
	// breaks a property the stopped run did not (the cycle's states are
	// the ones it goes on visiting).
	switch {
	case x.Quiescent || x.Capped:
		return fmt.Sprintf("a forced cycle (%s) ended quiescent %v, capped %v", x.Livelock, x.Quiescent, x.Capped), true
	case len(ref.Events) < len(x.Events) || !slices.Equal(x.Events, ref.Events[:len(x.Events)]):
		return fmt.Sprintf("the run stopped by a forced cycle (%s) is not a prefix of the reference", x.Livelock), true
	case ref.Quiescent:
		return fmt.Sprintf("a forced cycle (%s), but the reference run ends (quiescent after %d events)", x.Livelock, len(ref.Events)), true
	case ref.Livelock == "" && !ref.Capped:
		return fmt.Sprintf("a forced cycle (%s), but the reference neither cycles nor reaches its cap", x.Livelock), true
	}
	prop := func(v *checker.Violation) string {
		if v == nil {
			return "none"
		}
		return v.Property
	}
	if prop(x.Violation) != prop(ref.Violation) {
		return fmt.Sprintf("a forced cycle (%s) found violation %s, the reference %s (%v)", x.Livelock, prop(x.Violation), prop(ref.Violation), ref.Violation), true
	}
	return "", true
}

// forcedDiffs runs random cases of every registered claim, every setting
// and variant at random sizes of at most 6, through forcedPair with the
// claim's checks and the case's chooser, and returns what broke and how
// many runs a forced cycle stopped.
func forcedDiffs(t *testing.T, rounds int) (diffs []string, fired, runs int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(35, 2))
	reg := algos.Registry()
	for sp, c := range reg.Claims() {
		info := sp.Meta()
		checks := checker.ChecksOf(c)
		for si := range c.Settings {
			st := &c.Settings[si]
			for _, v := range c.CheckedVariants() {
				for range rounds {
					hi := max(c.NMin, min(c.NMax, 6))
					n := c.NMin + rng.IntN(hi-c.NMin+1)
					if len(c.Sizes) > 0 {
						n = c.Sizes[rng.IntN(len(c.Sizes))]
					}
					if st.Family != nil && st.Family(n, v).Count == 0 {
						continue
					}
					cs := checker.RandomCase(rng, info, st, v, n)
					s0, err := sp.NewSystem(cs.Config)
					if err != nil {
						t.Fatalf("%s: %v", cs.Config, err)
					}
					runs++
					d, f := forcedPair(s0, cs.Chooser, checks, 0)
					if f {
						fired++
					}
					if d != "" {
						diffs = append(diffs, fmt.Sprintf("%s %s: %s", c.ID, cs.Config, d))
					}
				}
			}
		}
	}
	return diffs, fired, runs
}

// TestForcedCycles: where Execute's random phase stops a run at a cycle
// of forced events ("no schedule ends the run"), the same run without
// that detection takes the same events and never ends either (its fair
// continuation cycles, or it reaches its cap), with the same violation;
// elsewhere the two runs are the same. Over random cases of every
// registered claim.
func TestForcedCycles(t *testing.T) {
	rounds := 3
	if testing.Short() {
		rounds = 1
	}
	diffs, fired, runs := forcedDiffs(t, rounds)
	for _, d := range diffs[:min(len(diffs), 10)] {
		t.Error(d)
	}
	if len(diffs) > 10 {
		t.Errorf("... and %d more", len(diffs)-10)
	}
	t.Logf("%d runs, %d stopped at a forced cycle", runs, fired)
	if fired == 0 {
		t.Errorf("no run of %d stopped at a forced cycle: the comparison tests nothing", runs)
	}
}

// tokenStop is a toy election-free algorithm on a complete graph of three:
// process 1 starts a token that 1 and 2 pass to each other, process 3
// sends 1 a stop, after which 1 drops the token. A schedule may pass the
// token for ever, but the stop stays enabled all the while, so a random
// schedule (and the fair one) ends every run: the token's states recur
// with two events enabled, never one.
type tokenStop struct{ Stopped bool }

var (
	tokenKind    = &model.Kind{Name: "token"}
	stopKind     = &model.Kind{Name: "stop"}
	tokenStopAlg = &model.Algorithm[tokenStop]{
		Info: model.Info{Name: "tokenstop", Title: "test: a token that a stop ends", Topology: model.Complete, Kinds: model.Number(tokenKind, stopKind)},
		Init: func(*model.Env) tokenStop { return tokenStop{} },
		Step: func(env *model.Env, s tokenStop, in model.Input, out *model.Outbox) tokenStop {
			switch in.Kind {
			case model.InStart:
				switch env.Self {
				case 1:
					out.Send(2, tokenKind, 0, 0)
				case 3:
					out.Send(1, stopKind, 0, 0)
				}
			case model.InDeliver:
				for _, m := range in.Msgs {
					switch {
					case m.Kind == stopKind:
						s.Stopped = true
					case env.Self == 2:
						out.Send(1, tokenKind, 0, 0)
					case !s.Stopped:
						out.Send(2, tokenKind, 0, 0)
					}
				}
			}
			return s
		},
		View: func(tokenStop) model.View { return model.View{} },
	}
)

// TestForcedCyclesCatches: a detection that takes every event the random
// phase chooses as forced (checker's stuckBroken) stops tokenStop's runs
// at a recurring state that two events leave, and the comparison says
// the reference ends; the sound one stops none of them.
func TestForcedCyclesCatches(t *testing.T) {
	cfg := &model.Config{Algo: "tokenstop", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1, 3}}
	s0, err := tokenStopAlg.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	caught := 0
	for seed := range uint64(30) {
		for _, st := range []checker.Strategy{checker.Uniform, checker.Newest, checker.Oldest} {
			ch := func() checker.Chooser { return checker.NewRandom(seed, st) }
			if d, fired := forcedPair(s0, ch, checker.Checks{}, 0); d != "" || fired {
				t.Errorf("seed %d %v: sound detection: fired %v: %s", seed, st, fired, d)
			}
			if d, _ := forcedPair(s0, ch, checker.Checks{}, 2); d != "" {
				caught++
			}
		}
	}
	t.Logf("the broken detection: %d of 90 runs caught", caught)
	if caught == 0 {
		t.Errorf("the broken detection stopped no run that ends: the comparison cannot fail")
	}
}
