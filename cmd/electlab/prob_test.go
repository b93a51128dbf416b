package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProbBound: explore -bound with probabilistic names builds the
// configuration's Markov decision process and judges the bound on the
// exact answers: Le Lann at n = 3 elects with probability 1 and sends at
// most 18 messages in expectation under every scheduler (explore's exact
// maximum, since nothing is random); a bound the answers break is a
// violation (exit 1) naming the values.
func TestProbBound(t *testing.T) {
	r := cli(t, "explore", "-algo", "lelann", "-n", "3", "-bound", "Pmin[elected] == 1 and Emax[sends] <= 18").mustCode(t, 0)
	for _, want := range []string{"states       335 distinct", "  Emax[sends]   = 18\n", "  Pmin[elected] = 1\n", "verdict      bound Pmin[elected] == 1 and Emax[sends] <= 18 holds"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("explore does not print %q:\n%s", want, r)
		}
	}
	r = cli(t, "explore", "-algo", "lelann", "-n", "3", "-bound", "Emax[sends] < 18").mustCode(t, 1)
	if !strings.Contains(r.stdout, `VIOLATION    bound "Emax[sends] < 18" fails: 18 against 18 (Emax[sends]=18)`) {
		t.Errorf("explore does not report the failed bound:\n%s", r)
	}
	var rep struct {
		States  int
		Answers []struct {
			Name, Value string
			Infinite    bool
		}
		Holds bool
	}
	cli(t, "explore", "-algo", "lelann", "-n", "3", "-bound", "Emin[sends until elected] >= 1", "-json").mustCode(t, 0).decode(t, &rep)
	if rep.States != 335 || !rep.Holds || len(rep.Answers) != 1 || rep.Answers[0].Name != "Emin[sends until elected]" {
		t.Errorf("explore -json = %+v", rep)
	}
}

// TestProbBoundInfinite: Bully with its coordinator crashed has a timeout
// cycle an unrestricted scheduler can repeat for ever: Emax[sends] is
// infinite, printed as such, and a bound comparing it has no verdict
// (exit 2), never a number standing in for infinity.
func TestProbBoundInfinite(t *testing.T) {
	r := cli(t, "explore", "-algo", "bully", "-n", "3", "-crashed", "3", "-initiators", "1", "-bound", "Emax[sends] <= 100").mustCode(t, 2)
	if !strings.Contains(r.stdout, "Emax[sends] = infinity") || !strings.Contains(r.stdout, "verdict      none: the bound cannot be evaluated") {
		t.Errorf("explore does not show the infinite answer:\n%s", r)
	}
	if !strings.Contains(r.stderr, "Emax[sends] is infinite") {
		t.Errorf("stderr does not say why:\n%s", r.stderr)
	}
	cli(t, "explore", "-algo", "bully", "-n", "3", "-crashed", "3", "-initiators", "1", "-bound", "Pmin[quiescent] == 0 and Pmax[quiescent] == 1").mustCode(t, 0)
}

// TestProbBoundRefusals: flags of the search that do not apply, names of
// the wrong scope, malformed keys and a cap reached are each refused with
// a line naming the problem; a cap is exit 4, not a verdict.
func TestProbBoundRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-bfs", "-bound", "Pmin[elected] == 1"}, 2, "-bfs does not apply to a bound with probabilistic names"},
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-dist", "local:2", "-bound", "Pmin[elected] == 1"}, 2, "-dist does not apply"},
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-workers", "2", "-bound", "Pmin[elected] == 1"}, 2, "-workers does not apply"},
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-bound", "Pmin[leader] == 1"}, 2, `column 6: Pmin[leader]: unknown predicate "leader"`},
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-bound", "Pmin[elected within three rounds] == 1"}, 2, `the bound "three" is not a whole number`},
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-bound", "Pmin[elected] == 1 and sends <= 9"}, 2, `unknown counter "sends"`},
		{[]string{"run", "-algo", "lelann", "-n", "3", "-bound", "Pmin[elected] == 1"}, 2, "Pmin[elected] is a probabilistic name: only explore -bound reads it"},
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-max-states", "10", "-bound", "Pmin[elected] == 1"}, 4, "more than 10 states (cap reached"},
		{[]string{"explore", "-algo", "lelann", "-n", "3", "-max-mem", "64KiB", "-bound", "Pmin[elected] == 1"}, 4, "estimated memory reached the bound of 64KiB"},
		// The MDP's 15 states fit; its product with "sends so far" (a
		// timeout cycle that sends for ever) does not.
		{[]string{"explore", "-algo", "bully", "-n", "3", "-crashed", "3", "-initiators", "1", "-max-states", "100", "-bound", "Pmax[elected within 200 sends] >= 0"}, 4, "the product with the bound on the counter has more than 100 states (cap reached"},
	} {
		line := cli(t, c.args...).mustCode(t, c.code).oneErrorLine(t)
		if !strings.Contains(line, c.want) {
			t.Errorf("%v: %s\nwant it to contain %q", c.args, line, c.want)
		}
	}
}

