package itairodeh

import (
	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

// labelled returns m with labels, as the tests read them. (They once
// renumbered the states in reverse breadth-first order to make the exact
// solver's state elimination linear; checker/mdp now eliminates in that
// order itself.)
func labelled(m *mdp.MDP, labels ...[]bool) (*mdp.MDP, [][]bool) { return m, labels }

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
