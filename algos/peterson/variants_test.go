package peterson

import (
	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// broken returns Peterson's algorithm with the phase decision replaced by
// stays (does the active process with temporary id tid stay active,
// carrying uid2, given uid2 and uid3?): same name and claims. Broken
// variants live here, in the tests only.
func broken(stays func(tid, uid2, uid3 model.ID) bool) *model.Algorithm[State] {
	return &model.Algorithm[State]{
		Info: Algorithm.Info, Init: Algorithm.Init, View: Algorithm.View, Encode: Algorithm.Encode,
		Step: ringkit.Step(wake, func(env *model.Env, s State, m model.Message, out *model.Outbox) State {
			return receiveBy(env, s, m, out, stays)
		}),
	}
}

// The broken variants, exported to the external tests (broken_test.go of
// package peterson_test, which runs the claims engine: the engine imports
// the registry, which imports this package). A name exported from a
// _test.go file is visible to the package's external tests only.
var (
	// UID2Only ignores uid3: a process stays active whenever its
	// predecessor's temporary id beats its own, so on a ring sorted by id
	// nearly every process survives each phase.
	UID2Only = broken(func(tid, uid2, uid3 model.ID) bool { return uid2 > tid })
	// MinWins carries local minima instead of maxima: the winning
	// temporary id is the lowest id.
	MinWins = broken(func(tid, uid2, uid3 model.ID) bool { return uid2 < tid && uid2 < uid3 })
	// Faithful is the real decision through the same path.
	Faithful = broken(carries)
)
