package fceabr

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/claim/claimkit"
	"github.com/electlab/electlab/model"
)

// This file holds the FCEABR claims about time, about the comparison with
// basic Ring, about crash tolerance beyond C-FCEABR-10 (C-FCEABR-2) and
// about late joiners (C-FCEABR-12).

// CC is [S0] eq.(2) (recovered from [S3] eq.(6)) with α = 1: CC = 2(N−1)
// when N is even, 2N otherwise; N per AMB-FCEABR-10.
func CC(p claim.Params) claim.Rat {
	n := nOf(p)
	if n%2 == 0 {
		return claim.RatInt(2 * (n - 1))
	}
	return claim.RatInt(2 * n)
}

// ECT is [S0] eq.(3)–(6) (recovered from [S3] eq.(7)–(10) with SCAN = 1)
// at α = β = 1: PT = 2(N−1)β, λ1 = N/2·(2(N−1)β + 2(N−1)α) for N even,
// λ2 = N/2·(2(N−1)β + 2Nα) for N odd, evaluated exactly.
func ECT(p claim.Params) claim.Rat {
	return ectAt(nOf(p), 1, 1)
}

// ectAt is ECT at n with the communication time alpha and the comparison
// time beta.
func ectAt(n, alpha, beta int64) claim.Rat {
	pt := 2 * (n - 1) * beta
	cc := 2 * (n - 1) * alpha
	if n%2 == 1 {
		cc = 2 * n * alpha
	}
	return claim.RatFrac(n*(pt+cc), 2)
}

// RingLatency is basic Ring's election time as [S0] §II describes it, in
// hops, with one detector and every process live: the Election packet
// laps the ring (N hops back to the detector) and the Coordinator packet
// reaches the last process N−1 hops later. algos/ringpoll with every
// process live (no polls) is that algorithm; a test checks this value on
// it.
func RingLatency(n int) int64 { return int64(2*n - 1) }

// RingMessages is basic Ring's P2P count with fpn independent detectors
// and every process live: each detector's Election lap (N) and Coordinator
// lap (N). A test checks it on algos/ringpoll.
func RingMessages(n, fpn int) int64 { return int64(2 * n * fpn) }

var (
	syncMany  = claim.Setting{Name: "sync, election, two or more initiators (FPN ≥ 2)", Timing: model.Sync, Initiators: claim.ManyInitiators}
	asyncOne  = claimkit.AsyncFIFO(sync1)
	asyncMany = claimkit.AsyncFIFO(syncMany)

	b1Sync  = claim.Setting{Name: "budget 1: the coordinator crashed before the run; sync, any detector set", Timing: model.Sync, Initiators: claim.AnyInitiators, CoordinatorDead: true}
	b1Async = claimkit.AsyncFIFO(b1Sync)
	b2Sync  = claim.Setting{Name: "budget 2: the coordinator and any other process crashed before the run; sync", Timing: model.Sync, Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 1}
	b2Async = claimkit.AsyncFIFO(b2Sync)
	b2RunS  = claim.Setting{Name: "budget 2: the coordinator crashed before the run, one more crash during the SElection/SCoordinator waves; sync", Timing: model.Sync, Initiators: claim.AnyInitiators, CoordinatorDead: true, CrashBudget: 1}
	b2RunA  = claimkit.AsyncFIFO(b2RunS)

	joinSync  = claim.Setting{Name: "sync, the coordinator crashed before the run, one process absent that joins when the adversary chooses", Timing: model.Sync, Initiators: claim.AnyInitiators, CoordinatorDead: true, Joins: 1}
	joinAsync = claimkit.AsyncFIFO(joinSync)
)

