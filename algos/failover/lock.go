package failover

import (
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// LockState is one process's state in Central(elect): the election part,
// the lock table it keeps while it serves as coordinator, and its client.
type LockState[E any] struct {
	Core[E]
	// Serving is the epoch this process serves the lock in as
	// coordinator, -1 when it does not. Invariant: Serving ≥ 0 implies
	// Serving = Epoch and the election View says Coordinator.
	Serving int32
	// Recovering: the coordinator's recovery round is under way (it has
	// asked every process for its state and grants nothing until every
	// live one has answered).
	Recovering bool
	// Holder is, at the coordinator, the client the lock is granted to
	// (None when free). Invariant: Holder is None or not in Queue.
	Holder model.ID
	// Queue holds, at the coordinator, the waiting clients in arrival
	// order. Never modified in place.
	Queue []model.ID
	// Probed: the coordinator pinged the remote holder and has had no
	// answer yet. Probes counts the pings of the current holder
	// (saturating at 3; see Pings).
	Probed bool
	// Probes counts the pings of the current holder (saturating at 3).
	Probes uint8
	// Phase and Asked are the client's phase and requests made so far.
	Phase mutex.Phase
	// Asked is the number of requests made so far.
	Asked uint8
	// Coord is the coordinator the client addresses (None when it knows
	// of none) and CoordEpoch its epoch (-1 before any): the client
	// takes grants only from Coord with CoordEpoch (fencing).
	Coord model.ID
	// CoordEpoch is Coord's epoch.
	CoordEpoch int32
	// Pinged: the waiting client pinged Coord and has had no answer.
	// Pings counts the pings of the current wait (saturating at 3): a
	// ping answered leaves the state as it was but for the timers'
	// deadlines, which the World's fingerprint leaves out in async
	// timing, so without it the fair continuation's cycle detection
	// would take a wait that the next timer ends for a livelock.
	Pinged bool
	// Pings counts the pings of the current wait (see Pinged).
	Pings uint8
	// Clock is the hop clock monitor (history, left out of Encode).
	Clock int32
}

// LockHooks replace decision points of Central, for tests that build
// deliberately broken variants (the broken behaviour is written in the
// test). The zero value is Central as described.
type LockHooks struct {
	// Suffix is appended to the algorithm's name.
	Suffix string
	// TakesGrant reports whether a waiting client that addresses coord
	// of epoch coordEpoch takes a grant of epoch e from from. nil: only
	// a grant from coord in coordEpoch (fencing: a deposed coordinator's
	// grant is ignored).
	TakesGrant func(from model.ID, e int32, coord model.ID, coordEpoch int32) bool
	// Rebuild is the holder a recovering coordinator records when p
	// answers that it holds the lock while it records holder, and
	// whether the two answers conflict. nil: p when holder is None, and
	// a conflict when holder is another process.
	Rebuild func(holder, p model.ID) (model.ID, bool)
}

// Central returns the centralized lock whose coordinator is elected by
// elect (see the package documentation).
func Central[E any](elect *model.Algorithm[E]) claim.Entry {
	return CentralWith(elect, LockHooks{})
}

// CentralWith is Central with some decision points replaced by hooks
// (for tests).
func CentralWith[E any](elect *model.Algorithm[E], hooks LockHooks) claim.Entry {
	l := &lock[E]{hooks: hooks,
		query:     &model.Kind{Name: "query", Args: 1},
		isIdle:    &model.Kind{Name: "is-idle", Args: 1},
		isWaiting: &model.Kind{Name: "is-waiting", Args: 1},
		isHolding: &model.Kind{Name: "is-holding", Args: 1},
		request:   &model.Kind{Name: "request", Args: 1},
		grant:     &model.Kind{Name: "grant", Args: 1},
		release:   &model.Kind{Name: "release", Args: 1},
		ping:      &model.Kind{Name: "ping", Args: 1},
		pong:      &model.Kind{Name: "pong", Args: 1},
		probe:     &model.Kind{Name: "probe", Args: 1},
		ack:       &model.Kind{Name: "ack", Args: 1},
	}
	var ks []*model.Kind
	l.composer, ks = newComposer(elect, l.query, l.isIdle, l.isWaiting, l.isHolding, l.request, l.grant, l.release, l.ping, l.pong, l.probe, l.ack)
	info := elect.Meta()
	name := "central+" + info.Name + hooks.Suffix
	return entry(complete(&l.composer, l, model.Algorithm[LockState[E]]{
		Info: l.info(name,
			"Centralized lock with its coordinator elected by "+info.Name+", failover on coordinator crash",
			"[S1] Election Algorithms, opening; [S2] comparison table, row Centralized (problem: coordinator crash); election: "+info.Source,
			ks),
		Init: func(env *model.Env) LockState[E] {
			return LockState[E]{Core: Core[E]{Elect: elect.Init(env)}, Serving: -1, CoordEpoch: -1}
		},
		Encode: func(s LockState[E], b []byte) []byte {
			b = l.encodeCore(s.Core, b)
			b = append(b, '|', model.Flags(s.Recovering, s.Probed, s.Pinged), byte(s.Phase), s.Asked, s.Pings, s.Probes)
			b = model.AppendInts(b, ',', int64(s.Serving), int64(s.Holder), int64(s.Coord), int64(s.CoordEpoch))
			return model.AppendIDs(b, ' ', s.Queue)
		},
	}), lockClaims(oneHolder[E]))
}

// lock is the centralized lock's part of the composed step (the service
// that compose calls) and its kinds.
type lock[E any] struct {
	composer[E]
	query, isIdle, isWaiting, isHolding, request, grant, release, ping, pong, probe, ack *model.Kind
	hooks                                                                                LockHooks
}

// serving reports whether the process serves the lock now.
func serving[E any](s LockState[E]) bool { return s.Serving >= 0 && s.Serving == s.Epoch }

// noCoordTime is how long a client without a coordinator waits before it
// starts an election: longer than an election and a recovery round in
// sync timing.
func noCoordTime(env *model.Env) int64 { return int64(4*env.N() + 4) }

func (l *lock[E]) parts(s LockState[E]) (Core[E], int32, int32) {
	return s.Core, s.Clock, s.Serving
}

func (l *lock[E]) setParts(s LockState[E], core Core[E], clock, serving int32) LockState[E] {
	s.Core, s.Clock, s.Serving = core, clock, serving
	return s
}

func (l *lock[E]) fresh(s LockState[E]) bool { return s.Phase == mutex.Idle && s.Asked == 0 }

// serve: [S1]: the elected coordinator takes over the critical function;
// it first rebuilds the lock table by asking every process (who holds the
// lock, who waits).
func (l *lock[E]) serve(env *model.Env, s LockState[E], out *model.Outbox) LockState[E] {
	s.Coord, s.CoordEpoch, s.Pinged = env.Self, s.Epoch, false
	switch s.Phase {
	case mutex.InCS:
		s.Holder = env.Self
	case mutex.Waiting:
		s.Queue = []model.ID{env.Self}
	}
	s.Recovering = true
	for _, p := range others(env) {
		out.Send(p, l.query, s.Epoch, int32(p))
	}
	out.SetTimer(TimerRecover, RecoverTime)
	return s
}

func (l *lock[E]) stopServing(out *model.Outbox, s LockState[E]) LockState[E] {
	if s.Serving >= 0 {
		out.CancelTimer(TimerRecover)
		out.CancelTimer(TimerMonitor)
	}
	s.Serving, s.Recovering, s.Holder, s.Queue, s.Probed = -1, false, model.None, nil, false
	return s
}

// ask is the client asking to enter.
func (l *lock[E]) ask(env *model.Env, s LockState[E], out *model.Outbox) LockState[E] {
	s.Phase, s.Asked, s.Pinged = mutex.Waiting, s.Asked+1, false
	out.Observe(lockcheck.ObsRequest, s.Clock)
	switch {
	case serving(s):
		s = l.enqueue(s, env.Self)
		if !s.Recovering && s.Holder == model.None {
			s = l.grantNext(env, s, out)
		}
		return s
	case s.Coord != model.None && s.Coord != env.Self:
		out.Send(s.Coord, l.request, s.CoordEpoch, int32(s.Coord))
		out.SetTimer(TimerSuspect, PingTime)
	case s.Coord == model.None && s.CoordEpoch < s.Epoch || s.CoordEpoch < 0:
		if c := l.elect.View(s.Elect).Leader; c != model.None && c != env.Self {
			// No coordinator has asked this client yet: it turns to the
			// one its election names (who takes over on receiving it).
			s.Coord, s.CoordEpoch = c, s.Epoch
			out.Send(c, l.request, s.CoordEpoch, int32(c))
			out.SetTimer(TimerSuspect, PingTime)
			return s
		}
		out.SetTimer(TimerSuspect, noCoordTime(env))
	default:
		out.SetTimer(TimerSuspect, noCoordTime(env))
	}
	return s
}

func (l *lock[E]) enter(s LockState[E], out *model.Outbox) LockState[E] {
	s.Phase, s.Pinged, s.Pings = mutex.InCS, false, 0
	out.CancelTimer(TimerSuspect)
	out.Observe(lockcheck.ObsEnter, s.Clock)
	out.SetTimer(TimerLeave, mutex.CSTime)
	return s
}

func (l *lock[E]) leave(env *model.Env, s LockState[E], out *model.Outbox) LockState[E] {
	if s.Phase != mutex.InCS {
		return s
	}
	s.Phase = mutex.Idle
	out.Observe(lockcheck.ObsLeave, 0)
	switch {
	case serving(s):
		if s.Holder == env.Self {
			s.Holder = model.None
			if !s.Recovering {
				s = l.grantNext(env, s, out)
			}
		}
	case s.Coord != model.None && s.Coord != env.Self:
		out.Send(s.Coord, l.release, s.CoordEpoch, int32(s.Coord))
	}
	if s.Asked < l.demandOf(env) {
		out.SetTimer(TimerThink, mutex.ThinkTime)
	}
	return s
}

func (l *lock[E]) enqueue(s LockState[E], p model.ID) LockState[E] {
	if s.Holder == p {
		return s
	}
	for _, q := range s.Queue {
		if q == p {
			return s
		}
	}
	q := make([]model.ID, len(s.Queue), len(s.Queue)+1)
	copy(q, s.Queue)
	s.Queue = append(q, p)
	return s
}

func (l *lock[E]) dequeue(s LockState[E], p model.ID) LockState[E] {
	for i, q := range s.Queue {
		if q == p {
			n := make([]model.ID, 0, len(s.Queue)-1)
			n = append(append(n, s.Queue[:i]...), s.Queue[i+1:]...)
			s.Queue = n
			return s
		}
	}
	return s
}

// grantNext gives a free lock to the first queued client.
func (l *lock[E]) grantNext(env *model.Env, s LockState[E], out *model.Outbox) LockState[E] {
	if s.Holder != model.None || len(s.Queue) == 0 {
		return s
	}
	p := s.Queue[0]
	s.Holder, s.Queue, s.Probed, s.Probes = p, s.Queue[1:len(s.Queue):len(s.Queue)], false, 0
	if p == env.Self {
		return l.enter(s, out)
	}
	out.Send(p, l.grant, s.Serving, int32(p))
	out.SetTimer(TimerMonitor, PingTime)
	return s
}

// suspect starts a new election: the client found the coordinator not
// responding ([S1]: it "assumes that the coordinator has failed and
// initiates an election algorithm").
func (l *lock[E]) suspect(env *model.Env, s LockState[E], out *model.Outbox) LockState[E] {
	e := s.Epoch
	if s.CoordEpoch > e {
		e = s.CoordEpoch
	}
	s.Pinged = false
	s.Core = l.startElection(env, s.Core, e+1, out)
	s = takeOver(&l.composer, l, env, s, out)
	if s.Phase == mutex.Waiting {
		out.SetTimer(TimerSuspect, noCoordTime(env))
	}
	return s
}

func (l *lock[E]) timer(env *model.Env, s LockState[E], t uint8, out *model.Outbox) LockState[E] {
	switch t {
	case TimerLeave:
		return l.leave(env, s, out)
	case TimerThink:
		if s.Phase == mutex.Idle && s.Asked < l.demandOf(env) {
			return l.ask(env, s, out)
		}
	case TimerSuspect:
		if s.Phase != mutex.Waiting || serving(s) {
			return s
		}
		if s.Pinged || s.Coord == model.None || s.Coord == env.Self {
			return l.suspect(env, s, out)
		}
		// Is the coordinator responding?
		checkAlive(out, &s.Pinged, &s.Pings, s.Coord, l.ping, s.CoordEpoch, TimerSuspect)
	case TimerRecover:
		if serving(s) && s.Recovering {
			// Every live process has answered: the table is rebuilt.
			s.Recovering = false
			out.Observe("rebuilt", int32(s.Holder))
			if s.Holder == model.None {
				return l.grantNext(env, s, out)
			}
			if s.Holder != env.Self {
				out.SetTimer(TimerMonitor, PingTime)
			}
		}
	case TimerMonitor:
		if !serving(s) || s.Holder == model.None || s.Holder == env.Self {
			return s
		}
		if s.Probed {
			// The holder does not answer: it crashed, and its crash
			// released the lock.
			out.Observe("revoke", int32(s.Holder))
			s.Holder, s.Probed = model.None, false
			return l.grantNext(env, s, out)
		}
		checkAlive(out, &s.Probed, &s.Probes, s.Holder, l.probe, s.Serving, TimerMonitor)
	}
	return s
}

// checkAlive asks p whether it is alive: it sends k about epoch e to p and
// re-arms timer t, which finds p crashed if the answer has not cleared
// *unanswered by then; *count counts the pings of the current wait,
// saturating at 3 (see LockState.Pinged and Probed).
func checkAlive(out *model.Outbox, unanswered *bool, count *uint8, p model.ID, k *model.Kind, e int32, t uint8) {
	*unanswered = true
	if *count < 3 {
		*count++
	}
	out.Send(p, k, e, int32(p))
	out.SetTimer(t, PingTime)
}

// takesGrant is LockHooks.TakesGrant or its default (fencing).
func (l *lock[E]) takesGrant(from model.ID, e int32, coord model.ID, coordEpoch int32) bool {
	if l.hooks.TakesGrant != nil {
		return l.hooks.TakesGrant(from, e, coord, coordEpoch)
	}
	return e == coordEpoch && from == coord
}

// rebuild is LockHooks.Rebuild or its default.
func (l *lock[E]) rebuild(holder, p model.ID) (model.ID, bool) {
	if l.hooks.Rebuild != nil {
		return l.hooks.Rebuild(holder, p)
	}
	if holder == model.None {
		return p, false
	}
	return holder, holder != p
}

// service handles a service message addressed to this process.
func (l *lock[E]) service(env *model.Env, s LockState[E], m model.Message, out *model.Outbox) LockState[E] {
	if model.ID(m.B) != env.Self {
		// A message forwarded by a crashed ring node's control part
		// reaches the wrong process: ignored.
		return s
	}
	e := m.A
	switch m.Kind {
	// Client side.
	case l.query:
		if e < s.CoordEpoch {
			return s
		}
		if s.Serving >= 0 && e > s.Serving {
			// Deposed: a coordinator of a later epoch took over.
			s = l.stopServing(out, s)
		}
		s.Coord, s.CoordEpoch, s.Pinged, s.Pings = m.From, e, false, 0
		k := l.isIdle
		switch s.Phase {
		case mutex.Waiting:
			k = l.isWaiting
			out.SetTimer(TimerSuspect, PingTime)
		case mutex.InCS:
			k = l.isHolding
		}
		out.Send(m.From, k, e, int32(m.From))
	case l.grant:
		if s.Phase != mutex.Waiting {
			return s
		}
		if !l.takesGrant(m.From, e, s.Coord, s.CoordEpoch) {
			// A grant from a deposed coordinator: fenced off.
			return s
		}
		return l.enter(s, out)
	case l.pong:
		if e == s.CoordEpoch && m.From == s.Coord {
			s.Pinged = false
		}
	case l.probe:
		out.Send(m.From, l.ack, e, int32(m.From))
	// Coordinator side.
	case l.ping:
		if serving(s) && e == s.Serving {
			out.Send(m.From, l.pong, e, int32(m.From))
		}
	case l.isIdle, l.isWaiting, l.isHolding, l.request, l.release, l.ack:
		if !serving(s) || e != s.Serving {
			return s
		}
		p := m.From
		switch m.Kind {
		case l.isHolding:
			s = l.dequeue(s, p)
			var conflict bool
			s.Holder, conflict = l.rebuild(s.Holder, p)
			if conflict {
				// Two holders reported: mutual exclusion was already
				// violated before this recovery.
				out.Observe("conflict", int32(p))
			}
		case l.isWaiting, l.request:
			s = l.enqueue(s, p)
		case l.isIdle:
			s = l.dequeue(s, p)
			if s.Holder == p {
				s.Holder = model.None
			}
		case l.release:
			if s.Holder == p {
				s.Holder, s.Probed = model.None, false
				out.CancelTimer(TimerMonitor)
			}
		case l.ack:
			if s.Holder == p {
				s.Probed = false
			}
		}
		if !s.Recovering && s.Holder == model.None {
			s = l.grantNext(env, s, out)
		}
	}
	return s
}

// bounced handles a service message the network reports undeliverable
// (election algorithms with Info.Bounce): its receiver has crashed.
func (l *lock[E]) bounced(env *model.Env, s LockState[E], m model.Message, out *model.Outbox) LockState[E] {
	switch m.Kind {
	case l.request, l.ping, l.release:
		if m.To == s.Coord && s.Phase == mutex.Waiting && !serving(s) {
			// The coordinator is dead: elect another.
			return l.suspect(env, s, out)
		}
	case l.grant, l.probe:
		if serving(s) && s.Holder == m.To {
			out.Observe("revoke", int32(s.Holder))
			s.Holder, s.Probed = model.None, false
			out.CancelTimer(TimerMonitor)
			if !s.Recovering {
				return l.grantNext(env, s, out)
			}
		}
	}
	return s
}
