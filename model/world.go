package model

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"unsafe"

	"github.com/electlab/electlab/internal/statehash"
)

// Status is a process's membership and liveness.
type Status uint8

const (
	// Live processes take steps.
	Live Status = iota
	// Crashed processes take no steps (their control part may forward).
	Crashed
	// Absent processes have not joined yet.
	Absent
)

// String names the status.
func (s Status) String() string { return [...]string{"live", "crashed", "absent"}[s] }

// Counts is the exact message accounting of an execution.
type Counts struct {
	// Sends counts point-to-point sends: a multicast to k processes counts
	// k; messages to crashed processes and forwards by crashed ring nodes
	// count.
	Sends int64 `json:"sends"`
	// Transmissions counts a multicast as one.
	Transmissions int64 `json:"transmissions"`
	// Deliveries counts messages handed to a live process.
	Deliveries int64 `json:"deliveries"`
	// Forwards counts the sends (included in Sends) made by the control
	// part of crashed ring nodes.
	Forwards int64 `json:"forwards"`
	// ByKind holds the same counts per message kind, indexed by Kind.Code.
	ByKind []KindCount `json:"-"`
}

// KindCount is the accounting of one message kind.
type KindCount struct {
	Sends         int64 `json:"sends"`
	Transmissions int64 `json:"transmissions"`
	Deliveries    int64 `json:"deliveries"`
}

// Count returns the count under accounting a.
func (c *Counts) Count(a Accounting) int64 {
	switch a {
	case BCAST1:
		return c.Transmissions
	case SR:
		return c.Sends + c.Deliveries
	case Deliveries:
		return c.Deliveries
	}
	return c.Sends
}

func (c *Counts) clone() Counts {
	d := *c
	d.ByKind = append([]KindCount(nil), c.ByKind...)
	return d
}

// Observation is one OutObserve output, stamped with when and where it was
// made and with the live extremes at that instant.
type Observation struct {
	// Event is the number of events applied before the observing one.
	Event int64
	// Proc is the observing process.
	Proc ID
	// Tag and Val are the observation.
	Tag string
	Val int32
	// MaxLive and MinLive are the highest and lowest live IDs at the time.
	MaxLive, MinLive ID
	// LiveCount is the number of live processes at the time.
	LiveCount int32
}

// EffectKind is the type of an Effect.
type EffectKind uint8

const (
	// Sent: Msg was put on a link by a live process.
	Sent EffectKind = iota
	// Forwarded: the control part of crashed Msg.From forwarded Msg.
	Forwarded
	// Delivered: Msg was handed to a live process.
	Delivered
	// Dropped: Msg reached a crashed or absent process and was lost.
	Dropped
	// Bounced: Msg was reported undeliverable to its sender.
	Bounced
	// Noted: an observation was made.
	Noted
	// Fired: a timer fired.
	Fired
	// Started, CrashedP, Recovered, Joined: process P changed state.
	Started
	CrashedP  // process P crashed
	Recovered // process P recovered
	Joined    // process P joined
	// Decided: process P's leader changed to Val.
	Decided
)

var effectNames = [...]string{"sent", "forwarded", "delivered", "dropped", "bounced", "noted", "fired", "started", "crashed", "recovered", "joined", "decided"}

// String names the effect kind.
func (k EffectKind) String() string { return effectNames[k] }

// Effect is one consequence of the last applied event, for renderers.
type Effect struct {
	Kind EffectKind
	// P is the process the effect happens at.
	P ID
	// Msg is the message concerned (Sent, Forwarded, Delivered, Dropped,
	// Bounced).
	Msg Message
	// Tag and Val describe an observation, a timer or a decision.
	Tag string
	Val int32
	// Coord reports, for Decided, whether P now acts as coordinator;
	// for Recovered and Joined, whether P's state before its recovery
	// (joining) step acts as coordinator (its initial state's view: a
	// coordinatorship it has not won since it came up).
	Coord bool
}

// System is a World with its state type erased: what the checkers, the
// schedulers, the traces and the CLI work on. Apply mutates in place;
// Clone gives an independent copy.
type System interface {
	// Info describes the algorithm; Config is the execution's config.
	Info() *Info
	Config() *Config
	// Topo is the topology; N the number of processes.
	Topo() *Topology
	N() int
	// Status, View and State describe process i (by index).
	Status(i int) Status
	View(i int) View
	State(i int) any
	// Enabled appends every enabled event to buf, in a canonical order.
	Enabled(buf []Event) []Event
	// Apply applies ev, or returns an error naming why it is not enabled.
	Apply(ev Event) error
	// Clone returns an independent copy.
	Clone() System
	// Quiescent reports that nothing more can happen except adversarial
	// faults: no message in flight, no armed timer, no pending initiation.
	Quiescent() bool
	// Counts is the message accounting so far.
	Counts() *Counts
	// Events is the number of events applied; Now the current time.
	Events() int64
	Now() int64
	// Hops is process i's Lamport hop clock; LearnHops its value when
	// i's leader last changed (-1 when it never had one).
	Hops(i int) int32
	LearnHops(i int) int32
	// Observations lists every observation made so far.
	Observations() []Observation
	// Effects lists the consequences of the last applied event.
	Effects() []Effect
	// InFlight lists the messages in flight, by link then age.
	InFlight() []Message
	// OldestDelivery and NewestDelivery name the delivery of the oldest
	// and of the newest deliverable message (async timing), if any.
	OldestDelivery() (Event, bool)
	NewestDelivery() (Event, bool)
	// EarliestTimer names the fire event of the armed timer with the
	// earliest deadline, if any (the fair scheduler's choice among
	// timers).
	EarliestTimer() (Event, bool)
	// Faults lists model errors caused by the algorithm (e.g. a send to
	// a non-member); a correct algorithm never has any.
	Faults() []string
	// Encode appends the canonical encoding of the state; Fingerprint
	// hashes it. FairFingerprint also tells apart the order of timer
	// deadlines, which the fair FIFO schedule depends on.
	Encode(b []byte) []byte
	Fingerprint() uint64
	FairFingerprint() uint64
}

// link is one directed link with its FIFO queue.
type link struct {
	from, to int32
	// seq is the number of messages ever sent on the link.
	seq uint32
	// owned says q's and due's backing arrays are this World's alone, so
	// an append may write in place. Clone shares them (a copy's links are
	// not owned) and nothing ever writes into a queue below its end: a
	// delivery reslices the head or copies the queue.
	owned bool
	// h caches the hash of the link's encoding (encodeLink) for
	// StateHash; 0 when the queue changed since it was computed.
	h uint64
	q []Message
	// due[k] is the round at which q[k] arrives, under sync timing on a
	// physical ring (Config.Physical); nil otherwise. Every message on a
	// link travels the same hops, so due is non-decreasing.
	due []int64
}

