package central

import (
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/claim/lockcheck"
)

// The claims of [S2]'s table row "Centralized", as data. The printed
// values are the paper's; every measured value comes from the engine.

func three(claim.Params) claim.Rat { return claim.RatInt(3) }
func two(claim.Params) claim.Rat   { return claim.RatInt(2) }

// row is the table's row, as printed.
var row = mutex.Row{ID: "C-MUTEX-1", Name: "Centralized", Messages: "3", Delay: "2", Problems: "Coordinator crash", Who: "client", NoContention: "no contention"}

// Settings shared by the claims below (complete graph: one id arrangement
// stands for all; every initiator set is a set of requesting clients).
var set = row.Settings()

// answersOwed: at quiescence without crashes every request delivered got
// exactly one grant, and every grant delivered exactly one release.
var answersOwed = claim.AllChecks(claim.AnswersOwed("request", "grant"), claim.AnswersOwed("grant", "release"))

// coordinatorNamed: the coordinator is the best member at the start ([S2]
// "select process with highest ID"): grants come from it, requests and
// releases go to it.
var coordinatorNamed = claim.ServedByInitialBest([]string{"grant"}, []string{"request", "release"})

// Claims are the claims about Algorithm, as data (the registry, algos,
// pairs them with it).
var Claims = []claim.Claim{
	row.CostClaim(claim.Claim{
		Formal:    "messages per entry/exit of a client that is not the coordinator (request sent + grant received + release sent, P2P; the coordinator's own entries are local and cost none) = 3 for every such entry, with or without contention; the report shows the largest per-entry count. Also checked on every run: the coordinator is the one the table's algorithm names, the best member at the start (every grant comes from it, every request and release goes to it: [S2] \"select process with highest ID\"), and at quiescence every request delivered got one grant and every grant one release",
		Invariant: coordinatorNamed,
		NMin:      2, NMax: 6,
		Settings: []claim.Setting{set.AsyncAny, set.SyncAny},
		Variants: []string{"once", "twice"},
	}, three, "3", "3", lockcheck.MutualExclusion, answersOwed),
	row.DelayClaim(claim.Claim{
		Formal: "delay before entry without contention, in message times: the requesting client's Lamport hop clock at entry minus at request (the longest causal chain of messages; one request, so sequential and parallel sends give the same) = 2 for every entry of a client that is not the coordinator",
		NMin:   2, NMax: 6,
		Variants: []string{"once", "twice"},
	}, two, "2", "2"),
	row.NoFailureClaim("; every request delivered got one grant and every grant one release (answers owed), and the coordinator is the best member at the start (every grant from it, every request and release to it)",
		claim.Claim{Invariant: coordinatorNamed, NMin: 2, Variants: []string{"twice"}},
		answersOwed),
	row.CrashClaim("a crashed client's pending acquire has an unknown result and a crashed holder releases implicitly",
		"a crash costs liveness (the table's problem: clients wait forever for a crashed coordinator)", 2, "twice"),
}
