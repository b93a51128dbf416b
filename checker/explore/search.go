package explore

import (
	"fmt"
	"slices"
	"sync"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/shrink"
	"github.com/electlab/electlab/model"
)

// engine is one search in progress.
type engine struct {
	s0       model.System
	opt      Options
	checks   checker.Checks
	accurate bool
	n        int

	vis *table
	// prefix holds the states of a shard's prefix tree (which are never
	// pruned), for counting; finals holds the quiescent state keys when
	// fingerprints are kept.
	prefix *table
	finals *table
	// violVis counts distinct violating states per violation.
	violVis *table
	violIdx map[string]int

	res        Result
	countsSeen bool
	cycle      bool
	stop       string
	buf        []byte
	// worldBytes estimates the memory of one World.
	worldBytes int64
	// stackBytes is the current estimate of the search stack or queue.
	stackBytes int64
	// curBytes and nextBytes are what the BFS queue's states of the
	// current level (not yet expanded) and of the next level hold;
	// bfsMaxWorld is the largest World queued (frontierBytes).
	curBytes, nextBytes, bfsMaxWorld int64
	// scratch keeps the step storage of the Worlds the BFS queues
	// (model.World.Trim) for those it expands next.
	scratch      *model.ScratchPool
	nextProgress int64
	// nextTick is the transition count of the next Progress call made on
	// transitions (tick).
	nextTick int64
	// frontier counts the nodes met at the shard depth.
	frontier int64
	// shardDepth is the depth at which shards split (0 = not split).
	shardDepth int
	// guardLeft is the number of sleeping pairs still to check; porBroken
	// says why the reduction was found unsound for this model.
	guardLeft int
	porBroken string
	// commuteSpare holds the two Worlds commutes applies its pairs to,
	// kept for its next call (copies made with CloneInto, which may
	// recycle a World that shares queues with one in use, unlike the
	// DFS's spare); commutePC their per-process counters.
	commuteSpare []model.System
	commutePC    [2][]int32
	// timersBreakPOR: async timing in a model that encodes the order of
	// timer deadlines (timerOrderEncoded).
	timersBreakPOR bool
	// ringNext: persistent sets for an algorithm of ringNextOnly.
	ringNext bool
	// dropFirst: persistent sets of deliveries to crashed processes
	// (dropSet), when nothing can bring a crashed process back or make it
	// act on a message.
	dropFirst bool
	// indepErrs are the pairs checkIndependence found not to commute,
	// reported unless the search turned its reduction off.
	indepErrs []error
	// indepPairs counts the pairs verifyIndependence checked.
	indepPairs int
	// bfsPaths holds, in BFS, each state's parent and event position.
	bfsParent []int32
	bfsPos    []uint16
	// spare holds Worlds of states the depth-first search has left, whose
	// storage the next copies reuse (clone).
	spare []model.System
	// bfsWorkers are the BFS workers' buffers; bfsSpare holds Worlds of
	// successors the BFS had already visited, for the next batch's copies.
	bfsWorkers []bfsWorker
	bfsSpare   []model.System
	// cvis is the breadth-first search's visited set (e.vis is not
	// used).
	cvis *ctable
	// bits is a bitstate search's visited set (e.vis is not used).
	bits *bitTable
	// dist is the rank of a distributed search this engine serves.
	dist *distRank
}

// maxSpare bounds the recycled Worlds kept. The search's memory estimate
// counts them (memory). With 8, the depth-first search of Chang–Roberts
// ids 7..1 unreduced dropped Worlds on every return up a long path and
// copied into new ones on the way down: 1.85 M allocations against 0.48 M
// with 64 (BenchmarkDFSChangRobertsDesc7NoPORCounts).
const maxSpare = 64

// recycler is a System that can copy itself into a spare one
// (model.World.CloneInto).
type recycler interface {
	CloneInto(dst model.System) model.System
}

// clone copies w, into a spare World when one is kept.
func (e *engine) clone(w model.System) model.System { return cloneSpare(w, &e.spare) }

// cloneSpare copies w into the last World of *spare (taken off it) when
// there is one and w can recycle it, else into a new World.
func cloneSpare(w model.System, spare *[]model.System) model.System {
	if r, ok := w.(recycler); ok && len(*spare) > 0 {
		k := len(*spare) - 1
		d := (*spare)[k]
		(*spare)[k] = nil
		*spare = (*spare)[:k]
		return r.CloneInto(d)
	}
	return w.Clone()
}

// reuser is a System that can copy itself into a spare one whose queue
// arrays no System in use shares (model.World.CloneIntoReusing).
type reuser interface {
	CloneIntoReusing(dst model.System) model.System
}

