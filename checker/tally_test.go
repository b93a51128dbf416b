package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/tally"
	"github.com/electlab/electlab/model"
)

// Execute tallies each execution and its events (internal/tally, which
// BenchmarkClaimsReport reports): a run to quiescence adds its events to
// the events, a run stopped at its step cap to the unfinished events too.
func TestExecuteTally(t *testing.T) {
	cfg := &model.Config{Algo: "changroberts", IDs: []model.ID{3, 1, 4, 2}, Timing: model.Async, Net: model.FIFO}
	s0, err := changroberts.Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tally.Reset()
	done := checker.Execute(s0, checker.NewRandom(1, checker.Uniform), checker.Checks{}, checker.Options{})
	capped := checker.Execute(s0, checker.NewRandom(1, checker.Uniform), checker.Checks{}, checker.Options{MaxSteps: 3})
	if !done.Quiescent || capped.Quiescent || len(capped.Events) != 3 {
		t.Fatalf("the runs: quiescent %v after %d events, %v after %d; want a finished run and one capped at 3", done.Quiescent, len(done.Events), capped.Quiescent, len(capped.Events))
	}
	want := tally.Counts{Executions: 2, Events: int64(len(done.Events) + 3), Unfinished: 3}
	if got := tally.Read(); got != want {
		t.Errorf("tally %+v, want %+v", got, want)
	}
}
