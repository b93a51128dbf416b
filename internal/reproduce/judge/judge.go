// Package judge holds the statistical judges of the catalog claims that
// are checked by re-running a paper's tables (package reproduce) rather
// than by the claim engine: each compares the printed numbers with the
// reproduced means, standard errors and the paper's own formulas, and
// gives the claim a verdict (checker/claims.Verdict) with its rows. The
// claims report (internal/report) only renders what they decide.
package judge

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/reproduce"
)

// Claim is a catalog claim about a paper's statistical table, which the
// claim engine does not express (random ids and detectors, a fixed number
// of runs) and `electlab reproduce` re-runs: its verdict derives from the
// reproduced table (Judge).
type Claim struct {
	// ID is the catalog claim; Paper and Table select the reproduction
	// (Table may list several ids, comma-separated).
	ID, Paper, Table string
	// judge, when set, replaces the printed-number rule (reproRule) with
	// the claim's own: its verdict, summary and rows from the tables.
	judge func(tables []*reproduce.Table, cmd string) (verdict claims.Verdict, summary string, rows []claims.Row)
	// rule states the judge's rule (docs/CLAIMS.md).
	rule string
	// moreRuns, when set, re-runs the tables with this many repetitions
	// as well as the paper's count: judge then receives both sets (told
	// apart by Table.Runs).
	moreRuns int
	// formulaOf maps a printed column to the paper's own formula for the
	// same quantity (a Row.Formulas column): a printed number that
	// differs from it is INCONSISTENT, the paper against itself, whatever
	// the simulation gives. Columns absent here have no formula for the
	// same quantity (e.g. a send+receive average against a send count).
	formulaOf map[string]string
	// sameQuantity lists, per printed column, what the column counts
	// under each of its readings and the paper's formula for it there
	// (a Row.Formulas value, scaled): a printed number farther than half
	// a unit of its last digit from the formula under every reading that
	// has one is INCONSISTENT. A reading without a formula (NoFormula)
	// leaves that column to the model under it: the inconsistency is
	// then shown, and the model's means still decide the column.
	sameQuantity map[string][]quantityReading
	// quantities says which printed column is which quantity and why
	// each formula is, or is not, comparable with it (the claim's rule).
	quantities string
}

// quantityReading is one reading of what a printed column counts.
type quantityReading struct {
	// Name names the reading ("messages", "AMB-HIER-4 (a), sends +
	// receives").
	Name string
	// Formula selects the row's formula values for the same quantity
	// under this reading; Factor scales them (2: every message counted
	// once sent and once received).
	Formula func(r reproduce.Row, column string) bool
	Factor  int64
	// NoFormula, when set, says why the paper has no formula for the
	// column's quantity under this reading.
	NoFormula string
}

// reproClaims are the catalog claims checked through `electlab reproduce`.
var reproClaims = []Claim{
	{ID: "C-FCEABR-9", Paper: "000", Table: "3", sameQuantity: map[string][]quantityReading{"ANSRM": {
		{Name: "messages", Formula: eq1Column, Factor: 1},
		{Name: "sends + receives", Formula: eq1Column, Factor: 2},
	}}, quantities: fceabr9Quantities},
	{ID: "C-FCEABOB-4", Paper: "003", Table: "3", formulaOf: map[string]string{"NOM": "eq.(2)", "VMN": "eq.(1)", "sum": "Σ eq.(2)", "total": "Σ eq.(2) + eq.(1)"}},
	{ID: "C-HIER-3", Paper: "003", Table: "5", sameQuantity: map[string][]quantityReading{"avg send+received": {
		{Name: "AMB-HIER-4 (a) (fault = FPN), messages", Formula: eq4AtFault, Factor: 1},
		{Name: "AMB-HIER-4 (a) (fault = FPN), sends + receives", Formula: eq4AtFault, Factor: 2},
		{Name: "AMB-HIER-4 (b) (fault = GCoordinator crashes)", NoFormula: "a run is the initial election followed by that many GCoordinator re-elections, for which [S3] gives no formula (eq.(4) counts the initial election alone)"},
	}}, quantities: hier3Quantities},
	{ID: "C-FCEABR-15", Paper: "000", Table: "fig11,fig12", judge: judgeFewer, rule: fewerRule},
	{ID: "C-FCEABR-16", Paper: "000", Table: "3", judge: judgeConvergence, rule: convergenceRule, moreRuns: convergenceRuns},
}

