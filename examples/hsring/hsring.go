// Package hsring is Hirschberg and Sinclair's bidirectional ring election,
// written against electlab's model.Spec contract as a pure step function.
// It is the worked example of electlab used as a library: electlab does not
// ship this algorithm, this module declares it, states its claims as data
// (claims.go) and checks them from its own tests.
//
// Every process is a candidate that works in phases 0, 1, 2, …: in phase k
// it sends a probe carrying its id both ways round the ring, to travel
// 2^k hops. A process that receives a probe with an id higher than its own
// relays it, or, at the end of the probe's distance, turns it back as a
// reply; a probe with a lower id is swallowed. A candidate that gets both
// replies of phase k starts phase k+1. A candidate that receives its own
// probe has been through the whole ring: it is the highest id; it
// announces itself with a leader message that goes once round the ring.
//
// A process that has not started wakes up when the first probe reaches it
// and becomes a candidate, so the highest id is elected whichever
// processes initiate.
//
// Reference: D. S. Hirschberg and J. B. Sinclair, "Decentralized extrema-
// finding in circular configurations of processors", Communications of the
// ACM 23(11), 1980, pp. 627–628.
package hsring

import (
	"strconv"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Probe is probe(id, hops): candidate id's probe, with the hops it
	// still has to travel before it is turned back.
	Probe = &model.Kind{Name: "probe", Args: 2}
	// Reply is reply(id): a probe of candidate id turned back at the end
	// of its distance, on its way home.
	Reply = &model.Kind{Name: "reply", Args: 1}
	// Leader is leader(id): the announcement of the elected id.
	Leader = &model.Kind{Name: "leader", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Probe, Reply, Leader)

// State is one process's state. It is a plain value: Step returns a new
// one and never modifies an old one.
type State struct {
	// Started: the process is a candidate (it initiated, or a probe woke
	// it up).
	Started bool
	// Phase is the candidate's current phase k: its probes travel 2^k
	// hops.
	Phase uint8
	// Replies counts the replies received in the current phase (0..2).
	Replies uint8
	// Leader is the elected id once the process knows it (model.None
	// before).
	Leader model.ID
	// Elected: the process received its own probe back; it is the leader.
	Elected bool
}

// Algorithm is Hirschberg–Sinclair as electlab's model sees it: the Info
// describing it and the pure functions over State.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "hsring",
		Title:    "Hirschberg–Sinclair: bidirectional ring, probes of doubling distance",
		Source:   "Hirschberg & Sinclair, CACM 23(11), 1980",
		Topology: model.BiRing,
		Compare:  true,
		Kinds:    kinds,
	},
	Init: func(env *model.Env) State { return State{} },
	Step: Step,
	View: func(s State) model.View {
		return model.View{Leader: s.Leader, Coordinator: s.Elected}
	},
	Encode: encode,
}

// Entry is hsring as electlab's registry holds an algorithm: Algorithm
// with its Claims. cli.Main takes it as an extra algorithm.
var Entry = claim.Entry{Spec: Algorithm, Claims: Claims}

// Step is the step function: one input in, the next state out, the
// messages appended to out. It reads nothing but its arguments. Its loop is
// the one electlab's ring elections share (algos/kit/ringkit): a start input
// wakes the process, each delivered message goes to receive, in order.
var Step = ringkit.Step(wake, receive)

// wake makes the process a candidate: phase 0, a probe of one hop each way.
func wake(env *model.Env, s State, out *model.Outbox) State {
	if s.Started {
		return s
	}
	s.Started = true
	sendProbes(env, s.Phase, out)
	return s
}

// sendProbes sends the candidate's probes of phase k both ways.
func sendProbes(env *model.Env, k uint8, out *model.Outbox) {
	hops := int32(1) << k
	out.Send(env.Next(), Probe, int32(env.Self), hops)
	out.Send(env.Prev(), Probe, int32(env.Self), hops)
}

// away is the neighbour on the other side from the sender: where a message
// that came from `from` goes on. (On a ring of two it is the sender again,
// which is the way round.)
func away(env *model.Env, from model.ID) model.ID {
	if from == env.Prev() {
		return env.Next()
	}
	return env.Prev()
}

// receive handles one delivered message: relay, turn back or swallow a
// probe, relay or count a reply, learn and pass on the leader.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	self, id := env.Self, model.ID(m.A)
	switch m.Kind {
	case Probe:
		s = wake(env, s, out)
		switch {
		case id == self:
			// The probe went all the way round: no higher id on the ring.
			// It comes back from both sides; announce once.
			if !s.Elected {
				s.Elected, s.Leader = true, self
				out.Send(env.Next(), Leader, int32(self), 0)
			}
		case id > self && m.B > 1:
			out.Send(away(env, m.From), Probe, m.A, m.B-1)
		case id > self:
			// The end of the probe's distance: turn it back.
			out.Send(m.From, Reply, m.A, 0)
		default:
			// A lower id: swallow it.
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
		// Learn the leader and pass the announcement on, once round the
		// ring.
		if leader, ok := ringkit.PassLeader(env, m, out); ok {
			s.Leader = leader
		}
	}
	return s
}

// encode appends the canonical encoding of s (what the explorer hashes).
func encode(s State, b []byte) []byte {
	b = append(b, model.Flags(s.Started, s.Elected), s.Phase, s.Replies)
	return strconv.AppendInt(b, int64(s.Leader), 10)
}
