package claims_test

import (
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// coverageProblems lists what is wrong with result res under the coverage
// rule: a HOLDS row whose check no execution reached, or with a part not
// checked, or without its coverage stated; a HOLDS claim with a row within
// the assumptions that is not HOLDS, or with a declared unchecked part or
// an unchecked table column.
func coverageProblems(c *claim.Claim, res *claims.ClaimResult) []string {
	var out []string
	for i, r := range res.Rows {
		if r.Verdict != claims.Holds {
			continue
		}
		switch {
		case r.Covered.Reached == 0:
			out = append(out, fmt.Sprintf("row %d (%s): HOLDS, but no execution reached %q", i+1, r.Setting, r.Covered.Point))
		case len(r.Covered.Unchecked()) > 0:
			out = append(out, fmt.Sprintf("row %d (%s): HOLDS with a part not checked", i+1, r.Setting))
		case r.Coverage == "" || r.Covered.Point == "":
			out = append(out, fmt.Sprintf("row %d (%s): HOLDS without its coverage", i+1, r.Setting))
		case r.Covered.Minority():
			out = append(out, fmt.Sprintf("row %d (%s): HOLDS, but only %d of %d executions reached %q (the minority rule)", i+1, r.Setting, r.Covered.Reached, r.Covered.Executions, r.Covered.Point))
		}
	}
	if res.Verdict != claims.Holds {
		return out
	}
	if len(c.Unchecked) > 0 {
		out = append(out, "claim HOLDS with a declared unchecked part")
	}
	if un := claims.Unvaried(c, res.Rows); c.Kind == claim.Bound && len(un) > 0 {
		out = append(out, fmt.Sprintf("claim HOLDS with the formula's variable(s) %v not varied (the varied-variables rule)", un))
	}
	for _, col := range c.Columns {
		if col.NotChecked != "" {
			out = append(out, fmt.Sprintf("claim HOLDS with the column %s not checked", col.Name))
		}
	}
	checked := 0
	for i, r := range res.Rows {
		if !r.Decides() {
			continue
		}
		checked++
		if r.Verdict != claims.Holds {
			out = append(out, fmt.Sprintf("claim HOLDS with row %d (%s) %s", i+1, r.Setting, r.Verdict))
		}
	}
	if checked == 0 {
		out = append(out, "claim HOLDS with no row within the assumptions")
	}
	return out
}

// reducedEngine is a quick engine for the registry-wide walk: few cases,
// small exhaustive enumeration, no exhaustive schedule search.
func reducedEngine() *claims.Engine {
	return &claims.Engine{Seed: 1, Cases: 2, GrowthCases: 2, ExhaustiveLimit: 6}
}

// walked is one registered claim checked by the registry-wide walk.
type walked struct {
	spec  model.Spec
	claim *claim.Claim
	res   *claims.ClaimResult
}

// registryWalk checks every registered claim of every algorithm with the
// reduced engine, once per test binary: the registry-wide tests below read
// the same results (the walk is the longest part of this package's tests).
var registryWalk = sync.OnceValue(func() []walked {
	e := reducedEngine()
	var out []walked
	for spec, c := range algos.Registry().Claims() {
		out = append(out, walked{spec: spec, claim: c})
	}
	// On every CPU (the claims report does the same); each result goes to
	// its claim's slot, so the order does not depend on the scheduling.
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				out[i].res = e.CheckClaim(out[i].spec, out[i].claim)
			}
		})
	}
	for i := range out {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
})

// Every registered claim of every algorithm, checked with a reduced
// engine: no claim or row says HOLDS without the coverage that earns it.
func TestNoHoldsWithoutCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every claim")
	}
	nclaims, holds := 0, 0
	for _, w := range registryWalk() {
		spec, c, res := w.spec, w.claim, w.res
		nclaims++
		if res.Verdict == claims.Holds {
			holds++
		}
		for _, p := range coverageProblems(c, res) {
			t.Errorf("%s (%s): %s", c.ID, spec.Meta().Name, p)
		}
	}
	if nclaims == 0 || holds == 0 {
		t.Fatalf("walked %d claims, %d HOLDS: the walk checks nothing", nclaims, holds)
	}
}

