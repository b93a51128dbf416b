package bully

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/model"
)

// Variants checked by the counting claims: convention A (the default
// readings) and convention B (the old coordinator never messaged, N the
// live processes).
var conventions = []string{"default", ConventionB}

// ConventionB is the variant that realises the catalog's convention B on a
// config whose old coordinator is crashed: it is never messaged and N
// counts the live processes.
const ConventionB = "elect-live,iwon-live,n-live"

// Tm is [S4] eq.(1), T_m = (N − P + 1)(N − P) + N − 1, with N read per
// AMB-B-3 and P the (first) detector's id.
func Tm(p claim.Params) claim.Rat {
	var d int64
	if len(p.Detectors) > 0 {
		d = int64(p.Detectors[0])
	}
	return bullykit.Tm(int64(N(p)), d)
}

// bestCase is [S4] §II.A's "Best case: O(n) = n − 1".
func bestCase(p claim.Params) claim.Rat { return claim.RatInt(int64(N(p)) - 1) }

// worstCase is [S4] §II.A's "Worst case: O(n²) = n² − 1".
func worstCase(p claim.Params) claim.Rat {
	n := int64(N(p))
	return claim.RatInt(n*n - 1)
}

// printed returns a formula that gives [S4]'s printed number at N (read
// per AMB-B-3) where the table has a row, and the paper's own expression
// for that table elsewhere (C-KAB-3 shows they agree at the printed rows).
func printed(rows map[int]int64, expr func(claim.Params) claim.Rat) func(claim.Params) claim.Rat {
	return func(p claim.Params) claim.Rat {
		if v, ok := rows[N(p)]; ok {
			return claim.RatInt(v)
		}
		return expr(p)
	}
}

var (
	// tableIBully and tableIIBully are [S4] Table I (worst case) and
	// Table II (best case), Bully column, by number of processes.
	tableIBully  = map[int]int64{5: 24, 10: 99, 20: 399}
	tableIIBully = map[int]int64{5: 4, 10: 9, 20: 19}
)

// set are the settings the family's claims share.
var set = bullykit.SettingsFor("detector")

// syncAnyDead is the worst-case setting of the counting claims: lock-step
// rounds with accurate timeouts (T1 = 2 rounds), the old coordinator and
// the next highest crashed (beside set.One, their best case).
var syncAnyDead = claim.Setting{Name: "sync, any detector set, the old coordinator and up to 2 more crashed (the next highest)", Timing: model.Sync,
	Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 2, DeadNextBest: true}

// accountingReading names the two readings of a printed Bully count: the
// same column, its messages counted point to point or a broadcast as one.
var accountingReading = map[model.Accounting]string{
	model.P2P:    "messages counted point to point (P2P)",
	model.BCAST1: "a broadcast counted as one message (BCAST1)",
}

// tableClaims builds the C-KAB-3 comparisons of the models with the
// printed rows, one claim per table and accounting.
func tableClaims() []claim.Claim {
	var out []claim.Claim
	for _, t := range []struct {
		table    string
		rows     map[int]int64
		expr     func(claim.Params) claim.Rat
		exprText string
		rel      claim.Relation
		setting  claim.Setting
		which    string
	}{
		{"I", tableIBully, worstCase, "n^2-1", claim.AtMost, syncAnyDead, "worst case (maximum over detector sets and crash sets)"},
		{"II", tableIIBully, bestCase, "n-1", claim.AtLeast, set.One, "best case (minimum over detectors)"},
	} {
		for _, acc := range []model.Accounting{model.P2P, model.BCAST1} {
			out = append(out, claim.Claim{
				ID:      fmt.Sprintf("C-KAB-3.%s.%s", t.table, acc),
				Reading: accountingReading[acc],
				Source:  "[S4] §VI, Table " + t.table + ", Bully column",
				Says:    fmt.Sprintf("Table %s, Bully: %d, %d, %d messages for 5, 10, 20 processes", t.table, t.rows[5], t.rows[10], t.rows[20]),
				Formal: fmt.Sprintf("the %s of the Bully model, %s, equals the printed number at n = 5, 10, 20 "+
					"(n per AMB-B-3: convention A counts the crashed old coordinator, so its rows are the sizes 5, 10, 20; "+
					"convention B counts live processes, so its rows are the sizes 6, 11, 21; at the other sizes the comparison is "+
					"with the paper's own expression %s, which equals the printed numbers, see C-KAB-3)", t.which, acc, t.exprText),
				Kind:     claim.Bound,
				Quantity: claim.Messages, Accounting: acc, Relation: t.rel, Tight: true,
				Formula:     printed(t.rows, t.expr),
				FormulaText: fmt.Sprintf("Table %s (%d, %d, %d at n = 5, 10, 20; %s elsewhere)", t.table, t.rows[5], t.rows[10], t.rows[20], t.exprText),
				NMin:        5, NMax: 21, Sizes: []int{5, 6, 10, 11, 20, 21},
				Settings: []claim.Setting{t.setting},
				Variants: conventions,
			})
		}
	}
	return out
}

