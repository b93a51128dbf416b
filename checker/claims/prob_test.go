package claims_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// probClaim is a Probability claim about the test-only coin election of
// two processes: its queries, compared exactly with want.
func probClaim(queries []string, rel claim.Relation, want claim.Rat, text string) *claim.Claim {
	return &claim.Claim{
		ID: "T-PROB", Source: "test", Says: "a fair coin elects", Formal: "exact",
		Kind: claim.Probability, Queries: queries, Relation: rel,
		Formula: func(claim.Params) claim.Rat { return want }, FormulaText: text,
		NMin: 2, NMax: 2,
		Settings: []claim.Setting{{Name: "async fifo, both start", Initiators: claim.EveryLive}},
	}
}

// TestProbabilityClaim: the coin election of two processes elects with
// probability 1 and draws 4 coins in expectation (2 per round, 2 rounds:
// a round succeeds with probability 1/2) under every scheduler: HOLDS,
// its coverage naming the exact answers; a variant that gives up after
// two ties (elects with probability 1 − 1/8) is REFUTED, and so is a
// wrong formula; a malformed query is UNCHECKED, never HOLDS.
func TestProbabilityClaim(t *testing.T) {
	e := claims.DefaultEngine()
	defer func(n int) { claims.ProbStates = n }(claims.ProbStates)
	claims.ProbStates = 5000
	giveUp := modeltest.CoinPairAlg(false, 2)
	res := e.CheckClaim(giveUp, probClaim([]string{"Pmin[elected]", "Pmax[elected]"}, claim.Exactly, claim.RatFrac(7, 8), "1 - 1/2^3"))
	if res.Verdict != claims.Holds || len(res.Rows) != 1 || !strings.Contains(res.Rows[0].Arithmetic, "Pmin[elected] = 7/8, claimed = 1 - 1/2^3 = 7/8") {
		t.Errorf("give up after two ties: %s %s %+v", res.Verdict, res.Summary, res.Rows)
	}
	if c := res.Rows[0].Covered; c.Reached != 2 || c.Point != claims.PointMDP || len(c.Exhaustive) != 1 {
		t.Errorf("coverage %+v", c)
	}
	if !strings.Contains(res.Rows[0].Coverage, "2 of 2 queries (one per configuration and query) answered exactly") {
		t.Errorf("coverage text %q", res.Rows[0].Coverage)
	}
	res = e.CheckClaim(giveUp, probClaim([]string{"Emin[coins]", "Emax[coins]"}, claim.Exactly, claim.RatFrac(7, 2), "2(1 + 1/2 + 1/4)"))
	if res.Verdict != claims.Holds {
		t.Errorf("E[coins]: %s %s %+v", res.Verdict, res.Summary, res.Rows)
	}
	res = e.CheckClaim(giveUp, probClaim([]string{"Pmin[elected]"}, claim.Exactly, claim.RatInt(1), "1"))
	if res.Verdict != claims.Refuted || !strings.Contains(res.Rows[0].Arithmetic, "Pmin[elected] = 7/8, claimed = 1 = 1 (REFUTED)") {
		t.Errorf("probability 1 claimed: %s %s %+v", res.Verdict, res.Summary, res.Rows)
	}
	res = e.CheckClaim(giveUp, probClaim([]string{"Emin[coins until elected]"}, claim.AtMost, claim.RatInt(100), "100"))
	if res.Verdict != claims.Refuted || !strings.Contains(res.Rows[0].Arithmetic, "= infinity") {
		t.Errorf("an infinite expectation under a finite bound: %s %s", res.Verdict, res.Summary)
	}
	res = e.CheckClaim(giveUp, probClaim([]string{"Pmin[leader]"}, claim.Exactly, claim.RatInt(1), "1"))
	if res.Verdict != claims.Unchecked {
		t.Errorf("malformed query: %s %s", res.Verdict, res.Summary)
	}
	// The coin election that never gives up has a round counter in its
	// state: its MDP is infinite, the cap is reached, nothing is HOLDS.
	res = e.CheckClaim(modeltest.CoinPairAlg(false, 0), probClaim([]string{"Pmin[elected]"}, claim.Exactly, claim.RatInt(1), "1"))
	if res.Verdict != claims.Unchecked || !strings.Contains(res.Summary, "cap of the build or the solver reached") {
		t.Errorf("infinite MDP: %s %s", res.Verdict, res.Summary)
	}
	// A claim's own predicate: the first process wins, 1/4 per round over
	// up to three rounds (7/16); a setting that restricts the scheduler
	// is used (here one that fails, leaving the row UNCHECKED with why).
	first := probClaim([]string{"Pmin[first]", "Pmax[first]"}, claim.Exactly, claim.RatFrac(7, 16), "(1/4)(1 + 1/2 + 1/4)")
	first.Predicates = map[string]func(model.System) bool{"first": func(s model.System) bool { return s.View(0).Coordinator }}
	if res = e.CheckClaim(giveUp, first); res.Verdict != claims.Holds {
		t.Errorf("own predicate: %s %s %+v", res.Verdict, res.Summary, res.Rows)
	}
	first.Settings[0].Restrict = func(model.System) (model.System, error) { return nil, errors.New("no such start") }
	if res = e.CheckClaim(giveUp, first); res.Verdict != claims.Unchecked || !strings.Contains(res.Summary, "no such start") {
		t.Errorf("failing restriction: %s %s", res.Verdict, res.Summary)
	}
	var _ model.Spec = giveUp
}
