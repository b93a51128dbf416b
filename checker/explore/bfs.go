package explore

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// bnode is a state waiting in the BFS queue.
type bnode struct {
	w       model.System
	key     uint64
	id      int32
	pc      []int32
	tainted bool
}

// succ is one transition computed by a BFS worker: the event applied to a
// copy of its parent, the World reached, its key and per-process counters.
type succ struct {
	w            model.System
	key          uint64
	pc           []int32
	faultsBefore int
	// checked: the worker ran the step checks (stepCheck), whose finding
	// is viol; else the merge runs them (a user invariant, which need not
	// be safe to call concurrently).
	checked bool
	viol    *checker.Violation
}

// bfsBatch is the number of frontier states expanded together: the
// workers compute their successors, then the merge takes them in order.
const bfsBatch = 256

// bfsWorker is what one BFS worker owns while a batch is expanded: its
// encoding buffer, its enabled-events buffer and the recycled Worlds it
// copies successors into. Which World's storage a successor reuses does
// not change the successor (model.World.CloneInto), so the result does
// not depend on how the spares are shared out.
type bfsWorker struct {
	buf   []byte
	en    []model.Event
	spare []model.System
}

// maxBFSSpare bounds the recycled Worlds the BFS keeps between batches.
// The memory estimate counts all of them from the start, so that it does
// not depend on how many a batch happened to leave (nor on the workers).
const maxBFSSpare = 1024

// clone copies w, into one of the worker's spare Worlds when it has one.
func (b *bfsWorker) clone(w model.System) model.System { return cloneSpare(w, &b.spare) }

// expand computes every successor of u (its enabled events in canonical
// order) into out, with the worker's buffers and spare Worlds. It reads
// nothing the merge writes, so workers may run it concurrently on
// different states (each state's World is used by one worker only).
func (e *engine) expand(u *bnode, depth int, out []succ, b *bfsWorker) []succ {
	b.en = u.w.Enabled(b.en[:0])
	en := b.en
	for k, ev := range en {
		if k >= 1<<16 {
			panic("explore: more than 65536 enabled events")
		}
		w := u.w
		if k < len(en)-1 {
			w = b.clone(u.w)
		}
		transBefore, faultsBefore := e.apply(w, ev)
		var pc []int32
		if e.opt.Counts == CountsPerProcess {
			pc = append([]int32(nil), u.pc...)
			countEffects(w, ev, pc, transBefore)
		}
		var key uint64
		key, _, b.buf = keysBuf(&e.opt, w, pc, b.buf)
		s := succ{w: w, key: key, pc: pc, faultsBefore: faultsBefore}
		if e.checks.Invariant == nil {
			s.checked, s.viol = true, e.stepCheck(w, faultsBefore, depth+1)
		}
		out = append(out, s)
	}
	return out
}

// expandBatch computes the successors of every state of batch into
// out[i], on Options.Workers goroutines when there are more than one.
// Worker j takes the states j, j+W, j+2W, ... and writes only their
// slots, so what is computed does not depend on the scheduling; the merge
// then reads the slots in order.
// The engine's spare Worlds (bfsSpare) are shared out among the workers
// first and what they leave is gathered back after.
func (e *engine) expandBatch(batch []bnode, depth int, out [][]succ) {
	workers := min(max(e.opt.Workers, 1), len(batch))
	for len(e.bfsWorkers) < workers {
		e.bfsWorkers = append(e.bfsWorkers, bfsWorker{})
	}
	spare := e.bfsSpare
	for j := range workers {
		lo, hi := j*len(spare)/workers, (j+1)*len(spare)/workers
		e.bfsWorkers[j].spare = append(e.bfsWorkers[j].spare[:0], spare[lo:hi]...)
	}
	clear(spare)
	e.bfsSpare = spare[:0]
	if workers <= 1 {
		for i := range batch {
			out[i] = e.expand(&batch[i], depth, out[i][:0], &e.bfsWorkers[0])
		}
	} else {
		var wg sync.WaitGroup
		for j := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b := &e.bfsWorkers[j]
				for i := j; i < len(batch); i += workers {
					out[i] = e.expand(&batch[i], depth, out[i][:0], b)
				}
			}()
		}
		wg.Wait()
	}
	for j := range workers {
		b := &e.bfsWorkers[j]
		e.bfsSpare = append(e.bfsSpare, b.spare...)
		clear(b.spare)
		b.spare = b.spare[:0]
	}
}

