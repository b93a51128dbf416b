// Package franklin is Franklin's election on a bidirectional ring: the
// processes work in rounds of neighbour comparison. In each round every
// active process sends its id both ways round the ring; passive processes
// relay what they receive; an active process receives the id of the
// nearest active process on each side, and stays active for the next round
// iff its own id is higher than both, else it becomes passive. No two
// neighbouring active processes both stay active, so each round at least
// halves the active processes; the highest id always stays active, and
// when it is the only one left its own id comes back to it from both
// sides: it is elected. It then announces itself with a leader message
// that goes once round the ring (clockwise), so every process learns it.
//
// A process that has not started wakes up when the first message reaches
// it and takes part from round 1, so the highest id is elected whichever
// processes initiate. Messages carry their round and their direction, so
// an active process tells a message of its round from one of the next
// round (a neighbour can be at most one round ahead) and, on a ring of
// two, its left neighbour's message from its right neighbour's.
//
// Reference: W. R. Franklin, "On an improved algorithm for decentralized
// extrema finding in circular configurations of processors",
// Communications of the ACM 25(5), 1982, pp. 336–337. Not one of the seed
// papers: its claims are beyond the catalog.
package franklin

import (
	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Elect is elect(id, round·2+dir): an active process's id in a round,
	// travelling clockwise (dir 0, to the next process) or
	// counter-clockwise (dir 1, to the previous one).
	Elect = &model.Kind{Name: "elect", Args: 2}
	// Leader is leader(id): the announcement of the elected id.
	Leader = &model.Kind{Name: "leader", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Elect, Leader)

// Observation tags.
const (
	// ObsRound is observed (value: the round) when a process enters a
	// round as an active process.
	ObsRound = "round"
	// ObsSent is observed once per elect message sent or relayed (value:
	// the message's round).
	ObsSent = "sent"
	// ObsSkew is observed if an active process receives a message more
	// than one round ahead of its own (value: the message's round); the
	// algorithm's round argument says it never happens.
	ObsSkew = "round-skew"
)

// Directions of an elect message: the side of the receiver it arrives on.
const (
	cw  = 0 // sent to the next process: arrives on the receiver's left
	ccw = 1 // sent to the previous process: arrives on its right
)

// State is one process's state.
type State struct {
	// Started: the process takes part (it initiated, or a message woke
	// it up).
	Started bool
	// Active: the process is still a candidate; passive processes relay.
	Active bool
	// Elected: the process's own id came back to it; it is the leader.
	Elected bool
	// Round is the active process's current round (1, 2, ...).
	Round uint8
	// Cur holds the ids received in the current round from the left
	// (index cw) and the right (index ccw); None while not received.
	Cur [2]model.ID
	// Ahead holds ids of the next round received early, by side.
	Ahead [2]model.ID
	// Leader is the elected id once the process knows it.
	Leader model.ID
}

// Algorithm is Franklin's election as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "franklin",
		Title:    "Franklin: bidirectional ring, rounds of neighbour comparison",
		Source:   "W. R. Franklin, CACM 25(5), 1982 (beyond the seeds)",
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

// Step is the step function: one input in, the next state out (a start
// input wakes the process, each delivered message goes to receive).
var Step = ringkit.Step(wake, receive)

// wake makes the process an active candidate in round 1.
func wake(env *model.Env, s State, out *model.Outbox) State {
	if s.Started {
		return s
	}
	s.Started, s.Active, s.Round = true, true, 1
	announceRound(env, s.Round, out)
	return s
}

// announceRound observes the round and sends the process's id both ways.
func announceRound(env *model.Env, r uint8, out *model.Outbox) {
	out.Observe(ObsRound, int32(r))
	send(env, int32(env.Self), r, cw, out)
	send(env, int32(env.Self), r, ccw, out)
}

// send sends elect(id) of round r in direction dir.
func send(env *model.Env, id int32, r uint8, dir int32, out *model.Outbox) {
	to := env.Next()
	if dir == ccw {
		to = env.Prev()
	}
	out.Observe(ObsSent, int32(r))
	out.Send(to, Elect, id, int32(r)<<1|dir)
}

// receive handles one delivered message.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	return receiveBy(env, s, m, out, beatsBoth)
}

// beatsBoth is Franklin's decision: the active process with id self stays
// active iff its id beats the ids l and r of both its neighbours.
func beatsBoth(self, l, r model.ID) bool { return self > l && self > r }

// receiveBy is receive with the decision beats (the tests' broken variants
// put another one in).
func receiveBy(env *model.Env, s State, m model.Message, out *model.Outbox, beats func(self, l, r model.ID) bool) State {
	if m.Kind == Leader {
		if id, ok := ringkit.PassLeader(env, m, out); ok {
			s.Leader = id
		}
		return s
	}
	s = wake(env, s, out)
	id, r, side := model.ID(m.A), uint8(m.B>>1), m.B&1
	switch {
	case !s.Active:
		// A passive process relays, in the message's direction.
		send(env, m.A, r, side, out)
	case id == env.Self:
		// The own id went round the ring: no other active process is
		// left. It comes back from both sides; announce once.
		if !s.Elected {
			s.Elected, s.Leader = true, env.Self
			out.Send(env.Next(), Leader, int32(env.Self), 0)
		}
	case r == s.Round:
		s.Cur[side] = id
	case r == s.Round+1:
		s.Ahead[side] = id
	default:
		out.Observe(ObsSkew, int32(r))
	}
	return decide(env, s, out, beats)
}

// decide ends the active process's rounds for which it holds both
// neighbours' ids: it stays active iff beats says its id beats them.
func decide(env *model.Env, s State, out *model.Outbox, beats func(self, l, r model.ID) bool) State {
	for s.Active && !s.Elected && s.Cur[cw] != model.None && s.Cur[ccw] != model.None {
		if beats(env.Self, s.Cur[cw], s.Cur[ccw]) {
			s.Round++
			s.Cur, s.Ahead = s.Ahead, [2]model.ID{}
			announceRound(env, s.Round, out)
			continue
		}
		// Beaten: become passive and relay what arrived early.
		s.Active = false
		for side, id := range s.Ahead {
			if id != model.None {
				send(env, int32(id), s.Round+1, int32(side), out)
			}
		}
		s.Cur, s.Ahead = [2]model.ID{}, [2]model.ID{}
	}
	return s
}

// encode appends the canonical encoding of s.
func encode(s State, b []byte) []byte {
	b = append(b, model.Flags(s.Started, s.Active, s.Elected), s.Round)
	return model.AppendIDs(b, ',', []model.ID{s.Cur[0], s.Cur[1], s.Ahead[0], s.Ahead[1], s.Leader})
}
