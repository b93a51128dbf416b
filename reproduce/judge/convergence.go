package judge

import (
	"fmt"
	"math"
	"strings"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/reproduce"
)

// convergenceRuns is the repetition count C-FCEABR-16's judge re-runs
// [S0] Table 3 with, besides the paper's 200: four times as many, so that
// the standard error of the mean should halve.
const convergenceRuns = 800

// convergenceRule states how C-FCEABR-16 is judged.
const convergenceRule = "[S0] Table 3 re-run twice with the same seed: with the paper's 200 runs per row and with 800. " +
	"eq.(11)–(13) compute the mean X̄, the sample standard deviation S_x and S_x̄ = S_x/√n, the standard error of the mean (what [S0] prints as SD). " +
	"The section's \"convergence\" has two readings, each checked on every row and every reading of the table (ring, terminal rule, sends or send+receive): " +
	"(a) the simulated mean converges: S_x̄ shrinks as 1/√n, i.e. S_x̄(800)/S_x̄(200) is within three standard errors of √(200/800) = 0.5; " +
	"(b) the printed number is a property of the algorithm: it does not depend on how many runs were made, i.e. S_x̄(800)/S_x̄(200) is within three standard errors of 1. " +
	"The standard error of a ratio of two S_x estimates is taken as ratio·√(1/(2(n−1)) + 1/(2(m−1))). " +
	"HOLDS or REFUTED when both readings agree, AMBIGUOUS when they do not."

// judgeConvergence judges C-FCEABR-16 on Table 3 reproduced at two
// repetition counts (told apart by Table.Runs).
func judgeConvergence(tables []*reproduce.Table, cmd string) (claims.Verdict, string, []claims.Row) {
	var base, more *reproduce.Table
	for _, t := range tables {
		switch {
		case base == nil || t.Runs == base.Runs:
			base = t
		case more == nil || t.Runs == more.Runs:
			more = t
		}
	}
	if base == nil || more == nil || base.Runs == more.Runs {
		return claims.Unchecked, "the table was not reproduced at two repetition counts", []claims.Row{}
	}
	if more.Runs < base.Runs {
		base, more = more, base
	}
	n, m := float64(base.Runs), float64(more.Runs)
	relSE := math.Sqrt(1/(2*(n-1)) + 1/(2*(m-1)))
	readings := []struct {
		name   string
		expect float64
	}{
		{"(a) the simulated mean converges: S_x̄ shrinks as 1/√runs", math.Sqrt(n / m)},
		{"(b) the printed SD is a property of the algorithm: S_x̄ does not depend on the number of runs", 1},
	}
	var rows []claims.Row
	verdicts := make([]claims.Verdict, len(readings))
	var lowAll, highAll = math.Inf(1), math.Inf(-1)
	for _, r := range base.Rows {
		var mr *reproduce.Row
		for i := range more.Rows {
			if more.Rows[i].Label == r.Label {
				mr = &more.Rows[i]
			}
		}
		if mr == nil {
			continue
		}
		type ratio struct {
			reading  string
			se, sd   float64
			se0, se1 float64
		}
		var ratios []ratio
		var flat []string
		for _, a := range r.Measured {
			for _, b := range mr.Measured {
				if a.Reading != b.Reading {
					continue
				}
				if a.Stats.SE == 0 {
					flat = append(flat, a.Reading)
					continue
				}
				ratios = append(ratios, ratio{a.Reading, b.Stats.SE / a.Stats.SE, b.Stats.SD / a.Stats.SD, a.Stats.SE, b.Stats.SE})
			}
		}
		if len(ratios) == 0 {
			continue
		}
		for k, rd := range readings {
			row := claims.Row{Setting: fmt.Sprintf("Table 3, %s", r.Label), Variant: rd.name, Model: "SYNC-LOCKSTEP (reproduce)",
				Verdict: claims.Holds, Executions: base.Runs + more.Runs,
				Covered:  reproCovered(base.Runs + more.Runs),
				Coverage: fmt.Sprintf("%d and %d seeded random runs per reading, %d readings (`%s`)", base.Runs, more.Runs, len(ratios), cmd)}
			var bad []string
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, q := range ratios {
				lo, hi = math.Min(lo, q.se), math.Max(hi, q.se)
				tol := 3 * q.se * relSE
				if math.Abs(q.se-rd.expect) > tol {
					bad = append(bad, fmt.Sprintf("%s: S_x̄ %.4g → %.4g, ratio %.3f (expected %.3f ± %.3f)", q.reading, q.se0, q.se1, q.se, rd.expect, tol))
				}
			}
			lowAll, highAll = math.Min(lowAll, lo), math.Max(highAll, hi)
			sdLo, sdHi := math.Inf(1), math.Inf(-1)
			for _, q := range ratios {
				sdLo, sdHi = math.Min(sdLo, q.sd), math.Max(sdHi, q.sd)
			}
			row.Arithmetic = fmt.Sprintf("S_x̄(%d)/S_x̄(%d) from %.3f to %.3f over the readings, expected %.3f; S_x(%d)/S_x(%d) from %.3f to %.3f",
				more.Runs, base.Runs, lo, hi, rd.expect, more.Runs, base.Runs, sdLo, sdHi)
			if len(flat) > 0 {
				row.Arithmetic += fmt.Sprintf("; no spread (S_x = 0), not compared: %s", strings.Join(flat, ", "))
			}
			if len(bad) > 0 {
				row.Verdict = claims.Refuted
				row.Arithmetic += fmt.Sprintf("; outside the tolerance: %s", strings.Join(firstN(bad, 4), "; "))
			}
			if verdicts[k] != claims.Refuted {
				verdicts[k] = row.Verdict
			}
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return claims.Unchecked, "the two reproductions have no row and reading in common with a spread to compare", []claims.Row{}
	}
	what := fmt.Sprintf("eq.(11)–(13) compute the mean, S_x and the standard error of the mean S_x̄ = S_x/√n: with %d runs instead of %d, S_x̄ changes by a factor %.3f to %.3f (1/√%g = %.3f)",
		more.Runs, base.Runs, lowAll, highAll, m/n, math.Sqrt(n/m))
	if verdicts[0] == verdicts[1] {
		return verdicts[0], fmt.Sprintf("%s under both readings; %s (`%s`)", verdicts[0], what, cmd), rows
	}
	return claims.Ambiguous, fmt.Sprintf("the verdict depends on the reading: (a) the mean converges: %s; (b) the printed SD is a property of the algorithm: %s. %s; the section claims nothing of the algorithm beyond C-FCEABR-9's numbers (`%s`)",
		verdicts[0], verdicts[1], what, cmd), rows
}