// cloneDFS is clone for the depth-first search, whose spare Worlds are
// those of states it has left together with every state below them (and
// of states it did not expand, which were never copied): no World in
// use shares a queue with one, so the copy may reuse their queue arrays.
func (e *engine) cloneDFS(w model.System) model.System {
	if r, ok := w.(reuser); ok && len(e.spare) > 0 && !e.opt.noReuse {
		k := len(e.spare) - 1
		d := e.spare[k]
		e.spare[k] = nil
		e.spare = e.spare[:k]
		return r.CloneIntoReusing(d)
	}
	return e.clone(w)
}

// recycle keeps w, a World no part of the search uses any more, for clone.
func (e *engine) recycle(w model.System) {
	if w != nil && len(e.spare) < maxSpare {
		e.spare = append(e.spare, w)
	}
}

// newVisited is the visited set of a search with opt: keys alone when
// the search stores no sleep sets (no reduction, or breadth-first), with
// the BFS's state numbers.
func newVisited(opt Options) *table {
	if opt.NoPOR || opt.BFS {
		return newKeyTable(opt.BFS)
	}
	return newTable(false)
}

func newEngine(s0 model.System, opt Options) *engine {
	e := &engine{s0: s0, opt: opt, checks: opt.checks(), n: s0.N(),
		accurate: s0.Config().Timing == model.Async && s0.Config().Timeouts != model.Early,
		vis:      newVisited(opt), violVis: newKeyTable(false), violIdx: map[string]int{},
		nextProgress: opt.ProgressEvery, nextTick: progressTicks, guardLeft: 1000}
	if opt.KeepFingerprints {
		e.finals = newKeyTable(false)
	}
	if opt.Bitstate > 0 {
		e.bits = newBitTable(opt.Bitstate, opt.BitstateHashes, opt.BitstateLayout)
	}
	e.timersBreakPOR = s0.Config().Timing == model.Async && timerOrderEncoded()
	cfg := s0.Config()
	// Not under dead-late timeouts: a message a crashed node forwards
	// does not hold timers back, so a timer at the receiver P may become
	// enabled by other processes' events while it is in flight (persistent).
	e.ringNext = !opt.NoPOR && !opt.BFS && ringNextOnly[s0.Info().Name] && s0.Info().Topology != model.Complete &&
		cfg.Timing == model.Async && cfg.Timeouts != model.DeadLate && cfg.Net == model.FIFO && cfg.CrashBudget == 0 && !cfg.Recovery && len(cfg.Absent) == 0 && s0.N() <= 64
	e.dropFirst = !opt.NoPOR && !opt.BFS && !e.ringNext && cfg.Timing == model.Async && cfg.CrashBudget == 0 && !cfg.Recovery &&
		len(cfg.Absent) == 0 && len(cfg.Successive) == 0 && !cfg.Forwarding && !s0.Info().Bounce && hasCrashed(s0) &&
		e.checks.Invariant == nil // an invariant may read what a drop changes (the in-flight messages)
	e.buf = s0.Encode(nil)
	e.worldBytes = 512 + 160*int64(e.n) + 8*int64(len(e.buf))
	e.res.Violations = []*Violation{}
	if opt.Shards > 1 {
		e.res.Shard, e.res.Shards = opt.Shard, opt.Shards
		e.prefix = newTable(false)
	}
	return e
}

func (e *engine) stopped() bool { return e.stop != "" }

// keys returns the state key of w (with the counters the mode keeps) and
// its count-free key.
func (e *engine) keys(w model.System, pc []int32) (full, free uint64) {
	full, free, e.buf = keysBuf(&e.opt, w, pc, e.buf)
	return full, free
}

// stateHasher is a System that keeps per-component hashes of its
// encoding (model.World.StateHash).
type stateHasher interface {
	StateHash(buf []byte) (uint64, []byte, bool)
}

// keysBuf is keys with its own encoding buffer (returned, grown), for the
// BFS workers. The count-free key is the World's StateHash where it has
// one (only what the last event changed is encoded again), else the hash
// of its whole encoding; every state of a search gets the same kind.
func keysBuf(opt *Options, w model.System, pc []int32, buf []byte) (full, free uint64, _ []byte) {
	if sh, ok := w.(stateHasher); ok && !opt.encodeKeys {
		var h uint64
		if h, buf, ok = sh.StateHash(buf); ok {
			full, free = countKeys(opt.Counts, w, pc, h)
			return full, free, buf
		}
	}
	buf = w.Encode(buf[:0])
	full, free = countKeys(opt.Counts, w, pc, hashBytes(buf))
	return full, free, buf
}

// countKeys combines the count-free key free with the counters mode keeps.
func countKeys(mode CountMode, w model.System, pc []int32, free uint64) (full, _ uint64) {
	switch mode {
	case CountsTotal:
		c := w.Counts()
		full = combine(combine(combine(free, uint64(c.Sends)), uint64(c.Transmissions)), uint64(c.Deliveries))
		return full, free
	case CountsPerProcess:
		return combine(free, hashInt32s(pc)), free
	}
	return free, free
}

