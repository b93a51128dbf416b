package model_test

// The floor loops: the bare loop's Chang–Roberts rule (default reading,
// swallow) moved behind a function value, as any simulator that runs an
// algorithm it does not know must call it. They measure what the
// indirection costs on its own (floorRing: the rule changes the state in
// place and returns its one send) and with the rule's sends handed back
// as data, Step's contract (floorOutRing: the rule appends compact send
// records that the loop then reads and queues). See docs/BENCHMARKS.md,
// "How far a generic step can come".

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// floorState is one process's state in the floor loops.
type floorState struct {
	sent   bool
	leader int32
}

// Message kinds of the floor loops (stepMsg.kind): a start is delivered
// as floorStart.
const (
	floorElect, floorCoord, floorStart int32 = 0, 1, 2
)

// floorSend is one send in floorOutRing's outbox: the kind and the
// payload (the receiver is always the ring successor).
type floorSend struct{ kind, a int32 }

// floorRule is the Chang–Roberts rule for process self with state *s on
// input (kind, a): it reports whether the process sends, and what.
type floorRule func(self int32, s *floorState, kind, a int32) (okind, oa int32, send bool)

// floorOutRule is the same rule appending its send, if any, to out.
type floorOutRule func(self int32, s *floorState, kind, a int32, out []floorSend) []floorSend

// crFloor is floorRule's Chang–Roberts rule (the bare loop's run, one
// input at a time).
func crFloor(self int32, s *floorState, kind, a int32) (int32, int32, bool) {
	switch {
	case kind == floorStart:
		if s.sent {
			return 0, 0, false
		}
		s.sent = true
		return floorElect, self, true
	case kind == floorCoord:
		if a == self {
			return 0, 0, false // the announcement has gone round: n hops
		}
		s.leader = a
		return floorCoord, a, true
	case a == self:
		s.leader = self
		return floorCoord, self, true
	case self > a:
		if s.sent {
			return 0, 0, false
		}
		s.sent = true
		return floorElect, self, true
	default:
		return floorElect, a, true
	}
}

// crFloorOut is crFloor with its send appended to out.
func crFloorOut(self int32, s *floorState, kind, a int32, out []floorSend) []floorSend {
	if k, x, ok := crFloor(self, s, kind, a); ok {
		out = append(out, floorSend{k, x})
	}
	return out
}

// The rules are read from variables so that the compiler cannot inline
// them into the loops (a simulator receives its algorithm at run time).
var (
	floorRules    = []floorRule{crFloor}
	floorOutRules = []floorOutRule{crFloorOut}
)

// floorRing is the floor loops' ring: the ids, the states, the global
// FIFO queue of the bare loop, and the rule.
type floorRing struct {
	ids    []int32
	states []floorState
	queue  fifo[stepMsg]
	rule   floorRule
	out    floorOutRule
}

func newFloorRing(ids []model.ID) *floorRing {
	n := len(ids)
	r := &floorRing{ids: make([]int32, n), states: make([]floorState, n), queue: newFIFO[stepMsg](n),
		rule: floorRules[0], out: floorOutRules[0]}
	for i, id := range ids {
		r.ids[i] = int32(id)
	}
	return r
}

// run starts every process in index order, then delivers the messages
// oldest first through r.rule; it returns the number of deliveries.
func (r *floorRing) run() (deliveries int64) {
	n := int32(len(r.ids))
	q, rule := &r.queue, r.rule
	deliver := func(p, kind, a int32) {
		if k, x, ok := rule(r.ids[p], &r.states[p], kind, a); ok {
			next := p + 1
			if next == n {
				next = 0
			}
			q.push(stepMsg{pos: next, kind: k, a: x})
		}
	}
	for p := range n {
		deliver(p, floorStart, 0)
	}
	for q.size > 0 {
		m := q.pop()
		deliveries++
		deliver(m.pos, m.kind, m.a)
	}
	return deliveries
}

// runOut is run with the sends handed back through r.out's outbox. Its
// loop is run's, written twice on purpose: a shared driver would call
// deliver through a function value (or branch on the loop kind) at every
// delivery, a cost neither floor measures. TestBareRingMatchesSim checks
// both against the Sim.
func (r *floorRing) runOut() (deliveries int64) {
	n := int32(len(r.ids))
	q, rule := &r.queue, r.out
	out := make([]floorSend, 0, 4)
	deliver := func(p, kind, a int32) {
		out = rule(r.ids[p], &r.states[p], kind, a, out[:0])
		next := p + 1
		if next == n {
			next = 0
		}
		for _, o := range out {
			q.push(stepMsg{pos: next, kind: o.kind, a: o.a})
		}
	}
	for p := range n {
		deliver(p, floorStart, 0)
	}
	for q.size > 0 {
		m := q.pop()
		deliveries++
		deliver(m.pos, m.kind, m.a)
	}
	return deliveries
}

func benchFloor(b *testing.B, n int, outbox bool) {
	name := "floor"
	if outbox {
		name = "floor-outbox"
	}
	benchRingLoop(b, n, name, func(ids []model.ID) (func() int64, func(int) model.ID) {
		r := newFloorRing(ids)
		run := r.run
		if outbox {
			run = r.runOut
		}
		return run, func(p int) model.ID { return model.ID(r.states[p].leader) }
	})
}

// BenchmarkFloorRingChangRoberts1M runs the rule through a function value
// over the 1,000,000-process ring of BenchmarkSimChangRoberts1M.
func BenchmarkFloorRingChangRoberts1M(b *testing.B) { benchFloor(b, 1_000_000, false) }

// BenchmarkFloorRingChangRoberts10K is the same over the 10,000-ring.
func BenchmarkFloorRingChangRoberts10K(b *testing.B) { benchFloor(b, 10_000, false) }

// BenchmarkFloorOutboxChangRoberts1M hands the sends back as data.
func BenchmarkFloorOutboxChangRoberts1M(b *testing.B) { benchFloor(b, 1_000_000, true) }

// BenchmarkFloorOutboxChangRoberts10K is the same over the 10,000-ring.
func BenchmarkFloorOutboxChangRoberts10K(b *testing.B) { benchFloor(b, 10_000, true) }
