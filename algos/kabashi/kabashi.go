// Package kabashi is the min-id modification of the Bully algorithm by
// Kabashi, Zeqiri and Zabeli ([S4] §IV–V), as its pseudocode states it: the
// coordinator is the lowest live id. A detector that "has the second
// minimum ID" broadcasts COORDINATOR_self; any other detector broadcasts
// ELECTION and waits; a lower receiver answers OK_j (the second minimum
// broadcasts COORDINATOR_j instead); when the wait ends the detector
// broadcasts COORDINATOR for the smallest OK id, or for itself. A process
// that receives COORDINATOR_k with k above its own id broadcasts
// COORDINATOR for itself. A joining process broadcasts COORDINATOR_x if x is
// the minimum possible id, otherwise QUERY; the coordinator answers CID_c,
// and the joiner takes over with COORDINATOR_x if x < c.
//
// Broadcasts are multicasts to every other process of the topology (one
// transmission, n−1 point-to-point sends), crashed and not-yet-joined ones
// included under AMB-KAB-3's default. The minimum possible id, known a
// priori, is 1 (ids are positive). "Coordinator crash detected" is the
// start input; a process that is itself the coordinator ignores it.
//
// Reference: [S4] §IV (the procedure), §V (the pseudocode), §VI; catalog
// algorithm A9 (ALG-KAB), ambiguities AMB-KAB-1 … AMB-KAB-6.
package kabashi

import (
	"encoding/binary"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/model"
)

// MinPossible is the minimum id a process may take, known a priori ([S4]
// §IV: "assuming that the minimal identifier that a process can take is
// known").
const MinPossible model.ID = 1

// Message kinds.
var (
	// Election is broadcast by a detector.
	Election = &model.Kind{Name: "election"}
	// OK(A) is OK_j, unicast to the detector: A = j.
	OK = &model.Kind{Name: "ok", Args: 1}
	// Coordinator(A) is COORDINATOR_k, broadcast: A = k.
	Coordinator = &model.Kind{Name: "coordinator", Args: 1}
	// Query is broadcast by a joiner.
	Query = &model.Kind{Name: "query"}
	// CID(A) is the coordinator's answer CID_c to a joiner: A = c.
	CID = &model.Kind{Name: "cid", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election, OK, Coordinator, Query, CID)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbSecond is AMB-KAB-1: the meaning of "second minimum ID".
	AmbSecond = iota
	// AmbAbort is AMB-KAB-2: does the detector abandon its wait when a
	// COORDINATOR arrives?
	AmbAbort
	// AmbCrashed is AMB-KAB-3: do broadcasts reach crashed members?
	AmbCrashed
	// AmbYield is AMB-KAB-5: does adopting a lower coordinator end a
	// self-declarer's belief that it is coordinator?
	AmbYield
	// AmbJoin is AMB-KAB-6: what a joiner does when no CID comes.
	AmbJoin
	// AmbB is AMB-KAB-7 (C-KAB-6): the meaning of b in eq.(2). Formulas
	// only; see B.
	AmbB
)

// Readings of AmbSecond.
const (
	// SecondStatic: the second-smallest id of the membership at the start
	// (needs the membership: every id).
	SecondStatic uint8 = 0
	// SecondFixed: the fixed value MinPossible+1 (needs only the a-priori
	// minimum).
	SecondFixed uint8 = 1
	// SecondLive: the smallest live id other than the failed coordinator
	// (needs to know who is live: an oracle of the crash set before the
	// run).
	SecondLive uint8 = 2
)

// Readings of AmbAbort, AmbYield, AmbJoin (those of AmbCrashed are
// bullykit.ToAll and bullykit.ToLive).
const (
	Wait  uint8 = 0
	Abort uint8 = 1

	Yield    uint8 = 0
	KeepRole uint8 = 1

	JoinWait uint8 = 0
	JoinSelf uint8 = 1
)

// Readings of AmbB.
const (
	// BBroadcasts: b counts the broadcasts of the pseudocode's worst-case
	// path, election and coordinator: b = 2.
	BBroadcasts uint8 = 0
	// BOneBCAST1: b is the cost of one broadcast counted as one
	// transmission: b = 1 (2b is two broadcasts).
	BOneBCAST1 uint8 = 1
	// BOneP2P: b is the cost of one broadcast counted point to point: b =
	// n − 1.
	BOneP2P uint8 = 2
)

// T is the wait of a detector (for OKs) and of a joiner (for a CID): 2
// rounds, one round trip.
const T uint8 = 1

// Phase is what a process waits for.
type Phase uint8

const (
	// Idle: nothing (T disarmed).
	Idle Phase = iota
	// Waiting: a detector waiting for OKs after its ELECTION.
	Waiting
	// Querying: a joiner waiting for a CID after its QUERY.
	Querying
)

