// Package fceabr is [S0]'s FCEABR: a fault-tolerant coordinator election on
// a bidirectional ring. An Election message travels both ways from each
// initiator, collecting the coordinator and a surrogate coordinator; a node
// that receives the same informer's Election from both sides is a terminal
// and announces (coordinator, surrogate) with a Coordinator message. When
// the coordinator crashes, a detector promotes the surrogate at once
// ("without waiting") and an SElection / SCoordinator pair of waves elects
// the next surrogate.
//
// Reference: [S0] §IV (message format, the kill rule), §V (the four
// messages, Fig. 4–10); [S3] §VI restates it; catalog algorithm A1
// (ALG-FCEABR) with AMB-FCEABR-1 … 11.
//
// Scenarios. A run is one of two scenarios, fixed by its config:
//   - election: the best initial member is live. Nobody knows a
//     coordinator; the initiators (Config.Initiators) start an Election.
//   - crash handling: the best initial member (the coordinator) is crashed
//     before the run. Every process knows (coordinator, surrogate) from the
//     previous election (the two best initial members); the initiators are
//     the detectors (FPN of them) and start SElection.
//
// Env.Initial is read for two things only: which scenario the run is (the
// detectors' input "coordinator crash detected"), and, under the healed
// reading of AMB-FCEABR-6, the healed ring that bypasses processes crashed
// before the run at no message cost. The monitor reading of AMB-FCEABR-9
// also uses it as its (added, not [S0]'s) failure detector for the
// surrogate.
//
// Messages carry the informer in A, the direction of travel in B (0:
// clockwise, i.e. arrived from the predecessor; 1: counter-clockwise) and
// (coordinator, surrogate) in List.
package fceabr

import (
	"strconv"

	"electlab/model"
)

// Message kinds.
var (
	kinds = model.Kinds(
		model.KindSpec{Name: "election", Args: 1},
		model.KindSpec{Name: "coordinator", Args: 1},
		model.KindSpec{Name: "selection", Args: 1},
		model.KindSpec{Name: "scoordinator", Args: 1},
	)
	// Election is Election(informer; coordinator, surrogate).
	Election = kinds[0]
	// Coordinator is Coordinator(terminal; coordinator, surrogate).
	Coordinator = kinds[1]
	// SElection is SElection(informer; new coordinator, surrogate).
	SElection = kinds[2]
	// SCoordinator is SCoordinator(terminal; coordinator, surrogate).
	SCoordinator = kinds[3]
)

// Ambiguity indices (into model.Env.Variant), in catalog order.
const (
	AmbKill     = iota // AMB-FCEABR-1: max-seen | pairwise
	AmbTerminal        // AMB-FCEABR-2: r1 | r2
	AmbMerge           // AMB-FCEABR-3: top2-own | literal-merge | top2-msgs
	AmbMeet            // AMB-FCEABR-4: stop-both | forward-higher
	AmbEpoch           // AMB-FCEABR-5: epoch | no-epoch
	AmbRepair          // AMB-FCEABR-6: healed | path
	AmbLate            // AMB-FCEABR-7: late-silent | late-initiates
	AmbOwnBack         // AMB-FCEABR-8: own-back-terminal
	AmbSurr            // AMB-FCEABR-9: no-monitor | monitor
	AmbN               // AMB-FCEABR-10: n-live | n-all (formulas only)
	AmbJoiner          // AMB-FCEABR-11: joiner-ignored | joiner-candidate
)

// Readings.
const (
	MaxSeen, Pairwise             uint8 = 0, 1
	R1, R2                        uint8 = 0, 1
	Top2Own, LiteralMerge, Top2Ms uint8 = 0, 1, 2
	StopBoth, ForwardHigher       uint8 = 0, 1
	Epoch, NoEpoch                uint8 = 0, 1
	Healed, Path                  uint8 = 0, 1
	LateSilent, LateInitiates     uint8 = 0, 1
	OwnBackTerminal, OwnBackDrop  uint8 = 0, 1
	NoMonitor, Monitor            uint8 = 0, 1
	NLive, NAll                   uint8 = 0, 1
	JoinerIgnored, JoinerCand     uint8 = 0, 1
)

