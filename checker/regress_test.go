package checker_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/filetest"
	"github.com/electlab/electlab/traces"
)

// counterexampleDir holds every counterexample the default claim engine
// finds, as trace files; replay.txt replays each of them.
const counterexampleDir = "../testdata/counterexamples"

// defaultCounterexamples runs the default engine over every claim of every
// algorithm and returns each counterexample keyed by its file name.
func defaultCounterexamples(t *testing.T) map[string]*traces.Trace {
	t.Helper()
	e := claims.DefaultEngine()
	e.ExploreStates = claims.ClaimStates // as `electlab claims` does
	out := map[string]*traces.Trace{}
	for spec, c := range algos.Registry().Claims() {
		info := spec.Meta()
		res := e.CheckClaim(spec, c)
		for ri, row := range res.Rows {
			ce := row.Counterexample
			if ce == nil {
				continue
			}
			v := &traces.Violation{Property: checker.ClaimProperty(c.ID, ce.Violation.Property), Step: ce.Violation.Step, Message: ce.Violation.Message}
			note := fmt.Sprintf("counterexample to %s (%s), setting %q, reading %s", c.ID, info.Name, row.Setting, row.Variant)
			tr, err := traces.Record(ce.Initial, ce.Events, v, note, traces.WithSnapshots())
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			out[claims.CounterexampleFile(c.ID, info.Name, row.Variant, ri)] = tr
		}
	}
	return out
}

// Every counterexample the default engine finds is shipped under testdata
// and the shipped ones are exactly those (run with -rewrite to update).
func TestShippedCounterexamplesMatchTheEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every claim")
	}
	found := defaultCounterexamples(t)
	names := make([]string, 0, len(found))
	for n := range found {
		names = append(names, n)
	}
	sort.Strings(names)
	if filetest.Rewriting() {
		old, _ := filepath.Glob(filepath.Join(counterexampleDir, "*.json"))
		for _, f := range old {
			os.Remove(f)
		}
		for _, n := range names {
			if err := found[n].Save(filepath.Join(counterexampleDir, n)); err != nil {
				t.Fatal(err)
			}
		}
	}
	shipped, _ := filepath.Glob(filepath.Join(counterexampleDir, "*.json"))
	have := map[string]bool{}
	for _, f := range shipped {
		have[filepath.Base(f)] = true
		if _, ok := found[filepath.Base(f)]; !ok {
			t.Errorf("%s is shipped but the engine no longer finds it (run go test ./checker -rewrite)", f)
		}
	}
	for _, n := range names {
		if !have[n] {
			t.Errorf("the engine finds %s but it is not shipped under %s (run go test ./checker -rewrite)", n, counterexampleDir)
			continue
		}
		want, err := found[n].Marshal()
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(counterexampleDir, n))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s differs from the counterexample the engine finds now (run go test ./checker -rewrite and review)", n)
		}
	}
}

// Reference: every REFUTED claim's counterexample replays bit-exact and its
// violation reproduces (testdata/counterexamples/replay.txt). Every
// shipped file must have its replay directive: the list directive only
// pins the names.
func TestReplayShippedCounterexamples(t *testing.T) {
	replayed := map[string]bool{}
	datadriven.RunTest(t, filepath.Join(counterexampleDir, "replay.txt"), func(t *testing.T, d *datadriven.TestData) string {
		switch d.Cmd {
		case "replay":
			var file string
			d.ScanArgs(t, "file", &file)
			replayed[file] = true
			return replaySummary(t, filepath.Join(counterexampleDir, file))
		case "list":
			files, _ := filepath.Glob(filepath.Join(counterexampleDir, "*.json"))
			var b strings.Builder
			for _, f := range files {
				fmt.Fprintln(&b, filepath.Base(f))
			}
			return b.String()
		}
		d.Fatalf(t, "unknown command %q", d.Cmd)
		return ""
	})
	shipped, err := filepath.Glob(filepath.Join(counterexampleDir, "*.json"))
	if err != nil || len(shipped) == 0 {
		t.Fatalf("no shipped counterexamples under %s: %v", counterexampleDir, err)
	}
	for _, f := range shipped {
		if !replayed[filepath.Base(f)] {
			t.Errorf("%s is shipped but replay.txt does not replay it: add \"replay file=%s\" and run with -rewrite", f, filepath.Base(f))
		}
	}
}

// replaySummary replays a trace file and re-checks its recorded violation.
func replaySummary(t *testing.T, path string) string {
	t.Helper()
	tr, err := traces.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := algos.Registry().Lookup(tr.Config.Algo)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := traces.Replay(spec, tr)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "config: %s\nevents: %d\n", tr.Config, len(tr.Steps))
	fmt.Fprintf(&b, "outcome: leader=%d agreed=%t quiescent=%t sends=%d\n", rep.Outcome.Leader, rep.Outcome.Agreed, rep.Outcome.Quiescent, rep.Outcome.Messages.Sends)
	if tr.Violation == nil {
		b.WriteString("no recorded violation\n")
		return b.String()
	}
	checks, err := checker.ChecksFor(claim.EntryOf(spec), tr.Violation.Property)
	if err != nil {
		t.Fatal(err)
	}
	x, err := checker.Replay(rep.Initial, tr.Events(), checks, false)
	if err != nil {
		t.Fatal(err)
	}
	if !checker.SameViolation(tr.Violation.Property, tr.Violation.Step, x.Violation) {
		t.Errorf("%s: recorded %s at step %d, re-checked %v", path, tr.Violation.Property, tr.Violation.Step, x.Violation)
	}
	fmt.Fprintf(&b, "recorded: %s\nre-checked: %s\n", tr.Violation.Property, x.Violation)
	return b.String()
}