type timer struct {
	id  uint8
	due int64
}

// earliestTimer is the position (process index p, index j in timers[p])
// of the armed timer with the earliest deadline at a live process: the
// lowest process index on ties, then the timer armed first; -1, -1 when
// none is armed. World and Sim fire timers in this order.
func earliestTimer(timers [][]timer, status []Status) (p, j int) {
	p, j = -1, -1
	for q, ts := range timers {
		if status[q] != Live {
			continue
		}
		for k, t := range ts {
			if p < 0 || t.due < timers[p][j].due {
				p, j = q, k
			}
		}
	}
	return p, j
}

// World is the global state of one execution: process states, statuses,
// channels, timers and counters. It is a value: Clone gives an independent
// copy, and Apply changes only the receiver.
type World[S any] struct {
	alg *Algorithm[S]
	r   *resolved
	// states[i] is process i's state (kept when it crashes).
	states []S
	// status[i] is process i's status.
	status []Status
	// pending[i]: process i is an initiator that has not started yet.
	pending []bool
	// links holds every link ever used, sorted by (to, from).
	links []link
	// timers[i] are process i's armed timers.
	timers [][]timer
	// inflight is the number of messages in all queues.
	inflight int
	// crashesLeft is the remaining crash budget.
	crashesLeft int
	// started: some process has taken a step (initiation, join or
	// recovery); crashes are injected only during a run that has started.
	started bool
	counts  Counts
	// hops[i] is process i's Lamport hop clock.
	hops []int32
	// learn[i] is hops[i] when i's leader last changed, -1 if never.
	learn []int32
	views []View
	// events is the number of events applied; now is the time (round in
	// sync timing, events in async).
	events, now int64
	stamp       uint32
	obs         []Observation
	faults      []string
	// phasesLeft is the number of successive crashes (Config.Successive)
	// still to come; suspect is the coordinator crashed by the last one
	// (None before the first). Both are encoded only when the config has
	// successive crashes.
	phasesLeft int
	suspect    ID
	// phash[i] caches the hash of process i's encoding (encodeProcess)
	// for StateHash; 0 when i's status, pending start, state or timers
	// changed since (touch). nil until StateHash first runs.
	phash []uint64
	// hsum is the sum of the parts StateHash adds up that are cached: a
	// process's with its phash set, a non-empty link's with its h set
	// (touch and staleLink take a part out when they clear its hash).
	hsum uint64
	// scratch, not part of the value:
	out     Outbox
	effects []Effect
	batch   []Message
	// room is a hint, set on a ring World of at most linksRoom processes
	// that NewWorld built (where a link carries a message per process
	// and election): a link it opens gets room for that many messages at
	// once, and a queue it has to grow at least as many more. A copy (a
	// search keeps many), a complete graph's World (whose many links
	// carry a message or two each) and a large World have none: their
	// queues grow as append grows them. Nothing but the capacity of a
	// queue depends on it.
	room int
}

// NewSystem builds the initial World for cfg (see Spec).
func (a *Algorithm[S]) NewSystem(cfg *Config) (System, error) {
	w, err := a.NewWorld(cfg)
	if err != nil {
		return nil, err
	}
	return w, nil
}

// NewWorld builds the initial World for cfg.
func (a *Algorithm[S]) NewWorld(cfg *Config) (*World[S], error) {
	r, err := resolve(&a.Info, cfg)
	if err != nil {
		return nil, err
	}
	n := r.topo.N()
	clocks := make([]int32, 2*n)
	w := &World[S]{alg: a, r: r,
		states: make([]S, n), status: make([]Status, n), pending: make([]bool, n),
		timers: make([][]timer, n), hops: clocks[:n:n], learn: clocks[n:],
		views: make([]View, n), crashesLeft: cfg.CrashBudget, phasesLeft: len(cfg.Successive)}
	w.counts.ByKind = make([]KindCount, len(a.Kinds))
	// Room for the links of a small topology and for a step's outputs
	// and an event's effects, so that a short run (rapid's) does not grow
	// them one by one. On a ring a step sends a message or two; on a
	// complete graph it multicasts (an effect per copy) and arms timers,
	// and its sends open many links. A large World grows its links and
	// queues as it uses them, as it always did.
	links, outs, effects := n, 2, 4
	switch a.Topology {
	case BiRing:
		links = 2 * n
	case Complete:
		links, outs, effects = n*(n-1), 4, min(n+2, effectsRoom)
	}
	w.links = make([]link, 0, min(links, linksRoom))
	if a.Topology != Complete && n <= linksRoom {
		w.room = queueRoom
	}
	w.out.out = make([]Output, 0, outs)
	w.effects = make([]Effect, 0, effects)
	for i := range n {
		w.states[i] = a.Init(&r.envs[i])
		w.views[i] = a.View(w.states[i])
		w.learn[i] = -1
		switch {
		case r.absent[i]:
			w.status[i] = Absent
		case r.crashed[i]:
			w.status[i] = Crashed
		}
		w.pending[i] = r.initiator[i]
	}
	return w, nil
}

// linksRoom bounds the links a new World makes room for (and the size of
// a ring World whose queues get room, World.room); effectsRoom bounds the
// room it gives the effects of an event.
const (
	linksRoom   = 64
	effectsRoom = 16
)

// Info describes the algorithm.
func (w *World[S]) Info() *Info { return &w.alg.Info }

// Config returns the execution's config.
func (w *World[S]) Config() *Config { return w.r.cfg }

// Topo returns the topology.
func (w *World[S]) Topo() *Topology { return w.r.topo }

// N is the number of processes.
func (w *World[S]) N() int { return len(w.states) }

// Status returns process i's status.
func (w *World[S]) Status(i int) Status { return w.status[i] }

// View returns what the checkers see of process i.
func (w *World[S]) View(i int) View { return w.views[i] }

// State returns process i's state.
func (w *World[S]) State(i int) any { return w.states[i] }

// Counts returns the accounting so far.
func (w *World[S]) Counts() *Counts { return &w.counts }

// Events returns the number of events applied.
func (w *World[S]) Events() int64 { return w.events }

// Now returns the current time.
func (w *World[S]) Now() int64 { return w.now }

// Hops returns process i's Lamport hop clock.
func (w *World[S]) Hops(i int) int32 { return w.hops[i] }