// countEffects adds the last event's sends, transmissions and deliveries
// to the per-process counters pc (3 per process), given the total
// transmissions before the event.
func countEffects(w model.System, ev model.Event, pc []int32, transBefore int64) {
	topo := w.Topo()
	sender := -1
	efs := w.Effects()
	for k := range efs {
		ef := &efs[k] // not a copy: an Effect holds a whole Message
		switch ef.Kind {
		case model.Sent, model.Forwarded:
			i := topo.IndexOf(ef.P)
			pc[3*i]++
			if ef.Kind == model.Sent {
				sender = i
			}
		case model.Delivered:
			pc[3*topo.IndexOf(ef.P)+2]++
		}
	}
	if d := w.Counts().Transmissions - transBefore; d > 0 {
		if sender < 0 {
			sender = max(topo.IndexOf(ev.P), 0)
		}
		pc[3*sender+1] += int32(d)
	}
}

// memory is the current memory estimate.
func (e *engine) memory() int64 {
	m := e.visBytes() + e.violVis.bytes() + e.stackBytes + int64(len(e.spare))*e.worldBytes
	if e.prefix != nil {
		m += e.prefix.bytes()
	}
	if e.finals != nil {
		m += e.finals.bytes()
	}
	m += int64(len(e.bfsParent)) * 6
	return m
}

// nextMemory is the memory estimate the next new state may reach: one
// more World on the stack or queue and, when that state's insertion
// doubles the visited set, the old and the new table side by side.
func (e *engine) nextMemory() int64 {
	m := e.memory() + e.worldBytes
	if e.bits != nil {
		return m
	}
	if t := e.cvis; t != nil {
		if int64(t.n+1) > t.limit {
			m += 2 * t.bytes()
		}
	} else if t := e.vis; (t.n+1)*4 >= t.size()*3 {
		m += 2 * t.bytes()
	}
	return m
}

// visBytes is the visited set's memory.
func (e *engine) visBytes() int64 {
	if e.bits != nil {
		return e.bits.bytes()
	}
	if e.cvis != nil {
		return e.cvis.bytes()
	}
	return e.vis.bytes()
}

// bounds checks the state and memory bounds after a new state.
func (e *engine) bounds() {
	if m := e.memory(); m > e.res.MemEstimate {
		e.res.MemEstimate = m
	}
	switch {
	case e.opt.MaxStates > 0 && e.states() >= e.opt.MaxStates:
		e.stop = describeBound("max-states", e.opt.MaxStates)
	case e.opt.MaxMem > 0 && e.nextMemory() > e.opt.MaxMem:
		// Stop before the next state could take the estimate past the
		// bound: the bound is kept, not overshot by one state.
		e.stop = describeBound("max-mem", e.opt.MaxMem)
	}
}

func (e *engine) states() int64 {
	if e.cvis != nil {
		return int64(e.cvis.n)
	}
	if e.bits != nil {
		return e.bits.n
	}
	n := int64(e.vis.n)
	if e.prefix != nil {
		n += int64(e.prefix.n)
	}
	return n
}

// tick reports progress every progressTicks transitions, new states or
// not.
func (e *engine) tick(depth int) {
	if e.opt.Progress == nil && e.opt.Stop == nil || e.res.Transitions < e.nextTick {
		return
	}
	e.nextTick = e.res.Transitions + progressTicks
	e.pollStop()
	if e.opt.Progress == nil {
		return
	}
	e.opt.Progress(Progress{States: e.states(), Transitions: e.res.Transitions, Depth: depth})
}

// pollStop stops the search, "interrupted", when Options.Stop says so.
func (e *engine) pollStop() {
	if e.stop == "" && e.opt.Stop != nil && e.opt.Stop() {
		e.stop = Interrupted
	}
}

func (e *engine) progress(depth int) {
	if e.opt.Progress == nil || e.states() < e.nextProgress {
		return
	}
	e.nextProgress = e.states() + e.opt.ProgressEvery
	e.opt.Progress(Progress{States: e.states(), Transitions: e.res.Transitions, Depth: depth})
}

// isFinal reports that w ends an execution: it is quiescent and, under
// Options.JoinsBeforeEnd, no absent process can still join.
func (e *engine) isFinal(w model.System) bool {
	if !w.Quiescent() {
		return false
	}
	if e.opt.JoinsBeforeEnd {
		for _, ev := range w.Enabled(nil) {
			if ev.Kind == model.EvJoin {
				return false
			}
		}
	}
	return true
}

