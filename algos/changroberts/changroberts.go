// Package changroberts is seed 001's refinement of the unidirectional-ring
// election (a Chang–Roberts-like algorithm): a process forwards an
// ("elect me", x) message only when x is higher than its own id, so only
// the highest live process gets its own message back and announces itself.
//
// Reference: [S1] "Election Algorithms for Unidirectional Ring Topologies",
// second paragraph ("The number of messages per election can be reduced as
// follows"); catalog algorithm A6 (ALG-RING1-REF).
package changroberts

import (
	"strconv"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Elect is ("elect me", A).
	Elect = &model.Kind{Name: "elect", Args: 1}
	// Coord is ("new coordinator", A).
	Coord = &model.Kind{Name: "coord", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Elect, Coord)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbResend is AMB-R1-4: does a higher process swallow a lower
	// message once it has sent its own (reading 0, "swallow"), or send
	// its own message again every time (reading 1, "resend")?
	AmbResend = 0
)

// Readings of AmbResend.
const (
	Swallow uint8 = 0
	Resend  uint8 = 1
)

// State is one process's state.
type State struct {
	// Sent: the process has sent its own ("elect me", self) at least once.
	Sent bool
	// Leader is the announced coordinator (None until a "new coordinator"
	// message arrives or the process is elected).
	Leader model.ID
	// Elected: the process received its own message back and announced
	// itself; it acts as coordinator from then on.
	Elected bool
}

// Algorithm is the refinement as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:       "changroberts",
		Title:      "Unidirectional ring, refinement: forward only higher ids (Chang–Roberts-like)",
		Source:     "[S1] Election Algorithms for Unidirectional Ring Topologies (refinement); catalog A6",
		Topology:   model.UniRing,
		Compare:    true,
		Forwarding: true,
		Kinds:      kinds,
		Ambiguities: []model.Ambiguity{{
			ID:       "AMB-R1-4",
			Question: "a higher process that has already sent its own message receives a lower one: swallow it, or send its own again?",
			Readings: []string{"swallow", "resend"},
			Explain: []string{
				"a higher process sends its own message at most once and swallows later lower ones",
				"the literal reading: a higher process sends (elect me, self) every time it sees a lower id",
			},
			Default: 0,
		}},
	},
	Init: func(env *model.Env) State { return State{} },
	Step: ringkit.Step(initiate, receive),
	View: func(s State) model.View {
		return model.View{Leader: s.Leader, Coordinator: s.Elected}
	},
	Encode: func(s State, b []byte) []byte {
		b = append(b, model.Flags(s.Sent, s.Elected))
		return strconv.AppendInt(b, int64(s.Leader), 10)
	},
}

// initiate starts the process's election on its start input.
func initiate(env *model.Env, s State, out *model.Outbox) State {
	// [S1]: "A process Pi initiates an election by sending out an
	// ("elect me", Pi) message along its out-edge."
	if !s.Sent {
		s.Sent = true
		out.Send(env.Next(), Elect, int32(env.Self), 0)
	}
	return s
}

func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	self := env.Self
	switch m.Kind {
	case Elect:
		x := model.ID(m.A)
		switch {
		case x == self:
			// [S1]: "only the highest-priority nonfailed process Phigh
			// would get back its own "elect me" message. It would send a
			// ("new coordinator", Phigh) message to announce its election."
			out.Observe("own-returned", int32(self))
			s.Elected, s.Leader = true, self
			out.Send(env.Next(), Coord, int32(self), 0)
		case self > x:
			// [S1]: "it sends an ("elect me", Pj) message to start a new
			// election if its own priority is higher than that of Pi".
			// AMB-R1-4 decides what happens the second time.
			if !s.Sent || env.Reading(AmbResend) == Resend {
				s.Sent = true
				out.Send(env.Next(), Elect, int32(self), 0)
			}
		default:
			// [S1]: "otherwise, it simply forwards the ("elect me", Pi)
			// message."
			out.Send(env.Next(), Elect, m.A, 0)
		}
	case Coord:
		c := model.ID(m.A)
		if c == self {
			// The announcement has gone round the ring: n hops.
			return s
		}
		// [S1]: "All other processes abandon their elections, if any, when
		// they receive the ("new coordinator", Phigh) message."
		s.Leader, s.Elected = c, false
		out.Send(env.Next(), Coord, m.A, 0)
	}
	return s
}
