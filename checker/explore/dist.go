package explore

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// A distributed search (ExploreDist) is the breadth-first search split
// over ranks that share nothing but messages: each state belongs to one
// rank (Owner: a mix of its key, mod the ranks), which alone stores it,
// so that each rank holds about 1/k of the visited set and of the
// frontier. Level by level, every rank expands the states it owns and
// sends each successor, as a record, to the successor's owner; a level
// ends at a barrier where every rank has received every record sent to
// it; the owner then keeps each successor it has not stored before.
//
// A record carries the successor's key, its parent's key, the position
// of its event in the parent's enabled list, whether the path to it
// showed a violation, the step violation the sender found there, and the
// path itself (positions from the initial state): the owner rebuilds the
// state's World by replaying the path (the Worlds are never sent), and a
// counterexample's trace is that path.
//
// The result does not depend on k, nor on the order records arrive in:
// counts are sums and maxima; and what the single-process BFS takes from
// the first time it meets something (a state's path, its taint, the trace
// of a violation, which violations are kept) is, in both searches, taken
// from the least (level, parent key, event position) that shows it: the
// sequential BFS expands each level in the order of its keys (bfs), which
// makes its first the least.

// Transport carries a distributed search's messages between its ranks.
// An implementation delivers every batch Send gives it exactly once, to
// the handler of the rank it names.
type Transport interface {
	// Rank is this rank (0-based); Ranks the number of ranks.
	Rank() int
	Ranks() int
	// Handle sets the function every batch sent to this rank is given
	// to, with the sender's rank; calls are never concurrent. It is set
	// once, before any rank sends.
	Handle(func(from int, b []byte))
	// Send gives b to rank to's handler and returns once that handler
	// has returned (the acknowledgement is the flow control); b may be
	// reused after. Sending to oneself calls the handler directly.
	Send(to int, b []byte) error
	// AllGather is a barrier: every rank calls it with its contribution
	// and each gets all ranks' contributions, in rank order.
	AllGather(b []byte) ([][]byte, error)
}

// Owner is the rank (of ranks) that stores the state with key: a second
// mix of the key (splitmix64's finalizer: the visited table places keys
// by their high bits), so that ranks get about the same share.
func Owner(key uint64, ranks int) int {
	if ranks <= 1 {
		return 0
	}
	z := key
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z % uint64(ranks))
}

// RankStats is what one rank of a distributed search did.
type RankStats struct {
	// States it stores; Transitions it applied (the events of the states
	// it expanded).
	States, Transitions int64
	// RecordsSent and BytesSent count the successor records it sent to
	// other ranks (records to itself are not sent); Batches the messages
	// they went in.
	RecordsSent, BytesSent, Batches int64
	// MemEstimate is its largest memory estimate; TableBytes its visited
	// set's memory at the end.
	MemEstimate, TableBytes int64
}

// pendingBytes and frontierBytes estimate the memory of a state received
// this level (its map entry, its dstate, its path's allocation) and of a
// state of the frontier (its dstate in a slice, its path's allocation),
// besides two bytes per event of its path. Measured on Bully n=6 (every
// detector, lazy; 50.8 M states, two ranks in one process): the process
// held about 226 bytes per stored state, twice what the rank's live data
// is, the rest being the garbage collector's headroom (GOGC).
const (
	pendingBytes  = 160
	frontierBytes = 96
)

// distBatch is the size in bytes at which a rank sends the records it
// has for one other rank.
const distBatch = 64 << 10

// tuple orders what a level-synchronous BFS meets: the level of the
// state reached, the key of the state expanded, the position of the event
// in its enabled list, and sub: 0 for the step's checks, 1 for the
// end-of-run checks of a new quiescent state.
type tuple struct {
	level     int
	parent    uint64
	pos       uint16
	sub       uint8
	isInitial bool
}

func (a tuple) cmp(b tuple) int {
	if c := cmp.Compare(a.level, b.level); c != 0 {
		return c
	}
	if c := cmp.Compare(a.parent, b.parent); c != 0 {
		return c
	}
	if c := cmp.Compare(a.pos, b.pos); c != 0 {
		return c
	}
	return cmp.Compare(a.sub, b.sub)
}

