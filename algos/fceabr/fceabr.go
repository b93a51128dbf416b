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
//   - successive crashes (model.Config.Successive, either scenario first):
//     at each quiescence the model crashes the agreed coordinator and its
//     detectors' start names it (Input.Suspect); see successive.go.
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
//
// FCEABR-K. The package also holds [S3]'s FCEABR-K (catalog A2), whose
// messages carry the coordinator and P alternatives A1..AP ([S3] Fig. 2):
// the state, the waves and the merges are written for P alternatives, and
// FCEABR is the instance P = 1 ([S3] §IV: "By assigning 1 to K, the format
// will be the same as the format of FCEABR algorithm"). One step function
// serves two registered algorithms, Algorithm ("fceabr", catalog A1's
// ambiguities only, so its variant names, traces and counterexamples are
// FCEABR's) and K ("fceabrk", which adds AMB-HIER-1, the re-election
// trigger, and PARAM-P, the number of alternatives as readings p1 … p8, as
// the mutual-exclusion algorithms declare their workload parameter). A
// separate package would have duplicated the whole step; a parameter
// inside fceabr's Info would have renamed every fceabr variant. See k.go.
package fceabr

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Election is Election(informer; coordinator, surrogate).
	Election = &model.Kind{Name: "election", Args: 1}
	// Coordinator is Coordinator(terminal; coordinator, surrogate).
	Coordinator = &model.Kind{Name: "coordinator", Args: 1}
	// SElection is SElection(informer; new coordinator, surrogate).
	SElection = &model.Kind{Name: "selection", Args: 1}
	// SCoordinator is SCoordinator(terminal; coordinator, surrogate).
	SCoordinator = &model.Kind{Name: "scoordinator", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election, Coordinator, SElection, SCoordinator)

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
	// AmbTrigger and AmbP exist only in FCEABR-K's Info (K): FCEABR
	// reads them as at-empty and P = 1.
	AmbTrigger // AMB-HIER-1: at-empty | all-failed | k-minus-1
	AmbP       // PARAM-P: p1 … p8 (the number of alternatives)
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
	AtEmpty, AllFailed, KMinus1   uint8 = 0, 1, 2
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

// MaxP is the largest number of alternatives P of FCEABR-K (PARAM-P).
const MaxP = 8

// List is (coordinator, A1, …, AP) as a message carries it ([S3] Fig. 2);
// only the first P+1 entries are used, the rest stay None.
type List [MaxP + 1]model.ID

// Wave is a node's state for one election instance (Election/Coordinator,
// or SElection/SCoordinator under the epoch reading).
type Wave struct {
	// Acc is the informer last accepted from each side (0: travelling
	// clockwise, from the predecessor; 1: from the successor); the
	// initiator has accepted its own informer from both.
	Acc [2]model.ID
	// Raw is the (coordinator, A1, …, AP) of that message as received
	// (for FCEABR, P = 1: (coordinator, surrogate)).
	Raw [2]List
	// Max is the highest informer seen (the max-seen kill rule).
	Max model.ID
	// Done: this node was a terminal or has received a coordinator-type
	// message; it forwards no further coordinator-type message.
	Done bool
}

// State is one process's state. FCEABR is the instance P = 1, whose only
// alternative Alts[0] is the surrogate.
type State struct {
	// Coord is the node's view of the coordinator.
	Coord model.ID
	// Alts are its view of the alternatives A1..AP in order (A1 replaces
	// the coordinator first); entries P.. are always None, and so is an
	// alternative not known yet. Alts[0] is FCEABR's surrogate.
	Alts [MaxP]model.ID
	// P is the number of alternatives (1 for FCEABR; PARAM-P for
	// FCEABR-K), fixed at Init.
	P uint8
	// Promoted: the node has promoted A1 (shifted the alternatives left)
	// for this crash (the crash Crash names under successive crashes).
	Promoted bool
	// Crash is, under successive crashes (model.Config.Successive), the
	// crashed coordinator whose handling this node takes part in: the
	// Input.Suspect of its detection, or the crash key carried by the
	// messages it received. None in a run without successive crashes,
	// and until the first one.
	Crash model.ID
	// Gone lists every successively crashed coordinator the node has
	// heard of (detected, or named by a message's crash key), in the order
	// heard; the healed ring of AMB-FCEABR-6 bypasses them as it bypasses
	// the processes crashed before the run. Empty in a run without
	// successive crashes. The slice is never modified in place.
	Gone []model.ID
	// Joined: the node joined during the run.
	Joined bool
	// Self is the process's id (for View).
	Self model.ID
	// E and S are the election and crash-handling instances (S is unused
	// under no-epoch).
	E, S Wave
}

