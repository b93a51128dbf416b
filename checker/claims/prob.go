package claims

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// ProbPoint is one exact answer of a Probability claim's row: a query on
// one configuration, with the formula's value.
type ProbPoint struct {
	N int `json:"n"`
	// IDs are the configuration's ids; States its MDP's states.
	IDs    []model.ID `json:"ids"`
	States int        `json:"states"`
	// Query is the probabilistic name; Within its bound L (-1 for none).
	Query  string `json:"query"`
	Within int64  `json:"within"`
	// Value is the exact answer ("infinity" when infinite); Claimed the
	// formula's value; Holds whether they stand in the claim's relation.
	Value   string `json:"value"`
	Claimed string `json:"claimed"`
	Holds   bool   `json:"holds"`
}

// PointMDP is a Probability claim's checked point: the exact answer of a
// probabilistic name on one configuration's Markov decision process.
const PointMDP = "the exact answer over every scheduler and coin"

// ProbStates bounds the states of one configuration's Markov decision
// process in a Probability claim; a configuration over it is not checked
// (cap reached), which makes its row PARTIAL at most.
var ProbStates = 200_000

// probLimits are the exact solver's limits in a Probability claim.
var probLimits = mdp.Limits{MaxStates: 4 * 200_000, MaxBits: 512}

// checkProb checks a Probability claim: for every variant and setting, at
// every size, every configuration the generator enumerates (within
// ExhaustiveLimit; a size with more is not checked) is built into its
// Markov decision process and each query answered exactly; a row holds
// when every answer stands in c.Relation to c.Formula at the
// configuration's parameters, and is REFUTED at the first that does not
// (no trace: the answer is a number over every scheduler, shown with the
// formula's value).
func (e *Engine) checkProb(spec model.Spec, c *claim.Claim) []Row {
	info := spec.Meta()
	extra := prob.Extra{Preds: c.Predicates, Counters: map[string]prob.Reward{}}
	for n, f := range c.Counters {
		extra.Counters[n] = f
	}
	unchecked := func(err error) []Row {
		return []Row{{Setting: "-", Variant: "-", Model: "-", Verdict: Unchecked, Partial: err.Error(), Coverage: err.Error()}}
	}
	var texts [][2]string
	for _, text := range c.Queries {
		name, key, _ := strings.Cut(strings.TrimSuffix(text, "]"), "[")
		texts = append(texts, [2]string{name, key})
	}
	sizes := c.Sizes
	if len(sizes) == 0 {
		for n := c.NMin; n <= c.NMax; n++ {
			sizes = append(sizes, n)
		}
	}
	var rows []Row
	var bad error // a query that does not parse
	for _, variant := range c.CheckedVariants() {
		for si := range c.Settings {
			st := &c.Settings[si]
			row := Row{Setting: st.Name, Variant: variant, Model: modelName(st), Outside: st.Outside, Verdict: Holds}
			if v, err := info.ParseVariant(variant); err == nil {
				row.Variant = info.FormatVariant(v)
				row.Reading, row.Parameters = info.SplitVariant(v)
				row.params = paramIndices(info, v)
			}
			row.Covered = Coverage{Point: PointMDP}
			var lines []string
			var capped []string
			for _, n := range sizes {
				if e.MaxN > 0 && n > e.MaxN {
					break
				}
				limit := e.ExhaustiveLimit
				configs := 0
				ok := checker.EnumerateConfigs(info, st, variant, n, limit, func(cfg *model.Config) bool {
					if e.Interrupted != nil && e.Interrupted() {
						return false
					}
					configs++
					s0, err := spec.NewSystem(cfg)
					if err != nil {
						capped = append(capped, fmt.Sprintf("n=%d: %v", n, err))
						return true
					}
					row.Covered.Executions += len(texts)
					var start model.System = s0
					if st.Restrict != nil {
						if start, err = st.Restrict(s0); err != nil {
							row.Covered.Capped += len(texts)
							capped = append(capped, fmt.Sprintf("n=%d: %v", n, err))
							return true
						}
					}
					a, err := prob.AnalyzeNames(start, prob.Options{MaxStates: ProbStates}, probLimits, extra)
					if err != nil {
						row.Covered.Capped += len(texts)
						capped = append(capped, fmt.Sprintf("n=%d ids %s: %v", n, model.SummarizeIDs(cfg.IDs), err))
						return true
					}
					var queries []prob.Query
					for _, t := range texts {
						q, err := a.Parse(t[0], t[1])
						if err != nil {
							bad = err
							return false
						}
						queries = append(queries, q)
					}
					params := checker.ParamsOf(s0)
					for _, q := range queries {
						params.Within = q.Within
						recordVars(&row, c, params)
						want := c.Formula(params)
						ans, err := a.Query(q)
						if err != nil {
							row.Covered.Capped++
							capped = append(capped, fmt.Sprintf("n=%d ids %s: %v", n, model.SummarizeIDs(cfg.IDs), err))
							continue
						}
						row.Covered.Reached++
						got := "infinity"
						holds := false
						if !ans.Inf {
							got = ans.Value.RatString()
							holds = c.Relation.HoldsRat(claim.RatOf(ans.Value), want)
						} else {
							holds = c.Relation == claim.AtLeast
						}
						row.Answers = append(row.Answers, ProbPoint{N: n, IDs: cfg.IDs, States: a.States(), Query: q.String(), Within: q.Within, Value: got, Claimed: want.String(), Holds: holds})
						line := fmt.Sprintf("n=%d (%d states): %s = %s, claimed %s %s = %s", n, a.States(), q, got, c.Relation, c.FormulaText, want)
						if !holds && row.Verdict == Holds {
							row.Verdict = Refuted
							lines = append(lines, line+" (REFUTED)")
						} else if configs == 1 {
							lines = append(lines, line)
						}
					}
					return true
				})
				if ok && configs > 0 {
					row.Covered.Exhaustive = append(row.Covered.Exhaustive, n)
				} else if !ok && (e.Interrupted == nil || !e.Interrupted()) {
					capped = append(capped, fmt.Sprintf("n=%d: more than %d configurations (not checked)", n, limit))
				}
			}
			if e.Interrupted != nil && e.Interrupted() {
				row.Verdict, row.Partial = Unchecked, "interrupted"
			}
			row.Arithmetic = strings.Join(lines, "; ")
			if len(capped) > 0 {
				row.Covered.Parts = append(row.Covered.Parts, Part{Name: "configurations over the caps", Why: strings.Join(capped, "; ")})
			}
			var why string
			row.Verdict, why = row.Covered.judge(row.Verdict, false)
			if why != "" {
				row.Partial = why
				if row.Verdict == Unchecked && len(capped) > 0 {
					row.Partial += "; first: " + capped[0]
				}
			}
			row.Coverage = row.Covered.Text()
			if bad != nil {
				return unchecked(bad)
			}
			rows = append(rows, row)
		}
	}
	return rows
}
