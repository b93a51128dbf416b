package explore

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// Livelocks are judged under this fairness assumption (docs/EXPLORE.md):
// an infinite execution is fair when every event class that is enabled
// infinitely often is taken infinitely often, where a class is a process's
// initiation, a delivery on one link (on unordered links, of one message
// content), a process's timer, or the lock-step round. Adversarial faults
// (crash, recover, join) are not classes: the adversary may inject them or
// not. A livelock is a fair execution that never reaches quiescence. In a
// finite state graph it exists exactly when some strongly connected set of
// states contains a cycle that takes every class enabled at any of its
// states; it is reported as a lasso: a path from the initial World to the
// cycle, then the cycle.
//
// The check runs on the full state graph (every enabled event, counters
// left out of the state) and only when the main search met a cycle: the
// sleep-set search meets a cycle whenever the full graph has one, because
// every reachable state is visited and the first-visited state of a cycle
// is closed by a back edge (docs/EXPLORE.md has the argument; a test checks
// it against the full search).

// classKey identifies an event class for fairness.
type classKey struct {
	kind     model.EventKind
	p, from  model.ID
	timer    uint8
	contents uint64
}

// liveState is a state on the Tarjan stack.
type liveState struct {
	num, low int32
	// edges to states on the Tarjan stack when they were taken.
	edges []liveEdge
	// classes enabled here (fault events excluded).
	classes []int32
	// the DFS path to this state, as positions, is kept by the frames.
	pos int
}

type liveEdge struct {
	to    int32 // Tarjan number of the target
	pos   uint16
	class int32
}

// liveFrame is one state on the liveness DFS stack.
type liveFrame struct {
	w    model.System
	en   []model.Event
	next int
	num  int32
	pos  uint16
}

// livelocks runs the fairness check and adds livelocks to res.
func (e *engine) livelocks(res *Result) {
	l := &liveSearch{e: e, vis: newKeyTable(true), classIDs: map[classKey]int32{}, packedIDs: map[uint64]int32{}}
	l.run()
	if l.foundCycle {
		res.Cycle = true
	}
	if l.stop != "" && res.Incomplete == "" {
		res.Incomplete = l.stop + " (livelock search)"
	}
	res.Transitions += l.transitions
}

type liveSearch struct {
	e        *engine
	vis      *table
	classIDs map[classKey]int32
	// packedIDs numbers the classes that fit a word (class); nextClass is
	// the next number.
	packedIDs map[uint64]int32
	nextClass int32
	// spareFrames are popped frames, reused by push.
	spareFrames []*liveFrame
	// states indexed by Tarjan number; nil once their SCC is done.
	states      []*liveState
	tstack      []int32
	frames      []*liveFrame
	foundCycle  bool
	stop        string
	transitions int64
	found       int
}

func (l *liveSearch) class(w model.System, ev model.Event) int32 {
	k := classKey{kind: ev.Kind, p: ev.P, from: ev.From, timer: ev.Timer}
	switch ev.Kind {
	case model.EvCrash, model.EvRecover, model.EvJoin:
		return -1
	case model.EvRound:
		k.p = 0
	case model.EvDeliver:
		if w.Config().Net == model.Unordered {
			for _, m := range w.InFlight() {
				if m.From == ev.From && m.To == ev.P && m.Seq == ev.Seq {
					k.contents = hashBytes([]byte(m.Body()))
				}
			}
		}
	}
	// Most classes fit one word: a cheaper map (same numbering).
	if k.contents == 0 && uint32(k.p) < 1<<24 && uint32(k.from) < 1<<24 {
		return number(l.packedIDs, uint64(k.kind)<<56|uint64(k.timer)<<48|uint64(k.p)<<24|uint64(k.from), &l.nextClass)
	}
	return number(l.classIDs, k, &l.nextClass)
}

// number returns k's number in m, giving it the next one (*next, then
// incremented) when it has none.
func number[K comparable](m map[K]int32, k K, next *int32) int32 {
	id, ok := m[k]
	if !ok {
		id = *next
		*next++
		m[k] = id
	}
	return id
}

func (l *liveSearch) push(w model.System, pos uint16) int32 {
	num := int32(len(l.states))
	st := &liveState{num: num, low: num, pos: int(pos)}
	var f *liveFrame
	if k := len(l.spareFrames); k > 0 {
		f = l.spareFrames[k-1]
		l.spareFrames = l.spareFrames[:k-1]
		*f = liveFrame{w: w, num: num, pos: pos, en: f.en[:0]}
	} else {
		f = &liveFrame{w: w, num: num, pos: pos}
	}
	f.en = w.Enabled(f.en)
	for _, ev := range f.en {
		if c := l.class(w, ev); c >= 0 {
			st.classes = append(st.classes, c)
		}
	}
	l.states = append(l.states, st)
	l.tstack = append(l.tstack, num)
	l.frames = append(l.frames, f)
	return num
}

func (l *liveSearch) key(w model.System) uint64 {
	l.e.buf = w.Encode(l.e.buf[:0])
	return hashBytes(l.e.buf)
}

