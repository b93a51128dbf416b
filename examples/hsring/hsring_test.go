package hsring

import (
	"testing"

	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// TestElectsMax runs the fair FIFO schedule on a few arrangements, every
// kind of initiator set and both timings: the highest id is the one leader
// and every process knows it.
func TestElectsMax(t *testing.T) {
	for _, ids := range [][]model.ID{
		checktest.IDs(1, 2),
		checktest.IDs(2, 1, 3),
		checktest.IDs(1, 2, 3, 4, 5, 6, 7, 8),
		checktest.IDs(8, 7, 6, 5, 4, 3, 2, 1),
		checktest.IDs(3, 9, 1, 7, 5, 2, 8, 4, 6),
	} {
		for _, inits := range [][]model.ID{nil, ids[:1], ids[len(ids)-1:], ids[:2]} {
			for _, timing := range []model.Timing{model.Async, model.Sync} {
				cfg := &model.Config{IDs: ids, Initiators: inits, Timing: timing}
				w := checktest.RunFIFO(t, Algorithm, cfg)
				checktest.CheckElectedMax(t, w)
				if err := ringkit.OneLeader(w); err != nil {
					t.Errorf("%s: %v", cfg, err)
				}
			}
		}
	}
}

// TestLoneInitiatorCount follows one run by hand: ring 1 → 2 → 3
// (clockwise), only 1 initiates, synchronous rounds. A probe of 2^k hops
// comes back as replies while 2^k < n = 3 and goes all the way round once
// 2^k ≥ 3, so the winner needs phases 0, 1 and 2.
//
// Round 0: 1 sends probe(1,1) both ways (2 probes). Round 1: 2 and 3 wake
// up, send their phase-0 probes (4) and swallow 1's. Round 2: 1 turns back
// 2's and 3's probes, 2 turns back 3's (3 replies); 3 swallows 2's. Round
// 3: 3 has both replies: phase 1, probe(3,2) both ways (2). Round 4: 1 and
// 2 relay them (2). Round 5: each turns the other's relayed probe back (2
// replies). Round 6: 1 and 2 relay the replies to 3 (2). Round 7: phase
// 2, probe(3,4) both ways (2). Rounds 8 and 9: relayed twice each (4).
// Round 10: 3 gets its own probe back, is elected and sends leader(3),
// which goes 3 → 1 → 2 → 3 (3 leader messages). Probes 2+4+2+2+2+4 = 16,
// replies 3+2+2 = 7, in all 26.
func TestLoneInitiatorCount(t *testing.T) {
	cfg := &model.Config{IDs: checktest.IDs(1, 2, 3), Initiators: checktest.IDs(1), Timing: model.Sync}
	w := checktest.RunFIFO(t, Algorithm, cfg)
	c := w.Counts()
	for _, k := range []struct {
		kind *model.Kind
		want int64
	}{{Probe, 16}, {Reply, 7}, {Leader, 3}} {
		if got := c.ByKind[k.kind.Code].Sends; got != k.want {
			t.Errorf("%s: %d sent, want %d", k.kind.Name, got, k.want)
		}
	}
	if c.Sends != 26 {
		t.Errorf("%d messages in all, want 26", c.Sends)
	}
}

// TestMessageBound checks the formula against values worked out by hand.
func TestMessageBound(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want int64
	}{{1, 8}, {2, 32}, {3, 72}, {4, 96}, {5, 160}, {8, 256}, {9, 360}, {1024, 90112}} {
		got := MessageBound(claim.Params{N: tc.n})
		if got.Cmp(claim.RatInt(tc.want)) != 0 {
			t.Errorf("8n(1+⌈log₂ n⌉) at n=%d: %s, want %d", tc.n, got, tc.want)
		}
	}
}

// TestSimMatchesWorld: electlab's fast simulator and its World agree on
// this algorithm (counts, views, learn times).
func TestSimMatchesWorld(t *testing.T) {
	checktest.SimMatchesWorldTimings(t, Algorithm,
		model.Config{IDs: checktest.IDs(4, 2, 7, 1, 5, 3, 6)},
		model.Config{IDs: checktest.IDs(4, 2, 7, 1, 5, 3, 6), Initiators: checktest.IDs(2)},
		model.Config{IDs: checktest.IDs(1, 2, 3, 4, 5, 6, 7, 8)},
	)
}

// TestClaimsValidate: every claim is well formed.
func TestClaimsValidate(t *testing.T) {
	checktest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