// eq1Column selects [S0] eq.(1) at N = NPS and at N = NPS−1 (Table 3).
func eq1Column(_ reproduce.Row, column string) bool { return strings.HasPrefix(column, "eq.(1) N=") }

// eq4AtFault selects [S3] eq.(4) at FPN = the row's "Number of fault"
// (Table 5).
func eq4AtFault(r reproduce.Row, column string) bool {
	return column == fmt.Sprintf("eq.(4) FPN=%d", r.FPN)
}

// fceabr9Quantities says what [S0] Table 3's columns count.
const fceabr9Quantities = "Table 3's columns: ANSRM (\"average number of send and receive messages\"; the text calls the same number \"the average number of messages passed\") is the mean, over 200 runs with random ids and detectors, of the messages of one election with NOF detectors (NOF = FPN: \"320 processes which 11 processes finds crash out\"). " +
	"[S0] eq.(1) gives that count for every run from N and FPN alone, so it is the mean's value too: the same quantity, read as messages (eq.(1)) or as sends plus receives (2·eq.(1): every message sent once and received once), at N = NPS or NPS−1 (the crashed coordinator left out). " +
	"A printed ANSRM that differs from all four is INCONSISTENT, whatever the model gives. SD is eq.(13)'s S_x̄ over the runs, which no formula of the paper predicts: only the model's runs are compared with it."

// hier3Quantities says what [S3] Table 5's columns count.
const hier3Quantities = "Table 5's columns: \"Average number of send and received message\" is the mean, over 200 runs with random placement and detectors, of the messages of the hierarchical election. " +
	"Under AMB-HIER-4 (a) (\"Number of fault\" = FPN, the default) a run is the initial election with FPN ring starters, which [S3] eq.(4) counts for every run: the same quantity, as messages (eq.(4)) or as sends plus receives (2·eq.(4)); a printed average that differs from both is INCONSISTENT under (a). " +
	"Under AMB-HIER-4 (b) (that many GCoordinator crashes) a run is the initial election followed by as many re-elections, for which [S3] gives no formula (eq.(4) counts one election): there the model's means alone are compared with it. " +
	"\"Total Number of Processes\" is NS·SPN (table arithmetic); SD is eq.(26)'s S_x̄ over the runs, which no formula predicts: only the model's runs are compared with it."

// For returns the reproduction that checks catalog claim id, or nil.
func For(id string) *Claim {
	for i := range reproClaims {
		if reproClaims[i].ID == id {
			return &reproClaims[i]
		}
	}
	return nil
}

// All returns every reproduce-checked claim, in catalog order.
func All() []*Claim {
	out := make([]*Claim, len(reproClaims))
	for i := range reproClaims {
		out[i] = &reproClaims[i]
	}
	return out
}

// MoreRuns is the second repetition count the claim's tables are re-run
// with besides the paper's (0 = none).
func (rc *Claim) MoreRuns() int { return rc.moreRuns }

// Command is the command line that reproduces the table.
func (rc *Claim) Command(seed uint64) string {
	var cmds []string
	for _, t := range strings.Split(rc.Table, ",") {
		cmds = append(cmds, fmt.Sprintf("electlab reproduce -paper %s -table %s -seed %d", rc.Paper, t, seed))
		if rc.moreRuns > 0 {
			cmds = append(cmds, fmt.Sprintf("electlab reproduce -paper %s -table %s -seed %d -runs %d", rc.Paper, t, seed, rc.moreRuns))
		}
	}
	return strings.Join(cmds, "; ")
}

