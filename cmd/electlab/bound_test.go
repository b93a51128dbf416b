package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoundCheckHoldsWithOneInitiator: Chang–Roberts with one initiator
// sends at most 3n-1 messages: check -bound finds nothing (exit 0).
func TestBoundCheckHoldsWithOneInitiator(t *testing.T) {
	r := cli(t, "check", "-algo", "changroberts", "-n", "6", "-initiators", "1", "-bound", "sends <= 3*n-1", "-schedules", "200", "-out", t.TempDir()).mustCode(t, 0)
	if !strings.Contains(r.stdout, "and the bound sends <= 3*n - 1") {
		t.Errorf("check does not say it checked the bound:\n%s", r)
	}
}

// TestBoundCheckCatchesViolation: with every process initiating on the
// descending ring the same bound fails: exit 1, a trace whose violation
// is the bound, which replays (the bound read back from the trace) and
// which shrink cannot shorten (it is minimal).
func TestBoundCheckCatchesViolation(t *testing.T) {
	dir := t.TempDir()
	r := cli(t, "check", "-algo", "changroberts", "-n", "6", "-order", "desc", "-initiators", "all", "-bound", "sends <= 3*n-1", "-out", dir).mustCode(t, 1)
	path := tracePathIn(t, dir)
	if !strings.Contains(r.stdout, `bound "sends <= 3*n - 1" fails`) {
		t.Errorf("check does not print the failed bound:\n%s", r)
	}
	tr := loadTrace(t, path)
	if tr.Violation == nil || tr.Violation.Property != "bound" {
		t.Fatalf("the trace records %+v, want a bound violation", tr.Violation)
	}
	wantReplay(t, path, "violation reproduced")
	out := filepath.Join(dir, "shrunk.json")
	sr := cli(t, "shrink", path, "-o", out).mustCode(t, 0)
	st := loadTrace(t, out)
	if len(st.Steps) != len(tr.Steps) {
		t.Errorf("check's trace is not minimal: shrink took it from %d to %d events:\n%s", len(tr.Steps), len(st.Steps), sr)
	}
}

// TestBoundCatchesBrokenVariant: the literal "resend" reading of
// Chang–Roberts sends more than the swallow reading's exact maximum
// (n^2 + 3n)/2 (electlab fit's formula); the bound holds on the swallow
// reading and catches the resend one.
func TestBoundCatchesBrokenVariant(t *testing.T) {
	args := []string{"check", "-algo", "changroberts", "-n", "5", "-order", "desc", "-bound", "sends <= (n^2 + 3n)/2", "-schedules", "100"}
	cli(t, append(args, "-out", t.TempDir())...).mustCode(t, 0)
	cli(t, append(args, "-variant", "resend", "-out", t.TempDir())...).mustCode(t, 1)
}

// TestBoundPerKind: per-kind counters, keys in any case.
func TestBoundPerKind(t *testing.T) {
	for _, b := range []string{"sends[elect] <= n*(n+1)/2", "sends[ELECT] <= n*(n+1)/2 and sends[coord] == n"} {
		cli(t, "check", "-algo", "changroberts", "-n", "6", "-order", "desc", "-bound", b, "-schedules", "100", "-out", t.TempDir()).mustCode(t, 0)
	}
	cli(t, "check", "-algo", "changroberts", "-n", "6", "-order", "desc", "-bound", "sends[elect] < n*(n+1)/2", "-schedules", "100", "-out", t.TempDir()).mustCode(t, 1)
}

// TestBoundRun: run judges the bound on its one execution (text and
// JSON); violated, it exits 1.
func TestBoundRun(t *testing.T) {
	r := cli(t, "run", "-algo", "changroberts", "-n", "6", "-bound", "sends <= 3*n-1").mustCode(t, 0)
	if !strings.Contains(r.stdout, "bound        sends <= 3*n - 1: holds (decided by 17 against 17)") {
		t.Errorf("run does not show the bound:\n%s", r)
	}
	r = cli(t, "run", "-algo", "changroberts", "-n", "6", "-order", "desc", "-timing", "sync", "-bound", "rounds <= 2*n and sends <= 3*n-1", "-json").mustCode(t, 1)
	var rep struct {
		Bound struct {
			Bound    string
			Holds    bool
			LHS, RHS string
		}
	}
	r.decode(t, &rep)
	if rep.Bound.Holds || rep.Bound.LHS != "27" || rep.Bound.RHS != "17" {
		t.Errorf("run -json bound = %+v, want a failure 27 against 17", rep.Bound)
	}
}