// Surr is FCEABR's surrogate: the first alternative A1.
func (s State) Surr() model.ID { return s.Alts[0] }

// p is the number of alternatives (at least 1).
func (s State) p() int {
	if s.P < 1 {
		return 1
	}
	return int(s.P)
}

// list is the node's view (coordinator, A1..AP).
func (s State) list() List {
	var l List
	l[0] = s.Coord
	copy(l[1:], s.Alts[:])
	return l
}

// String renders the state as fmt's %+v did for FCEABR's two-field state
// ({Coord:… Surr:… …}) when P = 1, so that FCEABR's recorded traces are
// unchanged; for P > 1 the alternatives are listed (Alts:[…]).
func (s State) String() string {
	var b strings.Builder
	p := s.p()
	fmt.Fprintf(&b, "{Coord:%d ", s.Coord)
	if p == 1 {
		fmt.Fprintf(&b, "Surr:%d", s.Alts[0])
	} else {
		fmt.Fprintf(&b, "Alts:%v", s.Alts[:p])
	}
	fmt.Fprintf(&b, " Promoted:%t", s.Promoted)
	if s.Crash != model.None {
		fmt.Fprintf(&b, " Crash:%d Gone:%v", s.Crash, s.Gone)
	}
	fmt.Fprintf(&b, " Joined:%t Self:%d E:%s S:%s}", s.Joined, s.Self, s.E.format(p), s.S.format(p))
	return b.String()
}

func (w *Wave) format(p int) string {
	return fmt.Sprintf("{Acc:%v Raw:[%v %v] Max:%d Done:%t}", w.Acc, w.Raw[0][:p+1], w.Raw[1][:p+1], w.Max, w.Done)
}

// Algorithm is FCEABR as a pure step function: FCEABR-K with P = 1 and
// its own (catalog A1) ambiguities only.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:        "fceabr",
		Title:       "FCEABR: fault-tolerant coordinator election with a surrogate on a bidirectional ring",
		Source:      "[S0] §IV–V; [S3] §VI; catalog A1",
		Topology:    model.BiRing,
		Compare:     true,
		Kinds:       kinds,
		Ambiguities: ambiguities,
	},
	Init: initState,
	Step: step,
	// A node acts as coordinator when it holds itself as coordinator.
	View:   view,
	Encode: encode,
}

func view(s State) model.View {
	return model.View{Leader: s.Coord, Coordinator: s.Coord != model.None && s.Coord == s.Self}
}

// encode is the canonical encoding. For P = 1 it is byte for byte FCEABR's
// former (coordinator, surrogate) encoding.
func encode(s State, b []byte) []byte {
	p := s.p()
	b = strconv.AppendInt(b, int64(s.Self), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(s.Coord), 10)
	b = append(b, ',')
	b = model.AppendIDs(b, ',', s.Alts[:p])
	b = append(b, model.Flags(s.Promoted, s.Joined, s.E.Done, s.S.Done))
	for _, w := range [...]*Wave{&s.E, &s.S} {
		for _, id := range w.Acc {
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(id), 10)
		}
		for side := range 2 {
			for _, id := range w.Raw[side][:p+1] {
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(id), 10)
			}
		}
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(w.Max), 10)
	}
	if s.Crash != model.None {
		// Successive crashes only: runs without them encode as before.
		b = append(b, ',', 'c')
		b = strconv.AppendInt(b, int64(s.Crash), 10)
		for _, id := range s.Gone {
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(id), 10)
		}
	}
	return b
}

