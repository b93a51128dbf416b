package model

// The World's canonical encoding (Encode) and its hashes: the incremental
// StateHash, Fingerprint and FairFingerprint. The helpers for an algorithm's
// own Encode are in encode.go.

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"

	"github.com/electlab/electlab/internal/statehash"
)

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
// start, state, armed timers. A pending coin is encoded only when there
// is one (so that a World without coins encodes as it always did): its
// status is then encoded plus coinMark, followed by the coin's weights.
func (w *World[S]) encodeProcess(b []byte, i int) []byte {
	if w.waits(i) {
		b = appendVarint(b, int64(w.status[i])+coinMark)
		b = appendVarint(b, int64(len(w.coins[i])))
		for _, x := range w.coins[i] {
			b = appendVarint(b, int64(x))
		}
	} else {
		b = appendVarint(b, int64(w.status[i]))
	}
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

// coinMark is added to the encoded status of a process with a pending
// coin: more than any Status.
const coinMark = 16

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
// pending coin, state or timers are about to change.
func (w *World[S]) touch(p int) {
	if p < len(w.phash) && w.phash[p] != 0 {
		w.hsum -= procPart(p, w.phash[p])
		w.phash[p] = 0
		if !brokenDirty {
			w.dirtyP = append(w.dirtyP, int32(p))
		}
	}
}

// staleLink marks l's cached hash stale: its queue is about to change.
func (w *World[S]) staleLink(l *link) {
	if w.phash != nil && (l.h != 0 || len(l.q) == 0) {
		// Cached, or empty (new) and about to get a message: StateHash
		// hashes it again.
		w.dirtyL = append(w.dirtyL, linkKey{l.from, l.to})
	}
	if l.h != 0 {
		w.hsum -= linkPart(l)
		l.h = 0
	}
}

// linkKey names a link (its position in World.links shifts when a link
// is added).
type linkKey struct{ from, to int32 }

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
// for those encodings, returned grown. Under sync timing the encoding of
// an armed timer or of a message in flight on a physical ring is relative
// to the current round: a round marks stale every process with an armed
// timer and every link. The hash differs from a hash of Encode's bytes: a
// search uses one or the other for all its states.
func (w *World[S]) StateHash(buf []byte) (uint64, []byte, bool) {
	if len(w.phash) != len(w.states) {
		// The first hash: every part.
		w.phash, w.hsum = make([]uint64, len(w.states)), 0
		for li := range w.links {
			w.links[li].h = 0
		}
		for i := range w.phash {
			buf = w.hashProcess(buf, i)
		}
		for li := range w.links {
			buf = w.hashLink(buf, &w.links[li])
		}
	} else {
		// Only the parts touched since (an event touches one process or
		// two and a link or two, where a scan would visit all n).
		for _, p := range w.dirtyP {
			buf = w.hashProcess(buf, int(p))
		}
		for _, k := range w.dirtyL {
			if li, ok := w.findLink(k.from, k.to); ok {
				buf = w.hashLink(buf, &w.links[li])
			}
		}
	}
	w.dirtyP, w.dirtyL = w.dirtyP[:0], w.dirtyL[:0]
	buf = w.encodeGlobals(buf[:0])
	return statehash.Combine(w.hsum, statehash.Bytes(buf)), buf, true
}

// hashProcess hashes process i's part into StateHash's sum when it is
// not cached.
func (w *World[S]) hashProcess(buf []byte, i int) []byte {
	if w.phash[i] == 0 {
		buf = w.encodeProcess(buf[:0], i)
		ph := max(statehash.Bytes(buf), 1)
		w.phash[i] = ph
		w.hsum += procPart(i, ph)
	}
	return buf
}

// hashLink hashes link l's part into StateHash's sum when it is
// non-empty and not cached.
func (w *World[S]) hashLink(buf []byte, l *link) []byte {
	if l.h == 0 && len(l.q) > 0 {
		buf = w.encodeLink(buf[:0], l)
		l.h = max(statehash.Bytes(buf), 1)
		w.hsum += linkPart(l)
	}
	return buf
}

// brokenDirty is a test hook (export_test.go): set, touch does not list
// the process it clears (a broken dirty list).
var brokenDirty bool

// brokenRoundTouch is a test hook (export_test.go): set, a sync round
// does not mark stale the processes whose armed timers it brings nearer.
var brokenRoundTouch bool

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
//
// It is the incremental StateHash, combined under async timing with a
// hash of that order, so that a step re-encodes only the processes and
// links it changed (a fair continuation fingerprints every state it
// reaches: at n = 1024 a whole encoding per event cost most of an
// execution). Under sync timing the encoding holds each timer's deadline
// relative to the round, and so the order. Its values serve one
// execution's cycle detection, never stored.
func (w *World[S]) FairFingerprint() uint64 {
	h, _, _ := w.StateHash(nil)
	if w.r.cfg.Timing == Sync {
		return h
	}
	return statehash.Combine(h, statehash.Bytes(w.encodeTimerOrder(nil)))
}

func (w *World[S]) encodeTimerOrder(b []byte) []byte {
	if w.ntimers < 2 {
		// The loop below would find fewer than two: no order to encode
		// (and no scan of every process at each step of a fair
		// continuation of n processes).
		return b
	}
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
