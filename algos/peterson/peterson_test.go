package peterson

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// winner is the elected process of a finished run.
func winner(s model.System) model.ID {
	for i := range s.N() {
		if s.View(i).Coordinator {
			return s.Topo().Order[i]
		}
	}
	return model.None
}

// Reference: Peterson 1982 — every arrangement of n = 2..7 processes, all
// initiating, under the fair FIFO schedule: one process is elected, every
// process learns it, it won with the maximum id as its temporary id; the
// count is exactly 2n per phase with two or more active processes, n for
// the last phase and n for the announcement (2n·P for P phases); the worst
// case over arrangements has ⌊log₂ n⌋+1 phases and so exactly the claimed
// 2n⌊log₂ n⌋+2n messages. The process with the maximum id is never the
// one elected: in phase 1 its uid2 is lower than its own id, so it becomes
// a relay, and its successor carries the maximum on.
func TestEveryArrangement(t *testing.T) {
	for n := 2; n <= 7; n++ {
		var worstP, worstMsgs int64
		notMax, total := 0, 0
		modeltest.RingArrangements(n, func(ids []model.ID) {
			cfg := &model.Config{IDs: ids}
			w := modeltest.RunFIFO(t, Algorithm, cfg)
			if err := OneWinner(w); err != nil {
				t.Errorf("%s: %v", cfg, err)
			}
			win := winner(w)
			for i := range w.N() {
				if w.View(i).Leader != win {
					t.Errorf("%s: process %d holds leader %d, the elected process is %d", cfg, w.Topo().Order[i], w.View(i).Leader, win)
				}
			}
			total++
			if win != w.Topo().Max() {
				notMax++
			}
			_, phases, _ := claim.ObservedRange(w, ObsPhase)
			sends := w.Counts().Sends
			if want := 2 * int64(n) * phases; sends != want {
				t.Errorf("%s: %d messages, want 2n·P = %d (P=%d)", cfg, sends, want, phases)
			}
			worstP, worstMsgs = max(worstP, phases), max(worstMsgs, sends)
		})
		if want := ringkit.FloorLog2(n) + 1; worstP != want {
			t.Errorf("n=%d: worst case %d phases, want ⌊log₂ n⌋+1 = %d", n, worstP, want)
		}
		claimed := MessageBound(claim.Params{N: n})
		t.Logf("n=%d: worst case %d phases, %d messages (claimed <= %s); %d of %d arrangements elect another process than the maximum", n, worstP, worstMsgs, claimed, notMax, total)
		if worstMsgs != int64(claimed.Float()) {
			t.Errorf("n=%d: worst case %d messages, want exactly the bound %s", n, worstMsgs, claimed)
		}
		if notMax != total {
			t.Errorf("n=%d: %d of %d arrangements elect the maximum, want none", n, total-notMax, total)
		}
	}
}

// A single initiator wakes the others: every process takes part, so the
// count is that of everyone initiating.
func TestSingleInitiator(t *testing.T) {
	modeltest.SingleInitiators(t, Algorithm, modeltest.IDs(3, 6, 1, 5, 2, 4), func(cfg *model.Config, w model.System) {
		if err := OneWinner(w); err != nil {
			t.Errorf("%s: %v", cfg, err)
		}
	})
}

// The formulas, evaluated in code, at a few sizes.
func TestFormulas(t *testing.T) {
	sizes := []int{2, 3, 4, 7, 8, 64}
	modeltest.CheckFormula(t, "phases", PhaseBound, sizes, "2", "2", "3", "3", "4", "7")
	modeltest.CheckFormula(t, "messages", MessageBound, sizes, "8", "12", "24", "42", "64", "896")
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm, modeltest.CrashFreeRings()...)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}

// The worst case at n = 8 (every arrangement, all initiating, FIFO; the
// count is exactly 2n per phase whatever the schedule) and at n = 64 (the
// bit-reversal arrangement, and 300 seeded random arrangements, which stay
// below it), next to the claimed bound.
func TestWorstCaseAtSizes(t *testing.T) {
	modeltest.RingWorstCasesExact(t, Algorithm, MessageBound, "2n⌊log₂ n⌋+2n", func(n int) int64 { return 2*int64(n)*ringkit.FloorLog2(n) + 2*int64(n) })
}
