package ricartagrawala

import (
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/claim/lockcheck"
)

// The claims of [S2]'s table row "Distributed", as data.

func twoNMinus1(p claim.Params) claim.Rat { return claim.RatInt(int64(2 * (p.N - 1))) }

// row is the table's row, as printed.
var row = mutex.Row{ID: "C-MUTEX-3", Name: "Distributed", Messages: "2 ( n – 1 )", Delay: "2 ( n – 1 )", Problems: "Crash of any process", Who: "process", NoContention: "no contention"}

// set holds the settings of the claims below (package mutex names them).
var set = row.Settings()

// Claims are the claims about Algorithm, as data (the registry, algos,
// pairs them with it).
var Claims = []claim.Claim{
	row.CostClaim(claim.Claim{
		Formal: "Ricart–Agrawala reading: messages per entry/exit (requests sent + replies received, P2P) = 2(n−1) for every entry, with or without contention and under both send orders; the report shows the largest per-entry count. Also checked: at quiescence every request delivered got exactly one reply (no deferred reply left unsent, none sent twice)",
		NMin:   2, NMax: 7,
		Settings: []claim.Setting{set.AsyncAny, set.SyncAny},
		Variants: []string{"once,parallel", "twice,parallel", "twice,sequential"},
	}, twoNMinus1, "2(n-1)", "2(n-1)", lockcheck.MutualExclusion, claim.AnswersOwed("request", "reply")),
	row.DelayClaim(claim.Claim{
		Formal: "delay before entry without contention, in message times (the requester's Lamport hop clock at entry minus at request), under the two delay models of the catalog (AMB-MUTEX-SEND): (a) parallel requests, (b) sequential requests, one round trip each; = 2(n−1) for every entry",
		NMin:   2, NMax: 10,
		Variants: []string{"once,parallel", "once,sequential"},
	}, twoNMinus1, "2(n-1)", "2(n-1)"),
	row.NoFailureClaim("; every request delivered got exactly one reply (no deferred reply left unsent, none sent twice)",
		claim.Claim{NMin: 2, Variants: []string{"twice,parallel", "twice,sequential"}},
		claim.AnswersOwed("request", "reply")),
	row.CrashClaim("a crashed process's pending acquire has an unknown result and a crashed holder releases implicitly",
		"a crash costs liveness (the table's problem: every requester waits forever for the crashed process's reply)", 2, "twice,parallel"),
}
