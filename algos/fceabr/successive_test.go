package fceabr

import (
	"testing"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: [S3] §II, §VII, §IX test 4, Fig. 10; [S0] §II (C-HIER-6,
// AMB-HIER-1): over four successive crashes of the agreed coordinator, each
// detected by every live process, the first new election follows crash P
// under at-empty (an SElection for new alternatives), P+1 under all-failed
// (a full Election) and max(1, P−1) under k-minus-1 (an SElection); every
// crash is handled (no phase left undone) and the live processes end
// agreeing on the best live process, in sync and async timing.
func TestSuccessiveTriggers(t *testing.T) {
	modeltest.SuccessiveTriggers(t, K, func(trigger string, p int, timing model.Timing) *model.Config {
		v, _ := KVariant(p)
		return &model.Config{Variant: trigger + "," + v, IDs: []model.ID{3, 6, 1, 5, 2, 4, 7}, Initiators: []model.ID{1}, Timing: timing,
			Successive: []model.Phase{{}, {}, {}, {}}}
	}, func(w model.System) (int, bool, bool, int) {
		first, found, crashes := FirstReelection(w.Observations())
		return first.Crash, first.Full, found, crashes
	}, func(_ *model.Config, w model.System) { modeltest.CheckElectedMax(t, w) })
}

// Reference: [S3] §IX test 4: the fast simulator's successive crashes
// (Sim.fail) give the same counts, views and statuses as the World's
// "fail" events under the FIFO schedule, for every trigger and both
// timings, with every live process or one process detecting.
func TestSuccessiveSimMatchesWorld(t *testing.T) {
	for _, v := range []string{"at-empty,p1", "at-empty,p2", "all-failed,p2", "k-minus-1,p3", "r2,at-empty,p2"} {
		for _, timing := range []model.Timing{model.Sync, model.Async} {
			for _, ph := range [][]model.Phase{{{}, {}, {}}, {{}, {Detectors: []model.ID{1}}}} {
				cfg := &model.Config{Variant: v, IDs: []model.ID{3, 6, 1, 5, 2, 4, 7}, Initiators: []model.ID{1, 2}, Timing: timing, Successive: ph}
				modeltest.SimMatchesWorld(t, K, cfg)
			}
		}
	}
}

// Reference: [S3] Fig. 10: a crash detected by some processes only, while
// alternatives remain, is a silent local shift: the others keep the
// crashed coordinator, the live processes disagree, and the model stops
// the successive crashes with a fault (in the World and the Sim alike).
func TestSuccessiveStopsOnDisagreement(t *testing.T) {
	cfg := &model.Config{Variant: "p2", IDs: []model.ID{3, 1, 6, 2, 5, 4}, Initiators: []model.ID{3}, Timing: model.Sync,
		Successive: []model.Phase{{Detectors: []model.ID{2}}, {}}}
	s, err := K.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	modeltest.ApplyFirstUntilQuiescent(t, s, nil)
	if f := s.Faults(); len(f) != 1 {
		t.Fatalf("faults %v, want one: the second crash left undone", f)
	}
	if _, _, crashes := FirstReelection(s.Observations()); crashes != 1 {
		t.Errorf("%d crashes made, want 1", crashes)
	}
	sim, err := K.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res := sim.Run(0); res.Faults != 1 {
		t.Errorf("sim faults %d, want 1", res.Faults)
	}
}

// Reference: [S3] §X Table 5's first row (NS = 4, three GCoordinator
// crashes, P = 2): the last crash leaves one ring node, whose refill has
// nobody to send to; it sends nothing (no model fault) and ends as the
// coordinator with no alternative.
func TestSuccessiveLoneNode(t *testing.T) {
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		cfg := &model.Config{Variant: "p2,r2", IDs: []model.ID{2, 4, 1, 3}, Initiators: []model.ID{1}, Timing: timing,
			Successive: []model.Phase{{}, {}, {}}}
		w := modeltest.RunFIFO(t, K, cfg)
		st := w.State(2).(State)
		if w.Status(2) != model.Live || st.Coord != 1 || st.Alts[0] != model.None {
			t.Errorf("%s: lone node 1 holds %v", cfg, st)
		}
	}
}
