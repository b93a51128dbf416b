package peterson_test

import (
	"testing"

	"github.com/electlab/electlab/algos/peterson"
	"github.com/electlab/electlab/checker/proptest"
)

// Every claim holds on Peterson's algorithm (and on the faithful
// re-plumbing), and each is shown to fail on a broken variant.
func TestClaimsCatchBrokenVariants(t *testing.T) {
	proptest.CatchBroken(t, peterson.Algorithm, peterson.Faithful, []proptest.Broken[peterson.State]{
		{Claim: "PETERSON-1", Alg: peterson.MinWins},
		{Claim: "PETERSON-2", Alg: peterson.UID2Only},
		{Claim: "PETERSON-3", Alg: peterson.UID2Only},
	})
}
