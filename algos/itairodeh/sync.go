package itairodeh

import "github.com/electlab/electlab/model"

// Val is val(v, early): a value v in 0..K-1 drawn in a round (the id v+1
// of PRISM's 1..K), sent to every other process; early is 1 for a value
// sent one round ahead of the others (SyncState.Early), else 0.
var Val = &model.Kind{Name: "val", Args: 2}

var syncKinds = model.Number(Val)

// SyncState is a process of the synchronous election.
type SyncState struct {
	// Started: the process has drawn at least once.
	Started bool
	// Early: the process decided its round at its own coin, one round
	// before the others (see Sync), and its next value is sent one round
	// ahead: marked early, it arrives with the others' last values of the
	// round before, and they count it for the next round.
	Early bool
	// Mine is this round's value, -1 until the coin is answered.
	Mine int8
	// Got counts the other processes' values received this round.
	Got uint8
	// Cnt[v] counts the processes (this one included) that drew v this
	// round, as far as this process knows.
	Cnt [MaxK]uint8
	// Owner[v] is the process that drew v (the last one heard of): read
	// only to name the leader in the view, when Cnt[v] = 1.
	Owner [MaxK]model.ID
	// Leader is the elected process once known; Coord: it is this one.
	Leader model.ID
	Coord  bool
}

// Sync is the synchronous election (package doc), to run under sync
// timing on the complete graph of the ring's processes:
//
//	start:   draw (a coin of K outcomes)
//	coin v:  send val(v) to every other process
//	round r: receive every other value of the round; if some value was
//	         drawn exactly once, the owner of the largest such value is
//	         elected (every process decides the same, in the same round);
//	         else draw again (answered between rounds r and r+1; the
//	         values sent then are delivered in round r+1)
//
// So each round of the algorithm is one model round (Counts' rounds,
// prob's "rounds" counter) when every process starts before round 1
// (PRISM's synchronous start; Lockstep). The model's adversary may run
// round 1 before some processes have started: each such process is woken
// by the values it receives and draws; its value arrives in round 2, where
// the others decide the first round of the algorithm. Then model rounds
// are algorithm rounds plus one. (When one process alone started late, it
// has every other value once its coin is answered and decides then; if it
// draws again, its next value travels early, see SyncState.Early.)
//
// PRISM passes the values round the ring in N-1 synchronous read steps;
// here they are multicast and arrive in one round. The decision depends
// only on the multiset of values, so the distribution of the rounds and of
// the leader is the same; only the time slots per round differ.
var Sync = syncAlg(false)

// syncAlg is the synchronous election; maxOnly breaks it (a test's
// broken variant): a round succeeds only when the largest value drawn was
// drawn once, not when some value was.
func syncAlg(maxOnly bool) *model.Algorithm[SyncState] {
	name, title := "itairodeh-sync", "Itai–Rodeh synchronous election on an anonymous ring (PRISM leader_sync)"
	if maxOnly {
		name, title = "itairodeh-sync-maxonly", "broken Itai–Rodeh synchronous election: succeeds only when the maximum is unique"
	}
	// decide ends the round once every value is known: elect, or draw
	// again.
	decide := func(env *model.Env, s SyncState, out *model.Outbox) (SyncState, bool) {
		if s.Mine < 0 || int(s.Got) < env.N()-1 {
			return s, false
		}
		for v := K(env) - 1; v >= 0; v-- {
			if s.Cnt[v] == 1 {
				s.Leader, s.Coord = s.Owner[v], s.Owner[v] == env.Self
				s.Mine, s.Got, s.Cnt, s.Owner = -1, 0, [MaxK]uint8{}, [MaxK]model.ID{}
				return s, true
			}
			if maxOnly && s.Cnt[v] > 1 {
				break
			}
		}
		s.Mine, s.Got, s.Cnt, s.Owner = -1, 0, [MaxK]uint8{}, [MaxK]model.ID{}
		out.Flip(K(env))
		return s, true
	}
	count := func(s SyncState, m model.Message) SyncState {
		s.Cnt[m.A]++
		s.Owner[m.A] = m.From
		s.Got++
		return s
	}
	return &model.Algorithm[SyncState]{
		Info: model.Info{
			Name:        name,
			Title:       title,
			Source:      "A. Itai, M. Rodeh, Information and Computation 88(1), 1990, as PRISM's leader_sync case study (beyond the seeds)",
			Topology:    model.Complete,
			Elects:      "a random process: the one that drew the largest value drawn exactly once, in the first round where some value was",
			Kinds:       syncKinds,
			Ambiguities: ambiguities,
		},
		Init: func(*model.Env) SyncState { return SyncState{Mine: -1} },
		Step: func(env *model.Env, s SyncState, in model.Input, out *model.Outbox) SyncState {
			switch in.Kind {
			case model.InStart:
				if !s.Started {
					s.Started = true
					out.Flip(K(env))
				}
			case model.InCoin:
				s.Mine = int8(in.Coin)
				s.Cnt[s.Mine]++
				s.Owner[s.Mine] = env.Self
				early := int32(0)
				if s.Early {
					early, s.Early = 1, false
				}
				out.Multicast(others(env), Val, int32(s.Mine), early)
				var done bool
				s, done = decide(env, s, out)
				// Decided at the coin, before any round delivered the
				// last value: a process that started late, one round
				// ahead of the others from now on, if it draws again.
				s.Early = done && s.Leader == model.None
			case model.InDeliver:
				var ahead []model.Message
				for _, m := range in.Msgs {
					if m.Kind != Val || m.A < 0 || int(m.A) >= K(env) {
						continue
					}
					if m.B == 1 {
						ahead = append(ahead, m)
						continue
					}
					s = count(s, m)
				}
				if !s.Started {
					// Woken by the values: draw, decide once answered.
					s.Started = true
					out.Flip(K(env))
					return s
				}
				s, _ = decide(env, s, out)
				for _, m := range ahead {
					// The next round's, from a process one round ahead:
					// this round has just ended here.
					s = count(s, m)
				}
			}
			return s
		},
		View:   func(s SyncState) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
		Encode: encodeSync,
	}
}

func encodeSync(s SyncState, b []byte) []byte {
	b = append(b, model.Flags(s.Started, s.Early, s.Coord), byte(s.Mine), s.Got)
	b = append(b, s.Cnt[:]...)
	b = model.AppendIDs(b, ',', s.Owner[:])
	return model.AppendIDs(b, ';', []model.ID{s.Leader})
}