// vacuousClaim is a bound on changroberts whose measure never finds
// anything to measure: its check is never reached.
func vacuousClaim() *claim.Claim {
	return &claim.Claim{ID: "C-TEST-VACUOUS", Source: "test", Says: "vacuous", Kind: claim.Bound,
		Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula:     func(claim.Params) claim.Rat { return claim.RatInt(0) },
		FormulaText: "0",
		Measure:     func(model.System) (int64, bool) { return 0, false },
		NMin:        3, NMax: 4,
		Settings: []claim.Setting{{Name: "async fifo", Timing: model.Async, Net: model.FIFO}}}
}

// A row made vacuous on purpose (a bound whose measurement is never
// taken) is UNCHECKED, not HOLDS; and the registry-wide rule catches it
// when the verdict is forced to HOLDS (the rule is not vacuous either).
func TestVacuousRowIsCaught(t *testing.T) {
	c := vacuousClaim()
	res := reducedEngine().CheckClaim(changroberts.Algorithm, c)
	if res.Verdict != claims.Unchecked {
		t.Fatalf("vacuous claim: %s (%s), want UNCHECKED", res.Verdict, res.Summary)
	}
	r := res.Rows[0]
	if r.Covered.Executions == 0 || r.Covered.Reached != 0 || r.Verdict != claims.Unchecked || r.Partial == "" {
		t.Fatalf("vacuous row: %+v", r.Covered)
	}
	// The same result with the coverage rule bypassed.
	forged := *res
	forged.Verdict = claims.Holds
	forged.Rows = append([]claims.Row(nil), res.Rows...)
	for i := range forged.Rows {
		forged.Rows[i].Verdict = claims.Holds
	}
	if len(coverageProblems(c, &forged)) == 0 {
		t.Fatal("the coverage rule accepts a HOLDS that no execution reached")
	}
	// A row whose checked executions are a minority (most never
	// terminate), forced to HOLDS, is caught by the minority rule.
	minority := forged
	minority.Rows = append([]claims.Row(nil), forged.Rows...)
	minority.Rows[0].Covered = claims.Coverage{Point: claims.PointQuiescence, Executions: 2394, Reached: 114, Cycled: 2280}
	minority.Rows[0].Coverage = minority.Rows[0].Covered.Text()
	if probs := coverageProblems(c, &minority); len(probs) == 0 || !strings.Contains(strings.Join(probs, "\n"), "minority") {
		t.Fatalf("the coverage rule accepts a HOLDS row checked on 114 of 2394 executions: %v", probs)
	}
	// A claim whose own check never applies (claim.ErrNotApplicable) is
	// UNCHECKED too: no execution reached it.
	na := &claim.Claim{ID: "C-TEST-NA", Source: "test", Says: "never applies", Kind: claim.Behaviour,
		Custom: func(model.System) error { return claim.ErrNotApplicable }, NMin: 3, NMax: 4,
		Settings: []claim.Setting{{Name: "async fifo", Timing: model.Async, Net: model.FIFO}}}
	if res := reducedEngine().CheckClaim(changroberts.Algorithm, na); res.Verdict != claims.Unchecked || res.Rows[0].Covered.Reached != 0 {
		t.Fatalf("a check that never applies: %s (%s)", res.Verdict, res.Summary)
	}
	// A claim with a declared unchecked part is PARTIAL, and caught when
	// forced to HOLDS.
	ok := *c
	ok.Measure = nil
	ok.Formula = func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N * p.N * 4)) }
	ok.Unchecked = []claim.ClaimPart{{Name: "the second sentence", Why: "not modelled"}}
	res = reducedEngine().CheckClaim(changroberts.Algorithm, &ok)
	if res.Verdict != claims.Partial {
		t.Fatalf("claim with an unchecked part: %s (%s), want PARTIAL", res.Verdict, res.Summary)
	}
	forged = *res
	forged.Verdict = claims.Holds
	if len(coverageProblems(&ok, &forged)) == 0 {
		t.Fatal("the coverage rule accepts a HOLDS with an unchecked part")
	}
}