// LearnHops returns i's hop clock when its leader last changed.
func (w *World[S]) LearnHops(i int) int32 { return w.learn[i] }

// Observations lists the observations so far.
func (w *World[S]) Observations() []Observation { return w.obs }

// Effects lists the consequences of the last applied event.
func (w *World[S]) Effects() []Effect { return w.effects }

// Faults lists model errors caused by the algorithm.
func (w *World[S]) Faults() []string { return w.faults }

// Clone returns an independent copy of w.
func (w *World[S]) Clone() System { return w.CloneWorld() }

// CloneWorld returns an independent copy of w with its type.
func (w *World[S]) CloneWorld() *World[S] {
	c := &World[S]{}
	w.cloneInto(c)
	return c
}

// CloneInto is Clone that reuses dst's storage: dst must be a World of the
// same algorithm that nothing uses any more (one Clone or CloneInto
// returned before, say); it becomes an independent copy of w and is
// returned. Any other dst gets a fresh copy, as Clone. An exhaustive
// search recycles the Worlds of the states it has left this way, so that
// a transition copies a World without allocating one.
func (w *World[S]) CloneInto(dst System) System {
	d, ok := dst.(*World[S])
	if !ok || d == w || d.alg != w.alg {
		return w.CloneWorld()
	}
	w.cloneInto(d)
	return d
}

// cloneInto makes c an independent copy of w, reusing c's slices. The
// per-process timer lists and the link queues' backing arrays are shared
// with w, not copied: every change to a timer list copies it first
// (setTimer, fire, cancel), and a queue is only ever popped at its head
// (a reslice) or appended to, in place only while its link is owned
// (link.owned; a copy's links are never owned), so neither World writes
// where the other can read.
func (w *World[S]) cloneInto(c *World[S]) {
	n := len(w.states)
	c.alg, c.r = w.alg, w.r
	c.states = append(c.states[:0], w.states...)
	c.status = append(c.status[:0], w.status...)
	c.pending = append(c.pending[:0], w.pending...)
	c.links = append(c.links[:0], w.links...)
	for i := range c.links {
		c.links[i].owned = false
	}
	c.timers = append(c.timers[:0], w.timers...)
	c.inflight, c.crashesLeft, c.started = w.inflight, w.crashesLeft, w.started
	byKind := c.counts.ByKind
	c.counts = w.counts
	c.counts.ByKind = append(byKind[:0], w.counts.ByKind...)
	if cap(c.hops) < n || cap(c.learn) < n {
		clocks := make([]int32, 2*n)
		c.hops, c.learn = clocks[:0:n], clocks[n:n]
	}
	c.hops = append(c.hops[:0], w.hops...)
	c.learn = append(c.learn[:0], w.learn...)
	c.views = append(c.views[:0], w.views...)
	c.events, c.now, c.stamp = w.events, w.now, w.stamp
	c.obs = w.obs[:len(w.obs):len(w.obs)]
	c.faults = w.faults[:len(w.faults):len(w.faults)]
	c.phasesLeft, c.suspect = w.phasesLeft, w.suspect
	c.phash, c.hsum = append(c.phash[:0], w.phash...), w.hsum
	c.out.Reset(None)
	c.effects = c.effects[:0]
	c.batch = c.batch[:0]
}

// Quiescent reports that no message is in flight, no timer is armed, no
// initiation is pending and no successive crash is due (Config.Successive).
func (w *World[S]) Quiescent() bool {
	if !w.quiet() {
		return false
	}
	_, due := w.nextFail()
	return !due
}

// nextFail returns the coordinator the next successive crash crashes, and
// whether it is due: the network is quiet, a phase remains, and every live
// process holds that same live coordinator while another process is live.
// Apply stops the phases (with a model fault) when one remains and no
// coordinator is agreed.
func (w *World[S]) nextFail() (ID, bool) {
	if w.phasesLeft <= 0 || !w.quiet() {
		return None, false
	}
	l, err := agreedLeader(w.r.topo, w.status, w.held(), w.alg.Holds != nil)
	return l, err == nil
}

// held is, by index, the coordinator each live process holds for the
// successive crashes (Algorithm.Holds, or the view's leader).
func (w *World[S]) held() []ID {
	return heldCoordinators(w.alg, w.states, w.status, func(i int) ID { return w.views[i].Leader })
}

// heldCoordinators is, by index, the coordinator each live process holds
// for the successive crashes: Algorithm.Holds of its state, or, without
// Holds, leader(i), its view's leader. Crashed and absent processes hold
// None. The World passes its cached views, the Sim computes them.
func heldCoordinators[S any](alg *Algorithm[S], states []S, status []Status, leader func(i int) ID) []ID {
	h := make([]ID, len(states))
	for i := range states {
		if status[i] != Live {
			continue
		}
		if alg.Holds != nil {
			h[i] = alg.Holds(states[i])
		} else {
			h[i] = leader(i)
		}
	}
	return h
}

// agreedLeader returns the coordinator every live process holds (held, by
// index), when it is a live process and not the only live one; otherwise
// an error saying why (the successive crashes stop there: itself a
// finding). With hasHolds, processes that hold None are left out.
func agreedLeader(topo *Topology, status []Status, held []ID, hasHolds bool) (ID, error) {
	l, first, live, voters := None, None, 0, 0
	for i, st := range status {
		if st != Live {
			continue
		}
		live++
		v := held[i]
		if hasHolds && v == None {
			continue
		}
		voters++
		if voters == 1 {
			l, first = v, topo.Order[i]
		} else if v != l {
			return None, fmt.Errorf("live processes disagree on the coordinator (%d holds %d, %d holds %d)", first, l, topo.Order[i], v)
		}
	}
	if l == None {
		return None, fmt.Errorf("no live process holds a coordinator")
	}
	if j := topo.IndexOf(l); j < 0 || status[j] != Live {
		return None, fmt.Errorf("every live process holds coordinator %d, which is not live", l)
	}
	if live <= 1 {
		return None, fmt.Errorf("coordinator %d is the only live process", l)
	}
	return l, nil
}

// quiet reports that no message is in flight, no timer is armed and no
// initiation is pending (Quiescent without the successive crashes).
func (w *World[S]) quiet() bool {
	if w.inflight > 0 {
		return false
	}
	for i := range w.pending {
		if w.detectable(i) {
			return false
		}
		if len(w.timers[i]) > 0 && w.status[i] == Live {
			return false
		}
	}
	return true
}