// Rule states how the claim is judged.
func (rc *Claim) Rule() string {
	if rc.rule != "" {
		return rc.rule
	}
	if rc.quantities != "" {
		return reproRule + " " + rc.quantities
	}
	return reproRule
}

// reproRule states how a reproduce-checked claim is judged.
const reproRule = "the table is re-run with the paper's repetition count and seeded random ids and detectors, under every reading the reproduction names. " +
	"A printed mean is reproduced by a reading when the reading's mean lies within two standard errors (eq.(13)'s S_x̄) plus half a unit of the printed last digit; " +
	"a printed standard deviation (SD) is compared with the reading's S_x̄, within three times S_x̄'s own sampling error S_x̄/√(2(n−1)) plus half a unit. " +
	"A printed number that differs (by more than half a unit of its last digit) from the paper's own formula for the same quantity, under every reading of what the column counts that has a formula, is INCONSISTENT, whatever the simulation gives; a column whose quantity no formula of the paper counts is compared with the model only. " +
	"HOLDS when some reading reproduces every printed number; a row is REFUTED where no reading reproduces a printed number that is not itself INCONSISTENT with the paper's formula, else INCONSISTENT where one is; the claim is REFUTED if a row is, else INCONSISTENT if a row is."

// Result is a reproduce-checked claim's outcome: its verdict, the
// one-line summary, what the check compares, and the rows.
type Result struct {
	Verdict claims.Verdict
	Summary string
	// Claimed states what the check compares.
	Claimed string
	Rows    []claims.Row
}

// Judge checks the claim by reproducing its table with the paper's
// repetition count and seed (the tables are taken from cache, or
// computed into it; nil = no cache). A printed number is reproduced by a
// reading when the reading's mean lies within two standard errors
// (eq.(13)'s S_x̄) plus half a unit of the printed last digit; a printed
// standard deviation ("SD") is compared with the reading's S_x̄, within
// three times S_x̄'s own sampling error, S_x̄/√(2(n−1)), plus half a unit.
// The claim HOLDS when every printed number is reproduced by some reading
// and is REFUTED, row by row, where none reproduces it (a claim with its
// own judge follows that judge's rule, Rule).
func (rc *Claim) Judge(seed uint64, cache *reproduce.Cache) Result {
	e := Result{Claimed: "printed numbers = the model's means (statistical)", Rows: []claims.Row{}}
	p, err := reproduce.Lookup(rc.Paper)
	var tables []*reproduce.Table
	for _, id := range strings.Split(rc.Table, ",") {
		if err != nil {
			break
		}
		var rep *reproduce.Report
		rep, err = reproduce.Reproduce(p, id, reproduce.Options{Seed: seed, Cache: cache})
		if err == nil {
			tables = append(tables, rep.Tables...)
		}
		if err == nil && rc.moreRuns > 0 {
			rep, err = reproduce.Reproduce(p, id, reproduce.Options{Seed: seed, Runs: rc.moreRuns, Cache: cache})
			if err == nil {
				tables = append(tables, rep.Tables...)
			}
		}
	}
	switch {
	case errors.Is(err, reproduce.ErrInterrupted):
		e.Verdict, e.Summary = claims.Unchecked, "interrupted: the table was not reproduced"
		return e
	case err != nil:
		e.Verdict, e.Summary = claims.Unchecked, "reproduce failed: "+err.Error()
		return e
	}
	cmd := rc.Command(seed)
	if rc.judge != nil {
		e.Claimed = "the claim's own comparison of the reproduced means"
		e.Verdict, e.Summary, e.Rows = rc.judge(tables, cmd)
		return e
	}
	bad, amb, inconsistent, partly, total := 0, 0, 0, 0, 0
	for _, t := range tables {
		for _, r := range t.Rows {
			row, checked, full, shown := judgeReproRow(rc, t, r, cmd)
			if checked == 0 {
				continue
			}
			total += checked
			if shown {
				inconsistent++
				if !full {
					partly++
				}
			}
			switch row.Verdict {
			case claims.Refuted:
				bad++
			case claims.Ambiguous:
				amb++
			}
			e.Rows = append(e.Rows, row)
		}
	}
	switch {
	case total == 0:
		e.Verdict, e.Summary = claims.Unchecked, "the reproduced table has no printed number a reading measures"
	case bad > 0:
		e.Verdict = claims.Refuted
		e.Summary = fmt.Sprintf("%d of %d rows have a printed number no reading reproduces (`%s`; the rows give the arithmetic)", bad, len(e.Rows), cmd)
		if inconsistent > 0 {
			e.Summary += fmt.Sprintf("; %d rows print a number that differs from the paper's own formula for the same quantity (INCONSISTENT, the arithmetic first in each row)", inconsistent)
			if partly > 0 {
				e.Summary += fmt.Sprintf(", in %d of them only under the readings of the column that have a formula (the rule says which)", partly)
			}
		}
	case amb > 0:
		e.Verdict = claims.Ambiguous
		e.Summary = fmt.Sprintf("%d of %d rows print a number the model reproduces under one reading of its column and that differs from the paper's own formula under the readings that have one (`%s`; the rows give the arithmetic)", amb, len(e.Rows), cmd)
	case inconsistent > 0:
		e.Verdict = claims.Inconsistent
		e.Summary = fmt.Sprintf("%d of %d rows print a number that differs from the paper's own formula for it, shown with the arithmetic (the model's means are in the rows; `%s`)", inconsistent, len(e.Rows), cmd)
	default:
		e.Verdict = claims.Holds
		e.Summary = fmt.Sprintf("every printed number (%d) is reproduced by some reading within two standard errors (`%s`)", total, cmd)
	}
	return e
}