// A step cap that is reached is "cap reached", not a termination
// violation; a run whose fair continuation revisits a state is one.
func TestCapReachedIsNotATerminationViolation(t *testing.T) {
	cfg := &model.Config{IDs: []model.ID{3, 1, 2}, Initiators: []model.ID{1}, Timing: model.Async}
	s0, err := changroberts.Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	x := checker.Execute(s0, checker.FIFO{}, checker.Checks{Props: model.Termination}, checker.Options{MaxSteps: 2, FairAfter: 1, CapUndecided: true})
	if x.Quiescent || !x.Capped || x.Violation != nil {
		t.Fatalf("capped run: quiescent %v capped %v violation %v", x.Quiescent, x.Capped, x.Violation)
	}
	// Without CapUndecided (electlab run's and check's -max-steps) the cap
	// means the same: undecided, not a termination violation.
	if y := checker.Execute(s0, checker.FIFO{}, checker.Checks{Props: model.Termination}, checker.Options{MaxSteps: 2, FairAfter: 1}); y.Violation != nil || !y.Capped {
		t.Fatalf("capped run without CapUndecided: capped %v violation %v", y.Capped, y.Violation)
	}
	full := checker.Execute(s0, checker.FIFO{}, checker.Checks{Props: model.Termination}, checker.Options{MaxSteps: 1000})
	if !full.Quiescent || full.Capped || full.Violation != nil {
		t.Fatalf("full run: quiescent %v capped %v violation %v", full.Quiescent, full.Capped, full.Violation)
	}
}

// The derived step cap grows with the size and keeps the adversary's
// prefix.
func TestStepCapDerivesFromSize(t *testing.T) {
	for _, tc := range []struct{ n, max int }{{3, 20000}, {17, 20000}, {18, 64 * 18 * 18}, {35, 64 * 35 * 35}} {
		m, f := claims.StepCap(tc.n)
		if m != tc.max || f != 4000 {
			t.Errorf("StepCap(%d) = %d, %d; want %d, 4000", tc.n, m, f, tc.max)
		}
	}
}

// A table claim is checked column by column: a column against the
// paper's own formula (a difference is INCONSISTENT), a column against a
// model (a difference is REFUTED), a column not checked (PARTIAL).
func TestTableColumns(t *testing.T) {
	ringCfg := func(p claim.Params) *model.Config {
		ids := model.IDsUpTo(p.N)
		return &model.Config{IDs: ids, Initiators: ids[:p.Initiators], Timing: model.Sync}
	}
	row := func(n, fpn int, printed int64) claim.PrintedRow {
		return claim.PrintedRow{Label: fmt.Sprintf("N=%d FPN=%d", n, fpn), Params: claim.Params{N: n, Live: n, Initiators: fpn}, Printed: claim.RatInt(printed)}
	}
	base := claim.Claim{ID: "C-TEST-TABLE", Source: "test", Says: "table", Kind: claim.Table,
		Formula: func(p claim.Params) claim.Rat { return claim.RatInt(int64(2 * p.N)) }, FormulaText: "2N",
		Rows: []claim.PrintedRow{row(5, 1, 10)}}
	model2N := claim.TableColumn{Name: "RING", Spec: ringpoll.Algorithm, Config: ringCfg, Accounting: model.P2P, ModelText: "ringpoll",
		Rows: []claim.PrintedRow{row(5, 1, 10), row(5, 2, 20)}}
	e := reducedEngine()
	for _, tc := range []struct {
		name string
		cols []claim.TableColumn
		rows []claim.PrintedRow
		want claims.Verdict
	}{
		{"both columns agree", []claim.TableColumn{model2N}, nil, claims.Holds},
		{"the model disagrees", []claim.TableColumn{func() claim.TableColumn {
			c := model2N
			c.Rows = []claim.PrintedRow{row(5, 1, 10), row(5, 2, 10)}
			return c
		}()}, nil, claims.Refuted},
		{"the paper disagrees with its formula", []claim.TableColumn{model2N}, []claim.PrintedRow{row(5, 1, 11)}, claims.Inconsistent},
		{"a column not checked", []claim.TableColumn{model2N, {Name: "OTHER", NotChecked: "no model"}}, nil, claims.Partial},
	} {
		c := base
		c.Columns = tc.cols
		if tc.rows != nil {
			c.Rows = tc.rows
		}
		res := e.CheckClaim(changroberts.Algorithm, &c)
		if res.Verdict != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, res.Verdict, res.Summary, tc.want)
		}
		if probs := coverageProblems(&c, res); len(probs) > 0 {
			t.Errorf("%s: %v", tc.name, probs)
		}
	}
}

