package modeltest

import (
	"errors"

	"github.com/electlab/electlab/model"
)

// JoinerState is Joiner's process state.
type JoinerState struct {
	// Leader is the coordinator the process knows: 1 once it started or
	// joined, model.None before.
	Leader model.ID
	// Coord: the process is the coordinator (process 1 only, once started).
	Coord bool
}

// Joiner is a test election on a complete graph of ids 1..3 where process
// 3 is absent at the start: the coordinator 1 knows itself, and a joiner
// learns the coordinator when it joins (InJoin) and says so (an
// observation tagged "joined"). Before the join, the end-of-run check
// Joined fails. The explorer's and the claim engine's tests of
// JoinsBeforeEnd run it.
var Joiner = &model.Algorithm[JoinerState]{
	Info: model.Info{Name: "joiner", Title: "test: a joiner learns the coordinator", Topology: model.Complete},
	Init: func(*model.Env) JoinerState { return JoinerState{} },
	Step: func(env *model.Env, s JoinerState, in model.Input, out *model.Outbox) JoinerState {
		switch in.Kind {
		case model.InStart:
			s.Leader, s.Coord = 1, env.Self == 1
		case model.InJoin:
			s.Leader = 1
			out.Observe("joined", int32(env.Self))
		}
		return s
	},
	View: func(s JoinerState) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
}

// JoinerConfig is Joiner's configuration: processes 1 and 2 initiate,
// process 3 is absent at the start.
func JoinerConfig() *model.Config {
	return &model.Config{Algo: "joiner", IDs: IDs(1, 2), Initiators: IDs(1, 2), Absent: IDs(3)}
}

// Joined is Joiner's end-of-run check: it fails until some process has
// observed "joined".
func Joined(s model.System) error {
	for _, o := range s.Observations() {
		if o.Tag == "joined" {
			return nil
		}
	}
	return errors.New("process 3 never joined")
}