var ambiguities = []model.Ambiguity{
	{ID: "AMB-FCEABR-1", Question: "the kill rule between informers",
		Readings: []string{"max-seen", "pairwise"},
		Explain: []string{
			"kill any message whose informer is below the highest informer of its label the node has seen ([S0] §VII)",
			"when two messages meet (the message and the last one accepted travelling the other way, or one arriving from the other side in the same step), stop the one with the lower informer",
		}},
	{ID: "AMB-FCEABR-2", Question: "what terminals send when there are two adjacent terminals",
		Readings: []string{"r1", "r2"},
		Explain: []string{
			"every terminal sends its Coordinator both ways; a node drops the crossing duplicates",
			"a terminal that received the informer's two copies in one step sends both ways; one that received the second copy later sends only away from the side it came from (away from the other terminal)",
		}},
	{ID: "AMB-FCEABR-3", Question: "the terminal's merge (\"selects greater ones as coordinator and other as surrogate\")",
		Readings: []string{"top2-own", "literal-merge", "top2-msgs"},
		Explain: []string{
			"top-2 of both messages' (coordinator, surrogate) and the terminal's own id",
			"the literal reading: the greater of the two coordinator fields becomes coordinator, the other surrogate",
			"top-2 of the two messages' fields, without the terminal's own id",
		}},
	{ID: "AMB-FCEABR-4", Question: "two Coordinator waves meeting at one node in one step",
		Readings: []string{"stop-both", "forward-higher"},
		Explain: []string{
			"a node that receives two Coordinators in one step, from both sides, forwards neither",
			"the literal reading (\"stop the lower initiator\"): forward the higher-informer one once more",
		}},
	{ID: "AMB-FCEABR-5", Question: "identity of an election instance (labels are message types; no epoch)",
		Readings: []string{"epoch", "no-epoch"},
		Explain: []string{
			"Election and crash handling keep separate max-seen/terminal state (crash handling keyed by the crash)",
			"the literal reading: one max-seen/terminal state shared by every label",
		}},
	{ID: "AMB-FCEABR-6", Question: "ring repair after a crash (nodes know only their neighbours)",
		Readings: []string{"healed", "path"},
		Explain: []string{
			"the ring is healed: processes crashed before the run are bypassed at no message cost",
			"the crashed node breaks the ring: a message sent to it is lost",
		}},
	{ID: "AMB-FCEABR-7", Question: "does a process that has already heard of the crash (or of a higher election) still initiate when it detects later?",
		Readings: []string{"late-silent", "late-initiates"},
		Explain: []string{
			"no: only processes that have not yet heard initiate",
			"yes: every detector initiates",
		}},
	{ID: "AMB-FCEABR-8", Question: "the initiator receives its own Election back",
		Readings: []string{"own-back-terminal", "own-back-drop"},
		Explain: []string{
			"the initiator becomes a terminal, with full information from the returning copy",
			"not in the catalog, the alternative it rules out: the initiator drops its own returning message (only a node that forwarded a copy can be a terminal)",
		}},
	{ID: "AMB-FCEABR-9", Question: "liveness of the surrogate (no mechanism in the text)",
		Readings: []string{"no-monitor", "monitor"},
		Explain: []string{
			"as specified: nobody checks the surrogate",
			"NOT IN [S0]: a detector whose surrogate is also crashed starts a full Election instead of SElection",
		}},
	{ID: "AMB-FCEABR-10", Question: "what N means in eq.(1)/(2) and in \"n if even\" after a crash",
		Readings: []string{"n-live", "n-all"},
		Explain: []string{
			"the live processes on the healed ring",
			"all processes before the crash",
		}},
	{ID: "AMB-FCEABR-11", Question: "does a late-joining larger id become a candidate?",
		Readings: []string{"joiner-ignored", "joiner-candidate"},
		Explain: []string{
			"no, not until the next full Election: a joiner merges nothing into crash handling",
			"yes: a joiner merges its id into crash handling like any member",
		}},
}

// Wave is a node's state for one election instance (Election/Coordinator,
// or SElection/SCoordinator under the epoch reading).
type Wave struct {
	// Acc is the informer last accepted from each side (0: travelling
	// clockwise, from the predecessor; 1: from the successor); the
	// initiator has accepted its own informer from both.
	Acc [2]model.ID
	// Raw is the (coordinator, surrogate) of that message as received.
	Raw [2][2]model.ID
	// Max is the highest informer seen (the max-seen kill rule).
	Max model.ID
	// Done: this node was a terminal or has received a coordinator-type
	// message; it forwards no further coordinator-type message.
	Done bool
}

// State is one process's state.
type State struct {
	// Coord and Surr are the node's view of (coordinator, surrogate).
	Coord, Surr model.ID
	// Promoted: the node has promoted its surrogate for this crash.
	Promoted bool
	// Joined: the node joined during the run.
	Joined bool
	// Self is the process's id (for View).
	Self model.ID
	// E and S are the election and crash-handling instances (S is unused
	// under no-epoch).
	E, S Wave
}

