package checker_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// oneWayElection: Election messages are not relayed counter-clockwise (the
// informer's own counter-clockwise copy still goes one hop), so the
// clockwise wave goes nearly round the ring before a terminal computes:
// more comparisons on the critical path and a later decision.
var oneWayElection = brokenCopy(fceabr.Algorithm, "broken-one-way-election", reemit(fcOrig, func(m model.Message) int {
	if m.Kind == fceabr.Election && m.B == 1 && model.ID(m.A) != m.From {
		return 0
	}
	return 1
}))

// doubleElection: every Election is sent twice: twice the comparisons,
// the same hops.
var doubleElection = brokenCopy(fceabr.Algorithm, "broken-double-election", reemit(fcOrig, func(m model.Message) int {
	if m.Kind == fceabr.Election {
		return 2
	}
	return 1
}))

// halfUp is ⌈N/2⌉ with N per AMB-FCEABR-10 (live processes by default).
func halfUp(p claim.Params) int64 {
	n := int64(p.Live)
	return (n + 1) / 2
}

// Reference: [S0] §VI.6.2 eq.(3), (7), (8)–(10) (C-FCEABR-7.pt.*,
// C-FCEABR-7.pt2.*, C-FCEABR-7.ect2). Each new measure is live: with the
// values fceabr really gives in place of the paper's formula (⌈N/2⌉
// comparisons on the critical path, 2⌈N/2⌉ in all, a latency of N hops
// with the surrogate crashed, each at α + β = 2), the claim holds on
// fceabr and is refuted on a broken variant (one-way Election waves for
// the critical path and the latency, doubled Elections for the total).
func TestFCEABRPTAndECT2CatchBrokenVariants(t *testing.T) {
	info := &fceabr.Algorithm.Info
	truth := map[string]func(claim.Params) claim.Rat{
		"C-FCEABR-7.pt.path":   func(p claim.Params) claim.Rat { return claim.RatInt(halfUp(p)) },
		"C-FCEABR-7.pt2.path":  func(p claim.Params) claim.Rat { return claim.RatInt(halfUp(p)) },
		"C-FCEABR-7.pt.total":  func(p claim.Params) claim.Rat { return claim.RatInt(2 * halfUp(p)) },
		"C-FCEABR-7.pt2.total": func(p claim.Params) claim.Rat { return claim.RatInt(2 * halfUp(p)) },
		"C-FCEABR-7.ect2":      func(p claim.Params) claim.Rat { return claim.RatInt(2 * int64(p.Live)) },
	}
	broken := map[string]*model.Algorithm[fcState]{
		"C-FCEABR-7.pt.path":   oneWayElection,
		"C-FCEABR-7.pt2.path":  oneWayElection,
		"C-FCEABR-7.pt.total":  doubleElection,
		"C-FCEABR-7.pt2.total": doubleElection,
		"C-FCEABR-7.ect2":      oneWayElection,
	}
	for _, id := range []string{"C-FCEABR-7.pt.path", "C-FCEABR-7.pt.total", "C-FCEABR-7.pt2.path", "C-FCEABR-7.pt2.total", "C-FCEABR-7.ect2"} {
		c := *claimOf(t, info, id)
		c.Variants = nil
		// As registered (the paper's formula), the model refutes it.
		if res := smallEngine().CheckClaim(fceabr.Algorithm, &c); res.Verdict != claims.Refuted {
			t.Errorf("%s as registered: %s, want REFUTED", id, res.Verdict)
		}
		c.Formula = truth[id]
		// With fceabr's values it holds; the broken variant breaks it.
		refutesBroken(t, smallEngine(), fceabr.Algorithm, broken[id], &c, checker.PropBound)
	}
}