// pOf is the number of alternatives in force: PARAM-P under FCEABR-K, 1
// for FCEABR (whose Info has no such parameter).
func pOf(env *model.Env) int {
	if len(env.Variant) > AmbP {
		return int(env.Variant[AmbP]) + 1
	}
	return 1
}

// triggerOf is the AMB-HIER-1 reading in force (FCEABR: at-empty, which is
// FCEABR's SElection after every crash when P = 1).
func triggerOf(env *model.Env) uint8 {
	if len(env.Variant) > AmbTrigger {
		return env.Variant[AmbTrigger]
	}
	return AtEmpty
}

// crashScenario reports that the best initial member is crashed before the
// run (the detectors' input).
func crashScenario(env *model.Env) bool {
	c := env.InitialCoordinator(false)
	return env.Initial != nil && env.Initial[env.Topo.IndexOf(c)] == model.Crashed
}

func initState(env *model.Env) State {
	s := State{Self: env.Self, P: uint8(pOf(env))}
	if crashScenario(env) {
		// The previous election's result: the best initial member and the
		// next P (the second best is FCEABR's surrogate).
		// The best P+1 initial members, walked down from the top of the
		// topology's sorted ids (Absent ones skipped): O(P) per process
		// unless many of the best ids are Absent, where
		// env.InitialMembers would be O(n) per process, O(n²) per run.
		var top [MaxP + 1]model.ID
		m := bestMembers(env, top[:0], s.p()+1)
		s.Coord = m[0]
		for k := range s.p() {
			if k+1 < len(m) {
				s.Alts[k] = m[k+1]
			}
		}
	}
	return s
}

// bestMembers appends to buf the at most k best (highest) members at the
// start of the run (crashed ones included, Absent ones not), best first:
// the top k of env.InitialMembers, reversed.
func bestMembers(env *model.Env, buf []model.ID, k int) []model.ID {
	sorted := env.Topo.Sorted()
	for j := len(sorted) - 1; j >= 0 && len(buf) < k; j-- {
		id := sorted[j]
		if env.Initial == nil || env.Initial[env.Topo.IndexOf(id)] != model.Absent {
			buf = append(buf, id)
		}
	}
	return buf
}

// neighbour is the next process in direction dir (0: clockwise). The
// healed ring (AMB-FCEABR-6) bypasses the processes crashed before the run
// and the successively crashed coordinators in gone.
func neighbour(env *model.Env, dir int, gone []model.ID) model.ID {
	path := env.Reading(AmbRepair) == Path
	return env.Topo.Nearest(env.Index, dir, func(j int) bool {
		return path || ((env.Initial == nil || env.Initial[j] != model.Crashed) && !slices.Contains(gone, env.Topo.Order[j]))
	})
}

func crashedAtStart(env *model.Env, id model.ID) bool {
	i := env.Topo.IndexOf(id)
	return i >= 0 && env.Initial != nil && env.Initial[i] == model.Crashed
}

// send sends kind k in direction dir with informer inf and the list l's
// first P+1 entries ([S3] Fig. 2; [S0]'s (coordinator, surrogate) for
// P = 1). Under successive crashes, key (the crashed coordinator the wave
// is about, AMB-FCEABR-5's epoch "keyed by the crash") follows as one more
// entry; None (every run without successive crashes) adds nothing.
func send(env *model.Env, gone []model.ID, out *model.Outbox, k *model.Kind, dir int, inf model.ID, l *List, key model.ID) {
	p := pOf(env)
	list := append(make([]model.ID, 0, p+2), l[:p+1]...)
	if key != model.None {
		list = append(list, key)
	}
	to := neighbour(env, dir, gone)
	if to == env.Self && len(gone) > 0 {
		// Successive crashes left this node alone on the healed ring:
		// there is nobody to send to (and nobody to elect).
		return
	}
	m := model.Message{Kind: k, To: to, A: int32(inf), B: int32(dir), List: list}
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
		if in.Suspect != model.None {
			// [S3] Fig. 10 (Crash_identify), a successive crash: the
			// detection names the crashed coordinator.
			s = detect(env, s, in.Suspect, out)
			break
		}
		s = start(env, s, out)
	case model.InDeliver:
		deliver(env, &s, in.Msgs, out)
	case model.InJoin:
		s.Joined = true
	}
	return s
}

