package main

import (
	"strings"
	"testing"
)

// fitJSON is the part of fit -json the tests read.
type fitJSON struct {
	Points []struct {
		N        int
		Min, Max string
		MaxExact bool `json:"max_exact"`
	}
	Min, Max *struct {
		Fitted *struct {
			Formula string
			Terms   []struct{ Term, Coef string }
			FitN    []int `json:"fit_n"`
			HeldOut []int `json:"held_out_n"`
		}
		NoFit bool `json:"no_fit"`
		Claim *struct {
			DiffN int `json:"differ_at"`
		}
	}
}

// fitFormulas runs fit -json and returns the fitted min and max formulas.
func fitFormulas(t *testing.T, args ...string) (string, string, fitJSON) {
	t.Helper()
	r := cli(t, append(append([]string{"fit"}, args...), "-json")...).mustCode(t, 0)
	var out fitJSON
	r.decode(t, &out)
	if out.Min == nil || out.Min.Fitted == nil || out.Max == nil || out.Max.Fitted == nil {
		t.Fatalf("fit did not fit both sides:\n%s", r)
	}
	return out.Min.Fitted.Formula, out.Max.Fitted.Formula, out
}

// TestFitChangRoberts: every process initiating, every arrangement of the
// ring and every schedule: the best case 3n-1 (ascending ids) and the
// worst case n(n+3)/2 (descending), with exact rational coefficients,
// confirmed on the two held-out sizes.
func TestFitChangRoberts(t *testing.T) {
	lo, hi, out := fitFormulas(t, "-algo", "changroberts", "-n", "2..6")
	if lo != "3n - 1" || hi != "(n^2 + 3n)/2" {
		t.Errorf("fit = %q, %q; want 3n - 1 and (n^2 + 3n)/2", lo, hi)
	}
	terms := out.Max.Fitted.Terms
	if len(terms) != 2 || terms[0].Term != "n^2" || terms[0].Coef != "1/2" || terms[1].Term != "n" || terms[1].Coef != "3/2" {
		t.Errorf("max terms = %+v, want n^2 1/2 and n 3/2", terms)
	}
	if h := out.Max.Fitted.HeldOut; len(h) != 2 || h[0] != 5 || h[1] != 6 {
		t.Errorf("held out %v, want 5,6", h)
	}
	if len(out.Points) != 5 || out.Points[4].Max != "27" || out.Points[4].Min != "17" {
		t.Errorf("points = %+v", out.Points)
	}
}

// TestFitLeLann: Le Lann's ring, every process initiating: n^2 + n to 2n^2
// over the schedules (the arrangement does not matter).
func TestFitLeLann(t *testing.T) {
	lo, hi, _ := fitFormulas(t, "-algo", "lelann", "-order", "asc", "-n", "2..7")
	if lo != "n^2 + n" || hi != "2n^2" {
		t.Errorf("fit = %q, %q; want n^2 + n and 2n^2", lo, hi)
	}
}

// TestFitBullyOneDetector: the Bully algorithm after the coordinator (id
// n) crashed, detected by id 1 alone (sync timing): n^2 - n - 1 messages;
// detected by id n-1, the next best: n - 1.
func TestFitBullyOneDetector(t *testing.T) {
	lo, hi, _ := fitFormulas(t, "-algo", "bully", "-crashed", "n", "-initiators", "1", "-timing", "sync", "-n", "2..8")
	if lo != "n^2 - n - 1" || hi != lo {
		t.Errorf("fit = %q, %q; want n^2 - n - 1 for both", lo, hi)
	}
	lo, hi, _ = fitFormulas(t, "-algo", "bully", "-crashed", "n", "-initiators", "n-1", "-timing", "sync", "-n", "2..8")
	if lo != "n - 1" || hi != lo {
		t.Errorf("fit = %q, %q; want n - 1 for both", lo, hi)
	}
}

// TestFitRefusesWhatDoesNotFit: a quantity outside the families (a
// quartic term) gets no formula, never a near one: exit 1, the points
// printed.
func TestFitRefusesWhatDoesNotFit(t *testing.T) {
	r := cli(t, "fit", "-algo", "changroberts", "-order", "desc", "-n", "2..8", "-counter", "sends + n^4").mustCode(t, 1)
	if strings.Contains(r.stdout, " = ") || !strings.Contains(r.stdout, "no formula of the 24 families tried matches every point of n=2..8 exactly") ||
		!strings.Contains(r.stdout, "n=8   min 4140, max 4140") {
		t.Errorf("fit does not refuse the quartic with its points:\n%s", r)
	}
	r = cli(t, "fit", "-algo", "changroberts", "-order", "desc", "-n", "2..8", "-counter", "sends + n^4", "-json").mustCode(t, 1)
	var out fitJSON
	r.decode(t, &out)
	if out.Min == nil || !out.Min.NoFit || out.Min.Fitted != nil {
		t.Errorf("fit -json does not say no_fit: %+v", out.Min)
	}
}