func (l *liveSearch) run() {
	e := l.e
	w0 := e.s0.Clone()
	k := l.key(w0)
	slot, _ := l.vis.find(k)
	l.vis.insert(slot, k, 0, 0)
	l.push(w0, 0)
	for len(l.frames) > 0 && l.stop == "" && l.found < e.opt.MaxViolations {
		f := l.frames[len(l.frames)-1]
		if f.next >= len(f.en) {
			l.frames = l.frames[:len(l.frames)-1]
			e.recycle(f.w)
			f.w = nil
			l.spareFrames = append(l.spareFrames, f)
			st := l.states[f.num]
			if len(l.frames) > 0 {
				p := l.states[l.frames[len(l.frames)-1].num]
				p.low = min(p.low, st.low)
			}
			if st.low == st.num {
				l.component(f.num)
			}
			continue
		}
		i := f.next
		f.next++
		ev := f.en[i]
		w := e.clone(f.w)
		mustApply(w, ev)
		l.transitions++
		if l.transitions%progressTicks == 0 && e.opt.Stop != nil && e.opt.Stop() {
			l.stop = Interrupted
		}
		if e.opt.Progress != nil && l.transitions%progressTicks == 0 {
			e.opt.Progress(Progress{States: int64(l.vis.n), Transitions: l.transitions, Depth: len(l.frames),
				Phase: fmt.Sprintf("livelock search (after the main search's %d states)", e.states())})
		}
		cls := l.class(f.w, ev)
		k := l.key(w)
		slot, found := l.vis.find(k)
		st := l.states[f.num]
		if found {
			to := l.vis.aux[slot]
			if to >= 0 && l.states[to] != nil {
				// On the Tarjan stack: same component candidate.
				st.low = min(st.low, to)
				st.edges = append(st.edges, liveEdge{to: to, pos: uint16(i), class: cls})
				l.foundCycle = true
			}
			e.recycle(w)
			continue
		}
		if e.opt.MaxStates > 0 && int64(l.vis.n) >= e.opt.MaxStates {
			l.stop = describeBound("max-states", e.opt.MaxStates)
			break
		}
		if e.opt.MaxDepth > 0 && len(l.frames) > e.opt.MaxDepth {
			l.stop = describeBound("max-depth", int64(e.opt.MaxDepth))
			e.recycle(w)
			continue
		}
		// The main search's tables are still held: they count too.
		if e.opt.MaxMem > 0 && e.memory()+l.vis.bytes()+int64(len(l.frames))*e.worldBytes*2 > e.opt.MaxMem {
			l.stop = describeBound("max-mem", e.opt.MaxMem)
			break
		}
		num := int32(len(l.states))
		l.vis.insert(slot, k, 0, num)
		st.edges = append(st.edges, liveEdge{to: num, pos: uint16(i), class: cls})
		l.push(w, uint16(i))
	}
}

// component handles the SCC rooted at Tarjan number root (on top of the
// Tarjan stack): it is dropped unless it contains a fair cycle.
func (l *liveSearch) component(root int32) {
	j := len(l.tstack)
	for l.tstack[j-1] != root {
		j--
	}
	members := append([]int32(nil), l.tstack[j-1:]...)
	l.tstack = l.tstack[:j-1]
	// Done: later edges into the component are ignored (states[m] nil).
	defer func() {
		for _, m := range members {
			l.states[m] = nil
		}
	}()
	in := map[int32]bool{}
	for _, m := range members {
		in[m] = true
	}
	nontrivial := len(members) > 1
	if !nontrivial {
		for _, ed := range l.states[root].edges {
			if ed.to == root {
				nontrivial = true
			}
		}
	}
	if !nontrivial {
		return
	}
	l.foundCycle = true
	l.fair(members, in, root)
}

// fair looks for a fair cycle within the states in (a strongly connected
// set): when some class enabled in the set is never taken inside it, the
// states enabling it are removed and the rest split into components again
// (Emerson–Lei); otherwise the set has a fair cycle, reported as a lasso.
func (l *liveSearch) fair(members []int32, in map[int32]bool, root int32) {
	if l.found >= l.e.opt.MaxViolations {
		return
	}
	taken := map[int32]bool{}
	for _, m := range members {
		for _, ed := range l.states[m].edges {
			if in[ed.to] && ed.class >= 0 {
				taken[ed.class] = true
			}
		}
	}
	var keep []int32
	for _, m := range members {
		ok := true
		for _, c := range l.states[m].classes {
			if !taken[c] {
				ok = false
				break
			}
		}
		if ok {
			keep = append(keep, m)
		}
	}
	if len(keep) == len(members) {
		l.report(members, in, root)
		return
	}
	// Recompute components of the kept states (Tarjan, recursive: these
	// sets are small).
	sub := map[int32]bool{}
	for _, m := range keep {
		sub[m] = true
	}
	for _, comp := range sccs(keep, sub, l.states) {
		cin := map[int32]bool{}
		for _, m := range comp {
			cin[m] = true
		}
		self := false
		for _, ed := range l.states[comp[0]].edges {
			if ed.to == comp[0] {
				self = true
			}
		}
		if len(comp) > 1 || self {
			l.fair(comp, cin, root)
		}
	}
}

