package explore

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// bnode is a state waiting in the BFS queue.
type bnode struct {
	w   model.System
	key uint64
	id  int32
	// bytes is what the state holds while it waits in the queue
	// (frontierBytes).
	bytes   uint32
	pc      []int32
	tainted bool
}

// succ is one transition computed by a BFS worker: the event applied to a
// copy of its parent, the World reached (nil once the worker found the
// state visited and recycled it), its key, stamp and slot in the visited
// set, and per-process counters.
type succ struct {
	w            model.System
	key          uint64
	stamp        uint32
	slot         int
	pc           []int32
	faultsBefore int
	// old: the state was visited in an earlier batch; placed: the
	// transition has visited the table (else the table was full and the
	// merge places it after growing).
	old, placed bool
	// final: the state ends an execution (isFinal), for a state not old.
	final bool
	// checked: the worker ran the step checks (stepCheck), whose finding
	// is viol; else the merge runs them (a user invariant, which need not
	// be safe to call concurrently).
	checked bool
	viol    *checker.Violation
	// sized: a worker trimmed w (the state is new and the batch's least
	// stamp for its key) and measured it: wbytes (see worldBytesOf).
	sized  bool
	wbytes int64
}

// bfsBatch is the number of frontier states expanded together: the
// workers compute their successors and visit the shared table, then the
// merge takes them in order.
const bfsBatch = 256

// bfsWorker is what one BFS worker owns: its encoding buffer, its
// enabled-events buffer and the recycled Worlds it copies successors
// into. Which World's storage a successor reuses does not change the
// successor (model.World.CloneInto), so the result does not depend on how
// the spares are shared out.
type bfsWorker struct {
	buf   []byte
	en    []model.Event
	spare []model.System
	// pc is the scratch per-process counters of a transition: copied
	// out only for a successor the merge keeps, since most transitions
	// reach a state visited before.
	pc []int32
}

// maxBFSSpare bounds the recycled Worlds the BFS keeps (all workers'
// together). The memory estimate counts all of them from the start, so
// that it does not depend on how many a batch happened to leave (nor on
// the workers).
const maxBFSSpare = 1024

// clone copies w, into one of the worker's spare Worlds when it has one.
func (b *bfsWorker) clone(w model.System) model.System { return cloneSpare(w, &b.spare) }

// recycle keeps w for the worker's next copies, up to its share of
// maxBFSSpare.
func (b *bfsWorker) recycle(w model.System, share int) {
	if w != nil && len(b.spare) < share {
		b.spare = append(b.spare, w)
	}
}

// expand computes every successor of u (its enabled events in canonical
// order) into out, with the worker's buffers and spare Worlds, and visits
// the shared table with each: a state visited in an earlier batch gives
// its World back at once (unless the merge must check it: keep), the
// others keep theirs for the merge, which takes the one with the least
// stamp. i is u's place in its batch (stampOf). It reads nothing the merge writes, so workers run
// it concurrently on different states (each state's World is used by one
// worker only).
func (e *engine) expand(u *bnode, i int, depth int, out []succ, b *bfsWorker, share int) []succ {
	b.en = u.w.Enabled(b.en[:0])
	en := b.en
	keep := e.checks.Invariant != nil
	for k, ev := range en {
		if k >= 1<<16 {
			panic("explore: more than 65536 enabled events")
		}
		w := u.w
		if k < len(en)-1 {
			w = b.clone(u.w)
		} else if f, ok := w.(frontierSizer); ok {
			f.Untrim(e.scratch) // queued, it gave its step storage back
		}
		transBefore, faultsBefore := e.apply(w, ev)
		var pc []int32
		if e.opt.Counts == CountsPerProcess {
			b.pc = append(b.pc[:0], u.pc...)
			pc = b.pc
			countEffects(w, ev, pc, transBefore)
		}
		var key uint64
		key, _, b.buf = keysBuf(&e.opt, w, pc, b.buf)
		s := succ{w: w, key: key, stamp: stampOf(i, k), faultsBefore: faultsBefore}
		if !keep {
			s.checked, s.viol = true, e.stepCheck(w, faultsBefore, depth+1)
		}
		s.slot, s.old, s.placed = e.cvis.visit(key, s.stamp)
		switch {
		case s.old && !keep:
			b.recycle(w, share)
			s.w = nil
		case !s.old && s.placed:
			s.final = e.isFinal(w)
		}
		if s.w != nil && pc != nil {
			s.pc = slices.Clone(pc)
		}
		out = append(out, s)
	}
	return out
}

