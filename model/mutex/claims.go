package mutex

import (
	"strings"

	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/model/lockcheck"
)

// The settings and the two claims every row of [S2]'s comparison table
// shares: C-MUTEX-5 (without failures the lock is a lock and nobody
// starves) and C-MUTEX-6 (one crash costs liveness, never mutual
// exclusion). An algorithm package fills in what its row says; the rest is
// built here, so the four rows cannot drift apart.

// Settings are the settings of a row's claims. Their names say who
// requests: "client" (central, where the coordinator serves clients) or
// "process".
type Settings struct {
	// AsyncAny and SyncAny: any set of requesting processes, async FIFO
	// and sync timing.
	AsyncAny, SyncAny model.Setting
	// AsyncOne and SyncOne: one requesting process, no contention.
	AsyncOne, SyncOne model.Setting
	// AsyncStag: staggered requests. AsyncUnord: unordered channels.
	AsyncStag, AsyncUnord model.Setting
}

// plural is the plural of who ("client", "process").
func plural(who string) string {
	if strings.HasSuffix(who, "s") {
		return who + "es"
	}
	return who + "s"
}

// SettingsFor returns the settings of a row whose requesters are called
// who; noContention qualifies the one-requester settings ("no contention",
// or for decentralized voting "no contention, k = 1").
func SettingsFor(who, noContention string) Settings {
	anyWho := "any set of requesting " + plural(who)
	one := "one requesting " + who + " (" + noContention + ")"
	return Settings{
		AsyncAny:   model.Setting{Name: "async fifo, " + anyWho, Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators},
		SyncAny:    model.Setting{Name: "sync, " + anyWho, Timing: model.Sync, Initiators: model.AnyInitiators},
		AsyncOne:   model.Setting{Name: "async fifo, " + one, Timing: model.Async, Net: model.FIFO, Initiators: model.OneInitiator},
		SyncOne:    model.Setting{Name: "sync, " + one, Timing: model.Sync, Initiators: model.OneInitiator},
		AsyncStag:  model.Setting{Name: "async fifo, staggered requests", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, Staggered: true},
		AsyncUnord: model.Setting{Name: "async unordered, " + anyWho, Timing: model.Async, Net: model.Unordered, Initiators: model.AnyInitiators},
	}
}

// NoFailureClaim returns the row's C-MUTEX-5: without failures the lock
// history is linearizable against a sequential lock and no live requester
// is left waiting, plus the row's own checks (also) under the row's formal
// addition (more, appended to the shared text). c carries what the row
// says differently: Source and Says (the caption when empty), Props
// (Safety and Termination when zero), Invariant, NMin and Variants.
func NoFailureClaim(who, more string, c model.Claim, also ...func(model.System) error) model.Claim {
	c.ID = "C-MUTEX-5"
	if c.Source == "" {
		c.Source = "[S2] comparison table, caption"
	}
	if c.Says == "" {
		c.Says = `"A comparison of four mutual exclusion algorithms."`
	}
	c.Formal = "without failures the lock history (request = acquire call, enter = its return, leave = release) is linearizable against a sequential lock (porcupine), and every request enters (no starvation: quiescence under the fair continuation, and no live " + who + " left waiting)" + more
	c.Kind = model.Behaviour
	if c.Props == 0 {
		// Safety holds trivially (no process acts as an election
		// coordinator here); it makes the claim a target of the rapid
		// behaviour search, which then checks the Custom check too.
		c.Props = model.Safety | model.Termination
	}
	c.Custom = model.AllChecks(append([]func(model.System) error{lockcheck.MutualExclusion}, also...)...)
	c.NMax = 5
	s := SettingsFor(who, "no contention")
	c.Settings = []model.Setting{s.AsyncAny, s.SyncAny, s.AsyncStag, s.AsyncUnord}
	return c
}

// CrashClaim returns the row's C-MUTEX-6: with one crash injected anywhere
// the lock history stays linearizable. says quotes the row's Problems
// column; crashed says what a crash does to the lock history and costs
// what it costs the row (both in the formal text); nmin and variant are
// the row's smallest n and its workload.
func CrashClaim(who, says, crashed, costs string, nmin int, variant string) model.Claim {
	anyWho := "any requesting " + plural(who) + ", one crash"
	return model.Claim{
		ID:     "C-MUTEX-6",
		Source: "[S2] comparison table, column Problems",
		Says:   says,
		Formal: "with one crash injected anywhere during the run (" + crashed + "), the lock history stays linearizable: " + costs + ", never mutual exclusion",
		Kind:   model.Behaviour,
		Custom: lockcheck.LinearizableLock,
		NMin:   nmin, NMax: 5,
		Settings: []model.Setting{
			{Name: "async fifo, " + anyWho, Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, CrashBudget: 1},
			{Name: "sync, " + anyWho, Timing: model.Sync, Initiators: model.AnyInitiators, CrashBudget: 1},
		},
		Variants: []string{variant},
	}
}

// Exact returns c completed as an exact bound from the row's table cell:
// every entry's observation tag (model.ObsCost, messages per entry/exit,
// P2P; or model.ObsDelay, the delay before entry in message times) equals
// formula, written text in the report and short in the per-entry check's
// message; the report shows the largest. The checks in also run with it,
// after it.
func Exact(c model.Claim, tag string, formula func(model.Params) model.Rat, text, short string, also ...func(model.System) error) model.Claim {
	quantity, what := model.Messages, "messages per entry/exit"
	if tag == model.ObsDelay {
		quantity, what = model.Time, "delay before entry"
	}
	c.Kind, c.Quantity, c.Accounting, c.Relation = model.Bound, quantity, model.P2P, model.Exactly
	c.Formula, c.FormulaText = formula, text
	c.Measure = model.MaxObservation(tag)
	c.Custom = model.EveryObservation(tag, model.Exactly, formula, short, what)
	if len(also) > 0 {
		c.Custom = model.AllChecks(append([]func(model.System) error{c.Custom}, also...)...)
	}
	return c
}
