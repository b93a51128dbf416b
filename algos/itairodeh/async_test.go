package itairodeh

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// asyncLimits are the exact solver's limits for these tests.
var asyncLimits = mdp.Limits{MaxStates: 2_000_000, MaxTransitions: 20_000_000, MaxSteps: 10_000, MaxBits: 256}

// asyncGraph is the MDP of Async (or a broken variant) on n processes with
// range k under async timing and FIFO links, under Lockstep when lock is
// set, with the labels elected, quiescent and "at most one coordinator"
// and the rewards of sends and of coins (the draws).
func asyncGraph(t testing.TB, alg *model.Algorithm[AsyncState], n, k int, lock bool) *prob.Graph {
	t.Helper()
	var s0 model.System = newWorld(t, alg, n, k, model.Async)
	if lock {
		s0 = Lockstep(s0.(model.CoinSystem))
	}
	g, err := prob.Build(s0, prob.Options{
		MaxStates: 2_000_000, Chance: prob.Coins,
		Preds:   []func(model.System) bool{prob.Elected, model.System.Quiescent, oneCoordinator},
		Rewards: []prob.Reward{sends, coins}})
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
			bad, _, info := asyncProblems(t, Async, n, k, false)
			for _, b := range bad {
				t.Error(b)
			}
			t.Log(info)
		})
	}
}

// asyncProblems lists what is wrong with alg at n, k (under Lockstep when
// lock is set): a scheduler that
// misses election, or quiescence, with positive probability (decided on
// the graph, before any number: mdp.AlmostSure with Min), a state with
// two coordinators. When every scheduler reaches quiescence surely, info
// also gives the least and greatest expected sends and coins (draws) until
// then (exact).
func asyncProblems(t testing.TB, alg *model.Algorithm[AsyncState], n, k int, lock bool) (bad []string, states int, info string) {
	t.Helper()
	g := asyncGraph(t, alg, n, k, lock)
	bad, info = asyncSolve(t, g)
	return bad, g.States(), fmt.Sprintf("%d states%s", g.States(), info)
}

// asyncSolve is asyncProblems on the graph g of asyncGraph.
func asyncSolve(t testing.TB, g *prob.Graph) (bad []string, info string) {
	t.Helper()
	m, labels := labelled(g.WithReward(0), g.Labels...)
	for s, ok := range labels[2] {
		if !ok {
			bad = append(bad, fmt.Sprintf("state %d has two coordinators", len(labels[2])-1-s))
			break
		}
	}
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
		return bad, info
	}
	for r, name := range []string{"sends", "coins"} {
		m, _ := labelled(g.WithReward(r))
		for _, opt := range []mdp.Opt{mdp.Min, mdp.Max} {
			e, err := mdp.Expect(m, labels[1], opt, asyncLimits)
			if err != nil {
				t.Fatal(err)
			}
			v := e.Value[m.Init]
			if e.Inf[m.Init] || v.Sign() <= 0 {
				bad = append(bad, fmt.Sprintf("E%s[%s] = %v (inf %v), want finite and positive", opt, name, v, e.Inf[m.Init]))
				continue
			}
			f, _ := v.Float64()
			info += fmt.Sprintf("; E%s[%s] = %s (%.4f)", opt, name, v.RatString(), f)
		}
	}
	return bad, info
}

// TestAsyncWithinSteps: the least and greatest probability, over the
// schedulers, that a leader is elected within L steps (events) at N = 3,
// K = 2, by backward induction (mdp.ReachWithin): both grow with L
// towards 1, Pmin ≤ Pmax, and the scheduler matters (Pmin < Pmax for some
// L). Logged for L = 10, 20, 30, 40.
func TestAsyncWithinSteps(t *testing.T) {
	g := asyncGraph(t, Async, 3, 2, false)
	const steps = 40
	lo, err := mdp.ReachWithin(g.MDP, g.Labels[0], steps, mdp.Min, asyncLimits)
	if err != nil {
		t.Fatal(err)
	}
	hi, err := mdp.ReachWithin(g.MDP, g.Labels[0], steps, mdp.Max, asyncLimits)
	if err != nil {
		t.Fatal(err)
	}
	init, differ := g.MDP.Init, false
	for l := 1; l <= steps; l++ {
		a, b := lo.Value[l][init], hi.Value[l][init]
		if a.Cmp(b) > 0 || a.Cmp(lo.Value[l-1][init]) < 0 || b.Cmp(hi.Value[l-1][init]) < 0 || b.Cmp(big.NewRat(1, 1)) > 0 {
			t.Errorf("L=%d: Pmin = %s, Pmax = %s: not 0 ≤ Pmin ≤ Pmax ≤ 1 growing with L", l, a.RatString(), b.RatString())
		}
		differ = differ || a.Cmp(b) != 0
		if l%10 == 0 {
			fa, _ := a.Float64()
			fb, _ := b.Float64()
			t.Logf("L=%d steps: Pmin[elected] = %s (%.4f), Pmax = %s (%.4f)", l, a.RatString(), fa, b.RatString(), fb)
		}
	}
	if !differ {
		t.Errorf("Pmin = Pmax within every L ≤ %d: the scheduler's choices had no effect", steps)
	}
}

// TestAsyncLockstep: under Lockstep (every process starts first, a
// pending coin is answered at once) the answers are those of the full
// model where both are computed (N = 3 with K = 2, 3), on far fewer
// states, and the analysis reaches N = 5 in the short run and N = 6 in
// the long one.
func TestAsyncLockstep(t *testing.T) {
	for _, sz := range [][2]int{{3, 2}, {3, 3}} {
		n, k := sz[0], sz[1]
		badF, statesF, full := asyncProblems(t, Async, n, k, false)
		badL, statesL, lock := asyncProblems(t, Async, n, k, true)
		if len(badF)+len(badL) > 0 {
			t.Errorf("n=%d k=%d: %q, %q", n, k, badF, badL)
		}
		_, full, _ = strings.Cut(full, ";")
		_, lock, _ = strings.Cut(lock, ";")
		if full != lock || statesL >= statesF {
			t.Errorf("n=%d k=%d: full model (%d states):%s; Lockstep (%d states):%s", n, k, statesF, full, statesL, lock)
		}
	}
	sizes := []int{3, 4, 5}
	if !testing.Short() {
		sizes = append(sizes, 6)
	}
	for _, n := range sizes {
		bad, _, info := asyncProblems(t, Async, n, 2, true)
		for _, b := range bad {
			t.Errorf("n=%d k=2 Lockstep: %s", n, b)
		}
		t.Logf("n=%d k=2 Lockstep: %s", n, info)
	}
}