// judgeReproRow judges one reproduced row: a printed number the model
// does not reproduce refutes it unless the paper contradicts itself on
// that very number (under every reading of the column); else a number
// that differs from the paper's formula makes it INCONSISTENT. full
// reports such a number in the row, shown one that differs at least under
// the readings with a formula.
func judgeReproRow(rc *Claim, t *reproduce.Table, r reproduce.Row, cmd string) (row claims.Row, checked int, full, shown bool) {
	row, checked, failed := reproRowColumns(t, r, cmd)
	cols, shown := inconsistentColumns(rc, &row, r)
	row.Verdict = claims.Holds
	var refuting []string
	for _, col := range failed {
		if !cols[col] {
			row.Verdict = claims.Refuted
			refuting = append(refuting, col)
		}
	}
	switch {
	case row.Verdict == claims.Refuted:
		if shown {
			// The refutation first: the row's verdict, then the
			// inconsistency it also shows.
			row.Arithmetic = fmt.Sprintf("REFUTED: no reading of the model reproduces the printed %s; ", strings.Join(refuting, ", ")) + row.Arithmetic
		}
	case len(cols) > 0:
		row.Verdict = claims.Inconsistent
	case shown:
		// The model reproduces a number that contradicts the paper's
		// formula under the readings that have one: the verdict depends
		// on the reading.
		row.Verdict = claims.Ambiguous
		row.Arithmetic = "AMBIGUOUS (INCONSISTENT under the readings with a formula; reproduced by the model): " + row.Arithmetic
	}
	return row, checked, len(cols) > 0, shown
}

// inconsistentWithFormula marks row INCONSISTENT when one of its printed
// numbers differs from the paper's own formula for the same quantity
// (rc.formulaOf), with the arithmetic first in the row's evidence.
func inconsistentWithFormula(rc *Claim, row *claims.Row, r reproduce.Row) bool {
	full, _ := inconsistentColumns(rc, row, r)
	if len(full) == 0 {
		return false
	}
	row.Verdict = claims.Inconsistent
	return true
}

