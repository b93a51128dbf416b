// Package model is electlab's explicit network model: process ids, messages,
// channels, topologies, faults, timers, the global World and its events, and
// exact message accounting.
//
// Everything here is deterministic: there are no goroutines, no wall clocks,
// no random sources and no map iteration. An algorithm is a pure step
// function (see Algorithm); the model owns every effect of its outputs.
package model

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ID is a process identifier. It is also the process's priority: a higher ID
// wins in max-id algorithms. Valid IDs are positive; 0 means "none".
type ID int32

// None is the zero ID, meaning "no process".
const None ID = 0

// TopologyKind names the shape of the network an algorithm runs on.
type TopologyKind uint8

const (
	// UniRing is a unidirectional ring. Process i sends to process i+1
	// (mod n) in the order of Topology.Order.
	UniRing TopologyKind = iota
	// BiRing is a bidirectional ring. The order of Topology.Order is the
	// clockwise direction.
	BiRing
	// Complete is a complete graph: every process can send to every other.
	Complete
)

var topologyNames = [...]string{UniRing: "uniring", BiRing: "biring", Complete: "complete"}

// String returns the topology's flag name.
func (k TopologyKind) String() string {
	if int(k) < len(topologyNames) {
		return topologyNames[k]
	}
	return "topology(" + strconv.Itoa(int(k)) + ")"
}

// Topology is the static arrangement of processes. It is immutable once
// built and shared by every World and Env derived from one Config.
type Topology struct {
	// Kind is the shape of the network.
	Kind TopologyKind
	// Order lists the process IDs by index. For rings it is the direction
	// messages travel (clockwise for BiRing): Order[i] sends to Order[i+1].
	Order []ID
	// dense maps an ID to its index+1 when IDs are small; nil otherwise.
	dense []int32
	// sparse maps an ID to its index when IDs are large.
	sparse map[ID]int32
	// sorted holds the IDs in increasing order.
	sorted []ID
}

// NewTopology validates ids (positive, distinct, at least two) and builds
// the topology. The error names the offending value.
func NewTopology(kind TopologyKind, ids []ID) (*Topology, error) {
	return newTopologyInto(kind, ids, nil)
}

// newTopologyInto is NewTopology reusing the storage of into, a topology
// nothing uses any more, when it is not nil (into is then the result,
// or garbage on an error).
func newTopologyInto(kind TopologyKind, ids []ID, into *Topology) (*Topology, error) {
	if len(ids) < 2 {
		return nil, fmt.Errorf("need at least 2 processes, got %d", len(ids))
	}
	// Order and sorted share one allocation (each capped at its end).
	n := len(ids)
	var t *Topology
	if into != nil && cap(into.Order) >= n && cap(into.sorted) >= n {
		*into = Topology{Kind: kind, Order: into.Order[:n:n], sorted: into.sorted[:n], dense: into.dense, sparse: into.sparse}
		t = into
	} else {
		both := make([]ID, 2*n)
		t = &Topology{Kind: kind, Order: both[:n:n], sorted: both[n:]}
		if into != nil {
			t.dense, t.sparse = into.dense, into.sparse
		}
	}
	copy(t.Order, ids)
	max := ID(0)
	for _, id := range ids {
		if id <= 0 {
			return nil, fmt.Errorf("process id %d is not positive", id)
		}
		if id > max {
			max = id
		}
	}
	if int64(max) <= 4*int64(len(ids))+64 {
		t.dense, t.sparse = resize(t.dense, int(max)+1), nil
	} else {
		if t.sparse == nil {
			t.sparse = make(map[ID]int32, len(ids))
		} else {
			clear(t.sparse)
		}
		t.dense = nil
	}
	for i, id := range ids {
		if t.IndexOf(id) >= 0 {
			return nil, fmt.Errorf("duplicate process id %d", id)
		}
		if t.dense != nil {
			t.dense[id] = int32(i) + 1
		} else {
			t.sparse[id] = int32(i)
		}
	}
	if t.dense != nil {
		// The ids in increasing order are the dense table's members, in
		// its order: no sort (a permutation of 1..n is read off at once).
		k := 0
		for id, at := range t.dense {
			if at != 0 {
				t.sorted[k] = ID(id)
				k++
			}
		}
	} else {
		copy(t.sorted, ids)
		sortIDs(t.sorted)
	}
	return t, nil
}

// N is the number of processes (ring positions), alive or not.
func (t *Topology) N() int { return len(t.Order) }

// IndexOf returns the index of id, or -1 when id is not a member.
func (t *Topology) IndexOf(id ID) int {
	if t.dense != nil {
		if id <= 0 || int(id) >= len(t.dense) {
			return -1
		}
		return int(t.dense[id]) - 1
	}
	if i, ok := t.sparse[id]; ok {
		return int(i)
	}
	return -1
}

