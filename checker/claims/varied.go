package claims

import (
	"fmt"
	"slices"
	"strings"

	"github.com/electlab/electlab/claim"
)

// The varied-variables rule (issue 30, finding 2): a bound checked where a
// free variable of its formula never varies says nothing about the
// formula's dependence on it. Every free variable a Bound claim declares
// beyond n (claim.Claim.Vars) must take at least two values over the
// measured executions of the rows that decide the verdict; otherwise a
// claim that holds is PARTIAL, naming the variable and the one value it
// took. (n itself varies over the claim's sizes, or is fixed by the sizes
// its sentence speaks of, claim.Claim.DecidedSizes.)

// VarValues are the values one free variable of a claim's formula took
// over a row's measured executions, in increasing order.
type VarValues struct {
	Name   string  `json:"name"`
	Values []int64 `json:"values"`
}

// recordVars records the values of claim c's declared variables at the
// parameters p of one measured execution of row.
func recordVars(row *Row, c *claim.Claim, p claim.Params) {
	for _, v := range c.Vars {
		i := slices.IndexFunc(row.Variables, func(x VarValues) bool { return x.Name == v.Name })
		if i < 0 {
			row.Variables = append(row.Variables, VarValues{Name: v.Name})
			i = len(row.Variables) - 1
		}
		x := v.Of(p)
		vals := row.Variables[i].Values
		if j, found := slices.BinarySearch(vals, x); !found {
			row.Variables[i].Values = slices.Insert(vals, j, x)
		}
	}
}

// Unvaried lists the declared variables of claim c (those its sentence
// does not fix, FormulaVar.Fixed) that take fewer than two values over the deciding rows among rows, each as "k = 1" (or "k:
// never measured").
func Unvaried(c *claim.Claim, rows []Row) []string {
	var out []string
	for _, v := range c.Vars {
		if v.Fixed != "" {
			continue // fixed by the sentence: need not vary
		}
		var vals []int64
		for _, r := range rows {
			if !r.Decides() {
				continue
			}
			for _, x := range r.Variables {
				if x.Name != v.Name {
					continue
				}
				for _, val := range x.Values {
					if !slices.Contains(vals, val) {
						vals = append(vals, val)
					}
				}
			}
		}
		switch len(vals) {
		case 0:
			out = append(out, v.Name+": never measured")
		case 1:
			out = append(out, fmt.Sprintf("%s = %d", v.Name, vals[0]))
		}
	}
	return out
}

// variedRule applies the varied-variables rule to a claim's verdict: a
// claim that holds with a declared variable unvaried is PARTIAL.
func variedRule(c *claim.Claim, rows []Row, verdict Verdict, summary string) (Verdict, string) {
	if c.Kind != claim.Bound || len(c.Vars) == 0 {
		return verdict, summary
	}
	un := Unvaried(c, rows)
	if len(un) == 0 {
		return verdict, summary
	}
	note := "; the formula's variable(s) " + strings.Join(un, ", ") + " in every deciding execution: not varied (the varied-variables rule), so the formula is checked at that value only"
	if verdict == Holds {
		return Partial, "holds where checked: " + summary + note
	}
	return verdict, summary + note
}
