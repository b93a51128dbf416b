package prob

import (
	"testing"

	"github.com/electlab/electlab/algos/itairodeh"
	"github.com/electlab/electlab/model"
)

// BenchmarkBuild builds the graph AnalyzeNames builds for asynchronous
// Itai–Rodeh (lockstep, ids drawn from 2 values) at n = 5: coins as the
// chance, the built-in predicates and every built-in counter as a reward
// (IR-ASYNC-1's analysis):
//
//	go test ./checker/prob -run '^$' -bench Build -count 6
func BenchmarkBuild(b *testing.B) {
	ir := newSystem(b, "itairodeh-async", model.Config{Variant: itairodeh.Variant(2), IDs: []model.ID{1, 2, 3, 4, 5}, Timing: model.Async}).(model.CoinSystem)
	opt := Options{Chance: Coins, Preds: []func(model.System) bool{Elected, quiescentPred}}
	for _, c := range Counters {
		opt.Rewards = append(opt.Rewards, counter(c))
	}
	s0 := itairodeh.Lockstep(ir)
	b.ReportAllocs()
	var states int
	for b.Loop() {
		g, err := Build(s0, opt)
		if err != nil {
			b.Fatal(err)
		}
		states = g.States()
	}
	b.ReportMetric(float64(states), "states")
}
