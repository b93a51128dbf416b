package model_test

import (
	"fmt"

	"github.com/electlab/electlab/model"
)

// An algorithm is a struct of pure functions over a state value: Init,
// Step (one input in, the next state and its sends out) and View (what
// the checkers observe). This one finds the highest id on a
// unidirectional ring: a process forwards ids higher than its own and
// becomes coordinator when its own id comes back.
func ExampleAlgorithm() {
	elect := model.Kinds(model.KindSpec{Name: "elect", Args: 1})[0]
	type state struct {
		Leader model.ID
		Coord  bool
	}
	ring := &model.Algorithm[state]{
		Info: model.Info{Name: "maxring", Topology: model.UniRing, Kinds: []*model.Kind{elect}},
		Init: func(*model.Env) state { return state{} },
		Step: func(env *model.Env, s state, in model.Input, out *model.Outbox) state {
			switch in.Kind {
			case model.InStart:
				out.Send(env.Next(), elect, int32(env.Self), 0)
			case model.InDeliver:
				for _, m := range in.Msgs {
					switch x := model.ID(m.A); {
					case x == env.Self:
						s.Leader, s.Coord = x, true
					case x > env.Self:
						s.Leader = x
						out.Send(env.Next(), elect, m.A, 0)
					}
				}
			}
			return s
		},
		View: func(s state) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
	}

	// Every process initiates (no Initiators); the ring order is 2, 3, 1.
	w, err := ring.NewSystem(&model.Config{Algo: "maxring", IDs: []model.ID{2, 3, 1}})
	if err != nil {
		panic(err)
	}
	// Run the first enabled event until nothing is left to do.
	for !w.Quiescent() {
		ev := w.Enabled(nil)[0]
		if err := w.Apply(ev); err != nil {
			panic(err)
		}
		fmt.Println(ev)
	}
	o := model.Summarize(w)
	fmt.Println("leader", o.Leader, "agreed", o.Agreed, "sends", w.Counts().Sends)
	// Output:
	// detect 2
	// detect 3
	// detect 1
	// deliver 1->2 #1
	// deliver 2->3 #1
	// deliver 3->1 #1
	// deliver 1->2 #2
	// deliver 2->3 #2
	// leader 3 agreed true sends 5
}

// A variant names one reading per ambiguity of the source text.
func ExampleInfo_ParseVariant() {
	info := &model.Info{Name: "ring", Ambiguities: []model.Ambiguity{
		{ID: "AMB-1", Question: "resend or swallow?", Readings: []string{"swallow", "resend"}},
		{ID: "AMB-2", Question: "n or n-1 hops?", Readings: []string{"n", "n-1"}, Default: 1},
	}}
	v, err := info.ParseVariant("resend")
	fmt.Println(v, err, info.FormatVariant(v))
	_, err = info.ParseVariant("forward")
	fmt.Println(err)
	// Output:
	// [1 1] <nil> resend,n-1
	// unknown variant "forward" for algorithm ring (known: swallow, resend, n, n-1)
}