// detectable reports that process i's "detect" event is enabled: i is
// live with a pending detection and, under lazy detection
// (Config.Detect), does not know a live coordinator (its view's leader is
// none or a process that is not live).
func (w *World[S]) detectable(i int) bool {
	if !w.pending[i] || w.status[i] != Live {
		return false
	}
	if w.r.cfg.Detect != DetectLazy {
		return true
	}
	l := w.views[i].Leader
	if l == None {
		return true
	}
	j := w.r.topo.IndexOf(l)
	return j < 0 || w.status[j] != Live
}

// whyNotDetectable says why process p's detection is not enabled.
func (w *World[S]) whyNotDetectable(p int) string {
	if w.pending[p] && w.status[p] == Live {
		return "lazy detection: the process knows a live coordinator"
	}
	return "no pending initiation at a live process"
}

// WithDetection returns a copy of w whose config has detection d (the
// rest of the config and the state are w's).
func (w *World[S]) WithDetection(d Detection) System {
	c := w.CloneWorld()
	r := *w.r
	r.cfg = r.cfg.Clone()
	r.cfg.Detect = d
	c.r = &r
	return c
}

func (w *World[S]) liveCount() int {
	c := 0
	for _, s := range w.status {
		if s == Live {
			c++
		}
	}
	return c
}

// Enabled appends the enabled events to buf in canonical order: initiations,
// deliveries (by link), timers, rounds, then faults.
func (w *World[S]) Enabled(buf []Event) []Event {
	ids := w.r.topo.Order
	detects := len(buf)
	for i := range w.pending {
		if w.detectable(i) {
			buf = append(buf, Event{Kind: EvDetect, P: ids[i]})
		}
	}
	// w.quiet(), from the detections just listed.
	quiet := w.inflight == 0 && len(buf) == detects && !w.anyTimer()
	if w.r.cfg.Timing == Sync {
		if !quiet && (w.inflight > 0 || w.anyTimer()) {
			buf = append(buf, Event{Kind: EvRound, Seq: uint32(w.now + 1)})
		}
	} else {
		for li := range w.links {
			l := &w.links[li]
			if len(l.q) == 0 {
				continue
			}
			if w.r.cfg.Net == FIFO {
				buf = append(buf, Event{Kind: EvDeliver, From: ids[l.from], P: ids[l.to], Seq: l.q[0].Seq})
			} else {
				for _, m := range l.q {
					buf = append(buf, Event{Kind: EvDeliver, From: ids[l.from], P: ids[l.to], Seq: m.Seq})
				}
			}
		}
		if w.timersMayFire() {
			for i, ts := range w.timers {
				if w.status[i] != Live {
					continue
				}
				for _, t := range ts {
					buf = append(buf, Event{Kind: EvFire, P: ids[i], Timer: t.id})
				}
			}
		}
	}
	if !quiet && w.crashesLeft > 0 && w.started && w.liveCount() > 1 {
		for i, s := range w.status {
			if s == Live {
				buf = append(buf, Event{Kind: EvCrash, P: ids[i]})
			}
		}
	}
	if l, due := w.nextFail(); due {
		buf = append(buf, Event{Kind: EvFail, P: l})
	}
	if !w.r.cfg.Recovery && len(w.r.cfg.Absent) == 0 {
		// No process recovers, and none is absent (only the config's
		// absent processes ever are).
		return buf
	}
	for i, s := range w.status {
		if s == Crashed && w.r.cfg.Recovery && !quiet {
			buf = append(buf, Event{Kind: EvRecover, P: ids[i]})
		}
		// A join may also come when everything else is over: a process
		// joining a stable system ([S4]'s joins) is the common case.
		if s == Absent {
			buf = append(buf, Event{Kind: EvJoin, P: ids[i]})
		}
	}
	return buf
}

// timersMayFire reports whether, in async timing, an armed timer at a
// live process may fire now (Config.Timeouts): always under early
// timeouts; when no message is in flight under accurate ones; when no
// message sent by a live process is in flight under dead-late ones
// (computed only in that mode, O(links)).
func (w *World[S]) timersMayFire() bool {
	switch w.r.cfg.Timeouts {
	case Early:
		return true
	case DeadLate:
		return !w.liveInFlight()
	}
	return w.inflight == 0
}

// liveInFlight reports whether a message sent by a live process is in
// flight: one on a link whose sender (the process that put it there, a
// crashed ring node's control part for a forwarded one) is live.
func (w *World[S]) liveInFlight() bool {
	if w.inflight == 0 {
		return false
	}
	for li := range w.links {
		if l := &w.links[li]; len(l.q) > 0 && w.status[l.from] == Live {
			return true
		}
	}
	return false
}

func (w *World[S]) anyTimer() bool {
	for i, ts := range w.timers {
		if len(ts) > 0 && w.status[i] == Live {
			return true
		}
	}
	return false
}

