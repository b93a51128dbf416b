package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// system is algo's initial World on ids 1..n, all initiators.
func system(t testing.TB, algo string, n int) model.System {
	t.Helper()
	spec, err := algos.Lookup(algo)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.NewSystem(&model.Config{Algo: algo, IDs: model.IDsUpTo(n), Forwarding: spec.Meta().Forwarding})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSaveCounterexampleOverLimit: a counterexample over the trace limit
// is summarised, not written.
func TestSaveCounterexampleOverLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	ce := &checker.Counterexample{Initial: system(t, "changroberts", 3), Events: make([]model.Event, traces.MaxEvents+1), Violation: &checker.Violation{Property: "termination", Message: "x"}}
	saved, notes, err := SaveCounterexample(path, ce, "", "", nil)
	if saved || err != nil || !strings.Contains(notes, "over the trace limit of 1000000") {
		t.Errorf("an oversized counterexample: saved %v, err %v, notes %q", saved, err, notes)
	}
	if _, err := os.Stat(path); err == nil {
		t.Errorf("an oversized counterexample was written")
	}
}
