// Package tokenring is the token-ring mutual-exclusion algorithm of seed
// 002's comparison table: the processes form a logical ring (index order
// of a complete network), one token circulates, a process enters its
// critical section only while it holds the token and passes the token to
// its successor when it leaves or when it does not want it.
//
// A real token ring circulates its token for ever; a model run must end.
// So the token parks: a holder that sees the token complete a whole lap in
// which no process wanted it keeps it (and passes it on again when asked).
// A process that asks while the token is parked elsewhere wakes it: after
// WakeTime without the token it sends one wake round the ring, forwarded
// until it reaches the process holding the token (or comes back). The token
// starts parked at the first process of the ring. Parking changes neither
// the messages per entry/exit while processes want the token (one pass)
// nor the delay before entry (at most n−1 passes after the request: a
// parked token is on the way to the requester); it only cuts the idle
// circulation — the table's "∞" — at one lap.
//
// Accounting: the token carries A, the passes since the last exit (0 when
// the token was last woken or never used, so those passes count for no
// entry), and B, the number of consecutive holders that did not want it.
// A process observes "cost" (A, the passes that brought the token from the
// previous exit here, or to where it parks) and "pass" at every pass (Val:
// the pass's A), which the delay measure counts between a request and its
// entry.
//
// Reference: [S2] comparison table, row "Token ring" (1 to ∞ messages,
// delay 0 to n – 1, problems "Lost token, process crash"); catalog
// C-MUTEX-4 and A11.
package tokenring

import (
	"strconv"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Token is token(A, B): A passes since the last exit (0 when
	// unattributed), B consecutive holders that did not want it.
	Token = &model.Kind{Name: "token", Args: 2}
	// Wake is wake(origin): a waiting process asks a parked token to
	// move; forwarded round the ring until it reaches the token's holder.
	Wake = &model.Kind{Name: "wake", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Token, Wake)

// TimerWake fires while a request waits for the token: send wake (the
// client cycle's timers are mutex.TimerLeave and mutex.TimerThink).
const TimerWake uint8 = 3

// WakeTime is how long a request waits for the token before waking it: a
// little over two laps (it fires only when no message is in flight under
// accurate timeouts).
func WakeTime(env *model.Env) int64 { return int64(2*env.N() + 2) }

// State is one process's state.
type State struct {
	// Phase is the client's phase (Waiting: asked, not yet holding the
	// token). Invariant: InCS implies Has.
	Phase mutex.Phase
	// Asked is the number of requests made so far (≤ the demand).
	Asked uint8
	// Has: the process holds the token.
	Has bool
	// Parked: the token is parked here. Invariant: Parked implies Has
	// and not InCS.
	Parked bool
	// A and B are the token's counters while the process holds it.
	A, B int32
	// Clock is the hop clock monitor (history, left out of Encode).
	Clock int32
}

// Algorithm is the token ring as a pure step function.
var Algorithm = cycle.Algorithm(model.Algorithm[State]{
	Info: model.Info{
		Name:        "tokenring",
		Mutex:       true,
		Title:       "Token-ring mutual exclusion: one token circulates on a logical ring",
		Source:      "[S2] comparison of four mutual exclusion algorithms, row Token ring; catalog A11",
		Topology:    model.Complete,
		Kinds:       kinds,
		Ambiguities: []model.Ambiguity{mutex.DemandAmbiguity},
	},
	Init: func(env *model.Env) State {
		// The token starts parked at the first process of the ring.
		if env.Index == 0 {
			return State{Has: true, Parked: true}
		}
		return State{}
	},
	Encode: func(s State, b []byte) []byte {
		b = append(b, byte(s.Phase), s.Asked, model.Flags(s.Has, s.Parked))
		b = strconv.AppendInt(b, int64(s.A), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.B), 10)
		return append(b, ';')
	},
})

// cycle is the client cycle (package mutex) with the token ring's
// request, release, wake timer and messages; its Run is the step function.
var cycle = &mutex.Cycle[State]{Client: client, Ask: ask, Release: leave, Receive: receive, Timer: timer}

// client points at the client fields of s.
func client(s *State) mutex.Client {
	return mutex.Client{Phase: &s.Phase, Asked: &s.Asked, Clock: &s.Clock}
}

// timer handles the wake timer of a process still waiting without the
// token.
func timer(env *model.Env, s State, t uint8, out *model.Outbox) State {
	if t == TimerWake && s.Phase == mutex.Waiting && !s.Has {
		// One wake per request is enough: when it is sent the token is
		// parked, held in a critical section (its holder passes it on,
		// and a token that moves reaches every process that wants it
		// before it parks again) or lost.
		out.Send(env.Next(), Wake, int32(env.Self), 0)
	}
	return s
}

// receive handles one delivered message.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Token:
		return onToken(env, s, m, out)
	case Wake:
		return onWake(env, s, m, out)
	}
	return s
}

// ask makes a request: enter at once when the (parked) token is here,
// else wait for it.
func ask(env *model.Env, s State, out *model.Outbox) State {
	if s.Has {
		// [S2] Token ring: a delay of "0" message times — the token is
		// already here.
		s.Parked = false
		return enter(s, out)
	}
	out.SetTimer(TimerWake, WakeTime(env))
	return s
}

func onToken(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	s.Has, s.A, s.B = true, m.A, m.B
	if s.Phase == mutex.Waiting {
		// A process that wants to enter holds the token while it is in
		// its critical section.
		out.CancelTimer(TimerWake)
		return enter(s, out)
	}
	// A process that does not want the token passes it on.
	s.B++
	if int(s.B) >= env.N() {
		// A whole lap of holders that did not want it: park (the
		// model's cut of the idle circulation, the table's "∞").
		s.Parked = true
		if s.A > 0 {
			out.Observe(lockcheck.ObsCost, s.A)
		}
		s.A, s.B = 0, 0
		return s
	}
	return pass(env, s, out)
}

// onWake handles a wake: the holder of the token resumes a parked token
// (and otherwise ignores it: it will pass the token when it leaves); the
// others forward it, unless the next process is its origin.
func onWake(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	if s.Has {
		if s.Parked {
			s.Parked, s.B = false, 0
			return pass(env, s, out)
		}
		return s
	}
	if env.Next() != model.ID(m.A) {
		out.Send(env.Next(), Wake, m.A, 0)
	}
	return s
}

// pass sends the token to the successor.
func pass(env *model.Env, s State, out *model.Outbox) State {
	if s.A > 0 {
		s.A++
	}
	out.Observe("pass", s.A)
	out.Send(env.Next(), Token, s.A, s.B)
	s.Has, s.A, s.B = false, 0, 0
	return s
}

func enter(s State, out *model.Outbox) State {
	if s.A > 0 {
		// The passes since the previous exit: that entry/exit's cost.
		out.Observe(lockcheck.ObsCost, s.A)
	}
	s.A, s.B = 0, 0
	client(&s).Enter(out)
	return s
}

// leave is the process leaving its critical section.
func leave(env *model.Env, s State, out *model.Outbox) State {
	// Leaving, the holder passes the token on: the first message of this
	// entry/exit's cost (A = 1); nobody has skipped it yet (B = 0).
	out.Observe("pass", 1)
	out.Send(env.Next(), Token, 1, 0)
	s.Has, s.A, s.B = false, 0, 0
	return s
}