// timeClaims ends with ptClaims (claims_pt.go), the rest of C-FCEABR-7.
var timeClaims = append([]claim.Claim{
	{
		ID:        "C-FCEABR-2.a",
		Source:    "[S0] Abstract; §V.3; §VII; §IX",
		Says:      `"Fault tolerance technique is applied which leads the waiting time for the election reaching to zero"; "While this process is continuing its ordinary operation without any delay"; "no wait time is inducted to any processes during their run time because of coordinator crash"; "Each process could tolerate one failure."`,
		Formal:    "(a) no wait, an invariant judged after every event: every live process (the initial election complete: every process knows the two best members) holds a view (coordinator, surrogate) with a live coordinator or a known (non-zero) live surrogate, by the processes' status at that instant. Each failure budget is its own setting: budget 1 (the coordinator crashed); budget 2 (the coordinator and any other process, the surrogate included, crashed before the run; or the coordinator crashed before the run and one more crash the adversary injects at any instant of the SElection/SCoordinator waves); both ring repairs (AMB-FCEABR-6). The claim's failure budget is 1 (\"Each process could tolerate one failure\"): the budget-2 settings are beyond it, shown outside the paper's assumptions, and do not decide the verdict",
		Kind:      claim.Behaviour,
		Invariant: noWait,
		NMin:      3, NMax: 5,
		Settings: []claim.Setting{b1Sync, b1Async, b2Sync, b2Async, b2RunS, b2RunA},
		Variants: []string{"healed", "path"},
		// "Each process could tolerate one failure": the budget 2
		// settings are beyond it, shown and not deciding.
		FailureBudget: 1,
	},
	{
		ID:     "C-FCEABR-2.bc",
		Source: "[S0] §V.3; §IX",
		Says:   `"Each process could tolerate one failure."`,
		Formal: "(b) liveness: after the single crash of the coordinator, with no Election, at quiescence every live process holds (coordinator, surrogate) = (old surrogate, highest live id other than it); (c) validity: that coordinator is live. Budget 1, FPN detectors, both ring repairs (AMB-FCEABR-6)",
		Kind:   claim.Behaviour,
		Props:  model.Termination,
		Custom: liveAfterCrash,
		NMin:   3, NMax: 5,
		Settings:      []claim.Setting{b1Sync, b1Async},
		Variants:      []string{"healed", "path"},
		FailureBudget: 1,
	},
	{
		ID:     "C-FCEABR-6.time",
		Source: "[S0] §VI.6.2 eq.(2); [S3] §VIII.B.1 eq.(6)",
		Says:   `"Communication time between each two processes (α) is considered to be the same for simplicity so Communication Cost (CC) of the algorithm is gained by (2)." CC = 2(N−1)α (N even), 2Nα (N odd)`,
		Formal: "reading (a): CC with α = 1 equals the SYNC-LOCKSTEP latency of one election (the hop at which the last live process learns its (coordinator, surrogate)), one initiator, every id arrangement; each terminal rule (AMB-FCEABR-2). Dimension: CC is a time (α per hop); the measured latency is in hops",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.Exactly,
		Formula:     CC,
		FormulaText: "CC = 2(N-1) (N even), 2N (N odd), alpha = 1",
		NMin:        3, NMax: 10,
		Settings: []claim.Setting{sync1},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-6.messages",
		Source: "[S0] §VI.6.2 eq.(2); [S3] §VIII.B.1 eq.(6)",
		Says:   `CC = 2(N−1)α (N even), 2Nα (N odd)`,
		Formal: "reading (b): CC/α equals the P2P message count of one election, one initiator, SYNC-LOCKSTEP, every id arrangement; each terminal rule. Dimension: CC/α is a number of hops; a count of messages only matches it if messages travel one after the other, which FCEABR's two waves do not",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     CC,
		FormulaText: "CC/alpha = 2(N-1) (N even), 2N (N odd)",
		NMin:        3, NMax: 10,
		Settings: []claim.Setting{sync1},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-7.ect",
		Source: "[S0] §VI.6.2 eq.(3)–(6); [S3] eq.(7)–(10)",
		Says:   `PT = 2(N−1)β; λ1 = N/2·(2(N−1)β + 2(N−1)α); λ2 = N/2·(2(N−1)β + 2Nα); ECT = λ1 (N even), λ2 (N odd)`,
		Formal: "(c) ECT at α = β = 1 against the measured SYNC-LOCKSTEP latency of one election (one initiator, every id arrangement, each terminal rule), counting each hop as α + β (a hop plus the receiver's comparison, the most the critical path can spend): measured ≤ ECT holds trivially for a quadratic formula, so the relation checked is equality. Dimension: λ multiplies a time, 2(N−1)(α+β), by N/2, a count of processes: ECT is a time but Θ(N²) (2N(N−1) at α = β = 1, N even), while the paper concludes O(N); the measured order is C-FCEABR-7.growth",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.Exactly,
		Formula:     ECT,
		FormulaText: "ECT = N/2*(2(N-1)beta + 2(N-1)alpha) (N even), N/2*(2(N-1)beta + 2N alpha) (N odd), alpha = beta = 1",
		Measure:     hopTime,
		NMin:        3, NMax: 10,
		Settings: []claim.Setting{sync1},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-7.growth",
		Source: "[S0] §VI.6.2; [S3] §VIII.B.1",
		Says:   `"β and α are constant variables, so time complexity of the algorithm is from O (N) and Ω (N)."`,
		Formal: "(a)/(b) the growth order in N of the measured SYNC-LOCKSTEP latency of one election (one initiator): the fitted exponent of the worst case over the upper half of the sizes must be 1 ± 0.3. The printed ECT itself is of order 2 (C-FCEABR-7.ect)",
		Kind:   claim.Growth, Quantity: claim.Time,
		Order: 1,
		NMin:  4, NMax: 64,
		Sizes:    []int{4, 8, 16, 24, 32, 48, 64},
		Settings: []claim.Setting{sync1},
	},
	{
		ID:     "C-FCEABR-1.speed",
		Source: "[S0] Abstract, §IX",
		Says:   `"twice as fast as Ring algorithm although far fewer messages are passing due to election"; "it increased the election's speed"`,
		Formal: "(a) SYNC-LOCKSTEP, one initiator, no failure: L_F, the hop at which the last live process learns (coordinator, surrogate), is at most ⌈L_R/2⌉ (half, in whole rounds) where L_R = 2N−1 is basic Ring's latency ([S0] §II: an Election lap of N hops, then the Coordinator reaches the last process N−1 hops later; checked on algos/ringpoll with every process live by a test). L_R/L_F → 2 holds when L_F = N",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.AtMost,
		Formula: func(p claim.Params) claim.Rat {
			return claim.RatInt((RingLatency(p.Live) + 1) / 2)
		},
		FormulaText: "ceil(L_R/2), L_R = 2N-1 (basic Ring)",
		NMin:        3, NMax: 12,
		Settings: []claim.Setting{sync1},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-1.messages",
		Source: "[S0] Abstract, §IX; Table 1 RING column",
		Says:   `"far fewer messages are passing due to election"; "our algorithm passed fewer messages than Ring algorithm to elect new coordinator"`,
		Formal: "(b) for the same N and FPN (each initiator-set size its own setting: FPN = 1, FPN ≥ 2), FCEABR's P2P count is strictly below basic Ring's with FPN independent initiators, 2N·FPN (each initiator's Election and Coordinator laps; checked on algos/ringpoll by a test): count ≤ 2N·FPN − 1",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula: func(p claim.Params) claim.Rat {
			return claim.RatInt(RingMessages(p.Live, p.Initiators) - 1)
		},
		FormulaText: "2N*FPN - 1 (fewer than basic Ring)",
		NMin:        3, NMax: 6,
		Settings: []claim.Setting{sync1, syncMany, asyncOne, asyncMany},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-12",
		Source: "[S0] §V, end",
		Says:   `"if one process with the larger number comes into the network before coordinator failure, system will omit it in election until the next one to avoid 2n message overhead."`,
		Formal: "a process absent at the start joins when the adversary chooses (every absent process of each size, so also one larger than the coordinator and the surrogate); crash handling (SElection/SCoordinator) never makes it coordinator or surrogate: no terminal computes it and no live process ends holding it as either. Both readings of AMB-FCEABR-11",
		Kind:   claim.Behaviour,
		Custom: joinerIgnored,
		NMin:   4, NMax: 6,
		Settings: []claim.Setting{joinSync, joinAsync},
		Variants: []string{"joiner-ignored", "joiner-candidate"},
	},
}, ptClaims...)

