package claims

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// checkRow checks one claim under one setting and variant, size by size
// from the smallest, stopping at the first violation.
func (e *Engine) checkRow(spec model.Spec, c *claim.Claim, st *claim.Setting, si int, variant string) Row {
	return e.checkRowAt(spec, c, st, si, variant, nil)
}

// checkRowAt is checkRow at the given sizes (nil: the claim's own).
func (e *Engine) checkRowAt(spec model.Spec, c *claim.Claim, st *claim.Setting, si int, variant string, at []int) Row {
	rc := e.newRowCheck(spec, c, st, si, variant)
	rc.sizes = at
	rc.checkSizes()
	partialWhy := rc.judge()
	rc.fitGrowth()
	if len(rc.bandNotes) > 0 {
		band := "confidence band: " + strings.Join(rc.bandNotes, "; ")
		if rc.row.FitNote != "" {
			band = rc.row.FitNote + "; " + band
		}
		rc.row.FitNote = band
	}
	rc.describe(partialWhy)
	if rc.beyond {
		rc.row.Coverage += fmt.Sprintf("; beyond the claim's failure budget of %d (up to %d failures here): shown, outside the paper's assumptions, it does not decide the verdict", c.FailureBudget, st.Failures())
	}
	return rc.row
}

// rowCheck is one row in progress: what it checks (a claim under one
// setting and variant) and what has been found so far.
type rowCheck struct {
	e       *Engine
	spec    model.Spec
	info    *model.Info
	c       *claim.Claim
	st      *claim.Setting
	si      int
	variant string
	checks  checker.Checks
	// nmax is the largest size checked (the claim's NMax, capped by
	// Engine.MaxN).
	nmax int
	// beyond: the setting exceeds the claim's failure budget (shown,
	// never deciding).
	beyond bool
	row    Row
	// exhaustive and sampled are the sizes whose configurations were all
	// enumerated, and those sampled.
	exhaustive, sampled []int
	// exploring is true while every schedule of every enumerated
	// configuration is searched, size by size, within exploreLeft states;
	// exploreStop says why the search stopped ("" = it did not).
	exploreLeft int64
	// budget is the row's whole budget of searched states (exploreLeft
	// before any search).
	budget      int64
	exploring   bool
	exploreStop string
	// searchedOnly are sizes whose every schedule was searched for
	// violations without the claim being decided for all of them.
	searchedOnly []int
	// bandNotes state a statistical claim's confidence band at each size
	// checked (sizeCheck.band).
	bandNotes []string
	// sizes, when set, are the sizes this row checks instead of the
	// claim's (a decided or an evidence row, decided.go).
	sizes []int
	// scratch is the storage the row's runs reuse, one after another
	// (checker.Options.Scratch): nothing keeps a run's Execution past the
	// next run, and a violating run ends the row.
	scratch checker.Scratch
}

// newRowCheck sets up a row: its identity, coverage record, checks and
// size cap.
func (e *Engine) newRowCheck(spec model.Spec, c *claim.Claim, st *claim.Setting, si int, variant string) *rowCheck {
	rc := &rowCheck{e: e, spec: spec, info: spec.Meta(), c: c, st: st, si: si, variant: variant}
	rc.row = Row{Setting: st.Name, Variant: variant, Outside: st.Outside, Verdict: Holds,
		Model: modelName(st)}
	cov := &rc.row.Covered
	cov.Point, cov.Seed, cov.Schedules = checkedPoint(c), e.Seed, 3
	if crashFIFO(st) {
		cov.Schedules = 4
	}
	cov.Family = st.Family != nil
	rc.beyond = c.FailureBudget > 0 && st.Failures() > c.FailureBudget
	if rc.beyond {
		// Beyond the paper's failure budget: shown, never deciding.
		rc.row.Outside = true
	}
	rc.checks = checker.ChecksOf(c)
	rc.nmax = c.NMax
	if e.MaxN > 0 && rc.nmax > e.MaxN {
		rc.nmax = e.MaxN
	}
	rc.exploreLeft = e.ExploreStates
	if c.SearchStates > 0 && e.ExploreStates > 0 {
		rc.exploreLeft = c.SearchStates
	}
	rc.budget = rc.exploreLeft
	rc.exploring = rc.exploreLeft > 0
	return rc
}

