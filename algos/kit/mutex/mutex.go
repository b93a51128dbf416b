// Package mutex is the client cycle the mutual-exclusion algorithms of
// [S2]'s comparison table share (algos/central, decentral, ricartagrawala,
// tokenring): a process asks to enter on its start input (and, under the
// "twice" demand, once more a time unit after it left), records "request",
// "enter" and "leave" observations for the lock history (claim/lockcheck),
// and leaves its critical section when a timer fires, so the adversary can
// interleave anything with a critical section. An algorithm keeps the
// client fields in its state (Client points at them) and gives a Cycle the
// two things it does itself: what a
// request sends, and what leaving releases. The package imports only
// model, so the algorithm packages may use it.
package mutex

import (
	"fmt"

	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// Phase is where a client is in its request cycle.
type Phase uint8

const (
	// Idle: not asking and not in the critical section.
	Idle Phase = iota
	// Waiting: asked, not yet entered.
	Waiting
	// InCS: in the critical section.
	InCS
)

// Timers of the client cycle (an algorithm numbers its own timers from 3).
const (
	// TimerLeave ends a critical section (armed on entry).
	TimerLeave uint8 = 1
	// TimerThink starts the next request (armed on leaving, while the
	// demand is not exhausted).
	TimerThink uint8 = 2
)

// CSTime and ThinkTime are how long a critical section and the pause
// before the next request last, in time units (rounds in sync timing).
const (
	CSTime    = 1
	ThinkTime = 1
)

// AmbDemand is the index of PARAM-DEMAND (DemandAmbiguity) in every
// mutual-exclusion algorithm's ambiguities: how many times each requesting
// process asks to enter, once (reading 0) or twice (reading 1).
const AmbDemand = 0

// Demand returns the number of requests per requesting process under the
// variant in force.
func Demand(env *model.Env) uint8 { return env.Reading(AmbDemand) + 1 }

// Client points at the client fields of an algorithm's state. They stay
// the algorithm's own fields, in its own order, so its state prints as it
// always did.
type Client struct {
	// Phase is the client's phase.
	Phase *Phase
	// Asked is the number of requests the client has made (≤ the demand).
	Asked *uint8
	// Clock is the process's Lamport hop clock (the longest causal chain
	// of messages it has received), a monitor for the delay observations:
	// history, which the algorithms leave out of their Encode.
	Clock *int32
}

// Enter is the client entering its critical section: it records "enter"
// (with the hop clock) and arms the leave timer.
func (c Client) Enter(out *model.Outbox) {
	*c.Phase = InCS
	out.Observe(lockcheck.ObsEnter, *c.Clock)
	out.SetTimer(TimerLeave, CSTime)
}

// Cycle is one algorithm's client cycle over its state S.
type Cycle[S any] struct {
	// Client returns the client fields of s.
	Client func(s *S) Client
	// Ask is the algorithm's part of a request, called once the request
	// is recorded (Phase Waiting, Asked counted, "request" observed).
	Ask func(env *model.Env, s S, out *model.Outbox) S
	// Release is the algorithm's part of leaving, called once the leave
	// is recorded (Phase Idle, "leave" observed) and before the think
	// timer is armed.
	Release func(env *model.Env, s S, out *model.Outbox) S
	// Receive is the algorithm's handling of one delivered message.
	Receive func(env *model.Env, s S, m model.Message, out *model.Outbox) S
	// Timer is the algorithm's handling of one of its own timers (nil
	// when it has none).
	Timer func(env *model.Env, s S, timer uint8, out *model.Outbox) S
}

// Algorithm returns a, a mutual-exclusion algorithm with this client
// cycle, completed: its step function is the cycle's Run, its View is
// empty (a lock elects nobody), and its initial state is the zero state
// where a has no Init.
func (c *Cycle[S]) Algorithm(a model.Algorithm[S]) *model.Algorithm[S] {
	if a.Init == nil {
		a.Init = func(*model.Env) S {
			var zero S
			return zero
		}
	}
	a.Step = c.Run
	a.View = func(S) model.View { return model.View{} }
	a.Mutex, a.Invariant, a.InvariantName = true, c.OneInCS, "mutual exclusion (at most one live process in its critical section)"
	return &a
}

// OneInCS is the cycle's step invariant (model.Info.Invariant): at most
// one live process of s is in its critical section.
func (c *Cycle[S]) OneInCS(s model.System) error {
	first := model.None
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st, ok := s.State(i).(S)
		if !ok {
			return fmt.Errorf("process %d: state %T is not this algorithm's", s.Topo().Order[i], s.State(i))
		}
		if *c.Client(&st).Phase != InCS {
			continue
		}
		if first != model.None {
			return fmt.Errorf("live processes %d and %d are in their critical sections at once", first, s.Topo().Order[i])
		}
		first = s.Topo().Order[i]
	}
	return nil
}