// TestBoundExplore: explore checks the bound at every quiescent state;
// it refuses names that are not exact over a search.
func TestBoundExplore(t *testing.T) {
	cli(t, "explore", "-algo", "changroberts", "-n", "5", "-initiators", "1", "-bound", "sends <= 3*n-1", "-out", t.TempDir()).mustCode(t, 0)
	dir := t.TempDir()
	r := cli(t, "explore", "-algo", "changroberts", "-n", "5", "-order", "desc", "-bound", "sends <= 3*n-1", "-out", dir).mustCode(t, 1)
	if !strings.Contains(r.stdout, "VIOLATION    bound") {
		t.Errorf("explore does not report the bound violation:\n%s", r)
	}
	cli(t, "replay", tracePathIn(t, dir), "-render", "none").mustCode(t, 0)
	line := cli(t, "explore", "-algo", "changroberts", "-n", "4", "-bound", "steps < 100").mustCode(t, 2).oneErrorLine(t)
	if !strings.Contains(line, "column 1") || !strings.Contains(line, "exhaustive search keeps only the totals") {
		t.Errorf("explore's refusal of steps does not explain itself: %s", line)
	}
}

// TestBoundErrors: a malformed bound, an unknown counter, a number where
// a comparison is needed and a division by zero are bad input (exit 2)
// naming the column.
func TestBoundErrors(t *testing.T) {
	for _, c := range []struct {
		cmd, bound, want string
	}{
		{"check", "sends <= 3*n -", "column 15: expected a number"},
		{"check", "sendz <= n", `column 1: unknown counter "sendz" (known: crashed, deliveries, forwards, initiators, live, n, sends, sr, steps, time_hops, transmissions)`},
		{"check", "sends[ELECTION] <= n", `column 7: unknown key "ELECTION" of sends (known: coord, elect)`},
		{"run", "3*n", "column 1"},
		{"run", "rounds < n", `"rounds" counts lock-step rounds: it is only available under sync timing (-timing sync)`},
		{"run", "sends/(n - 6) < 1", "column 6: division by zero"},
		{"check", "sends/(n - 6) < 1", "column 6: division by zero"},
		{"explore", "sends/(n - 6) < 1", "column 6: division by zero"},
		{"check", "", "empty bound"},
	} {
		args := []string{c.cmd, "-algo", "changroberts", "-n", "6", "-bound", c.bound}
		if c.cmd != "run" {
			args = append(args, "-out", t.TempDir())
		}
		line := cli(t, args...).mustCode(t, 2).oneErrorLine(t)
		if !strings.Contains(line, c.want) {
			t.Errorf("%s -bound %q: %s\nwant it to contain %q", c.cmd, c.bound, line, c.want)
		}
	}
	cli(t, "check", "-algo", "changroberts", "-n", "4", "-claim", "C-RING1-5", "-bound", "sends < n").mustCode(t, 2)
}

// TestBoundEvaluationErrorIsBadInput: a bound that divides by zero on the
// executions it judges (sends/(n-3) at n = 3) is bad input, exit 2 naming
// the bound and the column, through every command that judges it: check
// and explore (-bound), and replay and shrink (a trace whose recorded
// bound violation names it; here a check trace edited by hand). No trace
// is written and no violation is reproduced.
func TestBoundEvaluationErrorIsBadInput(t *testing.T) {
	const want = `-bound "sends/(n - 3) <= 1": column 6: division by zero (8/0)`
	for _, cmd := range []string{"check", "explore"} {
		dir := t.TempDir()
		line := cli(t, cmd, "-algo", "changroberts", "-n", "3", "-bound", "sends/(n-3) <= 1", "-out", dir).mustCode(t, 2).oneErrorLine(t)
		if line != "electlab: "+want {
			t.Errorf("%s: %s\nwant electlab: %s", cmd, line, want)
		}
		if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
			t.Errorf("%s wrote %v", cmd, files)
		}
	}
	dir := t.TempDir()
	cli(t, "check", "-algo", "changroberts", "-n", "3", "-bound", "sends <= 1", "-out", dir).mustCode(t, 1)
	path := tracePathIn(t, dir)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old := `bound \"sends <= 1\" fails: 8 against 1 (sends=8)`
	if !strings.Contains(string(data), old) {
		t.Fatalf("the trace does not record %s:\n%s", old, data)
	}
	edited := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(edited, []byte(strings.Replace(string(data), old, `bound \"sends/(n - 3) <= 1\" fails: 8 against 1 (sends=8, n=3)`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	wantLine := "electlab: " + edited + `: the recorded bound "sends/(n - 3) <= 1": column 6: division by zero (8/0)`
	for _, args := range [][]string{{"replay", edited, "-render", "none"}, {"shrink", edited, "-o", filepath.Join(t.TempDir(), "shrunk.json")}} {
		if line := cli(t, args...).mustCode(t, 2).oneErrorLine(t); line != wantLine {
			t.Errorf("%s: %s\nwant %s", args[0], line, wantLine)
		}
	}
}