// inconsistentColumns compares row r's printed numbers with the paper's
// own formulas for the same quantity (rc.formulaOf, rc.sameQuantity) and
// puts the arithmetic first in the row's evidence. full are the columns
// that differ under every reading with a formula and no reading without
// one; shown reports that some column differs under every reading with a
// formula (INCONSISTENT there, full or not).
func inconsistentColumns(rc *Claim, row *claims.Row, r reproduce.Row) (full map[string]bool, shown bool) {
	full = map[string]bool{}
	var diffs []string
	for _, pv := range r.Printed {
		p, okp := new(big.Rat).SetString(pv.Exact)
		if !okp {
			continue
		}
		half := new(big.Rat)
		half.SetFloat64(halfUnit(pv.Text))
		if name, ok := rc.formulaOf[pv.Column]; ok {
			for _, f := range r.Formulas {
				if f.Column != name {
					continue
				}
				q, okq := new(big.Rat).SetString(f.Exact)
				if !okq || withinRat(p, q, half) {
					continue
				}
				d := new(big.Rat).Sub(p, q)
				full[pv.Column] = true
				diffs = append(diffs, fmt.Sprintf("%s printed %s, the paper's %s gives %s: printed − formula = %s − %s = %s", pv.Column, pv.Text, name, f.Exact, pv.Exact, f.Exact, signedRat(d)))
			}
		}
		readings, ok := rc.sameQuantity[pv.Column]
		if !ok {
			continue
		}
		var under, none []string
		compared, agrees := false, false
		for _, qr := range readings {
			if qr.NoFormula != "" {
				none = append(none, fmt.Sprintf("under %s not comparable: %s", qr.Name, qr.NoFormula))
				continue
			}
			for _, f := range r.Formulas {
				if qr.Formula == nil || !qr.Formula(r, f.Column) {
					continue
				}
				q, okq := new(big.Rat).SetString(f.Exact)
				if !okq {
					continue
				}
				q.Mul(q, new(big.Rat).SetInt64(qr.Factor))
				compared = true
				formula := f.Column
				if qr.Factor != 1 {
					formula = fmt.Sprintf("%d·%s", qr.Factor, f.Column)
				}
				d := new(big.Rat).Sub(p, q)
				if withinRat(p, q, half) {
					agrees = true
					under = append(under, fmt.Sprintf("%s: %s = %s, equal within half a unit", qr.Name, formula, ratDec(q)))
					continue
				}
				under = append(under, fmt.Sprintf("%s: %s = %s, printed − formula = %s − %s = %s", qr.Name, formula, ratDec(q), pv.Text, ratDec(q), ratDecSigned(d)))
			}
		}
		if !compared || agrees {
			continue
		}
		shown = true
		what := "under every reading"
		if len(none) > 0 {
			what = "under every reading with a formula"
		} else {
			full[pv.Column] = true
		}
		diffs = append(diffs, fmt.Sprintf("%s printed %s differs from the paper's own formula for the same quantity %s (%s)%s", pv.Column, pv.Text, what, strings.Join(under, "; "), prefixed("; ", strings.Join(none, "; "))))
	}
	if len(full) > 0 {
		shown = true
	}
	if len(diffs) > 0 {
		row.Arithmetic = "INCONSISTENT: " + strings.Join(diffs, "; ") + "; " + row.Arithmetic
	}
	return full, shown
}

// withinRat reports |p − q| ≤ tol.
func withinRat(p, q, tol *big.Rat) bool {
	d := new(big.Rat).Sub(p, q)
	return d.Abs(d).Cmp(tol) <= 0
}

// ratDec renders x exactly when it is an integer, else to two decimals.
func ratDec(x *big.Rat) string {
	if x.IsInt() {
		return x.Num().String()
	}
	return x.FloatString(2)
}

// ratDecSigned is ratDec with its sign.
func ratDecSigned(x *big.Rat) string {
	if x.Sign() > 0 {
		return "+" + ratDec(x)
	}
	return ratDec(x)
}

// prefixed returns sep + s, or "" when s is empty.
func prefixed(sep, s string) string {
	if s == "" {
		return ""
	}
	return sep + s
}

// signedRat renders d with its sign.
func signedRat(d *big.Rat) string {
	s := d.RatString()
	if d.Sign() > 0 {
		return "+" + s
	}
	return s
}