// sccs returns the strongly connected components of the subgraph of
// states induced by nodes (in set), each sorted by Tarjan number, in a
// deterministic order.
func sccs(nodes []int32, set map[int32]bool, states []*liveState) [][]int32 {
	index := map[int32]int{}
	low := map[int32]int{}
	on := map[int32]bool{}
	var stack []int32
	var out [][]int32
	counter := 0
	var visit func(v int32)
	visit = func(v int32) {
		index[v], low[v] = counter, counter
		counter++
		stack = append(stack, v)
		on[v] = true
		for _, ed := range states[v].edges {
			if !set[ed.to] {
				continue
			}
			if _, seen := index[ed.to]; !seen {
				visit(ed.to)
				low[v] = min(low[v], low[ed.to])
			} else if on[ed.to] {
				low[v] = min(low[v], index[ed.to])
			}
		}
		if low[v] == index[v] {
			var comp []int32
			for {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[x] = false
				comp = append(comp, x)
				if x == v {
					break
				}
			}
			sortInt32(comp)
			out = append(out, comp)
		}
	}
	for _, v := range nodes {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	return out
}

func sortInt32(xs []int32) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// report builds the lasso of a fair set: the DFS path to the root of its
// strongly connected component (whose ancestors are the DFS frames), a path
// inside the component to the set's first state, then a cycle inside the
// set that takes an edge of every class enabled in it and returns.
func (l *liveSearch) report(members []int32, in map[int32]bool, root int32) {
	start := members[0]
	var prefix []uint16
	if root != 0 {
		for _, f := range l.frames[1:] {
			prefix = append(prefix, f.pos)
		}
		prefix = append(prefix, uint16(l.states[root].pos))
	}
	prefix = append(prefix, l.pathWithin(root, func(v int32) bool { return v == start }, l.allowAll)...)
	var classes []int32
	seen := map[int32]bool{}
	for _, m := range members {
		for _, c := range l.states[m].classes {
			if !seen[c] {
				seen[c] = true
				classes = append(classes, c)
			}
		}
	}
	sortInt32(classes)
	allowIn := func(v int32) bool { return in[v] }
	var cycle []uint16
	cur := start
	for _, c := range classes {
		var via liveEdge
		found := false
		p := l.pathWithin(cur, func(v int32) bool {
			for _, ed := range l.states[v].edges {
				if ed.class == c && in[ed.to] {
					via, found = ed, true
					return true
				}
			}
			return false
		}, allowIn)
		if !found {
			continue
		}
		cycle = append(cycle, p...)
		cycle = append(cycle, via.pos)
		cur = via.to
	}
	cycle = append(cycle, l.pathWithin(cur, func(v int32) bool { return v == start }, allowIn)...)
	if len(cycle) == 0 {
		for _, ed := range l.states[start].edges {
			if in[ed.to] {
				cycle = append(cycle, ed.pos)
				break
			}
		}
	}
	all := append(append([]uint16(nil), prefix...), cycle...)
	events := replayPositions(l.e.s0, all, false)
	names := make([]string, 0, len(cycle))
	for _, ev := range events[len(prefix):] {
		names = append(names, ev.String())
	}
	msg := fmt.Sprintf("livelock: a fair cycle of %d events never reaches quiescence: %s", len(cycle), strings.Join(names, ", "))
	v := &checker.Violation{Property: checker.PropTermination, Message: msg}
	before := len(l.e.res.Violations)
	l.e.violation(v, combine(uint64(len(prefix)), uint64(start)), func() []model.Event { return events }, false)
	if len(l.e.res.Violations) > before {
		l.e.res.Violations[before].CycleStart = len(prefix)
	}
	l.found++
}

func (l *liveSearch) allowAll(int32) bool { return true }

// pathWithin is a BFS over stored edges from src, through allowed states
// still on the Tarjan stack, to the first state where goal holds; it
// returns the positions of the events on the way (none when goal holds at
// src or is never reached).
func (l *liveSearch) pathWithin(src int32, goal func(int32) bool, allow func(int32) bool) []uint16 {
	if goal(src) {
		return nil
	}
	type pred struct {
		from int32
		pos  uint16
	}
	prev := map[int32]pred{src: {from: -1}}
	queue := []int32{src}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		st := l.states[v]
		if st == nil {
			continue
		}
		for _, ed := range st.edges {
			if _, ok := prev[ed.to]; ok || !allow(ed.to) || l.states[ed.to] == nil {
				continue
			}
			prev[ed.to] = pred{from: v, pos: ed.pos}
			if goal(ed.to) {
				var rev []uint16
				for x := ed.to; x != src; x = prev[x].from {
					rev = append(rev, prev[x].pos)
				}
				out := make([]uint16, len(rev))
				for i := range rev {
					out[i] = rev[len(rev)-1-i]
				}
				return out
			}
			queue = append(queue, ed.to)
		}
	}
	return nil
}
