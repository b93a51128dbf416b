package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// command runs the command in-process and returns its exit status and
// outputs.
func command(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestCommand: the electlab commands know hsring: list shows it, run
// elects the highest id and writes a trace that replay replays exactly,
// explore searches every schedule, check finds no violation.
func TestCommand(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "run.json")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"list"}, []string{"hsring — Hirschberg–Sinclair", "claim      HS-4 (bound", "changroberts — "}},
		{[]string{"run", "-algo", "hsring", "-n", "5", "-trace", trace}, []string{"leader       5, agreed by every live process", "violations   none"}},
		{[]string{"replay", trace}, []string{"algo=hsring", "outcome: leader=5 agreed=true"}},
		{[]string{"explore", "-algo", "hsring", "-n", "4", "-counts"}, []string{"verdict      no violation", "(search complete)"}},
		{[]string{"check", "-algo", "hsring", "-n", "5", "-schedules", "100", "-out", t.TempDir()}, []string{"no violation in 100 schedules"}},
	} {
		code, out, errs := command(c.args...)
		if code != 0 {
			t.Errorf("hsring %s: exit status %d\n%s%s", strings.Join(c.args, " "), code, out, errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("hsring %s: the output has no %q:\n%s", strings.Join(c.args, " "), w, out)
			}
		}
	}
}

// TestCommandBadInput: an unknown algorithm is bad input (exit status 2)
// that names hsring among the known ones.
func TestCommandBadInput(t *testing.T) {
	code, _, errs := command("run", "-algo", "hsrin", "-n", "3")
	if code != 2 || !strings.Contains(errs, `unknown algorithm "hsrin"`) || !strings.Contains(errs, "hsring") {
		t.Errorf("exit status %d, stderr %q", code, errs)
	}
}