func start(env *model.Env, s State, out *model.Outbox) State {
	self := env.Self
	if s.Coord != model.None && !s.Promoted && env.Reading(AmbSurr) == Monitor && crashedAtStart(env, s.Alts[0]) {
		// AMB-FCEABR-9 monitor (not [S0]): the surrogate is dead too, so
		// there is nobody to promote: a full Election.
		s.Coord, s.Alts = model.None, [MaxP]model.ID{}
	}
	if s.Coord == model.None {
		if s.Crash != model.None {
			// A successive crash detected with no coordinator known: a
			// full Election ([S3] Fig. 10, "Election algorithm after
			// crash").
			out.Observe("reelect", int32(s.Crash))
		}
		return elect(env, s, out)
	}
	// [S0] §V.3: "If processes find coordinator crash out ... they'll
	// tolerate it by replacing the surrogate coordinator to coordinator.
	// While this process is continuing its ordinary operation without any
	// delay, it creates a message, labels it as SElection and puts the
	// last surrogate coordinator into coordinator section, zero into
	// surrogate coordinator section and its own number into informer."
	// [S3] §VII, Fig. 10 (Crash_identify): the coordinator is replaced by
	// the next alternative, and "If (next alternative exist) shift all
	// the alternatives to left; else Election algorithm after crash".
	if s.Promoted && env.Reading(AmbLate) == LateSilent {
		return s // heard of the crash already (AMB-FCEABR-7)
	}
	s.promote()
	switch after(env, s) {
	case shiftOnly:
		// [S3] Fig. 10: alternatives remain; the shift is local, no
		// message.
		return s
	case fullElection:
		// AMB-HIER-1 all-failed ([S3] §II): nobody left to promote.
		s.Coord, s.Alts = model.None, [MaxP]model.ID{}
		s.Promoted = false
		if s.Crash != model.None {
			out.Observe("reelect", int32(s.Crash))
		}
		return elect(env, s, out)
	}
	w := s.wave(env, true)
	l := s.list()
	initiate(w, self, l)
	if s.Crash != model.None {
		out.Observe("refill", int32(s.Crash))
	}
	send(env, s.Gone, out, SElection, 0, self, &l, s.Crash)
	send(env, s.Gone, out, SElection, 1, self, &l, s.Crash)
	return s
}

// detect is a detection of the successive crash of suspect ([S3] Fig. 10,
// Crash_identify, once per crash): the node enters that crash's handling
// (newCrash) unless a message of it reached the node first, then detects
// as in a single-crash run (start): promote A1 unless promoted for this
// crash already, then shift, refill or re-elect by AMB-HIER-1.
func detect(env *model.Env, s State, suspect model.ID, out *model.Outbox) State {
	if s.Crash != suspect {
		s = newCrash(env, s, suspect)
	}
	if s.Coord != suspect {
		// The waves of this crash reached the node first and replaced
		// the crashed coordinator already: it has heard of the crash
		// (AMB-FCEABR-7), and there is nothing left to promote.
		s.Promoted = true
	}
	return start(env, s, out)
}

// newCrash enters the handling of the successive crash of key: nothing is
// promoted for it yet, and under the epoch reading of AMB-FCEABR-5 its
// waves are new instances ([S3] Fig. 10 runs Crash_identify per crash; an
// election after it is a new election), so the crash-handling and
// election instances restart. Under no-epoch (the literal reading: one
// max-seen/terminal state for every label) the waves are kept.
func newCrash(env *model.Env, s State, key model.ID) State {
	s.Crash = key
	if !slices.Contains(s.Gone, key) {
		s.Gone = append(s.Gone[:len(s.Gone):len(s.Gone)], key)
	}
	s.Promoted = false
	if env.Reading(AmbEpoch) == Epoch {
		s.S, s.E = Wave{}, Wave{}
	}
	return s
}

