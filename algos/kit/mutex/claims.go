package mutex

import (
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// The rows of [S2]'s comparison table (Row: the cells every claim of a
// row quotes), the settings of their claims, the exact bounds of the
// table's cells (CostClaim, DelayClaim) and the two claims every row
// shares: C-MUTEX-5 (without failures the lock is a lock and nobody
// starves) and C-MUTEX-6 (one crash costs liveness, never mutual
// exclusion). An algorithm package fills in what its row says; the rest is
// built here, so the four rows cannot drift apart.

// Settings are the settings of a row's claims. Their names say who
// requests (Row.Who).
type Settings struct {
	// AsyncAny and SyncAny: any set of requesting processes, async FIFO
	// and sync timing.
	AsyncAny, SyncAny claim.Setting
	// AsyncOne and SyncOne: one requesting process, no contention.
	AsyncOne, SyncOne claim.Setting
	// AsyncStag: staggered requests. AsyncUnord: unordered channels.
	AsyncStag, AsyncUnord claim.Setting
	// AsyncEarly: any set of requesting processes, async FIFO, every
	// timer free to fire while messages are in flight (model.Early). The
	// client cycle's timers (the critical section's length, the think
	// time) are workload, not a failure detector: under accurate timeouts
	// no client could leave its critical section or ask again while a
	// message is in flight, so this is the setting where those
	// interleavings are checked.
	AsyncEarly claim.Setting
}

// plural is the plural of who ("client", "process").
func plural(who string) string {
	if strings.HasSuffix(who, "s") {
		return who + "es"
	}
	return who + "s"
}

// settingsFor returns the settings of a row whose requesters are called
// who; noContention qualifies the one-requester settings.
func settingsFor(who, noContention string) Settings {
	anyWho := "any set of requesting " + plural(who)
	one := "one requesting " + who + " (" + noContention + ")"
	return Settings{
		AsyncAny:   claim.Setting{Name: "async fifo, " + anyWho, Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators},
		SyncAny:    claim.Setting{Name: "sync, " + anyWho, Timing: model.Sync, Initiators: claim.AnyInitiators},
		AsyncOne:   claim.Setting{Name: "async fifo, " + one, Timing: model.Async, Net: model.FIFO, Initiators: claim.OneInitiator},
		SyncOne:    claim.Setting{Name: "sync, " + one, Timing: model.Sync, Initiators: claim.OneInitiator},
		AsyncStag:  claim.Setting{Name: "async fifo, staggered requests", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, Staggered: true},
		AsyncUnord: claim.Setting{Name: "async unordered, " + anyWho, Timing: model.Async, Net: model.Unordered, Initiators: claim.AnyInitiators},
		AsyncEarly: claim.Setting{Name: "async fifo, " + anyWho + ", timers fire while messages are in flight (a critical section or a think time of any length)", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, Timeouts: model.Early},
	}
}

// Caption is the caption of [S2]'s comparison table, quoted.
const Caption = `"A comparison of four mutual exclusion algorithms."`

// Column is a column of [S2]'s comparison table, by its heading as
// printed.
type Column string

// The columns of the table, in its order.
const (
	// ColMessages: messages per entry/exit.
	ColMessages Column = "Messages per entry/exit"
	// ColDelay: delay before entry, in message times.
	ColDelay Column = "Delay before entry (in message times)"
	// ColProblems: what goes wrong.
	ColProblems Column = "Problems"
)

// Columns are the table's columns in its order: a whole row's quotation.
var Columns = []Column{ColMessages, ColDelay, ColProblems}

// Row is one row of [S2]'s comparison table as printed: the algorithm's
// name and its three cells. A row's claims quote it (Says) and cite it
// (Source) from here, so no claim can misquote its row.
type Row struct {
	// ID is the row's catalog claim (C-MUTEX-1 to C-MUTEX-4); its delay
	// claim is ID + "-DELAY".
	ID string
	// Name is the row's name ("Centralized").
	Name string
	// Messages, Delay and Problems are the row's cells, in the columns
	// ColMessages, ColDelay and ColProblems.
	Messages, Delay, Problems string
	// Who names the row's requesters in its settings, "client" or
	// "process".
	Who string
	// NoContention qualifies its one-requester settings ("no
	// contention", or for decentralized voting "no contention, k = 1").
	NoContention string
}

// Settings returns the settings of the row's claims.
func (r Row) Settings() Settings { return settingsFor(r.Who, r.NoContention) }

// cell is the row's cell in column c.
func (r Row) cell(c Column) string {
	switch c {
	case ColMessages:
		return r.Messages
	case ColDelay:
		return r.Delay
	}
	return r.Problems
}

// Says quotes the row: its name and its cells in cols, each after its
// heading (`"Centralized | Delay before entry (in message times): 2"`).
func (r Row) Says(cols ...Column) string {
	s := `"` + r.Name
	for _, c := range cols {
		s += " | " + string(c) + ": " + r.cell(c)
	}
	return s + `"`
}

// Source cites the row, and after it the detail of the row the claim
// reads when detail is not empty ("column Delay before entry").
func (r Row) Source(detail string) string {
	s := "[S2] comparison table, row " + r.Name
	if detail != "" {
		s += ", " + detail
	}
	return s
}

// CostClaim returns the row's claim ID, quoting the whole row: the exact
// messages per entry/exit (every entry's lockcheck.ObsCost observation)
// equals formula, written text in the report and short in the per-entry
// check's message (see Bound); the checks in also run after it. c carries
// the rest: Formal, Invariant, sizes, Settings and Variants.
func (r Row) CostClaim(c claim.Claim, formula func(claim.Params) claim.Rat, text, short string, also ...func(model.System) error) claim.Claim {
	c.ID, c.Source, c.Says = r.ID, r.Source(""), r.Says(Columns...)
	return Bound(c, lockcheck.ObsCost, claim.Exactly, "messages per entry/exit", formula, text, short, also...)
}

// DelayClaim returns the row's claim ID-DELAY, quoting its Delay cell: the
// exact delay before entry (every entry's lockcheck.ObsDelay observation, in
// message times) equals formula, as in CostClaim, without contention (the
// settings of one requesting process). c carries Formal, sizes and
// Variants.
func (r Row) DelayClaim(c claim.Claim, formula func(claim.Params) claim.Rat, text, short string, also ...func(model.System) error) claim.Claim {
	c.ID, c.Source, c.Says = r.ID+"-DELAY", r.Source("column Delay before entry"), r.Says(ColDelay)
	s := r.Settings()
	c.Settings = []claim.Setting{s.AsyncOne, s.SyncOne}
	return Bound(c, lockcheck.ObsDelay, claim.Exactly, "delay before entry", formula, text, short, also...)
}

// NoFailureClaim returns the row's C-MUTEX-5: without failures the lock
// history is linearizable against a sequential lock and no live requester
// is left waiting, plus the row's own checks (also) under the row's formal
// addition (more, appended to the shared text). c carries what the row
// says differently: Source and Says (the caption when empty), Props
// (Safety and Termination when zero), Invariant, NMin and Variants.
func (r Row) NoFailureClaim(more string, c claim.Claim, also ...func(model.System) error) claim.Claim {
	c.ID = "C-MUTEX-5"
	if c.Source == "" {
		c.Source = "[S2] comparison table, caption"
	}
	if c.Says == "" {
		c.Says = Caption
	}
	c.Formal = "without failures the lock history (request = acquire call, enter = its return, leave = release) is linearizable against a sequential lock (porcupine), and every request enters (no starvation: quiescence under the fair continuation, and no live " + r.Who + " left waiting)" + more
	c.Kind = claim.Behaviour
	if c.Props == 0 {
		// Safety holds trivially (no process acts as an election
		// coordinator here); it makes the claim a target of the rapid
		// behaviour search, which then checks the Custom check too.
		c.Props = model.Safety | model.Termination
	}
	c.Custom = claim.AllChecks(append([]func(model.System) error{lockcheck.MutualExclusion}, also...)...)
	c.NMax = 5
	s := r.Settings()
	c.Settings = []claim.Setting{s.AsyncAny, s.SyncAny, s.AsyncStag, s.AsyncUnord, s.AsyncEarly}
	return c
}

// CrashClaim returns the row's C-MUTEX-6, quoting its Problems cell: with
// one crash injected anywhere the lock history stays linearizable.
// crashed says what a crash does to the lock history and costs what it
// costs the row (both in the formal text); nmin and variant are the row's
// smallest n and its workload.
func (r Row) CrashClaim(crashed, costs string, nmin int, variant string) claim.Claim {
	anyWho := "any requesting " + plural(r.Who) + ", one crash"
	return claim.Claim{
		ID:     "C-MUTEX-6",
		Source: "[S2] comparison table, column Problems",
		Says:   r.Says(ColProblems),
		Formal: "with one crash injected anywhere during the run (" + crashed + "), the lock history stays linearizable: " + costs + ", never mutual exclusion",
		Kind:   claim.Behaviour,
		Custom: lockcheck.LinearizableLock,
		NMin:   nmin, NMax: 5,
		Settings: []claim.Setting{
			{Name: "async fifo, " + anyWho, Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, CrashBudget: 1},
			{Name: "sync, " + anyWho, Timing: model.Sync, Initiators: claim.AnyInitiators, CrashBudget: 1},
		},
		Variants: []string{variant},
	}
}

// Bound returns c completed as a bound from a table cell on every entry:
// every entry's observation tag (lockcheck.ObsCost, messages per entry/exit,
// P2P; or lockcheck.ObsDelay, the delay before entry in message times) is in
// relation rel to formula, written text in the report and short in the
// per-entry check's message, which names the quantity what. The report
// shows the smallest observation for an AtLeast bound, else the largest.
// The checks in also run with it, after it.
func Bound(c claim.Claim, tag string, rel claim.Relation, what string, formula func(claim.Params) claim.Rat, text, short string, also ...func(model.System) error) claim.Claim {
	c.Kind, c.Quantity, c.Accounting, c.Relation = claim.Bound, claim.Messages, model.P2P, rel
	if tag == lockcheck.ObsDelay {
		c.Quantity = claim.Time
	}
	c.Formula, c.FormulaText = formula, text
	c.Measure = claim.MaxObservation(tag)
	if rel == claim.AtLeast {
		c.Measure = claim.MinObservation(tag)
	}
	c.Custom = claim.EveryObservation(tag, rel, formula, short, what)
	if len(also) > 0 {
		c.Custom = claim.AllChecks(append([]func(model.System) error{c.Custom}, also...)...)
	}
	return c
}
