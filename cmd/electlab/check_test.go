package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// refutingCheck is a check that finds a counterexample to C-RING1-5 (Chang
// and Roberts' 3n-1 message bound) with two initiators under the resend
// reading.
func refutingCheck(dir string, extra ...string) []string {
	return append([]string{"check", "-algo", "changroberts", "-variant", "resend", "-ids", "3,1,2",
		"-initiators", "3,1", "-claim", "C-RING1-5", "-schedules", "50", "-out", dir}, extra...)
}

// tracePathIn returns the single .json file under dir.
func tracePathIn(t *testing.T, dir string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) != 1 {
		t.Fatalf("want one trace under %s, got %v (%v)", dir, files, err)
	}
	return files[0]
}

func TestCheckFindsViolationAndReplays(t *testing.T) {
	dir := t.TempDir()
	r := cli(t, refutingCheck(dir)...).mustCode(t, 1)
	path := tracePathIn(t, dir)
	if !strings.Contains(r.stdout, "VIOLATION") || !strings.Contains(r.stdout, path) {
		t.Errorf("check does not print the violation and the trace path %s:\n%s", path, r)
	}
	line := r.oneErrorLine(t)
	if !strings.Contains(line, "trace written to "+path) {
		t.Errorf("the finding line does not name the trace: %s", line)
	}

	tr := loadTrace(t, path)
	if tr.Violation == nil || tr.Violation.Property != "C-RING1-5/bound" {
		t.Errorf("the trace records violation %+v, want the claim's bound (C-RING1-5/bound)", tr.Violation)
	}
	if !tr.Snapshots || len(tr.Steps) == 0 || tr.Config.Variant != "resend" {
		t.Errorf("trace: snapshots %t, %d steps, variant %q", tr.Snapshots, len(tr.Steps), tr.Config.Variant)
	}
	if !strings.Contains(tr.Note, "C-RING1-5") {
		t.Errorf("the trace note does not say what was checked: %q", tr.Note)
	}

	rr := cli(t, "replay", path).mustCode(t, 0)
	if line := rr.oneErrorLine(t); !strings.Contains(line, "violation reproduced") {
		t.Errorf("replay does not report the reproduced violation: %s", line)
	}
	if !strings.Contains(rr.stdout, "violation of C-RING1-5/bound") {
		t.Errorf("the rendering does not show the violation:\n%s", rr)
	}

	// The same search with -json.
	dir2 := t.TempDir()
	rj := cli(t, refutingCheck(dir2, "-json")...).mustCode(t, 1)
	var js struct {
		Violation *struct {
			Property string `json:"property"`
			Message  string `json:"message"`
		} `json:"violation"`
		Trace          string `json:"trace"`
		Events         int    `json:"events"`
		SchedulesTried int    `json:"schedules_tried"`
	}
	rj.decode(t, &js)
	if js.Violation == nil || js.Violation.Property != "bound" || js.Trace != tracePathIn(t, dir2) || js.Events != len(tr.Steps) || js.SchedulesTried < 1 {
		t.Errorf("check -json: %+v", js)
	}
	// Deterministic: the same search writes the same trace.
	if string(readFile(t, path)) != string(readFile(t, js.Trace)) {
		t.Errorf("two identical check runs wrote different traces")
	}
}

