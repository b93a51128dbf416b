package model

import (
	"slices"
	"sync/atomic"
)

// InsertID returns the sorted list ids with id added. ids itself is never
// modified: a list that changes is a new slice (states share lists, so a
// step must not write into one), and one that already holds id is
// returned as it is.
func InsertID(ids []ID, id ID) []ID {
	i, ok := slices.BinarySearch(ids, id)
	if ok {
		return ids
	}
	out := make([]ID, 0, len(ids)+1)
	out = append(out, ids[:i]...)
	out = append(out, id)
	return append(out, ids[i:]...)
}

// AppendID returns list with id appended, for an id list that grows by
// one id per hop (a ring election's tagged list): O(1) amortised per
// call where a copy would cost O(len(list)). list itself never changes
// (lists are shared between copies of a World, and between the Worlds of
// concurrent search workers). An array AppendID makes keeps, in its last
// slot, a mark: minus one more than the ids written into it so far. The
// next id goes into the array in place only when the mark says nobody has
// written past list's end yet, which one compare-and-swap of the mark
// settles (the one appender that wins owns the slot; only the mark is
// ever accessed by two goroutines at once); otherwise, or when list has
// no such mark and room, the ids are copied into a new marked array with
// room to grow.
//
// The arrays must be written past a list's length only by AppendID: pass
// it lists it returned, or lists without spare capacity (a literal, a
// full slice expression l[:n:n]), never a slice of a buffer its builder
// keeps appending to; and read a list only up to its length.
func AppendID(list []ID, id ID) []ID {
	n, c := len(list), cap(list)
	if n+1 < c {
		// Room for slot n below the mark in slot c-1.
		full := list[:c]
		if brokenAppendID {
			full[n] = id
			return full[:n+1]
		}
		if atomic.CompareAndSwapInt32((*int32)(&full[c-1]), -int32(n+1), -int32(n+2)) {
			full[n] = id
			return full[:n+1]
		}
	}
	c = max(2*(n+1), 8) + 1
	out := make([]ID, n+1, c)
	copy(out, list)
	out[n] = id
	out[:c][c-1] = ID(-(n + 2))
	return out
}

// brokenAppendID is a test hook (export_test.go): set, AppendID writes
// into a list's spare slot without claiming it (a broken claim).
var brokenAppendID bool

// RemoveID returns the sorted list ids without id, under InsertID's rule:
// ids is never modified.
func RemoveID(ids []ID, id ID) []ID {
	i, ok := slices.BinarySearch(ids, id)
	if !ok {
		return ids
	}
	out := make([]ID, 0, len(ids)-1)
	out = append(out, ids[:i]...)
	return append(out, ids[i+1:]...)
}

// IDsUpTo returns the ids 1..n in increasing order, in a new slice.
func IDsUpTo(n int) []ID {
	ids := make([]ID, n)
	for i := range ids {
		ids[i] = ID(i + 1)
	}
	return ids
}
