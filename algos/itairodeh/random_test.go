package itairodeh

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// TestRandomRuns: beyond the sizes of the exact analysis, seeded random
// schedules (randomRunProblem) end with one leader that every process
// names: Sync at N = 8, 10 and Async at N = 8, 12.
func TestRandomRuns(t *testing.T) {
	for _, n := range []int{8, 10} {
		if err := randomRunProblem(newWorld(t, Sync, n, 3, model.Sync)); err != nil {
			t.Errorf("sync n=%d k=3: %v", n, err)
		}
	}
	for _, n := range []int{8, 12} {
		if err := randomRunProblem(newWorld(t, Async, n, 2, model.Async)); err != nil {
			t.Errorf("async n=%d k=2: %v", n, err)
		}
	}
}

// TestRandomRunsCatchGiveUp: the broken Async (a tie makes a process
// inactive) ends some random run with no leader, and randomRunProblem
// reports it.
func TestRandomRunsCatchGiveUp(t *testing.T) {
	if err := randomRunProblem(newWorld(t, asyncAlg(true), 3, 2, model.Async)); err == nil {
		t.Error("the broken election passes every random run")
	}
}

// randomRunProblem runs s0 under 20 seeds of the uniform and of the
// newest-first random schedules, with starts interleaved with everything
// else (so a round or a delivery may come before a process has started)
// and the coins drawn from the seeded source, and returns the first run
// that is not quiescent with one leader every process names (prob.Elected)
// or that violates Safety (two coordinators at once), Agreement or
// Termination.
func randomRunProblem(s0 model.System) error {
	for seed := uint64(1); seed <= 20; seed++ {
		for _, st := range []checker.Strategy{checker.Uniform, checker.Newest} {
			ch := checker.NewRandom(seed, st)
			ch.Staggered = true
			x := checker.Execute(s0, ch, checker.Checks{Props: model.Safety | model.Agreement | model.Termination}, checker.Options{})
			if x.Violation != nil || !x.Quiescent || !prob.Elected(x.Final) || len(x.Events) < s0.N() {
				return fmt.Errorf("seed %d strategy %d: violation %v, quiescent %v, elected %v, %d events %s", seed, st, x.Violation, x.Quiescent, prob.Elected(x.Final), len(x.Events), x.CapReason)
			}
		}
	}
	return nil
}
