package prob

import (
	"math/big"
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
	if _, err := a.Answer("Emax", "messages"); err == nil || !strings.Contains(err.Error(), "want one of sends,") {
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
