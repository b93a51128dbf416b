package itairodeh

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// asyncSizes are the sizes of the qualitative test: N = 3..5 with K = 2
// (PRISM's bit), and K = 3 at N = 3, 4.
var asyncSizes = [][2]int{{3, 2}, {4, 2}, {5, 2}, {3, 3}, {4, 3}}

// asyncLimits are the exact solver's limits for these tests.
var asyncLimits = mdp.Limits{MaxStates: 1_000_000, MaxTransitions: 10_000_000, MaxSteps: 10_000, MaxBits: 256}

// TestAsyncAlmostSure: under every scheduler of the asynchronous model
// (start order, delivery order on the FIFO ring, coin order), a leader is
// elected with probability 1 (decided on the graph, before any number:
// mdp.AlmostSure), and the run ends (quiescence) with probability 1 too,
// so the expected messages are finite for every scheduler; their least and
// greatest values are exact. Each run elects at most one coordinator.
func TestAsyncAlmostSure(t *testing.T) {
	for _, sz := range asyncSizes {
		n, k := sz[0], sz[1]
		t.Run(fmt.Sprintf("n=%d/k=%d", n, k), func(t *testing.T) {
			s0 := newWorld(t, Async, n, k, model.Async)
			g, err := prob.Build(s0, prob.Options{Chance: prob.Coins, Preds: []func(model.System) bool{prob.Elected, model.System.Quiescent, oneCoordinator}})
			if err != nil {
				t.Fatal(err)
			}
			for i, what := range []string{"elected", "quiescent"} {
				sure, err := mdp.AlmostSure(g.MDP, g.Labels[i], mdp.Min)
				if err != nil {
					t.Fatal(err)
				}
				if !sure[g.MDP.Init] {
					t.Errorf("Pmin[%s] < 1: some scheduler misses it with positive probability", what)
				}
			}
			for s, ok := range g.Labels[2] {
				if !ok {
					t.Fatalf("state %d has two coordinators", s)
				}
			}
			a, err := prob.Analyze(s0, 0, asyncLimits)
			if err != nil {
				t.Fatal(err)
			}
			var vals []string
			for _, name := range []string{"Emin", "Emax"} {
				e, err := a.Answer(name, "sends")
				if err != nil {
					t.Fatal(err)
				}
				if e.Inf || e.Value.Sign() <= 0 {
					t.Errorf("%s[sends] = %s, want finite and positive", name, e)
				}
				f, _ := e.Value.Float64()
				vals = append(vals, fmt.Sprintf("%s[sends] = %s (%.4f)", name, e, f))
			}
			t.Logf("%d states; %s; %s", g.States(), vals[0], vals[1])
		})
	}
}

// oneCoordinator: at most one process acts as coordinator.
func oneCoordinator(s model.System) bool {
	c := 0
	for i := range s.N() {
		if s.View(i).Coordinator {
			c++
		}
	}
	return c <= 1
}

var _ = big.NewRat
