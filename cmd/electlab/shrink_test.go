package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/internal/runner"
	"github.com/electlab/electlab/traces"
)

// TestShrinkCommand: a trace recorded by run -trace with a violation
// shrinks to a shorter trace that replays and shows the same violation;
// bad input is exit 2 with no file written.
func TestShrinkCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "u.json")
	cli(t, "run", "-algo", "lelann", "-ids", "3,1,2,5,4", "-net", "unordered", "-schedule", "newest", "-seed", "4", "-trace", in).mustCode(t, 0)
	r := cli(t, "shrink", in).mustCode(t, 0)
	out := filepath.Join(dir, "u.shrunk.json")
	if !strings.HasPrefix(r.stdout, "shrunk 46 events to 34: single-coordinator violated after step 34") || !strings.Contains(r.stdout, out) {
		t.Errorf("shrink output:\n%s", r)
	}
	rr := cli(t, "replay", out, "-render", "none").mustCode(t, 0)
	if !strings.Contains(rr.stderr, "violation reproduced: single-coordinator violated after step 34") {
		t.Errorf("the shrunk trace does not reproduce:\n%s", rr)
	}
	tr, err := traces.Load(out)
	if err != nil || len(tr.Steps) != 34 || !strings.Contains(tr.Note, "shrunk by electlab shrink from 46 to 34 events") {
		t.Errorf("shrunk trace: err %v, note %q", err, tr.Note)
	}
	// -o, and a budget too small to shrink: says so, still a valid trace.
	o2 := filepath.Join(dir, "small.json")
	r2 := cli(t, "shrink", in, "-o", o2, "-budget", "50").mustCode(t, 0)
	if !strings.Contains(r2.stderr, "stopped at -budget 50") {
		t.Errorf("a shrink cut by its budget does not say so:\n%s", r2)
	}
	cli(t, "replay", o2, "-render", "none").mustCode(t, 0)

	// A trace with no violation: nothing to shrink, exit 2, nothing written.
	ok := filepath.Join(dir, "ok.json")
	cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2", "-trace", ok).mustCode(t, 0)
	r3 := cli(t, "shrink", ok).mustCode(t, 2)
	if !strings.Contains(r3.oneErrorLine(t), "shows no violation") {
		t.Errorf("no-violation trace:\n%s", r3)
	}
	if _, err := os.Stat(filepath.Join(dir, "ok.shrunk.json")); err == nil {
		t.Errorf("a refused shrink wrote a file")
	}
	// An output path in a missing directory: clear error, no file.
	r4 := cli(t, "shrink", in, "-o", filepath.Join(dir, "no", "such", "x.json"))
	if r4.code == 0 || r4.code == 3 && strings.Contains(r4.stderr, "internal error") {
		t.Errorf("unwritable -o:\n%s", r4)
	}
	r4.oneErrorLine(t)
	// A tiny -max-mem refuses the trace before loading it.
	r5 := cli(t, "shrink", in, "-max-mem", "1KiB").mustCode(t, 2)
	if !strings.Contains(r5.oneErrorLine(t), "over -max-mem 1KiB") {
		t.Errorf("tiny -max-mem:\n%s", r5)
	}
	r6 := cli(t, "replay", in, "-max-mem", "1KiB").mustCode(t, 2)
	if !strings.Contains(r6.oneErrorLine(t), "over -max-mem 1KiB") {
		t.Errorf("replay under a tiny -max-mem:\n%s", r6)
	}
}

// TestCapReachedExitStatus: a step cap reached is exit status 4, not a
// termination violation, in run and check; the LeLann n=120 check
// finishes with no violation under the derived default cap.
func TestCapReachedExitStatus(t *testing.T) {
	r := cli(t, "check", "-algo", "lelann", "-n", "30", "-max-steps", "100", "-schedules", "3", "-out", t.TempDir()).mustCode(t, 4)
	if !strings.Contains(r.stdout, "unfinished   3 schedule(s) reached a cap (not a verdict") || !strings.Contains(r.stderr, "cap reached (not a verdict)") {
		t.Errorf("check at a cap:\n%s", r)
	}
	var j map[string]any
	cli(t, "check", "-algo", "lelann", "-n", "30", "-max-steps", "100", "-schedules", "2", "-json").mustCode(t, 4).decode(t, &j)
	if j["violation"] != nil || j["schedules_unfinished"] != float64(2) {
		t.Errorf("check -json at a cap: %v", j)
	}
	cli(t, "check", "-algo", "lelann", "-n", "120", "-order", "random", "-schedules", "3").mustCode(t, 0)
	rr := cli(t, "run", "-algo", "lelann", "-n", "30", "-max-steps", "100").mustCode(t, 4)
	if !strings.Contains(rr.stdout, "NOT quiescent: cap reached (not a verdict): the step cap of 100 events") || strings.Contains(rr.stdout, "violation    termination") {
		t.Errorf("run at a cap:\n%s", rr)
	}
}

