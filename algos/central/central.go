// Package central is the centralized mutual-exclusion algorithm of seed
// 002's comparison table: one process, the coordinator, grants a single
// lock. A client sends request to the coordinator, enters when it receives
// grant, and sends release when it leaves; the coordinator grants the lock
// to one client at a time and queues the others in arrival order.
//
// The coordinator is the best member at the start (the highest id): the
// process an election would have chosen ([S2] "select process with highest
// ID"). The coordinator is also a client; its own requests and releases are
// local and cost no message. Clients are part of the model: a process asks
// to enter on its start input (and, under the "twice" demand, once more a
// time unit after it left), records "request", "enter" and "leave"
// observations for the lock history (see claim/lockcheck), and leaves
// its critical section when a timer fires, so the adversary can interleave
// anything with a critical section.
//
// Reference: [S2] comparison table, row "Centralized" (3 messages per
// entry/exit, delay 2, problem "Coordinator crash"); catalog C-MUTEX-1 and
// algorithm A11 ("model the centralized algorithm (request, grant,
// release)").
package central

import (
	"strconv"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Request asks the coordinator for the lock.
	Request = &model.Kind{Name: "request"}
	// Grant gives the lock to the client it is sent to.
	Grant = &model.Kind{Name: "grant"}
	// Release returns the lock to the coordinator.
	Release = &model.Kind{Name: "release"}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Request, Grant, Release)

// State is one process's state: its client part, and at the coordinator
// the lock table.
type State struct {
	// Phase is the client's phase.
	Phase mutex.Phase
	// Asked is the number of requests the client has made (≤ the demand).
	Asked uint8
	// Holder is, at the coordinator, the client the lock is granted to
	// (None when free). Invariant: Holder is None or not in Queue.
	Holder model.ID
	// Queue holds, at the coordinator, the clients waiting for the lock
	// in arrival order. Never modified in place.
	Queue []model.ID
	// Clock is the process's Lamport hop clock (the longest causal chain
	// of messages it has received), a monitor for the delay observations.
	// Like Cost it is history: left out of Encode.
	Clock int32
	// Cost counts the messages of the current entry/exit: the request
	// sent, the grant received and the release sent.
	Cost int32
	// ReqClock is Clock when the current request was made.
	ReqClock int32
}

// Algorithm is the centralized mutual-exclusion algorithm as a pure step
// function.
var Algorithm = cycle.Algorithm(model.Algorithm[State]{
	Info: model.Info{
		Name:     "central",
		Mutex:    true,
		Title:    "Centralized mutual exclusion: a coordinator grants the lock (request, grant, release)",
		Source:   "[S2] comparison of four mutual exclusion algorithms, row Centralized; catalog A11",
		Topology: model.Complete,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{
			mutex.DemandAmbiguity,
		},
	},
	Encode: func(s State, b []byte) []byte {
		b = append(b, byte(s.Phase), s.Asked)
		b = strconv.AppendInt(b, int64(s.Holder), 10)
		b = append(b, '[')
		return append(model.AppendIDs(b, ',', s.Queue), ']')
	},
})

// Coordinator returns the coordinator: the best member at the start.
func Coordinator(env *model.Env) model.ID { return env.InitialCoordinator(false) }

// cycle is the client cycle (package mutex) with central's request,
// release and messages; its Run is the step function.
var cycle = &mutex.Cycle[State]{Client: client, Ask: ask, Release: release, Receive: receive}

// client points at the client fields of s.
func client(s *State) mutex.Client {
	return mutex.Client{Phase: &s.Phase, Asked: &s.Asked, Clock: &s.Clock}
}

// receive handles one delivered message.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Request:
		// Catalog C-MUTEX-1: "request, grant, release" — the
		// coordinator grants a free lock, else queues the requester
		// (textbook rule; the seeds give the table only).
		return serve(env, s, m.From, out)
	case Grant:
		if s.Phase == mutex.Waiting {
			s.Cost++
			s = enter(s, out)
			// The delay before entry of a client that is not the
			// coordinator, in message times (hop clock).
			out.Observe(lockcheck.ObsDelay, s.Clock-s.ReqClock)
		}
	case Release:
		return free(env, s, m.From, out)
	}
	return s
}

// ask makes a request: to the coordinator, or locally at the coordinator.
func ask(env *model.Env, s State, out *model.Outbox) State {
	s.Cost, s.ReqClock = 0, s.Clock
	c := Coordinator(env)
	if c == env.Self {
		return serve(env, s, env.Self, out)
	}
	// [S2] Centralized: one of the "3" messages per entry/exit.
	s.Cost++
	out.Send(c, Request, 0, 0)
	return s
}

// serve is the coordinator receiving a request from p.
func serve(env *model.Env, s State, p model.ID, out *model.Outbox) State {
	if s.Holder == model.None {
		s.Holder = p
		return grant(env, s, p, out)
	}
	q := make([]model.ID, len(s.Queue), len(s.Queue)+1)
	copy(q, s.Queue)
	s.Queue = append(q, p)
	return s
}

// grant gives the lock to p: a grant message, or local entry.
func grant(env *model.Env, s State, p model.ID, out *model.Outbox) State {
	if p == env.Self {
		return enter(s, out)
	}
	out.Send(p, Grant, 0, 0)
	return s
}

// free is the coordinator receiving the release of p: the lock goes to the
// first queued client.
func free(env *model.Env, s State, p model.ID, out *model.Outbox) State {
	if s.Holder != p {
		// A release from a client that does not hold the lock changes
		// nothing (it cannot happen in this algorithm).
		return s
	}
	s.Holder = model.None
	if len(s.Queue) > 0 {
		s.Holder, s.Queue = s.Queue[0], s.Queue[1:len(s.Queue):len(s.Queue)]
		return grant(env, s, s.Holder, out)
	}
	return s
}

// enter is the client entering its critical section.
func enter(s State, out *model.Outbox) State {
	if s.Phase != mutex.Waiting {
		return s
	}
	client(&s).Enter(out)
	return s
}

// release is the client leaving its critical section: the lock goes back
// to the coordinator.
func release(env *model.Env, s State, out *model.Outbox) State {
	if c := Coordinator(env); c == env.Self {
		s = free(env, s, env.Self, out)
	} else {
		s.Cost++
		out.Send(c, Release, 0, 0)
		// The entry's messages: request, grant, release.
		out.Observe(lockcheck.ObsCost, s.Cost)
	}
	return s
}