// State is one process's state.
type State struct {
	// Leader is the coordinator the process believes in: the old one at
	// the start (the lowest member), then the last one adopted or
	// declared; None for a joiner until it learns one.
	Leader model.ID
	// Coord: the process acts as coordinator (it declared itself, or was
	// named). Coord implies Leader == self under AMB-KAB-5's default.
	Coord bool
	// Phase is the pending wait; T is armed exactly when it is not Idle.
	Phase Phase
	// MinOK is the smallest id of the OKs received while Waiting (None if
	// none).
	MinOK model.ID
}

// Algorithm is the Kabashi–Zeqiri–Zabeli algorithm as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "kabashi",
		Title:    "Kabashi–Zeqiri–Zabeli min-id Bully: second-minimum shortcut, ELECTION/OK/COORDINATOR broadcasts, QUERY/CID joins",
		Source:   "[S4] §IV–VI; catalog A9",
		Topology: model.Complete,
		MinID:    true,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{
			{
				ID:       "AMB-KAB-1",
				Question: "what does \"P_i has the second minimum ID\" mean?",
				Readings: []string{"second-static", "second-fixed", "second-live"},
				Explain: []string{
					"the second-smallest id of the membership (at the start)",
					"the fixed value minID+1 (minID, the a-priori minimum, is 1)",
					"the smallest live id after the coordinator's failure (an oracle of the crash set before the run)",
				},
				Default: 0,
			},
			{
				ID:       "AMB-KAB-2",
				Question: "does a detector abandon its wait when a COORDINATOR arrives?",
				Readings: []string{"wait", "abort"},
				Explain: []string{
					"no (the literal pseudocode): it waits out T and broadcasts COORDINATOR for the smallest OK, or for itself",
					"yes: a COORDINATOR ends its wait; it then only applies the COORDINATOR rule",
				},
				Default: 0,
			},
			{
				ID:       "AMB-KAB-3",
				Question: "do broadcast recipients include crashed members?",
				Readings: []string{"bcast-all", "bcast-live"},
				Explain: []string{
					"yes: every other process (P2P counts n-1 per broadcast)",
					"no: members crashed before the run are left out (an oracle of that crash set)",
				},
				Default: 0,
			},
			{
				ID:       "AMB-KAB-5",
				Question: "does adopting a lower coordinator end a self-declarer's belief that it is coordinator?",
				Readings: []string{"yield", "keep-role"},
				Explain: []string{
					"yes: on COORDINATOR_k with k < w, w adopts k and stops acting as coordinator",
					"no: w records k as coordinator but goes on acting as one",
				},
				Default: 0,
			},
			{
				ID:       "AMB-KAB-6",
				Question: "what does a joiner do when no CID answers its QUERY?",
				Readings: []string{"join-wait", "join-self"},
				Explain: []string{
					"nothing (the pseudocode specifies no action): it knows no coordinator",
					"it broadcasts COORDINATOR for itself when its wait ends (not in the text)",
				},
				Default: 0,
			},
			{
				ID:       "AMB-KAB-7",
				Question: "what is b in eq.(2), \"2b + (n − 1) … b is the number of broadcast messages\"?",
				Readings: []string{"b-broadcasts", "b-bcast1", "b-p2p"},
				Explain: []string{
					"the number of broadcasts on the pseudocode's worst-case path (election, coordinator): b = 2",
					"the cost of one broadcast counted as one transmission: b = 1, 2b two broadcasts",
					"the cost of one broadcast counted point to point: b = n-1 (formulas only; no behaviour changes)",
				},
				Default: 0,
			},
		},
	},
	Init: bullykit.Init(true, fields),
	Step: step,
	View: func(s State) model.View { return fields(&s).Belief().View() },
	Encode: func(s State, b []byte) []byte {
		b = fields(&s).Belief().Append(b, byte(s.Phase), 4)
		return binary.LittleEndian.AppendUint32(b, uint32(s.MinOK))
	},
}

// fields points at the belief fields of s (package bullykit).
func fields(s *State) bullykit.Fields { return bullykit.Fields{Leader: &s.Leader, Coord: &s.Coord} }

// B is b of eq.(2) at p under the AMB-KAB-7 reading in p.Variant.
func B(p claim.Params) int64 {
	switch p.Reading(AmbB) {
	case BOneBCAST1:
		return 1
	case BOneP2P:
		return int64(p.N) - 1
	}
	return 2
}

// secondMin evaluates "P has the second minimum ID" under AMB-KAB-1. It
// records, as the observation "knows", what knowledge beyond the process's
// own id and the a-priori minimum the evaluation needed (1: the
// membership, 2: who is live), for C-KAB-9.
func secondMin(env *model.Env, out *model.Outbox) bool {
	switch env.Reading(AmbSecond) {
	case SecondFixed:
		return env.Self == MinPossible+1
	case SecondLive:
		out.Observe("knows", 2)
		old := env.InitialCoordinator(true)
		for _, id := range env.Topo.Sorted() {
			if id == old || (env.Initial != nil && env.Initial[env.Topo.IndexOf(id)] != model.Live) {
				continue
			}
			return id == env.Self
		}
		return false
	}
	out.Observe("knows", 1)
	ms := env.InitialMembers(nil)
	return len(ms) > 1 && ms[1] == env.Self
}