// Algorithm is FCEABR as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:        "fceabr",
		Title:       "FCEABR: fault-tolerant coordinator election with a surrogate on a bidirectional ring",
		Source:      "[S0] §IV–V; [S3] §VI; catalog A1",
		Topology:    model.BiRing,
		Kinds:       kinds,
		Ambiguities: ambiguities,
		Claims:      claims,
	},
	Init: initState,
	Step: step,
	// A node acts as coordinator when it holds itself as coordinator.
	View: func(s State) model.View {
		return model.View{Leader: s.Coord, Coordinator: s.Coord != model.None && s.Coord == s.Self}
	},
	Encode: encode,
}

func encode(s State, b []byte) []byte {
	ids := [...]model.ID{s.Self, s.Coord, s.Surr}
	for _, id := range ids {
		b = strconv.AppendInt(b, int64(id), 10)
		b = append(b, ',')
	}
	var f byte
	if s.Promoted {
		f |= 1
	}
	if s.Joined {
		f |= 2
	}
	if s.E.Done {
		f |= 4
	}
	if s.S.Done {
		f |= 8
	}
	b = append(b, f)
	for _, w := range [...]*Wave{&s.E, &s.S} {
		for _, id := range [...]model.ID{w.Acc[0], w.Acc[1], w.Raw[0][0], w.Raw[0][1], w.Raw[1][0], w.Raw[1][1], w.Max} {
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(id), 10)
		}
	}
	return b
}

// crashScenario reports that the best initial member is crashed before the
// run (the detectors' input).
func crashScenario(env *model.Env) bool {
	c := env.InitialCoordinator(false)
	return env.Initial != nil && env.Initial[env.Topo.IndexOf(c)] == model.Crashed
}

// secondMember is the second best initial member.
func secondMember(env *model.Env) model.ID {
	var buf [64]model.ID
	m := env.InitialMembers(buf[:0])
	if len(m) < 2 {
		return model.None
	}
	return m[len(m)-2]
}

func initState(env *model.Env) State {
	s := State{Self: env.Self}
	if crashScenario(env) {
		s.Coord, s.Surr = env.InitialCoordinator(false), secondMember(env)
	}
	return s
}

// neighbour is the next process in direction dir (0: clockwise).
func neighbour(env *model.Env, dir int) model.ID {
	t := env.Topo
	i := env.Index
	for range t.N() {
		if dir == 0 {
			i = t.Next(i)
		} else {
			i = t.Prev(i)
		}
		if env.Reading(AmbRepair) == Path || env.Initial == nil || env.Initial[i] != model.Crashed {
			return t.Order[i]
		}
	}
	return t.Order[i]
}

func crashedAtStart(env *model.Env, id model.ID) bool {
	i := env.Topo.IndexOf(id)
	return i >= 0 && env.Initial != nil && env.Initial[i] == model.Crashed
}

func send(env *model.Env, out *model.Outbox, k *model.Kind, dir int, inf, c, s model.ID) {
	m := model.Message{Kind: k, To: neighbour(env, dir), A: int32(inf), B: int32(dir), List: []model.ID{c, s}}
	out.SendMsg(m)
}

// wave returns the instance for election-type kind k (Election or
// SElection), or coordinator-type kind k.
func (s *State) wave(env *model.Env, crash bool) *Wave {
	if crash && env.Reading(AmbEpoch) == Epoch {
		return &s.S
	}
	return &s.E
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	s.Self = env.Self
	switch in.Kind {
	case model.InStart:
		s = start(env, s, out)
	case model.InDeliver:
		s = deliver(env, s, in.Msgs, out)
	case model.InJoin:
		s.Joined = true
	}
	return s
}