// dviol is one distinct violation as a rank saw it: its first occurrence
// (first), the distinct states showing it, and the trace kept: the first
// occurrence whose path showed no violation before, else the first.
type dviol struct {
	prop, msg string
	first     tuple
	states    int64
	rep       tuple
	repClean  bool
	repStep   int
	repPath   []uint16
}

// dstate is a state of a rank's frontier: its key, its path from the
// initial state, the least record that reached it and its taint.
type dstate struct {
	key     uint64
	at      tuple
	path    []uint16
	tainted bool
}

// distRank is one rank's search.
type distRank struct {
	e     *engine
	t     Transport
	rank  int
	ranks int
	mu    sync.Mutex
	cond  *sync.Cond
	// got counts the batches received from each rank this level.
	got     []int64
	pending map[uint64]*dstate
	// pendingBytes estimates pending's memory; over: pending would pass
	// Options.MaxMem (the rank stops taking new states this level).
	pendingBytes int64
	over         bool
	level        int
	viols        map[string]*dviol
	// errAt is the least tuple where the bound could not be evaluated.
	errAt  tuple
	errMsg string
	stats  RankStats
	// cur and curPath are the tuple and path of the state whose
	// end-of-run checks run (judge).
	cur     tuple
	curPath []uint16
	// progress is Options.Progress (rank 0 calls it at each level's end).
	progress func(Progress)
	// problem identifies the search and its number of ranks (in
	// checkpoints); ckpt is this rank's checkpoint directory ("" for
	// none) and resumeAt the level the search resumes after (0: none).
	problem  uint64
	ckpt     string
	resumeAt int
}

// ExploreDist is Explore as one rank of a distributed breadth-first
// search over t: every rank calls it with the same s0 and opt, and each
// returns the whole search's Result (the same on every rank). It
// searches breadth-first whatever opt.BFS says; it refuses what it cannot
// distribute: the livelock search (opt's properties with termination),
// shards, Options.OnFinal, Options.KeepFingerprints. A bound (MaxStates,
// MaxMem per rank) or Options.Stop ends the search at the end of a level:
// the level that would pass the bound is not stored. An error is the
// transport's (a rank that does not answer) or a refusal.
func ExploreDist(s0 model.System, opt Options, t Transport) (*Result, error) {
	if opt.MaxViolations <= 0 {
		opt.MaxViolations = 10
	}
	opt.BFS, opt.Workers = true, 1
	if opt.checks().Props&model.Termination != 0 {
		return nil, errors.New("a distributed search does not search for livelocks: leave termination out of the properties")
	}
	if opt.Shards > 1 || opt.OnFinal != nil || opt.KeepFingerprints {
		return nil, errors.New("a distributed search does not take shards, OnFinal or KeepFingerprints")
	}
	if opt.Detect == model.DetectLazy && s0.Config().Detect != model.DetectLazy {
		if w, ok := s0.(interface {
			WithDetection(model.Detection) model.System
		}); ok {
			s0 = w.WithDetection(model.DetectLazy)
		}
	}
	d := &distRank{e: newEngine(s0, opt), t: t, rank: t.Rank(), ranks: t.Ranks(), viols: map[string]*dviol{}}
	d.cond = sync.NewCond(&d.mu)
	d.got = make([]int64, d.ranks)
	d.pending = map[uint64]*dstate{}
	d.e.dist = d
	// Progress is the whole search's, on rank 0, at each level's end.
	d.progress, d.e.opt.Progress = opt.Progress, nil
	t.Handle(d.receive)
	pk := problemKey(s0, &opt)
	d.problem = combine(pk, uint64(d.ranks))
	have := 0
	if opt.Checkpoint != "" {
		d.ckpt = ckptDir(opt.Checkpoint, d.rank, d.ranks)
		if err := os.MkdirAll(d.ckpt, 0o755); err != nil {
			return nil, fmt.Errorf("checkpoint directory: %v", err)
		}
		var err error
		if have, err = ckptLevels(d.ckpt, d.problem); err != nil {
			return nil, err
		}
	}
	// The start barrier: no rank sends before every handler is set, every
	// rank searches the same problem, and they resume after the last
	// level every rank has a checkpoint of.
	all, err := t.AllGather(binary.AppendUvarint(binary.LittleEndian.AppendUint64(nil, pk), uint64(have)))
	if err != nil {
		return nil, err
	}
	d.resumeAt = have
	for r, p := range all {
		if len(p) < 8 || !slices.Equal(p[:8], all[0][:8]) {
			return nil, fmt.Errorf("rank %d searches another problem than rank 1 (another configuration or options)", r+1)
		}
		l, n := binary.Uvarint(p[8:])
		if n <= 0 {
			return nil, fmt.Errorf("rank %d: a bad start message", r+1)
		}
		d.resumeAt = min(d.resumeAt, int(l))
	}
	res, err := d.run()
	if err != nil {
		return nil, err
	}
	res.Detect = s0.Config().Detect.String()
	return res, nil
}

