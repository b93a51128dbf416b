package checker_test

import (
	"slices"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// quickRuns executes random schedules of FIFO rings where every process
// initiates (every strategy, staggered or not, several seeds) and returns
// their events, one execution after another.
func quickRuns(t *testing.T) []model.Event {
	var all []model.Event
	for seed := range uint64(6) {
		for _, st := range []checker.Strategy{checker.Uniform, checker.Newest, checker.Oldest} {
			for _, staggered := range []bool{false, true} {
				for _, cfg := range []*model.Config{
					{Algo: "changroberts", IDs: []model.ID{5, 3, 8, 1, 7, 2, 6, 4}},
					// The first detection only: crashes, sync timing.
					{Algo: "changroberts", IDs: []model.ID{5, 3, 8, 1, 7, 2, 6, 4}, CrashBudget: 2},
					{Algo: "changroberts", IDs: []model.ID{5, 3, 8, 1, 7, 2, 6, 4}, Timing: model.Sync},
				} {
					s0, err := changroberts.Algorithm.NewSystem(cfg)
					if err != nil {
						t.Fatal(err)
					}
					r := checker.NewRandom(seed, st)
					r.Staggered = staggered
					x := checker.Execute(s0, r, checker.Checks{}, checker.Options{MaxSteps: 200, FairAfter: 30})
					all = append(all, x.Events...)
					all = append(all, model.Event{}) // a separator
				}
			}
		}
	}
	return all
}

// TestRandomQuickSameExecutions: Execute's random phase through the
// World's shortcut (chooseQuick) takes the same events as by listing the
// enabled events at every step; a shortcut that skips a draw does not
// (the comparison can fail).
func TestRandomQuickSameExecutions(t *testing.T) {
	quick := quickRuns(t)
	checker.SetQuickHook(1)
	listed := quickRuns(t)
	checker.SetQuickHook(2)
	broken := quickRuns(t)
	checker.SetQuickHook(0)
	if !slices.Equal(quick, listed) {
		t.Errorf("the shortcut's executions differ from the listed ones")
	}
	if slices.Equal(broken, listed) {
		t.Errorf("a shortcut that skips a draw gives the same executions: the comparison cannot fail")
	}
}
