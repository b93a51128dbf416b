package franklin

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/model/modeltest"
)

// floorLog2 is ⌊log₂ n⌋ for n ≥ 1.
func floorLog2(n int) int64 { return int64(bits.Len(uint(n))) - 1 }

// Reference: Franklin 1982 — every arrangement of n = 2..7 processes, all
// initiating, under the fair FIFO schedule: the highest id is elected and
// every process learns it; each round costs exactly 2n elect messages (each
// link is crossed once each way), so the total is exactly 2n·R + n for R
// rounds; and the worst case over arrangements is R = ⌊log₂ n⌋+1 (each
// elimination round at least halves the active processes, and some
// arrangement halves them exactly every time), within the claimed
// ⌈log₂ n⌉+1.
func TestEveryArrangement(t *testing.T) {
	for n := 2; n <= 7; n++ {
		var worstR, worstMsgs int64
		modeltest.RingArrangements(n, func(ids []model.ID) {
			cfg := &model.Config{IDs: ids}
			w := modeltest.RunFIFO(t, Algorithm, cfg)
			modeltest.CheckElectedMax(t, w)
			if err := OneLeader(w); err != nil {
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
		if want := floorLog2(n) + 1; worstR != want {
			t.Errorf("n=%d: worst case %d rounds, want ⌊log₂ n⌋+1 = %d", n, worstR, want)
		}
		claimed := MessageBound(model.Params{N: n})
		t.Logf("n=%d: worst case %d rounds, %d messages (claimed <= %s)", n, worstR, worstMsgs, claimed)
		if !model.AtMost.Holds(worstMsgs, claimed) {
			t.Errorf("n=%d: %d messages > %s", n, worstMsgs, claimed)
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
	for _, tc := range []struct {
		n            int
		rounds, msgs string
	}{{2, "2", "10"}, {3, "3", "21"}, {4, "3", "28"}, {5, "4", "45"}, {8, "4", "72"}, {64, "7", "960"}} {
		p := model.Params{N: tc.n}
		if got := RoundBound(p).String(); got != tc.rounds {
			t.Errorf("n=%d: rounds %s, want %s", tc.n, got, tc.rounds)
		}
		if got := MessageBound(p).String(); got != tc.msgs {
			t.Errorf("n=%d: messages %s, want %s", tc.n, got, tc.msgs)
		}
	}
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm, modeltest.CrashFreeRings()...)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, Algorithm)
}

// The worst case at n = 8 (every arrangement, all initiating, FIFO: the
// count depends on the arrangement only, since it is exactly 2n per round
// whatever the schedule) and at n = 64 (the bit-reversal arrangement, and
// 300 seeded random arrangements, which stay below it), next to the
// claimed bound.
func TestWorstCaseAtSizes(t *testing.T) {
	worst, rev, hi := modeltest.RingWorstCases(t, Algorithm, func(n int) fmt.Stringer { return MessageBound(model.Params{N: n}) })
	if want := int64(2*8*(floorLog2(8)+1) + 8); worst != want {
		t.Errorf("n=8: worst case %d, want 2n(⌊log₂ n⌋+1)+n = %d", worst, want)
	}
	const n = 64
	if want := int64(2*n*(floorLog2(n)+1) + n); rev != want || hi > rev {
		t.Errorf("n=64: bit reversal %d (want %d), random max %d", rev, want, hi)
	}
}
