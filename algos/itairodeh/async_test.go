package itairodeh

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// asyncLimits are the exact solver's limits for these tests.
var asyncLimits = mdp.Limits{MaxStates: 2_000_000, MaxTransitions: 20_000_000, MaxSteps: 10_000, MaxBits: 256}

// asyncGraph is the MDP of Async (or a broken variant) on n processes with
// range k under async timing and FIFO links, with the labels elected,
// quiescent and "at most one coordinator" and the reward of sends.
func asyncGraph(t testing.TB, alg *model.Algorithm[AsyncState], n, k int) *prob.Graph {
	t.Helper()
	g, err := prob.Build(newWorld(t, alg, n, k, model.Async), prob.Options{
		MaxStates: 2_000_000, Chance: prob.Coins,
		Preds:   []func(model.System) bool{prob.Elected, model.System.Quiescent, oneCoordinator},
		Rewards: []prob.Reward{sends}})
	if err != nil {
		t.Fatal(err)
	}
	return g
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

// TestAsyncAlmostSure: under every scheduler of the asynchronous model
// (start order, delivery order on the FIFO ring, coin order), a leader is
// elected with probability 1 and the run ends (asyncProblems). N = 3, 4
// with K = 2 (PRISM's bit) and N = 3 with K = 3; N = 5 (K = 2) and N = 4
// (K = 3) without -short.
func TestAsyncAlmostSure(t *testing.T) {
	sizes := [][2]int{{3, 2}, {4, 2}, {3, 3}}
	if !testing.Short() {
		sizes = append(sizes, [2]int{5, 2}, [2]int{4, 3})
	}
	for _, sz := range sizes {
		n, k := sz[0], sz[1]
		t.Run(fmt.Sprintf("n=%d/k=%d", n, k), func(t *testing.T) {
			bad, _, info := asyncProblems(t, Async, n, k)
			for _, b := range bad {
				t.Error(b)
			}
			t.Log(info)
		})
	}
}

// asyncProblems lists what is wrong with alg at n, k: a scheduler that
// misses election, or quiescence, with positive probability (decided on
// the graph, before any number: mdp.AlmostSure with Min), a state with
// two coordinators. When every scheduler reaches quiescence surely, info
// also gives the least and greatest expected sends until then (exact).
func asyncProblems(t testing.TB, alg *model.Algorithm[AsyncState], n, k int) (bad []string, states int, info string) {
	t.Helper()
	g := asyncGraph(t, alg, n, k)
	m, labels := reversed(g.WithReward(0), g.Labels...)
	for s, ok := range labels[2] {
		if !ok {
			bad = append(bad, fmt.Sprintf("state %d has two coordinators", n-1-s))
			break
		}
	}
	info = fmt.Sprintf("%d states", g.States())
	quiet := true
	for i, what := range []string{"elected", "quiescent"} {
		sure, err := mdp.AlmostSure(m, labels[i], mdp.Min)
		if err != nil {
			t.Fatal(err)
		}
		if !sure[m.Init] {
			bad = append(bad, fmt.Sprintf("Pmin[%s] < 1: some scheduler misses it with positive probability", what))
			quiet = quiet && i == 0
		}
	}
	if !quiet {
		return bad, g.States(), info
	}
	for _, opt := range []mdp.Opt{mdp.Min, mdp.Max} {
		e, err := mdp.Expect(m, labels[1], opt, asyncLimits)
		if err != nil {
			t.Fatal(err)
		}
		v := e.Value[m.Init]
		if e.Inf[m.Init] || v.Sign() <= 0 {
			bad = append(bad, fmt.Sprintf("E%s[sends] = %v (inf %v), want finite and positive", opt, v, e.Inf[m.Init]))
			continue
		}
		f, _ := v.Float64()
		info += fmt.Sprintf("; E%s[sends] = %s (%.4f)", opt, v.RatString(), f)
	}
	return bad, g.States(), info
}