// checkSizes checks the row size by size from the smallest, stopping at
// the first size whose verdict is not HOLDS.
func (rc *rowCheck) checkSizes() {
	c := rc.c
	checked := rc.sizes
	if checked == nil {
		checked = checkedSizes(c)
	}
	for _, n := range checked {
		if n > rc.nmax {
			break
		}
		if rc.st.Family != nil && rc.st.Family(n, rc.variant).Count == 0 {
			continue // the setting's family has no configuration at this size
		}
		sz := &sizeCheck{rc: rc, n: n, pt: Point{N: n}, best: -1}
		sz.check()
		sz.band()
		sz.judgeStable()
		sz.pt.Reached = sz.attained
		rc.row.Points = appendPoint(rc.row.Points, sz.pt)
		if rc.row.Verdict != Holds {
			break
		}
	}
}

// sizeCheck is one size of a row in progress and its measurement.
type sizeCheck struct {
	rc *rowCheck
	n  int
	pt Point
	// best is the extreme measured so far (-1 = none).
	best int64
	// attained: some execution of this size reached a Tight bound's
	// formula exactly.
	attained bool
	// sum, sumSq and measuredCases accumulate a mean Growth statistic.
	sum, sumSq    float64
	measuredCases int
	// stable is a stability claim's record at this size (stable.go).
	stable stableRecord
	// cfgs are the configurations enumerate ran, in order: every one of
	// the size when it enumerated them all, which explore then searches
	// (rather than generating them again).
	cfgs []*model.Config
}

// check checks one size: every configuration (each under three
// schedules, then every schedule when the search applies) when there are
// few enough, else a sample of random cases.
func (sz *sizeCheck) check() {
	rc := sz.rc
	complete := sz.enumerate()
	if rc.row.Verdict != Holds {
		return
	}
	if !complete {
		sz.sample()
		return
	}
	rc.exhaustive = append(rc.exhaustive, sz.n)
	if rc.exploring && exploreSchedulable(rc.c) {
		sz.explore()
	}
}

// enumerate runs every configuration of the size under three schedules
// (oldest, newest and uniformly random message first; in a row with a
// crash budget also the fair FIFO schedule without a crash, crashFIFO)
// and reports whether every configuration was enumerated within the
// engine's limit.
func (sz *sizeCheck) enumerate() bool {
	rc := sz.rc
	e, c, st, info, variant, n := rc.e, rc.c, rc.st, rc.info, rc.variant, sz.n
	// A mean is taken over the sampler's distribution only (see
	// claim.StatMean): enumeration weighs every configuration once,
	// another distribution, so a mean never enumerates.
	limit := e.ExhaustiveLimit
	if c.Kind == claim.Growth && c.Stat == claim.StatMean {
		limit = 0
	}
	return checker.EnumerateConfigs(info, st, variant, n, limit, func(cfg *model.Config) bool {
		sz.cfgs = append(sz.cfgs, cfg)
		base := e.seedFor(info.Name, c.ID, rc.si, variant, n)
		cases := []*checker.Case{
			{Config: cfg, FIFOOnly: !st.Staggered && st.CrashBudget == 0, Seed: base, Strategy: checker.Oldest, Staggered: st.Staggered, Setting: st},
			{Config: cfg, Seed: base + 1, Strategy: checker.Newest, Staggered: st.Staggered, Setting: st},
			{Config: cfg, Seed: base + 2, Strategy: checker.Uniform, Staggered: st.Staggered, Setting: st},
		}
		if crashFIFO(st) {
			// With a crash budget the three random schedules inject
			// crashes; the fair FIFO schedule without one more crash is a
			// schedule of the setting too (a crash budget is at most).
			cases = append(cases, &checker.Case{Config: cfg, FIFOOnly: true, Setting: st})
		}
		// The cases share one initial World, built once: Execute runs a
		// copy of it (never it in place), so it is the same start each
		// time (TestEnumerateSharesStart).
		var s0 model.System
		shared := &s0
		if freshStarts {
			shared = nil
		}
		for _, cs := range cases {
			if !sz.run(cs, shared) {
				return false
			}
		}
		return true
	})
}

