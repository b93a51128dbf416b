package render

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/model"
)

// TestCycleLine: the cycles line claims that every execution ends
// only after a complete search that looked for cycles (a breadth-first
// search only with its livelock search), and names the livelocks it
// lists.
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
		// A breadth-first search without termination never looked for a
		// cycle: it says so, not that every execution ends.
		{ExploreReport{Complete: true, Search: ExploreSearch{Order: "bfs", Props: "single-coordinator,agreement"}}, "not looked for"},
		{ExploreReport{Complete: true, Search: ExploreSearch{Order: "bfs", Props: "none"}}, "not looked for"},
		{ExploreReport{Complete: true, Search: ExploreSearch{Order: "bfs", Props: "all"}}, "none (every execution ends)"},
	} {
		if got := CycleLine(&tc.r); !strings.Contains(got, tc.want) {
			t.Errorf("%+v: %q, want %q", tc.r, got, tc.want)
		}
	}
}

// TestLongIDListsSummarised: run's and explore's summaries show a long id
// list as a range or its ends with the count, not one line of every id
// (explore -n 100000 printed 588,921 characters).
func TestLongIDListsSummarised(t *testing.T) {
	ids := model.IDsUpTo(100000)
	var b strings.Builder
	PrintExplore(&b, "", &ExploreReport{N: len(ids), IDs: ids, Options: Options{Initiators: ids[:50000]}})
	PrintRun(&b, &RunReport{N: len(ids), IDs: ids, Options: Options{Crashed: ids[1:60000]}})
	for _, want := range []string{"processes    n=100000, ids 1..100000 (100000 ids)\n", "initiators=1..50000 (50000 ids)", "crashed=2..60000 (59999 ids)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in:\n%s", want, b.String())
		}
	}
	for _, l := range strings.Split(b.String(), "\n") {
		if len(l) > 300 {
			t.Errorf("a line of %d characters: %.100s...", len(l), l)
		}
	}
}
