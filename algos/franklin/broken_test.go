package franklin_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/franklin"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/claimstest"
)

// Every claim holds on Franklin (and on the faithful re-plumbing), and each
// check is shown to fail on a broken variant: the one-sided decision
// breaks the round and message bounds, the turned-round comparison breaks
// validity.
func TestClaimsCatchBrokenVariants(t *testing.T) {
	claimstest.CatchBroken(t, franklin.Algorithm, franklin.Faithful, franklin.Claims, []claimstest.Broken[franklin.State]{
		{Claim: "FRANKLIN-1", Alg: franklin.MinWins, Prop: checker.PropValidity},
		{Claim: "FRANKLIN-2", Alg: franklin.OneSided, Prop: checker.PropCustom},
		{Claim: "FRANKLIN-4", Alg: franklin.OneSided, Prop: checker.PropBound},
	})
}

// FRANKLIN-3's check counts each round's messages: it passes on Franklin's
// runs (exactly 2n per round) and fails when a round carries one more
// message than 2n, as a round whose id is relayed one hop too far would.
func TestPerRoundCatchesExtraMessage(t *testing.T) {
	c := claim.Entry{Spec: franklin.Algorithm, Claims: franklin.Claims}.Claim("FRANKLIN-3")
	if res := claimstest.SmallEngine().CheckClaim(franklin.Algorithm, c); res.Verdict != claims.Holds {
		t.Fatalf("FRANKLIN-3 on franklin: %s (%s)", res.Verdict, res.Summary)
	}
	res := claimstest.SmallEngine().CheckClaim(franklin.ExtraMessage, c)
	t.Logf("%s on the broken variant: %s (%s)", c.ID, res.Verdict, res.Summary)
	if res.Verdict != claims.Refuted {
		t.Errorf("FRANKLIN-3 on a round with an extra message: %s, want %s (%s)", res.Verdict, claims.Refuted, res.Summary)
	}
}
