// Package enhancedbully is Murshed and Allen's enhanced Bully as [S4] §III
// summarises it: the highest ids are Candidates, the rest Ordinary. An
// ordinary detector sends election to every candidate and, if none
// answers, to the higher ordinary processes; a candidate detector sends
// election to the higher candidates. Receivers answer OK with their id and
// start nothing; the detector picks the highest id it heard of (its own if
// none) and sends coordinator to every other process. A joining (or
// recovering) process queries the candidates (a candidate only the higher
// ones); an answer carries the coordinator, and the joiner starts an
// election if its id is higher.
//
// The candidate set is static: the top ⌈N/2⌉ members (AMB-MA-1), N per
// AMB-MA-2. The old coordinator is the best member at the start; the
// election message names it ([S4] §III: "The election message contains the
// ID of the failure detector process and the ID of the failure
// coordinator"), and AMB-MA-3 decides whether it is still sent messages.
//
// Reference: [S4] §III (a summary of Murshed and Allen [7]); catalog
// algorithm A10 (ALG-MA), ambiguity AMB-MA-1.
package enhancedbully

import (
	"encoding/binary"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Election(A): A is the failed coordinator the detector names.
	Election = &model.Kind{Name: "election", Args: 1}
	// OK(A): the receiver's answer with its id A.
	OK = &model.Kind{Name: "ok", Args: 1}
	// Coordinator(A) announces A (with the candidate set, which is
	// static here and not carried).
	Coordinator = &model.Kind{Name: "coordinator", Args: 1}
	// Query is a joiner's question to the candidates.
	Query = &model.Kind{Name: "query"}
	// Answer(A): A is the answering candidate's coordinator.
	Answer = &model.Kind{Name: "answer", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election, OK, Coordinator, Query, Answer)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbSplit is AMB-MA-1: ⌈N/2⌉ or ⌊N/2⌋ candidates.
	AmbSplit = iota
	// AmbN is AMB-MA-2: whether N (of the split and of the formulas)
	// counts the crashed old coordinator.
	AmbN
	// AmbOld is AMB-MA-3: is the failed coordinator, which the election
	// message names, still sent messages?
	AmbOld
)

// Readings.
const (
	CandCeil  uint8 = 0
	CandFloor uint8 = 1

	NMembers uint8 = 0
	NLive    uint8 = 1

	OldMessaged uint8 = 0
	OldSkipped  uint8 = 1
)

// T is the detector's (and the joiner's) wait: 2 rounds, one round trip.
const T uint8 = 1

// Phase is where a process is.
type Phase uint8

const (
	// Idle: nothing pending (T disarmed).
	Idle Phase = iota
	// Candidates: an election sent to the candidates (or, for a
	// candidate detector, to the higher candidates); T armed.
	Candidates
	// Ordinary: no candidate answered; an election sent to the higher
	// ordinary processes; T armed.
	Ordinary
	// Querying: a joiner waiting for an answer; T armed.
	Querying
)

// State is one process's state.
type State struct {
	// Leader is the coordinator the process believes in (the old one at
	// the start; None for a joiner until it learns one).
	Leader model.ID
	// Coord: the process acts as coordinator; implies Leader == self.
	Coord bool
	// Phase is the pending wait; T is armed exactly when it is not Idle.
	Phase Phase
	// Best is the highest id heard of in the current election, the
	// process itself included (meaningful in Candidates and Ordinary).
	Best model.ID
}

// Algorithm is the enhanced Bully as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "enhancedbully",
		Title:    "Enhanced Bully (Murshed–Allen, as [S4] §III summarises it): candidates and ordinary processes, one round of OKs, query on join",
		Source:   "[S4] §III; catalog A10",
		Topology: model.Complete,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{
			{
				ID:       "AMB-MA-1",
				Question: "how many candidates for odd N?",
				Readings: []string{"cand-ceil", "cand-floor"},
				Explain: []string{
					"⌈N/2⌉: the highest ⌈N/2⌉ members are candidates",
					"⌊N/2⌋ candidates",
				},
				Default: 0,
			},
			{
				ID:       "AMB-MA-2",
				Question: "does N (of the split and of the printed tables) count the crashed old coordinator?",
				Readings: []string{"n-members", "n-live"},
				Explain: []string{
					"yes: N is every member, the crashed coordinator included, which is then a candidate",
					"no: N leaves the old coordinator out; the candidates are the top of the other members",
				},
				Default: 0,
			},
			{
				ID:       "AMB-MA-3",
				Question: "is the failed coordinator, whom the election message names, still sent election and coordinator messages?",
				Readings: []string{"old-messaged", "old-skipped"},
				Explain: []string{
					"yes: it is a member like the others (convention A)",
					"no: the detector leaves it out of its election and coordinator messages, and so do the joiners",
				},
				Default: 0,
			},
		},
	},
	Init: bullykit.Init(false, fields),
	Step: step,
	View: func(s State) model.View { return fields(&s).Belief().View() },
	Encode: func(s State, b []byte) []byte {
		b = fields(&s).Belief().Append(b, byte(s.Phase), 8)
		return binary.LittleEndian.AppendUint32(b, uint32(s.Best))
	},
}

// fields points at the belief fields of s (package bullykit).
func fields(s *State) bullykit.Fields { return bullykit.Fields{Leader: &s.Leader, Coord: &s.Coord} }