// final records a new quiescent state: end-of-run checks and counts.
func (e *engine) final(w model.System, key uint64, path func() []model.Event, tainted bool) {
	if e.finals != nil {
		if i, ok := e.finals.find(key); !ok {
			e.finals.insert(i, key, 0, 0)
		}
	}
	e.res.Final++
	if e.opt.Counts != CountsNone {
		if e.res.Counts == nil {
			e.res.Counts = &CountRanges{}
		}
		e.res.Counts.add(w.Counts(), !e.countsSeen)
		e.countsSeen = true
	}
	v, err := checker.CheckEnd(e.s0, w, e.checks, true)
	if err != nil {
		// The bound cannot be evaluated here: no verdict, the search
		// stops with the error (Result.Err).
		if e.res.Err == nil {
			e.res.Err = err
		}
		if e.stop == "" {
			e.stop = BoundError
		}
	}
	if v != nil {
		e.violation(v, key, path, tainted)
	}
	if e.opt.OnFinal != nil {
		e.opt.OnFinal(w)
	}
}

// violation records v, seen in the state with key, reached by path;
// tainted says the path showed another violation before (its trace would
// replay to that one first), so a later untainted path replaces it.
func (e *engine) violation(v *checker.Violation, key uint64, path func() []model.Event, tainted bool) {
	if e.dist != nil {
		// A distributed search's end-of-run checks (distRank.judge).
		e.dist.violation(v, key, e.dist.cur, e.dist.curPath, tainted)
		return
	}
	id := v.Property + "\x00" + v.Message
	vk := combine(key, hashBytes([]byte(id)))
	i, seen := e.violVis.find(vk)
	if !seen {
		e.violVis.insert(i, vk, 0, 0)
	}
	if k, ok := e.violIdx[id]; ok {
		if k < 0 {
			return
		}
		w := e.res.Violations[k]
		if !seen {
			w.States++
		}
		if w.tainted && !tainted {
			w.Events, w.Step, w.tainted = path(), v.Step, false
		}
		return
	}
	if len(e.res.Violations) >= e.opt.MaxViolations {
		e.violIdx[id] = -1
		e.res.MoreViolations++
		return
	}
	e.violIdx[id] = len(e.res.Violations)
	e.res.Violations = append(e.res.Violations, &Violation{Property: v.Property, Message: v.Message, Step: v.Step,
		Events: path(), CycleStart: -1, States: 1, tainted: tainted})
}

// stepCheck is checker.CheckStep for the explorer: a model fault counts
// only when the last event added it (faults are history, not state, and a
// search goes on past a violation), then a coordinator kept over a
// recovery (checker.EarnedCoordinator: the last event's effects), then
// single-coordinator safety.
func (e *engine) stepCheck(w model.System, faultsBefore int, step int) *checker.Violation {
	if f := w.Faults(); len(f) > faultsBefore {
		return &checker.Violation{Property: checker.PropModel, Step: step, Message: f[len(f)-1]}
	}
	if err := checker.EarnedCoordinator(w); err != nil {
		return &checker.Violation{Property: checker.PropEarned, Step: step, Message: err.Error()}
	}
	if e.checks.Props&model.Safety != 0 {
		if err := checker.SingleCoordinator(w); err != nil {
			return &checker.Violation{Property: checker.PropSafety, Step: step, Message: err.Error()}
		}
	}
	if e.checks.Invariant != nil {
		if err := e.checks.Invariant(w); err != nil {
			return &checker.Violation{Property: checker.PropCustom, Step: step, Message: err.Error()}
		}
	}
	return nil
}

// finish completes the result: bound, minimized traces, fingerprints.
func (e *engine) finish() *Result {
	r := &e.res
	r.States = e.states()
	r.TableBytes = e.visBytes()
	if e.prefix != nil {
		r.TableBytes += e.prefix.bytes()
	}
	r.Incomplete = e.stop
	if e.bits != nil {
		r.Bitstate = e.bits.stats()
		if r.Incomplete == "" {
			r.Incomplete = Bitstate
		}
	}
	r.Cycle = e.cycle
	r.ShardDepth = e.shardDepth
	r.StateReduction = e.ringNext || e.dropFirst
	if e.opt.KeepFingerprints {
		var keys []uint64
		if e.cvis != nil {
			keys = e.cvis.Keys()
		} else {
			keys = e.vis.Keys()
		}
		if e.prefix != nil {
			keys = append(keys, e.prefix.Keys()...)
			slices.Sort(keys)
			keys = slices.Compact(keys)
			r.States = int64(len(keys))
		}
		r.Fingerprints = keys
		r.FinalFingerprints = e.finals.Keys()
		r.Final = int64(len(r.FinalFingerprints))
	}
	if !e.opt.BFS && !e.opt.NoMinimize {
		for _, v := range r.Violations {
			if !v.tainted {
				v.Events, v.Step = e.minimize(v)
			}
		}
	}
	return r
}

// minimize shrinks a violation's events while the same property and
// message still show on a lenient replay (shrink.Events, Lenient: a path
// of the state graph is judged on itself, not completed); it returns the
// events and the violation's step on them, or v's own when its events do
// not show it.
func (e *engine) minimize(v *Violation) ([]model.Event, int) {
	r := shrink.Events(e.s0, v.Events, e.checks, shrink.Exactly(v.Property, v.Message), shrink.Options{Lenient: true})
	if !r.Kept {
		return v.Events, v.Step
	}
	return r.X.Events, r.X.Violation.Step
}

