package model_test

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// TestSimPoll: the simulator's poll (SetPoll) is called every 65536
// events; true stops the run, unfinished, Interrupted; a poll that never
// says so changes nothing.
func TestSimPoll(t *testing.T) {
	full := floodSim(t, 400, model.Async).Run(0)
	if !full.Quiescent || full.Events < 2<<16 {
		t.Fatalf("the test needs a finished run of more than %d events: %d, quiescent %v", 2<<16, full.Events, full.Quiescent)
	}
	s := floodSim(t, 400, model.Async)
	calls := 0
	s.SetPoll(func(int64) bool { calls++; return false })
	if res := s.Run(0); res.Events != full.Events || !res.Quiescent || res.Interrupted || res.Counts.Sends != full.Counts.Sends || calls == 0 {
		t.Errorf("a poll that never stops (called %d times) changed the run: %d events, quiescent %v, interrupted %v", calls, res.Events, res.Quiescent, res.Interrupted)
	}
	s = floodSim(t, 400, model.Async)
	s.SetPoll(func(int64) bool { return true })
	if res := s.Run(0); res.Quiescent || !res.Interrupted || res.Capped != "interrupted" || res.Events >= full.Events {
		t.Errorf("a poll that stops: %d of %d events, quiescent %v, interrupted %v, capped %q", res.Events, full.Events, res.Quiescent, res.Interrupted, res.Capped)
	}
}
