package model_test

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// prepared is a test algorithm whose Info.Prepare computes a value from
// the topology and the variant once per run; every process records what
// its Env.Shared holds, in Init and in Step.
func prepared(calls *int) *model.Algorithm[int] {
	return &model.Algorithm[int]{
		Info: model.Info{Name: "prepared", Topology: model.Complete, Kinds: pingKinds,
			Prepare: func(t *model.Topology, v []uint8) any {
				*calls++
				return t.N() * 10
			}},
		Init: func(env *model.Env) int { return env.Shared.(int) },
		Step: func(env *model.Env, s int, in model.Input, out *model.Outbox) int {
			return s + env.Shared.(int)
		},
		View: func(int) model.View { return model.View{} },
	}
}

// Info.Prepare runs once per World or Sim, and every process's Env (the
// fast simulator's shared one too) carries its value as Env.Shared.
func TestPrepareSharedOncePerRun(t *testing.T) {
	calls := 0
	alg := prepared(&calls)
	cfg := &model.Config{Algo: "prepared", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{2}, Timing: model.Sync}
	w, err := alg.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Fatalf("Prepare ran %d times for one World, want 1", calls)
	}
	runToQuiet(t, w)
	if got := w.State(1).(int); got != 60 {
		t.Errorf("World: the initiator's state is %d, want 30 (Init) + 30 (its start)", got)
	}
	sim, err := alg.NewFastSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sim.Run(0)
	if calls != 2 {
		t.Fatalf("Prepare ran %d times for a World and a Sim, want 2", calls)
	}
	if got := sim.State(1); got != 60 {
		t.Errorf("Sim: the initiator's state is %d, want 60", got)
	}
	if got := sim.State(0); got != 30 {
		t.Errorf("Sim: a non-initiator's state is %d, want 30", got)
	}
}
