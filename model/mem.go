package model

// Memory estimates of a World and of a Sim, before they are built and while
// they run, and the rendering of byte counts (FormatBytes, ApproxBytes).

import (
	"fmt"
	"math"
	"sync"
	"unsafe"
)

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
// faults recorded, and the pending coins (once some process requested
// one: a weights slice header per process and the weights pending).
func (w *World[S]) MemBytes() int64 {
	b := w.alg.WorldBytes(len(w.states)) + int64(w.inflight)*int64(unsafe.Sizeof(Message{})) +
		int64(len(w.links))*int64(unsafe.Sizeof(link{})) + int64(len(w.obs))*int64(unsafe.Sizeof(Observation{})) +
		int64(len(w.faults))*64
	if w.coins != nil {
		b += int64(len(w.coins)) * int64(unsafe.Sizeof([]uint32(nil)))
		for _, c := range w.coins {
			b += 4 * int64(len(c))
		}
	}
	return b
}

// FrontierBytes estimates the memory w holds as one of the many copies a
// search keeps waiting (a breadth-first search's queue), once Trim has
// run: the World value, its per-process slices, its link table, the
// messages in its queues (counted in full, though a copy shares the
// queues it did not change with the World it was copied from), its armed
// timers, its hash bookkeeping, counters, observations, faults and
// coins. It reads lengths only, never capacities (which depend on the
// recycled World a copy was made in), so equal Worlds give equal figures
// however they were made, and rounds every allocation up as Go's
// allocator may (allocBytes). TestFrontierBytesCovers checks that it is
// no less than the heap a search's queue of copies really holds.
func (w *World[S]) FrontierBytes() int64 {
	var s S
	n := int64(len(w.states))
	b := int64(unsafe.Sizeof(*w)) +
		allocBytes(n*int64(unsafe.Sizeof(s))) + allocBytes(n*int64(unsafe.Sizeof(Status(0)))) + allocBytes(n) + // states, status, pending
		allocBytes(n*int64(unsafe.Sizeof([]timer(nil)))) + allocBytes(8*n) + allocBytes(n*int64(unsafe.Sizeof(View{}))) + // timers, hops and learn, views
		allocBytes(int64(len(w.links))*int64(unsafe.Sizeof(link{}))) + allocBytes(8*int64(len(w.counts.ByKind)))
	if w.phash != nil {
		b += allocBytes(8 * n)
	}
	b += allocBytes(8*int64(len(w.dirtyP))) + allocBytes(2*int64(len(w.dirtyL))*int64(unsafe.Sizeof(linkKey{})))
	for i := range w.links {
		l := &w.links[i]
		b += allocBytes(int64(len(l.q)) * int64(unsafe.Sizeof(Message{})))
		b += allocBytes(8 * int64(len(l.due)))
	}
	for _, t := range w.timers {
		b += allocBytes(int64(len(t)) * int64(unsafe.Sizeof(timer{})))
	}
	b += allocBytes(int64(len(w.obs))*int64(unsafe.Sizeof(Observation{}))) + allocBytes(int64(len(w.faults))*int64(unsafe.Sizeof(""))) + 32*int64(len(w.faults))
	if w.coins != nil {
		b += allocBytes(int64(len(w.coins)) * int64(unsafe.Sizeof([]uint32(nil))))
		for _, c := range w.coins {
			b += allocBytes(4 * int64(len(c)))
		}
	}
	return b
}

// allocBytes is an upper bound of what the Go allocator takes for an
// object of b bytes: nothing for none, else b plus an eighth (its size
// classes waste less than that) plus 16.
func allocBytes(b int64) int64 {
	if b == 0 {
		return 0
	}
	return b + b/8 + 16
}

// brokenTrim, set by tests only (BreakTrim), makes Trim drop the lists of
// parts whose cached hash is stale.
var brokenTrim bool

// brokenTrimCopy, set by tests only (BreakTrimCopy), makes Trim keep a
// link table larger than a fresh allocation of its length.
var brokenTrimCopy bool

// Trim releases what w keeps only to compute its next step (its outbox,
// effects, message batch, head heaps and busy-link list) into pool (or
// drops it when pool is nil or full) and gives its link table a capacity
// equal to its length and its hash lists one of at most twice theirs
// (what FrontierBytes counts), so that w holds no more than FrontierBytes counts while it
// waits in a search's queue. w's value does not change (Encode, Enabled,
// StateHash give the same; Effects is empty); its next Apply takes the
// scratch back from a pool (Untrim) or allocates it again.
func (w *World[S]) Trim(pool *ScratchPool) {
	if brokenTrim {
		// The bug TestBrokenTrimCaught plants: the hash lists taken
		// for scratch.
		w.dirtyP, w.dirtyL = nil, nil
	}
	sc := scratch{w.out.out[:0], w.effects[:0], w.batch[:0], w.heads.min[:0], w.heads.max[:0], w.busyL.t[:0], nil, nil}
	w.out = Outbox{}
	w.effects, w.batch = nil, nil
	w.heads, w.busyL = heads{}, busyLinks{}
	w.qpool = nil // queue arrays kept for CloneIntoReusing
	// The link table is copied only when it holds more than a fresh
	// allocation of its length may (what FrontierBytes counts): a table
	// made by append has the allocator's rounding, not a recycled
	// World's larger one, and copying it for every queued World cost a
	// third of the search's allocation.
	if !w.linksFit() && !brokenTrimCopy {
		w.links = append(make([]link, 0, len(w.links)), w.links...)
	}
	// Empty hash lists (the usual case, just after StateHash) go to the
	// pool with the rest.
	switch {
	case len(w.dirtyP) == 0 && w.dirtyP != nil:
		sc.dirtyP, w.dirtyP = w.dirtyP, w.dirtyP[:0:0]
	case cap(w.dirtyP) > 2*len(w.dirtyP):
		w.dirtyP = append(make([]int32, 0, len(w.dirtyP)), w.dirtyP...)
	}
	switch {
	case len(w.dirtyL) == 0 && w.dirtyL != nil:
		sc.dirtyL, w.dirtyL = w.dirtyL, w.dirtyL[:0:0]
	case cap(w.dirtyL) > 2*len(w.dirtyL):
		w.dirtyL = append(make([]linkKey, 0, len(w.dirtyL)), w.dirtyL...)
	}
	if pool != nil && sc.out != nil {
		pool.put(sc)
	}
}

