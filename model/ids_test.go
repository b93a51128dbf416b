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

// TestParseIDsErrors: each bad element is named, with what is wrong with
// it (an id past the int32 range is out of range, not "not an integer"),
// and CountIDs counts what ParseIDs parses.
func TestParseIDsErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"3,99999999999,1", "process id 99999999999 is out of range (ids are 1..2147483647)"},
		{"-99999999999", "process id -99999999999 is out of range (ids are 1..2147483647)"},
		{"3,x", `process id "x" is not an integer`},
		{"1,,2", `process id "" is not an integer`},
		{"2,0", "process id 0 is not positive"},
	} {
		if _, err := ParseIDs(c.in); err == nil || err.Error() != c.want {
			t.Errorf("ParseIDs(%q): %v, want %s", c.in, err, c.want)
		}
	}
	for _, s := range []string{"", "  ", "7", "3, 1 ,2", "2147483647,1"} {
		ids, err := ParseIDs(s)
		if err != nil || len(ids) != CountIDs(s) {
			t.Errorf("ParseIDs(%q) = %v, %v; CountIDs %d", s, ids, err, CountIDs(s))
		}
	}
}

// TestSummarizeIDs: a short list is written in full; a long one as its
// range or its first and last few ids, with the count, never as a line
// proportional to the list.
func TestSummarizeIDs(t *testing.T) {
	seq := func(from, to int) []ID {
		var ids []ID
		for i := from; ; {
			ids = append(ids, ID(i))
			if i == to {
				return ids
			}
			if from < to {
				i++
			} else {
				i--
			}
		}
	}
	mixed := append(seq(1, 50000), seq(100000, 50001)...)
	for _, c := range []struct {
		ids  []ID
		want string
	}{
		{nil, ""},
		{[]ID{3, 1, 2}, "3,1,2"},
		{seq(1, 30), FormatIDs(seq(1, 30))},
		{seq(1, 100000), "1..100000 (100000 ids)"},
		{seq(100000, 1), "100000..1 (100000 ids)"},
		{mixed, "1,2,3,4,5,...,50005,50004,50003,50002,50001 (100000 ids)"},
	} {
		if got := SummarizeIDs(c.ids); got != c.want {
			t.Errorf("SummarizeIDs(%d ids) = %q, want %q", len(c.ids), got, c.want)
		}
	}
}
