package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"example.com/hsring"
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
// explore searches every schedule, check finds no violation, claims
// checks its claims.
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
		{[]string{"claims", "-algo", "hsring", "-max-n", "3", "-cases", "2"}, []string{"HS-1   hsring     HOLDS", "HS-4   hsring     HOLDS"}},
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

// TestPrintedReplayRuns: a check that finds a violation, run as a user
// runs this command (go run), prints a replay command that names this
// program, not stock electlab (which does not know hsring), and that
// command, run as printed, replays the trace.
func TestPrintedReplayRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command with go run")
	}
	out, code := sh(t, "go run . check -algo hsring -n 4 -bound 'sends <= 1' -out "+t.TempDir())
	m := regexp.MustCompile(`replay with: (.*)\)\n`).FindStringSubmatch(out)
	if code != 1 || m == nil {
		t.Fatalf("check: exit status %d (want 1) and no replay command:\n%s", code, out)
	}
	if want := "go run example.com/hsring/cmd/hsring replay "; !strings.HasPrefix(m[1], want) {
		t.Errorf("replay command %q: want it to start %q", m[1], want)
	}
	out, code = sh(t, m[1])
	if code != 0 || !strings.Contains(out, "replayed exactly; violation reproduced") {
		t.Errorf("%s: exit status %d, want 0 and the violation reproduced:\n%s", m[1], code, out)
	}
}

// sh runs command with sh in this directory and returns its output and
// exit status.
func sh(t *testing.T, command string) (string, int) {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// TestCommandBadInput: an unknown algorithm is bad input (exit status 2)
// that names hsring among the known ones; so is claims -compare with a
// filter.
func TestCommandBadInput(t *testing.T) {
	code, _, errs := command("run", "-algo", "hsrin", "-n", "3")
	if code != 2 || !strings.Contains(errs, `unknown algorithm "hsrin"`) || !strings.Contains(errs, "hsring") {
		t.Errorf("exit status %d, stderr %q", code, errs)
	}
	code, _, errs = command("claims", "-compare", "-algo", "hsring")
	if code != 2 || !strings.Contains(errs, "-compare prints the comparison alone") {
		t.Errorf("claims -compare -algo hsring: exit status %d, stderr %q", code, errs)
	}
}

// TestClaimsCompare: the claims report's comparison of ring elections
// takes its algorithms from the registry cli.Main is given, so hsring
// (model.Info.Compare set) is measured beside electlab's own, last, with
// counts at every size and its exact worst case at n = 2..9; the rows keep
// the registry's order (electlab's, then the extra algorithms given to
// cli.Main). `claims -compare` prints the section alone; the full `claims`
// ends with the same section.
func TestClaimsCompare(t *testing.T) {
	code, out, errs := command("claims", "-compare", "-json")
	if code != 0 {
		t.Fatalf("claims -compare -json: exit status %d\n%s", code, errs)
	}
	var rep struct {
		Comparison struct {
			Rows []struct {
				Algorithm string
				N         int
				Min, Max  int64
				Mean      float64
			}
			Worst []struct {
				Algorithm string
				Points    []struct {
					N   int
					Max int64
				}
				Formula, Exact, Cap string
				NoFit               string `json:"no_fit"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var order []string
	sizes := map[string]int{}
	for _, r := range rep.Comparison.Rows {
		if !slices.Contains(order, r.Algorithm) {
			order = append(order, r.Algorithm)
		}
		sizes[r.Algorithm]++
		if r.Min <= 0 || float64(r.Min) > r.Mean || r.Mean > float64(r.Max) {
			t.Errorf("%s n=%d: min %d, mean %.1f, max %d", r.Algorithm, r.N, r.Min, r.Mean, r.Max)
		}
	}
	want := []string{"lelann", "changroberts", "ringpoll", "fceabr", "franklin", "peterson", "hsring"}
	if !slices.Equal(order, want) || sizes["hsring"] != sizes["lelann"] || sizes["hsring"] == 0 {
		t.Errorf("compared %v (hsring at %d sizes, lelann at %d), want %v at the same sizes", order, sizes["hsring"], sizes["lelann"], want)
	}
	var worst []string
	for _, w := range rep.Comparison.Worst {
		worst = append(worst, w.Algorithm)
		if w.Algorithm != "hsring" {
			continue
		}
		if len(w.Points) != 8 || w.Points[0].N != 2 || w.Cap != "" || (w.Formula == "") == (w.NoFit == "") {
			t.Errorf("hsring's worst case: %+v", w)
		}
		// The exact worst case stays within HS-4's bound 8n(1+⌈log₂ n⌉).
		for _, p := range w.Points {
			if b := hsring.MessageBound(claim.Params{N: p.N}); claim.RatInt(p.Max).Cmp(b) > 0 {
				t.Errorf("n=%d: worst case %d above %s", p.N, p.Max, b)
			}
		}
		t.Logf("hsring: worst case at n=2..9 %v, formula %q %s%s", w.Points, w.Formula, w.Exact, w.NoFit)
	}
	if !slices.Equal(worst, want) {
		t.Errorf("worst cases of %v, want %v", worst, want)
	}
}