func TestCheckNoViolation(t *testing.T) {
	dir := t.TempDir()
	for _, algo := range []string{"changroberts", "lelann", "ringpoll"} {
		r := cli(t, "check", "-algo", algo, "-ids", "3,1,2,5,4", "-schedules", "50", "-out", dir).mustCode(t, 0)
		if !strings.Contains(r.stdout, "no violation in 50 schedules") {
			t.Errorf("%s:\n%s", algo, r)
		}
		if r.stderr != "" {
			t.Errorf("%s: a clean check wrote on stderr:\n%s", algo, r)
		}
	}
	r := cli(t, "check", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-claim", "C-RING1-6", "-schedules", "30", "-out", dir, "-json").mustCode(t, 0)
	var js map[string]any
	r.decode(t, &js)
	if v, ok := js["violation"]; !ok || v != nil || js["schedules_tried"] != float64(30) || !strings.Contains(js["checked"].(string), "C-RING1-6") {
		t.Errorf("check -json without violation: %v", js)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a clean check wrote files: %v", entries)
	}
}

// TestCheckTracesReplay: every counterexample check writes replays and
// reproduces its violation, for generic properties and faults too.
func TestCheckTracesReplay(t *testing.T) {
	for _, cfg := range [][]string{
		{"-algo", "changroberts", "-ids", "3,1,2,5,4", "-crash-budget", "2", "-forwarding", "false"},
		{"-algo", "ringpoll", "-ids", "3,1,2,5,4", "-crash-budget", "1"},
		{"-algo", "ringpoll", "-ids", "3,1,2,5,4", "-recovery", "-crash-budget", "2"},
		{"-algo", "lelann", "-ids", "3,1,2", "-absent", "4"},
		{"-algo", "ringpoll", "-ids", "3,1,2", "-absent", "4", "-crash-budget", "1", "-staggered"},
	} {
		dir := t.TempDir()
		args := append(append([]string{"check"}, cfg...), "-schedules", "200", "-out", dir)
		r := cli(t, args...)
		if r.code == 0 {
			continue // nothing found: nothing to replay
		}
		r.mustCode(t, 1)
		path := tracePathIn(t, dir)
		wantReplay(t, path, "violation reproduced")
	}
}

func TestReplayFindings(t *testing.T) {
	dir := t.TempDir()
	good := recordTrace(t, dir)

	ceDir := t.TempDir()
	cli(t, refutingCheck(ceDir)...).mustCode(t, 1)
	// Each edited trace replays as a finding (exit 1) whose one error line
	// names the file and says want.
	for _, c := range []struct {
		what, src, name, want string
		edit                  func(m map[string]any)
	}{
		// A fingerprint that does not match: the replay diverges.
		{"divergence", good, "diverges.json", "diverges at step 4", func(m map[string]any) {
			traceEvents(t, m)[3].(map[string]any)["fp"] = "0000000000000000"
		}},
		// A recorded violation that does not happen.
		{"violation that does not reproduce", good, "norepro.json", "does not reproduce", func(m map[string]any) {
			m["violation"] = map[string]any{"property": "agreement", "step": 0, "message": "made up"}
		}},
		// A real violation recorded at the wrong step.
		{"violation at another step", tracePathIn(t, ceDir), "moved.json", "reproduces as", func(m map[string]any) {
			m["violation"].(map[string]any)["step"] = 2
		}},
	} {
		path := editTrace(t, c.src, dir, c.name, c.edit)
		r := cli(t, "replay", path).mustCode(t, 1)
		if line := r.oneErrorLine(t); !strings.Contains(line, path) || !strings.Contains(line, c.want) {
			t.Errorf("%s: %s", c.what, line)
		}
	}

	// A violation of a generic property that the trace does not record
	// is reported, with exit 0.
	genDir := t.TempDir()
	cli(t, "check", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-crash-budget", "2", "-forwarding", "false", "-schedules", "50", "-out", genDir).mustCode(t, 1)
	unrecorded := editTrace(t, tracePathIn(t, genDir), dir, "unrecorded.json", func(m map[string]any) { delete(m, "violation") })
	r := cli(t, "replay", unrecorded, "-render", "none").mustCode(t, 0)
	if line := r.oneErrorLine(t); !strings.Contains(line, "does not record") {
		t.Errorf("unrecorded violation: %s", line)
	}
}

// TestReplayCheckedInTraces: the repository's own traces replay through
// the command line.
func TestReplayCheckedInTraces(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "traces", "*.json"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "counterexamples", "*.json"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("no checked-in traces")
	}
	for _, f := range files {
		wantReplay(t, f, "replayed exactly")
	}
}

// TestReplayOutcomeDiverges: a recorded outcome the replay does not reach
// is a diverging replay (exit 1), like a fingerprint that does not match.
func TestReplayOutcomeDiverges(t *testing.T) {
	dir := t.TempDir()
	good := recordTrace(t, dir)
	// A recorded outcome the replay does not reach is a divergence too.
	outc := editTrace(t, good, dir, "outcome.json", func(m map[string]any) {
		m["outcome"].(map[string]any)["leader"] = 2
	})
	r := cli(t, "replay", outc, "-render", "none")
	fixedBug(t, r.code == 2 && strings.Contains(r.stderr, "the outcome differs"),
		"BUG-11: replay exits 2 (bad input), not 1 (diverging replay), when the replayed outcome differs from the recorded one")
	r.mustCode(t, 1)
	if line := r.oneErrorLine(t); !strings.Contains(line, outc) || !strings.Contains(line, "outcome") {
		t.Errorf("outcome divergence: %s", line)
	}

}

// TestShippedCounterexamples: the counterexamples shipped in
// testdata/traces are, byte for byte, what the commands that found them
// write today (so they cannot go stale), and they replay (as
// TestReplayCheckedInTraces replays every shipped trace).
func TestShippedCounterexamples(t *testing.T) {
	for _, tc := range []struct {
		shipped string   // under testdata/traces
		args    []string // the command, without -out
		wrote   string   // the file it writes in -out
		code    int
	}{
		// Kabashi's election with every process a detector and the
		// highest crashed: two coordinators, and live processes that
		// disagree (docs/SCALE.md's distributed search finds the same).
		{"kabashi-n4-crashed4-single-coordinator.json",
			[]string{"explore", "-algo", "kabashi", "-n", "4", "-crashed", "4", "-bfs", "-props", "single-coordinator,agreement"},
			"electlab-kabashi-single-coordinator-explore.json", 1},
		// Chang–Roberts with one crash left to the adversary: the fair
		// continuation cycles (schedule 22 of 30).
		{"changroberts-31254-crash-budget1-termination.json",
			[]string{"check", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-crash-budget", "1", "-schedules", "30"},
			"electlab-changroberts-termination-seed22.json", 1},
		// Raft with servers that vote twice in a term (a broken
		// variant): two leaders of term 1, against Election Safety,
		// the algorithm's own invariant (docs/PROBABILITY.md).
		{"raft-vote-twice-election-safety.json",
			[]string{"explore", "-algo", "raft", "-n", "3", "-timing", "sync", "-variant", "vote-twice"},
			"electlab-raft-claim-explore.json", 1},
	} {
		dir := t.TempDir()
		cli(t, append(tc.args, "-out", dir)...).mustCode(t, tc.code)
		got, err := os.ReadFile(filepath.Join(dir, tc.wrote))
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		path := filepath.Join("..", "..", "testdata", "traces", tc.shipped)
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what `electlab %s` writes today; regenerate it with -out and copy %s", path, strings.Join(tc.args, " "), tc.wrote)
		}
	}
}
