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
// concurrent search workers): id goes into list's spare capacity only
// when that slot is still zero or already holds id, which the first
// appender settles with compare-and-swap, so every list over one array
// reads the same ids up to its own length. Otherwise (no room, another id
// in the slot, or id not positive) the list is copied into a new array
// with room to grow, whose spare slots are zero.
//
// The arrays must be written past a list's length only by AppendID: pass
// it lists it returned, or lists without spare capacity (a literal, a
// full slice expression l[:n:n]), never a slice of a buffer its builder
// keeps appending to.
func AppendID(list []ID, id ID) []ID {
	n := len(list)
	if n < cap(list) && id > 0 {
		if brokenAppendID {
			list = list[:n+1]
			list[n] = id
			return list
		}
		slot := (*int32)(&list[:n+1][n])
		if atomic.CompareAndSwapInt32(slot, 0, int32(id)) || atomic.LoadInt32(slot) == int32(id) {
			return list[:n+1]
		}
	}
	out := make([]ID, n+1, max(2*(n+1), 8))
	copy(out, list)
	out[n] = id
	return out
}

// brokenAppendID is a test hook (export_test.go): set, AppendID writes
// into a list's spare slot whatever it holds (a broken claim).
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
