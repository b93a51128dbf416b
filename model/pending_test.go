package model_test

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// firstPendingRun applies up to steps events, drawn by pick from the
// enabled ones, to a World of each configuration of resetConfigs (the
// successive crashes of some set initiations pending again) and to a copy
// made halfway, and returns the first disagreement of a World's cursor to
// its first pending initiation with a scan (model.FirstPendingError).
func firstPendingRun(tb testing.TB, steps int, pick func(n int) int) error {
	for _, c := range resetConfigs() {
		spec, err := algos.Registry().Lookup(c.algo)
		if err != nil {
			tb.Fatal(err)
		}
		cfg := c.cfg
		cfg.Algo = c.algo
		w, err := spec.NewSystem(&cfg)
		if err != nil {
			tb.Fatal(err)
		}
		var buf []model.Event
		for k := range steps {
			if err := model.FirstPendingError(w); err != nil {
				return err
			}
			if k == steps/2 {
				w = w.Clone()
			}
			buf = w.Enabled(buf[:0])
			if len(buf) == 0 {
				break
			}
			if err := w.Apply(buf[pick(len(buf))]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return nil
}

// TestFirstPending: the World keeps its cursor to the first pending
// initiation, where the scans for enabled detections start, through
// random executions and copies; a cursor that an initiation pending again
// does not move back is caught.
func TestFirstPending(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		picks := rapid.SliceOfN(rapid.IntRange(0, 1<<20), 80, 80).Draw(rt, "picks")
		k := 0
		if err := firstPendingRun(t, len(picks), func(n int) int { k++; return picks[k%len(picks)] % n }); err != nil {
			rt.Fatal(err)
		}
	})
	model.BreakFirstPending(true)
	defer model.BreakFirstPending(false)
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		if firstPendingRun(t, 200, r.IntN) != nil {
			return
		}
	}
	t.Fatal("a broken cursor (not moved back by an initiation pending again) was not caught")
}
