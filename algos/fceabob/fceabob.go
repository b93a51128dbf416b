// Package fceabob is [S3]'s FCEABOB: a fault-tolerant coordinator election
// based on the Bully algorithm, electing a coordinator and K alternatives
// inside one site (a complete graph of SPN processes).
//
// An informer (a detector) sends Election to the K highest ids other than
// itself; live receivers reply with their id and do not start elections of
// their own. When every contacted process has replied, or when the
// informer's timer fires, the round ends: while fewer than K processes have
// replied, the informer re-sends Election to the T processes that did not
// reply and sends it to the next T highest ids not yet contacted. At the
// end the coordinator is the maximum of the repliers and the informer, the
// alternatives the next K, and the informer sends Coordinator(coordinator;
// alternatives) to the other members, unless nobody replied. On a
// coordinator crash a detector promotes A1 and shifts its list left; with
// no alternative left it starts an election. Every run starts with no
// coordinator known (the initial election); processes crashed before the
// run are simply unavailable.
//
// Reference: [S3] §V (the six steps, Fig. 5 and Fig. 6's pseudocode),
// §VIII.A.2 eq.(2)–(3), §VIII.B.2 eq.(15)–(18); catalog algorithm A3
// (ALG-FCEABOB) with AMB-FCEABOB-1 … 6.
//
// K is a parameter, declared as the ambiguity PARAM-K: the model has no
// numeric parameters beyond n, so each value is a named reading (k1 … k12)
// and the reading k-sites takes SCAN from the site of the paper whose SPN
// is n ([S3] Table 2, Fig. 5, Table 5; see SitesK).
//
// State size. A non-informer holds its coordinator and the alternatives
// (O(K)); the informer also holds its contact bookkeeping (the processes of
// the current round, the repliers and the position of the next process to
// contact in the descending id order), O(K + contacted). Nothing is O(n)
// per process except the transient broadcast destination list.
//
// Timing. The informer's timer is one round trip: 2 rounds in sync timing;
// in async timing it only orders the fair continuation (accurate timeouts
// fire with no message in flight; early ones whenever armed, which is how
// a reply that arrives after the timeout, "not received to informer
// although processes are available", is modelled).
package fceabob