// Apply applies ev to w in place. It returns an error, and leaves w
// unchanged, when ev is not enabled.
func (w *World[S]) Apply(ev Event) error {
	topo := w.r.topo
	p := -1
	if ev.Kind != EvRound {
		p = topo.IndexOf(ev.P)
		if p < 0 {
			return fmt.Errorf("event %q: process %d is not a member", ev, ev.P)
		}
	}
	w.effects = w.effects[:0]
	switch ev.Kind {
	case EvDetect:
		if !w.detectable(p) {
			return notEnabled(ev, w.whyNotDetectable(p))
		}
		w.pending[p] = false
		w.touch(p)
		w.tick()
		w.effects = append(w.effects, Effect{Kind: Started, P: ev.P})
		w.step(p, Input{Kind: InStart, Suspect: w.suspect})
	case EvDeliver:
		if err := w.deliver(ev, p); err != nil {
			return err
		}
	case EvFire:
		if w.r.cfg.Timing == Sync {
			return notEnabled(ev, "timers fire in rounds under sync timing")
		}
		if w.status[p] != Live || !w.hasTimer(p, ev.Timer) {
			return notEnabled(ev, "that timer is not armed at a live process")
		}
		if !w.timersMayFire() {
			why := "accurate timeouts fire only when no message is in flight"
			if w.r.cfg.Timeouts == DeadLate {
				why = "dead-late timeouts fire only when no message sent by a live process is in flight"
			}
			return notEnabled(ev, why)
		}
		w.tick()
		w.fire(p, ev.Timer)
	case EvCrash:
		if w.status[p] != Live || w.crashesLeft <= 0 || !w.started || w.liveCount() <= 1 || w.quiet() {
			return notEnabled(ev, "needs a live process, crash budget left, another live process and a started, running execution")
		}
		w.crashesLeft--
		w.tick()
		w.status[p] = Crashed
		w.timers[p] = nil
		w.touch(p)
		w.effects = append(w.effects, Effect{Kind: CrashedP, P: ev.P})
	case EvRecover:
		if w.status[p] != Crashed || !w.r.cfg.Recovery {
			return notEnabled(ev, "recovery needs a crashed process and the recovery option")
		}
		w.tick()
		w.status[p] = Live
		w.states[p] = w.alg.Init(&w.r.envs[p])
		w.touch(p)
		w.views[p] = w.alg.View(w.states[p])
		w.effects = append(w.effects, Effect{Kind: Recovered, P: ev.P, Coord: w.views[p].Coordinator})
		w.step(p, Input{Kind: InRecover})
	case EvJoin:
		if w.status[p] != Absent {
			return notEnabled(ev, "joining needs an absent process")
		}
		w.tick()
		w.status[p] = Live
		w.touch(p)
		w.effects = append(w.effects, Effect{Kind: Joined, P: ev.P, Coord: w.views[p].Coordinator})
		w.step(p, Input{Kind: InJoin})
	case EvRound:
		if w.r.cfg.Timing != Sync {
			return notEnabled(ev, "rounds exist only under sync timing")
		}
		if int64(ev.Seq) != w.now+1 || (w.inflight == 0 && !w.anyTimer()) {
			return notEnabled(ev, fmt.Sprintf("the next round is %d and needs a message in flight or an armed timer", w.now+1))
		}
		w.round()
	case EvFail:
		if l, due := w.nextFail(); !due || l != ev.P {
			return notEnabled(ev, "a successive crash needs a quiet execution, a phase left and every live process holding that coordinator")
		}
		w.fail(p)
	default:
		return fmt.Errorf("event %q: unknown kind", ev)
	}
	if w.phasesLeft > 0 && w.quiet() {
		if _, err := agreedLeader(w.r.topo, w.status, w.held(), w.alg.Holds != nil); err != nil {
			// No coordinator to crash: the successive crashes stop here,
			// and the model reports why (a finding about the algorithm).
			w.faults = append(w.faults[:len(w.faults):len(w.faults)], fmt.Sprintf("event %d: %d successive crash(es) left undone: %v", w.events, w.phasesLeft, err))
			w.phasesLeft = 0
		}
	}
	return nil
}

// deliver applies the delivery event ev to process index p (Apply's
// EvDeliver): it takes the message off its link, FIFO or not, and gives it
// to p. It returns an error, and leaves w unchanged, when ev is not enabled.
func (w *World[S]) deliver(ev Event, p int) error {
	if w.r.cfg.Timing == Sync {
		return notEnabled(ev, "deliveries happen in rounds under sync timing")
	}
	from := w.r.topo.IndexOf(ev.From)
	if from < 0 {
		return fmt.Errorf("event %q: process %d is not a member", ev, ev.From)
	}
	li, ok := w.findLink(int32(from), int32(p))
	if !ok {
		return notEnabled(ev, "no message in flight on that link")
	}
	l := &w.links[li]
	k := -1
	for j, m := range l.q {
		if m.Seq == ev.Seq {
			k = j
			break
		}
		if w.r.cfg.Net == FIFO {
			break
		}
	}
	if k < 0 {
		return notEnabled(ev, "that message is not deliverable on its link")
	}
	m := l.q[k]
	w.staleLink(l)
	if k == 0 {
		l.q = l.q[1:] // a reslice: the backing array may be shared (link.owned)
	} else {
		l.q = append(append(make([]Message, 0, len(l.q)), l.q[:k]...), l.q[k+1:]...)
		l.owned = true
	}
	w.inflight--
	w.tick()
	w.batch = append(w.batch[:0], m)
	w.receive(p, w.batch)
	return nil
}

// notEnabled is Apply's error for an event that is not enabled, and why.
func notEnabled(ev Event, why string) error {
	return fmt.Errorf("event %q is not enabled: %s", ev, why)
}

// fail applies the next successive crash: process p (the agreed
// coordinator) crashes, and the phase's live detectors get a pending start
// whose Input.Suspect is p.
func (w *World[S]) fail(p int) {
	k := len(w.r.cfg.Successive) - w.phasesLeft
	w.phasesLeft--
	w.tick()
	w.status[p] = Crashed
	w.timers[p] = nil
	w.touch(p)
	id := w.r.topo.Order[p]
	w.suspect = id
	w.effects = append(w.effects, Effect{Kind: CrashedP, P: id})
	w.observe(p, "fail", int32(k+1))
	det := w.r.cfg.Successive[k].Detectors
	for i := range w.status {
		if w.status[i] == Live && (len(det) == 0 || slices.Contains(det, w.r.topo.Order[i])) {
			w.pending[i] = true
			w.touch(i)
		}
	}
}

// tick advances the event counter (and the time in async timing).
func (w *World[S]) tick() {
	w.events++
	if w.r.cfg.Timing == Async {
		w.now = w.events
	}
}

func (w *World[S]) hasTimer(p int, id uint8) bool {
	for _, t := range w.timers[p] {
		if t.id == id {
			return true
		}
	}
	return false
}

func (w *World[S]) fire(p int, id uint8) {
	w.touch(p)
	ts := w.timers[p]
	for j, t := range ts {
		if t.id == id {
			w.timers[p] = append(ts[:j:j], ts[j+1:]...)
			break
		}
	}
	w.effects = append(w.effects, Effect{Kind: Fired, P: w.r.topo.Order[p], Val: int32(id)})
	w.step(p, Input{Kind: InTimer, Timer: id})
}

// round runs one lock-step round: every message in flight is delivered,
// each receiver getting its batch in one step, then due timers fire.
func (w *World[S]) round() {
	w.events++
	w.now++
	// Take every queue; messages sent during the round go to the next one.
	var all []Message
	if w.r.phys != Direct {
		// A physical ring: take only the messages due by this round.
		for li := range w.links {
			l := &w.links[li]
			k := 0
			for k < len(l.due) && l.due[k] <= w.now {
				k++
			}
			all = append(all, l.q[:k]...)
			l.q, l.due = l.q[k:], l.due[k:] // reslices: the arrays may be shared (link.owned)
			w.staleLink(l)
			w.inflight -= k
		}
	} else {
		for li := range w.links {
			all = append(all, w.links[li].q...)
			w.staleLink(&w.links[li])
			w.links[li].q, w.links[li].owned = nil, false
		}
		w.inflight = 0
	}
	// Links are sorted by (to, from), so all is grouped by receiver.
	for start := 0; start < len(all); {
		to := w.r.topo.IndexOf(all[start].To)
		end := start + 1
		for end < len(all) && all[end].To == all[start].To {
			end++
		}
		w.receive(to, all[start:end:end])
		start = end
	}
	for p := range w.timers {
		if w.status[p] != Live {
			continue
		}
		for {
			fired := false
			for _, t := range w.timers[p] {
				if t.due <= w.now {
					w.fire(p, t.id)
					fired = true
					break
				}
			}
			if !fired || w.status[p] != Live {
				break
			}
		}
	}
}