// hopTime is model.MeasuredTime with each hop costing α + β = 2 (α = β =
// 1: a hop plus the receiver's comparison), the time eq.(3)–(10) count.
func hopTime(s model.System) (int64, bool) { return 2 * model.MeasuredTime(s), true }

// HasLiveView reports whether a process holding view l (coordinator,
// A1..AP) can reach a coordinator without waiting: the coordinator or a
// known alternative is live by live.
func HasLiveView(l List, live func(model.ID) bool) bool {
	for _, id := range l {
		if id != model.None && live(id) {
			return true
		}
	}
	return false
}

// noWait is C-FCEABR-2's check (a), an invariant judged at every
// instant: every live process that did not join during the run holds a
// view (coordinator, A1..AP) with a live coordinator or a live known
// alternative, by the processes' status at that instant.
func noWait(s model.System) error {
	topo := s.Topo()
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st := model.StateOf[State](s, i)
		if st.Joined {
			continue
		}
		if l := st.list(); !HasLiveView(l, claimkit.LiveNow(s)) {
			return fmt.Errorf("(a) process %d waits: it holds coordinator %d and alternatives %v, none of them live and known", topo.Order[i], l[0], l[1:st.p()+1])
		}
	}
	return nil
}

// liveAfterCrash is C-FCEABR-2's checks (b) liveness and (c) validity.
func liveAfterCrash(s model.System) error {
	topo := s.Topo()
	var want [2]model.ID
	old := initialSurrogate(s)
	want[0] = old
	for i := range s.N() {
		if s.Status(i) == model.Live && topo.Order[i] != old && topo.Order[i] > want[1] {
			if st := model.StateOf[State](s, i); !st.Joined {
				want[1] = topo.Order[i]
			}
		}
	}
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st := model.StateOf[State](s, i)
		if st.Coord != want[0] || st.Alts[0] != want[1] {
			return fmt.Errorf("(b) process %d ends with (coordinator, surrogate) = (%d, %d), want (%d, %d): the old surrogate and the highest live id other than it", topo.Order[i], st.Coord, st.Alts[0], want[0], want[1])
		}
	}
	if !claimkit.LiveNow(s)(want[0]) {
		return fmt.Errorf("(c) the agreed coordinator %d (the old surrogate) is not live", want[0])
	}
	return nil
}