import (
	"slices"
	"strconv"

	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Election is Election(informer).
	Election = &model.Kind{Name: "election", Args: 1}
	// Reply is Reply(replier): a live receiver's answer to the informer.
	Reply = &model.Kind{Name: "reply", Args: 1}
	// Coordinator is Coordinator(coordinator; alternatives A1..AK).
	Coordinator = &model.Kind{Name: "coordinator", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election, Reply, Coordinator)

// TimerRound is the informer's round timer.
const TimerRound uint8 = 1

// RoundTrip is the informer's timeout in sync rounds (one round trip).
const RoundTrip = 2

// Ambiguity indices (into model.Env.Variant).
const (
	AmbK      = iota // PARAM-K: k1 … k12 | k-sites
	AmbUpper         // AMB-FCEABOB-1: upper-highest | upper-higher
	AmbSlot          // AMB-FCEABOB-2: informer-slot | true-top
	AmbT             // AMB-FCEABOB-3: per-round | cumulative | cumulative-bounded
	AmbBcast         // AMB-FCEABOB-4: bcast-all | bcast-responsive
	AmbConcur        // AMB-FCEABOB-5: independent
	AmbSelect        // AMB-FCEABOB-6: select-end | select-index0
)

// Readings.
const (
	UpperHighest, UpperHigher               uint8 = 0, 1
	InformerSlot, TrueTop                   uint8 = 0, 1
	PerRound, Cumulative, CumulativeBounded uint8 = 0, 1, 2
	BcastAll, BcastResponsive               uint8 = 0, 1
	Independent, YieldHigher                uint8 = 0, 1
	SelectEnd, SelectIndex0                 uint8 = 0, 1
)

// maxFixedK is the largest K with a reading of its own (k1 … k12);
// kSites is the index of the reading k-sites; defaultK is the default
// reading's index (k3: K = 3).
const (
	maxFixedK       = 12
	kSites    uint8 = maxFixedK
	defaultK        = 2
)

// Site is one site of the paper: its process number and its number of
// coordinator alternatives.
type Site struct {
	// Label names the site as the paper does.
	Label string
	// SPN and SCAN are the site's process and alternative numbers.
	SPN, SCAN int
}

// Sites are the (SPN, SCAN) pairs the paper runs or analyses: [S3] Table 2's
// eight sites, Fig. 5's example and Table 5's per-site values. Their SPNs
// are distinct, so SitesK can read SCAN off SPN.
var Sites = []Site{
	{"Table 2, site 1", 252, 5}, {"Table 2, site 2", 341, 6}, {"Table 2, site 3", 412, 11},
	{"Table 2, site 4", 44, 2}, {"Table 2, site 5", 802, 8}, {"Table 2, site 6", 153, 5},
	{"Table 2, site 7", 265, 8}, {"Table 2, site 8", 183, 9},
	{"Fig. 5", 8, 4},
	{"Table 5, (120, 4)", 120, 4}, {"Table 5, (160, 6)", 160, 6},
	{"Table 5, (200, 8); §IX tests 2–4", 200, 8}, {"Table 5, (250, 10)", 250, 10},
}

// SitesK returns the SCAN of the paper's site with SPN = n, or 0 when the
// paper has no such site.
func SitesK(n int) int {
	for _, s := range Sites {
		if s.SPN == n {
			return s.SCAN
		}
	}
	return 0
}

func kReadings() ([]string, []string) {
	var names, explain []string
	for k := 1; k <= maxFixedK; k++ {
		names = append(names, "k"+strconv.Itoa(k))
		explain = append(explain, "K = SCAN = "+strconv.Itoa(k)+" alternatives")
	}
	names = append(names, "k-sites")
	explain = append(explain, "K = the SCAN of the paper's site whose SPN is n ([S3] Table 2, Fig. 5, Table 5); K = 1 at any other n")
	return names, explain
}

var ambiguities = func() []model.Ambiguity {
	kn, ke := kReadings()
	return []model.Ambiguity{
		{ID: "PARAM-K", Question: "the number K (SCAN) of coordinator alternatives, a parameter of the site (a named reading per value: the model has no numeric parameters)",
			Readings: kn, Explain: ke, Default: defaultK},
		{ID: "AMB-FCEABOB-1", Question: "the meaning of \"upper\" in \"send Election message to k processes with upper process number\"",
			Readings: []string{"upper-highest", "upper-higher"},
			Explain: []string{
				"(a) the highest ids in the site, the informer excepted (Fig. 5's narrative contacts process 5 < informer 9)",
				"(b) only ids higher than the informer (§V bullet 2): the K highest of them, then the next higher ones",
			}},
		{ID: "AMB-FCEABOB-2", Question: "is the informer one of the K+1 (coordinator and alternatives)?",
			Readings: []string{"informer-slot", "true-top"},
			Explain: []string{
				"(a) yes: the informer fills a slot of the group; it waits for K replies",
				"(b) \"true top K+1\": an informer that is not among the K+1 highest members contacts K+1 processes and waits for K+1 replies",
			}},
		{ID: "AMB-FCEABOB-3", Question: "T (\"the number of processes received Election messages and didn't reply back\"): per round or cumulative?",
			Readings: []string{"per-round", "cumulative", "cumulative-bounded"},
			Explain: []string{
				"(a) per round: T = the processes first contacted in the last round that did not reply; each is re-sent once, and the next T highest not yet contacted are contacted",
				"(b) the literal pseudocode: T counts every non-replier so far and all of them are re-sent every round, until K replies (no bound: the loop need not end)",
				"(b) with an explicit bound: the informer gives up after ⌈SPN/SCAN⌉ resend rounds (the SPN/SCAN rounds of eq.(3)'s algebra)",
			}},
		{ID: "AMB-FCEABOB-4", Question: "the recipients of the Coordinator broadcast",
			Readings: []string{"bcast-all", "bcast-responsive"},
			Explain: []string{
				"(a) every other member (SPN−1), suspected-dead ones included",
				"(b) the repliers and the members never contacted; the non-repliers are left out",
			}},
		{ID: "AMB-FCEABOB-5", Question: "several concurrent detectors (the text gives no suppression rule)",
			Readings: []string{"independent", "yield-higher"},
			Explain: []string{
				"each detector runs the algorithm independently; a process replies to every informer and adopts the last Coordinator it receives",
				"NOT IN [S3], the Bully's suppression: an informer that receives an Election from a higher informer replies and abandons its own election",
			}},
		{ID: "AMB-FCEABOB-6", Question: "when the coordinator is chosen (Fig. 6: \"If (index == 0) select coordinator\")",
			Readings: []string{"select-end", "select-index0"},
			Explain: []string{
				"(a) at the end: the coordinator is the maximum of all repliers and the informer",
				"(b) the literal pseudocode: the coordinator is fixed after the first resend round (index 0); later repliers can only be alternatives",
			}},
	}
}()

// Phase is where the informer is in its election.
type Phase uint8

const (
	// Idle: not running an election.
	Idle Phase = iota
	// Collecting: the informer waits for the replies of a round.
	Collecting
	// Done: the informer has decided.
	Done
)

// State is one process's state. Its slices are never modified in place.
type State struct {
	// Self is the process's id.
	Self model.ID
	// Coord is the coordinator this process believes in (None: none).
	Coord model.ID
	// Alts are the alternatives A1..AK in promotion order (at most K).
	Alts []model.ID
	// Phase is the process's informer phase.
	Phase Phase
	// Round is the number of resend rounds run so far (0 during the first
	// round); it saturates at the bound of cumulative-bounded plus one, so
	// the state stops changing once no progress is possible.
	Round int32
	// Next is the number of candidates (in descending id order) already
	// contacted for the first time.
	Next int32
	// Need is the number of replies the informer waits for (K, or K+1
	// under true-top).
	Need int32
	// Sent are the processes sent Election in the current round, sorted.
	Sent []model.ID
	// Fresh are the processes of Sent contacted for the first time, sorted.
	Fresh []model.ID
	// Silent are the contacted processes that never replied (per-round:
	// those owed their one resend; cumulative: all of them), sorted.
	Silent []model.ID
	// Replied are the processes that replied, sorted.
	Replied []model.ID
	// Fixed is the coordinator fixed at index 0 under select-index0
	// (None until then).
	Fixed model.ID
}

// Algorithm is FCEABOB as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:        "fceabob",
		Title:       "FCEABOB: fault-tolerant Bully-based election of a coordinator and K alternatives in a site",
		Source:      "[S3] §V, Fig. 5–6; §VIII.A.2, §VIII.B.2; catalog A3",
		Topology:    model.Complete,
		Kinds:       kinds,
		Ambiguities: ambiguities,
	},
	Init: initState,
	Step: step,
	View: func(s State) model.View {
		return model.View{Leader: s.Coord, Coordinator: s.Coord != model.None && s.Coord == s.Self}
	},
	Encode: encode,
}