// brokenShare, set by a test, runs the cases of a configuration in place
// on their shared initial World, so each case after the first starts
// where the one before it ended: a broken sharing that
// TestEnumerateSharesStart shows is caught.
var brokenShare bool

// freshStarts, set by a test, builds a new initial World for every case
// (the path before the cases shared one).
var freshStarts bool

// sample runs the engine's number of random cases at the size.
func (sz *sizeCheck) sample() {
	rc := sz.rc
	e, c := rc.e, rc.c
	rng := rand.New(rand.NewPCG(e.seedFor(rc.info.Name, c.ID, rc.si, rc.variant, sz.n), 7))
	for range e.casesFor(c) {
		if !sz.run(checker.RandomCase(rng, rc.info, rc.st, rc.variant, sz.n), nil) {
			break
		}
	}
	rc.sampled = append(rc.sampled, sz.n)
}

// explore searches every schedule of every configuration of the size
// (searchAll), within the row's remaining states, and records which
// sizes it decided for all schedules.
func (sz *sizeCheck) explore() {
	rc := sz.rc
	e, c, n := rc.e, rc.c, sz.n
	row := &rc.row
	all, why := e.exploreSize(rc.spec, c, rc.st, rc.variant, n, sz.cfgs, rc.checks, row, rc.budget, &rc.exploreLeft, sz.observe)
	if row.Verdict != Holds {
		if ce := row.Counterexample; ce != nil && ce.Initial != nil {
			// The counterexample found by the search is the
			// size's point, as a sampled one is.
			if x, err := checker.Replay(ce.Initial, ce.Events, rc.checks, false); err == nil && x.Final.Quiescent() {
				sz.observe(ce.Initial, x.Final, true)
			}
		}
		return
	}
	if all && c.Custom != nil {
		// The claim's own check may read history (observations,
		// unencoded fields) that the explored state does not
		// hold: a state reached by two paths is checked on one.
		// Violations found are real; "all schedules" is not
		// claimed.
		rc.searchedOnly = append(rc.searchedOnly, n)
	} else if all {
		sz.pt.AllSchedules = true
		row.AllSchedules = append(row.AllSchedules, n)
	} else {
		rc.exploring = false
		rc.exploreStop = fmt.Sprintf("; the search of every schedule stopped at n=%d: %s", n, why)
	}
}

// observe records the measurement of one quiescent execution that
// started at s0 and ended at final.
func (sz *sizeCheck) observe(s0, final model.System, violated bool) (measured bool) {
	c := sz.rc.c
	pt := &sz.pt
	if c.Kind != claim.Bound && c.Kind != claim.Growth {
		return false
	}
	m, ok := checker.MeasureOK(c, final)
	if !ok {
		return false
	}
	if c.Kind == claim.Growth && c.Stat == claim.StatMean {
		sz.sum += float64(m)
		sz.sumSq += float64(m) * float64(m)
		sz.measuredCases++
		pt.Mean = sz.sum / float64(sz.measuredCases)
		pt.Measured = int64(math.Round(pt.Mean))
		return true
	}
	better := sz.best < 0 || m > sz.best
	if (c.Kind == claim.Bound && c.Relation == claim.AtLeast) || (c.Kind == claim.Growth && c.Stat == claim.StatMin) {
		better = sz.best < 0 || m < sz.best
	}
	// The refuting execution of a bound is the size's point: an
	// Exactly bound refuted below the claim would otherwise show
	// the largest value, which may equal the claim.
	if better || (violated && c.Kind == claim.Bound) {
		sz.best = m
		pt.Measured = m
		if c.Formula != nil {
			pt.Claimed = c.Formula(checker.ParamsOf(s0)).String()
		}
	}
	if len(c.Vars) > 0 {
		recordVars(&sz.rc.row, c, checker.ParamsOf(s0))
	}
	if c.Tight && !violated && c.Formula(checker.ParamsOf(s0)).Cmp(claim.RatInt(m)) == 0 {
		sz.attained = true
	}
	sz.stable.record(c, s0, m)
	return true
}