// TestMaxStepsZeroMeansNoCapInBothEngines: -max-steps 0 runs to quiescence
// in the World and in the fast simulator alike (the issue: 99896 sends in
// one, 501500 in the other).
func TestMaxStepsZeroMeansNoCapInBothEngines(t *testing.T) {
	var sim, world runJSON
	args := []string{"run", "-algo", "changroberts", "-n", "300", "-order", "desc", "-max-steps", "0", "-json"}
	cli(t, append(args, "-engine", "sim")...).mustCode(t, 0).decode(t, &sim)
	cli(t, append(args, "-engine", "world")...).mustCode(t, 0).decode(t, &world)
	// Chang-Roberts, every process initiating, ids descending: n(n+1)/2
	// elect messages and n coord messages.
	want := int64(300*301/2 + 300)
	if sim.Messages.Sends != want || world.Messages.Sends != want || !sim.Quiescent || !world.Quiescent {
		t.Errorf("-max-steps 0: sim %d sends (quiescent %v), world %d (quiescent %v); want %d", sim.Messages.Sends, sim.Quiescent, world.Messages.Sends, world.Quiescent, want)
	}
}

// TestCommandsKeepMaxMem: with a bound too small for the configuration
// every command refuses up front (exit 2, tested in TestBadInput); with a
// bound that admits the start but not the whole run, run (both engines)
// and check stop at the bound with a partial result (exit 4), and explore
// ends its search incomplete at max-mem with an estimate within it.
func TestCommandsKeepMaxMem(t *testing.T) {
	for _, tc := range []struct {
		engine, n, mem string
	}{{"world", "600", "16MiB"}, {"sim", "3000", "24MiB"}} {
		// Unbounded, these runs take 90MB and 150MB (LeLann's n² messages
		// and per-process lists): under the bound they stop part way.
		var rep runJSON
		r := cli(t, "run", "-algo", "lelann", "-n", tc.n, "-engine", tc.engine, "-max-mem", tc.mem, "-json")
		r.decode(t, &rep)
		if r.code != 4 || !strings.Contains(r.stderr, "cap reached (not a verdict): max-mem "+tc.mem) || rep.Steps == 0 || rep.Quiescent || len(rep.Violations) != 0 {
			t.Errorf("run -engine %s under -max-mem %s: want a partial run (some steps, unfinished, no violation):\n%s", tc.engine, tc.mem, r)
		}
	}
	r := cli(t, "check", "-algo", "lelann", "-n", "600", "-schedules", "2", "-max-mem", "16MiB")
	if r.code != 4 || !strings.Contains(r.stdout, "max-mem 16MiB") {
		t.Errorf("check under a small -max-mem:\n%s", r)
	}
	var rep render.ExploreReport
	cli(t, "explore", "-algo", "lelann", "-ids", "3,1,2,5,4", "-max-mem", "64KiB", "-json").mustCode(t, 4).decode(t, &rep)
	if rep.Complete || !strings.Contains(rep.Incomplete, "max-mem 64KiB") || rep.MemEstimate > 64<<10 {
		t.Errorf("explore under 64KiB: complete %v, incomplete %q, estimate %d", rep.Complete, rep.Incomplete, rep.MemEstimate)
	}
}

// TestTraceLimits: run -trace over the trace limit writes no file and
// summarises the execution on stderr. (The limit's parts have their unit
// tests: internal/runner's TestSaveCounterexampleOverLimit, traces'
// TestSnapshotLimit.)
func TestTraceLimits(t *testing.T) {
	dir := t.TempDir()
	defer func(old int) { runner.TraceMaxEvents = old }(runner.TraceMaxEvents)
	runner.TraceMaxEvents = 10
	tp := filepath.Join(dir, "run.json")
	r := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-trace", tp).mustCode(t, 0)
	if !strings.Contains(r.stderr, "trace not written to "+tp+": the execution has 24 events, over the trace limit of 10 (summary: no violation)") || !strings.Contains(r.stdout, "leader       5") {
		t.Errorf("run -trace over the limit:\n%s", r)
	}
	if _, err := os.Stat(tp); err == nil {
		t.Errorf("run -trace over the limit wrote %s", tp)
	}
}

// TestExploreCyclesLine: an incomplete search does not say every
// execution ends (the line itself: internal/render's TestCycleLine).
func TestExploreCyclesLine(t *testing.T) {
	// End to end: an incomplete search does not say every execution ends.
	out := cli(t, "explore", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-max-states", "55").mustCode(t, 4).stdout
	if strings.Contains(out, "every execution ends") || !strings.Contains(out, "search incomplete") {
		t.Errorf("incomplete explore:\n%s", out)
	}
}