func encode(s State, b []byte) []byte {
	b = strconv.AppendInt(b, int64(s.Self), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(s.Coord), 10)
	b = append(b, ',', byte('0'+s.Phase), ',')
	for _, v := range [...]int32{s.Round, s.Next, s.Need, int32(s.Fixed)} {
		b = strconv.AppendInt(b, int64(v), 10)
		b = append(b, ',')
	}
	for _, l := range [...][]model.ID{s.Alts, s.Sent, s.Fresh, s.Silent, s.Replied} {
		b = append(model.AppendIDs(append(b, '['), ' ', l), ']')
	}
	return b
}

// K returns the number of alternatives under env's reading of PARAM-K.
func K(env *model.Env) int {
	return KOf(env.Reading(AmbK), env.N())
}

// KOf is K for the PARAM-K reading r at n processes.
func KOf(r uint8, n int) int {
	if r == kSites {
		if k := SitesK(n); k > 0 {
			return k
		}
		return 1
	}
	return int(r) + 1
}

// KReading returns the PARAM-K reading name for k alternatives ("k4"), or
// "" when k is not a fixed reading.
func KReading(k int) string {
	if k < 1 || k > maxFixedK {
		return ""
	}
	return "k" + strconv.Itoa(k)
}

// initState: a run is an initial election ([S3] Fig. 5: "when there isn't
// any coordinator in network"): nobody knows a coordinator at the start,
// whoever is crashed before the run. Rule 7 (promotion) applies to a
// process that learnt a group in the run and then detects a crash.
func initState(env *model.Env) State {
	return State{Self: env.Self}
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	s.Self = env.Self
	switch in.Kind {
	case model.InStart:
		return start(env, s, out)
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = deliver(env, s, m, out)
		}
		return s
	case model.InTimer:
		if in.Timer == TimerRound && s.Phase == Collecting {
			return endRound(env, s, out)
		}
	}
	return s
}

