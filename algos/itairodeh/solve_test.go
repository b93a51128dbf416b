package itairodeh

import (
	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

// reversed renumbers m's states in the reverse of prob.Build's
// breadth-first order (state s becomes n-1-s) and maps the labels along.
// The MDP is the same up to names, so every answer is; only the exact
// solver's cost changes: it eliminates states in index order, and in
// breadth-first order the state that starts a new round of draws (reached
// from every failing outcome) comes before the outcomes, so eliminating it
// fills every outcome's row with the whole tree of draws (quadratic in
// K^N; N=5, K=5 took 100 s). In reverse order every outcome is eliminated
// into its parent first, and the state of the new round is a constant by
// the time it is eliminated (linear).
func reversed(m *mdp.MDP, labels ...[]bool) (*mdp.MDP, [][]bool) {
	n := len(m.States)
	r := &mdp.MDP{Init: n - 1 - m.Init, States: make([][]mdp.Action, n)}
	for s, acts := range m.States {
		out := make([]mdp.Action, len(acts))
		for a, act := range acts {
			act.Next = append([]mdp.Transition(nil), act.Next...)
			for i := range act.Next {
				act.Next[i].To = n - 1 - act.Next[i].To
			}
			out[a] = act
		}
		r.States[n-1-s] = out
	}
	var ls [][]bool
	for _, l := range labels {
		x := make([]bool, n)
		for s, v := range l {
			x[n-1-s] = v
		}
		ls = append(ls, x)
	}
	return r, ls
}

// rounds is the reward of a model round (prob's "rounds" counter).
func rounds(_ model.System, ev model.Event, _ model.System) int64 {
	if ev.Kind == model.EvRound {
		return 1
	}
	return 0
}

// sends is the reward of the point-to-point sends of a step (prob's
// "sends" counter).
func sends(before model.System, _ model.Event, after model.System) int64 {
	return after.Counts().Sends - before.Counts().Sends
}

// coins is the reward of a coin answered (prob's "coins" counter).
func coins(_ model.System, ev model.Event, _ model.System) int64 {
	if ev.Kind == model.EvCoin {
		return 1
	}
	return 0
}
