// Package ricartagrawala is the distributed mutual-exclusion algorithm of
// seed 002's comparison table, read as Ricart and Agrawala's algorithm (the
// catalog's reading): a process that wants to enter sends a timestamped
// request to every other process and enters once all of them have replied;
// a process replies at once unless it is in its critical section or it is
// waiting itself with an earlier (timestamp, id) request, in which case it
// defers the reply until it leaves.
//
// Timestamps are Lamport clocks kept by the algorithm (State.L). The
// requests go out in parallel (every request in the step that makes the
// request) or sequentially (the next request only after the previous reply
// arrived): the catalog's two delay models (AMB-MUTEX-SEND), which the
// table's delay column has to be read under.
//
// Clients are part of the model as in package central: a process asks to
// enter on its start input (and once more under the "twice" demand), and
// records "request", "enter" and "leave" observations, plus "delay" (hop
// clock at entry minus at request) and "cost" (requests sent plus replies
// received for the entry) for the table's two columns.
//
// Reference: [S2] comparison table, row "Distributed" (2(n – 1) messages,
// delay 2(n – 1), problem "Crash of any process"); catalog C-MUTEX-3 and
// A11.
package ricartagrawala

import (
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Request is request(ts): the sender wants to enter; ts is its
	// request's Lamport timestamp.
	Request = &model.Kind{Name: "request", Args: 1}
	// Reply is the permission to enter, sent at once or deferred.
	Reply = &model.Kind{Name: "reply"}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Request, Reply)

// Ambiguity indices (into model.Env.Variant); PARAM-DEMAND is
// mutex.AmbDemand.
const (
	// AmbSend is AMB-MUTEX-SEND: requests in parallel (reading 0) or
	// one after the other, each after the previous reply (reading 1).
	AmbSend = 1
)

// Readings of AmbSend.
const (
	Parallel   uint8 = 0
	Sequential uint8 = 1
)

// State is one process's state. Bit masks are indexed by process index
// (so n ≤ 64).
type State struct {
	// Phase is the client's phase (Waiting: requested, not every reply
	// received).
	Phase mutex.Phase
	// Asked is the number of requests made so far (≤ the demand).
	Asked uint8
	// L is the Lamport clock: raised past every timestamp received,
	// incremented for each request.
	L int32
	// TS is the current request's timestamp (meaningful while Waiting
	// or InCS). A request (TS, self) precedes (ts, q) when TS < ts, or
	// TS = ts and self < q.
	TS int32
	// Sent is the set of processes the current request was sent to.
	Sent uint64
	// Replied is the set of processes that replied to the current
	// request. Invariant: Replied ⊆ Sent.
	Replied uint64
	// Deferred is the set of processes whose requests wait for this
	// process to leave. Invariant: empty while Idle.
	Deferred uint64
	// Clock, ReqClock and Cost are monitors (history, left out of
	// Encode): the hop clock, its value at the current request, and the
	// messages of the current entry (requests sent, replies received).
	Clock, ReqClock, Cost int32
}

// Algorithm is Ricart–Agrawala as a pure step function.
var Algorithm = cycle.Algorithm(model.Algorithm[State]{
	Info: model.Info{
		Name:     "ricartagrawala",
		Mutex:    true,
		Title:    "Distributed mutual exclusion (Ricart–Agrawala): timestamped requests to all, replies",
		Source:   "[S2] comparison of four mutual exclusion algorithms, row Distributed; catalog A11",
		Topology: model.Complete,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{
			mutex.DemandAmbiguity,
			mutex.SendAmbiguity,
		},
	},
	Encode: func(s State, b []byte) []byte {
		b = append(b, byte(s.Phase), s.Asked)
		return model.AppendInts(b, ',', int64(s.L), int64(s.TS), int64(s.Sent), int64(s.Replied), int64(s.Deferred))
	},
})

// others is the mask of every process but self.
func others(env *model.Env) uint64 {
	all := uint64(1)<<uint(env.N()) - 1
	if env.N() == 64 {
		all = ^uint64(0)
	}
	return all &^ (1 << uint(env.Index))
}

// cycle is the client cycle (package mutex) with Ricart–Agrawala's
// request, release and messages; its Run is the step function.
var cycle = &mutex.Cycle[State]{Client: client, Ask: ask, Release: release, Receive: receive}

// client points at the client fields of s.
func client(s *State) mutex.Client {
	return mutex.Client{Phase: &s.Phase, Asked: &s.Asked, Clock: &s.Clock}
}

// receive handles one delivered message.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Request:
		return onRequest(env, s, m, out)
	case Reply:
		return onReply(env, s, m, out)
	}
	return s
}

// ask makes a request: a new timestamp, and the request to every other
// process (or to the first of them, sequentially).
func ask(env *model.Env, s State, out *model.Outbox) State {
	s.L++
	s.TS = s.L
	s.Sent, s.Replied, s.Cost, s.ReqClock = 0, 0, 0, s.Clock
	return sendNext(env, s, out)
}

// sendNext sends the current request to every other process not yet
// asked (parallel), or to the next one in index order (sequential).
func sendNext(env *model.Env, s State, out *model.Outbox) State {
	s.Cost += mutex.SendNext(env, others(env), 0, env.Reading(AmbSend) == Sequential, &s.Sent, out, Request, s.TS)
	return s
}

// precedes reports whether this process's current request precedes the
// request (ts, q).
func precedes(env *model.Env, s State, ts int32, q model.ID) bool {
	return s.TS < ts || (s.TS == ts && env.Self < q)
}

func onRequest(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	if m.A > s.L {
		s.L = m.A
	}
	s.L++
	if s.Phase == mutex.InCS || (s.Phase == mutex.Waiting && precedes(env, s, m.A, m.From)) {
		// Ricart–Agrawala: a process in its critical section, or waiting
		// with an earlier request, defers its reply until it leaves.
		s.Deferred |= mutex.Bit(env, m.From)
		return s
	}
	// Otherwise it replies at once: [S2] Distributed, the second half
	// of the "2 ( n – 1 )" messages.
	out.Send(m.From, Reply, 0, 0)
	return s
}

func onReply(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	if _, ok := mutex.Answer(env, s.Phase, s.Sent, &s.Replied, m.From); !ok {
		return s
	}
	s.Cost++
	if s.Replied == others(env) {
		// Every other process has replied: enter.
		client(&s).Enter(out)
		out.Observe(lockcheck.ObsDelay, s.Clock-s.ReqClock)
		return s
	}
	if s.Sent == s.Replied {
		// Sequential sends: the previous reply is in, ask the next.
		s = sendNext(env, s, out)
	}
	return s
}

// release is the process leaving its critical section.
func release(env *model.Env, s State, out *model.Outbox) State {
	out.Observe(lockcheck.ObsCost, s.Cost)
	// Leaving, the process sends every deferred reply.
	for i, q := range env.Topo.Order {
		if s.Deferred&(1<<uint(i)) != 0 {
			out.Send(q, Reply, 0, 0)
		}
	}
	s.Deferred = 0
	return s
}
