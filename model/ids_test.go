package model

import (
	"fmt"
	"slices"
	"sync"
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

// TestAppendID: a list AppendID returned never changes, whatever is
// appended to it or to the lists sharing its array afterwards, by one
// goroutine or several at once; a chain of appends fills one array; a
// writer that ignores the array's mark is caught.
func TestAppendID(t *testing.T) {
	if err := appendIDErr(true); err != nil {
		t.Fatal(err)
	}
	// Sequential only: a broken writer would race.
	BreakAppendID(true)
	err := appendIDErr(false)
	BreakAppendID(false)
	if err == nil {
		t.Fatal("an AppendID that writes past a list without claiming the slot was not caught")
	}
}

// appendIDErr is TestAppendID's check: the first list that differs from
// what it was built as, or nil; with concurrent, goroutines append too.
func appendIDErr(concurrent bool) error {
	type built struct {
		got, want []ID
	}
	var all []built
	add := func(got []ID, want ...ID) []ID {
		all = append(all, built{got, want})
		return got
	}
	a := add([]ID{1}, 1)
	b := add(AppendID(a, 2), 1, 2)
	c := add(AppendID(b, 3), 1, 2, 3)
	add(AppendID(b, 4), 1, 2, 4)
	e := add(AppendID(b, 3), 1, 2, 3)
	add(AppendID(c, 5), 1, 2, 3, 5)
	add(AppendID(e, 6), 1, 2, 3, 6)
	add(AppendID(b[:1], 7), 1, 7)
	add(AppendID(nil, 8), 8)
	long := b
	for k := range 40 {
		long = AppendID(long, ID(10+k))
	}
	add(long[:3], 1, 2, 10)
	if &c[0] != &b[0] {
		return fmt.Errorf("appending to a fresh list %v copied it", b)
	}
	// Goroutines appending different ids to one list at once (run it
	// under -race too): each gets its own id last, and nothing else moves.
	base := AppendID(AppendID([]ID{9}, 10), 11)
	var mu sync.Mutex
	var wg sync.WaitGroup
	goroutines := 0
	if concurrent {
		goroutines = 8
	}
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 200 {
				id := ID(100 + g*1000 + k%3)
				l := AppendID(base, id)
				l2 := AppendID(l, id+1)
				mu.Lock()
				add(l, 9, 10, 11, id)
				add(l2, 9, 10, 11, id, id+1)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	add(base, 9, 10, 11)
	for _, x := range all {
		if !slices.Equal(x.got, x.want) {
			return fmt.Errorf("a list built as %v now reads %v", x.want, x.got)
		}
	}
	return nil
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
