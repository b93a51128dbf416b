package bound_test

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/formula"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

var info = &changroberts.Algorithm.Info

// values is n=6, one initiator, 17 sends of which 11 elect and 6 coord.
func values() bound.Values {
	c := model.Counts{Sends: 17, Transmissions: 17, Deliveries: 17, ByKind: make([]model.KindCount, 2)}
	c.ByKind[0] = model.KindCount{Sends: 11, Transmissions: 11, Deliveries: 11}
	c.ByKind[1] = model.KindCount{Sends: 6, Transmissions: 6, Deliveries: 6}
	return bound.Values{N: 6, Initiators: 1, Live: 6, Counts: c, Steps: 23, TimeHops: 11, Rounds: 9}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		expr string
		sync bool
		want string // "" holds
	}{
		{"sends <= 3*n - 1", false, ""},
		{"sends <= 3*n - 2", false, `bound "sends <= 3*n - 2" fails: 17 against 16 (n=6, sends=17)`},
		{"sends[ELECT] == 11 and sends[coord] == n and sr == 34", false, ""},
		{"steps < 2*n and time_hops <= 2*n", false, `bound "steps < 2*n and time_hops <= 2*n" fails: 23 against 12 (n=6, steps=23, time_hops=11)`},
		{"rounds <= n", true, `bound "rounds <= n" fails: 9 against 6 (n=6, rounds=9)`},
		{"live - crashed == n and initiators == 1", false, ""},
	} {
		b, err := bound.Parse(c.expr, info, c.sync, bound.Execution)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		err = b.Check(values())
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.expr, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%s: %v, want %s", c.expr, err, c.want)
		case c.want != "":
			if text, ok := bound.TextOf(err.Error()); !ok || text != b.String() {
				t.Errorf("TextOf(%q) = %q, %t", err.Error(), text, ok)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		expr  string
		sync  bool
		scope bound.Scope
		want  string
	}{
		{"sends <=", false, bound.Execution, "column 9"},
		{"3*n", false, bound.Execution, "is a number, not a bound"},
		{"rounds < n", false, bound.Execution, `column 1: "rounds" counts lock-step rounds: it is only available under sync timing (-timing sync)`},
		{"sends + rounds < n", false, bound.Explored, `column 9: "rounds" counts lock-step rounds: it is only available under sync timing`},
		{"rounds < n", true, bound.Explored, `column 1: unknown counter "rounds"`},
		{"rounds < roundz", false, bound.Execution, `column 1: "rounds" counts lock-step rounds`},
		{"roundz < rounds", false, bound.Execution, `column 1: unknown counter "roundz"`},
		{"sends[x] < n", false, bound.Execution, `column 7: unknown key "x" of sends (known: coord, elect)`},
		{"sends[elect] < n", false, bound.Explored, "column 7"},
		{"steps < n", false, bound.Explored, "only those (and sr) are exact"},
		{"time_hops < n", true, bound.Counts, "the test kit's bound"},
		{"  ", false, bound.Execution, "empty bound"},
	} {
		_, err := bound.Parse(c.expr, info, c.sync, c.scope)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.expr, err, c.want)
		}
	}
	if _, err := bound.ParseQuantity("sends <= n", info, false, bound.Explored); err == nil {
		t.Error("ParseQuantity accepted a comparison")
	}
	q, err := bound.ParseQuantity("sends + deliveries - sr", info, false, bound.Explored)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := q.Value(values()); err != nil || v.Sign() != 0 {
		t.Errorf("sends + deliveries - sr = %v, %v", v, err)
	}
}