// N is the N of a formula under the AMB-MA-2 reading in p.Variant: every
// member, or the members without the crashed old coordinator.
func N(p claim.Params) int {
	if p.Reading(AmbN) == NLive {
		return p.N - 1
	}
	return p.N
}

// split returns the lowest candidate id: the candidates are the members
// from it up (the old coordinator left out under "n-live").
func split(env *model.Env) model.ID {
	old := env.InitialCoordinator(false)
	var ms []model.ID
	for _, id := range env.InitialMembers(nil) {
		if env.Reading(AmbN) == NLive && id == old {
			continue
		}
		ms = append(ms, id)
	}
	c := (len(ms) + 1) / 2
	if env.Reading(AmbSplit) == CandFloor {
		c = len(ms) / 2
	}
	if c == 0 {
		return ms[len(ms)-1] + 1
	}
	return ms[len(ms)-c]
}

// candidate reports whether id is a candidate.
func candidate(env *model.Env, id model.ID) bool {
	if env.Reading(AmbN) == NLive && id == env.InitialCoordinator(false) {
		return false
	}
	return id >= split(env)
}

// dests lists the processes of the topology kept by keep, in increasing
// order, without the process itself and, under "old-skipped", without the
// failed coordinator. The slice is new: a multicast keeps it.
func dests(env *model.Env, keep func(model.ID) bool) []model.ID {
	old, skipOld := env.InitialCoordinator(false), env.Reading(AmbOld) == OldSkipped
	return env.Recipients(func(id model.ID) bool { return id != env.Self && keep(id) && !(skipOld && id == old) }, false)
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	switch in.Kind {
	case model.InStart:
		// A process cannot detect its own crash; one already waiting has
		// nothing more to start.
		if s.Coord || s.Phase != Idle {
			return s
		}
		return elect(env, s, out)
	case model.InJoin, model.InRecover:
		// [S4] §III 4a: "If it belongs to the Ordinary set it sends a
		// query message to the Candidate processes; otherwise, if it
		// belongs to the Candidate set, it sends a query message to the
		// Candidate processes that have higher IDs."
		s.Coord, s.Leader = false, model.None
		bullykit.Multicast(out, candidateDests(env), Query, 0)
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
		case Candidates:
			if s.Best == env.Self && !candidate(env, env.Self) {
				// [S4] §III 1a: "If it does not receive any answer from
				// any Candidate process, then it sends the election
				// message to the Ordinary processes that have higher
				// IDs."
				s.Phase = Ordinary
				higherOrdinary := dests(env, func(id model.ID) bool { return id > env.Self && !candidate(env, id) })
				bullykit.Multicast(out, higherOrdinary, Election, int32(env.InitialCoordinator(false)))
				out.SetTimer(T, 2)
				return s
			}
			return announce(env, s, out)
		case Ordinary:
			return announce(env, s, out)
		case Querying:
			// No answer: the text says nothing; the joiner (the highest
			// candidate, or one whose candidates are all down) starts an
			// election.
			s.Phase = Idle
			return elect(env, s, out)
		}
	}
	return s
}

// candidateDests are the processes a detector's election (and a joiner's
// query) goes to: 1b, "If it belongs to the Candidate set it sends an
// election message to the Candidate processes that have higher IDs"; 1a,
// otherwise "it sends the election message to Candidate processes and
// waits to receive an OK message".
func candidateDests(env *model.Env) []model.ID {
	if candidate(env, env.Self) {
		return dests(env, func(id model.ID) bool { return id > env.Self && candidate(env, id) })
	}
	return dests(env, func(id model.ID) bool { return candidate(env, id) })
}

// elect starts an election as a detector: [S4] §III 1a/1b.
func elect(env *model.Env, s State, out *model.Outbox) State {
	s.Phase, s.Best = Candidates, env.Self
	bullykit.Multicast(out, candidateDests(env), Election, int32(env.InitialCoordinator(false)))
	out.SetTimer(T, 2)
	return s
}

// announce ends an election: [S4] §III 3: "The electioneer process, after
// receiving all OK messages, selects the process with the highest ID as
// the coordinator and sends the coordinator message ... to all processes."
func announce(env *model.Env, s State, out *model.Outbox) State {
	s.Phase = Idle
	s.Leader, s.Coord = s.Best, s.Best == env.Self
	bullykit.Multicast(out, dests(env, func(model.ID) bool { return true }), Coordinator, int32(s.Best))
	return s
}

func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Election:
		// [S4] §III 2: "When a process receives the election message, it
		// answers with an OK message and attaches its ID to it."
		out.Send(m.From, OK, int32(env.Self), 0)
	case OK:
		if (s.Phase == Candidates || s.Phase == Ordinary) && model.ID(m.A) > s.Best {
			s.Best = model.ID(m.A)
		}
	case Coordinator:
		s.Leader = model.ID(m.A)
		s.Coord = s.Leader == env.Self
	case Query:
		// 4b: "When a process receives a query message, it answers with
		// an answer message, to which it attaches the ID of the
		// coordinator and the Candidate set."
		out.Send(m.From, Answer, int32(s.Leader), 0)
	case Answer:
		if s.Phase != Querying {
			return s
		}
		c := model.ID(m.A)
		if c == model.None {
			return s
		}
		s.Phase = Idle
		out.CancelTimer(T)
		if env.Self > c {
			// 4c: "If the process which receives the answer message has
			// a higher ID than the ID of the current coordinator, it
			// initiates a new election procedure."
			return elect(env, s, out)
		}
		s.Leader = c
	}
	return s
}
