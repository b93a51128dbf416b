package itairodeh

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// newWorld is the initial World of alg on processes 1..n with range k.
func newWorld[S any](t testing.TB, alg *model.Algorithm[S], n, k int, timing model.Timing) model.CoinSystem {
	t.Helper()
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(i + 1)
	}
	s0, err := alg.NewSystem(&model.Config{Algo: alg.Name, Variant: Variant(k), IDs: ids, Timing: timing})
	if err != nil {
		t.Fatal(err)
	}
	return s0.(model.CoinSystem)
}

// enumSuccess is q(n, k) counted over the k^n draws one by one, a route
// of its own (not SyncRoundSuccess's inclusion–exclusion): a draw succeeds
// when some value occurs exactly once.
func enumSuccess(n, k int) *big.Rat {
	good, total := int64(0), int64(0)
	draw := make([]int, n)
	cnt := make([]int, k)
	for {
		clear(cnt)
		for _, v := range draw {
			cnt[v]++
		}
		total++
		for _, c := range cnt {
			if c == 1 {
				good++
				break
			}
		}
		i := 0
		for i < n && draw[i] == k-1 {
			draw[i] = 0
			i++
		}
		if i == n {
			break
		}
		draw[i]++
	}
	return big.NewRat(good, total)
}

// TestSyncRoundSuccessEnumerated: the inclusion–exclusion closed form
// equals the count over every draw, and a few values by hand.
func TestSyncRoundSuccessEnumerated(t *testing.T) {
	for n := 1; n <= 7; n++ {
		for k := 1; k <= 8; k++ {
			if got, want := SyncRoundSuccess(n, k), enumSuccess(n, k); got.Cmp(want) != 0 {
				t.Errorf("q(%d,%d) = %s, counted %s", n, k, got.RatString(), want.RatString())
			}
		}
	}
	// By hand: n=3, k=2: only the 2 constant draws fail: q = 6/8.
	// n=4, k=2: constant (2) and two pairs (6) fail: q = 8/16.
	for _, c := range []struct {
		n, k int
		q    string
	}{{3, 2, "3/4"}, {4, 2, "1/2"}, {2, 3, "2/3"}, {1, 5, "1"}} {
		if got := SyncRoundSuccess(c.n, c.k).RatString(); got != c.q {
			t.Errorf("q(%d,%d) = %s, want %s", c.n, c.k, got, c.q)
		}
	}
	if got := SyncElectedWithin(3, 2, 2).RatString(); got != "15/16" {
		t.Errorf("P[within 2 rounds](3,2) = %s, want 1-(1/4)^2 = 15/16", got)
	}
}

// syncSizes are the sizes of the exactness test: N = 3..6, K = 2..8.
func syncSizes() (sizes [][2]int) {
	for n := 3; n <= 6; n++ {
		for k := 2; k <= 8; k++ {
			sizes = append(sizes, [2]int{n, k})
		}
	}
	return sizes
}

// large says a size is left to the long run (go test without -short):
// those with K^N > 200,000, i.e. N=6, K=8 only (299,605 states, 22 s on
// the 2-core machine; N=6, K=7 takes 9 s with 137,269 states).
func large(n, k int) bool {
	kn := 1
	for range n {
		kn *= k
	}
	return kn > 200_000
}

// syncLimits are the exact solver's limits for these tests: the largest
// size has about 300,000 states.
var syncLimits = mdp.Limits{MaxStates: 1_000_000, MaxTransitions: 10_000_000, MaxSteps: 1000, MaxBits: 256}

// TestSyncExact: electlab's exact answers on the MDP of Sync (built by
// checker/prob from the step function, under Lockstep, solved by
// checker/mdp) equal the closed forms, counted independently
// (enumSuccess), as exact rationals (syncMismatches). N=6, K=8 runs
// without -short only (large).
func TestSyncExact(t *testing.T) {
	for _, sz := range syncSizes() {
		n, k := sz[0], sz[1]
		if testing.Short() && large(n, k) {
			continue
		}
		t.Run(fmt.Sprintf("n=%d/k=%d", n, k), func(t *testing.T) {
			bad, _, info := syncMismatches(t, Sync, n, k)
			for _, b := range bad {
				t.Error(b)
			}
			t.Log(info)
		})
	}
}