// broadcast sends a message of kind k to every other process (AMB-KAB-3:
// those crashed before the run left out under "bcast-live").
func broadcast(env *model.Env, out *model.Outbox, k *model.Kind, a int32) {
	bullykit.Multicast(out, bullykit.Recipients(env, AmbCrashed, func(id model.ID) bool { return id != env.Self }), k, a)
}

// declare makes the process coordinator and broadcasts COORDINATOR_self.
// The observation "choose" records that the process chose (here, itself)
// as coordinator, for C-KAB-8.
func declare(env *model.Env, s State, out *model.Outbox) State {
	s.Coord, s.Leader = true, env.Self
	out.Observe(model.ObsChoose, int32(env.Self))
	broadcast(env, out, Coordinator, int32(env.Self))
	return s
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	switch in.Kind {
	case model.InStart:
		// A process cannot detect its own crash; a detector already
		// waiting has nothing more to start.
		if s.Coord || s.Phase != Idle {
			return s
		}
		// procedure failureDetection: "if (P_i has the second minimum
		// id) then broadcast(coordinator_i)".
		if secondMin(env, out) {
			return declare(env, s, out)
		}
		// "else broadcast(election); wait for responses".
		out.Observe("election", int32(env.Self))
		broadcast(env, out, Election, 0)
		s.Phase, s.MinOK = Waiting, model.None
		out.SetTimer(T, 2)
	case model.InJoin, model.InRecover:
		// §II: "A new process or one that failed earlier may join in the
		// system." §IV 5: "It has the minimum ID, it sends a
		// COORDINATOR_x message to all processes".
		s.Coord, s.Leader, s.Phase = false, model.None, Idle
		if env.Self == MinPossible {
			return declare(env, s, out)
		}
		// procedure joiningTheSystem: "broadcast(query); wait for
		// response".
		broadcast(env, out, Query, 0)
		s.Phase = Querying
		out.SetTimer(T, 2)
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = receive(env, s, m, out)
		}
	case model.InTimer:
		if in.Timer != T {
			return s
		}
		switch s.Phase {
		case Waiting:
			s.Phase = Idle
			// "if (any ok message received) then find smallest id c
			// from the responses; broadcast(coordinator_c) else
			// broadcast(coordinator_i)".
			if s.MinOK == model.None {
				return declare(env, s, out)
			}
			s.Leader, s.Coord = s.MinOK, false
			out.Observe(model.ObsChoose, int32(s.MinOK))
			broadcast(env, out, Coordinator, int32(s.MinOK))
		case Querying:
			s.Phase = Idle
			if env.Reading(AmbJoin) == JoinSelf {
				return declare(env, s, out)
			}
			// AMB-KAB-6 "join-wait": the pseudocode has no action.
		}
	}
	return s
}

func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Election:
		// procedure electionMessageReceived: "if (j is the second
		// minimum id) then broadcast(coordinator_j) else if (j is lower
		// than i) then send(OK_i)".
		if secondMin(env, out) {
			return declare(env, s, out)
		}
		if env.Self < m.From {
			out.Send(m.From, OK, int32(env.Self), 0)
		}
	case OK:
		if s.Phase == Waiting && (s.MinOK == model.None || model.ID(m.A) < s.MinOK) {
			s.MinOK = model.ID(m.A)
		}
	case Coordinator:
		k := model.ID(m.A)
		if s.Phase == Waiting && env.Reading(AmbAbort) == Abort {
			// AMB-KAB-2 "abort": a COORDINATOR ends the detector's wait.
			s.Phase = Idle
			out.CancelTimer(T)
		}
		// procedure coordinatorMessageReceived: "if (w is lower than k)
		// then broadcast(coordinator_w)" (§IV 6: "This ensures that we
		// have only one coordinator at any given time").
		if env.Self < k {
			return declare(env, s, out)
		}
		// Otherwise adopt k (AMB-KAB-5 decides whether a self-declarer
		// stops acting as coordinator).
		s.Leader = k
		if k == env.Self {
			s.Coord = true
		} else if env.Reading(AmbYield) == Yield {
			s.Coord = false
		}
	case Query:
		// procedure queryMessageReceived: "if (The process with ID c is
		// the coordinator) then answer with (CiDc) message".
		if s.Coord {
			out.Send(m.From, CID, int32(env.Self), 0)
		}
	case CID:
		if s.Phase != Querying {
			return s
		}
		s.Phase = Idle
		out.CancelTimer(T)
		c := model.ID(m.A)
		// "if (x is lower than id of the coordinator) then
		// broadcast(coordinator_x)".
		if env.Self < c {
			return declare(env, s, out)
		}
		s.Leader = c
	}
	return s
}