// frame is one state on the DFS stack.
type frame struct {
	w    model.System
	en   []model.Event
	foot []footprint
	// full and free are the state's keys (with and without counters).
	full, free uint64
	// sleep: events asleep here; todo: events still to explore; done:
	// events explored from here (masks over en; events at positions 64
	// and beyond are never asleep).
	sleep, todo, done uint64
	next              int
	// ev is the event that led here, at position pos of the parent's en.
	ev  model.Event
	pos int
	pc  []int32
	// tainted: a violation was seen on the path to this state.
	tainted bool
	// rest: with a persistent set, the enabled events outside it, explored
	// only if an event of the set turns out visible or closes a cycle on
	// the stack; coord: the processes acting as coordinator here.
	rest  uint64
	coord uint64
}

func (e *engine) frameAt(stack []*frame, d int) ([]*frame, *frame) {
	for len(stack) <= d {
		stack = append(stack, &frame{})
	}
	f := stack[d]
	return stack, f
}

// setup fills f's enabled events and footprints for world w.
func (e *engine) setup(f *frame, w model.System) {
	f.w = w
	f.en = w.Enabled(f.en[:0])
	f.foot = f.foot[:0]
	if !e.opt.NoPOR {
		for _, ev := range f.en {
			f.foot = append(f.foot, footprintOf(w, ev, e.accurate))
		}
	}
	f.next, f.done, f.rest = 0, 0, 0
	if e.ringNext && len(f.en) <= 64 {
		e.persistent(f)
	} else if e.dropFirst && len(f.en) <= 64 {
		e.dropSet(f)
	}
}

// hasCrashed reports that some process of s0 is crashed before the run.
func hasCrashed(s0 model.System) bool {
	for i := range s0.N() {
		if s0.Status(i) == model.Crashed {
			return true
		}
	}
	return false
}

// dropSet makes the deliveries to crashed processes a persistent set.
func (e *engine) dropSet(f *frame) {
	var t uint64
	for j, ev := range f.en {
		if f.foot[j].global {
			return
		}
		if ev.Kind == model.EvDeliver && (f.w.Status(f.w.Topo().IndexOf(ev.P)) != model.Live) != e.opt.brokenDrop {
			t |= 1 << j
			if e.opt.brokenDrop {
				break
			}
		}
	}
	if t == 0 || t == allMask(len(f.en)) {
		return
	}
	f.rest = allMask(len(f.en)) &^ t
	f.coord = coordMask(f.w)
}

// persistent chooses, for an algorithm whose processes send only to their
// ring successor (ringNextOnly), a persistent set at f: the events of the
// first process P whose input link is not empty. Every other event touches
// other processes, and none of them can enable another event at P before
// P's own ones are taken (P receives only from its predecessor, behind the
// head already there; FIFO links; no timers fire under accurate timeouts
// while that message is in flight; no global event is possible). The rest
// of the enabled events go to f.rest.
func (e *engine) persistent(f *frame) {
	topo := f.w.Topo()
	for _, ft := range f.foot {
		if ft.global {
			return
		}
	}
	p := -1
	for j, ev := range f.en {
		if ev.Kind == model.EvDeliver && f.foot[j].b < 0 {
			if q := topo.IndexOf(ev.P); topo.Order[topo.Prev(q)] == ev.From {
				p = q
				break
			}
		}
	}
	if p < 0 {
		return
	}
	var t uint64
	for j, ft := range f.foot {
		if ft.a == int32(p) || ft.b == int32(p) {
			t |= 1 << j
		}
	}
	f.rest = allMask(len(f.en)) &^ t
	f.coord = 0
	for i := range f.w.N() {
		if f.w.Status(i) == model.Live && f.w.View(i).Coordinator {
			f.coord |= 1 << (i % 64)
		}
	}
}

// coordMask is the set of live processes acting as coordinator in w.
func coordMask(w model.System) uint64 {
	var m uint64
	for i := range w.N() {
		if w.Status(i) == model.Live && w.View(i).Coordinator {
			m |= 1 << (i % 64)
		}
	}
	return m
}

// ringNextOnly lists the algorithms whose processes send only to their
// ring successor (crashed nodes forward to theirs), the communication
// relation the persistent sets rely on. Every send is checked against it
// during a search; one that breaks it turns the reduction off.
var ringNextOnly = map[string]bool{"changroberts": true, "lelann": true}

// sleepMask maps the events in sl to positions in en.
func sleepMask(en []model.Event, sl []model.Event) uint64 {
	var m uint64
	for _, s := range sl {
		for j := 0; j < len(en) && j < 64; j++ {
			if en[j] == s {
				m |= 1 << j
				break
			}
		}
	}
	return m
}