func start(env *model.Env, s State, out *model.Outbox) State {
	self := env.Self
	if s.Coord != model.None && !s.Promoted && env.Reading(AmbSurr) == Monitor && crashedAtStart(env, s.Surr) {
		// AMB-FCEABR-9 monitor (not [S0]): the surrogate is dead too, so
		// there is nobody to promote: a full Election.
		s.Coord, s.Surr = model.None, model.None
	}
	if s.Coord == model.None {
		// [S0] §V.1: "When there is no coordinator in the system, one
		// process ... creates an Election message, and then puts its
		// number in informer section and coordinator message's sections,
		// after it puts zero in the surrogate coordinator section, finally
		// it'll send message to its successor and predecessor."
		w := s.wave(env, false)
		if w.Max != model.None && env.Reading(AmbLate) == LateSilent {
			return s // already taking part in an election (AMB-FCEABR-7)
		}
		initiate(w, self, self, model.None)
		send(env, out, Election, 0, self, self, model.None)
		send(env, out, Election, 1, self, self, model.None)
		return s
	}
	// [S0] §V.3: "If processes find coordinator crash out ... they'll
	// tolerate it by replacing the surrogate coordinator to coordinator.
	// While this process is continuing its ordinary operation without any
	// delay, it creates a message, labels it as SElection and puts the
	// last surrogate coordinator into coordinator section, zero into
	// surrogate coordinator section and its own number into informer."
	if s.Promoted && env.Reading(AmbLate) == LateSilent {
		return s // heard of the crash already (AMB-FCEABR-7)
	}
	s = promote(s)
	w := s.wave(env, true)
	initiate(w, self, s.Coord, model.None)
	send(env, out, SElection, 0, self, s.Coord, model.None)
	send(env, out, SElection, 1, self, s.Coord, model.None)
	return s
}

func initiate(w *Wave, self, c, sur model.ID) {
	w.Acc = [2]model.ID{self, self}
	w.Raw = [2][2]model.ID{{c, sur}, {c, sur}}
	if self > w.Max {
		w.Max = self
	}
}

func promote(s State) State {
	if !s.Promoted {
		s.Promoted = true
		s.Coord, s.Surr = s.Surr, model.None
	}
	return s
}

// msg is one received message, decoded.
type msg struct {
	inf  model.ID
	side int // 0: travelling clockwise (from the predecessor)
	c, s model.ID
}

func decode(m model.Message) msg {
	d := msg{inf: model.ID(m.A), side: int(m.B)}
	if len(m.List) == 2 {
		d.c, d.s = m.List[0], m.List[1]
	}
	return d
}

func deliver(env *model.Env, s State, batch []model.Message, out *model.Outbox) State {
	var elec, coord, selec, scoord []msg
	for _, m := range batch {
		switch m.Kind {
		case Election:
			elec = append(elec, decode(m))
		case Coordinator:
			coord = append(coord, decode(m))
		case SElection:
			selec = append(selec, decode(m))
		case SCoordinator:
			scoord = append(scoord, decode(m))
		}
	}
	if len(selec)+len(scoord) > 0 {
		// [S0] §V.3: "Each process in the network which didn't notice
		// about coordinator crash, will replaces the surrogate
		// coordinator to coordinator by receiving this message".
		s = promote(s)
	}
	if len(elec) > 0 {
		s = electionWave(env, s, elec, false, out)
	}
	if len(selec) > 0 {
		s = electionWave(env, s, selec, true, out)
	}
	if len(coord) > 0 {
		s = coordWave(env, s, coord, false, out)
	}
	if len(scoord) > 0 {
		s = coordWave(env, s, scoord, true, out)
	}
	return s
}

// electionWave handles the Election (crash=false) or SElection messages of
// one step.
func electionWave(env *model.Env, s State, ms []msg, crash bool, out *model.Outbox) State {
	w := s.wave(env, crash)
	// The kill rule (AMB-FCEABR-1), judged against the whole step.
	var batchMax model.ID
	var fromSide [2]model.ID
	for _, m := range ms {
		batchMax = max(batchMax, m.inf)
		fromSide[m.side] = max(fromSide[m.side], m.inf)
	}
	var live []msg
	for _, m := range ms {
		var rival model.ID
		if env.Reading(AmbKill) == MaxSeen {
			// [S0] §VII: "If the new received ones have lower number, the
			// process will stop it."
			rival = max(w.Max, batchMax)
		} else {
			rival = max(w.Acc[1-m.side], fromSide[1-m.side])
		}
		if m.inf >= rival {
			live = append(live, m)
		}
	}
	if len(live) == 0 {
		return s
	}
	if len(live) == 2 && live[0].inf == live[1].inf && live[0].side != live[1].side {
		// [S0] §V.2: "process 6 ... will receive Election messages (which
		// have the same informer number) from its two sides" in one step.
		terminal(env, &s, w, live[0], [2]model.ID{live[1].c, live[1].s}, true, crash, out)
		return s
	}
	for _, m := range live {
		if m.inf == env.Self && env.Reading(AmbOwnBack) == OwnBackDrop {
			continue // AMB-FCEABR-8 own-back-drop
		}
		if w.Acc[1-m.side] == m.inf {
			// The informer's other copy was accepted (forwarded, or sent
			// by this initiator: AMB-FCEABR-8) earlier: a terminal.
			terminal(env, &s, w, m, w.Raw[1-m.side], false, crash, out)
			return s
		}
		if w.Acc[m.side] == m.inf {
			continue // a duplicate from the same side: cannot happen on a ring
		}
		w.Acc[m.side], w.Raw[m.side] = m.inf, [2]model.ID{m.c, m.s}
		w.Max = max(w.Max, m.inf)
		c, sur := m.c, m.s
		if crash {
			// [S0] §V.3: "it compares its own number with message's
			// surrogate coordinator to elect new one".
			if merges(env, s) && env.Self != c && env.Self > sur {
				sur = env.Self
			}
		} else {
			c, sur = top2(c, sur, env.Self)
		}
		// "After that it'll pass the message into network in the same
		// direction it received."
		k := Election
		if crash {
			k = SElection
		}
		send(env, out, k, m.side, m.inf, c, sur)
	}
	return s
}

