package franklin

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// source is where the claims come from. Franklin's paper is not one of the
// seeds: these claims are beyond the catalog (algos.Extra).
const source = "W. R. Franklin, CACM 25(5), 1982"

// settings are the executions every claim is checked over: asynchronous
// FIFO links and synchronous rounds with every set of initiators, and
// asynchronous reordering links, outside the paper's FIFO links (shown,
// not deciding the verdict). Franklin assumes no failures: nothing is
// crashed.
var settings = ringkit.CrashFreeAndUnorderedSettings()

// Claims are Franklin's claims as data; the formulas are evaluated in
// code, no result is stored here.
var Claims = []claim.Claim{
	{
		ID:     "FRANKLIN-1",
		Source: source,
		Says:   "the process with the largest id is found (it receives its own id back) and every process learns it",
		Formal: "never two processes act as leader at once; at quiescence exactly one does, the highest id, and every process holds it as leader; every execution reaches quiescence; no active process ever receives a message more than one round ahead of its own",
		Kind:   claim.Behaviour,
		Props:  model.Safety | model.Agreement | model.Validity | model.Termination,
		Custom: claim.AllChecks(ringkit.OneLeader, noSkew),
		NMin:   2, NMax: 8,
		Settings: settings,
	},
	{
		ID:     "FRANKLIN-2",
		Source: source,
		Says:   "each round at least halves the active processes (no two neighbouring active processes both survive a round): at most ⌊log₂ n⌋+1 rounds, the rounds behind the abstract's 2N·floor(lg N) + 3N",
		Formal: "the highest round any process enters as an active process (the last one being the round in which the winner's id goes round the ring) <= ⌊log₂ n⌋+1, n = ring positions",
		Kind:   claim.Behaviour,
		Custom: claim.EveryObservation(ObsRound, claim.AtMost, RoundBound, "⌊log₂ n⌋+1", "round"),
		NMin:   2, NMax: 8,
		Settings: settings,
	},
	{
		ID:     "FRANKLIN-3",
		Source: source,
		Says:   "at most 2n messages per round",
		Formal: "for every round r, the elect messages of round r sent or relayed (P2P, one per hop) <= 2n; the leader announcement is not part of a round",
		Kind:   claim.Behaviour,
		Custom: perRound,
		NMin:   2, NMax: 8,
		Settings: settings,
	},
	{
		ID:     "FRANKLIN-4",
		Source: source + ", abstract",
		Says:   "It passes 2N*floor(lg N) + 3N messages in the worst case",
		Formal: "every message sent (elect messages and relays, and the n leader announcements; P2P) over all arrangements, initiator sets and schedules <= 2n⌊log₂ n⌋ + 3n (2n per round times ⌊log₂ n⌋+1 rounds, plus n for the announcement), and at every size some execution sends exactly that many (the worst case is attained)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Tight:       true,
		Formula:     MessageBound,
		FormulaText: "2n⌊log₂ n⌋+3n",
		NMin:        2, NMax: 8,
		Settings: settings,
	},
}

// RoundBound is FRANKLIN-2's formula, ⌊log₂ n⌋+1, at p.N: the active
// processes after r rounds are at most ⌊n/2^r⌋, and the last round has one.
func RoundBound(p claim.Params) claim.Rat { return claim.RatInt(ringkit.FloorLog2(p.N) + 1) }

// MessageBound is FRANKLIN-4's formula, the abstract's 2N·floor(lg N) + 3N,
// at p.N.
func MessageBound(p claim.Params) claim.Rat {
	n := int64(p.N)
	return claim.RatInt(2*n*ringkit.FloorLog2(p.N) + 3*n)
}

// noSkew checks that no active process received a message more than one
// round ahead of its own.
func noSkew(s model.System) error {
	for _, o := range s.Observations() {
		if o.Tag == ObsSkew {
			return fmt.Errorf("process %d received a message of round %d, more than one round ahead of its own", o.Proc, o.Val)
		}
	}
	return nil
}

// perRound is FRANKLIN-3's check: the elect messages of each round, sent
// or relayed, are at most 2n.
func perRound(s model.System) error {
	for i, c := range RoundMessages(s) {
		if c > 2*int64(s.N()) {
			return fmt.Errorf("round %d has %d elect messages, claimed at most 2n = %d (n=%d)", i+1, c, 2*s.N(), s.N())
		}
	}
	return nil
}

// RoundMessages returns the elect messages of each round (index r-1 for
// round r) observed in s.
func RoundMessages(s model.System) []int64 {
	var per []int64
	for _, o := range s.Observations() {
		if o.Tag != ObsSent {
			continue
		}
		for int(o.Val) > len(per) {
			per = append(per, 0)
		}
		per[o.Val-1]++
	}
	return per
}
