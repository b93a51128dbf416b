package render

import (
	"strings"
	"testing"
)

// TestCycleLine: the cycles line claims that every execution ends
// only after a complete search, and names the livelocks it lists.
func TestCycleLine(t *testing.T) {
	for _, tc := range []struct {
		r    ExploreReport
		want string
	}{
		{ExploreReport{Complete: true}, "none (every execution ends)"},
		{ExploreReport{Incomplete: "max-states 55"}, "none in the states explored (search incomplete"},
		{ExploreReport{Complete: true, Cycle: true}, "none is fair: no livelock"},
		{ExploreReport{Complete: true, Cycle: true, Search: ExploreSearch{Props: "all"}}, "none is fair: no livelock"},
		{ExploreReport{Complete: true, Cycle: true, Search: ExploreSearch{Props: "single-coordinator,validity"}}, "livelocks not checked"},
		{ExploreReport{Incomplete: "max-mem 1KiB", Cycle: true}, "no fair livelock found before the search was cut"},
		{ExploreReport{Complete: true, Cycle: true, Violations: []ExploreViolation{{CycleStart: 2}, {CycleStart: -1}}}, "1 fair livelock(s), listed below"},
	} {
		if got := CycleLine(&tc.r); !strings.Contains(got, tc.want) {
			t.Errorf("%+v: %q, want %q", tc.r, got, tc.want)
		}
	}
}
