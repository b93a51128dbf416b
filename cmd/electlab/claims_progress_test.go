package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/internal/report"
)

// TestMain stops the progress clock for every test of the package: the
// CLI tests compare stderr across runs, and a loaded machine must not make
// a progress line appear in one of them. The tests of the progress line
// set their own clock (fakeClock).
func TestMain(m *testing.M) {
	report.SetClock(report.SteppingClock(0))
	code := m.Run()
	removeChildBinary() // interrupt_test.go
	os.Exit(code)
}

// fakeClock replaces the progress clock with one that advances by step at
// every reading, and returns the function that restores it.
func fakeClock(step time.Duration) func() { return report.SetClock(report.SteppingClock(step)) }

// TestClaimsProgress: a claims run that lasts more than a second reports
// its progress on stderr, one line per checked claim; stdout and the
// report files are the same bytes as without progress.
func TestClaimsProgress(t *testing.T) {
	args := func(dir string) []string {
		return []string{"claims", "-algo", "changroberts", "-max-n", "4", "-cases", "5", "-out", dir}
	}
	restore := fakeClock(0) // the clock stands still: never more than a second
	d1 := t.TempDir()
	quiet := cli(t, args(d1)...).mustCode(t, 0)
	restore()
	if quiet.stderr != "" {
		t.Errorf("a fast run wrote on stderr:\n%s", quiet)
	}

	restore = fakeClock(1500 * time.Millisecond) // every reading: +1.5 s
	d2 := t.TempDir()
	slow := cli(t, args(d2)...).mustCode(t, 0)
	restore()
	if slow.stdout != quiet.stdout {
		t.Errorf("the progress changed stdout")
	}
	lines := slow.stderrLines()
	jobs := report.Plan(algos.Registry(), "", "changroberts")
	var checking []string
	for _, l := range lines {
		if strings.HasPrefix(l, "electlab: checked ") {
			checking = append(checking, l)
		}
	}
	if len(checking) != len(jobs) {
		t.Errorf("want one progress line per claim (%d), got:\n%s", len(jobs), slow.stderr)
	}
	// The lines come in the order the claims finish (any, with several
	// workers); each names its claim once and counts up to the number
	// of claims.
	for i, l := range checking {
		if !strings.HasPrefix(l, fmt.Sprintf("electlab: checked %d/%d: ", i+1, len(jobs))) || !strings.Contains(l, "s elapsed") || strings.Contains(l, "\r") {
			t.Errorf("progress line %d: %q", i+1, l)
		}
		if eta := strings.Contains(l, ", ETA "); eta != (i+1 < len(jobs)) {
			t.Errorf("progress line %d: an ETA only before the last claim: %q", i+1, l)
		}
	}
	for _, j := range jobs {
		n := 0
		for _, l := range checking {
			if strings.Contains(l, ": "+j.Label()+" (") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s is named by %d progress lines, want 1:\n%s", j.Label(), n, slow.stderr)
		}
	}
	// Writing the report is a phase of its own (plots; this run refutes
	// nothing, so it writes no trace).
	if l := lines[len(lines)-1]; !strings.HasPrefix(l, "electlab: rendered plot ") {
		t.Errorf("the last progress line is %q, want the plots'", l)
	}
	f1, f2 := listTree(t, d1), listTree(t, d2)
	if strings.Join(f1, " ") != strings.Join(f2, " ") {
		t.Fatalf("different files: %v vs %v", f1, f2)
	}
	for _, f := range f1 {
		b := readFile(t, d2+"/"+f)
		if !bytes.Equal(readFile(t, d1+"/"+f), b) {
			t.Errorf("%s differs with progress", f)
		}
		if bytes.Contains(b, []byte("electlab: checked")) {
			t.Errorf("%s holds a progress line", f)
		}
	}
}
