package ricartagrawala

import (
	"electlab/model"
	"electlab/model/lockcheck"
)

// The claims of [S2]'s table row "Distributed", as data.

func twoNMinus1(p model.Params) model.Rat { return model.RatInt(int64(2 * (p.N - 1))) }

var (
	asyncAny   = model.Setting{Name: "async fifo, any set of requesting processes", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators}
	syncAny    = model.Setting{Name: "sync, any set of requesting processes", Timing: model.Sync, Initiators: model.AnyInitiators}
	asyncOne   = model.Setting{Name: "async fifo, one requesting process (no contention)", Timing: model.Async, Net: model.FIFO, Initiators: model.OneInitiator}
	syncOne    = model.Setting{Name: "sync, one requesting process (no contention)", Timing: model.Sync, Initiators: model.OneInitiator}
	asyncStag  = model.Setting{Name: "async fifo, staggered requests", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, Staggered: true}
	asyncUnord = model.Setting{Name: "async unordered, any set of requesting processes", Timing: model.Async, Net: model.Unordered, Initiators: model.AnyInitiators}
)

var claims = []model.Claim{
	{
		ID:     "C-MUTEX-3",
		Source: "[S2] comparison table, row Distributed",
		Says:   `"Distributed | Messages per entry/exit: 2 ( n – 1 ) | Delay before entry (in message times): 2 ( n – 1 ) | Problems: Crash of any process"`,
		Formal: "Ricart–Agrawala reading: messages per entry/exit (requests sent + replies received, P2P) = 2(n−1) for every entry, with or without contention and under both send orders; the report shows the largest per-entry count. Also checked: at quiescence every request delivered got exactly one reply (no deferred reply left unsent, none sent twice)",
		Kind:   model.Bound, Quantity: model.Messages, Accounting: model.P2P, Relation: model.Exactly,
		Formula: twoNMinus1, FormulaText: "2(n-1)",
		Measure: model.MaxObservation(model.ObsCost),
		Custom: model.AllChecks(
			model.EveryObservation(model.ObsCost, model.Exactly, twoNMinus1, "2(n-1)", "messages per entry/exit"),
			lockcheck.MutualExclusion,
			model.AnswersOwed("request", "reply")),
		NMin: 2, NMax: 7,
		Settings: []model.Setting{asyncAny, syncAny},
		Variants: []string{"once,parallel", "twice,parallel", "twice,sequential"},
	},
	{
		ID:     "C-MUTEX-3-DELAY",
		Source: "[S2] comparison table, row Distributed, column Delay before entry",
		Says:   `"Distributed | Delay before entry (in message times): 2 ( n – 1 )"`,
		Formal: "delay before entry without contention, in message times (the requester's Lamport hop clock at entry minus at request), under the two delay models of the catalog (AMB-MUTEX-SEND): (a) parallel requests, (b) sequential requests, one round trip each; = 2(n−1) for every entry",
		Kind:   model.Bound, Quantity: model.Time, Accounting: model.P2P, Relation: model.Exactly,
		Formula: twoNMinus1, FormulaText: "2(n-1)",
		Measure: model.MaxObservation(model.ObsDelay),
		Custom:  model.EveryObservation(model.ObsDelay, model.Exactly, twoNMinus1, "2(n-1)", "delay before entry"),
		NMin:    2, NMax: 10,
		Settings: []model.Setting{asyncOne, syncOne},
		Variants: []string{"once,parallel", "once,sequential"},
	},
	{
		ID:     "C-MUTEX-5",
		Source: "[S2] comparison table, caption",
		Says:   `"A comparison of four mutual exclusion algorithms."`,
		Formal: "without failures the lock history (request = acquire call, enter = its return, leave = release) is linearizable against a sequential lock (porcupine), and every request enters (no starvation: quiescence under the fair continuation, and no live process left waiting); every request delivered got exactly one reply (no deferred reply left unsent, none sent twice)",
		Kind:   model.Behaviour,
		// Safety holds trivially (no process acts as an election
		// coordinator here); it makes the claim a target of the rapid
		// behaviour search, which then checks the Custom check too.
		Props:  model.Safety | model.Termination,
		Custom: model.AllChecks(lockcheck.MutualExclusion, model.AnswersOwed("request", "reply")),
		NMin:   2, NMax: 5,
		Settings: []model.Setting{asyncAny, syncAny, asyncStag, asyncUnord},
		Variants: []string{"twice,parallel", "twice,sequential"},
	},
	{
		ID:     "C-MUTEX-6",
		Source: "[S2] comparison table, column Problems",
		Says:   `"Distributed | Problems: Crash of any process"`,
		Formal: "with one crash injected anywhere during the run (a crashed process's pending acquire has an unknown result and a crashed holder releases implicitly), the lock history stays linearizable: a crash costs liveness (the table's problem: every requester waits forever for the crashed process's reply), never mutual exclusion",
		Kind:   model.Behaviour,
		Custom: lockcheck.LinearizableLock,
		NMin:   2, NMax: 5,
		Settings: []model.Setting{
			{Name: "async fifo, any requesting processes, one crash", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, CrashBudget: 1},
			{Name: "sync, any requesting processes, one crash", Timing: model.Sync, Initiators: model.AnyInitiators, CrashBudget: 1},
		},
		Variants: []string{"twice,parallel"},
	},
}
