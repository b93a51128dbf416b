package franklin_test

import (
	"testing"

	"github.com/electlab/electlab/algos/franklin"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// smallEngine keeps the searches short.
func smallEngine() *claims.Engine {
	e := claims.DefaultEngine()
	e.Cases, e.MaxN, e.ExhaustiveLimit = 40, 6, 800
	return e
}

// Every claim holds on Franklin (and on the faithful re-plumbing), and each
// check is shown to fail on a broken variant: the one-sided decision
// breaks the round and message bounds, the turned-round comparison breaks
// validity.
func TestClaimsCatchBrokenVariants(t *testing.T) {
	e := smallEngine()
	for _, tc := range []struct {
		claim  string
		broken *model.Algorithm[franklin.State]
	}{
		{"FRANKLIN-1", franklin.MinWins},
		{"FRANKLIN-2", franklin.OneSided},
		{"FRANKLIN-4", franklin.OneSided},
	} {
		c := franklin.Algorithm.Info.Claim(tc.claim)
		for _, alg := range []*model.Algorithm[franklin.State]{franklin.Algorithm, franklin.Faithful, tc.broken} {
			res := e.CheckClaim(alg, c)
			want := claims.Holds
			if alg == tc.broken {
				want = claims.Refuted
			}
			t.Logf("%s: %s (%s)", c.ID, res.Verdict, res.Summary)
			if res.Verdict != want {
				t.Errorf("%s: verdict %s, want %s (%s)", c.ID, res.Verdict, want, res.Summary)
			}
		}
	}
}

// FRANKLIN-3's check counts each round's messages: it passes on Franklin's
// runs (exactly 2n per round) and fails when a round carries one more
// message than 2n, as a round whose id is relayed one hop too far would.
func TestPerRoundCatchesExtraMessage(t *testing.T) {
	c := franklin.Algorithm.Info.Claim("FRANKLIN-3")
	if res := smallEngine().CheckClaim(franklin.Algorithm, c); res.Verdict != claims.Holds {
		t.Fatalf("FRANKLIN-3 on franklin: %s (%s)", res.Verdict, res.Summary)
	}
	res := smallEngine().CheckClaim(franklin.ExtraMessage, c)
	t.Logf("%s on the broken variant: %s (%s)", c.ID, res.Verdict, res.Summary)
	if res.Verdict != claims.Refuted {
		t.Errorf("FRANKLIN-3 on a round with an extra message: %s, want %s (%s)", res.Verdict, claims.Refuted, res.Summary)
	}
}