// expandBatch computes the successors of every state of batch into
// out[i], on Options.Workers goroutines when there are more than one,
// and places every one in the visited set. The workers take the states
// in turn from a shared counter and write only their slots; the stamps
// make what the table ends with independent of that order. Transitions
// a full table gave back are placed after it grows, in the sequential
// order (so the table's size, too, does not depend on the workers).
func (e *engine) expandBatch(batch []bnode, depth int, out [][]succ) {
	workers := min(max(e.opt.Workers, 1), len(batch))
	for len(e.bfsWorkers) < workers {
		e.bfsWorkers = append(e.bfsWorkers, bfsWorker{})
	}
	// Half the spare Worlds are the workers' (shared equally), half the
	// merge's, which hands them out here.
	share := maxBFSSpare / 2 / len(e.bfsWorkers)
	for j := range workers {
		b := &e.bfsWorkers[j]
		for len(b.spare) < share && len(e.bfsSpare) > 0 {
			k := len(e.bfsSpare) - 1
			b.spare = append(b.spare, e.bfsSpare[k])
			e.bfsSpare[k] = nil
			e.bfsSpare = e.bfsSpare[:k]
		}
	}
	// Keep the table below its limit for a batch that finds few new
	// states; one that finds more is placed by the merge below.
	for e.cvis.full() {
		e.cvis.grow()
	}
	e.eachState(len(batch), workers, func(i int, b *bfsWorker) {
		out[i] = e.expand(&batch[i], i, depth, out[i][:0], b, share)
	})
	grown := false
	for i := range batch {
		for k := range out[i] {
			s := &out[i][k]
			for !s.placed {
				if e.cvis.full() {
					e.cvis.grow()
					grown = true
				}
				s.slot, s.old, s.placed = e.cvis.visit(s.key, s.stamp)
				if s.placed && !s.old {
					s.final = e.isFinal(s.w)
				}
			}
		}
	}
	if grown {
		// Growing moved the keys: the slots the workers noted are stale.
		for i := range batch {
			for k := range out[i] {
				if s := &out[i][k]; !s.old {
					s.slot = e.cvis.lookup(s.key)
				}
			}
		}
	}
	if e.checks.Invariant != nil {
		return // the merge checks the successors before it trims them
	}
	// Every stamp is now final: the workers trim and measure the Worlds
	// the merge will take (a transition with its key's least stamp), the
	// merge's largest cost besides counting. Not a final state's: its
	// end-of-run checks and OnFinal see the World as its last event left
	// it, effects included (Trim drops them); the merge trims it after.
	e.eachState(len(batch), workers, func(i int, b *bfsWorker) {
		for k := range out[i] {
			if s := &out[i][k]; !s.old && !s.final && e.cvis.winner(s.slot, s.stamp) {
				s.wbytes, s.sized = e.worldBytesOf(s.w), true
			}
		}
	})
}

// eachState calls f for every i < n, on the given number of workers (the
// BFS workers, each with its own bfsWorker) taking the i in turn from a
// shared counter; f(i) may write only what belongs to i.
func (e *engine) eachState(n, workers int, f func(i int, b *bfsWorker)) {
	if workers <= 1 {
		for i := range n {
			f(i, &e.bfsWorkers[0])
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for j := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := &e.bfsWorkers[j]
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i, b)
			}
		}()
	}
	wg.Wait()
}

