package traces

import (
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/model"
)

// fifoRun drives a World with the tiny test scheduler: every pending
// initiation first (in canonical order), then the oldest message in
// flight, until none is left. It returns the initial world and the events.
func fifoRun(t testing.TB, cfg *model.Config) (model.System, []model.Event) {
	t.Helper()
	w, err := changroberts.Algorithm.NewWorld(cfg)
	if err != nil {
		t.Fatalf("NewWorld(%s): %v", cfg, err)
	}
	s0 := w.Clone()
	var evs []model.Event
	for {
		var det []model.Event
		for _, ev := range w.Enabled(nil) {
			if ev.Kind == model.EvDetect {
				det = append(det, ev)
			}
		}
		if len(det) == 0 {
			break
		}
		for _, ev := range det {
			if err := w.Apply(ev); err != nil {
				t.Fatalf("apply %s: %v", ev, err)
			}
			evs = append(evs, ev)
		}
	}
	for {
		ev, ok := w.OldestDelivery()
		if !ok {
			break
		}
		if err := w.Apply(ev); err != nil {
			t.Fatalf("apply %s: %v", ev, err)
		}
		evs = append(evs, ev)
	}
	return s0, evs
}

// ringConfig is a changroberts config with the algorithm's defaults.
func ringConfig(ids ...model.ID) *model.Config {
	return &model.Config{Algo: "changroberts", IDs: ids, Forwarding: true}
}
