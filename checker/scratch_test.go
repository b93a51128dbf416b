package checker_test

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// scratchRuns executes random schedules of several algorithms and
// configurations (crashes, livelocks that the fair continuation proves,
// sync rounds, each start run three times in a row as the claims engine
// runs a configuration's cases), all given sc when it is not nil, and
// returns a record of each run: its events, end state, counts and
// outcome.
func scratchRuns(t *testing.T, sc *checker.Scratch) []string {
	configs := []*model.Config{
		{Algo: "changroberts", IDs: []model.ID{5, 3, 8, 1, 7, 2}},
		{Algo: "lelann", IDs: []model.ID{4, 1, 2, 3}, Initiators: []model.ID{4, 1, 3}, Forwarding: true, CrashBudget: 1},
		{Algo: "bully", IDs: []model.ID{1, 2, 3, 4, 5}, Crashed: []model.ID{5}, CrashBudget: 1},
		{Algo: "changroberts", IDs: []model.ID{5, 3, 8, 1, 7, 2}, Timing: model.Sync},
		{Algo: "lelann", IDs: []model.ID{4, 1, 3, 2}, CrashBudget: 1},
	}
	var out []string
	for seed := range uint64(4) {
		for _, cfg := range configs {
			spec, err := algos.Registry().Lookup(cfg.Algo)
			if err != nil {
				t.Fatal(err)
			}
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for k, st := range []checker.Strategy{checker.Oldest, checker.Newest, checker.Uniform} {
				x := checker.Execute(s0, checker.NewRandom(seed*3+uint64(k), st), checker.Checks{}, checker.Options{MaxSteps: 3000, FairAfter: 400, Scratch: sc})
				c := x.Final.Counts()
				out = append(out, fmt.Sprintf("%s seed %d %d: %v | %x | %d %d %d | quiescent %v livelock %q capped %v",
					cfg, seed, k, x.Events, x.Final.Encode(nil), c.Sends, c.Transmissions, c.Deliveries, x.Quiescent, x.Livelock, x.Capped))
			}
		}
	}
	return out
}

// TestScratchReuse: runs given one Scratch (whose Final World the next
// run's copy of its start reuses, queue arrays included) are the runs
// without it, event for event and state for state; a reuse that starts
// from the last run's end instead of a copy of the start
// (checker.BreakScratchFinal) is caught.
func TestScratchReuse(t *testing.T) {
	want := scratchRuns(t, nil)
	got := scratchRuns(t, &checker.Scratch{})
	if len(got) != len(want) {
		t.Fatalf("%d runs with a Scratch, %d without", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("run %d with a Scratch:\n%s\nwithout:\n%s", i, got[i], want[i])
		}
	}
	checker.BreakScratchFinal(true)
	broken := scratchRuns(t, &checker.Scratch{})
	checker.BreakScratchFinal(false)
	same := true
	for i := range want {
		if broken[i] != want[i] {
			same = false
			break
		}
	}
	if same {
		t.Error("a Scratch whose runs start from the last run's end gives the same runs: the comparison cannot fail")
	}
}