// TestProbWitness: a failed probabilistic bound writes, for each answer it
// read, the scheduler attaining it as a trace that replays: Bully's
// timeout cycle for Pmin[quiescent] = 0, a lasso whose cycle the report
// names; a bounded query has no memoryless scheduler and says so.
func TestProbWitness(t *testing.T) {
	dir := t.TempDir()
	r := cli(t, "explore", "-algo", "bully", "-n", "3", "-crashed", "3", "-initiators", "1", "-bound", "Pmin[quiescent] > 0 and Pmax[elected within 4 steps] >= 0", "-out", dir).mustCode(t, 1)
	for _, want := range []string{
		"Pmin[quiescent]: the scheduler attaining it; its most likely path (9 events, probability 1) ends in a cycle the scheduler repeats for ever, never reaching quiescent, the events from number 6 on repeating for ever",
		"Pmax[elected within 4 steps]: no witness: ",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("explore does not print %q:\n%s", want, r)
		}
	}
	path := tracePathIn(t, dir)
	if !strings.HasSuffix(path, "electlab-bully-witness-Pmin-quiescent.json") {
		t.Errorf("witness trace %s", path)
	}
	rr := cli(t, "replay", path, "-render", "none").mustCode(t, 0)
	if !strings.Contains(rr.stderr+rr.stdout, "replayed exactly") {
		t.Errorf("the witness does not replay:\n%s", rr)
	}
	if tr := loadTrace(t, path); len(tr.Steps) != 9 || !strings.Contains(tr.Note, "the scheduler attaining Pmin[quiescent] = 0") {
		t.Errorf("trace: %d steps, note %q", len(tr.Steps), tr.Note)
	}
}

// TestProbabilityClaimsReport: the Itai–Rodeh claims HOLD with their
// exact answers in the report (report.json's answers), a row whose
// queries have a bound L gets a plot, and the directory is the same bytes
// twice over.
func TestProbabilityClaimsReport(t *testing.T) {
	d1, d2 := t.TempDir(), t.TempDir()
	r := cli(t, "claims", "-algo", "itairodeh-sync", "-claim", "IR-SYNC-3", "-out", d1).mustCode(t, 0)
	if !strings.Contains(r.stdout, "IR-SYNC-3  itairodeh-sync  HOLDS") || !strings.Contains(r.stdout, "24 exact answers (every scheduler and coin)") {
		t.Errorf("claims does not show the claim's verdict and evidence:\n%s", r)
	}
	cli(t, "claims", "-algo", "itairodeh-sync", "-claim", "IR-SYNC-3", "-out", d2).mustCode(t, 0)
	for _, f := range []string{"report.json", "report.md", "report.html", "plots/IR-SYNC-3-itairodeh-sync-1.svg", "plots/IR-SYNC-3-itairodeh-sync-2.png"} {
		b1, err1 := os.ReadFile(filepath.Join(d1, f))
		b2, err2 := os.ReadFile(filepath.Join(d2, f))
		if err1 != nil || err2 != nil || !bytes.Equal(b1, b2) {
			t.Errorf("%s: %v %v, or it differs between two runs", f, err1, err2)
		}
	}
	var rep struct {
		Claims []struct {
			ID   string
			Rows []struct {
				Answers []struct {
					N            int
					Query, Value string
					Claimed      string
					Within       int64
					Holds        bool
				}
			}
		}
		Randomized *struct {
			Claims []struct {
				ID      string
				Answers []struct {
					N                 int
					Query             string
					Min, Max, Claimed struct{ Exact, Decimal string }
					Agrees            bool
				}
				Plots []string
			}
			PRISM struct {
				Rows []struct {
					N, K, States int
					From         string
				}
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(d1, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	a := rep.Claims[0].Rows[0].Answers[0]
	if rep.Claims[0].ID != "IR-SYNC-3" || a.N != 3 || a.Query != "Pmin[elected within 1 rounds]" || a.Value != "3/4" || a.Claimed != "3/4" || a.Within != 1 || !a.Holds {
		t.Errorf("report.json's first answer: %+v", a)
	}
	// The randomized elections section: the same answers, min and max
	// paired, the row plots, and the state count PRISM's leader_sync
	// table has a row for (n=3, K=2) from the run; K = 4 is not in it.
	rz := rep.Randomized
	if rz == nil || len(rz.Claims) != 1 || rz.Claims[0].ID != "IR-SYNC-3" || len(rz.Claims[0].Answers) != 12 || len(rz.Claims[0].Plots) != 2 {
		t.Fatalf("report.json's randomized section: %+v", rz)
	}
	if ra := rz.Claims[0].Answers[0]; ra.N != 3 || ra.Query != "P[elected within 1 rounds]" || ra.Min.Exact != "3/4" || ra.Max.Decimal != "0.750000" || ra.Claimed.Exact != "3/4" || !ra.Agrees {
		t.Errorf("the section's first answer: %+v", ra)
	}
	if pr := rz.PRISM.Rows; len(pr) != 4 || pr[0].States != 21 || pr[0].From != "IR-SYNC-3 row 1, n=3" || pr[1].From != "" {
		t.Errorf("the section's PRISM rows: %+v", pr)
	}
	if !strings.Contains(r.stdout, "Randomized elections") || !strings.Contains(r.stdout, "PRISM 26 states, electlab 21 (IR-SYNC-3 row 1, n=3); (N, K) = (3, 4): PRISM 147 states, electlab not in this run") {
		t.Errorf("claims does not print the randomized elections section:\n%s", r)
	}
}
