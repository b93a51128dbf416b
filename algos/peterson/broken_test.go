package peterson_test

import (
	"testing"

	"github.com/electlab/electlab/algos/peterson"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// Every claim holds on Peterson's algorithm (and on the faithful
// re-plumbing), and each is shown to fail on a broken variant.
func TestClaimsCatchBrokenVariants(t *testing.T) {
	e := claims.DefaultEngine()
	e.Cases, e.MaxN, e.ExhaustiveLimit = 40, 6, 800
	for _, tc := range []struct {
		claim  string
		broken *model.Algorithm[peterson.State]
	}{
		{"PETERSON-1", peterson.MinWins},
		{"PETERSON-2", peterson.UID2Only},
		{"PETERSON-3", peterson.UID2Only},
	} {
		c := peterson.Algorithm.Info.Claim(tc.claim)
		for _, alg := range []*model.Algorithm[peterson.State]{peterson.Algorithm, peterson.Faithful, tc.broken} {
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
