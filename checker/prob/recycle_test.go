package prob

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"testing"

	"github.com/electlab/electlab/algos/itairodeh"
	"github.com/electlab/electlab/model"
)

// fresh hides the World's CloneInto: Build copies it with Clone, a new
// World per successor (the path before recycling).
type fresh struct{ model.CoinSystem }

func (f fresh) Clone() model.System { return fresh{f.CoinSystem.Clone().(model.CoinSystem)} }

// graphDiff names the first difference of the parts of two graphs that
// the queries read (states, actions, outcomes, labels, rewards), or "".
func graphDiff(a, b *Graph) string {
	switch {
	case !reflect.DeepEqual(a.enc, b.enc):
		return "state encodings"
	case !reflect.DeepEqual(a.Labels, b.Labels):
		return "labels"
	case !reflect.DeepEqual(a.Events, b.Events):
		return "events"
	case !reflect.DeepEqual(a.incs, b.incs):
		return "reward increases"
	case a.MDP.Init != b.MDP.Init || len(a.MDP.States) != len(b.MDP.States):
		return "state count"
	}
	for s := range a.MDP.States {
		x, y := a.MDP.States[s], b.MDP.States[s]
		if len(x) != len(y) {
			return fmt.Sprintf("state %d's actions", s)
		}
		for i := range x {
			if x[i].Label != y[i].Label || len(x[i].Next) != len(y[i].Next) {
				return fmt.Sprintf("state %d action %d", s, i)
			}
			for j := range x[i].Next {
				if x[i].Next[j].To != y[i].Next[j].To || x[i].Next[j].P.Cmp(y[i].Next[j].P) != 0 {
					return fmt.Sprintf("state %d action %d outcome %d", s, i, j)
				}
			}
			for r := range a.rewards {
				if a.rewards[r][s][i].Cmp(b.rewards[r][s][i]) != 0 {
					return fmt.Sprintf("state %d action %d reward %d", s, i, r)
				}
			}
		}
	}
	return ""
}

// recycleCases are asynchronous Itai–Rodeh under Lockstep (links, coins,
// random choices) and a ring election with initiations drawn at random.
func recycleCases(t *testing.T) []struct {
	name      string
	s0, plain model.System
	opt       Options
} {
	ir := newSystem(t, "itairodeh-async", model.Config{Variant: itairodeh.Variant(2), IDs: []model.ID{1, 2, 3}, Timing: model.Async}).(model.CoinSystem)
	cr := newSystem(t, "changroberts", model.Config{IDs: []model.ID{1, 3, 2, 4}}).(model.CoinSystem)
	coins := func(_ model.System, ev model.Event, _ model.System) int64 {
		if ev.Kind == model.EvCoin {
			return 1
		}
		return 0
	}
	return []struct {
		name      string
		s0, plain model.System
		opt       Options
	}{
		{"itairodeh-async lockstep", itairodeh.Lockstep(ir), itairodeh.Lockstep(fresh{ir}),
			Options{Chance: Coins, Preds: []func(model.System) bool{Elected, quiescent}, Rewards: []Reward{sends, coins}}},
		{"changroberts", cr, fresh{cr},
			Options{Chance: detectsAtRandom, Preds: []func(model.System) bool{quiescent}, Rewards: []Reward{sends}}},
	}
}

// TestBuildRecycles: Build copying each successor into the World of a
// successor that was a known state (CloneInto) builds the same graph as
// with a new World per successor, and a Build that also recycles the
// World of a new state (kept in the queue) is caught.
func TestBuildRecycles(t *testing.T) {
	for _, tc := range recycleCases(t) {
		want, err := Build(tc.plain, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Build(tc.s0, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if d := graphDiff(got, want); d != "" {
			t.Errorf("%s: the recycling Build differs in its %s", tc.name, d)
		}
		t.Logf("%s: %d states, the same graph", tc.name, got.States())
		brokenRecycle = true
		bad, err := Build(tc.s0, tc.opt)
		brokenRecycle = false
		if err == nil && graphDiff(bad, want) == "" {
			t.Errorf("%s: recycling the World of a new state builds the same graph: the comparison cannot catch it", tc.name)
		}
	}
}

// TestWeightedSum: weighted adds exactly, as a sum of big.Rats did,
// across int64's overflow, and over is the sum over the total in lowest
// terms.
func TestWeightedSum(t *testing.T) {
	var small [16]*big.Rat
	for k := range small {
		small[k] = big.NewRat(int64(k), 1)
	}
	for _, xs := range [][]int64{
		{0},
		{5, 7},
		{15, 1},
		{-3},
		{1, 2, 3},
		{math.MaxInt64, 1, 5},
		{math.MaxInt64, math.MaxInt64, math.MaxInt64},
		{-5, math.MinInt64, -1, 7},
		{math.MaxInt64 - 1, 1, 1, -3},
	} {
		for _, total := range []int64{1, 3, 6, 1 << 40} {
			var w weighted
			want := new(big.Rat)
			for _, x := range xs {
				w.add(x)
				want.Add(want, new(big.Rat).SetInt64(x))
			}
			want.Quo(want, new(big.Rat).SetInt64(total))
			if got := w.over(total, &small); got.Cmp(want) != 0 || got.String() != want.String() {
				t.Errorf("%v / %d: %s, want %s", xs, total, got, want)
			}
		}
	}
	// Without the overflow check the sum wraps.
	if _, overflow := addOverflows(math.MaxInt64, 1); !overflow {
		t.Error("MaxInt64 + 1 does not overflow")
	}
	if _, overflow := addOverflows(math.MinInt64, -1); !overflow {
		t.Error("MinInt64 - 1 does not overflow")
	}
	if _, overflow := addOverflows(math.MaxInt64, math.MinInt64); overflow {
		t.Error("MaxInt64 + MinInt64 overflows")
	}
}
