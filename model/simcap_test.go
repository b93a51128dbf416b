package model_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/model"
)

// flood: every initiator multicasts one ping to every other process; a
// delivery does nothing. n initiators put n(n-1) messages in flight.
var flood = &model.Algorithm[int]{
	Info: model.Info{Name: "flood", Topology: model.Complete, Kinds: pingKinds},
	Init: func(*model.Env) int { return 0 },
	Step: func(env *model.Env, s int, in model.Input, out *model.Outbox) int {
		if in.Kind == model.InStart {
			var d []model.ID
			for _, id := range env.Topo.Order {
				if id != env.Self {
					d = append(d, id)
				}
			}
			out.Multicast(d, pingKinds[0], 0, 0)
		}
		return s + 1
	},
	View: func(int) model.View { return model.View{} },
}

func floodSim(t *testing.T, n int, timing model.Timing) *model.Sim[int] {
	t.Helper()
	ids := model.IDsUpTo(n)
	s, err := flood.NewFastSim(&model.Config{Algo: "flood", IDs: ids, Timing: timing})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSimKeepsMaxMem: a Sim whose message buffers would outgrow its bound
// stops, unfinished (Capped), before they do; a step cap is reported as
// such; without caps the run finishes. The same run without the bound
// grows far past it (the check can fail).
func TestSimKeepsMaxMem(t *testing.T) {
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		const n = 600
		base := flood.SimBytes(n, timing == model.Sync)
		bound := base + 1<<20
		s := floodSim(t, n, timing)
		s.SetMaxMem(bound)
		res := s.Run(0)
		if res.Quiescent || !strings.HasPrefix(res.Capped, "max-mem") {
			t.Errorf("%v: bound %d: quiescent %v, capped %q after %d events", timing, bound, res.Quiescent, res.Capped, res.Events)
		}
		free := floodSim(t, n, timing).Run(0)
		if !free.Quiescent || free.Capped != "" || free.Counts.Deliveries != n*(n-1) {
			t.Errorf("%v: unbounded: quiescent %v, capped %q, %d deliveries", timing, free.Quiescent, free.Capped, free.Counts.Deliveries)
		}
		// n(n-1) messages of at least 24 bytes do not fit in 1MiB: the
		// unbounded run did need more than the bound.
		if int64(n*(n-1))*24 < bound-base {
			t.Fatalf("the test's bound is too loose to prove anything")
		}
		capped := floodSim(t, n, timing).Run(10)
		if capped.Quiescent || capped.Capped != "the step cap of 10 events" {
			t.Errorf("%v: step cap: quiescent %v, capped %q", timing, capped.Quiescent, capped.Capped)
		}
	}
	// A probe over the bound stops the run too.
	s := floodSim(t, 300, model.Async)
	s.SetMaxMem(1 << 40)
	s.SetMemProbe(func() int64 { return 1 << 41 })
	if res := s.Run(0); !strings.HasPrefix(res.Capped, "max-mem") {
		t.Errorf("probe over the bound: capped %q after %d events", res.Capped, res.Events)
	}
}