// A claim's failure budget: a setting beyond it is shown, outside the
// paper's assumptions, and does not decide; without the budget the same
// setting decides.
func TestFailureBudget(t *testing.T) {
	c := &claim.Claim{ID: "C-TEST-BUDGET", Source: "test", Says: "budget", Kind: claim.Behaviour,
		Props: model.Agreement | model.Validity | model.Termination, NMin: 3, NMax: 4,
		Settings: []claim.Setting{
			{Name: "no crash", Timing: model.Async, Net: model.FIFO},
			{Name: "two crashes during the run", Timing: model.Async, Net: model.FIFO, CrashBudget: 2},
		}}
	e := reducedEngine()
	e.Cases, e.ExhaustiveLimit = 50, 200
	res := e.CheckClaim(changroberts.Algorithm, c)
	if res.Verdict != claims.Refuted || res.Rows[1].Verdict != claims.Refuted {
		t.Fatalf("no budget: %s (%s); the crash row %s", res.Verdict, res.Summary, res.Rows[1].Verdict)
	}
	budget := *c
	budget.FailureBudget = 1
	res = e.CheckClaim(changroberts.Algorithm, &budget)
	if res.Verdict != claims.Holds || !res.Rows[1].Outside || res.Rows[1].Verdict != claims.Refuted {
		t.Fatalf("budget 1: %s (%s); the crash row outside %v, %s", res.Verdict, res.Summary, res.Rows[1].Outside, res.Rows[1].Verdict)
	}
	if !strings.Contains(res.Rows[1].Coverage, "beyond the claim's failure budget of 1") {
		t.Errorf("the crash row does not say it is beyond the budget: %s", res.Rows[1].Coverage)
	}
}

// Through the engine: a claim that promises termination, whose runs stop
// at a small step cap, is PARTIAL (some runs finished) or UNCHECKED (none
// did), never REFUTED by the cap and never HOLDS.
func TestCappedRunsMakeTerminationPartial(t *testing.T) {
	c := &claim.Claim{ID: "C-TEST-CAP", Source: "test", Says: "terminates", Kind: claim.Behaviour,
		Props: model.Agreement | model.Termination, NMin: 3, NMax: 5,
		Settings: []claim.Setting{{Name: "sync, any initiators", Timing: model.Sync}}}
	e := reducedEngine()
	e.Cases, e.MaxSteps, e.FairAfter = 20, 12, 1
	res := e.CheckClaim(changroberts.Algorithm, c)
	r := res.Rows[0]
	if res.Verdict != claims.Partial || r.Covered.Capped == 0 || r.Covered.Reached == 0 {
		t.Fatalf("capped runs: %s (%s); covered %+v", res.Verdict, res.Summary, r.Covered)
	}
	e.MaxSteps = 0 // derived: every run finishes
	if res := e.CheckClaim(changroberts.Algorithm, c); res.Verdict != claims.Holds || res.Rows[0].Covered.Capped != 0 {
		t.Fatalf("derived cap: %s (%s)", res.Verdict, res.Summary)
	}
}

// C-FCEABOB-5's check speaks of the Fig. 5 narrative only (12 never
// replies): the executions of its settings in which 12 replies, or of
// another configuration, are not applicable and do not count as reaching
// the check.
func TestNarrativeRunsOnlyReachTheNarrativeCheck(t *testing.T) {
	var c *claim.Claim
	var spec model.Spec
	for s, sc := range algos.Registry().Claims() {
		if sc.ID == "C-FCEABOB-5" {
			c, spec = sc, s
		}
	}
	if c == nil {
		t.Fatal("C-FCEABOB-5 is not registered")
	}
	e := reducedEngine()
	e.ExhaustiveLimit = 4000 // the narrative's configurations, enumerated
	res := e.CheckClaim(spec, c)
	for i, r := range res.Rows {
		if r.Covered.Reached == 0 || r.Covered.Reached >= r.Covered.Executions {
			t.Errorf("row %d (%s, %s): %d of %d executions reached the narrative check; want some, not all", i+1, r.Setting, r.Variant, r.Covered.Reached, r.Covered.Executions)
		}
	}
}

