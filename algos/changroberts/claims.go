package changroberts

import (
	"fmt"

	"github.com/electlab/electlab/model"
)

// claims are the catalog's claims about the refinement, as data. The
// formulas are the paper's, evaluated exactly; no result is stored here.
var claims = []model.Claim{
	{
		ID:     "C-RING1-4",
		Source: "[S1] Unidirectional rings, refinement",
		Says:   `"This way, only the highest-priority nonfailed process Phigh would get back its own "elect me" message."`,
		Formal: "the only process that receives its own (elect me) message is the maximum live id",
		Kind:   model.Behaviour,
		Custom: onlyMaxGetsOwnBack,
		NMin:   3, NMax: 7,
		Settings: []model.Setting{
			{Name: "async fifo, one initiator", Timing: model.Async, Net: model.FIFO, Initiators: model.OneInitiator},
			{Name: "async fifo, several initiators", Timing: model.Async, Net: model.FIFO, Initiators: model.ManyInitiators},
			{Name: "async unordered, several initiators (outside [S1]'s FIFO assumption)", Timing: model.Async, Net: model.Unordered, Initiators: model.ManyInitiators, Outside: true},
		},
		Variants: []string{"swallow", "resend"},
	},
	{
		ID:     "C-RING1-5",
		Source: "[S1] Unidirectional rings, refinement",
		Says:   `"the number of messages per election can be a maximum of 3n - 1"`,
		Formal: "max P2P count (elect + new coordinator) over id arrangements, initiator sets and schedules <= 3n-1, n = ring positions",
		Kind:   model.Bound, Quantity: model.Messages, Accounting: model.P2P, Relation: model.AtMost,
		Formula:     func(p model.Params) model.Rat { return model.RatInt(int64(3*p.N - 1)) },
		FormulaText: "3n-1",
		NMin:        3, NMax: 8,
		Settings: []model.Setting{
			{Name: "async fifo, one initiator", Timing: model.Async, Net: model.FIFO, Initiators: model.OneInitiator},
			{Name: "async fifo, two or more initiators", Timing: model.Async, Net: model.FIFO, Initiators: model.ManyInitiators},
		},
		Variants: []string{"swallow", "resend"},
	},
	{
		ID:     "C-RING1-6",
		Source: "[S1] Unidirectional rings, refinement",
		Says:   `"The time consumed by the election could be as high as (3n - 1) x twc"`,
		Formal: "longest causal chain of messages ending at the last live process's decision, in link delays t_wc, <= 3n-1 (reference: the chain's initiation)",
		Kind:   model.Bound, Quantity: model.Time, Accounting: model.P2P, Relation: model.AtMost,
		Formula:     func(p model.Params) model.Rat { return model.RatInt(int64(3*p.N - 1)) },
		FormulaText: "(3n-1)*t_wc",
		NMin:        3, NMax: 8,
		Settings: []model.Setting{
			{Name: "sync, one initiator", Timing: model.Sync, Initiators: model.OneInitiator},
			{Name: "sync, simultaneous initiators", Timing: model.Sync, Initiators: model.ManyInitiators},
			{Name: "async fifo, staggered initiators", Timing: model.Async, Net: model.FIFO, Initiators: model.ManyInitiators, Staggered: true},
		},
	},
	{
		ID:     "C-RING1-7",
		Source: "[S1] Election Algorithms, first paragraph",
		Says:   `"The election algorithm chooses the highest-priority nonfailed process as the new coordinator and announces its id to all nonfailed processes."`,
		Formal: "at quiescence every live process holds the same leader, the maximum live id; never two live coordinators; failed processes forward but are never elected",
		Kind:   model.Behaviour,
		Props:  model.Safety | model.Agreement | model.Validity | model.Termination,
		NMin:   3, NMax: 8,
		Settings: []model.Setting{
			{Name: "async fifo, failed forwarders, any initiators", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, MaxDead: 6},
			{Name: "sync, failed forwarders, any initiators", Timing: model.Sync, Initiators: model.AnyInitiators, MaxDead: 6},
		},
	},
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
