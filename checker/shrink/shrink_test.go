package shrink_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/shrink"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// ring is a five-process Chang-Roberts ring where every process initiates.
func ring(t *testing.T) *model.Config {
	t.Helper()
	ids := []model.ID{3, 1, 2, 5, 4}
	return &model.Config{Algo: "changroberts", IDs: ids, Initiators: slices.Clone(ids), Forwarding: true}
}

// early fails once two messages have been delivered while a process has
// not sent its own: the fair FIFO schedule (every detect first) never
// does that, an adversary does.
var early = checker.Checks{Invariant: func(s model.System) error {
	if s.Counts().Deliveries < 2 {
		return nil
	}
	for i := range s.N() {
		if !s.State(i).(changroberts.State).Sent {
			return errors.New("two deliveries before every process sent its own")
		}
	}
	return nil
}}

// violating is the first schedule of cfg (random, from seed 1) that
// violates the checks.
func violating(t *testing.T, cfg *model.Config, checks checker.Checks) (model.System, *checker.Execution, *checker.Case) {
	t.Helper()
	s0, err := changroberts.Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 100; seed++ {
		cs := &checker.Case{Config: cfg, Seed: seed, Strategy: checker.Uniform, Staggered: true}
		if x := checker.Execute(s0, cs.Chooser(), checks, checker.Options{}); x.Violation != nil && len(x.Events) > 4 {
			return s0, x, cs
		}
	}
	t.Fatal("no violation to shrink")
	return nil, nil, nil
}

// oneMinimal fails t unless evs shows keep's property and no single
// event can be removed.
func oneMinimal(t *testing.T, s0 model.System, evs []model.Event, checks checker.Checks, prop string) {
	t.Helper()
	fails := func(e []model.Event) bool {
		y := checker.Complete(s0, e, checks, checker.Options{})
		return y.Violation != nil && y.Violation.Property == prop
	}
	if !fails(evs) {
		t.Fatalf("the shrunk events %v do not fail", evs)
	}
	for i := range evs {
		if fails(slices.Delete(slices.Clone(evs), i, i+1)) {
			t.Errorf("event %d (%v) of %v can be removed", i+1, evs[i], evs)
		}
	}
}

func TestEvents(t *testing.T) {
	s0, x, _ := violating(t, ring(t), early)
	r := shrink.Events(s0, x.Events, early, shrink.Of(x.Violation), shrink.Options{})
	if !r.Kept || !r.Done || r.Stopped {
		t.Fatalf("Kept %v Done %v Stopped %v, want true true false", r.Kept, r.Done, r.Stopped)
	}
	if len(r.Events) == 0 || len(r.Events) >= len(x.Events) {
		t.Errorf("shrunk %d events to %d", len(x.Events), len(r.Events))
	}
	t.Logf("shrunk %d events to %d (run as %d)", len(x.Events), len(r.Events), len(r.X.Events))
	oneMinimal(t, s0, r.Events, early, x.Violation.Property)
}

// Events is the delta debugging of traces.Minimize judged by
// checker.Complete: the same events as that definition written out.
func TestEventsIsMinimizeOfComplete(t *testing.T) {
	s0, x, _ := violating(t, ring(t), early)
	prop := x.Violation.Property
	want := traces.Minimize(x.Events, func(evs []model.Event) bool {
		y := checker.Complete(s0, evs, early, checker.Options{})
		return y.Violation != nil && y.Violation.Property == prop
	})
	wantX := checker.Complete(s0, want, early, checker.Options{})
	r := shrink.Events(s0, x.Events, early, shrink.Property(prop), shrink.Options{})
	if !slices.Equal(r.X.Events, wantX.Events) || *r.X.Violation != *wantX.Violation {
		t.Errorf("Events gave %v (%v), the definition %v (%v)", r.X.Events, r.X.Violation, wantX.Events, wantX.Violation)
	}
}

// A shrink keeps only the violation it was asked to: another property,
// or the same property with another message, is not kept.
func TestEventsKeepCanFail(t *testing.T) {
	s0, x, _ := violating(t, ring(t), early)
	for _, keep := range []shrink.Keep{shrink.Property("safety-other"), shrink.Exactly(x.Violation.Property, "another message")} {
		r := shrink.Events(s0, x.Events, early, keep, shrink.Options{})
		if r.Kept || !slices.Equal(r.Events, x.Events) {
			t.Errorf("%+v: Kept %v with %d of %d events, want the events unchanged and not kept", keep, r.Kept, len(r.Events), len(x.Events))
		}
	}
	r := shrink.Events(s0, x.Events, early, shrink.Exactly(x.Violation.Property, x.Violation.Message), shrink.Options{Lenient: true})
	if !r.Kept || len(r.Events) >= len(x.Events) || !slices.Equal(r.Events, r.X.Events) {
		t.Errorf("Exactly, Lenient: Kept %v with %d of %d events, run as %d", r.Kept, len(r.Events), len(x.Events), len(r.X.Events))
	}
}

// The budget and Stop end a shrink early with a list that still fails.
func TestEventsBudgetAndStop(t *testing.T) {
	s0, x, _ := violating(t, ring(t), early)
	full := shrink.Events(s0, x.Events, early, shrink.Of(x.Violation), shrink.Options{})
	r := shrink.Events(s0, x.Events, early, shrink.Of(x.Violation), shrink.Options{Budget: int64(len(x.Events)) + 1})
	if !r.Kept || r.Done || r.Stopped {
		t.Errorf("budget: Kept %v Done %v Stopped %v, want true false false", r.Kept, r.Done, r.Stopped)
	}
	asked, calls := 0, 0
	r = shrink.Events(s0, x.Events, early, shrink.Of(x.Violation), shrink.Options{
		Stop:     func() bool { asked++; return asked > 4 },
		Progress: func(k, shortest int) { calls++ },
	})
	if !r.Kept || !r.Done || !r.Stopped {
		t.Errorf("stop: Kept %v Done %v Stopped %v, want true true true", r.Kept, r.Done, r.Stopped)
	}
	if calls < 2 || len(r.Events) <= len(full.Events) {
		t.Errorf("stop: %d candidates, %d events (the full shrink: %d)", calls, len(r.Events), len(full.Events))
	}
}

// End judges each candidate again: a test kit's end-of-run check.
func TestEventsEnd(t *testing.T) {
	s0, x, _ := violating(t, ring(t), early)
	never := func(*checker.Execution) *checker.Violation { return nil }
	if r := shrink.Events(s0, x.Events, early, shrink.Of(x.Violation), shrink.Options{End: never}); r.Kept {
		t.Errorf("an End that clears every violation kept %v", r.X.Violation)
	}
}

// Case drops initiators the violation does not need before it shrinks
// the events.
func TestCase(t *testing.T) {
	cfg := ring(t)
	_, x, cs := violating(t, cfg, early)
	ce := shrink.Case(changroberts.Algorithm, early, cs, x, shrink.Options{})
	if len(ce.Config.Initiators) >= len(cfg.Initiators) {
		t.Errorf("initiators %v, want fewer than %v", ce.Config.Initiators, cfg.Initiators)
	}
	if ce.Violation == nil || ce.Violation.Property != x.Violation.Property {
		t.Fatalf("violation %v, want %s", ce.Violation, x.Violation.Property)
	}
	if len(ce.Events) > len(x.Events) {
		t.Errorf("%d events, from %d", len(ce.Events), len(x.Events))
	}
}
