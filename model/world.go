package model

// World, the global state of one execution: its fields, construction,
// accessors and copies. What its events do is in semantics.go, its encoding
// and hashes in statehash.go, its memory estimate in mem.go.

import "slices"

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
	// pending[i]: process i is an initiator that has not started yet;
	// npending is the number of pending[i] that are true, firstPending
	// the index of the first (len(pending) when none): the scans for
	// enabled detections start there (setPending keeps both). Both are
	// int32 (n is an int32 at most) so that they take the 8 bytes one
	// int took: the size of a World is part of the memory estimates.
	pending                []bool
	npending, firstPending int32
	// links holds every link ever used, sorted by (to, from).
	links []link
	// timers[i] are process i's armed timers; ntimers is their number
	// over all processes (setTimers keeps it).
	timers  [][]timer
	ntimers int
	// coins[i] are the weights of process i's pending coin (Outbox.Coin),
	// nil when it has none; coins is nil until some process requests one.
	// A weights slice is never modified (copies share it). ncoins is the
	// number of pending coins.
	coins  [][]uint32
	ncoins int
	// inflight is the number of messages in all queues.
	inflight int
	// crashesLeft is the remaining crash budget.
	crashesLeft int
	// started: some process has taken a step (initiation, join or
	// recovery); crashes are injected only during a run that has started.
	started bool
	// exclusive (Own) says the queue arrays of w's owned links are
	// never shared: a copy of w copies them, so w may reuse them in place
	// (deliver, round) instead of leaving a delivered head behind. Not
	// part of the value; a copy is not exclusive.
	exclusive bool
	// liveKnown says no process's status changed since w's last
	// observation (the last of obs), whose live summary (LiveCount,
	// MaxLive, MinLive) the next observation then takes instead of
	// scanning every process. Cleared by every change of a status.
	liveKnown bool
	// obsMine says that the array of obs is w's alone: w allocated it
	// while exclusive (observe), or cloneInto refilled it. A copy of w
	// then copies obs instead of sharing it, and the next cloneInto into
	// w (a run's World reused for the next run: CloneIntoReusing) refills
	// the array in place instead of starting a new one. Not part of the
	// value.
	obsMine bool
	// unsized is set by NewWorld and Reset: the first Apply makes room
	// for links, a step's outputs and an event's effects (stepRoom).
	// Beside the bools above, in what was padding.
	unsized bool
	counts  Counts
	// hops[i] is process i's Lamport hop clock.
	hops []int32
	// learn[i] is hops[i] when i's leader last changed, -1 if never.
	learn  []int32
	views  []View
	obs    []Observation
	faults []string
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
	// dirtyP and dirtyL list the processes and links whose cached hash
	// was cleared (touch, staleLink) since StateHash last ran, and the
	// empty links that got a message: the parts it hashes again (with
	// repeats). Empty until StateHash first runs.
	dirtyP []int32
	dirtyL []linkKey
	// scratch, not part of the value:
	heads   heads
	busyL   busyLinks
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
	// arena, when not nil, is where the World's queues are carved from,
	// and what the next Reset may reuse (see Reset); nil in a World that
	// Reset never made, and in a copy.
	arena *qarena
	// qpool holds queue arrays no World reads any more, for this
	// World's next copies of shared queues (enqueue): CloneIntoReusing
	// fills it. Scratch, never copied (each array is this World's alone).
	qpool [][]Message
	// events is the number of events applied; now is the time (round in
	// sync timing, events in async). Last in the struct, and the first
	// thing cloneInto writes (see there).
	events, now int64
	stamp       uint32
}

// NewSystem builds the initial World for cfg (see Spec).
func (a *Algorithm[S]) NewSystem(cfg *Config) (System, error) {
	w, err := a.NewWorld(cfg)
	if err != nil {
		return nil, err
	}
	return w, nil
}

// initProcesses gives every process its initial state, view, status and
// pending initiation from the resolved configuration (NewWorld, Reset).
func (w *World[S]) initProcesses() {
	a, r := w.alg, w.r
	w.liveKnown = false
	for i := range w.states {
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
		if w.pending[i] {
			w.npending++
		}
	}
	w.firstPending = int32(w.nextPending(0))
}

// setPending sets pending[i] to v, which it is not, and keeps npending
// and firstPending.
func (w *World[S]) setPending(i int, v bool) {
	w.pending[i] = v
	if v {
		w.npending++
		if int32(i) < w.firstPending && !brokenFirstPending {
			w.firstPending = int32(i)
		}
		return
	}
	w.npending--
	if int32(i) == w.firstPending {
		w.firstPending = int32(w.nextPending(i + 1))
	}
}

