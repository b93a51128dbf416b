package runner

import (
	"bytes"
	"io"
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
	spec, err := algos.Registry().Lookup(algo)
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

// finding is a counterexample of changroberts on 3 processes: its fair
// execution, with a violation made up for the test.
func finding(t *testing.T) *checker.Counterexample {
	s0 := system(t, "changroberts", 3)
	x := checker.Execute(s0, checker.FIFO{}, checker.Checks{}, checker.Options{})
	return &checker.Counterexample{Initial: s0, Events: x.Events, Violation: &checker.Violation{Property: checker.PropTermination, Message: "made up"}}
}

// TestSaveFindingNeverLosesIt: a finding's trace goes where -out says;
// when that cannot be written, to a new file in the temporary directory,
// with the reason; when that fails too, on stderr. Each written trace
// loads with its violation.
func TestSaveFindingNeverLosesIt(t *testing.T) {
	ce := finding(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	out := t.TempDir()
	path, _, writeErr, err := SaveFinding(out, "ce.json", ce, "", "", io.Discard)
	if err != nil || writeErr != nil || path != filepath.Join(out, "ce.json") {
		t.Fatalf("a writable -out: path %q, writeErr %v, err %v", path, writeErr, err)
	}
	if tr := loadTrace(t, path); tr.Violation == nil || tr.Violation.Property != checker.PropTermination || len(tr.Steps) != len(ce.Events) {
		t.Errorf("the trace written: %+v", tr.Violation)
	}

	// A directory is in the way of the trace's name.
	blocked := t.TempDir()
	if err := os.Mkdir(filepath.Join(blocked, "ce.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	path, _, writeErr, err = SaveFinding(blocked, "ce.json", ce, "", "", io.Discard)
	if err != nil || writeErr == nil || filepath.Dir(path) != tmp || !strings.HasPrefix(filepath.Base(path), "ce-") {
		t.Fatalf("-out blocked: path %q, writeErr %v, err %v; want a file in %s and the reason", path, writeErr, err, tmp)
	}
	if tr := loadTrace(t, path); tr.Violation == nil {
		t.Errorf("the trace in the temporary directory has no violation")
	}

	// The temporary directory fails too: the trace is on stderr.
	t.Setenv("TMPDIR", filepath.Join(tmp, "missing"))
	var stderr bytes.Buffer
	path, _, writeErr, err = SaveFinding(blocked, "ce.json", ce, "", "", &stderr)
	if err != nil || writeErr == nil || path != "" {
		t.Fatalf("nothing writable: path %q, writeErr %v, err %v", path, writeErr, err)
	}
	head, body, _ := strings.Cut(stderr.String(), "\n")
	if head != "electlab: the trace, which no file could hold:" {
		t.Fatalf("stderr: %q", stderr.String())
	}
	tr, err := traces.Unmarshal([]byte(body))
	if err != nil || tr.Violation == nil {
		t.Errorf("the trace on stderr does not decode with its violation: %v", err)
	}
}