// receive hands msgs (all to process p) to p, or handles them at a crashed
// or absent p: forward, bounce or drop.
func (w *World[S]) receive(p int, msgs []Message) {
	if w.status[p] == Live {
		for _, m := range msgs {
			w.counts.Deliveries++
			w.counts.ByKind[m.Kind.Code].Deliveries++
			if m.Hops > w.hops[p] {
				w.hops[p] = m.Hops
			}
			w.effects = append(w.effects, Effect{Kind: Delivered, P: m.To, Msg: m})
		}
		w.step(p, Input{Kind: InDeliver, Msgs: msgs})
		return
	}
	topo := w.r.topo
	for _, m := range msgs {
		if next, ok := forwardTarget(topo, w.r.forwarding && w.status[p] == Crashed, p, m.From); ok {
			f := m
			f.From, f.To, f.Hops = topo.Order[p], topo.Order[next], m.Hops+1
			w.effects = append(w.effects, Effect{Kind: Forwarded, P: f.From, Msg: f})
			w.counts.Forwards++
			w.enqueue(p, next, f)
		} else if s := topo.IndexOf(m.From); w.alg.Bounce && w.status[s] == Live {
			w.effects = append(w.effects, Effect{Kind: Bounced, P: m.From, Msg: m})
			w.step(s, Input{Kind: InBounce, Msgs: []Message{m}})
		} else {
			w.effects = append(w.effects, Effect{Kind: Dropped, P: m.To, Msg: m})
		}
	}
}

// step runs the algorithm's step function at p and applies its outputs.
func (w *World[S]) step(p int, in Input) {
	w.started = true
	w.touch(p)
	in.Now = w.now
	env := &w.r.envs[p]
	w.out.Reset(env.Self)
	w.states[p] = w.alg.Step(env, w.states[p], in, &w.out)
	before := w.views[p]
	w.views[p] = w.alg.View(w.states[p])
	if w.views[p] != before {
		if w.views[p].Leader != before.Leader {
			w.learn[p] = w.hops[p]
		}
		w.effects = append(w.effects, Effect{Kind: Decided, P: env.Self, Val: int32(w.views[p].Leader), Coord: w.views[p].Coordinator})
	}
	for _, o := range w.out.out {
		switch o.Kind {
		case OutSend:
			w.send(p, o.Msg, true)
		case OutMulticast:
			w.counts.Transmissions++
			w.counts.ByKind[o.Msg.Kind.Code].Transmissions++
			for _, d := range o.Dests {
				m := o.Msg
				m.To = d
				w.send(p, m, false)
			}
			if w.r.phys != Direct {
				// A flood on a physical ring: each copy counted one
				// send; the flood costs its link hops.
				extra := int64(w.r.floodHops(p, o.Dests) - w.r.floodDests(p, o.Dests))
				w.counts.Sends += extra
				w.counts.ByKind[o.Msg.Kind.Code].Sends += extra
			}
		case OutSetTimer:
			d := o.Delay
			if w.r.phys == PhysRingRT && w.r.cfg.Timing == Sync {
				d *= int64(w.r.topo.N() / 2)
			}
			w.setTimer(p, o.Timer, w.now+d)
		case OutCancelTimer:
			ts := w.timers[p]
			for j, t := range ts {
				if t.id == o.Timer {
					w.timers[p] = append(ts[:j:j], ts[j+1:]...)
					break
				}
			}
		case OutObserve:
			w.observe(p, o.Tag, o.Val)
		}
	}
}

func (w *World[S]) observe(p int, tag string, val int32) {
	o := Observation{Event: w.events - 1, Proc: w.r.topo.Order[p], Tag: tag, Val: val}
	for i, s := range w.status {
		if s != Live {
			continue
		}
		o.LiveCount++
		id := w.r.topo.Order[i]
		if id > o.MaxLive {
			o.MaxLive = id
		}
		if o.MinLive == None || id < o.MinLive {
			o.MinLive = id
		}
	}
	w.obs = append(w.obs, o) // clones hold w.obs with cap == len, so this never writes into theirs
	w.effects = append(w.effects, Effect{Kind: Noted, P: o.Proc, Tag: tag, Val: val})
}

func (w *World[S]) setTimer(p int, id uint8, due int64) {
	ts := w.timers[p]
	for j := range ts {
		if ts[j].id == id {
			ts = append([]timer(nil), ts...)
			ts[j].due = due
			w.timers[p] = ts
			return
		}
	}
	w.timers[p] = append(ts[:len(ts):len(ts)], timer{id: id, due: due})
}

// send puts m (from live process p) on its link. single says whether it is
// a point-to-point send (counted as one transmission).
func (w *World[S]) send(p int, m Message, single bool) {
	to := w.r.topo.IndexOf(m.To)
	if to < 0 || to == p {
		w.faults = append(w.faults[:len(w.faults):len(w.faults)], fmt.Sprintf("event %d: process %d sent %s to a non-member or itself", w.events, w.r.topo.Order[p], m.Body()))
		return
	}
	if single {
		w.counts.Transmissions++
		w.counts.ByKind[m.Kind.Code].Transmissions++
	}
	m.Hops = w.hops[p] + 1
	if w.r.phys != Direct {
		h := int32(w.r.linkHops(p, to))
		m.Hops = w.hops[p] + h
		if single {
			// The shorter arc: one send per link hop (enqueue counts one).
			w.counts.Sends += int64(h - 1)
			w.counts.ByKind[m.Kind.Code].Sends += int64(h - 1)
		}
	}
	w.effects = append(w.effects, Effect{Kind: Sent, P: m.From, Msg: m})
	w.enqueue(p, to, m)
}

