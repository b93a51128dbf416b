package itairodeh

import "github.com/electlab/electlab/model"

// Message kinds of the asynchronous election.
var (
	// Pref is pref(v): an active process's value of its round, relayed
	// unchanged by the inactive processes to the next active one.
	Pref = &model.Kind{Name: "pref", Args: 1}
	// Count is count(c): an active process's counter, sent with c = 0 and
	// incremented by each inactive process that relays it.
	Count = &model.Kind{Name: "count", Args: 1}
	// Lead is lead(id): the leader's announcement, once round the ring
	// (only so that every view names it).
	Lead = &model.Kind{Name: "lead", Args: 1}
)

var asyncKinds = model.Number(Pref, Count, Lead)

// Phases of a process of the asynchronous election (PRISM's s: 0 make
// choice, 1 not received the neighbour's choice, 2 active, 3 inactive,
// 4 leader).
const (
	phIdle     = iota // not started
	phChoose          // active: drawing, or waiting for the preceding active value
	phActive          // active: counter sent, waiting for the preceding counter
	phInactive        // relays only
	phLeader          // elected
)

// AsyncState is a process of the asynchronous election.
type AsyncState struct {
	Phase uint8
	// Mine is this round's value, -1 until the coin is answered.
	Mine int8
	// Pend is a value received before this process had started (it woke
	// it), handled once its own coin is answered; -1 when none.
	Pend int8
	// Leader is the elected process once known; Coord: it is this one.
	Leader model.ID
	Coord  bool
}

// Async is the asynchronous election (package doc), to run under async
// timing on a unidirectional ring with FIFO links:
//
//	start:         draw (a coin of K outcomes)
//	coin v:        send pref(v) to the next process
//	pref(u):       active: if v < u (PRISM: v = 0, u = 1) become inactive,
//	               else send count(0); inactive: relay pref(u)
//	count(c):      active: if c = N-1 it is the only active process: it is
//	               elected and announces lead(id); else draw again;
//	               inactive: relay count(c+1)
//	lead(id):      learn the leader and relay it (the leader stops it)
//
// The process with the largest value of a round never becomes inactive,
// so an active process remains; the FIFO links keep a round's pref before
// its count, and both before the next round's pref. A process that has not
// started when the first pref reaches it is woken by it: it draws, then
// handles that pref. PRISM's links are handshakes (a send and its receipt
// are one transition); here a send is part of the sender's step and the
// receipt is a separate delivery event, so the MDP has more states for the
// same protocol (a message may wait on its link).
var Async = asyncAlg(false)

// asyncAlg is the asynchronous election; giveUp breaks it (a test's
// broken variant): a process also becomes inactive on a tie (v ≤ u), so
// every process can become inactive and no one is ever elected.
func asyncAlg(giveUp bool) *model.Algorithm[AsyncState] {
	name, title := "itairodeh-async", "Itai–Rodeh asynchronous election on an anonymous unidirectional ring (PRISM leader)"
	if giveUp {
		name, title = "itairodeh-async-giveup", "broken Itai–Rodeh asynchronous election: a tie makes a process inactive"
	}
	onPref := func(env *model.Env, s AsyncState, u int8, out *model.Outbox) AsyncState {
		switch s.Phase {
		case phChoose:
			if s.Mine < u || giveUp && s.Mine == u {
				s.Phase, s.Mine = phInactive, -1
				return s
			}
			// The value is no longer needed (PRISM resets it too).
			s.Phase, s.Mine = phActive, -1
			out.Send(env.Next(), Count, 0, 0)
		case phInactive:
			out.Send(env.Next(), Pref, int32(u), 0)
		}
		return s
	}
	return &model.Algorithm[AsyncState]{
		Info: model.Info{
			Name:        name,
			Title:       title,
			Source:      "A. Itai, M. Rodeh, Information and Computation 88(1), 1990, as PRISM's leader (asynchronous) case study (beyond the seeds)",
			Topology:    model.UniRing,
			Elects:      "a random process: the last one left active by the draws",
			Kinds:       asyncKinds,
			Ambiguities: ambiguities,
		},
		Init: func(*model.Env) AsyncState { return AsyncState{Mine: -1, Pend: -1} },
		Step: func(env *model.Env, s AsyncState, in model.Input, out *model.Outbox) AsyncState {
			switch in.Kind {
			case model.InStart:
				if s.Phase == phIdle {
					s.Phase = phChoose
					out.Flip(K(env))
				}
			case model.InCoin:
				s.Mine = int8(in.Coin)
				out.Send(env.Next(), Pref, int32(s.Mine), 0)
				if u := s.Pend; u >= 0 {
					s.Pend = -1
					s = onPref(env, s, u, out)
				}
			case model.InDeliver:
				m := in.Msgs[0]
				switch m.Kind {
				case Pref:
					if m.A < 0 || int(m.A) >= K(env) {
						return s
					}
					if s.Phase == phIdle {
						s.Phase, s.Pend = phChoose, int8(m.A)
						out.Flip(K(env))
						return s
					}
					return onPref(env, s, int8(m.A), out)
				case Count:
					switch s.Phase {
					case phInactive:
						out.Send(env.Next(), Count, m.A+1, 0)
					case phActive:
						if int(m.A) == env.N()-1 {
							s.Phase, s.Leader, s.Coord, s.Mine = phLeader, env.Self, true, -1
							out.Send(env.Next(), Lead, int32(env.Self), 0)
							return s
						}
						s.Phase, s.Mine = phChoose, -1
						out.Flip(K(env))
					}
				case Lead:
					if s.Phase != phLeader {
						s.Leader, s.Mine = model.ID(m.A), -1
						out.Send(env.Next(), Lead, m.A, 0)
					}
				}
			}
			return s
		},
		View: func(s AsyncState) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
		Encode: func(s AsyncState, b []byte) []byte {
			b = append(b, s.Phase, byte(s.Mine), byte(s.Pend), model.Flags(s.Coord))
			return model.AppendIDs(b, ';', []model.ID{s.Leader})
		},
	}
}
