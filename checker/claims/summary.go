package claims

import (
	"fmt"
	"slices"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// claimParts applies the coverage rule to the claim's declared unchecked
// parts: a claim that holds where checked but has a part not checked is
// PARTIAL.
func claimParts(c *claim.Claim, verdict Verdict, summary string) (Verdict, string) {
	if len(c.Unchecked) == 0 {
		return verdict, summary
	}
	var parts []string
	for _, p := range c.Unchecked {
		parts = append(parts, p.Name+" ("+p.Why+")")
	}
	note := "; not checked: " + strings.Join(parts, "; ")
	if verdict == Holds {
		return Partial, "every part checked holds" + strings.TrimPrefix(summary, "holds") + note
	}
	return verdict, summary + note
}

// allSchedulesNote states up to which size a claim that holds was checked
// for every schedule: the smallest, over the rows within the paper's
// assumptions, of the largest size each row explored exhaustively ("" when
// some row explored none).
func allSchedulesNote(rows []Row) string {
	upTo := -1
	for _, r := range rows {
		if !r.Decides() || r.Model == "extreme" {
			continue
		}
		if len(r.AllSchedules) == 0 {
			return ""
		}
		if m := r.AllSchedules[len(r.AllSchedules)-1]; upTo < 0 || m < upTo {
			upTo = m
		}
	}
	if upTo < 0 {
		return ""
	}
	return fmt.Sprintf("; for all schedules up to n=%d", upTo)
}

// summarize derives a claim's verdict from its rows. Rows outside the
// paper's assumptions (or beyond the claim's failure budget) never decide
// it. Rows are grouped by reading of the ambiguous text (Row.Reading; the
// parameter values are not readings): a reading is REFUTED when a row of
// it is, at any parameter value (the smallest refuting parameters are
// named), INCONSISTENT when a row is, HOLDS when every row holds,
// UNCHECKED when no row was checked and PARTIAL otherwise. Readings that
// disagree make the claim AMBIGUOUS, one verdict per reading; readings
// that differ only in coverage (HOLDS, PARTIAL, UNCHECKED) make it PARTIAL.
func summarize(rows []Row, multi bool) (Verdict, string) {
	t := tallyReadings(rows)
	if len(t.order) == 0 {
		return summarizeOutside(rows)
	}
	verdicts := t.judge(rows)
	first := verdicts[0]
	same := true
	coverageOnly := true
	for _, v := range verdicts {
		if v != first {
			same = false
		}
		if v != Holds && v != Partial && v != Unchecked {
			coverageOnly = false
		}
	}
	if same {
		return t.summarizeSame(first, multi)
	}
	parts := make([]string, len(t.order))
	for i, k := range t.order {
		parts[i] = k + ": " + verdicts[i].String()
		if g := t.byReading[k]; g.refuted != nil && len(g.params) > 1 {
			parts[i] += " (at " + g.refuted.Parameters + ")"
		}
	}
	if coverageOnly {
		return Partial, "holds where checked, but not every reading is fully checked: " + strings.Join(parts, "; ") + "; " + strings.Join(t.partial, "; ")
	}
	return Ambiguous, "the verdict depends on the reading: " + strings.Join(parts, "; ")
}

// readingGroup is the rows of one reading within the paper's assumptions.
type readingGroup struct {
	verdict Verdict
	holds   int
	rows    int
	// refuted is the refuted row with the smallest parameters.
	refuted *Row
	params  []string
}

// readingTally is the rows within the paper's assumptions grouped by
// reading (in order of first appearance), with the refuted rows counted
// and the rows neither holding, refuted nor inconsistent described.
type readingTally struct {
	byReading   map[string]*readingGroup
	order       []string
	refutedRows int
	partial     []string
}

// tallyReadings groups the rows within the paper's assumptions by reading.
func tallyReadings(rows []Row) *readingTally {
	t := &readingTally{byReading: map[string]*readingGroup{}}
	for i := range rows {
		r := &rows[i]
		if !r.Decides() {
			continue
		}
		key := r.Reading
		if key == "" {
			key = r.Variant
		}
		g := t.byReading[key]
		if g == nil {
			g = &readingGroup{}
			t.byReading[key] = g
			t.order = append(t.order, key)
		}
		g.rows++
		if r.Parameters != "" && !slices.Contains(g.params, r.Parameters) {
			g.params = append(g.params, r.Parameters)
		}
		switch r.Verdict {
		case Holds:
			g.holds++
		case Refuted:
			t.refutedRows++
			if g.refuted == nil || lessParams(r.params, g.refuted.params) {
				g.refuted = r
			}
		case Inconsistent:
			if g.verdict == "" {
				g.verdict = Inconsistent
			}
		default:
			why := r.Partial
			if why == "" {
				why = r.Coverage
			}
			t.partial = append(t.partial, fmt.Sprintf("%s (%s): %s, %s", r.Setting, key, r.Verdict, why))
		}
	}
	return t
}

// summarizeOutside is the verdict of a claim whose every row is outside
// the paper's assumptions: UNCHECKED, with the rows' verdicts counted.
func summarizeOutside(rows []Row) (Verdict, string) {
	shown := map[Verdict]int{}
	var vs []Verdict
	for _, r := range rows {
		if shown[r.Verdict] == 0 {
			vs = append(vs, r.Verdict)
		}
		shown[r.Verdict]++
	}
	var parts []string
	for _, v := range vs {
		parts = append(parts, fmt.Sprintf("%d %s", shown[v], v))
	}
	return Unchecked, "every setting is outside the paper's assumptions (or beyond the claim's failure budget): shown, deciding nothing (" + strings.Join(parts, ", ") + ")"
}

// judge sets each reading's verdict and returns them in reading order.
func (t *readingTally) judge(rows []Row) []Verdict {
	verdicts := make([]Verdict, len(t.order))
	for i, k := range t.order {
		g := t.byReading[k]
		switch {
		case g.refuted != nil:
			g.verdict = Refuted
		case g.verdict == Inconsistent:
		case g.holds == g.rows:
			g.verdict = Holds
		case g.holds == 0 && len(t.partial) > 0 && allUnchecked(rows, k):
			g.verdict = Unchecked
		default:
			g.verdict = Partial
		}
		verdicts[i] = g.verdict
	}
	return verdicts
}

// paramNote names the parameter values a reading was checked at (and the
// smallest refuting ones), "" when it was checked at fewer than two.
func (g *readingGroup) paramNote() string {
	if len(g.params) < 2 {
		return ""
	}
	if g.refuted != nil {
		return fmt.Sprintf("; refuted at the parameters %s (the smallest refuting parameter values checked, of %s)", g.refuted.Parameters, strings.Join(g.params, "; "))
	}
	return " at every parameter value checked (" + strings.Join(g.params, "; ") + ")"
}

// summarizeSame is the summary of a claim whose every reading has the
// verdict v.
func (t *readingTally) summarizeSame(v Verdict, multi bool) (Verdict, string) {
	order := t.order
	g := t.byReading[order[0]]
	switch v {
	case Holds:
		return Holds, "holds in every setting within the paper's assumptions" + readingsNote(order, multi) + g.paramNote()
	case Partial:
		return Partial, "holds where checked, but the coverage is partial" + readingsNote(order, multi) + ": " + strings.Join(t.partial, "; ")
	case Unchecked:
		return Unchecked, "no setting within the paper's assumptions reached its check: " + strings.Join(t.partial, "; ")
	}
	s := fmt.Sprintf("refuted in %d setting(s) within the paper's assumptions%s", t.refutedRows, readingsNote(order, multi))
	if v == Inconsistent {
		s = "inconsistent" + readingsNote(order, multi)
	}
	if len(order) == 1 {
		s += g.paramNote()
	} else {
		for _, k := range order {
			if g := t.byReading[k]; g.refuted != nil && len(g.params) > 1 {
				s += fmt.Sprintf("; %s: refuted at the parameters %s (the smallest refuting values of %s)", k, g.refuted.Parameters, strings.Join(g.params, "; "))
			}
		}
	}
	return v, s
}

// allUnchecked reports whether every row of reading key within the
// assumptions is UNCHECKED.
func allUnchecked(rows []Row, key string) bool {
	for _, r := range rows {
		k := r.Reading
		if k == "" {
			k = r.Variant
		}
		if r.Decides() && k == key && r.Verdict != Unchecked {
			return false
		}
	}
	return true
}

// lessParams orders parameter readings lexicographically (smaller values
// first).
func lessParams(a, b []uint8) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func readingsNote(order []string, multi bool) string {
	if !multi || len(order) < 2 {
		return ""
	}
	return everyReading + strings.Join(order, "; ") + ")"
}

// everyReading opens readingsNote's list of the readings checked.
const everyReading = " under every reading ("

// inheritedReadings applies the inherited-readings rule (issue 30, finding
// 1) to a composition's claim: the readings it inherits from its parts
// that no variant of the claim checks are declared (claim.Claim
// FixedReadings, MootReadings; every other one is checked, a registry
// test sees to it), and the verdict names them. A fixed reading is not
// checked and could change the outcome: a claim that holds is PARTIAL,
// as with an unchecked part. A moot one is declared not to matter (the
// claim's executions cannot exercise it, or it is no reading of the
// sources): the verdict stands. With either, the readings the
// summary lists are the readings checked, not every reading.
func inheritedReadings(c *claim.Claim, verdict Verdict, summary string) (Verdict, string) {
	if len(c.FixedReadings) == 0 && len(c.MootReadings) == 0 {
		return verdict, summary
	}
	summary = strings.Replace(summary, everyReading, " under every reading checked (", 1)
	// Parts that share a reason are named together, in order of first
	// appearance.
	list := func(ps []claim.ClaimPart) string {
		var whys []string
		names := map[string][]string{}
		for _, p := range ps {
			if names[p.Why] == nil {
				whys = append(whys, p.Why)
			}
			names[p.Why] = append(names[p.Why], p.Name)
		}
		parts := make([]string, len(whys))
		for i, why := range whys {
			parts[i] = strings.Join(names[why], ", ") + " (" + why + ")"
		}
		return strings.Join(parts, "; ")
	}
	if len(c.FixedReadings) > 0 {
		note := "; inherited reading(s) not checked, fixed at the variants' readings: " + list(c.FixedReadings)
		if verdict == Holds {
			verdict, summary = Partial, "every reading checked holds"+strings.TrimPrefix(summary, "holds")
		}
		summary += note
	}
	if len(c.MootReadings) > 0 {
		summary += "; inherited reading(s) not varied, declared not to matter to this claim: " + list(c.MootReadings)
	}
	return verdict, summary
}

// paramIndices are the parameter readings of variant v, in ambiguity
// order (the smallest parameter values first: PARAM readings are listed in
// increasing order).
func paramIndices(info *model.Info, v []uint8) []uint8 {
	var out []uint8
	for i := range info.Ambiguities {
		if info.Ambiguities[i].IsParameter() && i < len(v) {
			out = append(out, v[i])
		}
	}
	return out
}