// problemKey hashes what every rank must share: the initial state and
// the options that change the search.
func problemKey(s0 model.System, opt *Options) uint64 {
	h := hashBytes(s0.Encode(nil))
	for _, v := range []int64{int64(opt.Counts), int64(opt.checks().Props), int64(opt.MaxDepth), opt.MaxStates, opt.MaxMem, int64(opt.MaxViolations), int64(s0.Config().Detect)} {
		h = combine(h, uint64(v))
	}
	return h
}

// run is the level loop.
func (d *distRank) run() (*Result, error) {
	e := d.e
	w0 := e.s0.Clone()
	var pc0 []int32
	if e.opt.Counts == CountsPerProcess {
		pc0 = make([]int32, 3*e.n)
	}
	key0, _ := e.keys(w0, pc0)
	var frontier []dstate
	if Owner(key0, d.ranks) == d.rank {
		i, _ := e.vis.find(key0)
		e.vis.insert(i, key0, 0, 0)
		frontier = []dstate{{key: key0, at: tuple{isInitial: true}}}
	}
	var committed int64 // states stored by every rank, before this level
	committed = 1
	start := 0
	if d.resumeAt > 0 {
		var err error
		if frontier, committed, err = d.resume(d.resumeAt); err != nil {
			return nil, err
		}
		start = d.resumeAt
		// No rank sends before every rank has rebuilt its state (its
		// handler reads the visited set and the level being received).
		if _, err := d.t.AllGather(nil); err != nil {
			return nil, err
		}
	}
	for depth := start; ; depth++ {
		// Expand (or, at the depth bound, only judge) the frontier.
		sent, err := d.expandLevel(frontier, depth)
		if err != nil {
			return nil, err
		}
		// Barrier 1: every rank has received what was sent to it.
		if err := d.awaitRecords(sent); err != nil {
			return nil, err
		}
		// Barrier 2: the level's totals decide whether to go on.
		d.mu.Lock()
		newHere := int64(len(d.pending))
		over := d.over
		d.mu.Unlock()
		stop := e.stop
		if stop == "" && e.opt.Stop != nil && e.opt.Stop() {
			stop = Interrupted
		}
		mem := e.memory() + d.pendingBytes
		sums, err := d.gatherLevel(levelMsg{newStates: newHere, over: over, stop: stop, mem: mem})
		if err != nil {
			return nil, err
		}
		e.res.MemEstimate = max(e.res.MemEstimate, mem)
		switch {
		case sums.stop != "":
			e.stop = sums.stop
		case e.opt.MaxStates > 0 && committed+sums.newStates > e.opt.MaxStates:
			e.stop = describeBound("max-states", e.opt.MaxStates)
		case sums.over || e.opt.MaxMem > 0 && sums.maxMem > e.opt.MaxMem:
			e.stop = describeBound("max-mem", e.opt.MaxMem)
		}
		if e.stop != "" || sums.newStates == 0 {
			break
		}
		frontier = d.commit(frontier[:0], depth+1)
		committed += sums.newStates
		e.res.MaxDepth = depth + 1
		if d.ckpt != "" {
			// Before the barrier: no rank starts the next level before
			// every rank has this level's checkpoint.
			if err := d.writeCkpt(depth+1, committed, frontier); err != nil {
				return nil, fmt.Errorf("writing the checkpoint of level %d: %v", depth+1, err)
			}
		}
		// Barrier 3: no rank sends the next level's records before
		// every rank has stored this level's.
		if _, err := d.t.AllGather(nil); err != nil {
			return nil, err
		}
		if d.progress != nil && d.rank == 0 {
			d.progress(Progress{States: committed, Transitions: e.res.Transitions, Depth: depth + 1})
		}
		if e.opt.MaxStates > 0 && committed >= e.opt.MaxStates {
			// As the sequential search: the bound reached is a stop
			// once its states are stored.
			e.stop = describeBound("max-states", e.opt.MaxStates)
			// Judge the last level's states (their end-of-run checks)
			// without expanding them.
			if _, err := d.judgeOnly(frontier, depth+1); err != nil {
				return nil, err
			}
			break
		}
	}
	return d.finish()
}