// Claims are the catalog's claims about the Bully algorithm, as data. The
// formulas are the papers', evaluated exactly; no result is stored here.
var Claims = append([]claim.Claim{
	{
		ID:     "C-KAB-1",
		Source: "[S4] §II eq.(1), cited from its refs. 15/16",
		Says:   `"T_m = (N − P + 1)(N − P) + N − 1 … T_m – the number of exchanged messages between processes when process P detects failure of the coordinator, N – the total number of processes, P – the ID of the process that detects the failure of the coordinator."`,
		Formal: "one coordinator crash, one detector P, sync with accurate timeouts, P2P: the count equals T_m(N, P) for every N and every P, " +
			"under convention A (ids 1..n, the crashed coordinator n a member and sent ELECTION; N = n) and convention B (the old coordinator never messaged; N = the live processes)",
		Kind:     claim.Bound,
		Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     Tm,
		FormulaText: "(N-P+1)(N-P)+N-1",
		NMin:        2, NMax: 30,
		Settings: []claim.Setting{set.One},
		Variants: conventions,
	},
	{
		ID:     "C-KAB-2",
		Source: "[S4] §II.A",
		Says:   `"Large number of messages: Best case: O(n) = n − 1"`,
		Formal: "the minimum P2P count over detectors (one detector, the old coordinator crashed, sync) equals n − 1, n per AMB-B-3 (conventions A and B)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtLeast, Tight: true,
		Formula:     bestCase,
		FormulaText: "n-1",
		NMin:        3, NMax: 20,
		Settings: []claim.Setting{set.One},
		Variants: conventions,
	},
	{
		ID:     "C-KAB-2.worst",
		Source: "[S4] §II.A",
		Says:   `"Worst case: O(n²) = n² − 1"`,
		Formal: "the maximum P2P count over detector sets and crash sets that contain the old coordinator (sync, accurate timeouts) equals n² − 1, n per AMB-B-3 (conventions A and B)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost, Tight: true,
		Formula:     worstCase,
		FormulaText: "n^2-1",
		NMin:        3, NMax: 20,
		Sizes:    []int{3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20},
		Settings: []claim.Setting{syncAnyDead},
		Variants: conventions,
	},
	{
		ID:     "C-KAB-2.join",
		Source: "[S4] §II.A and §II",
		Says:   `"When a new process joins the system: O(n²) = n² − 1"; "If a process that was previously down comes back up, it initiates an election procedure."`,
		Formal: "a process joins a stable system (all live, the coordinator live, nobody detects a failure) and starts an election: the maximum P2P count over every joiner id equals n² − 1, n = every process, the joiner included; every run also checks that the joiner ends holding the highest live id (it does not keep a stale coordinator)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost, Tight: true,
		Formula: func(p claim.Params) claim.Rat {
			n := int64(p.N)
			return claim.RatInt(n*n - 1)
		},
		FormulaText: "n^2-1",
		// The joiner must not keep a stale coordinator: every live
		// process, the joiner included, ends with the highest live id
		// (state properties, so the exhaustive schedule search still
		// decides sizes).
		Props: model.Agreement | model.Validity,
		NMin:  3, NMax: 20,
		Settings: []claim.Setting{set.JoinStable},
	},
	{
		ID:          "C-KAB-3",
		Source:      "[S4] §VI, Tables I and II, Bully column; §II eq.(1) and §II.A",
		Says:        `Table I (worst case), Bully: 24, 99, 399; Table II (best case), Bully: 4, 9, 19, for 5, 10, 20 processes`,
		Formal:      "the printed Bully numbers against the paper's own formula T_m(N, P) of eq.(1) at the worst-case detector P = 1 (Table I) and the best-case detector P = N (Table II); these equal §II.A's n² − 1 and n − 1",
		Kind:        claim.Table,
		Formula:     Tm,
		FormulaText: "T_m = (N-P+1)(N-P)+N-1",
		Rows: []claim.PrintedRow{
			{Label: "Table I, n=5 (P=1)", Params: claim.Params{N: 5, Detectors: []model.ID{1}}, Printed: claim.RatInt(24)},
			{Label: "Table I, n=10 (P=1)", Params: claim.Params{N: 10, Detectors: []model.ID{1}}, Printed: claim.RatInt(99)},
			{Label: "Table I, n=20 (P=1)", Params: claim.Params{N: 20, Detectors: []model.ID{1}}, Printed: claim.RatInt(399)},
			{Label: "Table II, n=5 (P=N)", Params: claim.Params{N: 5, Detectors: []model.ID{5}}, Printed: claim.RatInt(4)},
			{Label: "Table II, n=10 (P=N)", Params: claim.Params{N: 10, Detectors: []model.ID{10}}, Printed: claim.RatInt(9)},
			{Label: "Table II, n=20 (P=N)", Params: claim.Params{N: 20, Detectors: []model.ID{20}}, Printed: claim.RatInt(19)},
		},
	},
	{
		ID:     "C-SLIDE-1",
		Source: "[S2] Bully slide",
		Says:   `"O(n²) messages required with n processes"`,
		Formal: "the worst-case P2P count (maximum over detectors and over crash sets that include the old coordinator: it and up to 2 next highest) grows as n², n per AMB-B-3 (conventions A and B); n = 3..10 and every even n up to 30, fitted over the upper half",
		Kind:   claim.Growth, Order: 2,
		Quantity: claim.Messages, Accounting: model.P2P,
		Formula:     bullykit.Square(N),
		FormulaText: "n^2",
		NMin:        3, NMax: 30,
		Sizes: []int{3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30},
		Settings: []claim.Setting{
			{Name: "sync, one detector, the old coordinator and up to 2 next highest crashed", Timing: model.Sync,
				Initiators: claim.OneInitiator, CoordinatorDead: true, MaxDead: 2, DeadNextBest: true},
		},
		Variants: conventions,
	},
	{
		ID:     "C-SLIDE-2",
		Source: "[S2] Bully slide",
		Says:   `"Several processes can initiate an election simultaneously – Need consistent result"; "Key Idea: select process with highest ID"; "Process initiates election if it just recovered from failure"`,
		Formal: "once the election has quiesced all live processes hold the same coordinator, the maximum live id; at no time do two live processes both act as coordinator; " +
			"one and several simultaneous detectors; crash sets; a crash during the election; recovery (a higher id coming back); sync with accurate timeouts and async with accurate and with early (arbitrary) timeouts",
		Kind:  claim.Behaviour,
		Props: model.Safety | model.Agreement | model.Validity | model.Termination,
		NMin:  3, NMax: 6,
		Settings: []claim.Setting{
			set.AnyDead,
			{Name: "sync, any detector set, one crash during the election (beyond the slide: the only detectors may crash, and nobody else ever detects)", Timing: model.Sync,
				Initiators: claim.AnyInitiators, CoordinatorDead: true, CrashBudget: 1, Outside: true},
			{Name: "sync, any detector set, crashed processes recover (the old coordinator comes back)", Timing: model.Sync,
				Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 1, Recovery: true},
			set.Staggered,
			{Name: "async fifo, early (arbitrary) timeouts, any detector set", Timing: model.Async, Net: model.FIFO, Timeouts: model.Early,
				Initiators: claim.AnyInitiators, CoordinatorDead: true},
		},
	},
	{
		ID:     "C-KAB-13",
		Source: "[S4] §II",
		Says:   `"Whenever the selection of the coordinator is made, it is ensured that the process with the highest identifier will be selected as the coordinator"`,
		Formal: "at quiescence every live process holds the maximum live id as coordinator; sync with accurate timeouts and async with accurate timeouts " +
			"(within [S4]'s assumption that a process \"always responds to incoming messages with no delays\"), async with early timeouts (outside it)",
		Kind:  claim.Behaviour,
		Props: model.Agreement | model.Validity | model.Termination,
		NMin:  3, NMax: 6,
		Settings: []claim.Setting{
			set.AnyDead,
			set.Staggered,
			bullykit.EarlyOutside("[S4]'s no-delay assumption"),
		},
	},
}, tableClaims()...)
