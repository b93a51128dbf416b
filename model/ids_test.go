package model

import (
	"slices"
	"testing"
)

// InsertID and RemoveID keep the list sorted and never write into the
// list they are given.
func TestInsertRemoveIDCopyOnWrite(t *testing.T) {
	base := []ID{2, 5, 9}
	keep := slices.Clone(base)
	for _, c := range []struct {
		got, want []ID
	}{
		{InsertID(base, 1), []ID{1, 2, 5, 9}},
		{InsertID(base, 6), []ID{2, 5, 6, 9}},
		{InsertID(base, 10), []ID{2, 5, 9, 10}},
		{InsertID(base, 5), []ID{2, 5, 9}},
		{InsertID(nil, 3), []ID{3}},
		{RemoveID(base, 5), []ID{2, 9}},
		{RemoveID(base, 4), []ID{2, 5, 9}},
		{RemoveID([]ID{7}, 7), []ID{}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("got %v, want %v", c.got, c.want)
		}
	}
	if !slices.Equal(base, keep) {
		t.Errorf("the input list was modified: %v", base)
	}
}