// childSleep returns the sleep set of the child reached by event i of f:
// the events asleep at f or explored from f before it that are independent
// of it.
func (e *engine) childSleep(f *frame, i int, out []model.Event) []model.Event {
	out = out[:0]
	if e.opt.NoPOR {
		return out
	}
	cand := f.sleep | f.done
	for cand != 0 {
		j := trailing(cand)
		cand &= cand - 1
		if j != i && independent(f.foot[j], f.foot[i]) {
			out = append(out, f.en[j])
		}
	}
	return out
}

func trailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

func allMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// dfs is the depth-first search with sleep sets and state caching: a state
// met again is explored again only for the events asleep at its earlier
// visits and awake now (Godefroid's condition), so every reachable state is
// visited.
func (e *engine) dfs() {
	stack, onStack := e.dfsRoot()
	defer onStack.release()
	depth := 0
	var sl []model.Event
	for depth >= 0 && !e.stopped() {
		f := stack[depth]
		i := nextTodo(f)
		if i >= len(f.en) {
			onStack.remove(f.free)
			e.recycle(f.w)
			f.w = nil
			depth--
			continue
		}
		f.next = i + 1
		if i < 64 {
			f.todo &^= 1 << i
		}
		ev := f.en[i]
		sl = e.childSleep(f, i, sl)
		if i < 64 {
			f.done |= 1 << i
		}
		if !e.guard(f, i, sl) {
			return
		}
		cd := depth + 1
		// The shard split: at the split depth, keep every Shards-th node.
		if cd == e.shardDepth {
			k := e.frontier
			e.frontier++
			if int(k%int64(e.opt.Shards)) != e.opt.Shard {
				continue
			}
		}
		// The last event to explore from f may change f's World in place
		// (not while the rest of a persistent set may still be needed).
		var w model.System
		if lastChild(f, i) {
			w, f.w = f.w, nil
		} else {
			w = e.cloneDFS(f.w)
		}
		transBefore, faultsBefore := e.apply(w, ev)
		e.res.Transitions++
		e.tick(cd)
		if cd > e.res.MaxDepth {
			e.res.MaxDepth = cd
		}
		if (e.ringNext || e.dropFirst) && !e.ringStep(f, w, faultsBefore) {
			return
		}
		var c *frame
		stack, c = e.frameAt(stack, cd)
		f = stack[depth]
		if e.opt.Counts == CountsPerProcess {
			c.pc = append(c.pc[:0], f.pc...)
			countEffects(w, ev, c.pc, transBefore)
		}
		full, free := e.keys(w, c.pc)
		// A violation is reported and the search goes on past it, so
		// that every reachable state is visited whatever the order (the
		// sleep sets rely on it).
		c.tainted = f.tainted
		if v := e.stepCheck(w, faultsBefore, cd); v != nil {
			e.violation(v, full, stackPath(stack, cd, ev), f.tainted)
			c.tainted = true
		}
		if at, ok := onStack.get(free); ok {
			e.cycle = true
			if f.rest != 0 {
				// The cycle proviso: a persistent set whose event closes
				// a cycle on the stack expands fully (no event is
				// postponed forever).
				f.todo |= f.rest &^ f.sleep
				f.rest = 0
			}
			if stack[at].full != full {
				// The same World with other counts: a cycle that sends.
				// Looping again repeats what is explored from stack[at].
				e.res.CountsLowerBound = true
				e.recycle(w)
				continue
			}
		}
		expand, halt := e.visit(stack, c, w, ev, i, cd, full, free, sl)
		if halt {
			return
		}
		if !expand {
			// Nothing will read w again (a frame not on the stack is
			// only refilled).
			if c.w == w {
				c.w = nil
			}
			e.recycle(w)
			continue
		}
		depth = cd
		onStack.put(free, int32(cd))
		e.stackBytes = int64(cd+1) * e.worldBytes
	}
}

// stackSet maps the count-free keys of the states on the DFS stack to
// their depth. A transition asks it about every state it reaches, and
// almost always gets no: a counting filter on the key's low bits (pushes
// minus pops per bucket, so never zero for a key the map holds) answers
// most of those without the map.
type stackSet struct {
	m      map[uint64]int32
	filter [1024]int32
}

// stackSets holds emptied stackSets for the next search: the claims run
// hundreds of thousands of small searches, and a stackSet's filter is 4
// KiB.
var stackSets = sync.Pool{New: func() any { return &stackSet{m: map[uint64]int32{}} }}

// release empties s (a search may stop with states on its stack) and
// gives it to the next search.
func (s *stackSet) release() {
	if !brokenStackRelease {
		clear(s.m)
		s.filter = [len(s.filter)]int32{}
	}
	stackSets.Put(s)
}

// brokenStackRelease is a test hook: set, release keeps what s holds (a
// stopped search's stack then haunts the next search).
var brokenStackRelease bool

func (s *stackSet) put(k uint64, depth int32) {
	s.filter[k%uint64(len(s.filter))]++
	s.m[k] = depth
}

