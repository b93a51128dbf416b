package hsring

import (
	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// The settings every claim is checked over: asynchronous FIFO links,
// asynchronous links that reorder, and synchronous rounds, each with every
// set of initiators. Hirschberg and Sinclair assume no failures, so no
// process is crashed (MaxDead and CrashBudget stay 0).
var settings = []claim.Setting{
	{Name: "async fifo, any initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators},
	{Name: "async unordered, any initiators", Timing: model.Async, Net: model.Unordered, Initiators: claim.AnyInitiators},
	{Name: "sync, any initiators", Timing: model.Sync, Initiators: claim.AnyInitiators},
}

// source is where every claim comes from.
const source = "Hirschberg & Sinclair, CACM 23(11), 1980"

// Claims are what the algorithm promises, as data. The checkers read them;
// no result is stored here.
var Claims = []claim.Claim{
	{
		ID:     "HS-1",
		Source: source,
		Says:   "exactly one process is elected, the one with the highest id",
		Formal: "never two processes act as leader at once; at quiescence exactly one does, and it is the highest id",
		Kind:   claim.Behaviour,
		Props:  model.Safety | model.Validity,
		Custom: ringkit.OneLeader,
		NMin:   2, NMax: 8,
		Settings: settings,
	},
	{
		ID:     "HS-2",
		Source: source,
		Says:   "every process learns the leader's id",
		Formal: "at quiescence every process holds the same leader, the highest id",
		Kind:   claim.Behaviour,
		Props:  model.Agreement | model.Validity,
		NMin:   2, NMax: 8,
		Settings: settings,
	},
	{
		ID:     "HS-3",
		Source: source,
		Says:   "the election terminates",
		Formal: "every execution reaches quiescence (no message left in flight) within the step cap under a fair continuation",
		Kind:   claim.Behaviour,
		Props:  model.Termination,
		NMin:   2, NMax: 8,
		Settings: settings,
	},
	{
		ID:     "HS-4",
		Source: source + "; the constant as in the textbook analysis",
		Says:   "O(n log n) messages: at most 8n(1+⌈log₂ n⌉)",
		Formal: "every message sent (probes, replies and the leader announcement, one per destination) over all arrangements, initiator sets and schedules <= 8n(1+⌈log₂ n⌉)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula:     MessageBound,
		FormulaText: "8n(1+⌈log₂ n⌉)",
		NMin:        2, NMax: 8,
		Settings: settings,
	},
}

// MessageBound is HS-4's formula, 8n(1+⌈log₂ n⌉), evaluated exactly at
// p.N, the number of processes.
func MessageBound(p claim.Params) claim.Rat {
	n := int64(p.N)
	return claim.RatInt(8 * n * (1 + ringkit.CeilLog2(p.N)))
}
