// Package claims is the claim engine: it walks the claims the algorithms
// register, checks each one by running its algorithm's model (every
// configuration of the small sizes under three schedules, and every
// schedule there with checker/explore; random cases beyond), shrinks a
// violation to a minimal replayable counterexample (traces.Minimize), and
// judges the rows and the claim: a typed Verdict (HOLDS, PARTIAL, REFUTED,
// INCONSISTENT, AMBIGUOUS, UNCHECKED) with its coverage record. It sits
// above checker, checker/explore and traces, and below reproduce, internal
// and cmd.
package claims

import (
	"fmt"
	"hash/fnv"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
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
	// exhaustively at one size (each run under three schedules, four with
	// a crash budget); above it, sizes are sampled with Cases random cases.
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
	// ExploreStates bounds the states stored by the exhaustive schedule
	// search of one row, over all its configurations and sizes (0 = no
	// exhaustive schedule search). When positive, at each size whose
	// configurations were all enumerated, the engine searches every
	// schedule of every configuration (explore.Explore, see searchAll)
	// within this budget and reports the sizes it covered as "all
	// schedules". ClaimStates is the budget `electlab claims` uses.
	ExploreStates int64
}

// DefaultEngine returns the engine used by `electlab claims` by default,
// the search of every schedule (ExploreStates = ClaimStates) included, so
// that a program calling it gets the command's verdicts. Set
// ExploreStates to 0 for sampled schedules only (faster, and weaker: a
// violation that needs one rare interleaving can be missed).
func DefaultEngine() *Engine {
	return &Engine{Seed: 1, Cases: 300, GrowthCases: 40, ExhaustiveLimit: 4000, ExploreStates: ClaimStates}
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
	Verdict Verdict `json:"verdict"`
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
	Counterexample *checker.Counterexample `json:"counterexample,omitempty"`
	// AllSchedules lists the sizes at which every schedule of every
	// configuration was explored (Engine.ExploreStates): at those sizes the
	// verdict and the measured extreme hold for all schedules.
	AllSchedules []int `json:"all_schedules,omitempty"`
	// ExploredStates is the number of states the exhaustive schedule
	// search stored for this row.
	ExploredStates int64 `json:"explored_states,omitempty"`
	// Variables are the values each declared free variable of a Bound
	// claim's formula (claim.Claim.Vars) took over the row's measured
	// executions (the varied-variables rule, varied.go).
	Variables []VarValues `json:"variables,omitempty"`
	// Evidence marks a row at sizes the claim's sentence does not speak
	// of (claim.Claim.DecidedSizes): shown as evidence, it never decides
	// the verdict (the decided-sizes rule).
	Evidence bool `json:"evidence,omitempty"`
	// Answers are a Probability claim's exact answers, one per
	// configuration and query, in the order computed.
	Answers []ProbPoint `json:"answers,omitempty"`
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
	Claim *claim.Claim `json:"-"`
	// Verdict is the summary verdict; Summary explains it in one line.
	Verdict Verdict `json:"verdict"`
	Summary string  `json:"summary"`
	// Rows are the per-setting, per-variant results.
	Rows []Row `json:"rows"`
}

// CheckClaim checks claim c of algorithm spec.
func (e *Engine) CheckClaim(spec model.Spec, c *claim.Claim) *ClaimResult {
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
	if c.Kind == claim.Table {
		res.Rows = e.checkTable(c)
		res.Verdict, res.Summary = summarizeTable(c, res.Rows)
		return res
	}
	if c.Kind == claim.Probability {
		res.Rows = e.checkProb(spec, c)
		res.Verdict, res.Summary = summarize(res.Rows, len(c.CheckedVariants()) > 1)
		res.Verdict, res.Summary = variedRule(c, res.Rows, res.Verdict, res.Summary)
		res.Verdict, res.Summary = claimParts(c, res.Verdict, res.Summary)
		res.Verdict, res.Summary = hypothesisVerdict(c, res.Verdict, res.Summary)
		return res
	}
	variants := c.CheckedVariants()
	readings := sentenceReadings(c)
	for _, sr := range readings {
		for _, variant := range variants {
			for si := range sr.claim.Settings {
				for _, row := range e.settingRows(spec, sr.claim, &sr.claim.Settings[si], si, variant) {
					if v, err := info.ParseVariant(variant); err == nil {
						row.Variant = info.FormatVariant(v)
						row.Reading, row.Parameters = info.SplitVariant(v)
						row.params = paramIndices(info, v)
					}
					sr.label(&row)
					res.Rows = append(res.Rows, row)
				}
			}
		}
	}
	if c.Tight {
		res.Rows = append(res.Rows, extremeRows(c, res.Rows)...)
	}
	res.Verdict, res.Summary = summarize(res.Rows, len(variants) > 1 || len(readings) > 1)
	if res.Verdict == Holds {
		res.Summary += allSchedulesNote(res.Rows)
	}
	res.Verdict, res.Summary = variedRule(c, res.Rows, res.Verdict, res.Summary)
	res.Verdict, res.Summary = claimParts(c, res.Verdict, res.Summary)
	res.Verdict, res.Summary = inheritedReadings(c, res.Verdict, res.Summary)
	res.Verdict, res.Summary = hypothesisVerdict(c, res.Verdict, res.Summary)
	return res
}

// seedFor derives a case seed from the engine seed and the row's identity.
func (e *Engine) seedFor(algo, claim string, si int, variant string, n int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%s|%d|%s|%d", e.Seed, algo, claim, si, variant, n)
	return h.Sum64()
}

func appendPoint(ps []Point, p Point) []Point {
	if p.Cases == 0 {
		return ps
	}
	return append(ps, p)
}

func modelName(st *claim.Setting) string {
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
func coverage(cov *Coverage, st *claim.Setting) string {
	s := cov.Text()
	if st.CrashBudget > 0 {
		s += fmt.Sprintf("; up to %d crash(es) injected during the run", st.CrashBudget)
	}
	return s
}

// casesFor is the number of random cases per sampled size for claim c.
func (e *Engine) casesFor(c *claim.Claim) int {
	// A mean needs more samples than an extreme; its executions are as
	// long as a worst case's, so it takes the full Cases.
	if c.Kind == claim.Growth && c.Stat != claim.StatMean && e.GrowthCases > 0 && e.GrowthCases < e.Cases {
		return e.GrowthCases
	}
	return e.Cases
}