// enqueue appends m to link p->to, numbering it and counting the send.
func (w *World[S]) enqueue(p, to int, m Message) {
	w.counts.Sends++
	w.counts.ByKind[m.Kind.Code].Sends++
	li, ok := w.findLink(int32(p), int32(to))
	if !ok {
		w.links = append(w.links, link{})
		copy(w.links[li+1:], w.links[li:])
		w.links[li] = link{from: int32(p), to: int32(to)}
		if w.room > 0 {
			w.links[li].q, w.links[li].owned = make([]Message, 0, w.room), true
		}
	}
	l := &w.links[li]
	w.staleLink(l)
	l.seq++
	w.stamp++
	m.Seq, m.Stamp = l.seq, w.stamp
	if !l.owned {
		// The arrays may be shared with a copy: append to new ones.
		l.q = l.q[:len(l.q):len(l.q)]
		l.due = l.due[:len(l.due):len(l.due)]
		l.owned = true
	} else if len(l.q) == cap(l.q) && w.room > 0 {
		// A link this World keeps sending on: a delivery reslices the
		// head away, so the array runs out at its end after as many
		// sends as it holds; give the new one room for w.room more.
		q := make([]Message, len(l.q), len(l.q)+max(len(l.q), w.room))
		copy(q, l.q)
		l.q = q
	}
	l.q = append(l.q, m)
	if w.r.phys != Direct && w.r.cfg.Timing == Sync {
		l.due = append(l.due, w.now+int64(w.r.linkHops(p, to)))
	}
	w.inflight++
	if n := len(w.effects); n > 0 && (w.effects[n-1].Kind == Sent || w.effects[n-1].Kind == Forwarded) {
		w.effects[n-1].Msg.Seq, w.effects[n-1].Msg.Stamp = m.Seq, m.Stamp
	}
}

// queueRoom is the room a new ring World gives its queues (World.room).
const queueRoom = 4

