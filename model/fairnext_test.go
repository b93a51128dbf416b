package model_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// fairNexter is the World's FairNext.
type fairNexter interface {
	FairNext(buf []model.Event) (model.Event, bool, []model.Event)
}

// fairNextConfigs cover what FairNext's shortcut depends on: async and
// sync timing, FIFO and unordered links, pending initiations, crashes,
// recoveries, joins, successive crashes and coins.
var fairNextConfigs = []cloneConfig{
	{"changroberts", model.Config{IDs: []model.ID{3, 1, 4, 2}, Net: model.Unordered, CrashBudget: 1}},
	{"lelann", model.Config{IDs: []model.ID{2, 3, 1}, Initiators: []model.ID{2}}},
	{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}, CrashBudget: 1, Timeouts: model.Early}},
	{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}, Timing: model.Sync}},
	{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4}, CrashBudget: 2, Recovery: true}},
	{"bully", model.Config{IDs: []model.ID{1, 2, 3}, Absent: []model.ID{4}}},
	{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4}, Successive: []model.Phase{{}, {}}}},
	{"itairodeh-async", model.Config{IDs: []model.ID{1, 2, 3}}},
	{"raft", model.Config{IDs: []model.ID{1, 2, 3}, Timeouts: model.Early, CrashBudget: 1}},
}

// checkTwoCoordinators compares the World's TwoCoordinators with a scan
// of s's Status and View (checker.SingleCoordinator's generic path).
func checkTwoCoordinators(rt *rapid.T, s model.System) {
	var want []model.ID
	for i := range s.N() {
		if s.Status(i) == model.Live && s.View(i).Coordinator {
			want = append(want, s.Topo().Order[i])
		}
	}
	a, b, two := s.(interface {
		TwoCoordinators() (model.ID, model.ID, bool)
	}).TwoCoordinators()
	if two != (len(want) >= 2) || two && (a != want[0] || b != want[1]) {
		rt.Fatalf("TwoCoordinators %d, %d, %v; live coordinators %v", a, b, two, want)
	}
}

// TestFairNext: in every state of random executions of fairNextConfigs,
// FairNext is FairFIFO over the listed enabled events, and reports none
// exactly when none is enabled; TwoCoordinators agrees with a scan of
// the views. The comparison can fail: the newest
// delivery in place of the oldest differs from FairFIFO somewhere.
func TestFairNext(t *testing.T) {
	differ, steps := 0, 0
	rapid.Check(t, func(rt *rapid.T) {
		c := fairNextConfigs[rapid.IntRange(0, len(fairNextConfigs)-1).Draw(rt, "config")]
		spec, err := algos.Registry().Lookup(c.algo)
		if err != nil {
			rt.Fatal(err)
		}
		cfg := c.cfg
		cfg.Algo = c.algo
		s, err := spec.NewSystem(&cfg)
		if err != nil {
			rt.Fatal(err)
		}
		f, ok := s.(fairNexter)
		if !ok {
			rt.Fatalf("%T has no FairNext", s)
		}
		for range rapid.IntRange(1, 60).Draw(rt, "steps") {
			en := s.Enabled(nil)
			got, some, _ := f.FairNext(nil)
			if some != (len(en) > 0) {
				rt.Fatalf("%s: FairNext reports an event %v, %d enabled", &cfg, some, len(en))
			}
			if len(en) == 0 {
				return
			}
			steps++
			checkTwoCoordinators(rt, s)
			if want := model.FairFIFO(s, en); got != want {
				rt.Fatalf("%s: FairNext %s, FairFIFO %s (enabled %v)", &cfg, got, want, en)
			}
			if newest, ok := s.NewestDelivery(); ok && got.Kind == model.EvDeliver && newest != got {
				differ++
			}
			if err := s.Apply(en[rapid.IntRange(0, len(en)-1).Draw(rt, "event")]); err != nil {
				rt.Fatal(err)
			}
		}
	})
	t.Logf("%d states compared", steps)
	if differ == 0 {
		t.Error("the newest delivery never differed from the fair choice: the comparison could not fail")
	}
}
