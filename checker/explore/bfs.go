package explore

import (
	"fmt"

	"github.com/electlab/electlab/model"
)

// bnode is a state waiting in the BFS queue.
type bnode struct {
	w       model.System
	id      int32
	pc      []int32
	tainted bool
}

// bfs is the breadth-first search: level by level, every enabled event, so
// each state is first met at its distance from the initial World and each
// violation's trace is a shortest one. Each state keeps its parent and the
// position of the event in the parent's (canonical) enabled list, so a
// trace is rebuilt by replaying positions from the initial World.
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
	cur := []bnode{{w: w0, id: 0, pc: pc0}}
	var en []model.Event
	var next []bnode
	if e.isFinal(w0) {
		e.final(w0, full, func() []model.Event { return nil }, false)
	}
	for depth := 0; len(cur) > 0 && !e.stopped(); depth++ {
		if e.opt.MaxDepth > 0 && depth >= e.opt.MaxDepth {
			e.stop = describeBound("max-depth", int64(e.opt.MaxDepth))
			break
		}
		next = next[:0]
		for qi := range cur {
			if e.stopped() {
				break
			}
			u := cur[qi]
			cur[qi] = bnode{}
			en = u.w.Enabled(en[:0])
			for k, ev := range en {
				if e.stopped() {
					break
				}
				if k >= 1<<16 {
					panic("explore: more than 65536 enabled events")
				}
				w := u.w
				if k < len(en)-1 {
					w = u.w.Clone()
				}
				var transBefore int64
				if e.opt.Counts == CountsPerProcess {
					transBefore = w.Counts().Transmissions
				}
				faultsBefore := len(w.Faults())
				if err := w.Apply(ev); err != nil {
					panic(fmt.Sprintf("explore: enabled event %s does not apply: %v", ev, err))
				}
				e.res.Transitions++
				e.tick(depth + 1)
				var pc []int32
				if e.opt.Counts == CountsPerProcess {
					pc = append([]int32(nil), u.pc...)
					countEffects(w, ev, pc, transBefore)
				}
				parent, pos := u.id, uint16(k)
				path := func() []model.Event { return e.bfsPath(parent, pos) }
				key, _ := e.keys(w, pc)
				slot, found := e.vis.find(key)
				tainted := u.tainted
				if v := e.stepCheck(w, faultsBefore, depth+1); v != nil {
					e.violation(v, key, path, u.tainted)
					tainted = true
				}
				if found {
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
				next = append(next, bnode{w: w, id: id, pc: pc, tainted: tainted})
				e.stackBytes = int64(len(cur)-qi+len(next)) * e.worldBytes
				e.bounds()
				e.progress(depth + 1)
			}
		}
		cur, next = next, cur
	}
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
