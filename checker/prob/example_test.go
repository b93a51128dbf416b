package prob_test

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Analyze a randomized election of your own: two processes flip fair
// coins and 1 against 0 elects; a tie makes both flip again, at most twice
// (then they give up). The answers are exact over every scheduler and
// coin: a round elects with probability 1/2, so three rounds elect with
// probability 7/8, and the coins drawn are 2(1 + 1/2 + 1/4) = 7/2 in
// expectation. A witness is the scheduler that attains an answer, as a
// path of events.
func ExampleAnalyze() {
	alg := modeltest.CoinPairAlg(false, 2)
	s0, err := alg.NewSystem(&model.Config{Algo: "coinpair", IDs: []model.ID{1, 2}})
	if err != nil {
		panic(err)
	}
	a, err := prob.Analyze(s0, 0, mdp.DefaultLimits)
	if err != nil {
		panic(err)
	}
	for _, name := range []string{"Pmin[elected]", "Pmax[elected within 1 coins]", "Emax[coins]", "Emin[coins until elected]"} {
		n, k, _ := strings.Cut(strings.TrimSuffix(name, "]"), "[")
		ans, err := a.Answer(n, k)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s = %s\n", name, ans)
	}
	q, _ := prob.ParseQuery("Pmax", "elected")
	w, err := a.Witness(q)
	if err != nil {
		panic(err)
	}
	fmt.Printf("witness: %d events, probability %s, ends %s\n", len(w.Events), w.Prob.RatString(), w.Ends)
	// Output:
	// Pmin[elected] = 7/8
	// Pmax[elected within 1 coins] = 0
	// Emax[coins] = 7/2
	// Emin[coins until elected] = infinity
	// witness: 6 events, probability 1/4, ends at elected
}
