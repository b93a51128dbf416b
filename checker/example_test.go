package checker_test

import (
	"fmt"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// Execute runs one configuration under a chooser (here a seeded
// adversary that prefers the newest message) and judges the properties
// asked for after every event and at the end.
func ExampleExecute() {
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: []model.ID{5, 2, 4, 1, 3}, Forwarding: true})
	if err != nil {
		panic(err)
	}
	checks := checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	x := checker.Execute(s0, checker.NewRandom(7, checker.Newest), checks, checker.Options{})
	o := model.Summarize(x.Final)
	fmt.Println("quiescent:", x.Quiescent, "violation:", x.Violation)
	fmt.Println("leader:", o.Leader, "events:", len(x.Events), "sends:", x.Final.Counts().Sends)
	// Output:
	// quiescent: true violation: <nil>
	// leader: 5 events: 21 sends: 16
}

// A property that fails names itself, the step and what went wrong.
func ExampleViolation() {
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: []model.ID{3, 1, 2}, Initiators: []model.ID{1}, Forwarding: true})
	if err != nil {
		panic(err)
	}
	// A schedule that stops early: the run is not over.
	x, err := checker.Replay(s0, []model.Event{{Kind: model.EvDetect, P: 1}}, checker.Checks{Props: model.Termination}, false)
	if err != nil {
		panic(err)
	}
	fmt.Println(x.Violation)
	// Output:
	// termination violated at the end: not quiescent after 1 events (fair FIFO continuation)
}