// elect starts a full Election at this node.
func elect(env *model.Env, s State, out *model.Outbox) State {
	self := env.Self
	// [S0] §V.1: "When there is no coordinator in the system, one
	// process ... creates an Election message, and then puts its
	// number in informer section and coordinator message's sections,
	// after it puts zero in the surrogate coordinator section, finally
	// it'll send message to its successor and predecessor."
	w := s.wave(env, false)
	if w.Max != model.None && env.Reading(AmbLate) == LateSilent {
		return s // already taking part in an election (AMB-FCEABR-7)
	}
	l := List{self}
	initiate(w, self, l)
	send(env, s.Gone, out, Election, 0, self, &l, s.Crash)
	send(env, s.Gone, out, Election, 1, self, &l, s.Crash)
	return s
}

// What a detector does after promoting A1 (AMB-HIER-1).
const (
	refill       = iota // SElection: elect the missing alternatives
	shiftOnly           // nothing: alternatives remain
	fullElection        // Election: nobody was left to promote
)

// after decides, from the alternatives left after the promotion, what the
// detector does next: the trigger of AMB-HIER-1 (C-HIER-6).
func after(env *model.Env, s State) int {
	left := 0
	for _, a := range s.Alts[:s.p()] {
		if a != model.None {
			left++
		}
	}
	switch triggerOf(env) {
	case AllFailed:
		// [S3] §II: "a new election will be postponed until the failure
		// of all the coordinator alternatives".
		if s.Coord == model.None {
			return fullElection
		}
		return shiftOnly
	case KMinus1:
		// [S0] §II (Gholipour): "there won't be any need to launch new
		// election until k-1 alternatives will fail"; [S3] §VII: after
		// K−1 crashes.
		if left <= 1 {
			return refill
		}
		return shiftOnly
	}
	// at-empty: [S3] Fig. 10 "If (next alternative exist) shift ... else
	// Election algorithm after crash"; §IX test 4.
	if left == 0 {
		return refill
	}
	return shiftOnly
}

func initiate(w *Wave, self model.ID, l List) {
	w.Acc = [2]model.ID{self, self}
	w.Raw = [2]List{l, l}
	if self > w.Max {
		w.Max = self
	}
}

// promote makes A1 the coordinator (once per crash).
func (s *State) promote() {
	if !s.Promoted {
		s.Promoted = true
		s.Coord = s.Alts[0]
		copy(s.Alts[:], s.Alts[1:])
		s.Alts[MaxP-1] = model.None
	}
}

// msg is one received message, decoded.
type msg struct {
	inf  model.ID
	side int // 0: travelling clockwise (from the predecessor)
	l    List
	// key is the successive crash the message's wave is about (None
	// outside successive crashes).
	key model.ID
}

func decode(env *model.Env, m *model.Message) msg {
	d := msg{inf: model.ID(m.A), side: int(m.B)}
	p := pOf(env)
	if len(m.List) == p+1 || len(m.List) == p+2 {
		copy(d.l[:], m.List[:p+1])
	}
	if len(m.List) == p+2 {
		d.key = m.List[p+1]
	}
	return d
}