// linksFit reports whether w's link table holds no more than a fresh
// allocation of its length may: what FrontierBytes counts for it.
func (w *World[S]) linksFit() bool {
	ls := int64(unsafe.Sizeof(link{}))
	return int64(cap(w.links))*ls <= allocBytes(int64(len(w.links))*ls)
}

// Untrim gives a World that Trim left without its step storage another
// World's from pool, if pool has one: what its next Apply would
// otherwise allocate.
func (w *World[S]) Untrim(pool *ScratchPool) {
	if w.out.out != nil {
		return
	}
	if sc, ok := pool.get(); ok {
		w.out.out, w.effects, w.batch = sc.out, sc.effects, sc.batch
		w.heads, w.busyL = heads{min: sc.hmin, max: sc.hmax}, busyLinks{t: sc.busy}
		if len(w.dirtyP) == 0 && sc.dirtyP != nil {
			w.dirtyP = sc.dirtyP
		}
		if len(w.dirtyL) == 0 && sc.dirtyL != nil {
			w.dirtyL = sc.dirtyL
		}
	}
}

// ScratchPool keeps the step storage World.Trim takes from Worlds a search
// keeps waiting, for World.Untrim to give to the next one it steps, up to
// a bound. Its zero value keeps none; it is safe for concurrent use. The
// storage a World gets never changes what it computes.
type ScratchPool struct {
	mu   sync.Mutex
	free []scratch
	max  int
}

// NewScratchPool returns a pool that keeps the storage of up to max
// Worlds.
func NewScratchPool(max int) *ScratchPool { return &ScratchPool{max: max} }

// scratch is one World's step storage, emptied.
type scratch struct {
	out        []Output
	effects    []Effect
	batch      []Message
	hmin, hmax []headEntry
	busy       []int32
	dirtyP     []int32
	dirtyL     []linkKey
}

func (p *ScratchPool) put(s scratch) {
	p.mu.Lock()
	if len(p.free) < p.max {
		p.free = append(p.free, s)
	}
	p.mu.Unlock()
}

func (p *ScratchPool) get() (scratch, bool) {
	if p == nil {
		return scratch{}, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) == 0 {
		return scratch{}, false
	}
	s := p.free[len(p.free)-1]
	p.free[len(p.free)-1] = scratch{}
	p.free = p.free[:len(p.free)-1]
	return s, true
}

// SimBytes estimates the memory of a Sim of n processes and its result,
// before it is built (see WorldBytes): each process's state value and
// bookkeeping, the initial message queue (async timing) and the result's
// copies of the views, statuses and clocks. It saturates as WorldBytes
// does.
func (a *Algorithm[S]) SimBytes(n int, sync bool) int64 {
	if n > math.MaxInt32 {
		return math.MaxInt64
	}
	var s S
	b := 4096 + int64(n)*(int64(unsafe.Sizeof(s))+perProcessBytes()+int64(unsafe.Sizeof(simProc{}))+4+
		int64(unsafe.Sizeof(View{}))+1+4)
	if !sync {
		c := 16
		for c < n {
			c <<= 1
		}
		b += int64(c) * int64(unsafe.Sizeof(qmsg{}))
	}
	return b
}

// FormatBytes renders a byte count with a binary unit (1GiB, 1.5MiB): exact
// multiples in the largest unit that divides them, other sizes of a KiB or
// more to one decimal.
func FormatBytes(v int64) string {
	u := 0
	for u+1 < len(byteUnits) && v >= 1024 && v%1024 == 0 {
		v /= 1024
		u++
	}
	if u == 0 && v >= 1024 {
		return ApproxBytes(v)
	}
	return fmt.Sprintf("%d%s", v, byteUnits[u])
}

// ApproxBytes renders a byte count (an estimate) to one decimal in the
// largest binary unit it reaches (14.7GiB, 1.9TiB), bytes as a number.
func ApproxBytes(v int64) string {
	if v < 1024 {
		return fmt.Sprintf("%d%s", v, byteUnits[0])
	}
	f, u := float64(v), 0
	// 1023.95 and above print as 1024.0 at one decimal: the next unit's
	// 1.0 says it.
	for u+1 < len(byteUnits) && f >= 1023.95 {
		f /= 1024
		u++
	}
	return fmt.Sprintf("%.1f%s", f, byteUnits[u])
}

var byteUnits = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
