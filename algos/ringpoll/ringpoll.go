// Package ringpoll is seed 002's ring-based election with successor
// polling: an initiator sends Election([self]) to its closest live
// downstream node, each node tags its id on the message and passes it on,
// and when the message comes back the initiator picks the highest id and
// sends a Coordinator message round the ring the same way.
//
// A dead successor is found by polling: the model reports a message sent
// to a crashed process back to its sender (Info.Bounce, an InBounce
// input), and the sender polls the next position in ring order. Every poll
// is a send, so it is counted as one message: AMB-RP-1 ("are polls
// counted?") is fixed to its default, yes, by the model's accounting.
// Concurrent elections run independently (AMB-RP-3 default: not merged).
//
// Reference: [S2] "Ring-based Election" slide; catalog algorithm A8
// (ALG-RINGPOLL), ambiguities AMB-RP-1, AMB-RP-2 and AMB-RP-3.
package ringpoll

import (
	"strconv"

	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Election carries in List the ids tagged on it so far, in ring
	// order; List[0] is the initiator.
	Election = &model.Kind{Name: "election"}
	// Coordinator is Coordinator(A, B): A is the elected process, B the
	// initiator that announces it (where the lap ends).
	Coordinator = &model.Kind{Name: "coordinator", Args: 2}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election, Coordinator)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbLap is AMB-RP-2: where the Coordinator lap stops. Reading 0
	// ("lap-initiator"): at the initiator, which consumes it; reading 1
	// ("lap-last-live"): at the last live node before the initiator,
	// which does not send it on.
	AmbLap = 0
)

// Readings of AmbLap.
const (
	LapInitiator uint8 = 0
	LapLastLive  uint8 = 1
)

// State is one process's state.
type State struct {
	// Started: the process has started its own election (sent
	// Election([self])). Set at most once, never cleared.
	Started bool
	// Leader is the coordinator the process believes in: the one it
	// picked as an initiator or the last one announced to it (None
	// before).
	Leader model.ID
	// Coord: the process has learned that it is the coordinator itself
	// (it picked itself, or received Coordinator(self, _)); cleared when
	// another process is announced to it. Coord implies Leader == self.
	Coord bool
}

// Algorithm is the ring-based election with polling as a pure step
// function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:       "ringpoll",
		Title:      "Ring-based election with successor polling (slides)",
		Source:     "[S2] Ring-based Election slide; catalog A8",
		Topology:   model.UniRing,
		Compare:    true,
		Forwarding: false,
		Bounce:     true,
		Kinds:      kinds,
		Ambiguities: []model.Ambiguity{{
			ID:       "AMB-RP-2",
			Question: "where does the Coordinator lap stop?",
			Readings: []string{"lap-initiator", "lap-last-live"},
			Explain: []string{
				"the Coordinator message returns to the initiator, which consumes it",
				"no process sends the Coordinator message to its initiator: the lap stops at the last live node before it",
			},
			Default: 0,
		}},
	},
	Init: func(env *model.Env) State { return State{} },
	Step: step,
	View: func(s State) model.View {
		return model.View{Leader: s.Leader, Coordinator: s.Coord}
	},
	Encode: func(s State, b []byte) []byte {
		b = append(b, model.Flags(s.Started, s.Coord))
		b = strconv.AppendInt(b, int64(s.Leader), 10)
		return append(b, ';')
	},
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	switch in.Kind {
	case model.InStart:
		// [S2]: "Begin election if just recovered or coordinator has
		// failed – Send Election to closest downstream node that is
		// alive".
		if !s.Started {
			s.Started = true
			m := model.Message{Kind: Election, List: []model.ID{env.Self}}
			s = pass(env, s, m, env.Index, out)
		}
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = receive(env, s, m, out)
		}
	case model.InBounce:
		// [S2]: "Sequentially poll each successor until a live node is
		// found": the poll of the dead node already counted as one
		// message; poll the position after it.
		m := in.Msgs[0]
		dead := env.Topo.IndexOf(m.To)
		if model.ID(lapEnd(m)) == m.To {
			// The dead node is the message's initiator: its lap is
			// over and nobody is left to consume it. Not in [S2]; the
			// election (or announcement) ends here.
			return s
		}
		s = pass(env, s, m, dead, out)
	}
	return s
}

// lapEnd is the process whose arrival ends m's lap: its initiator.
func lapEnd(m model.Message) int32 {
	if m.Kind == Election {
		return int32(m.List[0])
	}
	return m.B
}

// pass sends m (built or already tagged by this process) to the position
// after index after, or handles it locally when that position is this
// process itself (every other process is dead).
func pass(env *model.Env, s State, m model.Message, after int, out *model.Outbox) State {
	to := env.Topo.Order[env.Topo.Next(after)]
	if m.Kind == Coordinator && env.Reading(AmbLap) == LapLastLive && to == model.ID(m.B) {
		// AMB-RP-2 "lap-last-live": the Coordinator message is never
		// sent to its initiator.
		return s
	}
	if to == env.Self {
		return receive(env, s, m, out)
	}
	m.To = to
	out.SendMsg(m)
	return s
}

func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	self := env.Self
	switch m.Kind {
	case Election:
		if m.List[0] == self {
			// [S2]: "Initiator picks node with highest ID and sends a
			// coordinator message".
			max := self
			for _, id := range m.List {
				if id > max {
					max = id
				}
			}
			out.Observe("announce", int32(max))
			s.Leader, s.Coord = max, max == self
			c := model.Message{Kind: Coordinator, A: int32(max), B: int32(self)}
			return pass(env, s, c, env.Index, out)
		}
		// [S2]: "Each process tags its ID on the message". The received
		// List is shared: AppendID never changes it (it writes only into
		// a free slot past its end, or copies).
		return pass(env, s, model.Message{Kind: Election, List: model.AppendID(m.List, self)}, env.Index, out)
	case Coordinator:
		if model.ID(m.B) == self {
			// AMB-RP-2 "lap-initiator": the lap ends at the initiator,
			// which consumes its own Coordinator message.
			return s
		}
		// Catalog A8 rule 3: each node adopts the announced maximum and
		// passes the Coordinator message on "the same way".
		c := model.ID(m.A)
		s.Leader, s.Coord = c, c == self
		return pass(env, s, model.Message{Kind: Coordinator, A: m.A, B: m.B}, env.Index, out)
	}
	return s
}