// refutationProblems lists the REFUTED rows of result res whose evidence
// contradicts or is missing: a row with no counterexample, no arithmetic
// and no fit to show (or a fit but no execution); a bound row whose point
// at the refuting size satisfies the claimed relation although the
// refutation is by the bound (or has no counterexample to name another
// property).
func refutationProblems(c *claim.Claim, res *claims.ClaimResult) []string {
	var out []string
	for i, r := range res.Rows {
		if r.Verdict != claims.Refuted {
			continue
		}
		ce := r.Counterexample
		fit := c.Kind == claim.Growth && r.FitNote != "" && r.Executions > 0
		if ce == nil && r.Arithmetic == "" && !fit {
			out = append(out, fmt.Sprintf("row %d (%s, %s): REFUTED with no counterexample, arithmetic or fit (%d executions)", i+1, r.Setting, r.Variant, r.Executions))
			continue
		}
		if c.Kind != claim.Bound || len(r.Points) == 0 || (ce != nil && ce.Violation.Property != checker.PropBound) {
			continue
		}
		p := r.Points[len(r.Points)-1]
		if p.Claimed == "" {
			continue
		}
		q, ok := new(big.Rat).SetString(p.Claimed)
		if !ok || !q.Num().IsInt64() || !q.Denom().IsInt64() {
			out = append(out, fmt.Sprintf("row %d (%s): claimed %q is not a number", i+1, r.Setting, p.Claimed))
			continue
		}
		if c.Relation.Holds(p.Measured, claim.RatFrac(q.Num().Int64(), q.Denom().Int64())) {
			out = append(out, fmt.Sprintf("row %d (%s, %s): REFUTED by the bound, but its point n=%d: %d satisfies %s %s", i+1, r.Setting, r.Variant, p.N, p.Measured, c.Relation, p.Claimed))
		}
	}
	return out
}

// Every registered claim, checked with a reduced engine: no REFUTED row
// lacks its evidence or shows a point that satisfies the bound it
// refutes.
func TestNoRefutationWithoutEvidence(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every claim")
	}
	refuted := 0
	for _, w := range registryWalk() {
		spec, c, res := w.spec, w.claim, w.res
		for _, r := range res.Rows {
			if r.Verdict == claims.Refuted {
				refuted++
			}
		}
		for _, p := range refutationProblems(c, res) {
			t.Errorf("%s (%s): %s", c.ID, spec.Meta().Name, p)
		}
	}
	if refuted == 0 {
		t.Fatal("no REFUTED row in the registry: the walk checks nothing")
	}
}

// The refutation rule can fail: a row stripped of its counterexample, and
// a bound row whose point is made to satisfy its claim, are caught; an
// Exactly bound refuted below the claim shows the refuting value.
func TestRefutationRuleCanFail(t *testing.T) {
	c := &claim.Claim{ID: "C-TEST-EXACT", Source: "test", Says: "exact", Kind: claim.Bound,
		Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N * p.N)) },
		FormulaText: "n^2", NMin: 3, NMax: 5,
		Settings: []claim.Setting{{Name: "sync, any initiators", Timing: model.Sync, Initiators: claim.AnyInitiators}}}
	e := reducedEngine()
	e.Cases = 20
	res := e.CheckClaim(changroberts.Algorithm, c)
	r := res.Rows[0]
	if r.Verdict != claims.Refuted || r.Counterexample == nil || r.Counterexample.Violation.Property != checker.PropBound {
		t.Fatalf("n^2 exactly on Chang-Roberts: %s (%s)", res.Verdict, res.Summary)
	}
	if probs := refutationProblems(c, res); len(probs) > 0 {
		t.Fatalf("a genuine refutation: %v", probs)
	}
	noEvidence := *res
	noEvidence.Rows = append([]claims.Row(nil), res.Rows...)
	noEvidence.Rows[0].Counterexample = nil
	if len(refutationProblems(c, &noEvidence)) == 0 {
		t.Error("the rule accepts a REFUTED row without a counterexample")
	}
	satisfied := *res
	satisfied.Rows = append([]claims.Row(nil), res.Rows...)
	pts := append([]claims.Point(nil), r.Points...)
	last := &pts[len(pts)-1]
	last.Measured = 9 // n^2 at n=3
	last.Claimed = "9"
	satisfied.Rows[0].Points = pts
	if len(refutationProblems(c, &satisfied)) == 0 {
		t.Error("the rule accepts a bound refutation whose point satisfies the bound")
	}
}
