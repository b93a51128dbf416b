package hsring

import (
	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// Broken is a deliberately broken Hirschberg–Sinclair, kept in the tests
// (never in production code) to show that the checks catch a bug: its
// relays compare the probe's id with < where the algorithm says >, so they
// relay lower ids and swallow higher ones. It has the same name and claims
// as Algorithm, so a trace recorded on one replays on the other.
//
// (A name exported from a _test.go file of package hsring is visible to the
// package's external tests, package hsring_test, and to nothing else.)
var Broken = broken(lessThan)

// Forgetful is another broken Hirschberg–Sinclair: a relay at the end of a
// probe's distance forgets to turn it back and relays it on. Every process
// but the highest then never hears a reply and stays in phase 0, whose
// probes travel until a higher id swallows them: the election is still
// right, but on a ring sorted by id it costs about n²/2 messages, which
// breaks the O(n log n) bound once n is large enough (n = 128).
var Forgetful = broken(noTurnBack)

// bug names a deliberate bug.
type bug uint8

const (
	lessThan   bug = iota // relays compare with < instead of >
	noTurnBack            // relays never turn a probe back
)

// broken returns Algorithm with the bug b: same name, same claims.
func broken(b bug) *model.Algorithm[State] {
	return &model.Algorithm[State]{
		Info: Algorithm.Info,
		Init: Algorithm.Init,
		Step: ringkit.Step(wake, func(env *model.Env, s State, m model.Message, out *model.Outbox) State {
			return receiveBroken(b, env, s, m, out)
		}),
		View:   Algorithm.View,
		Encode: Algorithm.Encode,
	}
}

// receiveBroken is receive with the bug b, which is in how a relay
// handles another candidate's probe; everything else is receive's.
func receiveBroken(b bug, env *model.Env, s State, m model.Message, out *model.Outbox) State {
	self, id := env.Self, model.ID(m.A)
	if m.Kind != Probe || id == self {
		return receive(env, s, m, out)
	}
	s = wake(env, s, out)
	switch {
	case b == lessThan && id < self && m.B > 1: // BUG: should be id > self
		out.Send(away(env, m.From), Probe, m.A, m.B-1)
	case b == lessThan && id < self: // BUG: should be id > self
		out.Send(m.From, Reply, m.A, 0)
	case b == noTurnBack && id > self: // BUG: relays even when m.B == 1
		out.Send(away(env, m.From), Probe, m.A, m.B-1)
	}
	return s
}
