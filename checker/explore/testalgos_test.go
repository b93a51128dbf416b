package explore

import (
	"github.com/electlab/electlab/model"
)

// Small algorithms for the explorer's own tests: a livelock, an unfair-only
// cycle, timers, and a broken election.

var testKinds = model.Kinds(
	model.KindSpec{Name: "token"},
	model.KindSpec{Name: "ping"},
	model.KindSpec{Name: "pong"},
	model.KindSpec{Name: "stop"},
	model.KindSpec{Name: "hello", Args: 1},
)

type tstate struct {
	Stopped bool
	Leader  model.ID
	Coord   bool
}

// toy makes a test algorithm over tstate with the test kinds, from its
// name, title, topology and step function.
func toy(name, title string, topo model.TopologyKind, step func(env *model.Env, s tstate, in model.Input, out *model.Outbox) tstate) *model.Algorithm[tstate] {
	return &model.Algorithm[tstate]{
		Info: model.Info{Name: name, Title: title, Topology: topo, Kinds: testKinds},
		Init: func(*model.Env) tstate { return tstate{} },
		Step: step,
		View: func(s tstate) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
	}
}

// tokenRing: every initiator sends a token that circulates forever: a fair
// livelock.
var tokenRing = toy("token", "test: a token circulating forever", model.UniRing,
	func(env *model.Env, s tstate, in model.Input, out *model.Outbox) tstate {
		switch in.Kind {
		case model.InStart, model.InDeliver:
			out.Send(env.Next(), testKinds[0], 0, 0)
		}
		return s
	})

// pingStop: 1 and 2 play ping-pong until a stop from 3 reaches 1. The
// ping-pong cycle is unfair (the stop is deliverable all along), so there
// is a cycle but no livelock. Ids must be 1, 2, 3.
var pingStop = toy("pingstop", "test: ping-pong until stopped", model.Complete,
	func(env *model.Env, s tstate, in model.Input, out *model.Outbox) tstate {
		switch in.Kind {
		case model.InStart:
			switch env.Self {
			case 1:
				out.Send(2, testKinds[1], 0, 0)
			case 3:
				out.Send(1, testKinds[3], 0, 0)
			}
			s.Leader = 3
			s.Coord = env.Self == 3
		case model.InDeliver:
			switch in.Msgs[0].Kind {
			case testKinds[1]:
				out.Send(1, testKinds[2], 0, 0)
			case testKinds[2]:
				if !s.Stopped {
					out.Send(2, testKinds[1], 0, 0)
				}
			case testKinds[3]:
				s.Stopped = true
			}
		}
		return s
	})

// timerRing: an initiator arms a timer; when it fires it sends hello(self)
// to its successor, which adopts the highest id seen and, if higher than
// its own... a small timer-driven election that is correct when every
// process initiates: the highest id's hello goes round once.
var timerRing = toy("timerring", "test: timer-driven max election", model.UniRing,
	func(env *model.Env, s tstate, in model.Input, out *model.Outbox) tstate {
		switch in.Kind {
		case model.InStart:
			out.SetTimer(1, 2)
		case model.InTimer:
			out.Send(env.Next(), testKinds[4], int32(env.Self), 0)
		case model.InDeliver:
			x := model.ID(in.Msgs[0].A)
			switch {
			case x == env.Self:
				s.Leader, s.Coord = env.Self, true
			case x > env.Self && x > s.Leader:
				s.Leader, s.Coord = x, false
				out.Send(env.Next(), testKinds[4], int32(x), 0)
			}
		}
		return s
	})

// twoCoords: a broken election: every process that starts declares itself
// coordinator and tells its successor, which steps down. Two live
// coordinators exist between two starts and the announcements.
var twoCoords = toy("twocoords", "test: broken, several coordinators", model.UniRing,
	func(env *model.Env, s tstate, in model.Input, out *model.Outbox) tstate {
		switch in.Kind {
		case model.InStart:
			s.Leader, s.Coord = env.Self, true
			out.Send(env.Next(), testKinds[4], int32(env.Self), 0)
		case model.InDeliver:
			s.Leader, s.Coord = model.ID(in.Msgs[0].A), false
		}
		return s
	})