func (s *stackSet) remove(k uint64) {
	s.filter[k%uint64(len(s.filter))]--
	delete(s.m, k)
}

func (s *stackSet) get(k uint64) (int32, bool) {
	if s.filter[k%uint64(len(s.filter))] == 0 {
		return 0, false
	}
	d, ok := s.m[k]
	return d, ok
}

// dfsRoot sets up the search: the shard split depth, the root frame (the
// initial state, recorded as visited and checked when final) and the set
// of states on the stack.
func (e *engine) dfsRoot() ([]*frame, *stackSet) {
	if e.opt.Shards > 1 {
		e.shardDepth = e.splitDepth()
	}
	var stack []*frame
	onStack := stackSets.Get().(*stackSet)
	stack, root := e.frameAt(stack, 0)
	w0 := e.s0.Clone()
	var pc0 []int32
	if e.opt.Counts == CountsPerProcess {
		pc0 = make([]int32, 3*e.n)
	}
	root.pc = pc0
	root.full, root.free = e.keys(w0, pc0)
	e.setup(root, w0)
	if e.shardDepth > 0 {
		i, _ := e.prefix.find(root.full)
		e.prefix.insert(i, root.full, 0, 0)
	} else if e.bits != nil {
		e.bits.testAndSet(root.full)
	} else {
		i, _ := e.vis.find(root.full)
		e.vis.insert(i, root.full, 0, 0)
	}
	root.sleep, root.todo = 0, allMask(len(root.en))&^root.rest
	root.tainted = false
	if e.isFinal(w0) {
		e.final(w0, root.full, func() []model.Event { return nil }, false)
	}
	onStack.put(root.free, 0)
	return stack, onStack
}

// stackPath returns the path to the state at depth d: the events of
// stack[1..d-1], then last.
func stackPath(stack []*frame, d int, last model.Event) func() []model.Event {
	return func() []model.Event {
		evs := make([]model.Event, 0, d)
		for k := 1; k < d; k++ {
			evs = append(evs, stack[k].ev)
		}
		return append(evs, last)
	}
}

// nextTodo is the position of the next event to explore from f, at or
// after f.next (len(f.en) or more when none is left).
func nextTodo(f *frame) int {
	i := f.next
	for i < len(f.en) && i < 64 && f.todo&(1<<i) == 0 {
		i++
	}
	return i
}

// guard checks, before event i of f is explored, that the first pairs put
// to sleep (sl) commute with it; if one does not (a model whose state
// encoding the independence relation does not fit), it stops the search,
// which starts again without the reduction (Explore), and returns false.
// It also runs Options.checkIndependence.
func (e *engine) guard(f *frame, i int, sl []model.Event) bool {
	ev := f.en[i]
	for k := 0; k < len(sl) && e.guardLeft > 0; k++ {
		e.guardLeft--
		if err := e.commutes(f.w, sl[k], ev); err != nil {
			e.porBroken = err.Error()
			e.stop = "reduction guard"
			return false
		}
	}
	if e.opt.checkIndependence != nil && !e.opt.NoPOR {
		e.verifyIndependence(f, i)
	}
	return true
}

// lastChild reports whether event i is the last to explore from f, with
// no persistent-set remainder that may still be needed.
func lastChild(f *frame, i int) bool {
	if f.rest != 0 {
		return false
	}
	for j := i + 1; j < len(f.en); j++ {
		if j >= 64 || f.todo&(1<<j) != 0 {
			return false
		}
	}
	return true
}

// ringStep checks the step from f that reached w against ringNextOnly's
// communication relation (a send to another than the ring successor stops
// the search and returns false), and expands f's persistent set fully when
// the step is visible: it changes who acts as coordinator, or adds a fault
// (faultsBefore were there before it), so single-coordinator safety is
// preserved.
func (e *engine) ringStep(f *frame, w model.System, faultsBefore int) bool {
	topo := w.Topo()
	for _, ef := range w.Effects() {
		if e.ringNext && (ef.Kind == model.Sent || ef.Kind == model.Forwarded) && topo.Order[topo.Next(topo.IndexOf(ef.Msg.From))] != ef.Msg.To {
			e.porBroken = fmt.Sprintf("%s sent %s, not to its ring successor", w.Info().Name, ef.Msg)
			e.stop = "reduction guard"
			return false
		}
	}
	if f.rest != 0 && (coordMask(w) != f.coord || len(w.Faults()) > faultsBefore) {
		f.todo |= f.rest &^ f.sleep
		f.rest = 0
	}
	return true
}