// TestCheckerReturnsEvaluationErrors: a bound that divides by zero on an
// execution (sends/(n - 3) at n = 3) is no violation and no "holds": the
// run that meets it returns its error, which a caller cannot miss. Execute
// stops with it in Execution.Err and marks the run Capped (no verdict),
// Replay and Complete return it, and an exhaustive search stops with it
// in Result.Err, incomplete. The same bound at n = 4 holds or fails as a
// bound does (the check can fail).
func TestCheckerReturnsEvaluationErrors(t *testing.T) {
	system := func(n int) model.System {
		cfg := &model.Config{Algo: "changroberts"}
		for id := range n {
			cfg.IDs = append(cfg.IDs, model.ID(id+1))
		}
		s0, err := changroberts.Algorithm.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return s0
	}
	parse := func(text string, scope bound.Scope) checker.Checks {
		b, err := bound.Parse(text, info, false, scope)
		if err != nil {
			t.Fatal(err)
		}
		return checker.Checks{Props: checker.AllProps, Bound: b.Checker()}
	}
	divZero := func(what string, err error) {
		t.Helper()
		var fe *formula.Error
		if !errors.As(err, &fe) || fe.Col != 6 || !strings.Contains(fe.Msg, "division by zero") {
			t.Errorf("%s: error %v, want the division by zero at column 6", what, err)
		}
	}
	checks := parse("sends/(n - 3) <= 1", bound.Execution)
	x := checker.Execute(system(3), checker.FIFO{}, checks, checker.Options{})
	divZero("Execute", x.Err)
	if x.Violation != nil || !x.Capped || !strings.Contains(x.CapReason, "division by zero") {
		t.Errorf("Execute: violation %v, capped %v (%q): want no violation and a run without a verdict", x.Violation, x.Capped, x.CapReason)
	}
	y, err := checker.Replay(x.Initial, x.Events, checks, false)
	divZero("Replay", err)
	if y == nil || y.Err != err || y.Violation != nil {
		t.Errorf("Replay: execution %+v, want it with the error and no violation", y)
	}
	divZero("Complete", checker.Complete(x.Initial, x.Events[:2], checks, checker.Options{}).Err)
	res := explore.Explore(system(3), explore.Options{Checks: parse("sends/(n - 3) <= 1", bound.Explored), Counts: explore.CountsTotal})
	divZero("explore", res.Err)
	if res.Complete() || res.Incomplete != explore.BoundError || len(res.Violations) != 0 {
		t.Errorf("explore: incomplete %q, %d violations: want an incomplete search (%q) and no violation", res.Incomplete, len(res.Violations), explore.BoundError)
	}

	// At n = 4 the bound evaluates: Chang and Roberts's FIFO run sends
	// more than n - 3 messages, a violation; a looser bound holds.
	x = checker.Execute(system(4), checker.FIFO{}, checks, checker.Options{})
	if x.Err != nil || x.Capped || x.Violation == nil || x.Violation.Property != checker.PropBound {
		t.Errorf("n=4: violation %v, error %v: want a bound violation", x.Violation, x.Err)
	}
	x = checker.Execute(system(4), checker.FIFO{}, parse("sends/(n - 3) <= n*n", bound.Execution), checker.Options{})
	if x.Err != nil || x.Capped || x.Violation != nil {
		t.Errorf("n=4: violation %v, error %v: want the bound to hold", x.Violation, x.Err)
	}
}

// TestProbabilistic: the Probabilistic scope reads the configuration and
// the answers of the probabilistic names, canonical whatever the key's
// spacing; a bound the answers break fails naming them; an infinite
// answer cannot be compared; the names of executions are refused in it,
// and the probabilistic names in every other scope.
func TestProbabilistic(t *testing.T) {
	info := &model.Info{Name: "x"}
	b, err := bound.Parse("Pmin[elected  within 3 rounds] >= 1/2 and Emax[sends] <= 3*n", info, false, bound.Probabilistic)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, q := range b.Queries() {
		names = append(names, q.String())
	}
	if got := strings.Join(names, "; "); got != "Emax[sends]; Pmin[elected within 3 rounds]" {
		t.Errorf("Queries = %s", got)
	}
	v := bound.Values{N: 3, Prob: map[string]prob.Answer{"Emax[sends]": {Value: big.NewRat(9, 1)}, "Pmin[elected within 3 rounds]": {Value: big.NewRat(1, 2)}}}
	if err := b.Check(v); err != nil {
		t.Errorf("holds: %v", err)
	}
	v.Prob["Emax[sends]"] = prob.Answer{Value: big.NewRat(19, 2)}
	var f *bound.Failure
	if err := b.Check(v); !errors.As(err, &f) || !strings.Contains(f.Values, "Emax[sends]=19/2") {
		t.Errorf("fails: %v", err)
	}
	v.Prob["Emax[sends]"] = prob.Answer{Inf: true}
	if err := b.Check(v); err == nil || errors.As(err, &f) || !strings.Contains(err.Error(), "Emax[sends] is infinite") {
		t.Errorf("infinite: %v", err)
	}
	if _, err := bound.Parse("Pmin[elected] == 1 and steps < 3", info, false, bound.Probabilistic); err == nil || !strings.Contains(err.Error(), "reads only n, initiators, crashed, live") {
		t.Errorf("steps in Probabilistic: %v", err)
	}
	for _, sc := range []bound.Scope{bound.Execution, bound.Counts, bound.Explored} {
		if _, err := bound.Parse("Pmax[quiescent] == 1", info, false, sc); err == nil || !strings.Contains(err.Error(), "is a probabilistic name") {
			t.Errorf("scope %d: %v", sc, err)
		}
	}
	if !bound.ReadsProbabilities("Emin[coins] > 0") || bound.ReadsProbabilities("sends < 3") || bound.ReadsProbabilities("Pmin[") {
		t.Error("ReadsProbabilities")
	}
}