// Run is the algorithm's whole step function: the client cycle's part
// (Step), then the algorithm's own timers (Timer) and the delivered
// messages, one at a time (Receive). Other inputs change nothing.
func (c *Cycle[S]) Run(env *model.Env, s S, in model.Input, out *model.Outbox) S {
	s, handled := c.Step(env, s, in, out)
	if handled {
		return s
	}
	switch in.Kind {
	case model.InTimer:
		if c.Timer != nil {
			s = c.Timer(env, s, in.Timer, out)
		}
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = c.Receive(env, s, m, out)
		}
	}
	return s
}

// Step runs the client cycle's part of a step: it raises the hop clock
// past the delivered messages, and handles the start input (the first
// request) and the two timers of the cycle. handled is false for the
// inputs the algorithm handles itself (deliveries, its own timers).
func (c *Cycle[S]) Step(env *model.Env, s S, in model.Input, out *model.Outbox) (_ S, handled bool) {
	cl := c.Client(&s)
	for _, m := range in.Msgs {
		if m.Hops > *cl.Clock {
			*cl.Clock = m.Hops
		}
	}
	switch {
	case in.Kind == model.InStart:
		// A process asks to enter: the client side of the model.
		if *cl.Phase == Idle && *cl.Asked == 0 {
			s = c.ask(env, s, out)
		}
	case in.Kind == model.InTimer && in.Timer == TimerLeave:
		s = c.leave(env, s, out)
	case in.Kind == model.InTimer && in.Timer == TimerThink:
		if *cl.Phase == Idle && *cl.Asked < Demand(env) {
			s = c.ask(env, s, out)
		}
	default:
		return s, false
	}
	return s, true
}

// ask makes a request.
func (c *Cycle[S]) ask(env *model.Env, s S, out *model.Outbox) S {
	cl := c.Client(&s)
	*cl.Phase, *cl.Asked = Waiting, *cl.Asked+1
	out.Observe(lockcheck.ObsRequest, *cl.Clock)
	return c.Ask(env, s, out)
}

// leave is the client leaving its critical section.
func (c *Cycle[S]) leave(env *model.Env, s S, out *model.Outbox) S {
	cl := c.Client(&s)
	if *cl.Phase != InCS {
		return s
	}
	*cl.Phase = Idle
	out.Observe(lockcheck.ObsLeave, 0)
	s = c.Release(env, s, out)
	if *cl.Asked < Demand(env) {
		out.SetTimer(TimerThink, ThinkTime)
	}
	return s
}

// Bit is the bit of process p in a mask of processes (bit i: the process
// of topology index i).
func Bit(env *model.Env, p model.ID) uint64 { return 1 << uint(env.Topo.IndexOf(p)) }

// Answer takes in process p's answer to a client that asked processes by
// masks: sent, the processes asked for the current request, and replied,
// those that have answered it. An answer counts when the client is
// waiting, asked p and has not had p's answer yet; Answer then sets p's
// bit (returned) in replied. ok is false for an answer that does not
// count, and nothing is recorded.
func Answer(env *model.Env, phase Phase, sent uint64, replied *uint64, p model.ID) (bit uint64, ok bool) {
	b := Bit(env, p)
	if phase != Waiting || sent&b == 0 || *replied&b != 0 {
		return 0, false
	}
	*replied |= b
	return b, true
}

// SendNext sends a client's current request (kind, with argument a) to
// the processes of targets, a mask of processes (see Bit), that it has
// not asked yet (not in sent): to every one of them when the requests go
// out in parallel, or only to the first of them when sequential
// (AMB-MUTEX-SEND's two readings), in ring order from topology index
// first. It adds the processes asked to sent and returns how many
// requests it sent.
func SendNext(env *model.Env, targets uint64, first int, sequential bool, sent *uint64, out *model.Outbox, kind *model.Kind, a int32) int32 {
	n := env.N()
	asked := int32(0)
	for k := range n {
		i := (first + k) % n
		b := uint64(1) << uint(i)
		if targets&b == 0 || *sent&b != 0 {
			continue
		}
		*sent |= b
		asked++
		out.Send(env.Topo.Order[i], kind, a, 0)
		if sequential {
			break
		}
	}
	return asked
}