// visit looks the state w (keys full and free), reached at depth cd by
// event ev (position i in its parent, stack[cd-1]) with the events sl
// asleep, up in the visited table and fills its frame c: a state met
// before is explored again only for the events asleep at its earlier
// visits and awake now; a new one is recorded, checked when final, and
// counted against the bounds. expand says the search goes on from c; halt
// that the reduction guard stopped the search.
func (e *engine) visit(stack []*frame, c *frame, w model.System, ev model.Event, i, cd int, full, free uint64, sl []model.Event) (expand, halt bool) {
	prefix := cd < e.shardDepth
	tab := e.vis
	if prefix {
		tab = e.prefix
	}
	var slot int
	var found bool
	if e.bits != nil && !prefix {
		// A bitstate search: no sleep sets (NoPOR), nothing stored.
		if e.bits.testAndSet(full) {
			return false, false
		}
	} else {
		slot, found = tab.find(full)
	}
	var stored uint64
	if found {
		stored = tab.val(slot)
		if stored == 0 && !prefix {
			return false, false
		}
	}
	e.setup(c, w)
	c.ev, c.pos, c.full, c.free = ev, i, full, free
	zc := sleepMask(c.en, sl)
	switch {
	case found && !prefix:
		if stored&^zc == 0 {
			return false, false
		}
		tab.setVal(slot, stored&zc)
		c.sleep, c.todo = zc, stored&^zc
	default:
		if !found {
			if e.bits == nil || prefix {
				tab.insert(slot, full, zc, 0)
			}
			if e.isFinal(w) {
				e.final(w, full, stackPath(stack, cd, ev), c.tainted)
			}
			if e.timersBreakPOR && !e.opt.NoPOR {
				if _, ok := w.EarliestTimer(); ok {
					e.porBroken = "this model's state includes the order of timer deadlines, so events that arm timers do not commute"
					e.stop = "reduction guard"
					return false, true
				}
			}
			e.bounds()
			e.progress(cd)
		}
		c.sleep, c.todo = zc, allMask(len(c.en))&^zc&^c.rest
	}
	if len(c.en) == 0 {
		return false, false
	}
	if e.opt.MaxDepth > 0 && cd >= e.opt.MaxDepth {
		if e.stop == "" {
			e.stop = describeBound("max-depth", int64(e.opt.MaxDepth))
		}
		return false, false
	}
	return true, false
}

// verifyIndependence checks that every event independent of event i at f
// commutes with it and stays enabled (Options.checkIndependence).
func (e *engine) verifyIndependence(f *frame, i int) {
	for j := range f.en {
		if j != i && independent(f.foot[i], f.foot[j]) {
			e.indepPairs++
			if err := e.commutes(f.w, f.en[i], f.en[j]); err != nil {
				e.indepErrs = append(e.indepErrs, err)
			}
		}
	}
}

// commutes applies a then b, and b then a, to clones of w and reports
// whether both orders are possible and reach the same state and counts.
func (e *engine) commutes(w model.System, a, b model.Event) error {
	ab := cloneSpare(w, &e.commuteSpare)
	ba := cloneSpare(w, &e.commuteSpare)
	defer func() { e.commuteSpare = append(e.commuteSpare, ab, ba) }()
	err1 := ab.Apply(a)
	err2 := ab.Apply(b)
	err3 := ba.Apply(b)
	err4 := ba.Apply(a)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		return fmt.Errorf("%s: %s and %s called independent but one disables the other: %v %v %v %v", e.s0.Config(), a, b, err1, err2, err3, err4)
	}
	var pa, pb []int32
	if e.opt.Counts == CountsPerProcess {
		for k := range e.commutePC {
			e.commutePC[k] = append(e.commutePC[k][:0], make([]int32, 3*e.n)...)
		}
		pa, pb = e.commutePC[0], e.commutePC[1]
	}
	ka, _ := e.keys(ab, pa)
	kb, _ := e.keys(ba, pb)
	ca, cb := ab.Counts(), ba.Counts()
	if ka != kb || ca.Sends != cb.Sends || ca.Transmissions != cb.Transmissions || ca.Deliveries != cb.Deliveries {
		return fmt.Errorf("%s: %s and %s called independent but the two orders differ", e.s0.Config(), a, b)
	}
	return nil
}

// apply applies the enabled event ev to w and returns what counting and
// judging the step need from before it: the transmissions so far (under
// CountsPerProcess only, 0 otherwise) and the number of model faults.
func (e *engine) apply(w model.System, ev model.Event) (transBefore int64, faultsBefore int) {
	if e.opt.Counts == CountsPerProcess {
		transBefore = w.Counts().Transmissions
	}
	faultsBefore = len(w.Faults())
	mustApply(w, ev)
	return transBefore, faultsBefore
}

// mustApply applies the enabled event ev to w. An enabled event that does
// not apply is a bug of the model or the search: it panics.
func mustApply(w model.System, ev model.Event) {
	if err := w.Apply(ev); err != nil {
		notApplied(ev, err)
	}
}

// notApplied panics for mustApply (kept apart so that mustApply is
// inlined into the search loops).
func notApplied(ev model.Event, err error) {
	panic(fmt.Sprintf("explore: enabled event %s does not apply: %v", ev, err))
}
