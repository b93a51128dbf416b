package itairodeh

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// startsFirst is Lockstep's restriction alone: every pending start is
// taken before anything else, but the pending coins are answered in every
// order.
type startsFirst struct{ model.CoinSystem }

func (l startsFirst) Clone() model.System {
	return startsFirst{l.CoinSystem.Clone().(model.CoinSystem)}
}

func (l startsFirst) Enabled(buf []model.Event) []model.Event {
	start := len(buf)
	buf = l.CoinSystem.Enabled(buf)
	for _, ev := range buf[start:] {
		if ev.Kind == model.EvDetect {
			return append(buf[:start], ev)
		}
	}
	return buf
}

// TestLockstepReduction: Lockstep's order of the coins changes no answer:
// with the coins answered in every order (startsFirst) the least and
// greatest expected rounds and the probabilities of election within every
// number of rounds are the same exact rationals, on more states (every
// partial draw between two rounds: about (K+1)^N instead of K^N).
func TestLockstepReduction(t *testing.T) {
	for _, sz := range [][2]int{{3, 4}, {4, 3}} {
		n, k := sz[0], sz[1]
		t.Run(fmt.Sprintf("n=%d/k=%d", n, k), func(t *testing.T) {
			var states []int
			var answers [][]string
			for _, s0 := range []model.System{Lockstep(newWorld(t, Sync, n, k, model.Sync)), startsFirst{newWorld(t, Sync, n, k, model.Sync)}} {
				g, err := prob.Build(s0, prob.Options{Chance: prob.Coins, Preds: []func(model.System) bool{prob.Elected}, Rewards: []prob.Reward{rounds}})
				if err != nil {
					t.Fatal(err)
				}
				m, labels := labelled(g.WithReward(0), g.Labels[0])
				var ans []string
				for _, opt := range []mdp.Opt{mdp.Min, mdp.Max} {
					e, err := mdp.Expect(m, labels[0], opt, syncLimits)
					if err != nil {
						t.Fatal(err)
					}
					ans = append(ans, e.Value[m.Init].RatString())
					// Within L rounds: after the round event of round L
					// under both, whatever the order of the coins: the
					// steps are N + L(N+1) in both.
					b, err := mdp.ReachWithin(m, labels[0], n+3*(n+1), opt, syncLimits)
					if err != nil {
						t.Fatal(err)
					}
					for l := 1; l <= 3; l++ {
						ans = append(ans, b.Value[n+l*(n+1)][m.Init].RatString())
					}
				}
				states = append(states, g.States())
				answers = append(answers, ans)
			}
			if fmt.Sprint(answers[0]) != fmt.Sprint(answers[1]) {
				t.Errorf("Lockstep answers %v, every coin order %v", answers[0], answers[1])
			}
			if states[0] >= states[1] {
				t.Errorf("Lockstep has %d states, every coin order %d: no reduction", states[0], states[1])
			}
			t.Logf("states: Lockstep %d, every coin order %d; answers %v", states[0], states[1], answers[0])
		})
	}
}
