package checker

import (
	"fmt"
	"hash/fnv"
	"math"
	"strings"

	"electlab/model"
)

// Verdicts.
const (
	Holds        = "HOLDS"
	Refuted      = "REFUTED"
	Inconsistent = "INCONSISTENT"
	Ambiguous    = "AMBIGUOUS"
	Unchecked    = "UNCHECKED"
)

// Engine checks claims by running their algorithm's model.
type Engine struct {
	// Seed is the base seed; every case's seed derives from it, the claim,
	// the setting, the variant and n.
	Seed uint64
	// Cases is the number of random cases per size beyond exhaustive
	// enumeration.
	Cases int
	// ExhaustiveLimit is the largest number of configurations enumerated
	// exhaustively at one size (each run under three schedules); above
	// it, sizes are sampled with Cases random cases.
	ExhaustiveLimit int
	// MaxN, when positive, caps the claim's NMax (for quick runs).
	MaxN int
	// MaxSteps caps each execution; FairAfter is the length of the
	// adversarial prefix before the fair FIFO continuation. 0 derives them
	// from each configuration's size (StepCap); a cap set here is kept.
	MaxSteps, FairAfter int
	// GrowthCases is the number of random cases per sampled size for
	// Growth claims (whose executions are long; their worst case depends
	// on the arrangement more than on the schedule).
	GrowthCases int
	// Interrupted, when set, is polled between executions; once it
	// returns true the engine stops and reports what it has (rows not
	// finished are UNCHECKED, "interrupted").
	Interrupted func() bool
	// Minimize shrinks a failing event list (nil = no minimization). It
	// must keep fails true and is given the lenient replay predicate.
	Minimize func(events []model.Event, fails func([]model.Event) bool) []model.Event
	// Explore, when set, searches every schedule of one configuration
	// (checker/explore.ForClaims installs it). At each size whose
	// configurations were all enumerated, the engine explores every
	// schedule of every configuration, within ExploreStates states per
	// row, and reports the sizes it covered as "all schedules".
	Explore ExploreFunc
	// ExploreStates bounds the states stored by the exhaustive schedule
	// search of one row, over all its configurations and sizes (0 = no
	// exhaustive schedule search).
	ExploreStates int64
}

// ExploreFunc searches every schedule from s0 (not modified) under checks,
// storing at most maxStates states; counts puts the message counters in the
// state (exact min/max). onFinal is called once for every distinct
// quiescent state reached.
type ExploreFunc func(s0 model.System, checks Checks, counts bool, maxStates int64, onFinal func(model.System)) ExploreOutcome

// ExploreOutcome is what an exhaustive schedule search found.
type ExploreOutcome struct {
	// States is the number of distinct states stored.
	States int64
	// Incomplete names the bound that cut the search ("" = complete).
	Incomplete string
	// Violation is the first violation found (nil = none) and Events the
	// (minimized) events from s0 that reach it.
	Violation *Violation
	Events    []model.Event
}

// DefaultEngine returns the engine used by `electlab claims` by default.
func DefaultEngine() *Engine {
	return &Engine{Seed: 1, Cases: 300, GrowthCases: 40, ExhaustiveLimit: 4000}
}

// Point is one size's measurement for a Bound or Growth claim.
type Point struct {
	// N is the number of processes.
	N int `json:"n"`
	// Measured is the largest measured value at this size (the smallest
	// for an AtLeast bound; for a Growth claim, its statistic: the
	// maximum, the minimum, or the mean rounded to the nearest integer).
	Measured int64 `json:"measured"`
	// Mean is the exact mean of a Growth claim whose statistic is the
	// mean (what is fitted).
	Mean float64 `json:"mean,omitempty"`
	// Claimed is the formula at the parameters of the case that gave
	// Measured (empty for Growth claims).
	Claimed string `json:"claimed,omitempty"`
	// Cases is the number of executions at this size.
	Cases int `json:"cases"`
	// Reached, for a Tight bound, reports that some execution at this
	// size measured exactly the formula.
	Reached bool `json:"reached,omitempty"`
	// AllSchedules reports that Measured is the extreme over every
	// schedule of every configuration of this size (exhaustive search).
	AllSchedules bool `json:"all_schedules,omitempty"`
}

