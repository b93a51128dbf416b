package runner

import (
	"io"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/central"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// runViolations runs spec with one initiator on n processes (the World
// engine, fifo) and returns the run summary's violations.
func runViolations(t *testing.T, spec model.Spec, n int) []checker.Violation {
	t.Helper()
	cfg := &model.Config{Algo: spec.Meta().Name, IDs: modeltest.IDs(ids(n)...), Initiators: []model.ID{1}}
	rep := render.NewRunReport(spec, cfg, "fifo", 1, 0)
	ch, err := Chooser("fifo", 1, false) // as `electlab run` (coins drawn from the seed)
	if err != nil {
		t.Fatal(err)
	}
	a := &Run{Spec: spec, Config: cfg, Chooser: ch}
	if err := a.World(&rep, io.Discard, io.Discard); err != nil {
		t.Fatalf("%s: %v", spec.Meta().Name, err)
	}
	return rep.Violations
}

// The run summary applies the checks that fit the algorithm's kind
// (model.Info.RunProps): a fault-free run of every registered algorithm,
// one initiator, reports no violation — a mutual-exclusion algorithm is
// not judged as an election, nor Peterson's (Info.Elects) for validity.
// The exceptions are runs whose violation is the algorithm's or the
// configuration's, not a check of the wrong kind.
func TestRunChecksFitTheKind(t *testing.T) {
	known := map[string]string{
		"xie":          "the tool's completions of Xie et al.'s one sentence let two processes act as coordinator (C-FCEABR-14)",
		"hierarchical": "one informer elects in its own site only: the processes of the other sites learn no GCoordinator",
		"vnetjoin":     "a join into [S3]'s virtual network, not an election from scratch: with one initiator the others hold no coordinator",
	}
	for _, spec := range algos.Registry().Specs() {
		if known[spec.Meta().Name] != "" {
			continue
		}
		if vs := runViolations(t, spec, 4); len(vs) > 0 {
			t.Errorf("%s: a fault-free run reports %v", spec.Meta().Name, vs)
		}
	}
}

// The rule can fail: central registered without Info.Mutex is judged as
// an election, and its fault-free run reports that a live process knows
// no leader.
func TestElectionChecksOnMutexAreCaught(t *testing.T) {
	broken := *central.Algorithm
	broken.Info.Mutex = false
	vs := runViolations(t, &broken, 4)
	if len(vs) == 0 {
		t.Fatalf("central without Mutex: no violation")
	}
	t.Logf("central without Mutex: %v", vs)
}

func ids(n int) []int {
	v := make([]int, n)
	for i := range v {
		v[i] = i + 1
	}
	return v
}
