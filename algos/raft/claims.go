package raft

import (
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// source cites the paper the claims come from (beyond the seeds).
const source = "D. Ongaro and J. Ousterhout, In Search of an Understandable Consensus Algorithm, USENIX ATC 2014"

// electionSafetySays is §5.2's sentence (Figure 3 states it as Election
// Safety).
const electionSafetySays = "at most one leader can be elected in a given term"

// settled: some server has become leader, or no event can happen any
// more (every live server at MaxTerm, nothing in flight).
func settled(s model.System) bool { return AnyLeader(s) || s.Quiescent() }

// restrictBooted is Boot as a setting's restriction: every server boots
// and draws its first timeout before round 1, and the run ends once it
// has settled.
func restrictBooted(s model.System) (model.System, error) { return Boot(s, settled) }

// rOf and mOf are the timeout range R and MaxTerm of the row's variant.
func rOf(p claim.Params) int { return int(p.Reading(AmbR)) + 1 }
func mOf(p claim.Params) int { return int(p.Reading(AmbMaxTerm)) + 1 }

var (
	rVar = claim.FormulaVar{Name: "R", Of: func(p claim.Params) int64 { return int64(rOf(p)) }}
	mVar = claim.FormulaVar{Name: "MaxTerm", Of: func(p claim.Params) int64 { return int64(mOf(p)) }}
)

// syncBooted is the setting of the probability claims: sync timing, no
// crash, every server booted before round 1 (a reading: under the model's
// unrestricted adversary a boot may be delayed by rounds, and the draws
// would not be all that decides who times out first).
var syncBooted = claim.Setting{Name: "sync, no crash, every server boots and draws its first timeout before round 1 (Boot); the run ends at the first leader",
	Timing: model.Sync, Initiators: claim.EveryLive, Restrict: restrictBooted}

// probNames are the probability claims' own predicates and counter.
var (
	probPreds = map[string]func(model.System) bool{
		"term-1-leader": func(s model.System) bool { return LedTerm(s, 1) },
		"settled":       settled,
	}
	probCounters = map[string]func(model.System, model.Event, model.System) int64{
		// terms: the increase of TermsUsed, whose total over a run that
		// ends at its first leader is that leader's term (MaxTerm when
		// the run ends without one).
		"terms": func(before model.System, _ model.Event, after model.System) int64 {
			return int64(TermsUsed(after) - TermsUsed(before))
		},
	}
)

// Claims are Raft's leader election claims as data; the formulas of the
// probability claims are evaluated in code (closed.go).
var Claims = []claim.Claim{
	{
		ID:     "RAFT-1",
		Source: source + ", §5.2 and Figure 3 (Election Safety)",
		Says:   electionSafetySays,
		Formal: "Election Safety as an invariant of every reachable state: no two servers, live or crashed, have become leader in a common term (ElectionSafety), over every schedule, every draw of the election timeouts and every crash of one server (crash-stop), sync timing (timers count rounds), two rounds of heartbeats per leader (so that runs end: with unlimited ones a run never quiesces); the generic single-coordinator property does not apply (a deposed leader acts in its older term until it hears of the newer one)",
		Kind:   claim.Behaviour,
		// Raft's own invariant alone: none of the generic properties fits
		// a term-based election (model.Info.Terms).
		Invariant: ElectionSafety,
		NMin:      3, NMax: 4,
		Settings: []claim.Setting{
			{Name: "sync, every server starts, one crash (crash-stop)", Timing: model.Sync, Initiators: claim.EveryLive, CrashBudget: 1},
		},
		Variants: []string{Variant(2, 2, 3, 2, false), Variant(3, 2, 2, 2, false)},
	},
	{
		ID:     "RAFT-2",
		Source: source + ", §5.2 and Figure 3 (Election Safety)",
		Says:   electionSafetySays,
		Formal: "Election Safety (as RAFT-1) under async timing with early timeouts: a timer fires whenever the scheduler likes, with any message in flight (every delay, and so every loss, of every message: a run that loses messages is, up to any finite prefix, a run whose lost messages are still in flight), one crash (crash-stop); one round of heartbeats per leader (PARAM-RAFT-BEATS: in-flight heartbeats would grow without bound); MaxTerm 1, with R = 1 and R = 2 (under early timeouts the scheduler fires timers when it likes, so the draws decide little); n = 3, each configuration searched whole (35,185 and 59,349 states: SearchStates raises the row's budget)",
		Kind:   claim.Behaviour,
		// As RAFT-1.
		Invariant: ElectionSafety,
		NMin:      3, NMax: 3,
		Settings: []claim.Setting{
			{Name: "async FIFO links, every server starts, one crash (crash-stop), early timeouts: every delay and loss", Timing: model.Async, Net: model.FIFO, Initiators: claim.EveryLive, CrashBudget: 1, Timeouts: model.Early},
		},
		Variants:     []string{Variant(1, 2, 1, 1, false), Variant(2, 2, 1, 1, false)},
		SearchStates: 100_000,
	},
	{
		ID:         "RAFT-3",
		Source:     source + ", §5.2 (\"Raft uses randomized election timeouts to ensure that split votes are rare\")",
		Says:       "randomized election timeouts make split votes rare: the first term elects a leader with a probability that grows with the range of the timeouts",
		Formal:     "Pmin = Pmax[term-1-leader] = P(n, R), the model's derivation (FirstTermElects): the k servers that drew the least of R timeout values campaign in one round, every other server grants the first RequestVote of the batch it receives, and one candidate wins iff k ≤ n − ⌊n/2⌋; P(n, R) = Σ_{k≤n−⌊n/2⌋} C(n,k) Σ_{v<R} v^(n−k) / R^n (1 − 1/R² at n = 3). The paper gives no formula: this checks the model against its derivation at R = 1, 2, 3 and n = 3..5 (the rows show how the probability changes with R; that it rises is read from them, not a separate check)",
		Kind:       claim.Probability,
		Queries:    []string{"Pmin[term-1-leader]", "Pmax[term-1-leader]"},
		Predicates: probPreds, Counters: probCounters,
		Relation: claim.Exactly, FormulaText: "P(n, R)",
		Formula: func(p claim.Params) claim.Rat { return claim.RatOf(FirstTermElects(p.N, rOf(p))) },
		Vars:    []claim.FormulaVar{rVar},
		NMin:    3, NMax: 5,
		Settings: []claim.Setting{syncBooted},
		Variants: []string{Variant(1, 2, 1, 0, false), Variant(2, 2, 1, 0, false), Variant(3, 2, 1, 0, false)},
	},
	{
		ID:         "RAFT-4",
		Source:     source + ", §5.2 (\"… and that they are resolved quickly\")",
		Says:       "split votes are resolved quickly: the expected term of the first leader",
		Formal:     "Emin = Emax[terms until settled] = Σ_{k=1}^{MaxTerm} q^(k−1), q = 1/R², at n = 3 (ExpectedTermsThree): after a split all three servers drew new timeouts in the same round, so terms are independent trials; terms counts the term of the first leader, MaxTerm when no term up to MaxTerm elects one (the model's bound on terms)",
		Kind:       claim.Probability,
		Queries:    []string{"Emin[terms until settled]", "Emax[terms until settled]"},
		Predicates: probPreds, Counters: probCounters,
		Relation: claim.Exactly, FormulaText: "Σ_{k=1}^{MaxTerm} (1/R²)^(k−1)",
		Formula: func(p claim.Params) claim.Rat { return claim.RatOf(ExpectedTermsThree(rOf(p), mOf(p))) },
		Vars:    []claim.FormulaVar{rVar, mVar},
		NMin:    3, NMax: 3,
		Settings: []claim.Setting{syncBooted},
		Variants: []string{Variant(2, 2, 1, 0, false), Variant(2, 2, 2, 0, false), Variant(3, 2, 2, 0, false), Variant(2, 2, 3, 0, false)},
	},
}