// Next returns the index after i in ring order.
func (t *Topology) Next(i int) int {
	if i+1 == len(t.Order) {
		return 0
	}
	return i + 1
}

// Prev returns the index before i in ring order.
func (t *Topology) Prev(i int) int {
	if i == 0 {
		return len(t.Order) - 1
	}
	return i - 1
}

// Nearest walks the ring from index i, in ring order when dir is 0 and
// against it otherwise, and returns the id of the first process j (i
// itself last) for which ok(j) holds; when none does, the id at i.
func (t *Topology) Nearest(i, dir int, ok func(j int) bool) ID {
	for range t.N() {
		if dir == 0 {
			i = t.Next(i)
		} else {
			i = t.Prev(i)
		}
		if ok(i) {
			return t.Order[i]
		}
	}
	return t.Order[i]
}

// Sorted returns the member IDs in increasing order. The slice is shared:
// callers must not modify it.
func (t *Topology) Sorted() []ID { return t.sorted }

// Max returns the highest member ID.
func (t *Topology) Max() ID { return t.sorted[len(t.sorted)-1] }

// Min returns the lowest member ID.
func (t *Topology) Min() ID { return t.sorted[0] }

// sortIDs sorts ids in increasing order (insertion sort for short slices,
// a heap sort otherwise; no dependence on anything but the values).
func sortIDs(ids []ID) {
	if len(ids) < 32 {
		for i := 1; i < len(ids); i++ {
			for j := i; j > 0 && ids[j] < ids[j-1]; j-- {
				ids[j], ids[j-1] = ids[j-1], ids[j]
			}
		}
		return
	}
	n := len(ids)
	down := func(i, n int) {
		for {
			c := 2*i + 1
			if c >= n {
				return
			}
			if c+1 < n && ids[c+1] > ids[c] {
				c++
			}
			if ids[i] >= ids[c] {
				return
			}
			ids[i], ids[c] = ids[c], ids[i]
			i = c
		}
	}
	for i := n/2 - 1; i >= 0; i-- {
		down(i, n)
	}
	for end := n - 1; end > 0; end-- {
		ids[0], ids[end] = ids[end], ids[0]
		down(0, end)
	}
}

// ParseIDs parses a comma-separated list of process IDs such as "3,1,2".
// The error names the offending element. It allocates only the list
// (CountIDs entries), not one string per element.
func ParseIDs(s string) ([]ID, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	ids := make([]ID, 0, CountIDs(s))
	for p := range strings.SplitSeq(s, ",") {
		p = strings.TrimSpace(p)
		v, err := strconv.ParseInt(p, 10, 32)
		if errors.Is(err, strconv.ErrRange) {
			return nil, fmt.Errorf("process id %s is out of range (ids are 1..2147483647)", p)
		}
		if err != nil {
			return nil, fmt.Errorf("process id %q is not an integer", p)
		}
		if v <= 0 {
			return nil, fmt.Errorf("process id %d is not positive", v)
		}
		ids = append(ids, ID(v))
	}
	return ids, nil
}

// CountIDs is the number of entries of the list s that ParseIDs parses
// (0 for a blank s), counted without parsing or allocating: a command
// estimates its memory from it before it builds the list.
func CountIDs(s string) int {
	if strings.TrimSpace(s) == "" {
		return 0
	}
	return strings.Count(s, ",") + 1
}

// FormatIDs renders ids as "3,1,2".
func FormatIDs(ids []ID) string {
	var b strings.Builder
	writeIDs(&b, ids, math.MaxInt)
	return b.String()
}

// writeIDs writes ids to b as FormatIDs renders them, stopping after the
// first id that takes b past limit characters.
func writeIDs(b *strings.Builder, ids []ID, limit int) {
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(id)))
		if b.Len() > limit {
			return
		}
	}
}

// idsShown is the longest id list, in characters, that SummarizeIDs
// writes in full.
const idsShown = 120

// SummarizeIDs renders ids for a person: as FormatIDs when that takes at
// most 120 characters; else, when they are consecutive (ascending or
// descending), as the range and the count, "1..100000 (100000 ids)";
// else as the first and the last few and the count, "7,3,9,...,2,8
// (100000 ids)". It takes time and memory proportional to the ids shown,
// not to the list (beyond one pass over it).
func SummarizeIDs(ids []ID) string {
	var b strings.Builder
	writeIDs(&b, ids, idsShown)
	if b.Len() <= idsShown {
		return b.String()
	}
	n := len(ids)
	if step := ids[1] - ids[0]; step == 1 || step == -1 {
		run := true
		for i := 2; i < n && run; i++ {
			run = ids[i]-ids[i-1] == step
		}
		if run {
			return fmt.Sprintf("%d..%d (%d ids)", ids[0], ids[n-1], n)
		}
	}
	const few = 5
	return fmt.Sprintf("%s,...,%s (%d ids)", FormatIDs(ids[:few]), FormatIDs(ids[n-few:]), n)
}