// reproCovered is the coverage record of a reproduced row: runs seeded
// random runs (or points), every one measured.
func reproCovered(runs int) claims.Coverage {
	return claims.Coverage{Point: claims.PointMeasured, Executions: runs, Reached: runs}
}

// reproRow judges the printed numbers of one reproduced row: how many it
// checked and whether each is reproduced by some reading.
func reproRow(t *reproduce.Table, r reproduce.Row, cmd string) (claims.Row, int, bool) {
	row, checked, failed := reproRowColumns(t, r, cmd)
	return row, checked, len(failed) == 0
}

// reproRowColumns is reproRow, naming the printed columns no reading
// reproduces.
func reproRowColumns(t *reproduce.Table, r reproduce.Row, cmd string) (claims.Row, int, []string) {
	row := claims.Row{Setting: fmt.Sprintf("Table %s, %s", t.ID, r.Label), Variant: "-", Model: "SYNC-LOCKSTEP (reproduce)",
		Verdict: claims.Holds, Executions: t.Runs, Covered: reproCovered(t.Runs),
		Coverage: fmt.Sprintf("%d seeded random runs per reading (`%s`)", t.Runs, cmd)}
	var parts, failed []string
	checked := 0
	for _, pv := range r.Printed {
		half := halfUnit(pv.Text)
		var match []string
		closest, closestDiff, tol := "", math.Inf(1), 0.0
		compared := false
		for _, m := range r.Measured {
			if pv.Column == "SD" {
				compared = true
				d := m.Stats.SE - pv.Float
				t := half
				if m.Stats.Runs > 1 {
					t += 3 * m.Stats.SE / math.Sqrt(2*float64(m.Stats.Runs-1))
				}
				if math.Abs(d) <= t {
					match = append(match, m.Reading)
				}
				if math.Abs(d) < math.Abs(closestDiff) {
					closest, closestDiff, tol = m.Reading, d, t
				}
				continue
			}
			for _, d := range m.Printed {
				if d.Column != pv.Column {
					continue
				}
				compared = true
				t := half + 2*m.Stats.SE
				if math.Abs(d.MeanMinus) <= t {
					match = append(match, m.Reading)
				}
				if math.Abs(d.MeanMinus) < math.Abs(closestDiff) {
					closest, closestDiff, tol = m.Reading, d.MeanMinus, t
				}
			}
		}
		if !compared {
			continue
		}
		checked++
		what := "mean"
		if pv.Column == "SD" {
			what = "S_x̄"
		}
		if len(match) > 0 {
			parts = append(parts, fmt.Sprintf("%s printed %s: reproduced by %s", pv.Column, pv.Text, strings.Join(match, "; ")))
			continue
		}
		failed = append(failed, pv.Column)
		parts = append(parts, fmt.Sprintf("%s printed %s: no reading reproduces it; closest %s (%s) differs by %.4g, tolerance %.3g", pv.Column, pv.Text, what, closest, closestDiff, tol))
	}
	if len(failed) > 0 {
		row.Verdict = claims.Refuted
	}
	row.Arithmetic = strings.Join(append(parts, r.Notes...), "; ")
	return row, checked, failed
}

// halfUnit is half a unit of the last printed digit of text ("112" → 0.5,
// "0.022" → 0.0005).
func halfUnit(text string) float64 {
	i := strings.IndexByte(text, '.')
	if i < 0 {
		return 0.5
	}
	return 0.5 * math.Pow(10, -float64(len(text)-i-1))
}

// fewerRule states how C-FCEABR-15 is judged.
const fewerRule = "[S0] Fig. 11-12 re-run (N = 35 and 70, FPN = 1..N, 50 seeded random runs each): for each FCEABR reading, " +
	"(a) fewer: FCEABR's mean send count is below basic Ring's at every FPN; (b) the gap Ring − FCEABR never shrinks as FPN grows; " +
	"(c) at every FPN both networks have, the gap is larger at N = 70 than at N = 35. HOLDS for a reading when all three hold; " +
	"the claim is AMBIGUOUS when the readings disagree."

