package checker_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/xie"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// brokenXie is xie with its sends filtered through keep (which may drop or
// duplicate them).
func brokenXie(name string, keep func(m model.Message) int) *model.Algorithm[xie.State] {
	a := *xie.Algorithm
	orig := xie.Algorithm.Step
	a.Name = name
	a.Step = reemit(orig, keep)
	return &a
}

// Reference: [S0] §II item 1 (C-FCEABR-14, Xie et al.: "2n" messages when
// n processes detect). The claim's checks (the P2P count and
// agreement/termination) are live on the model: with the formula each
// reading really meets (one-hop 2·FPN without agreement, relay
// 2·n·FPN with it) the claim holds, and a broken variant of each reading
// is refuted (one-hop sending a third message per detector, by the count;
// relay forwarding no counter-clockwise copy, by agreement: a live process
// is left knowing no leader).
func TestXieChecksCatchBrokenVariants(t *testing.T) {
	base := *claimOf(t, &xie.Algorithm.Info, "C-FCEABR-14.fpn")
	oneHop := base
	oneHop.Variants, oneHop.Props = []string{"one-hop"}, model.Termination
	relay := base
	relay.Variants = []string{"relay"}
	relay.Formula = func(p claim.Params) claim.Rat { return claim.RatInt(2 * int64(p.Live) * int64(p.Initiators)) }
	relay.FormulaText = "2·n·FPN"
	extra := brokenXie("broken-xie-third-message", func(m model.Message) int {
		if m.B == 0 && len(m.List) == 1 && model.ID(m.A) == m.From {
			return 2 // the detector's own clockwise copy, twice
		}
		return 1
	})
	oneWay := brokenXie("broken-xie-one-way", func(m model.Message) int {
		if m.B == 1 && model.ID(m.A) != m.From {
			return 0 // counter-clockwise copies are not relayed
		}
		return 1
	})
	for _, tc := range []struct {
		claim  *claim.Claim
		broken *model.Algorithm[xie.State]
		prop   string
	}{{&oneHop, extra, checker.PropBound}, {&relay, oneWay, checker.PropAgreement}} {
		if res := smallEngine().CheckClaim(xie.Algorithm, tc.claim); res.Verdict != claims.Holds {
			t.Errorf("%s (%s) on xie: %s, want HOLDS (%s)", tc.claim.ID, tc.claim.Variants[0], res.Verdict, res.Summary)
		}
		res := smallEngine().CheckClaim(tc.broken, tc.claim)
		if res.Verdict != claims.Refuted {
			t.Errorf("%s (%s) on %s: %s, want REFUTED", tc.claim.ID, tc.claim.Variants[0], tc.broken.Name, res.Verdict)
			continue
		}
		if ce := res.Rows[0].Counterexample; ce == nil || ce.Violation.Property != tc.prop {
			t.Errorf("%s (%s) on %s: want a counterexample of %s, got %+v", tc.claim.ID, tc.claim.Variants[0], tc.broken.Name, tc.prop, ce)
		}
	}
}

// Reference: [S0] §II item 1. As registered, C-FCEABR-14 (every live
// process detects) is refuted under every reading, for the reason the
// reading gives: one-hop by agreement, relay and relay-kill by the count.
func TestXieVerdictPerReading(t *testing.T) {
	c := *claimOf(t, &xie.Algorithm.Info, "C-FCEABR-14")
	res := smallEngine().CheckClaim(xie.Algorithm, &c)
	if res.Verdict != claims.Refuted {
		t.Fatalf("verdict %s, want REFUTED (%s)", res.Verdict, res.Summary)
	}
	want := map[string]string{"one-hop": checker.PropAgreement, "relay": checker.PropBound, "relay-kill": checker.PropBound}
	for _, r := range res.Rows {
		if r.Counterexample == nil || r.Counterexample.Violation.Property != want[r.Variant] {
			t.Errorf("%s / %s: %s, counterexample %+v; want a violation of %s", r.Setting, r.Variant, r.Verdict, r.Counterexample, want[r.Variant])
		}
	}
}
