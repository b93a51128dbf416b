package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// TestExecutePoll: Options.Poll is asked after every event, before the
// next is chosen; true stops the run there, unfinished and Interrupted (not a
// verdict: no termination violation), and a Poll that never says so
// changes nothing.
func TestExecutePoll(t *testing.T) {
	s0, err := lelann.Algorithm.NewSystem(&model.Config{Algo: "lelann", IDs: model.IDsUpTo(8), Forwarding: true})
	if err != nil {
		t.Fatal(err)
	}
	full := checker.Execute(s0, checker.FIFO{}, allProps, checker.Options{})
	if !full.Quiescent || len(full.Events) < 20 {
		t.Fatalf("the test needs a finished run of 20 events or more: %d, quiescent %v", len(full.Events), full.Quiescent)
	}
	var asked []int
	same := checker.Execute(s0, checker.FIFO{}, allProps, checker.Options{Poll: func(ev int) bool { asked = append(asked, ev); return false }})
	if len(same.Events) != len(full.Events) || same.Interrupted || same.Capped || !same.Quiescent {
		t.Errorf("a Poll that never stops changed the run: %d events (want %d), interrupted %v, capped %q", len(same.Events), len(full.Events), same.Interrupted, same.CapReason)
	}
	if len(asked) != len(full.Events) || asked[0] != 1 {
		t.Errorf("Poll asked %d times (first at %v), want after each of the %d events", len(asked), asked[:min(1, len(asked))], len(full.Events))
	}
	x := checker.Execute(s0, checker.FIFO{}, allProps, checker.Options{Poll: func(ev int) bool { return ev == 7 }})
	if len(x.Events) != 7 || !x.Interrupted || !x.Capped || x.CapReason != "interrupted" || x.Violation != nil || x.Quiescent {
		t.Errorf("stopped at 7: %d events, interrupted %v, capped %v %q, violation %v, quiescent %v", len(x.Events), x.Interrupted, x.Capped, x.CapReason, x.Violation, x.Quiescent)
	}
}
