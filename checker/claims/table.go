package claims

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
)

// checkTable checks a Table claim column by column: each printed number of
// the first column (and of a column with the paper's own formula) against
// that formula evaluated exactly (a difference is INCONSISTENT, the paper
// against itself); each printed number of a column measured on a model
// against the model's count (a difference is REFUTED); a column not
// checked is one UNCHECKED row with the reason.
func (e *Engine) checkTable(c *claim.Claim) []Row {
	cols := append([]claim.TableColumn{{Formula: c.Formula, FormulaText: c.FormulaText, Rows: c.Rows}}, c.Columns...)
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
					if pr.Printed.Cmp(claim.RatInt(m)) != 0 {
						if r.Verdict == Holds {
							r.Verdict = Refuted
						}
						text += fmt.Sprintf(" (the model differs by %s)", ratSub(claim.RatInt(m), pr.Printed))
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
func ratSub(a, b claim.Rat) string {
	d := claim.RatSub(a, b)
	if d.Cmp(claim.RatInt(0)) > 0 {
		return "+" + d.String()
	}
	return d.String()
}

// measureColumn runs a table column's model at a row's parameters to
// quiescence under the fair FIFO schedule and counts its messages.
func (e *Engine) measureColumn(col *claim.TableColumn, p claim.Params) (int64, string, error) {
	cfg := col.Config(p)
	s0, err := col.Spec.NewSystem(cfg)
	if err != nil {
		return 0, "", err
	}
	maxSteps, _ := e.caps(s0.N())
	x := checker.Execute(s0, checker.FIFO{}, checker.Checks{}, checker.Options{MaxSteps: maxSteps, FairAfter: 1})
	if !x.Quiescent {
		return 0, "", fmt.Errorf("%s: not quiescent after %d events", cfg, len(x.Events))
	}
	return x.Final.Counts().Count(col.Accounting), fmt.Sprintf("%s messages; n=%d, %d detector(s)", col.Accounting, s0.N(), len(cfg.Initiators)), nil
}

// summarizeTable derives a Table claim's verdict from its rows: REFUTED
// when the model disagrees with a printed number, else INCONSISTENT when a
// printed number differs from the paper's own formula, else PARTIAL when
// a column (or a declared part) is not checked, else HOLDS.
func summarizeTable(c *claim.Claim, rows []Row) (Verdict, string) {
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
func columnsNote(c *claim.Claim) string {
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