func start(env *model.Env, s State, out *model.Outbox) State {
	if s.Coord != model.None && s.Coord != env.Self {
		// [S3] §V bullet 1 and §VII: "K coordinator alternatives … are
		// replaced to coordinator respectively at any time the previous
		// one crashed": promote A1 and shift the list left.
		if len(s.Alts) > 0 {
			s.Coord, s.Alts = s.Alts[0], s.Alts[1:]
			out.Observe("promote", int32(s.Coord))
			return s
		}
		// No alternative remains: a new election ([S3] §VII).
		s.Coord = model.None
	}
	if s.Coord == env.Self || s.Phase == Collecting {
		return s
	}
	// [S3] §V step 2, Fig. 6 "M = K Upper VMs; Send Election messages M".
	k := K(env)
	s.Phase, s.Round, s.Next, s.Fixed = Collecting, 0, 0, model.None
	s.Sent, s.Fresh, s.Silent, s.Replied = nil, nil, nil, nil
	s.Need = int32(k)
	if env.Reading(AmbSlot) == TrueTop && !amongTop(env, k+1) {
		// AMB-FCEABOB-2 (b): the true top K+1 are all others.
		s.Need = int32(k + 1)
	}
	fresh := takeNext(env, &s, int(s.Need))
	return sendRound(env, s, nil, fresh, out)
}

// amongTop reports whether the informer is among the k highest members.
func amongTop(env *model.Env, k int) bool {
	sorted := env.Topo.Sorted()
	i, _ := slices.BinarySearch(sorted, env.Self)
	higher := len(sorted) - 1 - i
	return higher < k
}

// takeNext returns the next t candidates not yet contacted, in descending
// id order, and advances s.Next. The candidates are the other members in
// descending order (upper-highest), or only those above the informer
// (upper-higher).
func takeNext(env *model.Env, s *State, t int) []model.ID {
	sorted := env.Topo.Sorted()
	var out []model.ID
	for t > 0 {
		// Candidate number s.Next, skipping the informer.
		j := len(sorted) - 1 - int(s.Next)
		if j >= 0 && sorted[j] == env.Self {
			// Never a candidate: skip it for good.
			s.Next++
			continue
		}
		if j < 0 || (env.Reading(AmbUpper) == UpperHigher && sorted[j] < env.Self) {
			break
		}
		if env.Initial != nil && env.Initial[env.Topo.IndexOf(sorted[j])] == model.Absent {
			s.Next++
			continue
		}
		out = append(out, sorted[j])
		s.Next++
		t--
	}
	slices.Sort(out)
	return out
}

// sendRound sends Election to the resends and the fresh contacts and arms
// the round timer.
func sendRound(env *model.Env, s State, resend, fresh []model.ID, out *model.Outbox) State {
	sent := merge(resend, fresh)
	s.Sent, s.Fresh = sent, fresh
	if len(sent) == 0 {
		return finish(env, s, out)
	}
	out.Observe("round", s.Round)
	for _, id := range sent {
		out.Observe("contact", int32(id))
		out.Send(id, Election, int32(env.Self), 0)
	}
	out.SetTimer(TimerRound, RoundTrip)
	return s
}

func deliver(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Election:
		// [S3] §V step 3: "the available processes send their number to
		// election informer processes"; they do not start an election.
		out.Send(m.From, Reply, int32(env.Self), 0)
		if s.Phase == Collecting && env.Reading(AmbConcur) == YieldHigher && model.ID(m.A) > env.Self {
			// AMB-FCEABOB-5 yield-higher (not [S3]): leave the election to
			// the higher informer.
			out.CancelTimer(TimerRound)
			s.Phase, s.Sent, s.Fresh = Idle, nil, nil
		}
	case Reply:
		if s.Phase != Collecting {
			return s // a late reply to a finished election
		}
		if _, ok := slices.BinarySearch(s.Replied, m.From); ok {
			return s
		}
		s.Replied = model.InsertID(s.Replied, m.From)
		s.Silent = model.RemoveID(s.Silent, m.From)
		out.Observe("reply", int32(m.From))
		// Fig. 6: "If (all K VM are already replied)": the round ends when
		// every process sent to in it has replied.
		for _, id := range s.Sent {
			if _, ok := slices.BinarySearch(s.Replied, id); !ok {
				return s
			}
		}
		out.CancelTimer(TimerRound)
		return endRound(env, s, out)
	case Coordinator:
		// [S3] §V step 6: the informer "propagates coordinator message in
		// network to announce new coordinator and its k alternatives".
		s.Coord, s.Alts = model.ID(m.A), m.List
	}
	return s
}

