// Package vnetjoin is the join of a new ECoordinator into [S3]'s virtual
// network of the sites' ECoordinators (catalog C-HIER-5): the virtual
// network is either a complete graph, where the joiner "should announce its
// entry to all other processes (such as Bully algorithm)", or the
// bidirectional ring [S3] prefers, where "two message sending is enough".
//
// Reference: [S3] §VII ("Any site's ECoordinator is placed in this network,
// so they just know about their successor and predecessor site's
// ECoordinator … If n2 is denoted as the site's number of processes, n2
// messages should be exchanged when new a process wants to join a virtual
// network but in bidirectional ring network two message sending is
// enough"); catalog C-HIER-5 with AMB-VNET-TOPO and AMB-VNET-N2.
//
// Modelling. The processes are the virtual network's members (the sites'
// ECoordinators) and one joiner, absent at the start (Config.Absent); its
// join event is the only input that matters (a start input is ignored:
// nobody detects anything in a join). Every process knows every id ([S3]
// §V) and who is a member at the start (Env.Initial), so the joiner knows
// its place: in the ring readings the ring is the members in increasing id
// order, closed, and the joiner's place is between its id-predecessor and
// its id-successor among the members (cyclically). The network is modelled
// as a complete graph in both readings (the virtual network's links are
// logical); in the ring readings a process sends only to its two ring
// neighbours.
package vnetjoin

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Join is Join(side): the joiner's announcement. In the complete
	// reading side is 0; in the ring readings it is Succ to the joiner's
	// successor (set your predecessor to me) and Pred to its predecessor
	// (set your successor to me).
	Join = &model.Kind{Name: "join", Args: 1}
	// JoinAck is a ring neighbour's acknowledgement (bidir-ring-ack only).
	JoinAck = &model.Kind{Name: "joinack"}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Join, JoinAck)

// Join sides.
const (
	// ToSucc: the receiver is the joiner's successor.
	ToSucc int32 = 1
	// ToPred: the receiver is the joiner's predecessor.
	ToPred int32 = 2
)

// Ambiguity indices (into model.Env.Variant).
const (
	AmbTopo = iota // AMB-VNET-TOPO
	AmbN2          // AMB-VNET-N2
)

// Readings.
const (
	BiRing, Complete, BiRingAck uint8 = 0, 1, 2
	N2SPN, N2Members            uint8 = 0, 1
)

// Table5 is [S3] Table 5's (NS, SPN) pairs: the virtual network's size and
// the site's process number of each row.
var Table5 = [][2]int{{4, 120}, {13, 160}, {24, 200}, {40, 250}}

var ambiguities = []model.Ambiguity{
	{ID: "AMB-VNET-TOPO", Question: "the virtual network's topology, and what a join sends ([S3] §VII gives no join protocol: only \"announce its entry to all other processes\" and \"two message sending\")",
		Readings: []string{"bidir-ring", "complete", "bidir-ring-ack"},
		Explain: []string{
			"the bidirectional ring [S3] sets up (\"this topology is preferred\"): the joiner is spliced between its successor and predecessor and tells both (one Join each); the default",
			"a complete graph (\"all processes in network are known by one another\"): the joiner announces its entry to every member (one Join each), as the Bully algorithm",
			"the bidirectional ring, and each neighbour acknowledges the splice to the joiner (one JoinAck each)",
		}},
	{ID: "AMB-VNET-N2", Question: "what \"n2\" counts in \"n2 messages should be exchanged\" (the text defines it as \"the site's number of processes\", but the join is into the virtual network of the sites' ECoordinators)",
		Readings: []string{"n2-spn", "n2-members"},
		Explain: []string{
			"the text's definition: the site's number of processes SPN, taken from [S3] Table 5's row with the virtual network's NS (NS = 4, 13, 24, 40: SPN = 120, 160, 200, 250; at another NS, not a paper row, SPN = NS); the default",
			"the number of the virtual network's members NS (the processes the joiner announces its entry to)",
		}},
}

// State is one process's state. Its slices are never modified in place.
type State struct {
	// Self is the process's id.
	Self model.ID
	// Member: the process is in the virtual network (a member at the
	// start, or the joiner once it has joined).
	Member bool
	// Peers (complete reading) are the other members this process knows,
	// sorted: the start membership plus the joiners it heard of. nil in
	// the ring readings and at a joiner that has not joined.
	Peers []model.ID
	// Pred and Succ (ring readings) are the process's ring neighbours
	// (None in the complete reading and at a joiner that has not joined).
	Pred, Succ model.ID
	// Acks (bidir-ring-ack) is the number of acknowledgements the joiner
	// received (0, 1 or 2).
	Acks int32
}