// Counterexample is a violating execution, shrunk.
type Counterexample struct {
	// N is the size it was found at (the smallest size searched first).
	N int `json:"n"`
	// Config and Events replay it.
	Config *model.Config `json:"-"`
	Events []model.Event `json:"-"`
	// Violation is what failed.
	Violation *Violation `json:"violation"`
	// Initial is the initial world (for recording the trace).
	Initial model.System `json:"-"`
	// TracePath is where the trace was written, if it was.
	TracePath string `json:"trace,omitempty"`
}

// Row is the result of one claim under one setting and one variant.
type Row struct {
	// Setting and Variant name the execution family and the reading.
	Setting string `json:"setting"`
	Variant string `json:"variant"`
	// Model is the execution model (e.g. "async fifo").
	Model string `json:"model"`
	// Reading is Variant without its parameter values (the readings of
	// ambiguous text in force); Parameters are the parameter values
	// (PARAM-* ambiguities, e.g. "spn2,scan1"), "" when there are none.
	// Rows that differ only in Parameters check one reading at several
	// parameter values: a refutation at any of them refutes the reading.
	Reading    string `json:"reading,omitempty"`
	Parameters string `json:"parameters,omitempty"`
	// Outside is set when the setting is outside the paper's assumptions
	// (or beyond the claim's failure budget).
	Outside bool `json:"outside_assumptions"`
	// Verdict is HOLDS, PARTIAL, REFUTED, INCONSISTENT or UNCHECKED for
	// this row.
	Verdict string `json:"verdict"`
	// Coverage says what was covered, with seeds: the text of Covered.
	Coverage string `json:"coverage"`
	// Covered is what was covered, as data (sizes, cases, executions that
	// reached the checked point, parts checked).
	Covered Coverage `json:"covered"`
	// Executions is the number of executions run.
	Executions int `json:"executions"`
	// Unfinished counts executions that did not reach quiescence (a
	// livelock or the step cap); end-of-run checks other than termination
	// do not apply to them.
	Unfinished int `json:"unfinished"`
	// UnfinishedWhy explains the first unfinished execution.
	UnfinishedWhy string `json:"unfinished_example,omitempty"`
	// Points are per-size measurements (Bound and Growth claims).
	Points []Point `json:"points,omitempty"`
	// Fit is the fitted growth exponent (Growth claims): of the claim's
	// statistic divided by (log n)^LogOrder.
	Fit float64 `json:"fit,omitempty"`
	// FitNote states a Growth row's fit: the statistic, the sizes fitted,
	// the exponent, the claimed order and the tolerance.
	FitNote string `json:"fit_note,omitempty"`
	// Arithmetic shows the computation of a Table row.
	Arithmetic string `json:"arithmetic,omitempty"`
	// Counterexample is set when the row is REFUTED.
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	// AllSchedules lists the sizes at which every schedule of every
	// configuration was explored (Engine.Explore): at those sizes the
	// verdict and the measured extreme hold for all schedules.
	AllSchedules []int `json:"all_schedules,omitempty"`
	// ExploredStates is the number of states the exhaustive schedule
	// search stored for this row.
	ExploredStates int64 `json:"explored_states,omitempty"`
	// Partial says why the coverage rule made the row PARTIAL or UNCHECKED
	// ("" when it did not).
	Partial string `json:"partial,omitempty"`
	// params are the row's parameter readings (smallest first), to name
	// the smallest refuting parameter values.
	params []uint8
}

// ClaimResult is the outcome of checking one claim about one algorithm.
type ClaimResult struct {
	// Algo is the algorithm's name; Claim the claim checked.
	Algo  string       `json:"algorithm"`
	Claim *model.Claim `json:"-"`
	// Verdict is the summary verdict; Summary explains it in one line.
	Verdict string `json:"verdict"`
	Summary string `json:"summary"`
	// Rows are the per-setting, per-variant results.
	Rows []Row `json:"rows"`
}

