package modeltest

import "github.com/electlab/electlab/model"

// toyMaxKinds are ToyMax's message kinds: elect(id).
var toyMaxKinds = model.Kinds(model.KindSpec{Name: "elect", Args: 1})

// ToyMaxState is ToyMax's process state.
type ToyMaxState struct {
	// Sent: the process has sent its own id (at most once).
	Sent bool
	// Leader is the highest id the process has forwarded, or its own once
	// it came back (model.None before either).
	Leader model.ID
	// Coord: the process's own id came back and no higher id has passed
	// since.
	Coord bool
}

// ToyMax is a toy algorithm that electlab does not know, named name, for
// tests of the kits that take a user's algorithm: max-finding on a
// unidirectional ring (a Chang–Roberts election without the
// announcement). An initiator sends its id; a process forwards an id
// higher than its own (and adopts it as leader), swallows a lower one
// (sending its own id once, if it has not yet), and becomes coordinator
// when its own id comes back. The highest id's message goes round once,
// so every process ends holding it.
//
// With offByOne, the broken variant, the comparison has an off-by-one: a
// process also forwards the id just below its own (x+1 >= self instead
// of x > self), so the second-highest id can come back home too.
func ToyMax(name string, offByOne bool) *model.Algorithm[ToyMaxState] {
	forwards := func(x, self model.ID) bool { return x > self }
	if offByOne {
		forwards = func(x, self model.ID) bool { return x+1 >= self }
	}
	return &model.Algorithm[ToyMaxState]{
		Info: model.Info{Name: name, Title: "toy: max-finding on a unidirectional ring", Topology: model.UniRing, Kinds: toyMaxKinds},
		Init: func(*model.Env) ToyMaxState { return ToyMaxState{} },
		Step: func(env *model.Env, s ToyMaxState, in model.Input, out *model.Outbox) ToyMaxState {
			send := func(id model.ID) { out.Send(env.Next(), toyMaxKinds[0], int32(id), 0) }
			switch in.Kind {
			case model.InStart:
				if !s.Sent {
					s.Sent = true
					send(env.Self)
				}
			case model.InDeliver:
				for _, m := range in.Msgs {
					switch x := model.ID(m.A); {
					case x == env.Self:
						s.Leader, s.Coord = x, true
					case forwards(x, env.Self):
						if x > s.Leader {
							s.Leader, s.Coord = x, false
						}
						send(x)
					case !s.Sent:
						s.Sent = true
						send(env.Self)
					}
				}
			}
			return s
		},
		View: func(s ToyMaxState) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
	}
}