// Algorithm is the join into the virtual network as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:        "vnetjoin",
		Title:       "[S3]'s join of an ECoordinator into the virtual network (complete graph or bidirectional ring)",
		Source:      "[S3] §VII; catalog C-HIER-5",
		Topology:    model.Complete,
		Kinds:       kinds,
		Ambiguities: ambiguities,
	},
	Init: initState,
	Step: step,
	View: func(s State) model.View {
		return model.View{Leader: model.None}
	},
	Encode: encode,
}

func encode(s State, b []byte) []byte {
	b = strconv.AppendInt(b, int64(s.Self), 10)
	if s.Member {
		b = append(b, 'm')
	}
	for _, id := range [...]model.ID{s.Pred, s.Succ, model.ID(s.Acks)} {
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(id), 10)
	}
	b = append(b, '[')
	for _, id := range s.Peers {
		b = strconv.AppendInt(b, int64(id), 10)
		b = append(b, ' ')
	}
	return append(b, ']')
}

// String renders the state for traces.
func (s State) String() string {
	return fmt.Sprintf("{member:%v pred:%d succ:%d acks:%d peers:%v}", s.Member, s.Pred, s.Succ, s.Acks, s.Peers)
}

// members returns the members at the start other than self, sorted (every
// process knows every id and who is absent, [S3] §V).
func members(env *model.Env) []model.ID {
	var out []model.ID
	for _, id := range env.Topo.Sorted() {
		i := env.Topo.IndexOf(id)
		if id != env.Self && (env.Initial == nil || env.Initial[i] != model.Absent) {
			out = append(out, id)
		}
	}
	return out
}

// Neighbours returns self's ring neighbours among others (sorted ids, self
// not among them): the ring is the ids in increasing order, closed.
func Neighbours(others []model.ID, self model.ID) (pred, succ model.ID) {
	if len(others) == 0 {
		return model.None, model.None
	}
	i, _ := slices.BinarySearch(others, self)
	pred = others[(i+len(others)-1)%len(others)]
	succ = others[i%len(others)]
	return pred, succ
}

func initState(env *model.Env) State {
	s := State{Self: env.Self}
	if env.Initial != nil && env.Initial[env.Index] == model.Absent {
		return s // the joiner: not a member yet
	}
	s.Member = true
	others := members(env)
	if env.Reading(AmbTopo) == Complete {
		s.Peers = others
		return s
	}
	s.Pred, s.Succ = Neighbours(others, env.Self)
	return s
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	s.Self = env.Self
	switch in.Kind {
	case model.InJoin:
		return join(env, s, out)
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = deliver(env, s, m, out)
		}
	}
	// A start input is ignored: a join has no detector.
	return s
}

// join: the joiner enters the virtual network.
func join(env *model.Env, s State, out *model.Outbox) State {
	s.Member = true
	others := members(env)
	if env.Reading(AmbTopo) == Complete {
		// [S3] §VII: "if a new process wants to join a virtual network
		// it should announce its entry to all other processes (such as
		// Bully algorithm)".
		s.Peers = others
		for _, id := range others {
			out.Send(id, Join, 0, 0)
		}
		return s
	}
	// [S3] §VII: "in bidirectional ring network two message sending is
	// enough": the joiner tells its successor and its predecessor.
	s.Pred, s.Succ = Neighbours(others, env.Self)
	if s.Succ != model.None {
		out.Send(s.Succ, Join, ToSucc, 0)
	}
	if s.Pred != model.None && s.Pred != s.Succ {
		out.Send(s.Pred, Join, ToPred, 0)
	}
	return s
}

func deliver(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Join:
		switch model.ID(m.A) {
		case 0:
			// Complete: the announced joiner becomes a known peer.
			if !slices.Contains(s.Peers, m.From) {
				p := append(append([]model.ID(nil), s.Peers...), m.From)
				slices.Sort(p)
				s.Peers = p
			}
			return s
		case model.ID(ToSucc):
			s.Pred = m.From
		case model.ID(ToPred):
			s.Succ = m.From
		}
		if len(members(env)) == 0 {
			// One member and the joiner: a ring of two, both links.
			s.Pred, s.Succ = m.From, m.From
		}
		if env.Reading(AmbTopo) == BiRingAck {
			out.Send(m.From, JoinAck, 0, 0)
		}
	case JoinAck:
		s.Acks++
	}
	return s
}
