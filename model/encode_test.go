package model

import "testing"

func TestEncodeHelpers(t *testing.T) {
	if got := Flags(true, false, true, true); got != 0b1101 {
		t.Errorf("Flags = %b, want 1101", got)
	}
	if got := string(AppendInts([]byte("x"), ',', 3, -1)); got != "x3,-1," {
		t.Errorf("AppendInts = %q", got)
	}
	if got := string(AppendIDs(nil, ' ', []ID{7, 2})); got != "7 2 " {
		t.Errorf("AppendIDs = %q", got)
	}
}

func TestNearest(t *testing.T) {
	topo, err := NewTopology(UniRing, []ID{4, 1, 3, 2})
	if err != nil {
		t.Fatal(err)
	}
	odd := func(j int) bool { return topo.Order[j]%2 == 1 }
	if got := topo.Nearest(0, 0, odd); got != 1 {
		t.Errorf("Nearest clockwise from 4 = %d, want 1", got)
	}
	if got := topo.Nearest(0, 1, odd); got != 3 {
		t.Errorf("Nearest anticlockwise from 4 = %d, want 3", got)
	}
	if got := topo.Nearest(1, 0, func(int) bool { return false }); got != 1 {
		t.Errorf("Nearest with none = %d, want the start 1", got)
	}
}