// deliver handles one step's messages, updating *s (the step's own copy:
// passed by pointer so that the 256-byte state is not copied in and out of
// every handler).
func deliver(env *model.Env, s *State, batch []model.Message, out *model.Outbox) {
	// The messages of a step sorted by kind, on the stack while a kind
	// has at most two (one from each side of the ring).
	var elecB, coordB, selecB, scoordB [2]msg
	elec, coord, selec, scoord := elecB[:0], coordB[:0], selecB[:0], scoordB[:0]
	for k := range batch {
		m := &batch[k] // not a copy: a Message is 64 bytes
		d := decode(env, m)
		if d.key != model.None && d.key != s.Crash {
			// [S3] Fig. 10, a successive crash heard of first from a
			// message: the node enters that crash's handling (its
			// SElection/SCoordinator then promotes A1 below, [S0] §V.3).
			*s = newCrash(env, *s, d.key)
		}
		switch m.Kind {
		case Election:
			elec = append(elec, d)
		case Coordinator:
			coord = append(coord, d)
		case SElection:
			selec = append(selec, d)
		case SCoordinator:
			scoord = append(scoord, d)
		}
	}
	if len(selec)+len(scoord) > 0 {
		// [S0] §V.3: "Each process in the network which didn't notice
		// about coordinator crash, will replaces the surrogate
		// coordinator to coordinator by receiving this message".
		s.promote()
	}
	if len(elec) > 0 {
		electionWave(env, s, elec, false, out)
	}
	if len(selec) > 0 {
		electionWave(env, s, selec, true, out)
	}
	if len(coord) > 0 {
		coordWave(env, s, coord, false, out)
	}
	if len(scoord) > 0 {
		coordWave(env, s, scoord, true, out)
	}
}

// electionWave handles the Election (crash=false) or SElection messages of
// one step.
func electionWave(env *model.Env, s *State, ms []msg, crash bool, out *model.Outbox) {
	w := s.wave(env, crash)
	p := pOf(env)
	// The kill rule (AMB-FCEABR-1), judged against the whole step.
	var batchMax model.ID
	var fromSide [2]model.ID
	for _, m := range ms {
		batchMax = max(batchMax, m.inf)
		fromSide[m.side] = max(fromSide[m.side], m.inf)
	}
	var liveB [2]msg
	live := liveB[:0]
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
		return
	}
	if len(live) == 2 && live[0].inf == live[1].inf && live[0].side != live[1].side {
		// [S0] §V.2: "process 6 ... will receive Election messages (which
		// have the same informer number) from its two sides" in one step.
		terminal(env, s, w, &live[0], &live[1].l, true, crash, out)
		return
	}
	for i := range live {
		m := &live[i]
		if m.inf == env.Self && env.Reading(AmbOwnBack) == OwnBackDrop {
			continue // AMB-FCEABR-8 own-back-drop
		}
		if w.Acc[1-m.side] == m.inf {
			// The informer's other copy was accepted (forwarded, or sent
			// by this initiator: AMB-FCEABR-8) earlier: a terminal.
			other := w.Raw[1-m.side]
			terminal(env, s, w, m, &other, false, crash, out)
			return
		}
		if w.Acc[m.side] == m.inf {
			continue // a duplicate from the same side: cannot happen on a ring
		}
		w.Acc[m.side], w.Raw[m.side] = m.inf, m.l
		w.Max = max(w.Max, m.inf)
		l := m.l
		if crash {
			// [S0] §V.3: "it compares its own number with message's
			// surrogate coordinator to elect new one"; [S3] §VI: "If its
			// number is upper than each of those items, the process will
			// replace it with them".
			if merges(env, *s) && env.Self != l[0] {
				l = withAlts(l[0], p, l[1:p+1], []model.ID{env.Self})
			}
		} else {
			l = topList(p+1, l[:p+1], []model.ID{env.Self})
		}
		// "After that it'll pass the message into network in the same
		// direction it received."
		k := Election
		if crash {
			k = SElection
		}
		send(env, s.Gone, out, k, m.side, m.inf, &l, m.key)
	}
}

// merges reports whether this process's id takes part in crash handling
// (AMB-FCEABR-11: a joiner does not, by default).
func merges(env *model.Env, s State) bool {
	return !s.Joined || env.Reading(AmbJoiner) == JoinerCand
}

// topList returns the k highest distinct non-zero ids of the given id
// lists, in decreasing order (FCEABR's top-2 for k = 2).
func topList(k int, lists ...[]model.ID) List {
	var l List
	for _, ids := range lists {
		for _, id := range ids {
			insert(&l, k, id)
		}
	}
	return l
}

