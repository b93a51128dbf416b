// Package lelann is seed 001's basic unidirectional-ring election: every
// live process puts its own ("elect me", id) message on the ring and
// forwards everybody else's, so an initiator learns the ids of all nonfailed
// processes when its own message comes back, elects the highest and
// announces it with ("new coordinator", max). It costs an order of n²
// messages (the LeLann scheme).
//
// The ring is unidirectional with FIFO links, and the control part of a
// failed process forwards every message it receives (Info.Forwarding): the
// model does that forwarding, the algorithm never sees it.
//
// Reference: [S1] "Election Algorithms for Unidirectional Ring Topologies",
// first paragraph (basic version); catalog algorithm A5 (ALG-RING1-BASIC),
// ambiguities AMB-R1-1, AMB-R1-2 and AMB-R1-3.
package lelann

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Elect is ("elect me", A): A is the id of the process that put the
	// message on the ring.
	Elect = &model.Kind{Name: "elect", Args: 1}
	// Coord is ("new coordinator", A) sent by the announcer B: A is the
	// elected process, B the process that announces it, so a receiver
	// knows where the announcement's lap ends.
	Coord = &model.Kind{Name: "coord", Args: 2}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Elect, Coord)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbAnnouncers is AMB-R1-1: do non-initiators also elect? Reading 0
	// ("initiators-announce"): only initiators announce; reading 1
	// ("all-announce"): every process announces when its own message
	// returns.
	AmbAnnouncers = 0
	// AmbLength is AMB-R1-2: the length of the announcement. Reading 0
	// ("announce-n"): n hops, the announcer consumes its own message;
	// reading 1 ("announce-n-1"): n-1 hops, the process whose ring
	// successor is the announcer does not forward.
	AmbLength = 1
	// AmbN is AMB-R1-3: what n counts in the claims' formulas. Reading 0
	// ("n-positions"): every ring position, failed forwarders included;
	// reading 1 ("n-live"): live processes only. It changes no behaviour,
	// only how formulas evaluate n (see RingN).
	AmbN = 2
)

// Readings of AmbAnnouncers.
const (
	InitiatorsAnnounce uint8 = 0
	AllAnnounce        uint8 = 1
)

// Readings of AmbLength.
const (
	AnnounceN       uint8 = 0
	AnnounceNMinus1 uint8 = 1
)

// Readings of AmbN.
const (
	NPositions uint8 = 0
	NLive      uint8 = 1
)

// State is one process's state. Its Seen set is never modified in place
// where another state can see it, so old states stay valid.
type State struct {
	// Initiator: the process received an InStart input (it detected the
	// coordinator's failure). Under "initiators-announce" only such a
	// process announces when its own message returns.
	Initiator bool
	// Sent: the process has put its own ("elect me", self) on the ring.
	// It is set at most once and never cleared; every process sends its
	// own message at most once.
	Sent bool
	// Returned: the process's own ("elect me", self) came back to it and
	// was consumed. Implies Sent.
	Returned bool
	// Seen holds, without duplicates, the ids other than self of the
	// ("elect me", x) messages received before the own message returned
	// (a set: it prints and encodes in increasing order). It is frozen
	// once Returned is set.
	Seen Seen
	// Leader is the coordinator the process believes in: the one it
	// announced or the last one announced to it (None before).
	Leader model.ID
	// Coord: the process has learned that it is the coordinator itself
	// (it announced itself, or received ("new coordinator", self)); it is
	// cleared when another process is announced to it. Coord implies
	// Leader == self.
	Coord bool
}

// Algorithm is the basic ring election as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:       "lelann",
		Title:      "Unidirectional ring, basic version: every process sends its own elect message (LeLann-like, n² messages)",
		Source:     "[S1] Election Algorithms for Unidirectional Ring Topologies (basic version); catalog A5",
		Topology:   model.UniRing,
		Compare:    true,
		Forwarding: true,
		Kinds:      kinds,
		Ambiguities: []model.Ambiguity{
			{
				ID:       "AMB-R1-1",
				Question: "do non-initiators also elect and announce when their own elect message returns?",
				Readings: []string{"initiators-announce", "all-announce"},
				Explain: []string{
					"only initiators announce; a non-initiator consumes its own message silently",
					"every process announces (new coordinator, max) when its own message returns",
				},
				Default: 0,
			},
			{
				ID:       "AMB-R1-2",
				Question: "how many hops does the (new coordinator) announcement travel?",
				Readings: []string{"announce-n", "announce-n-1"},
				Explain: []string{
					"n hops: the announcement returns to the announcer, which consumes it",
					"n-1 hops: the process whose ring successor (by position) is the announcer does not forward it",
				},
				Default: 0,
			},
			{
				ID:       "AMB-R1-3",
				Question: "what does n count in the claims' formulas?",
				Readings: []string{"n-positions", "n-live"},
				Explain: []string{
					"all ring positions, failed forwarders included",
					"live processes only (changes only how formulas evaluate n, not the behaviour)",
				},
				Default: 0,
			},
		},
	},
	Init: func(env *model.Env) State { return State{} },
	Step: ringkit.Step(initiate, receive),
	View: func(s State) model.View {
		return model.View{Leader: s.Leader, Coordinator: s.Coord}
	},
	Encode: func(s State, b []byte) []byte {
		b = append(b, model.Flags(s.Initiator, s.Sent, s.Returned, s.Coord))
		b = strconv.AppendInt(b, int64(s.Leader), 10)
		return append(s.Seen.appendAscending(b), ';')
	},
}