// endRound closes a round (all replied, or the timer fired).
func endRound(env *model.Env, s State, out *model.Outbox) State {
	var silentNow []model.ID // processes of this round that did not reply
	for _, id := range s.Sent {
		if _, ok := slices.BinarySearch(s.Replied, id); !ok {
			silentNow = append(silentNow, id)
		}
	}
	for _, id := range silentNow {
		out.Observe("silent", int32(id))
	}
	if s.Round == 1 && env.Reading(AmbSelect) == SelectIndex0 {
		// AMB-FCEABOB-6 (b): Fig. 6 "If (index == 0) select coordinator",
		// after the replies of the first loop iteration.
		s.Fixed = maxOf(s.Replied, env.Self)
	}
	if int32(len(s.Replied)) >= s.Need {
		return finish(env, s, out)
	}
	var resend []model.ID
	var t int
	switch env.Reading(AmbT) {
	case PerRound:
		// [S3] §V step 4 under AMB-FCEABOB-3 (a): the first-time
		// non-repliers of the last round get their one resend, and as many
		// new processes are contacted.
		for _, id := range silentNow {
			if _, ok := slices.BinarySearch(s.Fresh, id); ok {
				resend = append(resend, id)
			}
		}
		t = len(resend)
	default:
		// Fig. 6's literal loop: T = every non-replier so far, all re-sent.
		s.Silent = merge(s.Silent, silentNow)
		resend = s.Silent
		t = len(resend)
		if env.Reading(AmbT) == CumulativeBounded && int(s.Round) >= bound(env) {
			return finish(env, s, out)
		}
	}
	fresh := takeNext(env, &s, t)
	if len(resend)+len(fresh) == 0 {
		return finish(env, s, out) // nobody is left
	}
	if s.Round <= int32(bound(env)) {
		s.Round++
	}
	return sendRound(env, s, resend, fresh, out)
}

// bound is the explicit resend-round bound of cumulative-bounded:
// ⌈SPN/SCAN⌉.
func bound(env *model.Env) int {
	k := K(env)
	return (env.N() + k - 1) / k
}

// finish elects the group ([S3] §V step 5: "The most upper number process
// is elected as coordinator with the next K upper ones as its
// alternatives") and broadcasts it (step 6).
func finish(env *model.Env, s State, out *model.Outbox) State {
	k := K(env)
	s.Phase = Done
	group := model.InsertID(append([]model.ID(nil), s.Replied...), env.Self)
	coord := group[len(group)-1]
	if s.Fixed != model.None {
		coord = s.Fixed
	}
	var alts []model.ID
	for i := len(group) - 1; i >= 0 && len(alts) < k; i-- {
		if group[i] != coord {
			alts = append(alts, group[i])
		}
	}
	s.Coord, s.Alts = coord, alts
	s.Sent, s.Fresh = nil, nil
	out.Observe("decide", int32(coord))
	if len(s.Replied) == 0 {
		// [S3] §VIII.A.2: "there is no need to inform the other about the
		// elected coordinator, which is the informer itself."
		return s
	}
	var dests []model.ID
	for _, id := range env.Topo.Order {
		if id == env.Self || (env.Initial != nil && env.Initial[env.Topo.IndexOf(id)] == model.Absent) {
			continue
		}
		if env.Reading(AmbBcast) == BcastResponsive && contacted(env, &s, id) {
			if _, ok := slices.BinarySearch(s.Replied, id); !ok {
				continue
			}
		}
		dests = append(dests, id)
	}
	out.Multicast(dests, Coordinator, int32(coord), 0)
	// The alternatives travel in the message's List (shared, immutable).
	outs := out.Outputs()
	outs[len(outs)-1].Msg.List = alts
	return s
}

// contacted reports whether the informer sent Election to id.
func contacted(env *model.Env, s *State, id model.ID) bool {
	if id == env.Self {
		return false
	}
	sorted := env.Topo.Sorted()
	// The first s.Next candidates in descending order were contacted.
	i, _ := slices.BinarySearch(sorted, id)
	pos := len(sorted) - 1 - i
	return pos < int(s.Next)
}

func maxOf(ids []model.ID, self model.ID) model.ID {
	m := self
	for _, id := range ids {
		m = max(m, id)
	}
	return m
}

// merge returns the sorted union of two sorted lists (a new slice).
func merge(a, b []model.ID) []model.ID {
	out := make([]model.ID, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j >= len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i >= len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	return out
}
