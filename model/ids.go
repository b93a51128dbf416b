package model

import "slices"

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
