package explore

import (
	"testing"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/model"
)

// TestStop: Options.Stop cuts the search as a bound does, "interrupted"
// (in the main search, and in the livelock search when it says so only
// there); a Stop that never says so changes nothing.
func TestStop(t *testing.T) {
	s0, err := bully.Algorithm.NewSystem(&model.Config{Algo: "bully", IDs: []model.ID{3, 1, 4, 2}})
	if err != nil {
		t.Fatal(err)
	}
	full := Explore(s0, Options{})
	if !full.Complete() || full.Transitions < 2*progressTicks {
		t.Fatalf("the test needs a complete search of at least %d transitions: %d, incomplete %q", 2*progressTicks, full.Transitions, full.Incomplete)
	}
	polls := 0
	same := Explore(s0, Options{Stop: func() bool { polls++; return false }})
	if polls == 0 || same.States != full.States || same.Transitions != full.Transitions || same.Verdict() != full.Verdict() {
		t.Errorf("a Stop that never stops (polled %d times) changed the search: %d states, %d transitions, %q; want %d, %d, %q",
			polls, same.States, same.Transitions, same.Verdict(), full.States, full.Transitions, full.Verdict())
	}
	stopped := Explore(s0, Options{Stop: func() bool { return true }})
	if stopped.Incomplete != Interrupted || stopped.Complete() || stopped.States >= full.States {
		t.Errorf("Stop: incomplete %q, %d of %d states", stopped.Incomplete, stopped.States, full.States)
	}
}
