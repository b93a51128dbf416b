package model

import (
	"fmt"
	"slices"
)

// Simulator is the fast mutable simulator with its state type erased.
type Simulator interface {
	// Run executes until quiescence or until maxEvents events have been
	// applied (0 = no cap) and reports the outcome.
	Run(maxEvents int64) SimResult
}

// SimResult is the outcome of a Sim run.
type SimResult struct {
	// Quiescent is false when the run stopped at the event cap.
	Quiescent bool
	// Events is the number of steps taken (deliveries, starts, timers) or,
	// in sync timing, rounds.
	Events int64
	// Rounds is the number of lock-step rounds (sync timing).
	Rounds int64
	// Counts is the message accounting.
	Counts Counts
	// Views are the final views, by index.
	Views []View
	// Status are the final statuses, by index.
	Status []Status
	// LearnHops is each process's hop clock when its leader last changed.
	LearnHops []int32
	// Faults counts sends to non-members or to self (a broken algorithm).
	Faults int64
}

// Sim runs an algorithm's step functions over large n with no copying and
// no fingerprints. Its scheduler is fixed: every initiator starts first (in
// index order), then messages are delivered oldest first (async timing), or
// round by round (sync timing); an armed timer fires only when no message is
// in flight, earliest first. This is the World's "fifo" schedule, so both
// give the same outcome for the same config (a test checks it).
type Sim[S any] struct {
	alg    *Algorithm[S]
	r      *resolved
	states []S
	status []Status
	hops   []int32
	learn  []int32
	timers [][]timer
	// queue is the global FIFO of messages in flight: queue[head:].
	queue []Message
	head  int
	// next holds the messages of the next round (sync timing); spare is
	// the buffer of the round being delivered, reused.
	next, spare []Message
	// faults counts sends to non-members (a broken algorithm).
	faults int64
	counts Counts
	events int64
	rounds int64
	out    Outbox
	batch  [1]Message
}

// NewSim builds the fast simulator for cfg (see Spec). Crash budgets,
// recovery and joins need the World; NewSim rejects them.
func (a *Algorithm[S]) NewSim(cfg *Config) (Simulator, error) { return a.NewFastSim(cfg) }

// NewFastSim builds the fast simulator for cfg with its type.
func (a *Algorithm[S]) NewFastSim(cfg *Config) (*Sim[S], error) {
	r, err := resolve(&a.Info, cfg)
	if err != nil {
		return nil, err
	}
	if cfg.CrashBudget > 0 || cfg.Recovery || len(cfg.Absent) > 0 {
		return nil, fmt.Errorf("the fast simulator runs fixed schedules only: crash budget, recovery and joins need the World")
	}
	n := r.topo.N()
	s := &Sim[S]{alg: a, r: r, states: make([]S, n), status: make([]Status, n),
		hops: make([]int32, n), learn: make([]int32, n), timers: make([][]timer, n)}
	s.counts.ByKind = make([]KindCount, len(a.Kinds))
	for i := range n {
		s.states[i] = a.Init(&r.envs[i])
		s.learn[i] = -1
		if r.crashed[i] {
			s.status[i] = Crashed
		}
	}
	return s, nil
}

// Run executes the fixed schedule (see Sim).
func (s *Sim[S]) Run(maxEvents int64) SimResult {
	capped := func() bool { return maxEvents > 0 && s.events >= maxEvents }
	for i := range s.states {
		if s.r.initiator[i] && s.status[i] == Live {
			s.events++
			s.step(i, Input{Kind: InStart})
		}
	}
	sync := s.r.cfg.Timing == Sync
	for !capped() {
		if sync {
			if len(s.next) == 0 && !s.anyTimer() {
				break
			}
			s.round()
			continue
		}
		if s.head < len(s.queue) {
			m := s.queue[s.head]
			s.head++
			if s.head == len(s.queue) {
				s.queue, s.head = s.queue[:0], 0
			} else if s.head > 1<<16 && s.head*2 > len(s.queue) {
				n := copy(s.queue, s.queue[s.head:])
				s.queue, s.head = s.queue[:n], 0
			}
			s.events++
			s.batch[0] = m
			s.receive(s.r.topo.IndexOf(m.To), s.batch[:])
			continue
		}
		if !s.fireEarliest() {
			break
		}
	}
	res := SimResult{Quiescent: !capped() || (s.head == len(s.queue) && len(s.next) == 0 && !s.anyTimer()),
		Events: s.events, Rounds: s.rounds, Counts: s.counts.clone(),
		Views: make([]View, len(s.states)), Status: append([]Status(nil), s.status...),
		LearnHops: append([]int32(nil), s.learn...), Faults: s.faults}
	for i := range s.states {
		res.Views[i] = s.alg.View(s.states[i])
	}
	return res
}

func (s *Sim[S]) anyTimer() bool {
	for i, ts := range s.timers {
		if len(ts) > 0 && s.status[i] == Live {
			return true
		}
	}
	return false
}

