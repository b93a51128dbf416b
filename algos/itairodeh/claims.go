package itairodeh

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// source is where the claims come from: Itai and Rodeh's paper, with the
// semantics of PRISM's case studies of it (beyond the seeds).
const source = "A. Itai and M. Rodeh, Information and Computation 88(1), 1990; PRISM case studies leader_sync and leader"

// kOf is the range K of the values drawn at p (PARAM-K).
func kOf(p claim.Params) int { return minK + int(p.Reading(0)) }

// kVar is the free variable K of the formulas, read from the variant.
var kVar = claim.FormulaVar{Name: "K", Of: func(p claim.Params) int64 { return int64(kOf(p)) }}

// restrictLockstep is Lockstep as a setting's restriction.
func restrictLockstep(s model.System) (model.System, error) {
	cs, ok := s.(model.CoinSystem)
	if !ok {
		return nil, fmt.Errorf("itairodeh: %T has no coins", s)
	}
	return Lockstep(cs), nil
}

// The settings: PRISM's synchronous model, where every process draws from
// the first step (Lockstep: a restriction of the adversary, named; under
// the model's unrestricted adversary, which may run a round before a
// process has started, a late start costs one round: Emax[rounds until
// elected] = 1/q + 1, docs/PROBABILITY.md), and every scheduler of the
// asynchronous ring.
var (
	syncPRISM = claim.Setting{Name: "sync, every process starts before round 1 (PRISM's start; coins answered in index order)",
		Timing: model.Sync, Initiators: claim.EveryLive, Restrict: restrictLockstep}
	asyncAll = claim.Setting{Name: "async FIFO ring, every scheduler (starts first and each coin answered at once: a partial-order reduction, Lockstep)",
		Timing: model.Async, Net: model.FIFO, Initiators: claim.EveryLive, Restrict: restrictLockstep}
)

// SyncClaims are the synchronous election's claims as data; the formulas
// are evaluated in code (closed.go), no result is stored here.
var SyncClaims = []claim.Claim{
	{
		ID:       "IR-SYNC-1",
		Source:   source + " (leader_sync: P>=1 [F elected])",
		Says:     "a leader is eventually elected with probability 1",
		Formal:   "Pmin[elected] = 1: under every scheduler and coin, a state where exactly one live process is coordinator and every live process names it is reached with probability 1",
		Kind:     claim.Probability,
		Queries:  []string{"Pmin[elected]"},
		Relation: claim.Exactly, Formula: func(claim.Params) claim.Rat { return claim.RatInt(1) }, FormulaText: "1",
		NMin: 3, NMax: 5,
		Settings: []claim.Setting{syncPRISM},
		Variants: []string{"k2", "k3", "k4"},
	},
	{
		ID:       "IR-SYNC-2",
		Source:   source + " (leader_sync: R{\"num_rounds\"}=? [F elected])",
		Says:     "the expected number of rounds to elect is 1/q, q the probability that some id is drawn by exactly one process",
		Formal:   "Emin[rounds until elected] = Emax[rounds until elected] = 1/q(n, K), q(n, K) = 1 − F(n, K)/K^n by inclusion–exclusion (SyncRoundSuccess); rounds are the model's lock-step rounds",
		Kind:     claim.Probability,
		Queries:  []string{"Emin[rounds until elected]", "Emax[rounds until elected]"},
		Relation: claim.Exactly, FormulaText: "1/q(n, K)",
		Formula: func(p claim.Params) claim.Rat { return claim.RatOf(SyncExpectedRounds(p.N, kOf(p))) },
		Vars:    []claim.FormulaVar{kVar},
		NMin:    3, NMax: 5,
		Settings: []claim.Setting{syncPRISM},
		Variants: []string{"k2", "k3", "k4"},
	},
	{
		ID:       "IR-SYNC-3",
		Source:   source + " (leader_sync: P=? [F<=L elected], by rounds)",
		Says:     "the probability of electing within L rounds is 1 − (1 − q)^L",
		Formal:   "Pmin[elected within L rounds] = Pmax[…] = 1 − (1 − q(n, K))^L for L = 1..3 (SyncElectedWithin)",
		Kind:     claim.Probability,
		Queries:  []string{"Pmin[elected within 1 rounds]", "Pmax[elected within 1 rounds]", "Pmin[elected within 2 rounds]", "Pmax[elected within 2 rounds]", "Pmin[elected within 3 rounds]", "Pmax[elected within 3 rounds]"},
		Relation: claim.Exactly, FormulaText: "1 − (1 − q(n, K))^L",
		Formula: func(p claim.Params) claim.Rat {
			return claim.RatOf(SyncElectedWithin(p.N, kOf(p), int(p.Within)))
		},
		Vars: []claim.FormulaVar{kVar, {Name: "L", Of: func(p claim.Params) int64 { return p.Within }}},
		NMin: 3, NMax: 4,
		Settings: []claim.Setting{syncPRISM},
		Variants: []string{"k2", "k3"},
	},
}

// AsyncClaims are the asynchronous election's claims as data.
var AsyncClaims = []claim.Claim{
	{
		ID:       "IR-ASYNC-1",
		Source:   source + " (leader: P>=1 [F elected] under every fair scheduler)",
		Says:     "a leader is eventually elected with probability 1 under every (fair) scheduler",
		Formal:   "Pmin[elected] = 1 over every scheduler, fair or not (a stronger statement than PRISM's: every scheduler of the model must choose an enabled event, and no cycle avoids the coins)",
		Kind:     claim.Probability,
		Queries:  []string{"Pmin[elected]"},
		Relation: claim.Exactly, Formula: func(claim.Params) claim.Rat { return claim.RatInt(1) }, FormulaText: "1",
		NMin: 3, NMax: 5,
		Settings: []claim.Setting{asyncAll},
		// PRISM's bits; K = 3 is in the package's tests (its n = 5
		// graph, 74,929 states, costs the report most of a minute).
		Variants: []string{"k2"},
	},
}
