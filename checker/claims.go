package checker

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
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
	// adversarial prefix before the fair FIFO continuation.
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
	return &Engine{Seed: 1, Cases: 300, GrowthCases: 40, ExhaustiveLimit: 4000, MaxSteps: 20000, FairAfter: 4000}
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
	// Outside is set when the setting is outside the paper's assumptions.
	Outside bool `json:"outside_assumptions"`
	// Verdict is HOLDS or REFUTED for this row.
	Verdict string `json:"verdict"`
	// Coverage says what was covered, with seeds.
	Coverage string `json:"coverage"`
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
		res.Rows = checkTable(c)
		res.Verdict, res.Summary = Holds, "every printed number equals the paper's formula "+c.FormulaText
		bad := 0
		for _, r := range res.Rows {
			if r.Verdict != Holds {
				bad++
			}
		}
		if bad > 0 {
			res.Verdict = Inconsistent
			res.Summary = fmt.Sprintf("%d of %d printed numbers differ from the paper's own formula %s", bad, len(res.Rows), c.FormulaText)
		}
		return res
	}
	variants := c.Variants
	if len(variants) == 0 {
		variants = []string{""}
	}
	for vi, variant := range variants {
		for si := range c.Settings {
			row := e.checkRow(spec, c, &c.Settings[si], si, variant)
			if v, err := info.ParseVariant(variant); err == nil {
				row.Variant = info.FormatVariant(v)
			}
			_ = vi
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
	return res
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
		row.Coverage = "the executions of the rows above with this reading"
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

// checkTable compares each printed row of a Table claim with the formula
// evaluated exactly at the row's parameters.
func checkTable(c *model.Claim) []Row {
	rows := make([]Row, len(c.Rows))
	for i, pr := range c.Rows {
		v := c.Formula(pr.Params)
		r := Row{Setting: pr.Label, Variant: "-", Model: "arithmetic", Verdict: Holds, Executions: 0,
			Arithmetic: fmt.Sprintf("%s at n=%d: %s; printed %s", c.FormulaText, pr.Params.N, v, pr.Printed)}
		if v.Cmp(pr.Printed) != 0 {
			r.Verdict = Inconsistent
			r.Arithmetic += " (differs)"
		}
		r.Coverage = "the paper's formula evaluated exactly, as a rational"
		rows[i] = r
	}
	return rows
}

// summarize derives a claim's verdict from its rows: settings outside the
// paper's assumptions never decide it; when readings disagree it is
// AMBIGUOUS with one verdict per reading.
func summarize(rows []Row, multi bool) (string, string) {
	byVariant := map[string]string{}
	var order []string
	for _, r := range rows {
		if r.Outside {
			continue
		}
		if _, ok := byVariant[r.Variant]; !ok {
			order = append(order, r.Variant)
			byVariant[r.Variant] = Holds
		}
		if r.Verdict != Holds && byVariant[r.Variant] != Refuted {
			byVariant[r.Variant] = r.Verdict
		}
	}
	if len(order) == 0 {
		return Unchecked, "every setting is outside the paper's assumptions"
	}
	first := byVariant[order[0]]
	same := true
	for _, v := range order {
		if byVariant[v] != first {
			same = false
		}
	}
	if same {
		refuted := 0
		for _, r := range rows {
			if !r.Outside && r.Verdict == Refuted {
				refuted++
			}
		}
		if first == Holds {
			return Holds, "holds in every setting within the paper's assumptions" + readingsNote(order, multi)
		}
		return first, fmt.Sprintf("refuted in %d setting(s) within the paper's assumptions%s", refuted, readingsNote(order, multi))
	}
	parts := make([]string, len(order))
	for i, v := range order {
		parts[i] = v + ": " + byVariant[v]
	}
	return Ambiguous, "the verdict depends on the reading: " + strings.Join(parts, "; ")
}

func readingsNote(order []string, multi bool) string {
	if !multi {
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

// checkRow checks one claim under one setting and variant, size by size
// from the smallest, stopping at the first violation.
func (e *Engine) checkRow(spec model.Spec, c *model.Claim, st *model.Setting, si int, variant string) Row {
	info := spec.Meta()
	row := Row{Setting: st.Name, Variant: variant, Outside: st.Outside, Verdict: Holds,
		Model: modelName(st)}
	checks := ChecksOf(c)
	if c.Kind == model.Bound {
		checks.Bound = c
	}
	nmax := c.NMax
	if e.MaxN > 0 && nmax > e.MaxN {
		nmax = e.MaxN
	}
	var exhaustive, sampled []int
	// exploring is true while every schedule of every enumerated
	// configuration is searched, size by size, within exploreLeft states.
	exploreLeft := e.ExploreStates
	exploring := e.Explore != nil && exploreLeft > 0
	exploreStop := ""
	// searchedOnly are sizes whose every schedule was searched for
	// violations without the claim being decided for all of them.
	var searchedOnly []int
	checked := c.Sizes
	if len(checked) == 0 {
		for n := c.NMin; n <= c.NMax; n++ {
			checked = append(checked, n)
		}
	}
	for _, n := range checked {
		if n > nmax {
			break
		}
		if st.Family != nil && st.Family(n, variant).Count == 0 {
			continue // the setting's family has no configuration at this size
		}
		pt := Point{N: n}
		best := int64(-1)
		// attained: some execution of this size reached a Tight bound's
		// formula exactly.
		attained := false
		// sum and measuredCases accumulate a mean Growth statistic.
		sum, measuredCases := 0.0, 0
		// observe records the measurement of one quiescent execution
		// that started at s0 and ended at final.
		observe := func(s0, final model.System, violated bool) {
			if c.Kind != model.Bound && c.Kind != model.Growth {
				return
			}
			m, ok := MeasureOK(c, final)
			if !ok {
				return
			}
			if c.Kind == model.Growth && c.Stat == model.StatMean {
				sum += float64(m)
				measuredCases++
				pt.Mean = sum / float64(measuredCases)
				pt.Measured = int64(math.Round(pt.Mean))
				return
			}
			better := best < 0 || m > best
			if (c.Kind == model.Bound && c.Relation == model.AtLeast) || (c.Kind == model.Growth && c.Stat == model.StatMin) {
				better = best < 0 || m < best
			}
			if better {
				best = m
				pt.Measured = m
				if c.Formula != nil {
					pt.Claimed = c.Formula(ParamsOf(s0)).String()
				}
			}
			if c.Tight && !violated && c.Formula(ParamsOf(s0)).Cmp(model.RatInt(m)) == 0 {
				attained = true
			}
		}
		run := func(cs *Case) bool {
			if e.Interrupted != nil && e.Interrupted() {
				row.Verdict = Unchecked
				row.Coverage = fmt.Sprintf("interrupted after %d executions (up to n=%d)", row.Executions, n)
				return false
			}
			s0, err := spec.NewSystem(cs.Config)
			if err != nil {
				// A generated config the algorithm rejects is a tool bug.
				row.Verdict = Unchecked
				row.Coverage = "internal error: " + err.Error()
				return false
			}
			x := Execute(s0, cs.Chooser(), checks, Options{MaxSteps: e.MaxSteps, FairAfter: e.FairAfter})
			row.Executions++
			pt.Cases++
			if !x.Quiescent && x.Violation == nil {
				row.Unfinished++
				if row.UnfinishedWhy == "" {
					why := x.Livelock
					if why == "" {
						why = fmt.Sprintf("the step cap of %d events", e.MaxSteps)
					}
					row.UnfinishedWhy = fmt.Sprintf("%s: %s", cs.Config, why)
				}
			}
			if x.Quiescent {
				observe(s0, x.Final, x.Violation != nil)
			}
			if x.Violation != nil {
				row.Verdict = Refuted
				row.Counterexample = e.shrink(spec, checks, cs, x)
				return false
			}
			return true
		}
		// A mean is taken over the sampler's distribution only (see
		// model.StatMean): enumeration weighs every configuration once,
		// another distribution, so a mean never enumerates.
		limit := e.ExhaustiveLimit
		if c.Kind == model.Growth && c.Stat == model.StatMean {
			limit = 0
		}
		complete := enumerate(info, st, variant, n, limit, func(cfg *model.Config) bool {
			base := e.seedFor(info.Name, c.ID, si, variant, n)
			for k, cs := range []*Case{
				{Config: cfg, FIFOOnly: !st.Staggered && st.CrashBudget == 0, Seed: base, Strategy: Oldest, Staggered: st.Staggered, Setting: st},
				{Config: cfg, Seed: base + 1, Strategy: Newest, Staggered: st.Staggered, Setting: st},
				{Config: cfg, Seed: base + 2, Strategy: Uniform, Staggered: st.Staggered, Setting: st},
			} {
				_ = k
				if !run(cs) {
					return false
				}
			}
			return true
		})
		if row.Verdict != Holds {
			pt.Reached = attained
			row.Points = appendPoint(row.Points, pt)
			break
		}
		if complete {
			exhaustive = append(exhaustive, n)
			if exploring && exploreSchedulable(c) {
				all, why := e.exploreSize(spec, c, st, variant, n, checks, &row, &exploreLeft, observe)
				if row.Verdict != Holds {
					pt.Reached = attained
					row.Points = appendPoint(row.Points, pt)
					break
				}
				if all && c.Custom != nil {
					// The claim's own check may read history (observations,
					// unencoded fields) that the explored state does not
					// hold: a state reached by two paths is checked on one.
					// Violations found are real; "all schedules" is not
					// claimed.
					searchedOnly = append(searchedOnly, n)
				} else if all {
					pt.AllSchedules = true
					row.AllSchedules = append(row.AllSchedules, n)
				} else {
					exploring = false
					exploreStop = fmt.Sprintf("; the search of every schedule stopped at n=%d: %s", n, why)
				}
			}
		} else {
			rng := rand.New(rand.NewPCG(e.seedFor(info.Name, c.ID, si, variant, n), 7))
			for range e.casesFor(c) {
				if !run(randomCase(rng, info, st, variant, n)) {
					break
				}
			}
			sampled = append(sampled, n)
		}
		pt.Reached = attained
		row.Points = appendPoint(row.Points, pt)
		if row.Verdict != Holds {
			break
		}
	}
	if row.Verdict == Holds && row.Executions == 0 {
		row.Verdict = Unchecked
		row.Coverage = fmt.Sprintf("no size checked: the claim's sizes are %d..%d and the cap is %d", c.NMin, c.NMax, nmax)
	}
	if row.Verdict == Holds && c.Kind == model.Growth {
		fitted := upperHalf(row.Points)
		row.Fit = FitExponent(fitted, c.LogOrder)
		tol := GrowthTolerance(fitted, c.LogOrder)
		if math.IsNaN(row.Fit) || math.Abs(row.Fit-c.Order) > tol {
			row.Verdict = Refuted
		}
		cmp := ">"
		if !math.IsNaN(row.Fit) && math.Abs(row.Fit-c.Order) <= tol {
			cmp = "≤"
		}
		what := "the " + c.Stat.String() + " per size"
		if c.LogOrder > 0 {
			what += fmt.Sprintf(" divided by (log n)^%d", c.LogOrder)
		}
		row.FitNote = fmt.Sprintf("%s, fitted over n=%s: exponent %.3f against the claimed %s: |%.3f − %g| %s %.3f", what, pointSizes(fitted), row.Fit, c.OrderText(), row.Fit, c.Order, cmp, tol)
	}
	if row.Coverage == "" {
		row.Coverage = coverage(exhaustive, sampled, e.casesFor(c), e.Seed, st)
		if len(row.AllSchedules) > 0 {
			row.Coverage += fmt.Sprintf("; every schedule of every configuration explored at n=%s (%d states)", sizes(row.AllSchedules), row.ExploredStates)
		}
		if len(searchedOnly) > 0 {
			row.Coverage += fmt.Sprintf("; every schedule of every configuration searched for violations at n=%s (%d states), none found; the claim's own check may read history the explored state does not hold, so no size is claimed for all schedules", sizes(searchedOnly), row.ExploredStates)
		}
		row.Coverage += exploreStop
		if c.Kind == model.Growth && c.Stat == model.StatMean {
			row.Coverage += "; the mean is over " + SamplerDistribution(st)
		}
		if row.Counterexample != nil {
			// The search stopped at the size where it found the violation.
			last := row.Points
			at := c.NMin
			if len(last) > 0 {
				at = last[len(last)-1].N
			}
			stop := fmt.Sprintf("refuted at n=%d, the smallest size searched, after %d executions", at, row.Executions)
			if len(exhaustive)+len(sampled) == 0 {
				row.Coverage = stop + fmt.Sprintf("; seed %d", e.Seed)
			} else {
				row.Coverage = stop + "; before it: " + row.Coverage
			}
		}
		if generic(info, st) {
			row.Coverage += "; " + settingNote(info, st)
		}
	}
	return row
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
func (e *Engine) exploreSize(spec model.Spec, c *model.Claim, st *model.Setting, variant string, n int, checks Checks, row *Row, left *int64, observe func(s0, final model.System, violated bool)) (all bool, why string) {
	info := spec.Meta()
	counts := c.Kind == model.Bound
	all = true
	enumerate(info, st, variant, n, e.ExhaustiveLimit, func(cfg *model.Config) bool {
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

// coverage states what a row covered.
func coverage(exhaustive, sampled []int, cases int, seed uint64, st *model.Setting) string {
	var parts []string
	if len(exhaustive)+len(sampled) == 0 {
		return "nothing checked"
	}
	every, random := "every id arrangement (up to rotation on rings), initiator set and dead set", "random configurations"
	if st.Family != nil {
		every, random = "every configuration of the setting's family", "random configurations of the setting's family"
	}
	if len(exhaustive) > 0 {
		parts = append(parts, fmt.Sprintf("n=%s: %s, 3 schedules each (FIFO or oldest-first, newest-first, uniform)", sizes(exhaustive), every))
	}
	if len(sampled) > 0 {
		parts = append(parts, fmt.Sprintf("n=%s: %d %s and schedules each", sizes(sampled), cases, random))
	}
	s := strings.Join(parts, "; ")
	if st.CrashBudget > 0 {
		s += fmt.Sprintf("; up to %d crash(es) injected during the run", st.CrashBudget)
	}
	return s + fmt.Sprintf("; seed %d", seed)
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
	fails := func(c *Case) *Execution {
		s0, err := spec.NewSystem(c.Config)
		if err != nil {
			return nil
		}
		y := Execute(s0, c.Chooser(), checks, Options{MaxSteps: e.MaxSteps, FairAfter: e.FairAfter})
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
	if e.Minimize != nil {
		events = e.Minimize(events, func(evs []model.Event) bool {
			y := complete(s0, evs, checks, e.MaxSteps)
			return y.Violation != nil && y.Violation.Property == prop
		})
		y := complete(s0, events, checks, e.MaxSteps)
		events, bestX = y.Events, y
	}
	return &Counterexample{N: s0.N(), Config: best.Config, Events: events, Violation: bestX.Violation, Initial: s0}
}

// complete replays events leniently (skipping those not enabled) and then
// finishes the execution under the fair FIFO schedule, so end-of-run
// properties are judged on a complete execution; a livelock ends it at the
// first revisited state (a lasso: prefix and one cycle).
func complete(s0 model.System, events []model.Event, checks Checks, maxSteps int) *Execution {
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	x := &Execution{Initial: s0, Final: s0.Clone()}
	s := x.Final
	for _, ev := range events {
		if s.Apply(ev) != nil {
			continue
		}
		x.Events = append(x.Events, ev)
		if v := CheckStep(s, checks, len(x.Events)); v != nil {
			x.Violation = v
			return x
		}
	}
	p := ParamsOf(s0)
	rest := Execute(s, FIFO{}, checks, Options{MaxSteps: maxSteps - len(x.Events) + 1, FairAfter: 1, InPlace: true, Params: &p})
	if rest.Violation != nil && rest.Violation.Step > 0 {
		rest.Violation.Step += len(x.Events)
	}
	x.Events = append(x.Events, rest.Events...)
	x.Quiescent, x.Violation, x.Livelock = rest.Quiescent, rest.Violation, rest.Livelock
	return x
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
// setting st are drawn from (randomCase), which a mean averages over.
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
