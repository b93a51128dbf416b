package prob

import (
	"math/big"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

func quiescent(s model.System) bool { return s.Quiescent() }

func sends(before model.System, _ model.Event, after model.System) int64 {
	return after.Counts().Sends - before.Counts().Sends
}

// TestDeterministicMatchesExplore: without random choices the MDP is the
// search graph, so the least and greatest expected number of sends until
// quiescence are the least and greatest sends of a complete execution,
// which the explorer computes by another path (counters in the state, a
// min/max over quiescent states).
func TestDeterministicMatchesExplore(t *testing.T) {
	for _, tc := range []struct {
		algo string
		cfg  model.Config
	}{
		{"changroberts", model.Config{IDs: []model.ID{3, 1, 2}}},
		{"changroberts", model.Config{IDs: []model.ID{1, 3, 2, 4}}},
		{"lelann", model.Config{IDs: []model.ID{2, 3, 1}}},
		{"lelann", model.Config{IDs: []model.ID{1, 2, 3}}},
		{"kabashi", model.Config{IDs: []model.ID{1, 2, 3}}},
	} {
		cfg := tc.cfg
		s0 := newSystem(t, tc.algo, cfg)
		res := explore.Explore(s0, explore.Options{BFS: true, Counts: explore.CountsTotal})
		if !res.Complete() || res.Counts == nil || res.CountsLowerBound {
			t.Fatalf("%s %v: explore did not give exact counts: %+v", tc.algo, cfg.IDs, res)
		}
		g, err := Build(s0, Options{Preds: []func(model.System) bool{quiescent}, Rewards: []Reward{sends}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s %v: %d states", tc.algo, cfg.IDs, g.States())
		m := g.WithReward(0)
		for _, c := range []struct {
			opt  mdp.Opt
			want int64
		}{{mdp.Min, res.Counts.Sends.Min}, {mdp.Max, res.Counts.Sends.Max}} {
			r, err := mdp.Expect(m, g.Labels[0], c.opt, mdp.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if i := m.Init; r.Inf[i] || r.Value[i].Cmp(big.NewRat(c.want, 1)) != 0 {
				t.Errorf("%s %v: E%s[sends until quiescent] = %v (inf %v), explore's %s sends %d", tc.algo, cfg.IDs, c.opt, r.Value[i], r.Inf[i], c.opt, c.want)
			}
		}
		// Every execution ends quiescent: probability 1 under every
		// scheduler, decided on the graph alone.
		sure, err := mdp.AlmostSure(m, g.Labels[0], mdp.Min)
		if err != nil {
			t.Fatal(err)
		}
		if !sure[m.Init] {
			t.Errorf("%s %v: quiescence is not almost sure", tc.algo, cfg.IDs)
		}
	}
}

// detectsAtRandom makes the initiations (detect events) the outcomes of
// one random choice (weight 2 for an odd process, 1 otherwise): which
// process initiates next is drawn, and the scheduler chooses only among
// the deliveries, or lets the draw happen.
func detectsAtRandom(s model.System, ev model.Event) (int, uint32, bool) {
	if ev.Kind != model.EvDetect {
		return 0, 0, false
	}
	return 0, 1 + uint32(ev.P%2), true
}

// direct computes the same optimum by recursion over the Worlds, without
// a graph or package mdp (the state graph of these configurations is
// acyclic), memoized by the states' encodings.
func direct(s model.System, opt mdp.Opt, memo map[string]*big.Rat) *big.Rat {
	key := string(s.Encode(nil))
	if v, ok := memo[key]; ok {
		if v == nil {
			panic("the state graph has a cycle: direct cannot compute it")
		}
		return v
	}
	if s.Quiescent() {
		memo[key] = new(big.Rat)
		return memo[key]
	}
	memo[key] = nil // on the path
	type outcome struct {
		w uint32
		v *big.Rat
	}
	var choices [][]outcome
	random := -1
	for _, ev := range s.Enabled(nil) {
		next := s.Clone()
		if err := next.Apply(ev); err != nil {
			panic(err)
		}
		v := new(big.Rat).Add(big.NewRat(sends(s, ev, next), 1), direct(next, opt, memo))
		if _, w, ok := detectsAtRandom(s, ev); ok {
			if random < 0 {
				random = len(choices)
				choices = append(choices, nil)
			}
			choices[random] = append(choices[random], outcome{w, v})
			continue
		}
		choices = append(choices, []outcome{{1, v}})
	}
	if len(choices) == 0 {
		panic("a state that is not quiescent has no enabled event")
	}
	var best *big.Rat
	for _, c := range choices {
		sum, total := new(big.Rat), int64(0)
		for _, o := range c {
			sum.Add(sum, new(big.Rat).Mul(o.v, big.NewRat(int64(o.w), 1)))
			total += int64(o.w)
		}
		sum.Quo(sum, big.NewRat(total, 1))
		if best == nil || (opt == mdp.Min) == (sum.Cmp(best) < 0) && sum.Cmp(best) != 0 {
			best = sum
		}
	}
	memo[key] = best
	return best
}

// TestRandomChoiceMatchesDirect: with initiations drawn at random (with
// weights), Build groups the outcomes into one action whose distribution
// and expected reward give the optimum a direct recursion computes.
func TestRandomChoiceMatchesDirect(t *testing.T) {
	for _, tc := range []struct {
		algo string
		ids  []model.ID
	}{{"changroberts", []model.ID{1, 3, 2, 4}}, {"lelann", []model.ID{1, 2, 3}}, {"kabashi", []model.ID{1, 2, 3}}} {
		ids := tc.ids
		s0 := newSystem(t, tc.algo, model.Config{IDs: ids})
		g, err := Build(s0, Options{Chance: detectsAtRandom, Preds: []func(model.System) bool{quiescent}, Rewards: []Reward{sends}})
		if err != nil {
			t.Fatal(err)
		}
		m := g.WithReward(0)
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
		for _, opt := range []mdp.Opt{mdp.Min, mdp.Max} {
			r, err := mdp.Expect(m, g.Labels[0], opt, mdp.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			want := direct(s0, opt, map[string]*big.Rat{})
			if i := m.Init; r.Inf[i] || r.Value[i].Cmp(want) != 0 {
				t.Errorf("%s %v: E%s[sends] = %v, the direct recursion %v", tc.algo, ids, opt, r.Value[i], want)
			}
			t.Logf("%s %v: E%s[sends until quiescent] = %s with initiations at random (%d states)", tc.algo, ids, opt, want.RatString(), g.States())
		}
	}
}

// TestBuildCatchesWrongReward: a reward that adds the sends so far
// instead of the step's (a broken counter) is caught by the comparison
// with the explorer.
func TestBuildCatchesWrongReward(t *testing.T) {
	s0 := newSystem(t, "changroberts", model.Config{IDs: []model.ID{3, 1, 2}})
	res := explore.Explore(s0, explore.Options{BFS: true, Counts: explore.CountsTotal})
	cumulative := func(_ model.System, _ model.Event, after model.System) int64 { return after.Counts().Sends }
	g, err := Build(s0, Options{Preds: []func(model.System) bool{quiescent}, Rewards: []Reward{cumulative}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := mdp.Expect(g.WithReward(0), g.Labels[0], mdp.Max, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Value[g.MDP.Init].Cmp(big.NewRat(res.Counts.Sends.Max, 1)) == 0 {
		t.Errorf("a cumulative reward gives the explorer's maximum %d too: the comparison cannot catch a wrong counter", res.Counts.Sends.Max)
	}
}

// TestBuildCap: a graph over MaxStates is an error naming the cap, never
// a partial graph.
func TestBuildCap(t *testing.T) {
	s0 := newSystem(t, "changroberts", model.Config{IDs: []model.ID{3, 1, 2}})
	g, err := Build(s0, Options{MaxStates: 50})
	if err == nil || g != nil || !strings.Contains(err.Error(), "more than 50 states (cap reached") {
		t.Errorf("Build over its cap: %v, %v", g, err)
	}
}

// TestBuildCatchesUniform: a Build that ignores the outcomes' weights is
// caught by the comparison with the direct recursion.
func TestBuildCatchesUniform(t *testing.T) {
	brokenWeights = true
	defer func() { brokenWeights = false }()
	s0 := newSystem(t, "kabashi", model.Config{IDs: []model.ID{1, 2, 3}})
	g, err := Build(s0, Options{Chance: detectsAtRandom, Preds: []func(model.System) bool{quiescent}, Rewards: []Reward{sends}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := mdp.Expect(g.WithReward(0), g.Labels[0], mdp.Min, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := direct(s0, mdp.Min, map[string]*big.Rat{}); r.Value[g.MDP.Init].Cmp(want) == 0 {
		t.Errorf("uniform weights give %s too: the comparison cannot catch ignored weights", want.RatString())
	}
}

// newSystem builds the initial World of a registered algorithm.
func newSystem(t testing.TB, algo string, cfg model.Config) model.System {
	t.Helper()
	spec, err := algos.Registry().Lookup(algo)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Algo = algo
	s0, err := spec.NewSystem(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s0
}