// initialSurrogate is the surrogate every process knew before the run:
// the second best member at the start (Config.IDs leaves out the absent
// processes).
func initialSurrogate(s model.System) model.ID {
	var best [2]model.ID
	for _, id := range s.Config().IDs {
		switch {
		case id > best[0]:
			best[0], best[1] = id, best[0]
		case id > best[1]:
			best[1] = id
		}
	}
	return best[1]
}

// joinerIgnored is C-FCEABR-12's check.
func joinerIgnored(s model.System) error {
	joiners := map[model.ID]bool{}
	for _, id := range s.Config().Absent {
		joiners[id] = true
	}
	var term model.ID
	for _, o := range s.Observations() {
		switch o.Tag {
		case "terminal":
			term = o.Proc
		case "terminal-coord", "terminal-surr":
			if joiners[model.ID(o.Val)] {
				return fmt.Errorf("terminal %d made the joiner %d %s", term, o.Val, map[string]string{"terminal-coord": "coordinator", "terminal-surr": "surrogate"}[o.Tag])
			}
		}
	}
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st := model.StateOf[State](s, i)
		if joiners[st.Coord] || joiners[st.Alts[0]] {
			return fmt.Errorf("process %d ends with (coordinator, surrogate) = (%d, %d), which names the joiner", s.Topo().Order[i], st.Coord, st.Alts[0])
		}
	}
	return nil
}
