package explore

import (
	"bytes"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// TestStateHashKeys: keying states by the World's incremental StateHash
// (only what an event changed is encoded again) gives the same search as
// keying them by the hash of the whole encoding, byte for byte (states,
// transitions, depth, counts, violations and their traces), on every
// configuration of the golden file and on recovery and successive crashes,
// which the golden file does not exercise. A component the World forgot to
// mark stale would merge two states the full encoding tells apart.
func TestStateHashKeys(t *testing.T) {
	n := 0
	compare := func(t *testing.T, what string, s0 model.System, opt Options) {
		inc := Explore(s0, opt)
		opt.encodeKeys = true
		full := Explore(s0, opt)
		if got, want := resultBytes(t, inc), resultBytes(t, full); !bytes.Equal(got, want) {
			t.Errorf("%s: StateHash keys give\n%s\nthe full encoding's keys\n%s", what, got, want)
		}
		n++
	}
	datadriven.RunTest(t, goldenFile, func(t *testing.T, d *datadriven.TestData) string {
		s0, opt := goldenCase(t, d)
		compare(t, d.Pos, s0, opt)
		return d.Expected
	})
	extra := []model.Config{
		{Algo: "kabashi", IDs: []model.ID{1, 2, 3}, Crashed: []model.ID{3}, Recovery: true},
		{Algo: "bully", IDs: []model.ID{1, 2, 3}, CrashBudget: 1, Recovery: true},
		{Algo: "fceabrk", IDs: []model.ID{3, 1, 2}, Successive: []model.Phase{{}, {Detectors: []model.ID{1}}}},
		{Algo: "bully", IDs: []model.ID{2, 1, 3}, Successive: []model.Phase{{}}},
	}
	for _, cfg := range extra {
		spec, err := algos.Registry().Lookup(cfg.Algo)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Forwarding = spec.Meta().Forwarding
		s0, err := spec.NewSystem(&cfg)
		if err != nil {
			t.Fatalf("%s: %v", cfg.Algo, err)
		}
		compare(t, cfg.Algo, s0, Options{NoPOR: true, Counts: CountsTotal, MaxStates: 50000})
	}
	if n < 40 {
		t.Errorf("only %d searches compared", n)
	}
}
