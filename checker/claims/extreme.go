package claims

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/claim"
)

// extremeRows checks the extreme of a Tight claim, one row per reading: at
// every size that some setting within the paper's assumptions checked, an
// execution of one of those settings must reach the formula exactly (the
// maximum, or the minimum, over the union of the settings equals it).
func extremeRows(c *claim.Claim, rows []Row) []Row {
	which := "maximum"
	if c.Relation == claim.AtLeast {
		which = "minimum"
	}
	var order []string
	byVariant := map[string][]Row{}
	for _, r := range rows {
		if !r.Decides() {
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
		switch {
		case len(ns) == 0:
			row.Arithmetic = "no size was checked (every size of the claim is above the size cap)"
		case len(missed) > 0:
			row.Verdict = Refuted
			row.Arithmetic = fmt.Sprintf("no execution reaches %s at %s; the %s measured is %s", c.FormulaText, plural(len(missed), "size"), which, strings.Join(missed, "; "))
		default:
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
