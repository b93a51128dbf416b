package prob

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

// TestAnalysisNames: every name of Names is answered on a deterministic
// election, the expectations of sends equal the explorer's exact range,
// and an election that always ends elects with probability 1.
func TestAnalysisNames(t *testing.T) {
	s0 := newSystem(t, "lelann", model.Config{IDs: []model.ID{1, 2, 3}})
	a, err := Analyze(s0, 0, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	res := explore.Explore(s0, explore.Options{BFS: true, Counts: explore.CountsTotal})
	want := map[string]string{
		"Pmin[elected]": "1", "Pmax[elected]": "1", "Pmin[quiescent]": "1", "Pmax[quiescent]": "1",
		"Emin[sends]": big.NewRat(res.Counts.Sends.Min, 1).RatString(), "Emax[sends]": big.NewRat(res.Counts.Sends.Max, 1).RatString(),
		"Emin[coins]": "0", "Emax[rounds]": "0",
	}
	for _, name := range Names() {
		n, k, _ := strings.Cut(strings.TrimSuffix(name, "]"), "[")
		got, err := a.Answer(n, k)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w, ok := want[name]; ok && got.String() != w {
			t.Errorf("%s = %s, want %s", name, got, w)
		}
	}
	if _, err := a.Answer("P", "elected"); err == nil || !strings.Contains(err.Error(), "want Pmin, Pmax, Emin or Emax") {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := a.Answer("Emax", "messages"); err == nil || !strings.Contains(err.Error(), "COUNTER one of sends,") {
		t.Errorf("unknown key: %v", err)
	}
}

// TestAnalysisCoins: on the synchronous Itai–Rodeh of the test, every
// attempt draws n coins until quiescence, so Emin[coins] = Emax[coins] =
// n/q; a leader is elected with probability 1.
func TestAnalysisCoins(t *testing.T) {
	n, k := 3, 3
	s0, err := itaiRodehSync(k).NewSystem(&model.Config{Algo: "itairodeh-test", IDs: []model.ID{1, 2, 3}, Timing: model.Sync})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(s0, 0, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Rat).Quo(big.NewRat(int64(n), 1), successIR(n, k))
	for _, name := range []string{"Emin", "Emax"} {
		got, err := a.Answer(name, "coins")
		if err != nil {
			t.Fatal(err)
		}
		if got.Inf || got.Value.Cmp(want) != 0 {
			t.Errorf("%s[coins] = %s, want n/q = %s", name, got, want.RatString())
		}
	}
	if got, err := a.Answer("Pmin", "elected"); err != nil || got.String() != "1" {
		t.Errorf("Pmin[elected] = %v, %v", got, err)
	}
}

// TestAnalysisInfinite: Bully with its coordinator crashed and one
// detector has a cycle of timeouts that an unrestricted scheduler can take
// for ever: quiescence is not sure under every scheduler, so Emax of every
// counter is infinite (never a large number) and Pmin[quiescent] = 0,
// while a scheduler that ends it exists (Pmax = 1, Emin finite).
func TestAnalysisInfinite(t *testing.T) {
	s0 := newSystem(t, "bully", model.Config{IDs: []model.ID{1, 2, 3}, Crashed: []model.ID{3}, Initiators: []model.ID{1}})
	a, err := Analyze(s0, 0, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"Emax[sends]": "infinity", "Pmin[quiescent]": "0", "Pmax[quiescent]": "1", "Emin[sends]": "5"} {
		n, k, _ := strings.Cut(strings.TrimSuffix(name, "]"), "[")
		got, err := a.Answer(n, k)
		if err != nil || got.String() != want {
			t.Errorf("%s = %v (%v), want %s", name, got, err, want)
		}
	}
}

// TestParseQuery: the key grammar, each refusal naming what is wrong, and
// String giving back the canonical name.
func TestParseQuery(t *testing.T) {
	for _, c := range []struct{ name, key, want string }{
		{"Pmin", "elected", "Pmin[elected]"},
		{"Pmax", "elected  within 3 rounds", "Pmax[elected within 3 rounds]"},
		{"Emin", "sends", "Emin[sends]"},
		{"Emax", "rounds until elected", "Emax[rounds until elected]"},
		{"Emax", "rounds until quiescent", "Emax[rounds]"},
	} {
		q, err := ParseQuery(c.name, c.key)
		if err != nil || q.String() != c.want {
			t.Errorf("%s[%s] = %v, %v; want %s", c.name, c.key, q, err, c.want)
		}
	}
	for _, c := range []struct{ name, key, want string }{
		{"Pmin", "leader", `unknown predicate "leader"`},
		{"Pmin", "elected within x rounds", `the bound "x" is not a whole number`},
		{"Pmin", "elected within -1 rounds", `the bound "-1" is not a whole number`},
		{"Pmin", "elected within 3 hops", `unknown counter "hops"`},
		{"Pmin", "elected by 3 rounds", "not a query"},
		{"Emin", "sends until leader", `unknown predicate "leader"`},
		{"Emin", "elected", `unknown counter "elected"`},
		{"E", "sends", "want Pmin, Pmax, Emin or Emax"},
	} {
		if _, err := ParseQuery(c.name, c.key); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s[%s]: %v, want an error with %q", c.name, c.key, err, c.want)
		}
	}
}

// TestWithinCounter: on the synchronous Itai–Rodeh of the test every
// attempt draws n coins, so "elected within n·L coins" is "elected within
// L attempts", 1 − (1−q)^L for every scheduler (the coins' order does not
// matter) — the closed form against the product with the counter
// (Budgeted). The product with steps equals mdp.ReachWithin's backward
// induction, another code path, at every L. A Budgeted that lets a step
// over the bound count (brokenBudget) is caught.
func TestWithinCounter(t *testing.T) {
	n, k := 3, 2
	s0, err := itaiRodehSync(k).NewSystem(&model.Config{Algo: "itairodeh-test", IDs: []model.ID{1, 2, 3}, Timing: model.Sync})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(s0, 0, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	q := successIR(n, k)
	check := func() (bad []string) {
		a.cache = map[string]Answer{}
		for l := int64(0); l <= 4; l++ {
			fail := new(big.Rat).Sub(big.NewRat(1, 1), q)
			want := new(big.Rat).Sub(big.NewRat(1, 1), pow(fail, l))
			for _, name := range []string{"Pmin", "Pmax"} {
				got, err := a.Answer(name, fmt.Sprintf("elected within %d coins", int64(n)*l))
				if err != nil {
					t.Fatal(err)
				}
				if got.Value.Cmp(want) != 0 {
					bad = append(bad, fmt.Sprintf("%s[elected within %d coins] = %s, want 1-(1-q)^%d = %s", name, int64(n)*l, got, l, want.RatString()))
				}
			}
		}
		return bad
	}
	if bad := check(); len(bad) > 0 {
		t.Error(strings.Join(bad, "\n"))
	}
	brokenBudget = true
	bad := check()
	brokenBudget = false
	if len(bad) == 0 {
		t.Error("a Budgeted that ignores the bound was not caught")
	}
	target := a.g.Labels[0]
	steps := slices.Index(Counters, "steps")
	for _, opt := range []mdp.Opt{mdp.Min, mdp.Max} {
		rw, err := mdp.ReachWithin(a.g.MDP, target, 12, opt, mdp.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for l := int64(0); l <= 12; l++ {
			pm, pt, err := a.g.Budgeted(steps, l, target, 0)
			if err != nil {
				t.Fatal(err)
			}
			r, err := mdp.Reach(pm, pt, opt, mdp.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := r.Value[pm.Init], rw.Value[l][a.g.MDP.Init]; got.Cmp(want) != 0 {
				t.Errorf("%s within %d steps: product %s, ReachWithin %s", opt, l, got.RatString(), want.RatString())
			}
		}
	}
}

func pow(x *big.Rat, e int64) *big.Rat {
	r := big.NewRat(1, 1)
	for range e {
		r.Mul(r, x)
	}
	return r
}
