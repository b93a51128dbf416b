package model_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/electlab/electlab/model"
)

// liveCacheConfigs change statuses every way: crashes injected, crashes
// with recovery, joins, and successive coordinator crashes (fail).
var liveCacheConfigs = []cloneConfig{
	{"kabashi", model.Config{IDs: []model.ID{2, 3, 1, 4}, CrashBudget: 2}},
	{"kabashi", model.Config{IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}, CrashBudget: 2, Recovery: true}},
	{"kabashi", model.Config{IDs: []model.ID{1, 2, 3}, Absent: []model.ID{4}}},
	{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4}, Successive: []model.Phase{{}, {}}}},
	{"fceabrk", model.Config{IDs: []model.ID{3, 1, 6, 2}, Successive: []model.Phase{{}}}},
}

// liveCacheAgrees runs random executions (copying the World now and then
// and going on from the copy; with broken, a World whose summary is kept
// through changes of status) and reports whether every observation's
// live summary (LiveCount, MaxLive, MinLive) is what a World that scans
// the processes at every observation records given the same events, and
// how many observations there were.
func liveCacheAgrees(t *testing.T, algo string, cfg model.Config, rng *rand.Rand, broken bool) (agree bool, observed int) {
	t.Helper()
	mk := worldOf(t, algo, cfg)
	w, ref := mk(), mk()
	for range 300 {
		en := w.Enabled(nil)
		if len(en) == 0 {
			break
		}
		ev := en[rng.IntN(len(en))]
		model.SetLiveCache(false, broken)
		err := w.Apply(ev)
		model.SetLiveCache(false, false)
		if err != nil {
			t.Fatalf("enabled event %s: %v", ev, err)
		}
		model.SetLiveCache(true, false)
		err = ref.Apply(ev)
		model.SetLiveCache(false, false)
		if err != nil {
			t.Fatalf("reference: %s: %v", ev, err)
		}
		if rng.IntN(8) == 0 {
			w = w.Clone()
		}
	}
	return fmt.Sprint(w.Observations()) == fmt.Sprint(ref.Observations()), len(ref.Observations())
}

// TestLiveCache: an observation that takes the last one's live summary
// (no status changed since) records what scanning the processes does,
// under crashes, recoveries, joins and successive crashes; a summary kept
// through a change of status is caught in each of those configurations.
func TestLiveCache(t *testing.T) {
	for k, c := range liveCacheConfigs {
		total := 0
		for seed := range 20 {
			ok, n := liveCacheAgrees(t, c.algo, c.cfg, rand.New(rand.NewPCG(uint64(k), uint64(seed))), false)
			if !ok {
				t.Fatalf("%s %+v seed %d: the observations differ from those of a World that scans", c.algo, c.cfg, seed)
			}
			total += n
		}
		if total == 0 {
			t.Errorf("%s %+v: no observation was made", c.algo, c.cfg)
		}
	}
	caught := 0 // configurations where the broken cache was caught
	for k, c := range liveCacheConfigs {
		for seed := range 20 {
			if ok, _ := liveCacheAgrees(t, c.algo, c.cfg, rand.New(rand.NewPCG(uint64(k), uint64(seed))), true); !ok {
				t.Logf("caught: %s %+v seed %d", c.algo, c.cfg, seed)
				caught++
				break
			}
		}
	}
	if caught != len(liveCacheConfigs) {
		t.Errorf("a live summary kept through changes of status was caught in %d of the %d configurations", caught, len(liveCacheConfigs))
	}
}