// fireEarliest fires the armed timer with the earliest deadline (lowest
// index on ties); false when none is armed.
func (s *Sim[S]) fireEarliest() bool {
	bp, bj := -1, -1
	for p, ts := range s.timers {
		if s.status[p] != Live {
			continue
		}
		for j, t := range ts {
			if bp < 0 || t.due < s.timers[bp][bj].due {
				bp, bj = p, j
			}
		}
	}
	if bp < 0 {
		return false
	}
	id := s.timers[bp][bj].id
	s.timers[bp] = slices.Delete(s.timers[bp], bj, bj+1)
	s.events++
	s.step(bp, Input{Kind: InTimer, Timer: id})
	return true
}

// round delivers every message in flight as per-receiver batches, then
// fires due timers.
func (s *Sim[S]) round() {
	s.rounds++
	s.events++
	cur := s.next
	s.next = s.spare[:0]
	topo := s.r.topo
	slices.SortStableFunc(cur, func(a, b Message) int { return topo.IndexOf(a.To) - topo.IndexOf(b.To) })
	for start := 0; start < len(cur); {
		end := start + 1
		for end < len(cur) && cur[end].To == cur[start].To {
			end++
		}
		s.receive(topo.IndexOf(cur[start].To), cur[start:end:end])
		start = end
	}
	s.spare = cur[:0]
	for p := range s.timers {
		for s.status[p] == Live {
			j := slices.IndexFunc(s.timers[p], func(t timer) bool { return t.due <= s.rounds })
			if j < 0 {
				break
			}
			id := s.timers[p][j].id
			s.timers[p] = slices.Delete(s.timers[p], j, j+1)
			s.step(p, Input{Kind: InTimer, Timer: id})
		}
	}
}

func (s *Sim[S]) now() int64 {
	if s.r.cfg.Timing == Sync {
		return s.rounds
	}
	return s.events
}

func (s *Sim[S]) receive(p int, msgs []Message) {
	if s.status[p] == Live {
		for i := range msgs {
			m := &msgs[i]
			s.counts.Deliveries++
			s.counts.ByKind[m.Kind.Code].Deliveries++
			if m.Hops > s.hops[p] {
				s.hops[p] = m.Hops
			}
		}
		s.step(p, Input{Kind: InDeliver, Msgs: msgs})
		return
	}
	topo := s.r.topo
	for _, m := range msgs {
		if next, ok := forwardTarget(topo, s.r.forwarding && s.status[p] == Crashed, p, m.From); ok {
			m.From, m.To, m.Hops = topo.Order[p], topo.Order[next], m.Hops+1
			s.counts.Forwards++
			s.enqueue(m)
		} else if sender := topo.IndexOf(m.From); s.alg.Bounce && s.status[sender] == Live {
			s.step(sender, Input{Kind: InBounce, Msgs: []Message{m}})
		}
	}
}

// forwardTarget is where the control part of crashed ring node p forwards a
// message that came from `from`: onward in the direction of travel.
func forwardTarget(topo *Topology, forwarding bool, p int, from ID) (int, bool) {
	if !forwarding || topo.Kind == Complete {
		return 0, false
	}
	next := topo.Next(p)
	if topo.Kind == BiRing && from == topo.Order[next] {
		next = topo.Prev(p)
	}
	return next, true
}

func (s *Sim[S]) step(p int, in Input) {
	in.Now = s.now()
	env := &s.r.envs[p]
	s.out.Reset(env.Self)
	before := s.alg.View(s.states[p]).Leader
	s.states[p] = s.alg.Step(env, s.states[p], in, &s.out)
	if s.alg.View(s.states[p]).Leader != before {
		s.learn[p] = s.hops[p]
	}
	for i := range s.out.out {
		o := &s.out.out[i]
		switch o.Kind {
		case OutSend:
			s.counts.Transmissions++
			s.counts.ByKind[o.Msg.Kind.Code].Transmissions++
			m := o.Msg
			m.Hops = s.hops[p] + 1
			s.enqueue(m)
		case OutMulticast:
			s.counts.Transmissions++
			s.counts.ByKind[o.Msg.Kind.Code].Transmissions++
			for _, d := range o.Dests {
				m := o.Msg
				m.To, m.Hops = d, s.hops[p]+1
				s.enqueue(m)
			}
		case OutSetTimer:
			s.timers[p] = setTimer(s.timers[p], o.Timer, in.Now+o.Delay)
		case OutCancelTimer:
			s.timers[p] = slices.DeleteFunc(s.timers[p], func(t timer) bool { return t.id == o.Timer })
		}
	}
}

func setTimer(ts []timer, id uint8, due int64) []timer {
	for j := range ts {
		if ts[j].id == id {
			ts[j].due = due
			return ts
		}
	}
	return append(ts, timer{id: id, due: due})
}

func (s *Sim[S]) enqueue(m Message) {
	if to := s.r.topo.IndexOf(m.To); to < 0 || m.To == m.From {
		s.faults++
		return
	}
	s.counts.Sends++
	s.counts.ByKind[m.Kind.Code].Sends++
	if s.r.cfg.Timing == Sync {
		s.next = append(s.next, m)
		return
	}
	s.queue = append(s.queue, m)
}