// run executes one case at the size and records it; it reports whether
// checking goes on (false: interrupted, an internal error or a
// violation, which makes the row REFUTED with its shrunk counterexample).
// The case starts from *shared when it is set (the initial World of
// cs.Config, which Execute does not modify), else from a new World, kept
// in *shared when shared is not nil.
func (sz *sizeCheck) run(cs *checker.Case, shared *model.System) bool {
	rc := sz.rc
	e, row := rc.e, &rc.row
	cov := &row.Covered
	if e.Interrupted != nil && e.Interrupted() {
		row.Verdict = Unchecked
		row.Coverage = fmt.Sprintf("interrupted after %d executions (up to n=%d)", row.Executions, sz.n)
		return false
	}
	var s0 model.System
	if shared != nil {
		s0 = *shared
	}
	if s0 == nil {
		var err error
		if s0, err = rc.spec.NewSystem(cs.Config); err != nil {
			// A generated config the algorithm rejects is a tool bug.
			row.Verdict = Unchecked
			row.Coverage = "internal error: " + err.Error()
			return false
		}
		if shared != nil {
			*shared = s0
		}
	}
	maxSteps, fairAfter := e.caps(s0.N())
	x := checker.Execute(s0, cs.Chooser(), rc.checks, checker.Options{MaxSteps: maxSteps, FairAfter: fairAfter, CapUndecided: true, InPlace: brokenShare && shared != nil, Scratch: &rc.scratch})
	row.Executions++
	sz.pt.Cases++
	cov.Executions++
	cov.StepCap = max(cov.StepCap, maxSteps)
	if !x.Quiescent && x.Violation == nil {
		row.Unfinished++
		if x.Livelock != "" {
			cov.Cycled++
		} else {
			cov.Capped++
		}
		if row.UnfinishedWhy == "" {
			why := x.Livelock
			if why == "" {
				why = fmt.Sprintf("the step cap of %d events was reached (undecided)", maxSteps)
			}
			row.UnfinishedWhy = fmt.Sprintf("%s: %s", cs.Config, why)
		}
	}
	measured := false
	if x.Quiescent {
		measured = sz.observe(s0, x.Final, x.Violation != nil)
	}
	switch {
	case x.Violation != nil:
		cov.Reached++ // judged, and found violated
	case x.Quiescent:
		if (measured || cov.Point != PointMeasured) && !x.NotApplicable {
			cov.Reached++
		}
	case cov.Point == PointInstant:
		cov.Reached++
	}
	if x.Violation != nil {
		row.Verdict = Refuted
		row.Counterexample = e.Shrink(rc.spec, rc.checks, cs, x)
		return false
	}
	return true
}

// judge completes the row's coverage record and applies the coverage
// rule; it returns why the rule made the row PARTIAL or UNCHECKED ("" when
// it did not).
func (rc *rowCheck) judge() (partialWhy string) {
	row, c := &rc.row, rc.c
	cov := &row.Covered
	cov.Exhaustive, cov.Sampled, cov.AllSchedules = rc.exhaustive, rc.sampled, row.AllSchedules
	if len(rc.sampled) > 0 {
		cov.SampledCases = rc.e.casesFor(c)
	}
	if len(rc.exhaustive) == 0 {
		cov.Schedules = 0
	}
	if row.Verdict == Holds && row.Executions == 0 {
		row.Verdict = Unchecked
		row.Coverage = fmt.Sprintf("no size checked: the claim's sizes are %d..%d and the cap is %d", c.NMin, c.NMax, rc.nmax)
	}
	// The coverage rule: a check no execution reached is UNCHECKED; a
	// termination promise left undecided by the step cap is PARTIAL.
	if row.Verdict == Holds {
		row.Verdict, partialWhy = cov.judge(row.Verdict, c.Props&model.Termination != 0)
		row.Partial = partialWhy
	}
	return partialWhy
}

