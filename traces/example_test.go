package traces_test

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// initial is the initial World of a three-process ring where process 1
// alone initiates.
func initial() model.System {
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: []model.ID{3, 1, 2}, Initiators: []model.ID{1}, Forwarding: true})
	if err != nil {
		panic(err)
	}
	return s0
}

// Record turns an execution into a trace; Marshal gives its canonical
// JSON, and Unmarshal reads it back.
func ExampleRecord() {
	s0 := initial()
	x := checker.Execute(s0, checker.FIFO{}, checker.Checks{}, checker.Options{})
	tr, err := traces.Record(s0, x.Events, nil, "the fair FIFO schedule")
	if err != nil {
		panic(err)
	}
	b, err := tr.Marshal()
	if err != nil {
		panic(err)
	}
	back, err := traces.Unmarshal(b)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(back.Steps), "events:", back.Steps[0].Event, "...", back.Steps[len(back.Steps)-1].Event)
	fmt.Println(back.Outcome.Leader, back.Outcome.Agreed)
	fmt.Println(strings.Split(string(b), "\n")[1])
	// Output:
	// 9 events: detect 1 ... deliver 2->3 #3
	// 3 true
	//   "format": "electlab-trace/1",
}

// Replay rebuilds the World from a trace's configuration and checks every
// step's fingerprint; RenderText shows what each event caused.
func ExampleReplay() {
	s0 := initial()
	x := checker.Execute(s0, checker.FIFO{}, checker.Checks{}, checker.Options{})
	tr, err := traces.Record(s0, x.Events[:3], nil, "")
	if err != nil {
		panic(err)
	}
	rep, err := traces.Replay(changroberts.Algorithm, tr)
	if err != nil {
		panic(err)
	}
	fmt.Print(traces.RenderText(tr, rep))
	// Output:
	// algo=changroberts variant=swallow ids=3,1,2 initiators=1 timing=async timeouts=accurate net=fifo forwarding=true
	//
	// step  event            effects
	//    1  detect 1         started 1
	//                        sent 1->2 elect(1) #1
	//    2  deliver 1->2 #1  delivered 1->2 elect(1) #1
	//                        sent 2->3 elect(2) #1
	//    3  deliver 2->3 #1  delivered 2->3 elect(2) #1
	//                        sent 3->1 elect(3) #1
	//
	// outcome: leader=none agreed=false coordinators=[] quiescent=false steps=3
	// messages: sends=3 transmissions=3 deliveries=2 forwards=0
	//   coord: sends=0 transmissions=0 deliveries=0
	//   elect: sends=3 transmissions=3 deliveries=2
}

// Minimize shrinks a failing list to a 1-minimal one: here, any list
// holding both 3 and 7 "fails".
func ExampleMinimize() {
	evs := make([]model.Event, 10)
	for i := range evs {
		evs[i] = model.Event{Kind: model.EvDetect, P: model.ID(i)}
	}
	fails := func(c []model.Event) bool {
		has := map[model.ID]bool{}
		for _, ev := range c {
			has[ev.P] = true
		}
		return has[3] && has[7]
	}
	fmt.Println(traces.Minimize(evs, fails))
	// Output:
	// [detect 3 detect 7]
}