// bfs is the breadth-first search: level by level, every enabled event, so
// each state is first met at its distance from the initial World and each
// violation's trace is a shortest one. Each state keeps its parent and the
// position of the event in the parent's (canonical) enabled list, so a
// trace is rebuilt by replaying positions from the initial World. The
// successors of up to bfsBatch states are computed together (in parallel
// with Options.Workers), then merged one by one in the sequential order:
// the visited set, the counts, the checks and every bound see the same
// sequence whatever the number of workers.
func (e *engine) bfs() {
	w0 := e.s0.Clone()
	var pc0 []int32
	if e.opt.Counts == CountsPerProcess {
		pc0 = make([]int32, 3*e.n)
	}
	full, _ := e.keys(w0, pc0)
	i, _ := e.vis.find(full)
	e.vis.insert(i, full, 0, 0)
	e.bfsParent = append(e.bfsParent, -1)
	e.bfsPos = append(e.bfsPos, 0)
	cur := []bnode{{w: w0, key: full, id: 0, pc: pc0}}
	var next []bnode
	if e.isFinal(w0) {
		e.final(w0, full, func() []model.Event { return nil }, false)
	}
	// One state at a time without workers (the successors of one state
	// beyond the memory estimate, as before); a batch with them (its
	// successors are outside the estimate). The merge, and so the Result,
	// is the same for every batch size.
	batchLen := 1
	if e.opt.Workers > 1 {
		batchLen = bfsBatch
	}
	succs := make([][]succ, batchLen)
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
		for b0 := 0; b0 < len(cur) && !e.stopped(); b0 += batchLen {
			batch := cur[b0:min(b0+batchLen, len(cur))]
			e.expandBatch(batch, depth, succs)
			for bi := range batch {
				if e.stopped() {
					break
				}
				u := batch[bi]
				batch[bi] = bnode{}
				next = e.mergeSuccs(&u, succs[bi], depth, len(cur)-b0-bi, next)
				clear(succs[bi])
			}
		}
		cur, next = next, cur
	}
}

// mergeSuccs takes the successors of u in order: transitions, checks,
// the visited set, final states, the next level; left is the number of
// states of the current level not yet merged (for the memory estimate).
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
		path := func() []model.Event { return e.bfsPath(parent, pos) }
		slot, found := e.vis.find(key)
		tainted := u.tainted
		v := s.viol
		if !s.checked {
			v = e.stepCheck(w, s.faultsBefore, depth+1)
		}
		if v != nil {
			e.violation(v, key, path, u.tainted)
			tainted = true
		}
		if found {
			// Nothing refers to a World already visited: its storage
			// serves the next batch's copies.
			if len(e.bfsSpare) < maxBFSSpare {
				e.bfsSpare = append(e.bfsSpare, w)
			}
			ss[k].w = nil
			continue
		}
		id := int32(len(e.bfsParent))
		e.vis.insert(slot, key, 0, id)
		e.bfsParent = append(e.bfsParent, parent)
		e.bfsPos = append(e.bfsPos, pos)
		if depth+1 > e.res.MaxDepth {
			e.res.MaxDepth = depth + 1
		}
		if e.isFinal(w) {
			e.final(w, key, path, tainted)
		}
		next = append(next, bnode{w: w, key: key, id: id, pc: s.pc, tainted: tainted})
		e.stackBytes = int64(left+len(next)+maxBFSSpare) * e.worldBytes
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