// syncMismatches compares alg's exact answers at n, k with the closed
// forms, and lists every difference: a leader is elected with probability
// 1 under every scheduler (decided on the graph), E[rounds] = 1/q (min
// and max over schedulers, until a leader is elected), and P[elected
// within L rounds] = 1-(1-q)^L for L = 1..3, where L rounds are exactly
// N + L(N+1) steps of Lockstep (N starts, then per round N coins and the
// round), so that within one step fewer it is 1-(1-q)^(L-1). info
// reports the states and the values.
func syncMismatches(t testing.TB, alg *model.Algorithm[SyncState], n, k int) (bad []string, states int, info string) {
	t.Helper()
	g, err := prob.Build(Lockstep(newWorld(t, alg, n, k, model.Sync)), prob.Options{
		MaxStates: 2_000_000, Chance: prob.Coins,
		Preds: []func(model.System) bool{prob.Elected}, Rewards: []prob.Reward{rounds}})
	if err != nil {
		t.Fatal(err)
	}
	m, labels := labelled(g.WithReward(0), g.Labels[0])
	elected := labels[0]
	q := enumSuccess(n, k)
	sure, err := mdp.AlmostSure(m, elected, mdp.Min)
	if err != nil {
		t.Fatal(err)
	}
	if !sure[m.Init] {
		bad = append(bad, "Pmin[elected] < 1")
	}
	wantE := new(big.Rat).Inv(q)
	for _, opt := range []mdp.Opt{mdp.Min, mdp.Max} {
		e, err := mdp.Expect(m, elected, opt, syncLimits)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Value[m.Init]; e.Inf[m.Init] || got.Cmp(wantE) != 0 {
			bad = append(bad, fmt.Sprintf("E%s[rounds] = %v (inf %v), closed form 1/q = %s", opt, got, e.Inf[m.Init], wantE.RatString()))
		}
	}
	const within = 3
	steps := func(l int) int { return n + l*(n+1) }
	b, err := mdp.ReachWithin(m, elected, steps(within), mdp.Min, syncLimits)
	if err != nil {
		t.Fatal(err)
	}
	miss := big.NewRat(1, 1)
	for l := 1; l <= within; l++ {
		miss.Mul(miss, new(big.Rat).Sub(big.NewRat(1, 1), q))
		want := new(big.Rat).Sub(big.NewRat(1, 1), miss)
		if got := b.Value[steps(l)][m.Init]; got.Cmp(want) != 0 {
			bad = append(bad, fmt.Sprintf("P[elected within %d rounds] = %s, closed form %s", l, got.RatString(), want.RatString()))
		}
		if got, want := b.Value[steps(l)-1][m.Init], SyncElectedWithin(n, k, l-1); got.Cmp(want) != 0 {
			bad = append(bad, fmt.Sprintf("P[elected within %d steps] = %s, want P[within %d rounds] = %s", steps(l)-1, got.RatString(), l-1, want.RatString()))
		}
	}
	info = fmt.Sprintf("%d states; E[rounds] = %s; P[within 1,2,3 rounds] = %s, %s, %s", g.States(), wantE.RatString(),
		b.Value[steps(1)][m.Init].RatString(), b.Value[steps(2)][m.Init].RatString(), b.Value[steps(3)][m.Init].RatString())
	return bad, g.States(), info
}

// TestSyncAnalyze: prob.Analyze (the names a bound will use, on the MDP
// in prob.Build's own order) gives the same E[rounds] at a small size:
// until quiescence, which is the round that elects.
func TestSyncAnalyze(t *testing.T) {
	for _, sz := range [][2]int{{3, 2}, {3, 8}, {4, 3}} {
		n, k := sz[0], sz[1]
		a, err := prob.Analyze(Lockstep(newWorld(t, Sync, n, k, model.Sync)), 0, syncLimits)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"Emin", "Emax"} {
			e, err := a.Answer(name, "rounds")
			if err != nil {
				t.Fatal(err)
			}
			if want := SyncExpectedRounds(n, k); e.Inf || e.Value.Cmp(want) != 0 {
				t.Errorf("n=%d k=%d: %s[rounds] = %s, want %s", n, k, name, e, want.RatString())
			}
		}
		if p, err := a.Answer("Pmin", "elected"); err != nil || p.Value.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("n=%d k=%d: Pmin[elected] = %v (%v), want 1", n, k, p, err)
		}
	}
}

// TestSyncAdversarialStart: without Lockstep the model's scheduler may run
// round 1 before some process has started; election stays almost sure,
// the least expected number of model rounds is 1/q and the greatest is
// 1/q + 1 (the first round of the algorithm then takes two model rounds).
func TestSyncAdversarialStart(t *testing.T) {
	for _, sz := range [][2]int{{3, 2}, {3, 3}, {4, 2}} {
		n, k := sz[0], sz[1]
		a, err := prob.Analyze(newWorld(t, Sync, n, k, model.Sync), 0, syncLimits)
		if err != nil {
			t.Fatal(err)
		}
		if p, err := a.Answer("Pmin", "elected"); err != nil || p.Value.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("n=%d k=%d: Pmin[elected] = %v (%v), want 1", n, k, p, err)
		}
		inv := SyncExpectedRounds(n, k)
		for _, c := range []struct {
			name string
			want *big.Rat
		}{{"Emin", inv}, {"Emax", new(big.Rat).Add(inv, big.NewRat(1, 1))}} {
			name, want := c.name, c.want
			e, err := a.Answer(name, "rounds")
			if err != nil {
				t.Fatal(err)
			}
			if e.Inf || e.Value.Cmp(want) != 0 {
				t.Errorf("n=%d k=%d: %s[rounds] = %s, want %s", n, k, name, e, want.RatString())
			}
		}
		t.Logf("n=%d k=%d: %d states unrestricted", n, k, a.States())
	}
}
