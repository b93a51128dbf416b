package explore

import (
	"slices"

	"github.com/electlab/electlab/internal/statehash"
)

// The explorer's state hashes (package statehash): hashBytes of an
// encoded state, hashInt32s of per-process counters, combine.
func hashBytes(b []byte) uint64    { return statehash.Bytes(b) }
func hashInt32s(vs []int32) uint64 { return statehash.Int32s(vs) }
func combine(a, b uint64) uint64   { return statehash.Combine(a, b) }

// table is an open-addressing hash table from 64-bit state keys to a 64-bit
// value (the state's stored sleep set) and, when aux is used, a 32-bit
// number. A key and its value share a slot, so that a lookup that finds
// its state reads one cache line. It is never iterated for results except
// by Keys, which sorts. Key 0 is reserved for empty slots (a key that
// hashes to 0 is stored as 1).
//
// A table that never stores a value (a search without reduction has no
// sleep sets) holds the keys alone (keys instead of slots): half the
// memory, and twice the keys per cache line.
type table struct {
	slots []slot
	keys  []uint64
	aux   []int32
	n     int
	// useAux keeps the aux array; keysOnly keeps keys instead of slots.
	useAux, keysOnly bool
}

// slot is one entry of a table: key 0 when empty.
type slot struct {
	key, val uint64
}

func newTable(useAux bool) *table {
	t := &table{useAux: useAux}
	t.alloc(1 << 8)
	return t
}

// newKeyTable is newTable for a table whose values are all 0.
func newKeyTable(useAux bool) *table {
	t := &table{useAux: useAux, keysOnly: true}
	t.alloc(1 << 8)
	return t
}

func (t *table) alloc(c int) {
	if t.keysOnly {
		t.keys = make([]uint64, c)
	} else {
		t.slots = make([]slot, c)
	}
	if t.useAux {
		t.aux = make([]int32, c)
	}
}

// size is the number of slots.
func (t *table) size() int { return max(len(t.slots), len(t.keys)) }

// val returns the value at slot i; setVal changes it.
func (t *table) val(i int) uint64 {
	if t.keysOnly {
		return 0
	}
	return t.slots[i].val
}

func (t *table) setVal(i int, v uint64) {
	if t.keysOnly {
		if v != 0 {
			panic("explore: a value stored in a table of keys only")
		}
		return
	}
	t.slots[i].val = v
}

// home is the slot where the probe for k starts in a table of m+1 slots
// (m+1 a power of 2): k times 2⁶⁴/φ (multiplicative hashing), bits 7 up,
// masked to the table.
func home(k, m uint64) uint64 { return (k * 0x9E3779B97F4A7C15 >> 7) & m }

func fixKey(k uint64) uint64 {
	if k == 0 {
		return 1
	}
	return k
}

// find returns the slot of k and whether it holds k (else the empty slot
// where k would go).
func (t *table) find(k uint64) (int, bool) {
	k = fixKey(k)
	if t.keysOnly {
		return probe(t.keys, k, func(key uint64) uint64 { return key })
	}
	return probe(t.slots, k, func(sl slot) uint64 { return sl.key })
}

// probe is find over the entries es of either layout, key reading an
// entry's key (0 when empty): linear probing from k's home slot.
func probe[E any](es []E, k uint64, key func(E) uint64) (int, bool) {
	m := uint64(len(es) - 1)
	for i := home(k, m); ; i = (i + 1) & m {
		switch key(es[i]) {
		case k:
			return int(i), true
		case 0:
			return int(i), false
		}
	}
}

// insert stores k at the empty slot i returned by find and returns k's slot
// (which changes when the table grows).
func (t *table) insert(i int, k, v uint64, aux int32) int {
	k = fixKey(k)
	if t.keysOnly {
		if v != 0 {
			panic("explore: a value stored in a table of keys only")
		}
		t.keys[i] = k
	} else {
		t.slots[i] = slot{k, v}
	}
	if t.useAux {
		t.aux[i] = aux
	}
	t.n++
	if t.n*4 >= t.size()*3 {
		t.grow()
		i, _ = t.find(k)
	}
	return i
}

func (t *table) grow() {
	if t.keysOnly {
		keys, aux := t.keys, t.aux
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
			t.keys[i] = k
			if t.useAux {
				t.aux[i] = aux[j]
			}
		}
		return
	}
	slots, aux := t.slots, t.aux
	t.alloc(2 * len(slots))
	m := uint64(len(t.slots) - 1)
	for j, sl := range slots {
		if sl.key == 0 {
			continue
		}
		i := home(sl.key, m)
		for t.slots[i].key != 0 {
			i = (i + 1) & m
		}
		t.slots[i] = sl
		if t.useAux {
			t.aux[i] = aux[j]
		}
	}
}

// bytes is the table's memory.
func (t *table) bytes() int64 {
	per := int64(16)
	if t.keysOnly {
		per = 8
	}
	if t.useAux {
		per += 4
	}
	return int64(t.size()) * per
}

// Keys returns the stored keys, sorted.
func (t *table) Keys() []uint64 {
	out := make([]uint64, 0, t.n)
	for _, sl := range t.slots {
		if sl.key != 0 {
			out = append(out, sl.key)
		}
	}
	for _, k := range t.keys {
		if k != 0 {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