// nextPending is the index of the first pending initiation at i or after
// (len(pending) when none).
func (w *World[S]) nextPending(i int) int {
	for i < len(w.pending) && !w.pending[i] {
		i++
	}
	return i
}

// brokenFirstPending is a test hook (export_test.go): set, an initiation
// pending again before firstPending does not move it (a broken cursor the
// tests must catch).
var brokenFirstPending bool

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
	if a.Topology != Complete && n <= linksRoom {
		w.room = queueRoom
	}
	// Room for links, outputs and effects is made by the first Apply
	// (stepRoom): a World that is only copied (the claims' initial
	// Worlds, a search's root) never needs it.
	w.unsized = true
	w.initProcesses()
	return w, nil
}

// stepRoom makes room in a World NewWorld built, at its first Apply, for
// the links of a small topology and for a step's outputs and an event's
// effects, so that a short run (rapid's) does not grow them one by one.
// On a ring a step sends a message or two; on a complete graph it
// multicasts (an effect per copy) and arms timers, and its sends open
// many links. A large World grows its links and queues as it uses them,
// as it always did.
func (w *World[S]) stepRoom() {
	w.unsized = false
	n := len(w.states)
	links, outs, effects := n, 2, 4
	switch w.alg.Topology {
	case BiRing:
		links = 2 * n
	case Complete:
		links, outs, effects = n*(n-1), 4, min(n+2, effectsRoom)
	}
	// A World Reset keeps what it has.
	if cap(w.links) == 0 {
		w.links = make([]link, 0, min(links, linksRoom))
	}
	if cap(w.out.out) == 0 {
		w.out.out = make([]Output, 0, outs)
	}
	if cap(w.effects) == 0 {
		w.effects = make([]Effect, 0, effects)
	}
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

// StateOf is s.State(i).(S) without boxing the state when s is a
// *World[S] (an invariant checked at every step reads every state).
func StateOf[S any](s System, i int) S {
	if w, ok := s.(*World[S]); ok {
		return w.states[i]
	}
	return s.State(i).(S)
}

// Variant returns the readings w runs under, one per ambiguity of its
// Info: what Info.ParseVariant makes of its Config's Variant. Callers
// must not modify it.
func (w *World[S]) Variant() []uint8 { return w.r.variant }

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

// PendingCoin returns the weights of process i's pending coin (outcome v
// has probability weights[v]/sum(weights)), and whether it has one. The
// slice is shared: read only. While it is pending, Enabled lists the
// events "coin P = 0" to "coin P = len(weights)-1".
func (w *World[S]) PendingCoin(i int) ([]uint32, bool) {
	if w.coins == nil || w.coins[i] == nil {
		return nil, false
	}
	return w.coins[i], true
}

// PendingCoins is the number of processes with a pending coin.
func (w *World[S]) PendingCoins() int { return w.ncoins }

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

// CloneIntoReusing is CloneInto for a dst that no World in use shares
// queues with: dst and every World copied from it (directly or through
// copies) are no longer used at all. The queue arrays dst allocated
// itself are then free, and the copy reuses them when it copies a shared
// queue to send on it (instead of allocating a new one). A depth-first
// search meets the condition: it recycles a state's World when the
// states below it are done, and their Worlds were recycled before.
func (w *World[S]) CloneIntoReusing(dst System) System {
	d, ok := dst.(*World[S])
	if !ok || d == w || d.alg != w.alg {
		return w.CloneWorld()
	}
	d.poolQueues()
	w.cloneInto(d)
	return d
}

// maxPool bounds the arrays a World keeps in qpool.
const maxPool = 16

// poolQueues moves the queue arrays w allocated itself (its owned links'
// arrays: a copy shares its source's arrays unowned) to w.qpool, for a
// w that nothing reads any more (CloneIntoReusing). Arrays carved from an
// arena are left to it.
func (w *World[S]) poolQueues() {
	if w.arena != nil {
		return
	}
	for i := 0; i < len(w.links) && len(w.qpool) < maxPool; i++ {
		if l := &w.links[i]; (l.owned || brokenPool) && cap(l.q) > 0 {
			w.qpool = append(w.qpool, l.q[:0])
		}
	}
}

// pooled takes from w.qpool an array with room for need messages, or
// returns nil.
func (w *World[S]) pooled(need int) []Message {
	for k := len(w.qpool) - 1; k >= 0; k-- {
		if a := w.qpool[k]; cap(a) >= need {
			last := len(w.qpool) - 1
			w.qpool[k] = w.qpool[last]
			w.qpool[last] = nil
			w.qpool = w.qpool[:last]
			return a
		}
	}
	return nil
}

// brokenPool is a test hook (export_test.go): set, poolQueues also takes
// the arrays of links that are not owned (shared with the World they were
// copied from): a broken pool.
var brokenPool bool

// cloneInto makes c an independent copy of w, reusing c's slices. The
// per-process timer lists and the link queues' backing arrays are shared
// with w, not copied: every change to a timer list copies it first
// (setTimer, fire, cancel), and a queue is only ever popped at its head
// (a reslice) or appended to, in place only while its link is owned
// (link.owned; a copy's links are never owned), so neither World writes
// where the other can read.
func (w *World[S]) cloneInto(c *World[S]) {
	// A fresh World (CloneWorld) can end on a memory page nothing has
	// touched yet. Its first touch must be a write: a read (c.states[:0]
	// below, or a write barrier's read of an old pointer) maps the
	// kernel's shared zero page, and the write after it then copies that
	// page and flushes the other cores' TLBs, an interrupt to each core
	// that runs the search. These scalar fields are the struct's last.
	c.events, c.now, c.stamp = w.events, w.now, w.stamp
	n := len(w.states)
	c.alg, c.r = w.alg, w.r
	c.states = append(c.states[:0], w.states...)
	c.status = append(c.status[:0], w.status...)
	c.pending, c.npending, c.firstPending = append(c.pending[:0], w.pending...), w.npending, w.firstPending
	c.links = append(c.links[:0], w.links...)
	for i := range c.links {
		c.links[i].owned = false
	}
	if w.ntimers != 0 || c.ntimers != 0 && !brokenTimersCopy || len(c.timers) != n {
		c.timers = append(c.timers[:0], w.timers...)
	}
	// else every list of both is empty (ntimers counts them): c's are
	// already a copy of w's, and a copy of slice headers is a copy of
	// pointers (write barriers) that a search without timers can skip.
	c.ntimers = w.ntimers
	if w.coins == nil {
		c.coins = nil
	} else {
		c.coins = append(c.coins[:0], w.coins...)
	}
	c.ncoins = w.ncoins
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
	switch {
	case (c.obsMine || brokenObsReuse) && cap(c.obs) >= len(w.obs) && c != w:
		// c's own array (nothing else holds it): refilled in place.
		c.obs = append(c.obs[:0], w.obs...)
	case w.obsMine:
		// w's array must stay w's alone.
		c.obs, c.obsMine = slices.Clone(w.obs), false
	default:
		// Shared: cap == len, so neither appends into the other's.
		c.obs, c.obsMine = w.obs[:len(w.obs):len(w.obs)], false
	}
	c.faults = w.faults[:len(w.faults):len(w.faults)]
	c.phasesLeft, c.suspect = w.phasesLeft, w.suspect
	c.phash, c.hsum = append(c.phash[:0], w.phash...), w.hsum
	c.dirtyP, c.dirtyL = append(c.dirtyP[:0], w.dirtyP...), append(c.dirtyL[:0], w.dirtyL...)
	c.heads.reset()
	c.busyL.reset()
	c.out.Reset(None)
	c.effects = c.effects[:0]
	c.batch = c.batch[:0]
	c.exclusive = false
	c.liveKnown = w.liveKnown // c's last observation is w's
	if w.exclusive && !brokenOwnClone {
		// w reuses its arrays in place: c gets copies of its queues.
		for i := range c.links {
			if l := &c.links[i]; len(l.q) > 0 {
				l.q, l.due, l.owned = slices.Clone(l.q), slices.Clone(l.due), true
			}
		}
	}
	c.arena = nil
	if w.arena != nil {
		// c shares queues carved from w's arena: w's next Reset must
		// not carve them again.
		w.arena.lent.Store(true)
	}
}

// Own tells w that from now on the queue arrays it allocates are its
// alone: a copy of w copies its queues instead of sharing them, so that a
// delivery (and a lock-step round) reuses a queue's array in place instead
// of reslicing past the delivered head, and a long run stops allocating a
// new array every few sends. The arrays w shares now (with the World it
// was copied from, or with its copies) are copied before they are written,
// as before. Nothing but the allocations changes; a copy of w is not
// owned. checker.Execute owns the World it runs (not one run in place).
func (w *World[S]) Own() {
	w.exclusive = true
	for i := range w.links {
		w.links[i].owned = false
	}
}

// brokenOwnClone is a test hook (export_test.go): set, a copy of an owned
// World shares its queue arrays (a broken copy, which the owned World's
// reuse of them in place then overwrites).
var brokenOwnClone bool

// brokenTimersCopy is a test hook (export_test.go): set, cloneInto skips
// the timers whenever w has none, even into a World that has some (it
// forgets c.ntimers: a broken skip).
var brokenTimersCopy bool

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
