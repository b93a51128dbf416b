package model

import (
	"slices"
	"testing"
)

// TestRecipients: keep picks, in increasing order; notCrashed leaves out
// the processes crashed before the run (not the absent ones: keep
// decides); nothing kept is nil.
func TestRecipients(t *testing.T) {
	topo, err := NewTopology(Complete, []ID{4, 1, 3, 2})
	if err != nil {
		t.Fatal(err)
	}
	env := &Env{Self: 3, Topo: topo, Initial: []Status{Live, Crashed, Live, Absent}}
	others := func(id ID) bool { return id != env.Self }
	if got := env.Recipients(others, false); !slices.Equal(got, []ID{1, 2, 4}) {
		t.Errorf("every other: %v, want [1 2 4]", got)
	}
	if got := env.Recipients(others, true); !slices.Equal(got, []ID{2, 4}) {
		t.Errorf("not crashed: %v, want [2 4]", got)
	}
	if got := env.Recipients(func(ID) bool { return false }, true); got != nil {
		t.Errorf("none kept: %v, want nil", got)
	}
}