// judgeFewer judges C-FCEABR-15 on the Fig. 11-12 tables: each row is one
// N and FPN, with FCEABR readings and basic Ring as measured readings.
func judgeFewer(tables []*reproduce.Table, cmd string) (claims.Verdict, string, []claims.Row) {
	type point struct {
		n, fpn int
		gap    float64
		fewer  bool
	}
	byReading := map[string][]point{}
	var order []string
	for _, t := range tables {
		for _, r := range t.Rows {
			ring := math.NaN()
			for _, m := range r.Measured {
				if strings.HasPrefix(m.Reading, "Ring") {
					ring = m.Stats.Mean
				}
			}
			for _, m := range r.Measured {
				if !strings.HasPrefix(m.Reading, "FCEABR") || math.IsNaN(ring) {
					continue
				}
				if _, ok := byReading[m.Reading]; !ok {
					order = append(order, m.Reading)
				}
				byReading[m.Reading] = append(byReading[m.Reading], point{r.N, r.FPN, ring - m.Stats.Mean, m.Stats.Mean < ring})
			}
		}
	}
	if len(order) == 0 {
		return claims.Unchecked, "the reproduced figures have no FCEABR and Ring means to compare", []claims.Row{}
	}
	var rows []claims.Row
	verdicts := map[string]claims.Verdict{}
	for _, rd := range order {
		pts := byReading[rd]
		var notFewer, shrinks, notWider []string
		gapAt := map[[2]int]float64{}
		for i, p := range pts {
			gapAt[[2]int{p.n, p.fpn}] = p.gap
			if !p.fewer {
				notFewer = append(notFewer, fmt.Sprintf("N=%d FPN=%d (gap %.4g)", p.n, p.fpn, p.gap))
			}
			if i > 0 && pts[i-1].n == p.n && p.gap < pts[i-1].gap {
				shrinks = append(shrinks, fmt.Sprintf("N=%d FPN %d→%d: %.4g→%.4g", p.n, pts[i-1].fpn, p.fpn, pts[i-1].gap, p.gap))
			}
		}
		for _, p := range pts {
			if p.n != 35 {
				continue
			}
			if g, ok := gapAt[[2]int{70, p.fpn}]; ok && g <= p.gap {
				notWider = append(notWider, fmt.Sprintf("FPN=%d: %.4g at N=70 vs %.4g at N=35", p.fpn, g, p.gap))
			}
		}
		for _, c := range []struct {
			what string
			bad  []string
		}{{"(a) fewer messages than basic Ring at every FPN", notFewer}, {"(b) the gap never shrinks as FPN grows", shrinks}, {"(c) the gap is larger at N=70 than at N=35", notWider}} {
			row := claims.Row{Setting: c.what, Variant: rd, Model: "SYNC-LOCKSTEP (reproduce)", Verdict: claims.Holds,
				Executions: len(pts), Covered: reproCovered(len(pts)), Coverage: fmt.Sprintf("%d (N, FPN) points, 50 seeded random runs each (`%s`)", len(pts), cmd),
				Arithmetic: "holds at every point"}
			if len(c.bad) > 0 {
				row.Verdict = claims.Refuted
				row.Arithmetic = fmt.Sprintf("fails at %d point(s): %s", len(c.bad), strings.Join(firstN(c.bad, 6), "; "))
			}
			if verdicts[rd] != claims.Refuted {
				verdicts[rd] = row.Verdict
			}
			rows = append(rows, row)
		}
	}
	first, same := verdicts[order[0]], true
	var parts []string
	for _, rd := range order {
		same = same && verdicts[rd] == first
		parts = append(parts, rd+": "+verdicts[rd].String())
	}
	if same {
		return first, fmt.Sprintf("%s under every reading (%s); `%s`", first, strings.Join(order, "; "), cmd), rows
	}
	return claims.Ambiguous, "the verdict depends on the reading: " + strings.Join(parts, "; "), rows
}

func firstN(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	return append(append([]string(nil), xs[:n]...), fmt.Sprintf("… %d more", len(xs)-n))
}
