package model

// Reset: a World made the initial World of another configuration in the
// storage it already has, so that a driver running many short executions
// one after another (rapid's schedules) does not build a World for each.

import "sync/atomic"

// Resetter is a System that can become the initial System of another
// configuration of its algorithm in place (World is one).
type Resetter interface {
	System
	// Reset makes the receiver equal to what NewSystem(cfg) returns, or
	// returns NewSystem's error and leaves the receiver as it was.
	Reset(cfg *Config) error
}

// Reset makes w the World NewWorld(cfg) would build for w's algorithm,
// reusing w's storage; on an error (NewWorld's) w is unchanged. Copies made
// of w before (Clone, CloneInto) stay valid: Reset writes nothing they
// share (the timer lists, observations and faults are dropped; the queues'
// arena and the resolved configuration and topology of the Reset before
// last are reused only when no copy was made since the last Reset). What
// w's accessors returned before (its Topo, its states) is w's and may be
// reused: a caller that keeps it past a Reset keeps a copy of w instead.
func (w *World[S]) Reset(cfg *Config) error {
	// The resolved configuration of the Reset before last, which no copy
	// shares when none was made since, is reused.
	st := w.arena
	keep := st != nil && !(st.lent.Load() && brokenReset != ResetReusesLentArena)
	var into *resolved
	if keep {
		into = st.spare
	}
	r, err := resolveInto(&w.alg.Info, cfg, into)
	if err != nil {
		if keep {
			st.spare = nil // garbage now
		}
		return err
	}
	last := w.r
	a := w.alg
	n := r.topo.N()
	w.r = r
	w.states = resize(w.states, n)
	w.status = resize(w.status, n)
	w.pending = resize(w.pending, n)
	w.npending = 0
	clear(w.links[:cap(w.links)]) // drop the queues: copies may share them
	w.links = w.links[:0]
	w.timers, w.ntimers = resize(w.timers, n), 0
	w.dirtyP, w.dirtyL = w.dirtyP[:0], w.dirtyL[:0]
	w.heads.reset()
	w.busyL.reset()
	w.coins, w.ncoins = nil, 0
	w.inflight, w.crashesLeft = 0, cfg.CrashBudget
	if brokenReset != ResetKeepsStarted {
		w.started = false
	}
	if brokenReset != ResetKeepsCounts {
		byKind := resize(w.counts.ByKind, len(a.Kinds))
		w.counts = Counts{ByKind: byKind}
	}
	if cap(w.hops) < n || cap(w.learn) < n {
		clocks := make([]int32, 2*n)
		w.hops, w.learn = clocks[:n:n], clocks[n:]
	} else {
		w.hops, w.learn = w.hops[:n], w.learn[:n]
		clear(w.hops)
	}
	w.views = resize(w.views, n)
	w.events, w.now = 0, 0
	if brokenReset != ResetKeepsStamp {
		w.stamp = 0
	}
	// Observations and faults are shared with copies (capped at their
	// length): start new ones.
	w.obs, w.faults, w.obsMine = nil, nil, false
	w.phasesLeft, w.suspect = len(cfg.Successive), None
	w.phash, w.hsum = nil, 0
	w.out.Reset(None)
	w.effects = w.effects[:0]
	w.batch = w.batch[:0]
	w.room = 0
	if a.Topology != Complete && n <= linksRoom {
		w.room = queueRoom
	}
	w.unsized = true
	w.resetArena(keep)
	if keep {
		w.arena.spare = last
	}
	w.initProcesses()
	return nil
}

// resize returns s with length n and every element zero, reusing its
// array when it is large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// brokenReset is a test hook (export_test.go): a Reset that forgets one
// part of the World (a broken reset the tests must catch).
var brokenReset int

// The parts a broken Reset forgets (brokenReset).
const (
	ResetComplete = iota
	ResetKeepsStarted
	ResetKeepsCounts
	ResetKeepsStamp
	ResetReusesLentArena
)

// qarena is a World's store of queue arrays (World.arena): the queues of
// the links it opens, and their regrowths, are carved from buf one after
// another, so that a World Reset for one short execution after another
// allocates none once buf is large enough.
type qarena struct {
	// lent records that a copy of the World was made since the arena was
	// last reset (cloneInto sets it, atomically: copies may be made
	// concurrently): the copy may share arrays carved from buf, so the
	// next Reset starts a new arena.
	lent atomic.Bool
	buf  []Message
	off  int
	// need is the room the carvings asked for since the last reset,
	// what the next arena gets when buf ran out.
	need int
	// spare is the World's resolved configuration before the current
	// one, which the next Reset reuses when no copy was made since (nil
	// when there is none such).
	spare *resolved
}

// arenaRoom is the first arena's size, in messages; arenaMax bounds the
// size of the arena a reset makes after a run that needed more (a long
// run's queues beyond it are allocated as a World's always were).
const (
	arenaRoom = 256
	arenaMax  = 1 << 14
)

// resetArena gives w an arena to carve from, empty: its own again when
// keep says no copy may share it (and it was large enough), else a new
// one (at least as large as the last run needed).
func (w *World[S]) resetArena(keep bool) {
	a := w.arena
	room := 0
	if w.room > 0 {
		room = arenaRoom
	}
	switch {
	case a == nil:
		w.arena = &qarena{buf: make([]Message, room)}
	case !keep || a.need > len(a.buf) && len(a.buf) < arenaMax:
		w.arena = &qarena{buf: make([]Message, max(min(a.need, arenaMax), len(a.buf), room))}
	default:
		clear(a.buf[:a.off]) // drop the messages' lists
		a.off, a.need = 0, 0
	}
}

// queueRoom is the room a queue of w gets when its link opens or when it
// grows: w.room, or a reset World's arena room when that is 0 (the
// queues of a complete graph, a message or two each).
func (w *World[S]) queueRoom() int {
	if w.room == 0 && w.arena != nil {
		return arenaLinkRoom
	}
	return w.room
}

// arenaLinkRoom is the room a reset World's queue gets from its arena
// when World.room gives none.
const arenaLinkRoom = 2

// newQueue returns an empty queue array of length n and capacity c,
// carved from w's arena when it has one with room, else new.
func (w *World[S]) newQueue(n, c int) []Message {
	if a := w.arena; a != nil {
		a.need += c
		if a.off+c <= len(a.buf) {
			q := a.buf[a.off : a.off+n : a.off+c]
			a.off += c
			return q
		}
	}
	return make([]Message, n, c)
}