// merges reports whether this process's id takes part in crash handling
// (AMB-FCEABR-11: a joiner does not, by default).
func merges(env *model.Env, s State) bool {
	return !s.Joined || env.Reading(AmbJoiner) == JoinerCand
}

// top2 returns the two highest distinct non-zero ids of a, b, c.
func top2(ids ...model.ID) (model.ID, model.ID) {
	var x, y model.ID
	for _, id := range ids {
		switch {
		case id == model.None || id == x || id == y:
		case id > x:
			x, y = id, x
		case id > y:
			y = id
		}
	}
	return x, y
}

// terminal: m's informer arrived from both sides (the other copy carried
// other); compute the result and announce it.
func terminal(env *model.Env, s *State, w *Wave, m msg, other [2]model.ID, together, crash bool, out *model.Outbox) {
	self := env.Self
	var c, sur model.ID
	switch env.Reading(AmbMerge) {
	case Top2Own:
		if crash {
			c = m.c
			var own model.ID
			if merges(env, *s) {
				own = self
			}
			sur = bestBelow(c, m.s, other[1], own)
		} else {
			c, sur = top2(m.c, m.s, other[0], other[1], self)
		}
	case LiteralMerge:
		// "it compares the two messages coordinators and surrogate
		// coordinator's number, and then it selects greater ones as
		// coordinator and other as surrogate coordinator."
		c, sur = max(m.c, other[0]), min(m.c, other[0])
	case Top2Ms:
		if crash {
			c = m.c
			sur = bestBelow(c, m.s, other[1], model.None)
		} else {
			c, sur = top2(m.c, m.s, other[0], other[1])
		}
	}
	s.Coord, s.Surr = c, sur
	w.Done = true
	out.Observe("terminal", int32(m.inf))
	out.Observe("terminal-coord", int32(c))
	out.Observe("terminal-surr", int32(sur))
	k := Coordinator
	if crash {
		k = SCoordinator
	}
	if together || env.Reading(AmbTerminal) == R1 {
		send(env, out, k, 0, self, c, sur)
		send(env, out, k, 1, self, c, sur)
	} else {
		// R2: only away from the other terminal, i.e. on in m's direction.
		send(env, out, k, m.side, self, c, sur)
	}
}

// bestBelow returns the highest of ids that is not c (and not None).
func bestBelow(c model.ID, ids ...model.ID) model.ID {
	var b model.ID
	for _, id := range ids {
		if id != c && id > b {
			b = id
		}
	}
	return b
}

// coordWave handles the Coordinator (crash=false) or SCoordinator messages
// of one step.
func coordWave(env *model.Env, s State, ms []msg, crash bool, out *model.Outbox) State {
	w := s.wave(env, crash)
	best := ms[0]
	for _, m := range ms[1:] {
		if m.inf > best.inf {
			best = m
		}
	}
	// Adopt (coordinator, surrogate).
	if best.c != model.None {
		s.Coord, s.Surr = best.c, best.s
	}
	k := Coordinator
	if crash {
		k = SCoordinator
	}
	both := len(ms) >= 2 && ms[0].side != ms[1].side
	forward := !w.Done
	if both {
		// Two from both sides in one step (AMB-FCEABR-4).
		forward = forward && env.Reading(AmbMeet) == ForwardHigher && ms[0].inf != ms[1].inf
	}
	w.Done = true
	if forward {
		// [S0] §IV: "if a process receives two Coordinator or Surrogate
		// coordinator message, it'll stop one of them."
		send(env, out, k, best.side, best.inf, best.c, best.s)
	}
	return s
}