// bfs is the breadth-first search: level by level, every enabled event, so
// each state is first met at its distance from the initial World and each
// violation's trace is a shortest one. Each state keeps its parent and the
// position of the event in the parent's (canonical) enabled list, so a
// trace is rebuilt by replaying positions from the initial World. The
// successors of up to bfsBatch states are computed together (in parallel
// with Options.Workers), each placed in the shared visited set (ctable)
// by its worker, then merged one by one in the sequential order: the
// counts, the checks and every bound see the same sequence whatever the
// number of workers, and the state each transition finds new is the one
// the sequential search would (the least stamp).
func (e *engine) bfs() {
	e.cvis = newCTable()
	e.scratch = model.NewScratchPool(maxBFSSpare)
	w0 := e.s0.Clone()
	var pc0 []int32
	if e.opt.Counts == CountsPerProcess {
		pc0 = make([]int32, 3*e.n)
	}
	full, _ := e.keys(w0, pc0)
	e.cvis.visit(full, stampTaken)
	e.cvis.n = 1
	e.bfsParent = append(e.bfsParent, -1)
	e.bfsPos = append(e.bfsPos, 0)
	cur := []bnode{{w: w0, key: full, id: 0, bytes: e.frontierBytes(w0, pc0), pc: pc0}}
	e.curBytes = int64(cur[0].bytes)
	var next []bnode
	if e.isFinal(w0) {
		e.final(w0, full, func() []model.Event { return nil }, false)
	}
	succs := make([][]succ, bfsBatch)
	for depth := 0; len(cur) > 0 && !e.stopped(); depth++ {
		if e.opt.MaxDepth > 0 && depth >= e.opt.MaxDepth {
			e.stop = describeBound("max-depth", int64(e.opt.MaxDepth))
			break
		}
		// Each level is expanded in the order of its state keys, so that
		// what is found first (a violation's trace, a state's parent, a
		// state's taint) is the least (parent key, event position) that
		// shows it: a rule that does not depend on the order states were
		// met in, which the distributed search (dist.go) follows too.
		slices.SortFunc(cur, func(a, b bnode) int { return cmp.Compare(a.key, b.key) })
		next = next[:0]
		for b0 := 0; b0 < len(cur) && !e.stopped(); b0 += bfsBatch {
			batch := cur[b0:min(b0+bfsBatch, len(cur))]
			e.expandBatch(batch, depth, succs)
			for bi := range batch {
				if !e.stopped() {
					u := batch[bi]
					next = e.mergeSuccs(&u, succs[bi], depth, len(cur)-b0-bi, next)
				}
				e.curBytes -= int64(batch[bi].bytes)
				batch[bi] = bnode{}
				clear(succs[bi])
			}
		}
		cur, next = next, cur
		e.curBytes, e.nextBytes = e.nextBytes, 0
		if bfsLevelHook != nil {
			bfsLevelHook(e, cur)
		}
	}
}

// bfsLevelHook, when set (by tests only), is called after each level with
// the next level's queue.
var bfsLevelHook func(e *engine, queue []bnode)

// frontierBytes is what a state holds while it waits in the BFS queue:
// its World after Trim (model.World.FrontierBytes; e.worldBytes for a
// System that does not say) and its counters. It also keeps the largest
// World seen, which queueBytes counts for the spare and in-flight Worlds.
func (e *engine) frontierBytes(w model.System, pc []int32) uint32 {
	return e.queuedBytes(e.worldBytesOf(w), pc)
}

// worldBytesOf trims w and returns what it holds then
// (model.World.FrontierBytes; e.worldBytes for a System that does not
// say). It writes nothing but w and the scratch pool (safe for
// concurrent use): the workers call it.
func (e *engine) worldBytesOf(w model.System) int64 {
	if f, ok := w.(frontierSizer); ok {
		f.Trim(e.scratch)
		return f.FrontierBytes()
	}
	return e.worldBytes
}

// queuedBytes is frontierBytes for a World that holds b bytes trimmed.
func (e *engine) queuedBytes(b int64, pc []int32) uint32 {
	e.bfsMaxWorld = max(e.bfsMaxWorld, b)
	if pc != nil {
		b += 4*int64(len(pc)) + 16
	}
	return uint32(min(b, math.MaxUint32))
}

