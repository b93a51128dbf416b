package claims

// Verdict is the outcome of checking a claim, or one row of it. Its JSON
// form is the bare name ("HOLDS"), as in the report's schema.
type Verdict string

// The verdicts, from the best news to the least checked.
const (
	// Holds: every check within the paper's assumptions passed, with the
	// coverage the row states.
	Holds Verdict = "HOLDS"
	// Partial is the verdict of a row or claim whose every checked part
	// holds but whose coverage is partial: a part of the claim (a table
	// column, a sub-statement, a reading) is not checked, or some
	// executions stopped at the step cap before the check the claim
	// promises (termination) could be decided. It is never HOLDS: the
	// report says no more than it checked.
	Partial Verdict = "PARTIAL"
	// Refuted: an execution (or the model's count) contradicts the claim;
	// the row carries the counterexample or the arithmetic.
	Refuted Verdict = "REFUTED"
	// Inconsistent: the paper contradicts itself (a printed number
	// differs from its own formula).
	Inconsistent Verdict = "INCONSISTENT"
	// Ambiguous: the verdict depends on the reading of ambiguous text.
	Ambiguous Verdict = "AMBIGUOUS"
	// Unchecked: nothing within the paper's assumptions was judged.
	Unchecked Verdict = "UNCHECKED"
)

// String is the verdict's name ("HOLDS").
func (v Verdict) String() string { return string(v) }

// rank orders the verdicts for Worst: the higher, the more it decides.
var rank = map[Verdict]int{Holds: 0, Partial: 1, Unchecked: 2, Ambiguous: 3, Inconsistent: 4, Refuted: 5}

// Worst is the verdict of a claim judged from its parts' verdicts vs:
// REFUTED if a part is refuted, else INCONSISTENT, else AMBIGUOUS, else
// UNCHECKED if a part is, else PARTIAL if a part is, else HOLDS ("" when
// there is no part).
func Worst(vs ...Verdict) Verdict {
	var worst Verdict
	for _, v := range vs {
		if worst == "" || rank[v] > rank[worst] {
			worst = v
		}
	}
	return worst
}
