package ringpoll

import (
	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// Claims are the catalog's claims about the ring-based election, as data.
// No result is stored here.
var Claims = []claim.Claim{
	{
		ID:     "C-SLIDE-3",
		Source: "[S2] Ring-based Election slide",
		Says:   `"Multiple elections can be in progress – Wastes network bandwidth but does no harm"`,
		Formal: "with k concurrent initiators every announcement names the same process, and at quiescence every live process holds it, the highest live id (the slide's \"Initiator picks node with highest ID\": the concurrent elections do no harm to the result); never two live coordinators",
		Kind:   claim.Behaviour,
		Props:  model.Safety | model.Agreement | model.Validity | model.Termination,
		Custom: sameAnnouncement,
		NMin:   3, NMax: 6,
		Settings: []claim.Setting{
			{Name: "async fifo, no failure, any initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators},
			{Name: "async fifo, dead successors (polling), any initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, MaxDead: 3},
			// A crash while the elections run is outside the slide's story
			// (it polls for nodes already dead) and tests crashes, not
			// concurrency: reported, but it does not decide the claim.
			{Name: "async fifo, one crash during the elections (outside the slide's story), any initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, CrashBudget: 1, Outside: true},
		},
		Variants: []string{"lap-initiator", "lap-last-live"},
	},
	// C-FCEABR-13 is [S0] §II's account of basic Ring: every detector's
	// Election packet collects the ids, then the informer's Coordinator
	// packet goes round; that is this algorithm with every process live
	// (no polls). Its parts are checked here; the parent catalog entry
	// takes their verdicts.
	{
		ID:     "C-FCEABR-13.worst",
		Source: "[S0] §II (Ring algorithm, related work)",
		Says:   `"The algorithm in the worst case is from O (n²)"`,
		Formal: "the largest P2P count over detector sets and id arrangements (every process live, lock-step rounds) grows as n²",
		Kind:   claim.Growth, Accounting: model.P2P, Order: 2,
		NMin: 3, NMax: 24,
		Settings: []claim.Setting{{Name: "sync, every process live, any detector set", Timing: model.Sync, Initiators: claim.AnyInitiators}},
	},
	// C-FCEABR-13's best and average cases fit the minimum and the mean
	// per size instead of the maximum (claim.GrowthStat), against the
	// claimed n·log n (Order 1, LogOrder 1).
	nLogN("C-FCEABR-13.best", `"The algorithm in the worst case is from O (n²) and on average and best case is of O (n logn)"`,
		"best case: the smallest P2P count per size (every process live, lock-step rounds) grows as n·log n. Each detector's Election and Coordinator laps run independently, so the count rises with the number of detectors FPN and the smallest is at FPN = 1; the row takes the minimum over one-detector configurations (every detector and id arrangement at the sampled sizes: the engine's sampler rarely draws FPN = 1 at large n when every detector set is allowed). The minimum divided by log n is fitted; n·log n holds only within half the local exponent of log n (so n and n·log² n are told apart from it)",
		claim.StatMin, claim.Setting{Name: "sync, every process live, one detector (the fewest)", Timing: model.Sync, Initiators: claim.OneInitiator}),
	nLogN("C-FCEABR-13.avg", `"on average and best case is of O (n logn)"`,
		"average, reading 'FPN uniform': [S0] names no distribution; this reading draws FPN uniformly in 1..n, then a uniformly random detector set of that size and a uniformly random id arrangement (every process live, lock-step rounds). The mean P2P count per size, divided by log n, is fitted against n·log n. (A uniformly random detector set over all non-empty sets weighs FPN near n/2: the same order as this reading.) The other reading, the mean over detector sets of one fixed size, is C-FCEABR-13.avg-fpn1",
		claim.StatMean, claim.Setting{Name: "sync, every process live, FPN uniform in 1..n", Timing: model.Sync, Initiators: claim.AnyInitiators}),
	nLogN("C-FCEABR-13.avg-fpn1", `"on average and best case is of O (n logn)"`,
		"average, reading 'per FPN': the mean over a uniformly random detector set of a fixed size FPN and a uniformly random id arrangement (every process live, lock-step rounds), here FPN = 1 (one uniformly random detector); the mean P2P count per size, divided by log n, is fitted against n·log n. For a fixed FPN ≥ 2 the count is FPN times one detector's (C-FCEABR-13.twice), the same order",
		claim.StatMean, claim.Setting{Name: "sync, every process live, one uniformly random detector", Timing: model.Sync, Initiators: claim.OneInitiator}),
	{
		ID:     "C-FCEABR-13.twice",
		Source: "[S0] §II (Ring algorithm, related work)",
		Says:   `"If two processes realize coordinator failure at the same time, the numbers of packets will be twice more"`,
		Formal: "with FPN simultaneous detectors the P2P count is at most FPN times one detector's 2n (two detectors: twice), and some execution reaches it at every size",
		Kind:   claim.Bound, Accounting: model.P2P, Relation: claim.AtMost, Tight: true,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(2 * int64(p.N) * int64(max(p.Initiators, 1))) },
		FormulaText: "FPN·2n",
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{
			{Name: "sync, every process live, two detectors", Timing: model.Sync, Initiators: claim.ManyInitiators},
			{Name: "async fifo, every process live, two or more detectors", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators},
		},
	},
	{
		ID:     "C-FCEABR-13.speed",
		Source: "[S0] §II (Ring algorithm, related work)",
		Says:   `"the numbers of packets will be twice more but the speed of election won't change"`,
		Formal: "with any number of simultaneous detectors the last process learns the coordinator no later than with one detector: time ≤ 2n−1 link delays (one detector's Election lap then its Coordinator lap), reached at every size",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.AtMost, Tight: true,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(2*int64(p.N) - 1) },
		FormulaText: "2n−1",
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{{Name: "sync, every process live, any detector set", Timing: model.Sync, Initiators: claim.AnyInitiators}},
	},
}

// nLogN is one of C-FCEABR-13's best and average cases: the stat of the
// P2P count per size (every process live, lock-step rounds, sizes 16 to
// 64), divided by log n, fitted against the claimed n·log n.
func nLogN(id, says, formal string, stat claim.GrowthStat, st claim.Setting) claim.Claim {
	return claim.Claim{
		ID:     id,
		Source: "[S0] §II (Ring algorithm, related work)",
		Says:   says,
		Formal: formal,
		Kind:   claim.Growth, Accounting: model.P2P, Order: 1, LogOrder: 1, Stat: stat,
		NMin: 16, NMax: 64,
		Sizes:    []int{16, 24, 32, 40, 48, 56, 64},
		Settings: []claim.Setting{st},
	}
}

// sameAnnouncement is C-SLIDE-3's check: every "announce" observation
// names the same process.
var sameAnnouncement = ringkit.SameAnnouncement("announce", "initiator", nil)