// findLink returns the position of link from->to in w.links, or where it
// would be inserted.
func (w *World[S]) findLink(from, to int32) (int, bool) {
	lo, hi := 0, len(w.links)
	for lo < hi {
		mid := (lo + hi) / 2
		l := &w.links[mid]
		if l.to < to || (l.to == to && l.from < from) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(w.links) && w.links[lo].from == from && w.links[lo].to == to
}

// InFlight lists the messages in flight, by link then age.
func (w *World[S]) InFlight() []Message {
	var ms []Message
	for _, l := range w.links {
		ms = append(ms, l.q...)
	}
	return ms
}

// EarliestTimer returns the fire event of the armed timer with the earliest
// deadline at a live process (the lowest index on ties, then the timer
// armed first), or false when none is armed. It is the fair scheduler's
// choice among timers, as in Sim.
func (w *World[S]) EarliestTimer() (Event, bool) {
	bp, bj := earliestTimer(w.timers, w.status)
	if bp < 0 {
		return Event{}, false
	}
	return Event{Kind: EvFire, P: w.r.topo.Order[bp], Timer: w.timers[bp][bj].id}, true
}

// OldestDelivery returns the delivery event of the oldest message in flight
// (the fair FIFO scheduler's choice), or false when none is deliverable.
func (w *World[S]) OldestDelivery() (Event, bool) { return w.extremeDelivery(false) }

// NewestDelivery returns the delivery event of the most recently sent
// deliverable message (the head of its link under FIFO channels), or false
// when none is deliverable.
func (w *World[S]) NewestDelivery() (Event, bool) { return w.extremeDelivery(true) }

func (w *World[S]) extremeDelivery(newest bool) (Event, bool) {
	if w.r.cfg.Timing == Sync {
		return Event{}, false
	}
	bl, bk := -1, -1
	var bestStamp uint32
	for li := range w.links {
		q := w.links[li].q
		for k := range q {
			if w.r.cfg.Net == FIFO && k > 0 {
				break
			}
			st := q[k].Stamp
			if bl < 0 || (newest && st > bestStamp) || (!newest && st < bestStamp) {
				bl, bk, bestStamp = li, k, st
			}
		}
	}
	if bl < 0 {
		return Event{}, false
	}
	l := &w.links[bl]
	return Event{Kind: EvDeliver, From: w.r.topo.Order[l.from], P: w.r.topo.Order[l.to], Seq: l.q[bk].Seq}, true
}

// Encode appends the canonical encoding of w's state. History is left out:
// observations, clocks, effects and the per-link sequence numbers (which only
// name messages) are not encoded; counters are, with Config.CountInState.
func (w *World[S]) Encode(b []byte) []byte {
	for i := range w.states {
		b = w.encodeProcess(b, i)
	}
	for li := range w.links {
		if l := &w.links[li]; len(l.q) > 0 {
			b = w.encodeLink(b, l)
		}
	}
	return w.encodeGlobals(b)
}

// encodeProcess appends process i's part of Encode: status, pending
// start, state, armed timers.
func (w *World[S]) encodeProcess(b []byte, i int) []byte {
	b = appendVarint(b, int64(w.status[i]))
	if w.pending[i] {
		b = appendVarint(b, 1)
	} else {
		b = appendVarint(b, 0)
	}
	if w.alg.Encode != nil {
		b = w.alg.Encode(w.states[i], b)
	} else {
		b = fmt.Appendf(b, "%v;", w.states[i])
	}
	b = appendVarint(b, int64(len(w.timers[i])))
	for _, t := range w.timers[i] {
		b = appendVarint(b, int64(t.id))
		if w.r.cfg.Timing == Sync {
			b = appendVarint(b, t.due-w.now)
		}
	}
	return b
}

// encodeLink appends a non-empty link's part of Encode: its ends and its
// queue.
func (w *World[S]) encodeLink(b []byte, l *link) []byte {
	b = appendVarint(b, int64(l.from))
	b = appendVarint(b, int64(l.to))
	b = appendVarint(b, int64(len(l.q)))
	for k := range l.q {
		m := &l.q[k]
		if l.due != nil {
			b = appendVarint(b, l.due[k]-w.now)
		}
		b = appendVarint(b, int64(m.Kind.Code))
		b = appendVarint(b, int64(m.A))
		b = appendVarint(b, int64(m.B))
		b = appendVarint(b, int64(len(m.List)))
		for _, id := range m.List {
			b = appendVarint(b, int64(id))
		}
	}
	return b
}

// encodeGlobals appends the rest of Encode: crash budget, started,
// counters (Config.CountInState), successive crashes.
func (w *World[S]) encodeGlobals(b []byte) []byte {
	b = appendVarint(b, int64(w.crashesLeft))
	if w.started {
		b = appendVarint(b, 1)
	} else {
		b = appendVarint(b, 0)
	}
	if w.r.cfg.CountInState {
		b = appendVarint(b, w.counts.Sends)
		b = appendVarint(b, w.counts.Transmissions)
	}
	if len(w.r.cfg.Successive) > 0 {
		b = appendVarint(b, int64(w.phasesLeft))
		b = appendVarint(b, int64(w.suspect))
	}
	return b
}

// touch marks process p's cached hash stale: its status, pending start,
// state or timers are about to change.
func (w *World[S]) touch(p int) {
	if p < len(w.phash) && w.phash[p] != 0 {
		w.hsum -= procPart(p, w.phash[p])
		w.phash[p] = 0
	}
}

// staleLink marks l's cached hash stale: its queue is about to change.
func (w *World[S]) staleLink(l *link) {
	if l.h != 0 {
		w.hsum -= linkPart(l)
		l.h = 0
	}
}

// procPart and linkPart are the parts StateHash adds up: a process's or
// a link's cached hash mixed with its position.
func procPart(i int, ph uint64) uint64 { return statehash.Mix(ph ^ uint64(i+1)*0x9E3779B97F4A7C15) }
func linkPart(l *link) uint64 {
	return statehash.Mix(l.h ^ (uint64(l.from)<<32|uint64(l.to)+1)*0xD6E8FEB86659FD93)
}

// StateHash returns a 64-bit hash of what Encode encodes, and true: two
// Worlds with the same encoding have the same hash, and Worlds with
// different encodings the same hash with probability about 2^-64. It is
// computed from per-process and per-link hashes that the World keeps
// between events (and copies with Clone), so that after an event only the
// processes and links it changed are encoded again; buf is scratch space
// for those encodings, returned grown. Under sync timing (whose encoding
// is relative to the current round) it returns false, and the caller
// hashes Encode. The hash differs from a hash of Encode's bytes: a search
// uses one or the other for all its states.
func (w *World[S]) StateHash(buf []byte) (uint64, []byte, bool) {
	if w.r.cfg.Timing == Sync {
		return 0, buf, false
	}
	if len(w.phash) != len(w.states) {
		w.phash, w.hsum = make([]uint64, len(w.states)), 0
		for li := range w.links {
			w.links[li].h = 0
		}
	}
	for i, ph := range w.phash {
		if ph == 0 {
			buf = w.encodeProcess(buf[:0], i)
			ph = max(statehash.Bytes(buf), 1)
			w.phash[i] = ph
			w.hsum += procPart(i, ph)
		}
	}
	for li := range w.links {
		if l := &w.links[li]; l.h == 0 && len(l.q) > 0 {
			buf = w.encodeLink(buf[:0], l)
			l.h = max(statehash.Bytes(buf), 1)
			w.hsum += linkPart(l)
		}
	}
	buf = w.encodeGlobals(buf[:0])
	return statehash.Combine(w.hsum, statehash.Bytes(buf)), buf, true
}

// appendVarint is binary.AppendVarint with a fast path for the small
// values that make up most of a state: the same bytes.
func appendVarint(b []byte, v int64) []byte {
	if ux := uint64(v)<<1 ^ uint64(v>>63); ux < 0x80 {
		return append(b, byte(ux))
	}
	return binary.AppendVarint(b, v)
}

// FairFingerprint hashes Encode together with, in async timing, the order
// of the armed timers' deadlines across processes (not their absolute
// values, which grow with time). The fair FIFO schedule fires the earliest
// timer first, so two worlds that differ only in that order continue
// differently under it: livelock detection in the fair continuation must
// tell them apart. Exhaustive search, where every armed timer may fire
// next, uses Fingerprint.
func (w *World[S]) FairFingerprint() uint64 {
	b := w.Encode(nil)
	if w.r.cfg.Timing == Async {
		b = w.encodeTimerOrder(b)
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

func (w *World[S]) encodeTimerOrder(b []byte) []byte {
	type armed struct {
		due  int64
		p, j int
	}
	var all []armed
	for p, ts := range w.timers {
		for j, t := range ts {
			all = append(all, armed{t.due, p, j})
		}
	}
	if len(all) < 2 {
		return b
	}
	for i := 1; i < len(all); i++ { // insertion sort: stable, no map, tiny n
		for k := i; k > 0 && all[k].due < all[k-1].due; k-- {
			all[k], all[k-1] = all[k-1], all[k]
		}
	}
	b = append(b, 'T')
	for i, a := range all {
		tie := byte(0)
		if i > 0 && a.due == all[i-1].due {
			tie = 1
		}
		b = binary.AppendVarint(b, int64(a.p))
		b = binary.AppendVarint(b, int64(a.j))
		b = append(b, tie)
	}
	return b
}

// Fingerprint is the 64-bit FNV-1a hash of Encode.
func (w *World[S]) Fingerprint() uint64 {
	h := fnv.New64a()
	h.Write(w.Encode(nil))
	return h.Sum64()
}

// perProcessBytes estimates what one process costs a World or a Sim
// beside its state value: the config's resolution (an Env, initiator,
// crashed, absent and initial flags), the topology's order, sorted and
// index entries, and the World's status, pending flag, timer slice
// header, hop and learn clocks and view.
func perProcessBytes() int64 {
	return int64(unsafe.Sizeof(Env{})) + 4 + 3*4 + // resolved, topology
		int64(unsafe.Sizeof(Status(0))) + 1 + int64(unsafe.Sizeof([]timer(nil))) + 8 + int64(unsafe.Sizeof(View{}))
}

// WorldBytes estimates the memory of the initial World of n processes,
// before it is built, so that a command can refuse a configuration that
// cannot fit its memory bound. It counts each process's state value and
// bookkeeping (not what a state's slices point to) and is a guard, not an
// exact size. It saturates at math.MaxInt64 for more processes than ids
// can name (math.MaxInt32) instead of overflowing.
func (a *Algorithm[S]) WorldBytes(n int) int64 {
	if n > math.MaxInt32 {
		return math.MaxInt64
	}
	var s S
	return 4096 + int64(n)*(int64(unsafe.Sizeof(s))+perProcessBytes())
}

// MemBytes estimates the memory w holds now: WorldBytes for its processes
// plus the messages in flight, the links used, the observations and
// faults recorded.
func (w *World[S]) MemBytes() int64 {
	return w.alg.WorldBytes(len(w.states)) + int64(w.inflight)*int64(unsafe.Sizeof(Message{})) +
		int64(len(w.links))*int64(unsafe.Sizeof(link{})) + int64(len(w.obs))*int64(unsafe.Sizeof(Observation{})) +
		int64(len(w.faults))*64
}