// levelMsg is a rank's contribution to the end-of-level barrier.
type levelMsg struct {
	newStates int64
	over      bool
	stop      string
	mem       int64
	// the sums: maxMem is the largest rank's estimate.
	maxMem int64
}

func (d *distRank) gatherLevel(m levelMsg) (levelMsg, error) {
	var b []byte
	b = binary.AppendVarint(b, m.newStates)
	b = binary.AppendVarint(b, m.mem)
	if m.over {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = appendString(b, m.stop)
	all, err := d.t.AllGather(b)
	if err != nil {
		return levelMsg{}, err
	}
	var s levelMsg
	for r, p := range all {
		rd := reader{b: p}
		n, mem := rd.varint(), rd.varint()
		over := rd.byte() == 1
		stop := rd.string()
		if rd.err != nil {
			return levelMsg{}, fmt.Errorf("rank %d: a bad end-of-level message: %v", r+1, rd.err)
		}
		s.newStates += n
		s.maxMem = max(s.maxMem, mem)
		s.over = s.over || over
		if s.stop == "" || stop == Interrupted {
			// Interrupted wins over a bound: the run was stopped.
			if stop != "" {
				s.stop = stop
			}
		}
	}
	return s, nil
}

// judgeOnly runs the end-of-run checks of the frontier's quiescent states
// without expanding them.
func (d *distRank) judgeOnly(frontier []dstate, depth int) (int64, error) {
	d.walk(frontier, func(u *dstate, w model.System, pc []int32) {
		d.judge(u, w, depth)
	})
	return 0, nil
}

// judge runs the end-of-run checks of the new state u (World w).
func (d *distRank) judge(u *dstate, w model.System, depth int) {
	e := d.e
	if !e.isFinal(w) {
		return
	}
	d.cur = u.at
	d.cur.sub = 1
	if u.at.isInitial {
		d.cur = tuple{sub: 1}
	}
	d.curPath = u.path
	path := u.path
	d.mu.Lock()
	defer d.mu.Unlock()
	hadErr := e.res.Err != nil
	e.final(w, u.key, func() []model.Event { return replayPositions(e.s0, path, false) }, u.tainted)
	if e.res.Err != nil && !hadErr {
		d.errAt, d.errMsg = d.cur, e.res.Err.Error()
	}
}

// walk rebuilds the World (and per-process counters) of every state of
// frontier by replaying its path from the initial state, sharing the
// replay of common prefixes (the frontier is sorted by path), and calls
// f with each.
func (d *distRank) walk(frontier []dstate, f func(u *dstate, w model.System, pc []int32)) {
	e := d.e
	slices.SortFunc(frontier, func(a, b dstate) int { return slices.Compare(a.path, b.path) })
	type lvl struct {
		w  model.System
		pc []int32
	}
	var pc0 []int32
	if e.opt.Counts == CountsPerProcess {
		pc0 = make([]int32, 3*e.n)
	}
	stack := []lvl{{w: e.s0.Clone(), pc: pc0}}
	var prev []uint16
	var en []model.Event
	for i := range frontier {
		u := &frontier[i]
		lcp := 0
		for lcp < len(prev) && lcp < len(u.path) && prev[lcp] == u.path[lcp] {
			lcp++
		}
		for k := len(stack) - 1; k > lcp; k-- {
			e.recycle(stack[k].w)
			stack[k] = lvl{}
		}
		stack = stack[:lcp+1]
		for k := lcp; k < len(u.path); k++ {
			top := stack[len(stack)-1]
			en = top.w.Enabled(en[:0])
			ev := en[u.path[k]]
			w := e.clone(top.w)
			transBefore, _ := e.apply(w, ev)
			var pc []int32
			if top.pc != nil {
				pc = append([]int32(nil), top.pc...)
				countEffects(w, ev, pc, transBefore)
			}
			stack = append(stack, lvl{w: w, pc: pc})
		}
		prev = u.path
		top := stack[len(stack)-1]
		f(u, top.w, top.pc)
	}
}

// expandLevel judges the frontier's states (end-of-run checks) and, below
// the depth bound, expands them: it sends each successor record to its
// owner and returns the batches sent to each rank.
func (d *distRank) expandLevel(frontier []dstate, depth int) ([]int64, error) {
	e := d.e
	sent := make([]int64, d.ranks)
	out := make([][]byte, d.ranks)
	var sendErr error
	flush := func(to int) {
		if len(out[to]) == 0 || sendErr != nil {
			return
		}
		if to != d.rank {
			d.stats.Batches++
			d.stats.BytesSent += int64(len(out[to]))
		}
		if err := d.t.Send(to, out[to]); err != nil {
			sendErr = err
		}
		sent[to]++
		out[to] = out[to][:0]
	}
	var en []model.Event
	atBound := e.opt.MaxDepth > 0 && depth >= e.opt.MaxDepth
	anyFrontier := len(frontier) > 0
	d.walk(frontier, func(u *dstate, w model.System, pc []int32) {
		if sendErr != nil {
			return
		}
		d.judge(u, w, depth)
		if atBound || e.stop != "" {
			return
		}
		en = w.Enabled(en[:0])
		for k, ev := range en {
			if k >= 1<<16 {
				panic("explore: more than 65536 enabled events")
			}
			w2 := e.clone(w)
			transBefore, faultsBefore := e.apply(w2, ev)
			var pc2 []int32
			if pc != nil {
				pc2 = append([]int32(nil), pc...)
				countEffects(w2, ev, pc2, transBefore)
			}
			key, _ := e.keys(w2, pc2)
			v := e.stepCheck(w2, faultsBefore, depth+1)
			e.recycle(w2)
			e.res.Transitions++
			d.stats.Transitions++
			e.tick(depth + 1)
			to := Owner(key, d.ranks)
			out[to] = appendRecord(out[to], key, u.key, uint16(k), u.tainted, v, u.path)
			if to != d.rank {
				d.stats.RecordsSent++
			}
			if len(out[to]) >= distBatch {
				flush(to)
			}
		}
	})
	if sendErr != nil {
		return nil, sendErr
	}
	for to := range out {
		flush(to)
	}
	if sendErr != nil {
		return nil, sendErr
	}
	if atBound && e.stop == "" {
		// Every rank must agree: the bound stops the search when some
		// rank has a state at this depth (decided at the barrier).
		if anyFrontier {
			e.stop = describeBound("max-depth", int64(e.opt.MaxDepth))
		}
	}
	return sent, nil
}

// appendRecord appends one successor record; tainted says the path to
// its parent showed a violation, v is the step's own (or nil).
func appendRecord(b []byte, key, parent uint64, pos uint16, tainted bool, v *checker.Violation, path []uint16) []byte {
	b = binary.LittleEndian.AppendUint64(b, key)
	b = binary.LittleEndian.AppendUint64(b, parent)
	b = binary.LittleEndian.AppendUint16(b, pos)
	var flags byte
	if tainted {
		flags |= 1
	}
	if v != nil {
		flags |= 2
	}
	b = append(b, flags)
	if v != nil {
		b = binary.AppendUvarint(b, uint64(v.Step))
		b = appendString(b, v.Property)
		b = appendString(b, v.Message)
	}
	b = binary.AppendUvarint(b, uint64(len(path)))
	for _, p := range path {
		b = binary.AppendUvarint(b, uint64(p))
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// reader decodes what the ranks send; the first error sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = errors.New("truncated")
	}
	r.b = nil
}

func (r *reader) u64() uint64 {
	if len(r.b) < 8 {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *reader) u16() uint16 {
	if len(r.b) < 2 {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint16(r.b)
	r.b = r.b[2:]
	return v
}

func (r *reader) byte() byte {
	if len(r.b) < 1 {
		r.fail()
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) string() string {
	n := r.uvarint()
	if uint64(len(r.b)) < n {
		r.fail()
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// receive is the transport's handler: it takes a batch of records for
// states this rank owns.
func (d *distRank) receive(from int, b []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	defer d.cond.Broadcast()
	d.got[from]++
	level := d.level + 1
	rd := reader{b: b}
	for len(rd.b) > 0 && rd.err == nil {
		key, parent, pos := rd.u64(), rd.u64(), rd.u16()
		flags := rd.byte()
		var v *checker.Violation
		if flags&2 != 0 {
			step := int(rd.uvarint())
			v = &checker.Violation{Step: step, Property: rd.string(), Message: rd.string()}
		}
		n := rd.uvarint()
		if rd.err != nil || n > uint64(len(rd.b)) {
			rd.fail()
			break
		}
		path := make([]uint16, n+1)
		for k := range n {
			path[k] = uint16(rd.uvarint())
		}
		path[n] = pos
		if rd.err != nil {
			break
		}
		at := tuple{level: level, parent: parent, pos: pos}
		// The path to the parent showed a violation (flag 1): this one's
		// trace is tainted; the state is if this step shows one too.
		tainted := flags&1 != 0
		if v != nil {
			d.violation(v, key, at, path, tainted)
			tainted = true
		}
		if _, found := d.e.vis.find(key); found {
			continue
		}
		if p, ok := d.pending[key]; ok {
			if at.cmp(p.at) < 0 != d.e.opt.brokenDist {
				p.at, p.path, p.tainted = at, path, tainted
			}
			continue
		}
		if d.over {
			continue
		}
		d.pending[key] = &dstate{key: key, at: at, path: path, tainted: tainted}
		d.pendingBytes += pendingBytes + 2*int64(len(path))
		if m := d.e.opt.MaxMem; m > 0 && d.e.memory()+d.pendingBytes > m {
			d.over = true
		}
	}
	if rd.err != nil {
		// The ranks run the same binary: a bad record is a bug.
		panic(fmt.Sprintf("explore: rank %d sent a bad batch: %v", from+1, rd.err))
	}
}

// awaitRecords announces the batches this rank sent to each rank and
// waits until it has received every batch announced to it.
func (d *distRank) awaitRecords(sent []int64) error {
	var b []byte
	for _, n := range sent {
		b = binary.AppendUvarint(b, uint64(n))
	}
	all, err := d.t.AllGather(b)
	if err != nil {
		return err
	}
	want := make([]int64, d.ranks)
	for r, p := range all {
		rd := reader{b: p}
		for to := range d.ranks {
			n := int64(rd.uvarint())
			if to == d.rank {
				want[r] = n
			}
		}
		if rd.err != nil {
			return fmt.Errorf("rank %d: a bad announcement: %v", r+1, rd.err)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for !slices.Equal(d.got, want) {
		for r := range want {
			if d.got[r] > want[r] {
				return fmt.Errorf("rank %d sent %d batches, announced %d", r+1, d.got[r], want[r])
			}
		}
		d.cond.Wait()
	}
	return nil
}

// commit stores the level's new states and returns them as the next
// frontier.
func (d *distRank) commit(frontier []dstate, level int) []dstate {
	d.mu.Lock()
	defer d.mu.Unlock()
	keys := make([]uint64, 0, len(d.pending))
	for k := range d.pending {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		p := d.pending[k]
		i, _ := d.e.vis.find(k)
		d.e.vis.insert(i, k, 0, 0)
		frontier = append(frontier, *p)
	}
	clear(d.pending)
	d.pendingBytes = 0
	clear(d.got)
	d.level = level
	var fb int64
	for i := range frontier {
		fb += frontierBytes + 2*int64(len(frontier[i].path))
	}
	d.e.stackBytes = fb
	if m := d.e.memory(); m > d.e.res.MemEstimate {
		d.e.res.MemEstimate = m
	}
	return frontier
}

// violation records v, seen at the state with key reached at tuple at by
// path.
func (d *distRank) violation(v *checker.Violation, key uint64, at tuple, path []uint16, tainted bool) {
	id := v.Property + "\x00" + v.Message
	vk := combine(key, hashBytes([]byte(id)))
	i, seen := d.e.violVis.find(vk)
	if !seen {
		d.e.violVis.insert(i, vk, 0, 0)
	}
	dv, ok := d.viols[id]
	if !ok {
		dv = &dviol{prop: v.Property, msg: v.Message, first: at, rep: at, repClean: !tainted, repStep: v.Step, repPath: path}
		d.viols[id] = dv
	}
	if !seen {
		dv.states++
	}
	if at.cmp(dv.first) < 0 {
		dv.first = at
	}
	if better(at, !tainted, dv.rep, dv.repClean) {
		dv.rep, dv.repClean, dv.repStep, dv.repPath = at, !tainted, v.Step, path
	}
}

// better says that the occurrence (at, clean) makes a better trace than
// (rep, repClean): a clean one over a tainted one, then the least.
func better(at tuple, clean bool, rep tuple, repClean bool) bool {
	if clean != repClean {
		return clean
	}
	return at.cmp(rep) < 0
}

// finish gathers every rank's findings and builds the Result.
func (d *distRank) finish() (*Result, error) {
	e := d.e
	e.stackBytes = 0
	d.stats.States = int64(e.vis.n)
	d.stats.TableBytes = e.vis.bytes()
	d.stats.MemEstimate = max(e.res.MemEstimate, e.memory())
	all, err := d.t.AllGather(d.encodeFindings())
	if err != nil {
		return nil, err
	}
	res := &Result{Violations: []*Violation{}, MaxDepth: e.res.MaxDepth, Incomplete: e.stop, ResumedAt: d.resumeAt}
	viols := map[string]*dviol{}
	var errAt tuple
	errMsg := ""
	countsSeen := false
	for r, p := range all {
		f, err := decodeFindings(p)
		if err != nil {
			return nil, fmt.Errorf("rank %d: bad findings: %v", r+1, err)
		}
		res.States += f.stats.States
		res.Transitions += f.stats.Transitions
		res.Final += f.final
		res.TableBytes += f.stats.TableBytes
		res.MemEstimate = max(res.MemEstimate, f.stats.MemEstimate)
		res.Ranks = append(res.Ranks, f.stats)
		if f.counts != nil {
			if !countsSeen {
				c := *f.counts
				res.Counts = &c
				countsSeen = true
			} else {
				res.Counts.merge(f.counts)
			}
		}
		if f.errMsg != "" && (errMsg == "" || f.errAt.cmp(errAt) < 0) {
			errAt, errMsg = f.errAt, f.errMsg
		}
		for _, v := range f.viols {
			id := v.prop + "\x00" + v.msg
			w, ok := viols[id]
			if !ok {
				viols[id] = v
				continue
			}
			w.states += v.states
			if v.first.cmp(w.first) < 0 {
				w.first = v.first
			}
			if better(v.rep, v.repClean, w.rep, w.repClean) {
				w.rep, w.repClean, w.repStep, w.repPath = v.rep, v.repClean, v.repStep, v.repPath
			}
		}
	}
	if errMsg != "" {
		res.Err = errors.New(errMsg)
	}
	list := make([]*dviol, 0, len(viols))
	for _, v := range viols {
		list = append(list, v)
	}
	slices.SortFunc(list, func(a, b *dviol) int {
		if c := a.first.cmp(b.first); c != 0 {
			return c
		}
		return cmp.Compare(a.prop+"\x00"+a.msg, b.prop+"\x00"+b.msg)
	})
	for i, v := range list {
		if i >= e.opt.MaxViolations {
			res.MoreViolations++
			continue
		}
		res.Violations = append(res.Violations, &Violation{Property: v.prop, Message: v.msg, Step: v.repStep,
			Events: replayPositions(e.s0, v.repPath, false), CycleStart: -1, States: v.states, tainted: !v.repClean})
	}
	return res, nil
}

// findings is what a rank reports at the end.
type findings struct {
	stats  RankStats
	final  int64
	counts *CountRanges
	errAt  tuple
	errMsg string
	viols  []*dviol
}

func appendTuple(b []byte, t tuple) []byte {
	b = binary.AppendUvarint(b, uint64(t.level))
	b = binary.LittleEndian.AppendUint64(b, t.parent)
	b = binary.LittleEndian.AppendUint16(b, t.pos)
	return append(b, t.sub)
}

func (r *reader) tuple() tuple {
	return tuple{level: int(r.uvarint()), parent: r.u64(), pos: r.u16(), sub: r.byte()}
}

func (d *distRank) encodeFindings() []byte {
	e := d.e
	var b []byte
	for _, v := range []int64{d.stats.States, d.stats.Transitions, d.stats.RecordsSent, d.stats.BytesSent, d.stats.Batches,
		d.stats.MemEstimate, d.stats.TableBytes, e.res.Final} {
		b = binary.AppendVarint(b, v)
	}
	if e.res.Counts != nil && e.countsSeen {
		b = append(b, 1)
		c := e.res.Counts
		for _, r := range []Range{c.Sends, c.Transmissions, c.Deliveries, c.SR, c.Forwards} {
			b = binary.AppendVarint(b, r.Min)
			b = binary.AppendVarint(b, r.Max)
		}
	} else {
		b = append(b, 0)
	}
	b = appendTuple(b, d.errAt)
	b = appendString(b, d.errMsg)
	ids := make([]string, 0, len(d.viols))
	for id := range d.viols {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	b = binary.AppendUvarint(b, uint64(len(ids)))
	for _, id := range ids {
		v := d.viols[id]
		b = appendString(b, v.prop)
		b = appendString(b, v.msg)
		b = appendTuple(b, v.first)
		b = binary.AppendVarint(b, v.states)
		b = appendTuple(b, v.rep)
		if v.repClean {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		b = binary.AppendVarint(b, int64(v.repStep))
		b = binary.AppendUvarint(b, uint64(len(v.repPath)))
		for _, p := range v.repPath {
			b = binary.AppendUvarint(b, uint64(p))
		}
	}
	return b
}

func decodeFindings(b []byte) (*findings, error) {
	rd := reader{b: b}
	f := &findings{}
	vals := []*int64{&f.stats.States, &f.stats.Transitions, &f.stats.RecordsSent, &f.stats.BytesSent, &f.stats.Batches,
		&f.stats.MemEstimate, &f.stats.TableBytes, &f.final}
	for _, p := range vals {
		*p = rd.varint()
	}
	if rd.byte() == 1 {
		c := &CountRanges{}
		for _, r := range []*Range{&c.Sends, &c.Transmissions, &c.Deliveries, &c.SR, &c.Forwards} {
			r.Min, r.Max = rd.varint(), rd.varint()
		}
		f.counts = c
	}
	f.errAt = rd.tuple()
	f.errMsg = rd.string()
	n := rd.uvarint()
	for i := uint64(0); i < n && rd.err == nil; i++ {
		v := &dviol{prop: rd.string(), msg: rd.string()}
		v.first = rd.tuple()
		v.states = rd.varint()
		v.rep = rd.tuple()
		v.repClean = rd.byte() == 1
		v.repStep = int(rd.varint())
		m := rd.uvarint()
		if m > uint64(len(rd.b)) {
			rd.fail()
			break
		}
		v.repPath = make([]uint16, m)
		for k := range m {
			v.repPath[k] = uint16(rd.uvarint())
		}
		f.viols = append(f.viols, v)
	}
	if rd.err == nil && len(rd.b) != 0 {
		rd.err = errors.New("trailing bytes")
	}
	return f, rd.err
}
