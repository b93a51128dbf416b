package enhancedbully

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/model"
)

// set are the settings the family's claims share.
var set = bullykit.SettingsFor("detector")

var (
	// tableIMA and tableIIMA are [S4] Table I (worst case) and Table II
	// (best case), column "Improved Bully Election Algorithm for
	// Synchronous Distributed Systems [7]", by number of processes.
	tableIMA  = map[int]int64{5: 9, 10: 18, 20: 38}
	tableIIMA = map[int]int64{5: 4, 10: 9, 20: 19}
)

// printed is the printed number of a table at N (AMB-MA-2). Every size a
// claim checks is a printed row under the claim's reading of N.
func printed(rows map[int]int64) func(claim.Params) claim.Rat {
	return func(p claim.Params) claim.Rat { return claim.RatInt(rows[N(p)]) }
}

// readings lists the variants of a table claim: both candidate splits and
// both treatments of the failed coordinator, under one reading of N.
func readings(n string) []string {
	var out []string
	for _, split := range []string{"cand-ceil", "cand-floor"} {
		for _, old := range []string{"old-messaged", "old-skipped"} {
			out = append(out, split+","+n+","+old)
		}
	}
	return out
}

// tableClaims builds the C-MA-1 comparisons of the model with [S4]'s
// printed rows: Table I (worst case) and Table II (best case), each with N
// counting the crashed coordinator (sizes 5, 10, 20) and not counting it
// (sizes 6, 11, 21, whose live processes are 5, 10, 20).
func tableClaims() []claim.Claim {
	var out []claim.Claim
	worst := claim.Setting{Name: "sync, one detector, the old coordinator and 0 or more next highest (candidates) crashed", Timing: model.Sync,
		Initiators: claim.OneInitiator, CoordinatorDead: true, MaxDead: 12, DeadNextBest: true}
	for _, t := range []struct {
		id, table string
		rows      map[int]int64
		rel       claim.Relation
		setting   claim.Setting
		which     string
	}{
		{"C-MA-1", "I", tableIMA, claim.AtMost, worst, "worst case (maximum over detectors and over crash sets: the coordinator alone, or with the next k candidates)"},
		{"C-MA-1.II", "II", tableIIMA, claim.AtLeast, set.One, "best case (minimum over detectors)"},
	} {
		for _, n := range []struct {
			suffix, reading, what string
			sizes                 []int
		}{
			{"", "n-members", "n counts the crashed coordinator", []int{5, 10, 20}},
			{".live", "n-live", "n counts the live processes", []int{6, 11, 21}},
		} {
			out = append(out, claim.Claim{
				ID:     t.id + n.suffix,
				Source: "[S4] §III, §III.A, Table " + t.table,
				Says:   fmt.Sprintf("Table %s, [7]: %d, %d, %d messages for 5, 10, 20 processes", t.table, t.rows[5], t.rows[10], t.rows[20]),
				Formal: fmt.Sprintf("the %s P2P count of the Murshed–Allen model equals the printed number (%s: the config sizes are %v), "+
					"under both candidate splits (AMB-MA-1) and with the failed coordinator messaged or not (AMB-MA-3)", t.which, n.what, n.sizes),
				Kind:     claim.Bound,
				Quantity: claim.Messages, Accounting: model.P2P, Relation: t.rel, Tight: true,
				Formula:     printed(t.rows),
				FormulaText: fmt.Sprintf("Table %s (%d, %d, %d at n = 5, 10, 20)", t.table, t.rows[5], t.rows[10], t.rows[20]),
				NMin:        n.sizes[0], NMax: n.sizes[2], Sizes: n.sizes,
				Settings: []claim.Setting{t.setting},
				Variants: readings(n.reading),
			})
		}
	}
	return out
}

// Claims are the catalog's claims about the enhanced Bully (C-MA-1, split
// by table and reading of n) and the correctness the summary states, as
// data.
var Claims = append(tableClaims(),
	claim.Claim{
		ID:     "C-MA-1.growth",
		Source: "[S4] §III.A",
		Says:   `"Large number of required messages: Best case: O(n); Worst case: O(n²)"`,
		Formal: "the worst-case P2P count (maximum over detector sets, simultaneous detectors included, and crash sets) grows as n²; " +
			"the single-detector worst case, the case of the printed tables (9, 18, 38: linear), is shown beside it but does not decide",
		Kind: claim.Growth, Order: 2,
		Quantity: claim.Messages, Accounting: model.P2P,
		Formula:     bullykit.Square(N),
		FormulaText: "n^2",
		NMin:        3, NMax: 20,
		Settings: []claim.Setting{
			{Name: "sync, any detector set, the old coordinator and up to 2 next highest crashed", Timing: model.Sync,
				Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 2, DeadNextBest: true},
			{Name: "sync, one detector, the old coordinator and up to 12 next highest crashed (informative: the single-detector case of the tables)", Timing: model.Sync,
				Initiators: claim.OneInitiator, CoordinatorDead: true, MaxDead: 12, DeadNextBest: true, Outside: true},
		},
		Variants: []string{"cand-ceil", "cand-floor"},
	},
	claim.Claim{
		ID:     "C-MA-2",
		Source: "[S4] §III",
		Says:   `"The electioneer process, after receiving all OK messages, selects the process with the highest ID as the coordinator and sends the coordinator message … to all processes"; "If the process which receives the answer message has a higher ID than the ID of the current coordinator, it initiates a new election procedure."`,
		Formal: "at quiescence every live process holds the highest live id as coordinator: " +
			"any detector set and crash sets (sync, and async with accurate timeouts); a process joining a stable system (every joiner id); a join during an election; async with early timeouts outside [S4]'s assumptions (reported, not deciding). " +
			"Never two coordinators at once is not claimed for it ([S4] §II.A says of the Bully family that \"there is no mechanism that ensures that the system has only one coordinator\")",
		Kind:  claim.Behaviour,
		Props: model.Agreement | model.Validity | model.Termination,
		NMin:  3, NMax: 6,
		Settings: []claim.Setting{set.AnyDead, set.Staggered, set.JoinStable, set.JoinElect,
			bullykit.EarlyOutside("[S4]'s no-delay assumption")},
		Variants: []string{"cand-ceil", "cand-floor"},
	},
)
