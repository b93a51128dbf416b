package changroberts_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// avgClaim is CR79-AVG at the small sizes (a quick engine run), with its
// measure replaced when measure is set.
func avgClaim(t *testing.T, measure func(model.System) (int64, bool)) *claim.Claim {
	t.Helper()
	c := *claim.Entry{Spec: changroberts.Algorithm, Claims: changroberts.Claims}.Claim("CR79-AVG")
	c.NMax, c.Sizes = 64, []int{8, 16, 32, 48, 64}
	if measure != nil {
		c.Measure = measure
	}
	return &c
}

// Reference: Chang and Roberts 1979 — the mean number of election
// messages is n·H(n): the sampled means at n = 8..64 lie within the claim's
// confidence band. The band can fail: counting the n (new coordinator)
// messages too (a mean of n·H(n)+n) is refuted by the band, with the
// band's arithmetic as the evidence.
func TestAverageBand(t *testing.T) {
	e := claims.DefaultEngine()
	e.Cases = 80
	good := e.CheckClaim(changroberts.Algorithm, avgClaim(t, nil))
	t.Logf("CR79-AVG: %s (%s)", good.Verdict, good.Rows[0].FitNote)
	if good.Verdict != claims.Holds {
		t.Errorf("CR79-AVG at n=8..64: %s, want HOLDS (%s)", good.Verdict, good.Summary)
	}
	all := func(s model.System) (int64, bool) { return s.Counts().Sends, true }
	bad := e.CheckClaim(changroberts.Algorithm, avgClaim(t, all))
	t.Logf("counting every message: %s (%s)", bad.Verdict, bad.Rows[0].FitNote)
	if bad.Verdict != claims.Refuted || !strings.Contains(bad.Rows[0].FitNote, "outside the band") {
		t.Errorf("a mean of n·H(n)+n: %s, want REFUTED by the band (%s)", bad.Verdict, bad.Rows[0].FitNote)
	}
}

// The formula, evaluated exactly.
func TestNHn(t *testing.T) {
	for n, want := range map[int]string{1: "1", 2: "3", 3: "11/2", 4: "25/3", 8: "761/35"} {
		if got := changroberts.NHn(claim.Params{N: n}).String(); got != want {
			t.Errorf("n·H(n) at n=%d: %s, want %s", n, got, want)
		}
	}
}

// A confidence band needs a mean statistic and a formula: Validate says
// so instead of checking nothing.
func TestBandValidated(t *testing.T) {
	c := *claim.Entry{Spec: changroberts.Algorithm, Claims: changroberts.Claims}.Claim("CR79-AVG")
	if err := c.Validate(); err != nil {
		t.Fatalf("CR79-AVG: %v", err)
	}
	noMean := c
	noMean.Stat = claim.StatMax
	noFormula := c
	noFormula.Formula = nil
	negative := c
	negative.Band = -1
	for name, bad := range map[string]claim.Claim{"max statistic": noMean, "no formula": noFormula, "negative band": negative} {
		if err := bad.Validate(); err == nil {
			t.Errorf("%s: Validate accepts a band", name)
		}
	}
}
