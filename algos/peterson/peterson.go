// Package peterson is Peterson's O(n log n) election on a unidirectional
// ring: Franklin's neighbour comparison with messages that travel one way
// only. Each active process holds a temporary id (its own at first) and
// works in phases: it sends its temporary id on; it receives the
// temporary id of the nearest active process behind it (uid2), passes it
// on, and receives the one of the active process behind that (uid3). It
// stays active iff uid2 is higher than both its own temporary id and
// uid3, and then adopts uid2 as its temporary id for the next phase (it
// stands in for its predecessor, which is a local maximum among the active
// temporary ids); otherwise it becomes a relay, which passes every message
// on. At most half the active processes stay active in each phase, and the
// maximum id always survives as some active process's temporary id. An
// active process that receives its own temporary id as uid2 is the only
// one left: it is elected, and announces itself with a leader message that
// goes once round the ring.
//
// The elected process is not the one with the highest id: it is the one
// holding the highest id as its temporary id at the end (in phase 1 the
// highest id's holder receives a lower uid2 and becomes a relay, and its
// successor carries the highest id on). The
// validity claim says so: exactly one process is elected, every process
// learns which, and the winning temporary id is the maximum id.
//
// A process that has not started wakes up when the first message reaches
// it and takes part from phase 1 (so every process takes part, as in the
// paper, whichever initiate). The phase logic relies on FIFO links: uid2
// and uid3 come from the same predecessor in that order.
//
// This is Peterson's algorithm (chosen over the similar Dolev–Klawe–Rodeh
// one): G. L. Peterson, "An O(n log n) unidirectional algorithm for the
// circular extrema problem", ACM TOPLAS 4(4), 1982, pp. 758–762. Not one of
// the seed papers: its claims are beyond the catalog.
package peterson

import (
	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Elect is elect(tid): a temporary id on its way (uid2, then uid3,
	// to the receiving active process).
	Elect = &model.Kind{Name: "elect", Args: 1}
	// Leader is leader(id): the announcement of the elected process.
	Leader = &model.Kind{Name: "leader", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Elect, Leader)

// Observation tags.
const (
	// ObsPhase is observed (value: the phase) when a process enters a
	// phase as an active process.
	ObsPhase = "phase"
	// ObsWon is observed by the elected process (value: its final
	// temporary id).
	ObsWon = "won"
)

// State is one process's state.
type State struct {
	// Started: the process takes part (it initiated, or a message woke
	// it up).
	Started bool
	// Active: the process is still a candidate; relays pass messages on.
	Active bool
	// Elected: the process received its own temporary id as uid2.
	Elected bool
	// HaveUID2: the active process has received uid2 in this phase and
	// waits for uid3.
	HaveUID2 bool
	// Phase is the active process's current phase (1, 2, ...).
	Phase uint8
	// TID is the temporary id (uid1); UID2 the one received first in the
	// current phase.
	TID, UID2 model.ID
	// Leader is the elected process once the process knows it.
	Leader model.ID
}

// Algorithm is Peterson's election as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "peterson",
		Title:    "Peterson: unidirectional ring, O(n log n) by temporary ids",
		Source:   "G. L. Peterson, ACM TOPLAS 4(4), 1982 (beyond the seeds)",
		Topology: model.UniRing,
		Compare:  true,
		Elects:   "process holding the highest id as its temporary id (not the highest id itself)",
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

// wake makes the process active in phase 1 with its own id.
func wake(env *model.Env, s State, out *model.Outbox) State {
	if s.Started {
		return s
	}
	s.Started, s.Active, s.Phase, s.TID = true, true, 1, env.Self
	out.Observe(ObsPhase, 1)
	out.Send(env.Next(), Elect, int32(s.TID), 0)
	return s
}

// receive handles one delivered message.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	return receiveBy(env, s, m, out, carries)
}

// carries is Peterson's decision: the active process with temporary id
// tid stays active, carrying uid2 into the next phase, iff uid2 beats both
// tid and uid3.
func carries(tid, uid2, uid3 model.ID) bool { return uid2 > tid && uid2 > uid3 }

// receiveBy is receive with the decision stays (the tests' broken variants
// put another one in).
func receiveBy(env *model.Env, s State, m model.Message, out *model.Outbox, stays func(tid, uid2, uid3 model.ID) bool) State {
	if m.Kind == Leader {
		if id, ok := ringkit.PassLeader(env, m, out); ok {
			s.Leader = id
		}
		return s
	}
	s = wake(env, s, out)
	v := model.ID(m.A)
	switch {
	case !s.Active:
		out.Send(env.Next(), Elect, m.A, 0)
	case !s.HaveUID2 && v == s.TID:
		// The own temporary id went round: no other active process.
		s.Elected, s.Leader = true, env.Self
		out.Observe(ObsWon, int32(s.TID))
		out.Send(env.Next(), Leader, int32(env.Self), 0)
	case !s.HaveUID2:
		s.HaveUID2, s.UID2 = true, v
		out.Send(env.Next(), Elect, m.A, 0)
	case stays(s.TID, s.UID2, v):
		// The predecessor's temporary id is a local maximum: carry it
		// into the next phase.
		s.HaveUID2, s.TID, s.UID2 = false, s.UID2, model.None
		s.Phase++
		out.Observe(ObsPhase, int32(s.Phase))
		out.Send(env.Next(), Elect, int32(s.TID), 0)
	default:
		s.Active, s.HaveUID2, s.UID2 = false, false, model.None
	}
	return s
}

// encode appends the canonical encoding of s.
func encode(s State, b []byte) []byte {
	b = append(b, model.Flags(s.Started, s.Active, s.Elected, s.HaveUID2), s.Phase)
	return model.AppendIDs(b, ',', []model.ID{s.TID, s.UID2, s.Leader})
}
