package model_test

import (
	"testing"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/model"
)

// TestFairFIFOFailsBeforeJoin: once a run is quiet with a successive
// crash due and an absent process that may join, the fair FIFO schedule
// applies the crash first (the configuration's own events run to
// quiescence; a join comes once nothing else can happen), and lets the
// process join only when the run is quiescent.
func TestFairFIFOFailsBeforeJoin(t *testing.T) {
	cfg := &model.Config{IDs: []model.ID{1, 2, 3}, Absent: []model.ID{4}, Initiators: []model.ID{1},
		Successive: []model.Phase{{}}}
	s, err := bully.Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var buf []model.Event
	var kinds []model.EventKind
	for steps := 0; steps < 1000; steps++ {
		buf = s.Enabled(buf[:0])
		if len(buf) == 0 {
			break
		}
		ev := model.FairFIFO(s, buf)
		if ev.Kind == model.EvJoin && !s.Quiescent() {
			t.Fatalf("step %d: join %d chosen before quiescence among %v", steps+1, ev.P, buf)
		}
		if err := s.Apply(ev); err != nil {
			t.Fatalf("apply %s: %v", ev, err)
		}
		kinds = append(kinds, ev.Kind)
	}
	fail, join := -1, -1
	for i, k := range kinds {
		switch {
		case k == model.EvFail && fail < 0:
			fail = i
		case k == model.EvJoin && join < 0:
			join = i
		}
	}
	if fail < 0 || join < fail {
		t.Errorf("the run's fail at event %d, join at %d: want a fail, then the join", fail+1, join+1)
	}
}
