package lelann

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// Claims are the catalog's claims about the basic version, as data. The
// formulas are the paper's, evaluated exactly; no result is stored here.
var Claims = []claim.Claim{
	{
		ID:     "C-RING1-1",
		Source: "[S1] Unidirectional rings, basic version",
		Says:   `"The algorithm requires an order of n² messages per election."`,
		Formal: "worst-case P2P count (elect me + new coordinator, forwards by failed processes included) grows as n^2, n = ring positions (AMB-R1-3: or live processes); 1, several and all initiators; 0..n-2 failed forwarders",
		Kind:   claim.Growth, Order: 2,
		Quantity: claim.Messages, Accounting: model.P2P,
		// Formula is the reference curve n² with n read per AMB-R1-3;
		// the claim itself is the exponent (Order).
		Formula: func(p claim.Params) claim.Rat {
			n := int64(RingN(p))
			return claim.RatInt(n * n)
		},
		FormulaText: "n^2",
		NMin:        3, NMax: 24,
		Settings: []claim.Setting{
			{Name: "async fifo, one initiator, failed forwarders", Timing: model.Async, Net: model.FIFO, Initiators: claim.OneInitiator, MaxDead: 22},
			{Name: "async fifo, two or more initiators, failed forwarders", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators, MaxDead: 22},
			{Name: "async fifo, any initiator set (up to all), failed forwarders", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, MaxDead: 22},
		},
		Variants: []string{"n-positions", "n-live"},
	},
	{
		ID:     "C-RING1-2",
		Source: "[S1] Unidirectional rings, basic version",
		Says:   `"These messages reach process Pi such that the ("elect me", Pi) message follows all the other messages."`,
		Formal: "when an initiator's own (elect me) message returns, it has received the (elect me) messages of every other live process (own-returned count = live - 1); and the elected process is the maximum live id",
		Kind:   claim.Behaviour,
		Props:  model.Validity,
		Custom: ownFollowsAll,
		NMin:   3, NMax: 6,
		Settings: []claim.Setting{
			{Name: "async fifo (the stated assumption), any initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators},
			{Name: "async unordered (outside [S1]'s FIFO assumption: is it needed?), any initiators", Timing: model.Async, Net: model.Unordered, Initiators: claim.AnyInitiators, Outside: true},
		},
	},
	{
		ID:     "C-RING1-3",
		Source: "[S1] Unidirectional rings, basic version",
		Says:   `"It is assumed that failures do not occur during an election. This assumption ensures identical results even if two or more processes initiate elections in parallel."`,
		Formal: "(a) every announcement names the same process; (b) each names the maximum live id at the instant it is made; with two or more initiators",
		Kind:   claim.Behaviour,
		Custom: identicalResults,
		NMin:   3, NMax: 6,
		Settings: []claim.Setting{
			{Name: "async fifo, no crash during the election", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators},
			{Name: "async fifo, one crash during the election (outside the assumption)", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators, CrashBudget: 1, Outside: true},
			{Name: "async unordered, no crash during the election (outside [S1]'s FIFO assumption)", Timing: model.Async, Net: model.Unordered, Initiators: claim.ManyInitiators, Outside: true},
		},
		Variants: []string{"default", "all-announce"},
	},
	ringkit.S1ElectsHighest("default", "all-announce", "announce-n-1"),
}

// ownFollowsAll is C-RING1-2's check: every "own-returned" observation
// counts the elect messages of all other live processes of its instant.
func ownFollowsAll(s model.System) error {
	for _, o := range s.Observations() {
		if o.Tag == "own-returned" && o.Val != o.LiveCount-1 {
			return fmt.Errorf("initiator %d got its own elect message back after the messages of %d other processes, but %d other processes are live", o.Proc, o.Val, o.LiveCount-1)
		}
	}
	return nil
}

// identicalResults is C-RING1-3's check: (a) all announcements name the
// same process and (b) each names the maximum live id of its instant.
var identicalResults = ringkit.SameAnnouncement("announce", "process", func(o model.Observation) error {
	if model.ID(o.Val) != o.MaxLive {
		return fmt.Errorf("process %d announced %d, but the maximum live id was %d", o.Proc, o.Val, o.MaxLive)
	}
	return nil
})
