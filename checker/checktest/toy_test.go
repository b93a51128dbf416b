package checktest_test

import (
	"fmt"

	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/model"
)

// toymax is the kit's own toy: max-finding on a unidirectional ring (a
// Chang–Roberts election without the announcement). An initiator sends
// its id; a process forwards an id higher than its own (and adopts it as
// leader), swallows a lower one (sending its own id once, if it has not
// yet), and becomes coordinator when its own id comes back. The highest
// id's message goes round once, so every process ends holding it.
//
// The broken variant has an off-by-one in the comparison: it also
// forwards the id just below its own (x+1 >= self instead of x > self),
// so the second-highest id can come back home too.
var toyKinds = model.Kinds(model.KindSpec{Name: "elect", Args: 1})

type toyState struct {
	Sent   bool
	Leader model.ID
	Coord  bool
}

func toyMax(offByOne bool) *model.Algorithm[toyState] {
	forwards := func(x, self model.ID) bool { return x > self }
	if offByOne {
		forwards = func(x, self model.ID) bool { return x+1 >= self }
	}
	return &model.Algorithm[toyState]{
		Info: model.Info{Name: "toymax", Title: "toy: max-finding on a unidirectional ring", Topology: model.UniRing, Kinds: toyKinds},
		Init: func(*model.Env) toyState { return toyState{} },
		Step: func(env *model.Env, s toyState, in model.Input, out *model.Outbox) toyState {
			switch in.Kind {
			case model.InStart:
				if !s.Sent {
					s.Sent = true
					out.Send(env.Next(), toyKinds[0], int32(env.Self), 0)
				}
			case model.InDeliver:
				for _, m := range in.Msgs {
					x := model.ID(m.A)
					switch {
					case x == env.Self:
						s.Leader, s.Coord = x, true
					case forwards(x, env.Self):
						if x > s.Leader {
							s.Leader, s.Coord = x, false
						}
						out.Send(env.Next(), toyKinds[0], m.A, 0)
					case !s.Sent:
						s.Sent = true
						out.Send(env.Next(), toyKinds[0], int32(env.Self), 0)
					}
				}
			}
			return s
		},
		View: func(s toyState) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
	}
}

var (
	toyFixed  = toyMax(false)
	toyBroken = toyMax(true)
)

// asyncFIFO is the toy's setting: asynchronous FIFO channels, any set of
// initiators, no crash.
var asyncFIFO = model.Setting{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators}

// worstSends is the textbook worst case of the toy's messages when every
// process initiates: ids in decreasing order along the ring, the k-th
// highest id travels k hops, n(n+1)/2 in all.
func worstSends(n int64) int64 { return n * (n + 1) / 2 }

// withinWorst is a Bound: at most worstSends(n) messages.
func withinWorst(cfg *model.Config, c model.Counts) error {
	if n := int64(len(cfg.IDs)); c.Sends > worstSends(n) {
		return fmt.Errorf("%d sends > n(n+1)/2 = %d", c.Sends, worstSends(n))
	}
	return nil
}

// linear is a Bound that is too tight for the toy: at most n messages.
func linear(cfg *model.Config, c model.Counts) error {
	if n := int64(len(cfg.IDs)); c.Sends > n {
		return fmt.Errorf("%d sends > n = %d", c.Sends, n)
	}
	return nil
}

func toyTarget(spec model.Spec, dir string) checktest.Target {
	return checktest.Target{Spec: spec, Setting: asyncFIFO, NMin: 2, NMax: 5, Dir: dir}
}
