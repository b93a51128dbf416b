package checker_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"path/filepath"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// seededTrace runs the first behaviour setting of spec's claims on a fixed
// configuration under a seeded random schedule and returns the trace bytes.
func seededTrace(t *testing.T, spec model.Spec, seed uint64) []byte {
	t.Helper()
	info := spec.Meta()
	ids := []model.ID{3, 1, 2, 5, 4}
	cfg := &model.Config{Algo: info.Name, IDs: ids, Forwarding: info.Forwarding, CrashBudget: 1}
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		t.Fatalf("%s: %v", info.Name, err)
	}
	x := checker.Execute(s0, checker.NewRandom(seed, checker.Uniform), checker.Checks{Props: model.Safety}, checker.Options{MaxSteps: 3000})
	tr, err := traces.Record(s0, x.Events, nil, "determinism", traces.WithSnapshots())
	if err != nil {
		t.Fatal(err)
	}
	b, err := tr.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// For every algorithm: the same seed twice gives byte-identical traces
// (events, fingerprints, snapshots and outcome), and another seed a
// different schedule.
func TestSameSeedSameTrace(t *testing.T) {
	for _, spec := range algos.Registry().Specs() {
		a, b := seededTrace(t, spec, 42), seededTrace(t, spec, 42)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs with seed 42 differ", spec.Meta().Name)
		}
	}
}

// The World's fingerprints are stable across runs, processes and Go map
// orders: golden values in testdata/determinism/fingerprints.txt.
//
//	fingerprints algo=A ids=... [timing=sync] [crashed=...] seed=S
func TestFingerprintsGolden(t *testing.T) {
	env := checktest.NewInteractionEnv(algos.Registry().Specs()...)
	datadriven.RunTest(t, filepath.Join("..", "testdata", "determinism", "fingerprints.txt"), func(t *testing.T, d *datadriven.TestData) string {
		if d.Cmd != "fingerprints" {
			d.Fatalf(t, "unknown command %q", d.Cmd)
		}
		s := env.NewWorld(t, d, "seed")
		var seed uint64
		d.ScanArgs(t, "seed", &seed)
		x := checker.Execute(s, checker.NewRandom(seed, checker.Uniform), checker.Checks{}, checker.Options{MaxSteps: 3000})
		chain := fnv.New64a()
		replay := s.Clone()
		for _, ev := range x.Events {
			if err := replay.Apply(ev); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(chain, "%016x", replay.Fingerprint())
		}
		return fmt.Sprintf("events: %d\nfinal: %016x\nchain: %016x\n", len(x.Events), x.Final.Fingerprint(), chain.Sum64())
	})
}