// frontierSizer is a System that can drop its scratch storage and say
// what it holds then (model.World).
type frontierSizer interface {
	Trim(*model.ScratchPool)
	Untrim(*model.ScratchPool)
	FrontierBytes() int64
}

// queueBytes estimates the BFS queue's memory with queued states in it
// (the rest of the current level and the next level so far): their
// Worlds and counters (curBytes and nextBytes), their queue entries, and
// the recycled Worlds and a batch's successors at the largest World's
// size.
func (e *engine) queueBytes(queued int) int64 {
	return e.curBytes + e.nextBytes + int64(queued)*int64(unsafe.Sizeof(bnode{})) +
		int64(maxBFSSpare+bfsBatch)*e.bfsMaxWorld
}

// mergeSuccs takes the successors of u in order: transitions, checks,
// the states found new (the least stamp of their key), final states, the
// next level; left is the number of states of the current level not yet
// merged (for the memory estimate).
func (e *engine) mergeSuccs(u *bnode, ss []succ, depth, left int, next []bnode) []bnode {
	for k := range ss {
		if e.stopped() {
			break
		}
		s := &ss[k]
		w, key := s.w, s.key
		e.res.Transitions++
		e.tick(depth + 1)
		parent, pos := u.id, uint16(k)
		tainted := u.tainted
		v := s.viol
		if !s.checked {
			v = e.stepCheck(w, s.faultsBefore, depth+1)
		}
		if v != nil {
			e.violation(v, key, func() []model.Event { return e.bfsPath(parent, pos) }, u.tainted)
			tainted = true
		}
		if s.old || !e.cvis.take(s.slot, s.stamp) {
			// Visited, or found new by an earlier transition: its storage
			// serves the next batch's copies.
			if w != nil && len(e.bfsSpare) < maxBFSSpare/2 {
				e.bfsSpare = append(e.bfsSpare, w)
			}
			ss[k].w = nil
			continue
		}
		id := int32(len(e.bfsParent))
		e.bfsParent = append(e.bfsParent, parent)
		e.bfsPos = append(e.bfsPos, pos)
		if depth+1 > e.res.MaxDepth {
			e.res.MaxDepth = depth + 1
		}
		if s.final {
			e.final(w, key, func() []model.Event { return e.bfsPath(parent, pos) }, tainted)
		}
		var nb uint32
		if s.sized {
			nb = e.queuedBytes(s.wbytes, s.pc)
		} else {
			nb = e.frontierBytes(w, s.pc)
		}
		next = append(next, bnode{w: w, key: key, id: id, bytes: nb, pc: s.pc, tainted: tainted})
		e.nextBytes += int64(nb)
		e.stackBytes = e.queueBytes(left + len(next))
		e.bounds()
		e.progress(depth + 1)
	}
	return next
}

// bfsPath rebuilds the events from the initial World to the state with id
// parent, then the event at position pos of its enabled list.
func (e *engine) bfsPath(parent int32, pos uint16) []model.Event {
	var rev []uint16
	rev = append(rev, pos)
	for id := parent; id > 0; id = e.bfsParent[id] {
		rev = append(rev, e.bfsPos[id])
	}
	return replayPositions(e.s0, rev, true)
}

// replayPositions applies, from a clone of s0, the event at each position
// (of the enabled list at the time) and returns the events; reversed says
// positions are listed last first.
func replayPositions(s0 model.System, ps []uint16, reversed bool) []model.Event {
	w := s0.Clone()
	var en []model.Event
	out := make([]model.Event, 0, len(ps))
	for k := range ps {
		p := ps[k]
		if reversed {
			p = ps[len(ps)-1-k]
		}
		en = w.Enabled(en[:0])
		ev := en[p]
		if err := w.Apply(ev); err != nil {
			panic(fmt.Sprintf("explore: replaying a path: %v", err))
		}
		out = append(out, ev)
	}
	return out
}
