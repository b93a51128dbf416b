package changroberts

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// Claims are the catalog's claims about the refinement, as data. The
// formulas are the paper's, evaluated exactly; no result is stored here.
var Claims = []claim.Claim{
	{
		ID:     "C-RING1-4",
		Source: "[S1] Unidirectional rings, refinement",
		Says:   `"This way, only the highest-priority nonfailed process Phigh would get back its own "elect me" message."`,
		Formal: "the only process that receives its own (elect me) message is the maximum live id",
		Kind:   claim.Behaviour,
		Custom: onlyMaxGetsOwnBack,
		NMin:   3, NMax: 7,
		Settings: []claim.Setting{
			{Name: "async fifo, one initiator", Timing: model.Async, Net: model.FIFO, Initiators: claim.OneInitiator},
			{Name: "async fifo, several initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators},
			{Name: "async unordered, several initiators (outside [S1]'s FIFO assumption)", Timing: model.Async, Net: model.Unordered, Initiators: claim.ManyInitiators, Outside: true},
		},
		Variants: []string{"swallow", "resend"},
	},
	{
		ID:     "C-RING1-5",
		Source: "[S1] Unidirectional rings, refinement",
		Says:   `"the number of messages per election can be a maximum of 3n - 1"`,
		Formal: "max P2P count (elect + new coordinator) over id arrangements, initiator sets and schedules <= 3n-1, n = ring positions",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(int64(3*p.N - 1)) },
		FormulaText: "3n-1",
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{
			{Name: "async fifo, one initiator", Timing: model.Async, Net: model.FIFO, Initiators: claim.OneInitiator},
			{Name: "async fifo, two or more initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators},
		},
		Variants: []string{"swallow", "resend"},
	},
	{
		ID:     "C-RING1-6",
		Source: "[S1] Unidirectional rings, refinement",
		Says:   `"The time consumed by the election could be as high as (3n - 1) x twc"`,
		Formal: "longest causal chain of messages ending at the last live process's decision, in link delays t_wc, <= 3n-1 (reference: the chain's initiation)",
		Kind:   claim.Bound, Quantity: claim.Time, Accounting: model.P2P, Relation: claim.AtMost,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(int64(3*p.N - 1)) },
		FormulaText: "(3n-1)*t_wc",
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{
			{Name: "sync, one initiator", Timing: model.Sync, Initiators: claim.OneInitiator},
			{Name: "sync, simultaneous initiators", Timing: model.Sync, Initiators: claim.ManyInitiators},
			{Name: "async fifo, staggered initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators, Staggered: true},
		},
	},
	ringkit.S1ElectsHighest(),
	{
		ID:     "CR79-AVG",
		Source: "E. Chang and R. Roberts, CACM 22(5), 1979 (beyond the seeds: the average case of the algorithm [S1] refines)",
		Says:   "with every process initiating and the ids in random order, the mean number of election messages is n·H(n), H(n) = 1 + 1/2 + … + 1/n",
		Formal: "every process initiating, reading swallow (Chang and Roberts's algorithm), a uniformly random id arrangement: the mean number of (elect me) messages (P2P; the n (new coordinator) messages are not counted) at each n = 8, 16, 32, …, 512, 768, 1024 lies within 3.29 standard errors of n·H(n) (a 99.9% normal confidence band per size, 9 sizes), and the mean grows as n·log n (fitted over the upper half of the sizes, 768 and 1024)",
		Kind:   claim.Growth, Accounting: model.P2P, Order: 1, LogOrder: 1, Stat: claim.StatMean,
		Band:        3.29,
		Formula:     NHn,
		FormulaText: "n·H(n)",
		Measure:     electMessages,
		NMin:        8, NMax: 1024,
		Sizes:    []int{8, 16, 32, 64, 128, 256, 512, 768, 1024},
		Settings: []claim.Setting{{Name: "async fifo, every process initiates, random ids", Timing: model.Async, Net: model.FIFO, Initiators: claim.EveryLive}},
	},
}

// NHn is CR79-AVG's formula n·H(n) = Σ_{k=1..n} n/k, evaluated exactly.
func NHn(p claim.Params) claim.Rat {
	zero, sum := claim.RatInt(0), claim.RatInt(0)
	for k := 1; k <= p.N; k++ {
		// sum + n/k, as sum − (0 − n/k): claim.Rat has no addition.
		sum = claim.RatSub(sum, claim.RatSub(zero, claim.RatFrac(int64(p.N), int64(k))))
	}
	return sum
}

// electMessages is CR79-AVG's measure: the (elect me) messages sent.
func electMessages(s model.System) (int64, bool) {
	by := s.Counts().ByKind
	if Elect.Code >= len(by) {
		return 0, true
	}
	return by[Elect.Code].Sends, true
}

// onlyMaxGetsOwnBack is C-RING1-4's check: every "own-returned"
// observation is made by the maximum live id of its instant.
func onlyMaxGetsOwnBack(s model.System) error {
	for _, o := range s.Observations() {
		if o.Tag == "own-returned" && o.Proc != o.MaxLive {
			return fmt.Errorf("process %d received its own elect message back, but the maximum live id is %d", o.Proc, o.MaxLive)
		}
	}
	return nil
}
