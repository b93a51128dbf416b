package franklin

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: Franklin 1982 — every arrangement of n = 2..7 processes, all
// initiating, under the fair FIFO schedule: the highest id is elected and
// every process learns it; each round costs exactly 2n elect messages (each
// link is crossed once each way), so the total is exactly 2n·R + n for R
// rounds; and the worst case over arrangements is R = ⌊log₂ n⌋+1 (each
// elimination round at least halves the active processes, and some
// arrangement halves them exactly every time): the worst case is the
// claimed 2n⌊log₂ n⌋+3n exactly.
func TestEveryArrangement(t *testing.T) {
	for n := 2; n <= 7; n++ {
		var worstR, worstMsgs int64
		modeltest.RingArrangements(n, func(ids []model.ID) {
			cfg := &model.Config{IDs: ids}
			w := modeltest.RunFIFO(t, Algorithm, cfg)
			modeltest.CheckElectedMax(t, w)
			if err := ringkit.OneLeader(w); err != nil {
				t.Errorf("%s: %v", cfg, err)
			}
			per := RoundMessages(w)
			for r, c := range per {
				if c != 2*int64(n) {
					t.Errorf("%s: round %d has %d elect messages, want exactly 2n = %d", cfg, r+1, c, 2*n)
				}
			}
			rounds := int64(len(per))
			sends := w.Counts().Sends
			if want := 2*int64(n)*rounds + int64(n); sends != want {
				t.Errorf("%s: %d messages, want 2n·R+n = %d (R=%d)", cfg, sends, want, rounds)
			}
			worstR, worstMsgs = max(worstR, rounds), max(worstMsgs, sends)
		})
		if want := ringkit.FloorLog2(n) + 1; worstR != want {
			t.Errorf("n=%d: worst case %d rounds, want ⌊log₂ n⌋+1 = %d", n, worstR, want)
		}
		claimed := MessageBound(claim.Params{N: n})
		t.Logf("n=%d: worst case %d rounds, %d messages (claimed <= %s)", n, worstR, worstMsgs, claimed)
		if !claim.Exactly.Holds(worstMsgs, claimed) {
			t.Errorf("n=%d: worst case %d messages, want the claimed %s exactly", n, worstMsgs, claimed)
		}
	}
}

// A single initiator wakes the others with its round-1 messages: the
// highest id is still elected, and the counts are those of everyone
// initiating (every process takes part from round 1).
func TestSingleInitiator(t *testing.T) {
	modeltest.SingleInitiators(t, Algorithm, modeltest.IDs(3, 6, 1, 5, 2, 4), func(_ *model.Config, w model.System) {
		modeltest.CheckElectedMax(t, w)
	})
}

// The formulas, evaluated in code, at a few sizes.
func TestFormulas(t *testing.T) {
	sizes := []int{2, 3, 4, 5, 8, 64}
	modeltest.CheckFormula(t, "rounds", RoundBound, sizes, "2", "2", "3", "3", "4", "7")
	modeltest.CheckFormula(t, "messages", MessageBound, sizes, "10", "15", "28", "35", "72", "960")
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm, modeltest.CrashFreeRings()...)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}

// The worst case at n = 8 (every arrangement, all initiating, FIFO: the
// count depends on the arrangement only, since it is exactly 2n per round
// whatever the schedule) and at n = 64 (the bit-reversal arrangement, and
// 300 seeded random arrangements, which stay below it), next to the
// claimed bound.
func TestWorstCaseAtSizes(t *testing.T) {
	modeltest.RingWorstCasesExact(t, Algorithm, MessageBound, "2n⌊log₂ n⌋+3n", func(n int) int64 { return 2*int64(n)*(ringkit.FloorLog2(n)+1) + int64(n) })
}