// insert puts id into the decreasing list l[:k] unless it is None or
// already there.
func insert(l *List, k int, id model.ID) {
	if id == model.None {
		return
	}
	for i := range k {
		if l[i] == id {
			return
		}
		if id > l[i] {
			copy(l[i+1:k], l[i:k-1])
			l[i] = id
			return
		}
	}
}

// withAlts returns (c, A1..AP) where the alternatives are the P highest
// distinct ids of the lists other than c.
func withAlts(c model.ID, p int, lists ...[]model.ID) List {
	var alts List
	for _, ids := range lists {
		for _, id := range ids {
			if id != c {
				insert(&alts, p, id)
			}
		}
	}
	l := List{c}
	copy(l[1:p+1], alts[:p])
	return l
}

// terminal: m's informer arrived from both sides (the other copy carried
// other); compute the result and announce it.
func terminal(env *model.Env, s *State, w *Wave, m *msg, other *List, together, crash bool, out *model.Outbox) {
	self := env.Self
	p := pOf(env)
	var l List
	switch env.Reading(AmbMerge) {
	case Top2Own:
		if crash {
			var own model.ID
			if merges(env, *s) {
				own = self
			}
			l = withAlts(m.l[0], p, m.l[1:p+1], other[1:p+1], []model.ID{own})
		} else {
			l = topList(p+1, m.l[:p+1], other[:p+1], []model.ID{self})
		}
	case LiteralMerge:
		// "it compares the two messages coordinators and surrogate
		// coordinator's number, and then it selects greater ones as
		// coordinator and other as surrogate coordinator." (For P > 1
		// the further alternatives are the best of both messages'.)
		l[0], l[1] = max(m.l[0], other[0]), min(m.l[0], other[0])
		rest := withAlts(l[0], p, m.l[1:p+1], other[1:p+1])
		k := 2
		for _, id := range rest[1 : p+1] {
			if k <= p && id != l[1] && id != model.None {
				l[k] = id
				k++
			}
		}
	case Top2Ms:
		if crash {
			l = withAlts(m.l[0], p, m.l[1:p+1], other[1:p+1])
		} else {
			l = topList(p+1, m.l[:p+1], other[:p+1])
		}
	}
	s.Coord = l[0]
	copy(s.Alts[:p], l[1:p+1])
	w.Done = true
	out.Observe("terminal", int32(m.inf))
	out.Observe("terminal-coord", int32(l[0]))
	out.Observe("terminal-surr", int32(l[1]))
	for _, a := range l[2 : p+1] {
		out.Observe("terminal-alt", int32(a))
	}
	k := Coordinator
	if crash {
		k = SCoordinator
	}
	if together || env.Reading(AmbTerminal) == R1 {
		send(env, s.Gone, out, k, 0, self, &l, m.key)
		send(env, s.Gone, out, k, 1, self, &l, m.key)
	} else {
		// R2: only away from the other terminal, i.e. on in m's direction.
		send(env, s.Gone, out, k, m.side, self, &l, m.key)
	}
}

// coordWave handles the Coordinator (crash=false) or SCoordinator messages
// of one step.
func coordWave(env *model.Env, s *State, ms []msg, crash bool, out *model.Outbox) {
	w := s.wave(env, crash)
	p := pOf(env)
	best := &ms[0]
	for i := range ms[1:] {
		if m := &ms[1+i]; m.inf > best.inf {
			best = m
		}
	}
	// Adopt (coordinator, alternatives).
	if best.l[0] != model.None {
		s.Coord = best.l[0]
		copy(s.Alts[:p], best.l[1:p+1])
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
		send(env, s.Gone, out, k, best.side, best.inf, &best.l, best.key)
	}
}

// Claims are the claims about Algorithm, as data (the registry, algos, pairs
// them with it).
var Claims = append(append([]claim.Claim(nil), claims...), timeClaims...)
