package peterson_test

import (
	"testing"

	"github.com/electlab/electlab/algos/peterson"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/claimstest"
)

// Every claim holds on Peterson's algorithm (and on the faithful
// re-plumbing), and each is shown to fail on a broken variant.
func TestClaimsCatchBrokenVariants(t *testing.T) {
	claimstest.CatchBroken(t, peterson.Algorithm, peterson.Faithful, peterson.Claims, []claimstest.Broken[peterson.State]{
		{Claim: "PETERSON-1", Alg: peterson.MinWins, Prop: checker.PropCustom},
		{Claim: "PETERSON-2", Alg: peterson.UID2Only, Prop: checker.PropCustom},
		{Claim: "PETERSON-3", Alg: peterson.UID2Only, Prop: checker.PropBound},
	})
}
