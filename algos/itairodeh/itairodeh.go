// Package itairodeh is Itai and Rodeh's two randomized elections on an
// anonymous ring, with the semantics of PRISM's case studies of them:
//
//   - Sync, the synchronous election (PRISM's leader_sync case study,
//     prism-examples/leader/synchronous/leaderN_K.pm, and
//     https://www.prismmodelchecker.org/casestudies/synchronous_leader.php):
//     the election proceeds in rounds; in each round every process draws
//     an id uniformly from 1..K, the ids are passed to every process, and
//     if some id was drawn by exactly one process the process with the
//     largest such unique id is elected, otherwise a new round begins.
//   - Async, the asynchronous election on a unidirectional ring with FIFO
//     links and an adversarial scheduler (PRISM's leader case study, an
//     MDP: prism-examples/leader/asynchronous/leaderN.nm, and
//     https://www.prismmodelchecker.org/casestudies/asynchronous_leader.php):
//     each active process draws a bit and sends it to the next process;
//     one that drew 0 while the active process before it drew 1 becomes
//     inactive (it only relays from then on; with K values: one that drew
//     less than the active process before it); each active process then
//     sends a counter round the ring, which the inactive ones increment;
//     an active process whose counter comes back as N-1 is the only active
//     one and is elected, any other draws again.
//
// Both are anonymous: a process's decisions read the values drawn and the
// counters only, never an id. Ids travel only so that the processes'
// views can name the leader (the checkers' Elected reads views).
//
// Source: A. Itai and M. Rodeh, "Symmetry breaking in distributed
// networks", Information and Computation 88(1), 1990, pp. 60–97, as
// modelled by the PRISM case studies above (the models' comments: "dxp/gxn
// 25/01/01" and "gxn/dxp 29/01/01"). Not one of the seed papers.
//
// The range K of the values drawn is the parameter PARAM-K, a named
// reading per value ("k2" … "k16"; default k2, PRISM's bit for the
// asynchronous election; Variant(k) names it). Neither election elects
// the highest id: which process wins is random (Info.Elects).
//
// # Rounds
//
// Sync runs under sync timing, one model round per round of the
// algorithm: the draws are answered between rounds, every value is
// delivered in the next round, and every process decides there. Under
// Lockstep (every process starts before round 1, as in PRISM, where all
// processes pick in one step) the model's rounds (Counts' rounds, prob's
// "rounds" counter) are exactly the algorithm's rounds, and L rounds are
// exactly N + L(N+1) events (N starts; then, per round, N coins and the
// round). Under the model's unrestricted adversary, which may run round
// 1 before some process has started, the model's rounds are the
// algorithm's plus one on such schedules (the first round then takes two
// model rounds), the same otherwise: the least expected number of rounds
// is 1/q, the greatest 1/q + 1.
//
// # Closed forms
//
// A round of Sync elects with probability q(N, K), the probability that
// some value is drawn exactly once among N uniform draws from K
// (SyncRoundSuccess, by inclusion–exclusion); the rounds are independent,
// so E[rounds] = 1/q (SyncExpectedRounds) and P[elected within L rounds]
// = 1 - (1-q)^L (SyncElectedWithin). All three are exact rationals
// evaluated in code; the package's tests check that the exact answers of
// checker/prob and checker/mdp on the step function equal them.
//
// # Granularity
//
// PRISM's synchronous model takes N+1 steps per round (one joint pick,
// N-1 reads round the ring, one decision) and its asynchronous one moves
// a message in one handshake transition (no buffer); here every process's
// draw is its own event, a message waits on its link between its send
// and its delivery (FIFO), starts are events, and the leader is announced
// round the ring so that every view names it. The models therefore have
// other state counts for the same protocol; the probabilities of eventual
// election and the expected rounds, draws and messages do not depend on
// it, while a bound in steps counts other steps.
//
// The algorithms are not registered (algos/registry.go) and have no claims
// yet.
package itairodeh

import (
	"strconv"

	"github.com/electlab/electlab/model"
)

// MaxK is the largest range K of the values drawn.
const MaxK = 16

// minK is the smallest range: one value would never break the symmetry.
const minK = 2

// ambiguities is the parameter K of both elections.
var ambiguities = func() []model.Ambiguity {
	var names, explain []string
	for k := minK; k <= MaxK; k++ {
		names = append(names, "k"+strconv.Itoa(k))
		explain = append(explain, "each draw is uniform over "+strconv.Itoa(k)+" values")
	}
	return []model.Ambiguity{{
		ID:       "PARAM-K",
		Question: "K, the number of values a process draws from (a parameter: a named reading per value, the model has no numeric parameters)",
		Readings: names, Explain: explain, Default: 0,
	}}
}()

// K is the range of the values drawn in env's variant.
func K(env *model.Env) int { return minK + int(env.Reading(0)) }

// Variant is the variant string that selects range k (2 ≤ k ≤ MaxK), e.g.
// "k3", for model.Config.Variant.
func Variant(k int) string { return "k" + strconv.Itoa(k) }

// others lists every process but env's own, in increasing order (a new
// slice: a multicast keeps it).
func others(env *model.Env) []model.ID {
	return env.Recipients(func(id model.ID) bool { return id != env.Self }, false)
}
