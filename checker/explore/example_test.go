package explore_test

import (
	"fmt"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
)

// Explore searches every schedule of one configuration, with the message
// counts in the state so that their minimum and maximum over every
// complete execution are exact. Here four processes all initiate on a
// ring whose ids decrease along the direction of travel, Chang and
// Roberts' worst case: the k-th highest id travels k hops, n(n+1)/2 = 10
// elect messages, plus n = 4 announcements, in every schedule.
func ExampleExplore() {
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: []model.ID{4, 3, 2, 1}, Forwarding: true})
	if err != nil {
		panic(err)
	}
	r := explore.Explore(s0, explore.Options{Counts: explore.CountsTotal})
	fmt.Println(r.Verdict())
	fmt.Printf("sends %d..%d over %d quiescent states\n", r.Counts.Sends.Min, r.Counts.Sends.Max, r.Final)
	// Output:
	// no violation in 348 states (search complete)
	// sends 14..14 over 1 quiescent states
}

// A search cut by a bound says so: no violation in the states explored,
// but no verdict either.
func ExampleResult_Verdict() {
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: []model.ID{4, 3, 2, 1}, Forwarding: true})
	if err != nil {
		panic(err)
	}
	r := explore.Explore(s0, explore.Options{MaxStates: 50})
	fmt.Println(r.Complete())
	fmt.Println(r.Verdict())
	// Output:
	// false
	// no violation in the 50 states explored; search incomplete: max-states 50
}
