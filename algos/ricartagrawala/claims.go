package ricartagrawala

import (
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/model/lockcheck"
	"github.com/electlab/electlab/model/mutex"
)

// The claims of [S2]'s table row "Distributed", as data.

func twoNMinus1(p model.Params) model.Rat { return model.RatInt(int64(2 * (p.N - 1))) }

// set holds the settings of the claims below (package mutex names them).
var set = mutex.SettingsFor("process", "no contention")

var claims = []model.Claim{
	mutex.Exact(model.Claim{
		ID:     "C-MUTEX-3",
		Source: "[S2] comparison table, row Distributed",
		Says:   `"Distributed | Messages per entry/exit: 2 ( n – 1 ) | Delay before entry (in message times): 2 ( n – 1 ) | Problems: Crash of any process"`,
		Formal: "Ricart–Agrawala reading: messages per entry/exit (requests sent + replies received, P2P) = 2(n−1) for every entry, with or without contention and under both send orders; the report shows the largest per-entry count. Also checked: at quiescence every request delivered got exactly one reply (no deferred reply left unsent, none sent twice)",
		NMin:   2, NMax: 7,
		Settings: []model.Setting{set.AsyncAny, set.SyncAny},
		Variants: []string{"once,parallel", "twice,parallel", "twice,sequential"},
	}, model.ObsCost, twoNMinus1, "2(n-1)", "2(n-1)", lockcheck.MutualExclusion, model.AnswersOwed("request", "reply")),
	mutex.Exact(model.Claim{
		ID:     "C-MUTEX-3-DELAY",
		Source: "[S2] comparison table, row Distributed, column Delay before entry",
		Says:   `"Distributed | Delay before entry (in message times): 2 ( n – 1 )"`,
		Formal: "delay before entry without contention, in message times (the requester's Lamport hop clock at entry minus at request), under the two delay models of the catalog (AMB-MUTEX-SEND): (a) parallel requests, (b) sequential requests, one round trip each; = 2(n−1) for every entry",
		NMin:   2, NMax: 10,
		Settings: []model.Setting{set.AsyncOne, set.SyncOne},
		Variants: []string{"once,parallel", "once,sequential"},
	}, model.ObsDelay, twoNMinus1, "2(n-1)", "2(n-1)"),
	mutex.NoFailureClaim("process", "; every request delivered got exactly one reply (no deferred reply left unsent, none sent twice)",
		model.Claim{NMin: 2, Variants: []string{"twice,parallel", "twice,sequential"}},
		model.AnswersOwed("request", "reply")),
	mutex.CrashClaim("process", `"Distributed | Problems: Crash of any process"`,
		"a crashed process's pending acquire has an unknown result and a crashed holder releases implicitly",
		"a crash costs liveness (the table's problem: every requester waits forever for the crashed process's reply)", 2, "twice,parallel"),
}
