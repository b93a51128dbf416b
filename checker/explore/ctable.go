package explore

import (
	"slices"
	"sync/atomic"
	"unsafe"
)

// ctable is the breadth-first search's visited set, shared by its
// workers without a lock: open addressing over 64-bit state keys, each
// with a 32-bit stamp. Within a batch a key's stamp is the first
// transition of the batch that reached it in the sequential order
// (stampOf): workers insert keys with compare-and-swap and lower a key's
// stamp to theirs with compare-and-swap, so that when every transition of
// the batch has visited, each stamp names the transition that the
// sequential search would have found the state new at, whatever the order
// the workers ran in: the key's least. The merge then marks the states it
// takes taken (stamp 1), so that the next batch finds them visited.
//
// Stamp 0 is "no stamp yet" (a key just inserted by a worker that has not
// lowered its stamp); 1 is taken. Key 0 marks an empty slot
// (fixKey). The table grows only between batches (grow), when no worker
// runs; a worker that would fill it past its limit gives the transition
// back (visit's ok false) and the batch's merge places it after growing.
type ctable struct {
	keys   []uint64
	stamps []uint32
	// limit is the most keys the table takes before it grows.
	limit int64
	// n is the number of states the search has taken (merged): the
	// search's state count, at most the keys stored (a bound may stop the
	// merge before the batch's last states).
	n int
	// used is on a cache line of its own: every key a worker inserts
	// writes it, and every visit reads the fields above.
	_ [64]byte
	// used counts the keys stored (with reservations being placed).
	used atomic.Int64
	_    [56]byte
}

func newCTable() *ctable {
	t := &ctable{}
	t.alloc(1 << 8)
	return t
}

func (t *ctable) alloc(c int) {
	t.keys = make([]uint64, c)
	t.stamps = make([]uint32, c)
	t.limit = int64(c) * 3 / 4
	writeTouch(t.keys)
	writeTouch(t.stamps)
}

// writeTouch writes (zero) one word of every memory page of a new slice
// (of at least a page) before anything reads it. A lookup that reads a
// page of a fresh allocation first maps the kernel's shared zero page,
// and the table's first write to that page must then copy it and flush
// the TLB of every other core the search runs on (an interrupt each);
// a write first just maps a page.
func writeTouch[T uint32 | uint64](s []T) {
	step := pageBytes / int(unsafe.Sizeof(s[0]))
	for i := 0; i < len(s); i += step {
		s[i] = 0
	}
}

// pageBytes is the smallest memory page size writeTouch assumes.
const pageBytes = 4096

// bytes is the table's memory: a key and a stamp per slot.
func (t *ctable) bytes() int64 { return int64(len(t.keys)) * 12 }

// stampTaken marks a state the search has taken.
const stampTaken = 1

// visit puts key k in the table with stamp st (≥ 2) unless a lower one is
// there. It returns k's slot and whether k is a state taken before the
// batch (old: visited). ok is false when the table is full: nothing was
// done, the caller visits again after grow. Safe for concurrent use
// during a batch.
func (t *ctable) visit(k uint64, st uint32) (slot int, old, ok bool) {
	k = fixKey(k)
	m := uint64(len(t.keys) - 1)
	for i := home(k, m); ; i = (i + 1) & m {
		cur := atomic.LoadUint64(&t.keys[i])
		if cur == 0 {
			if t.used.Add(1) > t.limit {
				t.used.Add(-1)
				return 0, false, false
			}
			if atomic.CompareAndSwapUint64(&t.keys[i], 0, k) {
				cur = k
			} else {
				t.used.Add(-1)
				cur = atomic.LoadUint64(&t.keys[i])
			}
		}
		if cur != k {
			continue
		}
		for {
			s := atomic.LoadUint32(&t.stamps[i])
			if s != 0 && s <= st {
				return int(i), s == stampTaken, true
			}
			if atomic.CompareAndSwapUint32(&t.stamps[i], s, st) {
				return int(i), false, true
			}
		}
	}
}

// lookup returns the slot of k, a key the table holds (no worker may run).
func (t *ctable) lookup(k uint64) int {
	k = fixKey(k)
	m := uint64(len(t.keys) - 1)
	i := home(k, m)
	for t.keys[i] != k {
		i = (i + 1) & m
	}
	return int(i)
}

// winner reports whether the transition with stamp st has the least
// stamp of the key at slot i, the one take will accept; no worker may
// visit meanwhile.
func (t *ctable) winner(i int, st uint32) bool { return t.stamps[i] == st }

// take marks the state at slot i taken when the transition with stamp st
// found it new (its least), and reports whether it did; no worker may
// run.
func (t *ctable) take(i int, st uint32) bool {
	if t.stamps[i] != st {
		return false
	}
	t.stamps[i] = stampTaken
	t.n++
	return true
}

// grow doubles the table; no worker may run.
func (t *ctable) grow() {
	keys, stamps := t.keys, t.stamps
	t.alloc(2 * len(keys))
	m := uint64(len(t.keys) - 1)
	for j, k := range keys {
		if k == 0 {
			continue
		}
		i := home(k, m)
		for t.keys[i] != 0 {
			i = (i + 1) & m
		}
		t.keys[i], t.stamps[i] = k, stamps[j]
	}
}

// full reports that the next key would pass the table's load limit.
func (t *ctable) full() bool { return t.used.Load() >= t.limit }

// Keys returns the keys of the states taken, sorted (not those a bound
// stopped the merge before).
func (t *ctable) Keys() []uint64 {
	out := make([]uint64, 0, t.n)
	for i, k := range t.keys {
		if k != 0 && t.stamps[i] == stampTaken {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// stampOf is the stamp of the transition at position pos of the enabled
// list of the batch's i-th state (i < bfsBatch): a transition before
// another in the sequential order has the lower stamp, and each is above
// stampTaken.
func stampOf(i, pos int) uint32 { return (uint32(i)<<16 | uint32(pos)) + 2 }