// CheckClaim checks claim c of algorithm spec.
func (e *Engine) CheckClaim(spec model.Spec, c *model.Claim) *ClaimResult {
	info := spec.Meta()
	res := &ClaimResult{Algo: info.Name, Claim: c}
	if err := c.Validate(); err != nil {
		res.Verdict, res.Summary = Unchecked, err.Error()
		return res
	}
	if c.NotModelled != "" {
		res.Verdict, res.Summary = Unchecked, "not checked: "+c.NotModelled
		return res
	}
	if c.Kind == model.Table {
		res.Rows = e.checkTable(c)
		res.Verdict, res.Summary = summarizeTable(c, res.Rows)
		return res
	}
	variants := c.Variants
	if len(variants) == 0 {
		variants = []string{""}
	}
	for _, variant := range variants {
		for si := range c.Settings {
			row := e.checkRow(spec, c, &c.Settings[si], si, variant)
			if v, err := info.ParseVariant(variant); err == nil {
				row.Variant = info.FormatVariant(v)
				row.Reading, row.Parameters = info.SplitVariant(v)
				row.params = paramIndices(info, v)
			}
			res.Rows = append(res.Rows, row)
		}
	}
	if c.Tight {
		res.Rows = append(res.Rows, extremeRows(c, res.Rows)...)
	}
	res.Verdict, res.Summary = summarize(res.Rows, len(variants) > 1)
	if res.Verdict == Holds {
		res.Summary += allSchedulesNote(res.Rows)
	}
	res.Verdict, res.Summary = claimParts(c, res.Verdict, res.Summary)
	return res
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

// claimParts applies the coverage rule to the claim's declared unchecked
// parts: a claim that holds where checked but has a part not checked is
// PARTIAL.
func claimParts(c *model.Claim, verdict, summary string) (string, string) {
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
		if r.Outside || r.Model == "extreme" {
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

// extremeRows checks the extreme of a Tight claim, one row per reading: at
// every size that some setting within the paper's assumptions checked, an
// execution of one of those settings must reach the formula exactly (the
// maximum, or the minimum, over the union of the settings equals it).
func extremeRows(c *model.Claim, rows []Row) []Row {
	which := "maximum"
	if c.Relation == model.AtLeast {
		which = "minimum"
	}
	var order []string
	byVariant := map[string][]Row{}
	for _, r := range rows {
		if r.Outside {
			continue
		}
		if _, ok := byVariant[r.Variant]; !ok {
			order = append(order, r.Variant)
		}
		byVariant[r.Variant] = append(byVariant[r.Variant], r)
	}
	var out []Row
	for _, v := range order {
		type size struct {
			reached  bool
			extreme  int64
			claimed  string
			cases    int
			measured bool
		}
		var ns []int
		at := map[int]*size{}
		for _, r := range byVariant[v] {
			for _, p := range r.Points {
				z := at[p.N]
				if z == nil {
					z = &size{}
					at[p.N] = z
					ns = append(ns, p.N)
				}
				z.reached = z.reached || p.Reached
				z.cases += p.Cases
				if !z.measured || (which == "maximum" && p.Measured > z.extreme) || (which == "minimum" && p.Measured < z.extreme) {
					z.extreme, z.claimed, z.measured = p.Measured, p.Claimed, true
				}
			}
		}
		sortInts(ns)
		row := Row{Setting: fmt.Sprintf("the %s over the settings above", which), Variant: v, Model: "extreme", Verdict: Holds}
		row.Covered.Point = PointExtreme
		for _, r := range byVariant[v] {
			row.Reading, row.Parameters, row.params = r.Reading, r.Parameters, r.params
			row.Covered.Reached += r.Covered.Reached
		}
		var missed []string
		for _, n := range ns {
			z := at[n]
			row.Executions += z.cases
			if !z.reached {
				missed = append(missed, fmt.Sprintf("n=%d: %d (the formula gives %s)", n, z.extreme, z.claimed))
			}
		}
		if len(missed) > 0 {
			row.Verdict = Refuted
			row.Arithmetic = fmt.Sprintf("no execution reaches %s at %s; the %s measured is %s", c.FormulaText, plural(len(missed), "size"), which, strings.Join(missed, "; "))
		} else {
			row.Arithmetic = fmt.Sprintf("an execution reaches %s exactly at every size checked (n=%s)", c.FormulaText, sizes(ns))
		}
		row.Covered.Executions = row.Executions
		if row.Verdict == Holds {
			row.Verdict, row.Partial = row.Covered.judge(Holds, false)
		}
		row.Coverage = row.Covered.Text()
		out = append(out, row)
	}
	return out
}

func plural(k int, what string) string {
	if k == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", k, what)
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// checkTable checks a Table claim column by column: each printed number of
// the first column (and of a column with the paper's own formula) against
// that formula evaluated exactly (a difference is INCONSISTENT, the paper
// against itself); each printed number of a column measured on a model
// against the model's count (a difference is REFUTED); a column not
// checked is one UNCHECKED row with the reason.
func (e *Engine) checkTable(c *model.Claim) []Row {
	cols := append([]model.TableColumn{{Formula: c.Formula, FormulaText: c.FormulaText, Rows: c.Rows}}, c.Columns...)
	var rows []Row
	for ci, col := range cols {
		label := func(l string) string {
			if ci == 0 || col.Name == "" {
				return l
			}
			return l + ", " + col.Name + " column"
		}
		if col.NotChecked != "" {
			r := Row{Setting: "Table column " + col.Name, Variant: "-", Model: "not checked", Verdict: Unchecked,
				Covered: Coverage{Point: PointArithmetic, Parts: []Part{{Name: col.Name + " column", Why: col.NotChecked}}}}
			r.Partial = col.Name + " column not checked: " + col.NotChecked
			r.Coverage = r.Covered.Text()
			rows = append(rows, r)
			continue
		}
		for _, pr := range col.Rows {
			r := Row{Setting: label(pr.Label), Variant: "-", Model: "arithmetic", Verdict: Holds}
			r.Covered = Coverage{Point: PointArithmetic, Executions: 1, Reached: 1}
			if col.Formula != nil {
				v := col.Formula(pr.Params)
				r.Arithmetic = fmt.Sprintf("%s at n=%d: %s; printed %s", col.FormulaText, pr.Params.N, v, pr.Printed)
				if v.Cmp(pr.Printed) != 0 {
					r.Verdict = Inconsistent
					r.Arithmetic += fmt.Sprintf(" (differs by %s)", ratSub(pr.Printed, v))
				}
			}
			if col.Spec != nil && col.Config != nil {
				m, how, err := e.measureColumn(&col, pr.Params)
				r.Model = "model"
				r.Covered.Point = PointMeasured
				switch {
				case err != nil:
					r.Verdict, r.Covered.Reached = Unchecked, 0
					r.Arithmetic = "the model run failed: " + err.Error()
				default:
					r.Executions = 1
					text := fmt.Sprintf("%s measured %d (%s); printed %s", col.ModelText, m, how, pr.Printed)
					if pr.Printed.Cmp(model.RatInt(m)) != 0 {
						if r.Verdict == Holds {
							r.Verdict = Refuted
						}
						text += fmt.Sprintf(" (the model differs by %s)", ratSub(model.RatInt(m), pr.Printed))
					}
					if r.Arithmetic != "" {
						text = r.Arithmetic + "; " + text
					}
					r.Arithmetic = text
				}
			}
			r.Coverage = r.Covered.Text()
			if r.Model != "arithmetic" {
				r.Coverage = fmt.Sprintf("one run of %s under the fair FIFO schedule (the count does not depend on the schedule)", col.ModelText)
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// ratSub renders a − b.
func ratSub(a, b model.Rat) string {
	d := model.RatSub(a, b)
	if d.Cmp(model.RatInt(0)) > 0 {
		return "+" + d.String()
	}
	return d.String()
}

// measureColumn runs a table column's model at a row's parameters to
// quiescence under the fair FIFO schedule and counts its messages.
func (e *Engine) measureColumn(col *model.TableColumn, p model.Params) (int64, string, error) {
	cfg := col.Config(p)
	s0, err := col.Spec.NewSystem(cfg)
	if err != nil {
		return 0, "", err
	}
	maxSteps, _ := e.caps(s0.N())
	x := Execute(s0, FIFO{}, Checks{}, Options{MaxSteps: maxSteps, FairAfter: 1})
	if !x.Quiescent {
		return 0, "", fmt.Errorf("%s: not quiescent after %d events", cfg, len(x.Events))
	}
	return x.Final.Counts().Count(col.Accounting), fmt.Sprintf("%s messages; n=%d, %d detector(s)", col.Accounting, s0.N(), len(cfg.Initiators)), nil
}

// summarizeTable derives a Table claim's verdict from its rows: REFUTED
// when the model disagrees with a printed number, else INCONSISTENT when a
// printed number differs from the paper's own formula, else PARTIAL when
// a column (or a declared part) is not checked, else HOLDS.
func summarizeTable(c *model.Claim, rows []Row) (string, string) {
	var refuted, inconsistent, unchecked []string
	for _, r := range rows {
		switch r.Verdict {
		case Refuted:
			refuted = append(refuted, r.Setting)
		case Inconsistent:
			inconsistent = append(inconsistent, r.Setting)
		case Unchecked:
			unchecked = append(unchecked, r.Setting)
		}
	}
	total := len(rows)
	switch {
	case len(refuted) > 0:
		s := fmt.Sprintf("%d of %d printed numbers differ from the model's count (%s)", len(refuted), total, strings.Join(refuted, "; "))
		if len(inconsistent) > 0 {
			s += fmt.Sprintf("; %d differ from the paper's own formula", len(inconsistent))
		}
		return Refuted, s
	case len(inconsistent) > 0:
		return Inconsistent, fmt.Sprintf("%d of %d printed numbers differ from the paper's own formula %s", len(inconsistent), total, c.FormulaText)
	case len(unchecked) > 0:
		return claimParts(c, Partial, fmt.Sprintf("every printed number checked equals its column's formula or model; not checked: %s", strings.Join(unchecked, "; ")))
	}
	return claimParts(c, Holds, "every printed number equals the paper's formula "+c.FormulaText+columnsNote(c))
}

// columnsNote names a table's further columns and how each was checked.
func columnsNote(c *model.Claim) string {
	var parts []string
	for _, col := range c.Columns {
		switch {
		case col.Formula != nil:
			parts = append(parts, col.Name+" against "+col.FormulaText)
		case col.Spec != nil:
			parts = append(parts, col.Name+" against "+col.ModelText)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; columns " + strings.Join(parts, ", ")
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
func summarize(rows []Row, multi bool) (string, string) {
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
		parts[i] = k + ": " + verdicts[i]
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
	verdict string
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
		if r.Outside {
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
		if r.Parameters != "" && !containsString(g.params, r.Parameters) {
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
func summarizeOutside(rows []Row) (string, string) {
	shown := map[string]int{}
	var vs []string
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
func (t *readingTally) judge(rows []Row) []string {
	verdicts := make([]string, len(t.order))
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
func (t *readingTally) summarizeSame(v string, multi bool) (string, string) {
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
		if !r.Outside && k == key && r.Verdict != Unchecked {
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

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func readingsNote(order []string, multi bool) string {
	if !multi || len(order) < 2 {
		return ""
	}
	return " under every reading (" + strings.Join(order, "; ") + ")"
}

// seedFor derives a case seed from the engine seed and the row's identity.
func (e *Engine) seedFor(algo, claim string, si int, variant string, n int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%s|%d|%s|%d", e.Seed, algo, claim, si, variant, n)
	return h.Sum64()
}

// exploreSchedulable reports whether exhaustive schedule search applies to
// claim c: its measurement must be a function of the explored state. Time
// (Lamport clocks) and claim-specific measures read history the state does
// not hold, so such claims keep sampled schedules. A claim's own check
// (Custom) is searched for violations, but decides no size for all
// schedules (checkRow).
func exploreSchedulable(c *model.Claim) bool {
	switch c.Kind {
	case model.Behaviour:
		return true
	case model.Bound:
		return c.Quantity == model.Messages && c.Measure == nil
	}
	return false
}

// exploreSize searches every schedule of every configuration of size n
// (the configurations enumerate gives) within *left states, feeding each
// distinct quiescent state to observe. It reports whether the search was
// complete for every configuration; a violation makes the row REFUTED with
// the search's (minimized) trace as the counterexample.
func (e *Engine) exploreSize(spec model.Spec, c *model.Claim, st *model.Setting, variant string, n int, checks Checks, row *Row, left *int64, observe func(s0, final model.System, violated bool) bool) (all bool, why string) {
	info := spec.Meta()
	counts := c.Kind == model.Bound
	all = true
	EnumerateConfigs(info, st, variant, n, e.ExhaustiveLimit, func(cfg *model.Config) bool {
		if e.Interrupted != nil && e.Interrupted() {
			all, why = false, "interrupted"
			return false
		}
		plain := cfg
		cfg = cfg.Clone()
		cfg.CountInState = counts
		s0, err := spec.NewSystem(cfg)
		if err != nil {
			all, why = false, "internal error: "+err.Error()
			return false
		}
		// Outside a staggered setting every initiator starts first, as
		// the Random chooser does: apply the detect events in order.
		start := s0.Clone()
		var prefix []model.Event
		if !st.Staggered {
			for {
				ev, ok := firstDetect(start)
				if !ok {
					break
				}
				if err := start.Apply(ev); err != nil {
					all, why = false, "internal error: "+err.Error()
					return false
				}
				prefix = append(prefix, ev)
			}
		}
		out := e.Explore(start, checks, counts, *left, func(final model.System) {
			observe(s0, final, false)
		})
		*left -= out.States
		row.ExploredStates += out.States
		if out.Violation != nil {
			row.Verdict = Refuted
			events := append(append([]model.Event(nil), prefix...), out.Events...)
			v := *out.Violation
			if v.Step > 0 { // 0: at the end of the execution
				v.Step += len(prefix)
			}
			// The trace replays from the plain configuration: counters
			// in the state change fingerprints, not behaviour.
			initial, err := spec.NewSystem(plain)
			if err != nil {
				initial = s0
			}
			row.Counterexample = &Counterexample{N: n, Config: plain, Events: events, Violation: &v, Initial: initial}
			all = false
			return false
		}
		if out.Incomplete != "" {
			what := out.Incomplete
			if strings.HasPrefix(what, "max-states") {
				what = fmt.Sprintf("the row's budget of %d states is spent", e.ExploreStates)
			}
			all, why = false, fmt.Sprintf("%s (%s)", what, plain)
			return false
		}
		if *left <= 0 {
			all, why = false, fmt.Sprintf("the budget of %d states is spent", e.ExploreStates)
			return false
		}
		return true
	})
	return all, why
}

// firstDetect returns the first enabled initiation of s.
func firstDetect(s model.System) (model.Event, bool) {
	for _, ev := range s.Enabled(nil) {
		if ev.Kind == model.EvDetect {
			return ev, true
		}
	}
	return model.Event{}, false
}

func appendPoint(ps []Point, p Point) []Point {
	if p.Cases == 0 {
		return ps
	}
	return append(ps, p)
}

func modelName(st *model.Setting) string {
	if st.Timing == model.Sync {
		return "SYNC-LOCKSTEP"
	}
	if st.Net == model.Unordered {
		return "ASYNC-NONFIFO"
	}
	return "ASYNC-FIFO"
}

// coverage states what a row covered: the text of its record, with the
// crashes the setting injects.
func coverage(cov *Coverage, st *model.Setting) string {
	s := cov.Text()
	if st.CrashBudget > 0 {
		s += fmt.Sprintf("; up to %d crash(es) injected during the run", st.CrashBudget)
	}
	return s
}

// casesFor is the number of random cases per sampled size for claim c.
func (e *Engine) casesFor(c *model.Claim) int {
	// A mean needs more samples than an extreme; its executions are as
	// long as a worst case's, so it takes the full Cases.
	if c.Kind == model.Growth && c.Stat != model.StatMean && e.GrowthCases > 0 && e.GrowthCases < e.Cases {
		return e.GrowthCases
	}
	return e.Cases
}

func sizes(ns []int) string {
	if len(ns) == 1 {
		return fmt.Sprint(ns[0])
	}
	contiguous := true
	for i := 1; i < len(ns); i++ {
		if ns[i] != ns[i-1]+1 {
			contiguous = false
		}
	}
	if contiguous {
		return fmt.Sprintf("%d..%d", ns[0], ns[len(ns)-1])
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, ",")
}

// upperHalf keeps the points of the larger half of the sizes, where
// lower-order terms weigh least in a growth fit.
func upperHalf(ps []Point) []Point {
	if len(ps) < 4 {
		return ps
	}
	mid := (ps[0].N + ps[len(ps)-1].N) / 2
	for i, p := range ps {
		if p.N >= mid {
			return ps[i:]
		}
	}
	return ps
}

// FitExponent fits log(v/(log n)^logOrder) = a + k·log(n) by least
// squares, v being each point's statistic (Mean when set, else Measured),
// and returns k (NaN with fewer than two usable points).
func FitExponent(ps []Point, logOrder int) float64 {
	var sx, sy, sxx, sxy, m float64
	for _, p := range ps {
		v := float64(p.Measured)
		if p.Mean != 0 {
			v = p.Mean
		}
		if v <= 0 || p.N < 2 {
			continue
		}
		x, y := math.Log(float64(p.N)), math.Log(v)-float64(logOrder)*math.Log(math.Log(float64(p.N)))
		sx, sy, sxx, sxy, m = sx+x, sy+y, sxx+x*x, sxy+x*y, m+1
	}
	if m < 2 {
		return math.NaN()
	}
	return (m*sxy - sx*sy) / (m*sxx - sx*sx)
}

// Shrink turns the violating execution x of case cs into a small
// counterexample (see shrink).
func (e *Engine) Shrink(spec model.Spec, checks Checks, cs *Case, x *Execution) *Counterexample {
	return e.shrink(spec, checks, cs, x)
}

// shrink turns a violating execution into a small counterexample: it first
// tries smaller initiator and dead sets (re-running the same schedule
// seed), then removes events while the same property still fails.
func (e *Engine) shrink(spec model.Spec, checks Checks, cs *Case, x *Execution) *Counterexample {
	prop := x.Violation.Property
	// A run the caller stopped at its step cap and judged a termination
	// violation (electlab check) is shrunk under the same rule; the
	// claims engine's runs treat a reached cap as undecided.
	undecided := !x.Capped
	fails := func(c *Case) *Execution {
		s0, err := spec.NewSystem(c.Config)
		if err != nil {
			return nil
		}
		maxSteps, fairAfter := e.caps(s0.N())
		y := Execute(s0, c.Chooser(), checks, Options{MaxSteps: maxSteps, FairAfter: fairAfter, CapUndecided: undecided})
		if y.Violation != nil && y.Violation.Property == prop {
			return y
		}
		return nil
	}
	best, bestX := cs, x
	for changed := true; changed; {
		changed = false
		for _, cand := range smallerConfigs(spec.Meta(), best.Config, cs.Setting) {
			c := *best
			c.Config = cand
			if y := fails(&c); y != nil {
				best, bestX, changed = &c, y, true
				break
			}
		}
	}
	events := bestX.Events
	s0 := bestX.Initial
	maxSteps, _ := e.caps(s0.N())
	if e.Minimize != nil {
		events = e.Minimize(events, func(evs []model.Event) bool {
			y := completeCapped(s0, evs, checks, maxSteps, undecided)
			return y.Violation != nil && y.Violation.Property == prop
		})
		y := completeCapped(s0, events, checks, maxSteps, undecided)
		events, bestX = y.Events, y
	}
	return &Counterexample{N: s0.N(), Config: best.Config, Events: events, Violation: bestX.Violation, Initial: s0}
}

// completeCapped is Complete under the engine's caps: maxSteps events at
// most (DefaultMaxSteps when not positive), a cap reached left undecided
// when capUndecided.
func completeCapped(s0 model.System, events []model.Event, checks Checks, maxSteps int, capUndecided bool) *Execution {
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	return Complete(s0, events, checks, Options{MaxSteps: maxSteps, CapUndecided: capUndecided})
}

// smallerConfigs lists configs with one initiator or one dead process
// fewer, or a smaller crash budget, that still belong to setting st (a
// crashed coordinator stays crashed; next-best dead sets lose their worst
// member; fixed initiators stay).
func smallerConfigs(info *model.Info, cfg *model.Config, st *model.Setting) []*model.Config {
	var out []*model.Config
	if st != nil && st.Family != nil {
		// Only the family's configurations belong to the setting.
		if cfg.CrashBudget > 0 {
			c := cfg.Clone()
			c.CrashBudget--
			out = append(out, c)
		}
		return out
	}
	min := 1
	if st != nil && st.Initiators == model.ManyInitiators {
		min = 2
	}
	if len(cfg.Initiators) > min && (st == nil || (st.Initiators != model.OneInitiator && st.Initiators != model.NextBest && st.Initiators != model.NoDetector && st.Initiators != model.EveryLive)) {
		for i := range cfg.Initiators {
			c := cfg.Clone()
			c.Initiators = append(c.Initiators[:i:i], cfg.Initiators[i+1:]...)
			out = append(out, c)
		}
	}
	keep := removableDead(info, cfg, st)
	for i := range cfg.Crashed {
		if !keep(cfg.Crashed[i]) {
			continue
		}
		c := cfg.Clone()
		c.Crashed = append(c.Crashed[:i:i], cfg.Crashed[i+1:]...)
		if st != nil && st.Initiators == model.NextBest {
			// The best live process may have changed.
			live := append([]model.ID(nil), c.IDs...)
			var l []model.ID
			for _, id := range live {
				if !contains(c.Crashed, id) {
					l = append(l, id)
				}
			}
			c.Initiators = []model.ID{bestOf(info, l)}
		}
		if st != nil && st.Initiators == model.EveryLive {
			// Every live process detects, the revived one too.
			var l []model.ID
			for _, id := range c.IDs {
				if !contains(c.Crashed, id) && !contains(c.Absent, id) {
					l = append(l, id)
				}
			}
			c.Initiators = l
		}
		out = append(out, c)
	}
	if cfg.CrashBudget > 0 {
		c := cfg.Clone()
		c.CrashBudget--
		out = append(out, c)
	}
	return out
}

// ClaimProperty names a violation of claim's checks in a trace:
// "C-RING1-5/bound". With no claim it is the property itself.
func ClaimProperty(claim, prop string) string {
	if claim == "" {
		return prop
	}
	return claim + "/" + prop
}

// ChecksFor returns the checks that reproduce a violation recorded under
// the name prop (see ClaimProperty): the claim's checks when prop names a
// claim of info, the generic properties otherwise.
func ChecksFor(info *model.Info, prop string) (Checks, error) {
	generic := Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	id, _, ok := strings.Cut(prop, "/")
	if !ok {
		return generic, nil
	}
	c := info.Claim(id)
	if c == nil {
		return Checks{}, fmt.Errorf("the violation names claim %q, which algorithm %s does not have", id, info.Name)
	}
	checks := ChecksOf(c)
	if c.Kind == model.Bound {
		checks.Bound = c
	}
	return checks, nil
}

// SameViolation reports whether a recorded violation (property name as
// ClaimProperty writes it, and step) matches a re-checked one.
func SameViolation(recordedProp string, recordedStep int, got *Violation) bool {
	prop := recordedProp
	if _, p, ok := strings.Cut(prop, "/"); ok {
		prop = p
	}
	return got != nil && prop == got.Property && recordedStep == got.Step
}

// CounterexampleFile is the file name of the counterexample of row number
// row (0-based) of claim's result for algo under the given reading.
func CounterexampleFile(claim, algo, reading string, row int) string {
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, reading)
	return fmt.Sprintf("%s-%s-%s-%d.json", claim, algo, safe, row+1)
}

// GrowthTolerance is how far a Growth claim's fitted exponent may be from
// its claimed Order over the fitted points ps: 0.3 for a pure power of n;
// with a log factor, the smaller of 0.3 and half the local exponent of
// log n over the same sizes (≈ 1/(2·ln n)), so the fit tells the claimed
// order apart from one log factor more or less (n·log n from n and from
// n·log² n). NaN-free: with fewer than two sizes it is 0.3.
func GrowthTolerance(ps []Point, logOrder int) float64 {
	if logOrder == 0 {
		return 0.3
	}
	var pts []Point
	for _, p := range ps {
		if p.N >= 3 {
			// The local exponent of log n is fitted as a power of n:
			// measured = log n, divided by (log n)^0.
			pts = append(pts, Point{N: p.N, Mean: math.Log(float64(p.N))})
		}
	}
	k := FitExponent(pts, 0)
	if math.IsNaN(k) || k/2 > 0.3 {
		return 0.3
	}
	return k / 2
}

// SamplerDistribution names the distribution the random configurations of
// setting st are drawn from (RandomCase), which a mean averages over.
func SamplerDistribution(st *model.Setting) string {
	s := "uniformly random id arrangements; "
	switch st.Initiators {
	case model.OneInitiator:
		s += "one uniformly random live detector"
	case model.ManyInitiators:
		s += "FPN uniform in 2..(live processes), then a uniformly random detector set of that size"
	case model.AnyInitiators:
		s += "FPN uniform in 1..(live processes), then a uniformly random detector set of that size (not a uniformly random detector set, which would weigh FPN near n/2)"
	default:
		s += "the detector set the setting fixes (" + st.Initiators.String() + ")"
	}
	if st.MaxDead > 0 {
		s += fmt.Sprintf("; a dead set of uniformly random size 0..%d", st.MaxDead)
	}
	return s
}

func pointSizes(ps []Point) string {
	ns := make([]int, len(ps))
	for i, p := range ps {
		ns[i] = p.N
	}
	if len(ns) == 0 {
		return "none"
	}
	return sizes(ns)
}