// RingN is the n a claim formula uses under the AMB-R1-3 reading in
// p.Variant: ring positions (default) or live processes.
func RingN(p claim.Params) int { return p.NCounted(AmbN, NLive) }

// initiate makes the process an initiator on its start input.
func initiate(env *model.Env, s State, out *model.Outbox) State {
	// [S1]: "A process Pi initiates an election by sending out an
	// ("elect me", Pi) message along its out-edge." A process that
	// already sent its own message (as a participant) does not send
	// it again; it becomes an initiator all the same.
	s.Initiator = true
	return sendOwn(env, s, out)
}

// sendOwn puts the process's own ("elect me", self) on the ring unless it
// already did: every process sends its own message at most once.
func sendOwn(env *model.Env, s State, out *model.Outbox) State {
	if !s.Sent {
		s.Sent = true
		out.Send(env.Next(), Elect, int32(env.Self), 0)
	}
	return s
}

func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	self := env.Self
	switch m.Kind {
	case Elect:
		x := model.ID(m.A)
		if x == self {
			return ownReturned(env, s, out)
		}
		if !s.Returned {
			s.Seen = s.Seen.with(x)
		}
		// [S1]: "A process Pj that receives this message performs two
		// actions--it sends out an ("elect me", Pj) message of its own
		// and also forwards the ("elect me", Pi) message immediately
		// after its own message."
		s = sendOwn(env, s, out)
		// [S1]: "simply forwards each received message along its
		// out-edge" (catalog A5 rule 3: every foreign message).
		out.Send(env.Next(), Elect, m.A, 0)
	case Coord:
		c, announcer := model.ID(m.A), model.ID(m.B)
		if announcer == self {
			// AMB-R1-2 "announce-n": the announcement has gone round the
			// ring (n hops) and is consumed by its announcer. Under
			// "announce-n-1" this happens only when the announcer's
			// predecessor position is a failed forwarder.
			return s
		}
		// [S1]: "It now sends a ("new coordinator", Phigh) message along
		// the ring to inform all processes about the outcome of the
		// election."
		s.Leader, s.Coord = c, c == self
		if env.Reading(AmbLength) == AnnounceNMinus1 && env.Next() == announcer {
			// AMB-R1-2 "announce-n-1": the last of the n-1 hops.
			return s
		}
		out.Send(env.Next(), Coord, m.A, m.B)
	}
	return s
}

// ownReturned handles the return of the process's own elect message.
func ownReturned(env *model.Env, s State, out *model.Outbox) State {
	if s.Returned {
		return s
	}
	s.Returned = true
	if s.Initiator {
		// [S1]: "These messages reach process Pi such that the ("elect
		// me", Pi) message follows all the other messages." C-RING1-2
		// compares this count with the live processes.
		out.Observe("own-returned", int32(len(s.Seen)))
	}
	if !s.Initiator && env.Reading(AmbAnnouncers) == InitiatorsAnnounce {
		// AMB-R1-1 "initiators-announce": a non-initiator consumes its
		// own message without electing.
		return s
	}
	// [S1]: "Process Pi examines process ids contained in all these
	// messages and elects the highest priority process, say Phigh, as the
	// new coordinator. It now sends a ("new coordinator", Phigh) message
	// along the ring".
	max := env.Self
	if len(s.Seen) > 0 && s.Seen.max() > max {
		max = s.Seen.max()
	}
	out.Observe("announce", int32(max))
	s.Leader, s.Coord = max, max == env.Self
	out.Send(env.Next(), Coord, int32(max), int32(env.Self))
	return s
}

// Seen is the set of ids a process has seen (State.Seen), kept in the
// order they arrived, each once. An election adds one id per elect
// message it forwards: appended in place (model.AppendID) that costs O(1),
// where keeping the list sorted cost a copy of it per id. It prints as fmt
// prints the sorted list of its ids ("[1 3 4]"), and State's Encode
// encodes them in increasing order. A Seen made by hand (a test's) has no
// spare capacity (a literal, or l[:n:n]: model.AppendID's rule).
type Seen []model.ID

// with returns s with id x added: s itself when it holds x. s is never
// modified where another state can see it (model.AppendID).
func (s Seen) with(x model.ID) Seen {
	if slices.Contains(s, x) {
		return s
	}
	return model.AppendID(s, x)
}

// max returns the largest id of the non-empty set s.
func (s Seen) max() model.ID { return slices.Max(s) }

// appendAscending appends ",id" to b for each id of s, in increasing
// order (a small set without a copy).
func (s Seen) appendAscending(b []byte) []byte {
	if len(s) > 32 {
		for _, id := range slices.Sorted(slices.Values(s)) {
			b = strconv.AppendInt(append(b, ','), int64(id), 10)
		}
		return b
	}
	// The next id is the least above the last one appended (the ids are
	// distinct).
	var last model.ID
	for k := range len(s) {
		var next model.ID
		found := false
		for _, id := range s {
			if (k == 0 || id > last) && (!found || id < next) {
				next, found = id, true
			}
		}
		b = strconv.AppendInt(append(b, ','), int64(next), 10)
		last = next
	}
	return b
}

// String prints the ids in increasing order, as fmt prints a []model.ID.
func (s Seen) String() string { return fmt.Sprint(slices.Sorted(slices.Values(s))) }
