package claim

import (
	"testing"
)

// TestNCounted: the reading named live makes n the live processes; the
// others (and a variant too short to reach amb) keep every process.
func TestNCounted(t *testing.T) {
	p := Params{N: 7, Live: 5, Variant: []uint8{0, 1}}
	if got := p.NCounted(1, 1); got != 5 {
		t.Errorf("live reading: n = %d, want 5", got)
	}
	if got := p.NCounted(0, 1); got != 7 {
		t.Errorf("other reading: n = %d, want 7", got)
	}
	if got := p.NCounted(4, 1); got != 7 {
		t.Errorf("default reading: n = %d, want 7", got)
	}
}
