package franklin

import (
	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// brokenStep returns Franklin's step with the decision replaced by beats
// (does the active process with id self stay active against the ids l and
// r of its neighbours?). Broken variants live here, in the tests only.
func brokenStep(beats func(self, l, r model.ID) bool) func(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	return ringkit.Step(wake, func(env *model.Env, s State, m model.Message, out *model.Outbox) State {
		return receiveBy(env, s, m, out, beats)
	})
}

// broken returns Franklin with the decision beats: same name and claims.
func broken(beats func(self, l, r model.ID) bool) *model.Algorithm[State] {
	return &model.Algorithm[State]{Info: Algorithm.Info, Init: Algorithm.Init, Step: brokenStep(beats), View: Algorithm.View, Encode: Algorithm.Encode}
}

// The broken variants, exported to the external tests (broken_test.go of
// package franklin_test, which runs the claims engine: the engine imports
// the registry, which imports this package, so it cannot be imported
// here). A name exported from a _test.go file is visible to the package's
// external tests and to nothing else.
var (
	// OneSided stays active when it beats its left neighbour only: on a
	// ring sorted by id all but one process survive each round, so the
	// rounds and the messages grow linearly.
	OneSided = broken(func(self, l, r model.ID) bool { return self > l })
	// MinWins keeps the lowest id active (the comparison turned round):
	// the lowest id is elected.
	MinWins = broken(func(self, l, r model.ID) bool { return self < l && self < r })
	// Faithful is the real decision through the same path, to show the
	// path itself is faithful.
	Faithful = broken(beatsBoth)
	// ExtraMessage is Franklin with one more round-1 message: each
	// initiator sends its id twice clockwise.
	ExtraMessage = extraMessage()
)

// extraMessage builds ExtraMessage.
func extraMessage() *model.Algorithm[State] {
	extra := broken(beatsBoth)
	step := extra.Step
	extra.Step = func(env *model.Env, s State, in model.Input, out *model.Outbox) State {
		s2 := step(env, s, in, out)
		if in.Kind == model.InStart && !s.Started {
			// BUG: a round-1 message sent twice clockwise.
			send(env, int32(env.Self), 1, cw, out)
		}
		return s2
	}
	return extra
}