// TestFitStopsAtCap: a search cut by -max-states stops the range at that
// size; the sizes before it are fitted; exit status 4.
func TestFitStopsAtCap(t *testing.T) {
	r := cli(t, "fit", "-algo", "changroberts", "-n", "2..8", "-max-states", "5000").mustCode(t, 4)
	if !strings.Contains(r.stdout, "cap reached  at n=6") || !strings.Contains(r.stdout, "min sends = 3n - 1   exact on n=2..5") || strings.Contains(r.stdout, "n=6   min") {
		t.Errorf("fit does not stop the range at the cap:\n%s", r)
	}
}

// TestFitTooFewSizes: a side that no family tried fits, where the sizes
// were too few to try them all, is not "no formula matches": it names
// the untried degree and the sizes needed, and is no verdict (exit 4, not
// 1). Chang–Roberts's maximum, (n^2 + 3n)/2, at n = 2..5.
func TestFitTooFewSizes(t *testing.T) {
	r := cli(t, "fit", "-algo", "changroberts", "-n", "2..5").mustCode(t, 4)
	if !strings.Contains(r.stdout, "max sends: no formula of the 10 families tried matches every point of n=2..5 exactly; too few sizes for degree >= 2 (it needs n up to 6; every family, n up to 8): not a verdict") {
		t.Errorf("fit does not say the sizes were too few:\n%s", r)
	}
	if !strings.Contains(r.stderr, "not fitted: ") {
		t.Errorf("fit's error does not say the side was not fitted:\n%s", r)
	}
	r = cli(t, "fit", "-algo", "changroberts", "-n", "2..6").mustCode(t, 0)
	if !strings.Contains(r.stdout, "max sends = (n^2 + 3n)/2") {
		t.Errorf("with the sizes it asked for, fit does not find the maximum:\n%s", r)
	}
}

// TestFitClaim: the fitted maximum beside C-RING1-5's 3n-1: equal with one
// initiator, different from n=3 on with every process initiating.
func TestFitClaim(t *testing.T) {
	r := cli(t, "fit", "-algo", "changroberts", "-initiators", "1", "-n", "2..7", "-claim", "C-RING1-5").mustCode(t, 0)
	if !strings.Contains(r.stdout, "the fitted max equals the claimed formula at every n=2..64") {
		t.Errorf("fit -claim does not confirm the claim:\n%s", r)
	}
	_, _, out := fitFormulas(t, "-algo", "changroberts", "-order", "desc", "-n", "2..7", "-claim", "C-RING1-5")
	if out.Max.Claim == nil || out.Max.Claim.DiffN != 3 {
		t.Errorf("fit -claim: %+v, want a difference at n=3", out.Max.Claim)
	}
}

// TestFitMean: -mean is labelled statistical and fits sampled means.
func TestFitMean(t *testing.T) {
	r := cli(t, "fit", "-algo", "changroberts", "-n", "3..8", "-mean", "-runs", "30", "-counter", "sends[elect]").mustCode(t, 0)
	if !strings.Contains(r.stdout, "STATISTICAL, not exact") || !strings.Contains(r.stdout, "mean sends[elect] ~ ") {
		t.Errorf("fit -mean is not labelled statistical:\n%s", r)
	}
	// A quantity that never varies: the means are exact, and so is their
	// formula (no float noise, no ± 1e-09).
	r = cli(t, "fit", "-algo", "changroberts", "-n", "3..8", "-mean", "-runs", "20", "-counter", "sends[coord]").mustCode(t, 0)
	if !strings.Contains(r.stdout, "mean sends[coord] = n   every sampled run gave the same value at each size: exact on n=3..8") ||
		!strings.Contains(r.stdout, "n=8   mean 8 (every run the same); fitted 8") || strings.Contains(r.stdout, "e-") {
		t.Errorf("fit -mean of a constant quantity is not exact:\n%s", r)
	}
}

// TestFitBadInput: bad flags are exit 2, before anything runs.
func TestFitBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-algo", "changroberts"}, "missing -n LO..HI"},
		{[]string{"-algo", "changroberts", "-n", "8..2"}, "the range is empty"},
		{[]string{"-algo", "changroberts", "-n", "2..3"}, "2 sizes are too few"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-counter", "sends[elect]"}, "column 7"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-counter", "sends <= n"}, "is a comparison, not a quantity"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-counter", "sends/(n-n)"}, "column 6: division by zero"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-crashed", "5"}, "n=2"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-claim", "C-RING1-4"}, "fit compares bound claims"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-claim", "C-RING1-5", "-counter", "deliveries"}, "drop -counter"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-order", "random"}, "want asc, desc or every"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-initiators", "n-x"}, "want an id, n or n-K"},
		{[]string{"-algo", "changroberts", "-n", "2..6", "-runs", "5"}, "go with -mean"},
	} {
		line := cli(t, append([]string{"fit"}, c.args...)...).mustCode(t, 2).oneErrorLine(t)
		if !strings.Contains(line, c.want) {
			t.Errorf("fit %v: %s\nwant it to contain %q", c.args, line, c.want)
		}
	}
}