// fitGrowth fits the growth exponent of a Growth row that holds so far
// and refutes it when the exponent is off the claimed order.
func (rc *rowCheck) fitGrowth() {
	row, c := &rc.row, rc.c
	if row.Verdict != Holds || c.Kind != claim.Growth {
		return
	}
	fitted := upperHalf(row.Points)
	row.Fit = FitExponent(fitted, c.LogOrder)
	if math.IsNaN(row.Fit) {
		// Fewer than two sizes with a positive measurement (a -max-n
		// below the claim's sizes): no growth to fit, nothing decided.
		// (A NaN would also make the JSON report unwritable.)
		row.Fit = 0
		row.Verdict = Unchecked
		row.Partial = fmt.Sprintf("fewer than two sizes with a positive measurement to fit (n=%s): no growth order checked", pointSizes(row.Points))
		row.FitNote = row.Partial
		return
	}
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

// describe writes the row's coverage text (unless a phase already set
// it: interrupted, an internal error, no size checked).
func (rc *rowCheck) describe(partialWhy string) {
	row, c, st := &rc.row, rc.c, rc.st
	if row.Coverage != "" {
		return
	}
	row.Coverage = coverage(&row.Covered, st)
	if partialWhy != "" {
		row.Coverage += "; " + row.Verdict.String() + ": " + partialWhy
	}
	if len(row.AllSchedules) > 0 {
		row.Coverage += fmt.Sprintf("; every schedule of every configuration explored at n=%s (%d states)", sizes(row.AllSchedules), row.ExploredStates)
	}
	if len(rc.searchedOnly) > 0 {
		row.Coverage += fmt.Sprintf("; every schedule of every configuration searched for violations at n=%s (%d states), none found; the claim's own check may read history the explored state does not hold, so no size is claimed for all schedules", sizes(rc.searchedOnly), row.ExploredStates)
	}
	row.Coverage += rc.exploreStop
	if c.Kind == claim.Growth && c.Stat == claim.StatMean {
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
		if len(rc.exhaustive)+len(rc.sampled) == 0 {
			row.Coverage = stop + fmt.Sprintf("; seed %d", rc.e.Seed)
		} else {
			row.Coverage = stop + "; before it: " + row.Coverage
		}
	}
	if checker.Generic(rc.info, st) {
		row.Coverage += "; " + checker.SettingNote(rc.info, st)
	}
}

// band checks a statistical claim's confidence band at the size (see
// claim.Claim.Band): the sampled mean within Band standard errors of the
// formula. It records the formula as the size's claimed value and
// refutes the row when the mean is outside the band.
func (sz *sizeCheck) band() {
	rc, c := sz.rc, sz.rc.c
	if c.Band <= 0 || c.Kind != claim.Growth || c.Stat != claim.StatMean || rc.row.Verdict != Holds || sz.measuredCases == 0 {
		return
	}
	k := float64(sz.measuredCases)
	mean := sz.sum / k
	se := 0.0
	if sz.measuredCases > 1 {
		se = math.Sqrt(math.Max(0, (sz.sumSq-k*mean*mean)/(k-1)) / k)
	}
	claimed := c.Formula(claim.Params{N: sz.n, Live: sz.n}).Float()
	sz.pt.Claimed = fmt.Sprintf("%.2f", claimed)
	within := math.Abs(mean-claimed) <= c.Band*se
	note := fmt.Sprintf("n=%d: mean %.2f ± %.2f (%g standard errors of %d samples) against %s = %.2f", sz.n, mean, c.Band*se, c.Band, sz.measuredCases, c.FormulaText, claimed)
	if !within {
		rc.row.Verdict = Refuted
		note += ": outside the band"
	}
	rc.bandNotes = append(rc.bandNotes, note)
}

// crashFIFO reports whether a row of setting st also runs each enumerated
// configuration under the fair FIFO schedule without any injected crash
// (its first schedule, oldest-first, injects crashes when the setting
// allows them).
func crashFIFO(st *claim.Setting) bool { return st.CrashBudget > 0 && !st.Staggered }
