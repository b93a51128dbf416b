package hsring

import "electlab/model"

// Broken is a deliberately broken Hirschberg–Sinclair, kept in the tests
// (never in production code) to show that the checks catch a bug: its
// relays compare the probe's id with < where the algorithm says >, so they
// relay lower ids and swallow higher ones. It has the same name and claims
// as Algorithm, so a trace recorded on one replays on the other.
//
// (A name exported from a _test.go file of package hsring is visible to the
// package's external tests, package hsring_test, and to nothing else.)
var Broken = &model.Algorithm[State]{
	Info:   Algorithm.Info,
	Init:   Algorithm.Init,
	Step:   brokenStep,
	View:   Algorithm.View,
	Encode: Algorithm.Encode,
}

// brokenStep is Step with receiveBroken in place of receive.
func brokenStep(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	switch in.Kind {
	case model.InStart:
		s = wake(env, s, out)
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = receiveBroken(env, s, m, out)
		}
	}
	return s
}

// receiveBroken is receive with the bug: `id < self` where receive has
// `id > self`.
func receiveBroken(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	self, id := env.Self, model.ID(m.A)
	switch m.Kind {
	case Probe:
		s = wake(env, s, out)
		switch {
		case id == self:
			if !s.Elected {
				s.Elected, s.Leader = true, self
				out.Send(env.Next(), Leader, int32(self), 0)
			}
		case id < self && m.B > 1: // BUG: should be id > self
			out.Send(away(env, m.From), Probe, m.A, m.B-1)
		case id < self: // BUG: should be id > self
			out.Send(m.From, Reply, m.A, 0)
		}
	case Reply:
		if id != self {
			out.Send(away(env, m.From), Reply, m.A, 0)
			return s
		}
		s.Replies++
		if s.Replies == 2 {
			s.Phase, s.Replies = s.Phase+1, 0
			sendProbes(env, s.Phase, out)
		}
	case Leader:
		if id != self {
			s.Leader = id
			out.Send(env.Next(), Leader, m.A, 0)
		}
	}
	return s
}
