package peterson

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// source is where the claims come from. Peterson's paper is not one of the
// seeds: these claims are beyond the catalog (algos.Extra).
const source = "G. L. Peterson, ACM TOPLAS 4(4), 1982"

// settings are the executions the claims are checked over: asynchronous
// FIFO links (the paper's) and synchronous rounds, every set of
// initiators, no failures.
var settings = ringkit.CrashFreeSettings()

// Claims are Peterson's claims as data; the formulas are evaluated in
// code, no result is stored here.
var Claims = []claim.Claim{
	{
		ID:     "PETERSON-1",
		Source: source,
		Says:   "exactly one process is elected, the one that ends up holding the maximum id as its temporary id (not necessarily the process whose id it is), and every process learns which",
		Formal: "never two processes act as leader at once; at quiescence exactly one does, its final temporary id is the highest id, and every process holds it (the elected process's id) as leader; every execution reaches quiescence",
		Kind:   claim.Behaviour,
		Props:  model.Safety | model.Agreement | model.Termination,
		Custom: OneWinner,
		NMin:   2, NMax: 8,
		// Also with reordering links, outside the paper's FIFO links:
		// checked and shown, not deciding the verdict (the phase logic
		// takes uid2 and uid3 in the order they were sent).
		Settings: ringkit.CrashFreeAndUnorderedSettings(),
	},
	{
		ID:     "PETERSON-2",
		Source: source,
		Says:   "each phase at least halves the active processes: at most ⌊log₂ n⌋+1 phases",
		Formal: "the highest phase any process enters as an active process (the last one being the phase in which the winner's temporary id goes round the ring) <= ⌊log₂ n⌋+1, n = ring positions",
		Kind:   claim.Behaviour,
		Custom: claim.EveryObservation(ObsPhase, claim.AtMost, PhaseBound, "⌊log₂ n⌋+1", "phase"),
		NMin:   2, NMax: 8,
		Settings: settings,
	},
	{
		ID:     "PETERSON-3",
		Source: source + ": at most 2n log n + O(n) messages; the O(n) made exact here: 2n per phase while two or more processes are active (⌊log₂ n⌋ such phases at most), n for the last phase's lap, n for the leader's announcement",
		Says:   "O(n log n) messages: at most 2n⌊log₂ n⌋ + O(n)",
		Formal: "every message sent (elect messages and relays, and the n leader announcements; P2P) over all arrangements, initiator sets and schedules <= 2n⌊log₂ n⌋ + 2n",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula:     MessageBound,
		FormulaText: "2n⌊log₂ n⌋+2n",
		NMin:        2, NMax: 8,
		Settings: settings,
	},
}

// PhaseBound is PETERSON-2's formula, ⌊log₂ n⌋+1, at p.N.
func PhaseBound(p claim.Params) claim.Rat { return claim.RatInt(ringkit.FloorLog2(p.N) + 1) }

// MessageBound is PETERSON-3's formula, 2n⌊log₂ n⌋+2n, at p.N.
func MessageBound(p claim.Params) claim.Rat {
	n := int64(p.N)
	return claim.RatInt(2*n*ringkit.FloorLog2(p.N) + 2*n)
}

// OneWinner is PETERSON-1's own check: exactly one process acts as leader
// at the end of the run, and the temporary id it won with is the highest
// id.
func OneWinner(s model.System) error {
	if err := ringkit.ExactlyOne(ringkit.Leaders(s)); err != nil {
		return err
	}
	for _, o := range s.Observations() {
		if o.Tag == ObsWon && model.ID(o.Val) != s.Topo().Max() {
			return fmt.Errorf("process %d won with temporary id %d, but the highest id is %d", o.Proc, o.Val, s.Topo().Max())
		}
	}
	return nil
}
