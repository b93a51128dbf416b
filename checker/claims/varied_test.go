package claims_test

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/decentral"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// units are the names a formula text binds to a constant that are units
// (one message delay, one comparison: [S0]'s α and β, [S3]'s α2 and β2,
// [S1]'s t_wc), not free variables; n and N are the sizes.
var units = []string{"alpha", "beta", "α2", "β2", "t_wc", "n", "N"}

// fixedInText lists the variables claim c's formula text binds to a
// constant ("3mk, k=1": k): the formula's free variables the tool fixes.
func fixedInText(c *claim.Claim) []string {
	var out []string
	for _, m := range regexp.MustCompile(`([\pL_][\pL\pN_]*)\s*=\s*\d+(?:\s|,|$)`).FindAllStringSubmatch(c.FormulaText, -1) {
		if !slices.Contains(units, m[1]) && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// variedProblems lists what breaks the varied-variables rule for claim c:
// a variable its formula text fixes that it does not declare (Claim.Vars),
// and, given a result, a HOLDS with a declared variable unvaried over the
// deciding rows.
func variedProblems(c *claim.Claim, res *claims.ClaimResult) []string {
	if c.Kind != claim.Bound || c.NotModelled != "" {
		return nil
	}
	var out []string
	for _, v := range fixedInText(c) {
		if !slices.ContainsFunc(c.Vars, func(x claim.FormulaVar) bool { return x.Name == v }) {
			out = append(out, fmt.Sprintf("its formula %q fixes %s without declaring it (Claim.Vars)", c.FormulaText, v))
		}
	}
	if dependsOnInitiators(c) && !manyInitiators(c) && !slices.ContainsFunc(c.Vars, func(x claim.FormulaVar) bool { return x.Name == "FPN" }) {
		out = append(out, fmt.Sprintf("its formula %q depends on the number of initiators (FPN), which every deciding setting fixes at one, without declaring FPN (Claim.Vars)", c.FormulaText))
	}
	if res != nil && res.Verdict == claims.Holds {
		if un := claims.Unvaried(c, res.Rows); len(un) > 0 {
			out = append(out, fmt.Sprintf("HOLDS with the formula's variable(s) %v not varied over the deciding rows", un))
		}
	}
	return out
}

// dependsOnInitiators reports whether claim c's formula changes with the
// number of initiators (FPN) at a size it checks, one initiator against
// two (a formula that panics there is taken not to).
func dependsOnInitiators(c *claim.Claim) (dep bool) {
	defer func() {
		if recover() != nil {
			dep = false
		}
	}()
	n := claims.CheckedSizes(c)[0]
	p := claim.Params{N: n, Live: n, Initiators: 1, Detectors: []model.ID{1}}
	q := p
	q.Initiators, q.Detectors = 2, []model.ID{1, 2}
	return c.Formula(p).Cmp(c.Formula(q)) != 0
}

// manyInitiators reports whether a setting of claim c that decides can
// start more than one initiator.
func manyInitiators(c *claim.Claim) bool {
	for _, st := range c.Settings {
		if !st.Outside && st.Initiators != claim.OneInitiator && st.Initiators != claim.NextBest {
			return true
		}
	}
	return false
}

// Every bound of the registry declares the free variables its formula
// text fixes, and the number of initiators when its formula depends on it
// but no deciding setting varies it, so the engine can tell that they
// never vary.
func TestFixedVariablesDeclared(t *testing.T) {
	bounds := 0
	for spec, c := range algos.Registry().Claims() {
		if c.Kind == claim.Bound {
			bounds++
		}
		for _, p := range variedProblems(c, nil) {
			t.Errorf("%s (%s): %s", c.ID, spec.Meta().Name, p)
		}
	}
	if bounds == 0 {
		t.Fatal("no bound claim: the walk checks nothing")
	}
}

// The rule can fail: C-MUTEX-2 (3mk, every row k = 1) is PARTIAL naming
// k; without its declaration it is caught by the registry test, and a
// HOLDS forged over its rows is caught by the result check.
func TestVariedVariablesCanFail(t *testing.T) {
	c := (claim.Entry{Spec: decentral.Algorithm, Claims: decentral.Claims}).Claim("C-MUTEX-2")
	if c == nil {
		t.Fatal("C-MUTEX-2 is not registered")
	}
	e := reducedEngine()
	e.MaxN = 5
	res := e.CheckClaim(decentral.Algorithm, c)
	if res.Verdict != claims.Partial || !regexp.MustCompile(`\bk = 1\b`).MatchString(res.Summary) {
		t.Fatalf("C-MUTEX-2: %s (%s), want PARTIAL naming k = 1", res.Verdict, res.Summary)
	}
	if p := variedProblems(c, res); len(p) > 0 {
		t.Fatalf("as registered: %v", p)
	}
	undeclared := *c
	undeclared.Vars = nil
	if len(variedProblems(&undeclared, nil)) == 0 {
		t.Fatal("a formula fixing k = 1 without declaring it is not caught")
	}
	// A formula that depends on FPN, checked with one initiator only,
	// without the declaration.
	fpn := &claim.Claim{ID: "C-TEST-FPN", Kind: claim.Bound, FormulaText: "2n·FPN", NMin: 3, NMax: 4,
		Formula:  func(p claim.Params) claim.Rat { return claim.RatInt(int64(2 * p.N * p.Initiators)) },
		Settings: []claim.Setting{{Name: "one initiator", Initiators: claim.OneInitiator}}}
	if len(variedProblems(fpn, nil)) == 0 {
		t.Fatal("a formula in FPN checked at FPN = 1 only is not caught")
	}
	fpn.Settings = append(fpn.Settings, claim.Setting{Name: "any", Initiators: claim.AnyInitiators})
	if p := variedProblems(fpn, nil); len(p) > 0 {
		t.Fatalf("a formula in FPN checked at any FPN: %v", p)
	}
	forged := *res
	forged.Verdict = claims.Holds
	if len(variedProblems(c, &forged)) == 0 {
		t.Fatal("a HOLDS with k = 1 in every deciding execution is not caught")
	}
}
