// Package bully is Garcia-Molina's Bully algorithm on a complete graph: a
// process that detects the coordinator's crash (or that recovers, or joins)
// sends ELECTION to every higher id and waits T1; a higher process answers
// OK and starts its own election; a process that hears no OK within T1 wins
// and sends I-WON to every lower id; one that heard an OK waits T2 for the
// I-WON and starts again if none comes.
//
// "Coordinator crash detected" is the start input (the detectors are the
// Config's initiators). The old coordinator is the best member at the start
// (Env.InitialCoordinator); with the catalog's convention A it is crashed
// (Config.Crashed) and stays a member, so ELECTION messages go to it too.
// Convention B (the old coordinator outside the membership, never
// messaged) is the variant "elect-live,iwon-live,n-live", or a config in
// which it is simply not a process.
//
// The membership is static: every process of the topology, including one
// that has not joined yet (a message to it is lost, as one to a crashed
// process is, and counts as sent).
//
// Reference: [S2] Bully slides; [S1] end ("Bully Algorithm", truncated);
// [S3] §II; [S4] §II; catalog algorithm A7 (ALG-BULLY), ambiguities
// AMB-B-1 … AMB-B-5.
package bully

import (
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Election is ("elect me", sender): sent to every higher id.
	Election = &model.Kind{Name: "election"}
	// OK answers an Election: the (higher) sender takes over.
	OK = &model.Kind{Name: "ok"}
	// IWon is ("new coordinator", sender), the slides' "I won": sent by
	// the winner to every lower id.
	IWon = &model.Kind{Name: "iwon"}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election, OK, IWon)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbElectCrashed is AMB-B-1: is ELECTION also sent to crashed
	// members?
	AmbElectCrashed = iota
	// AmbIWonRecipients is AMB-B-2: I-WON to all lower members, or to the
	// live ones only?
	AmbIWonRecipients
	// AmbN is AMB-B-3: what N counts in the claims' formulas (changes no
	// behaviour; see N).
	AmbN
	// AmbT1 is AMB-B-4: the length of T1.
	AmbT1
	// AmbBusy is AMB-B-5: a process already in an election gets another
	// ELECTION.
	AmbBusy
)

// The readings of AmbElectCrashed and AmbIWonRecipients (every member in
// the direction, or the ones not crashed before the run) are
// bullykit.ToAll and bullykit.ToLive; those of AmbN bullykit.NMembers and
// bullykit.NLive.

// Readings of AmbT1.
const (
	T1RoundTrip uint8 = 0
	T1OneRound  uint8 = 1
)

// Readings of AmbBusy.
const (
	BusyStay    uint8 = 0
	BusyRestart uint8 = 1
)

// Timers.
const (
	// T1 waits for an OK after sending ELECTION.
	T1 uint8 = 1
	// T2 waits for the I-WON after an OK.
	T2 uint8 = 2
)

// Phase is where a process is in an election.
type Phase uint8

const (
	// Idle: not in an election (T1 and T2 disarmed).
	Idle Phase = iota
	// Electing: ELECTION sent, T1 armed, no OK yet.
	Electing
	// Waiting: an OK came, T2 armed, waiting for the I-WON.
	Waiting
)

// State is one process's state.
type State struct {
	// Leader is the coordinator the process believes in: at the start
	// the old coordinator, then the sender of the last I-WON, or itself
	// after winning. None only for a process that joined and has not
	// learned one yet.
	Leader model.ID
	// Coord: the process acts as coordinator (it won, or it is the old
	// coordinator). Coord implies Leader == self; an I-WON from another
	// process clears it.
	Coord bool
	// Phase is the election phase; T1 is armed exactly in Electing, T2
	// exactly in Waiting.
	Phase Phase
}

// Algorithm is the Bully algorithm as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "bully",
		Title:    "Bully algorithm (Garcia-Molina): ELECTION to higher ids, OK, I-WON to lower ids, timeouts T1 and T2",
		Source:   "[S2] Bully slides; [S1] end; [S3] §II; [S4] §II; catalog A7",
		Topology: model.Complete,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{
			{
				ID:       "AMB-B-1",
				Question: "is ELECTION also sent to crashed members?",
				Readings: []string{"elect-all", "elect-live"},
				Explain: []string{
					"yes: every higher member, crashed ones included, since they are in the membership (convention A)",
					"no: members crashed before the run are left out (an oracle of that crash set; convention B's \"never messaged\")",
				},
				Default: 0,
			},
			{
				ID:       "AMB-B-2",
				Question: "who receives the I-WON?",
				Readings: []string{"iwon-all", "iwon-live"},
				Explain: []string{
					"all lower members",
					"the lower members not crashed before the run (an oracle of that crash set)",
				},
				Default: 0,
			},
			bullykit.NCount("AMB-B-3", "what does N count in the formulas ([S4]'s T_m, n-1, n²-1)?"),
			{
				ID:       "AMB-B-4",
				Question: "how long is T1 (in rounds under sync timing)?",
				Readings: []string{"t1-2", "t1-1"},
				Explain: []string{
					"2 rounds, one round trip: an OK sent in answer arrives before T1 fires (T2 = T1 + 1)",
					"1 round, shorter than a round trip (not in the sources: shows why T1 must cover one)",
				},
				Default: 0,
			},
			{
				ID:       "AMB-B-5",
				Question: "a process already in an election gets another ELECTION: does it start again?",
				Readings: []string{"ok-stay", "ok-restart"},
				Explain: []string{
					"it replies OK and carries on with its election",
					"it replies OK and starts its election again (ELECTION to every higher id, T1 re-armed)",
				},
				Default: 0,
			},
		},
	},
	Init: bullykit.Init(false, fields),
	Step: step,
	View: func(s State) model.View { return fields(&s).Belief().View() },
	Encode: func(s State, b []byte) []byte {
		return fields(&s).Belief().Append(b, byte(s.Phase), 4)
	},
}

// fields points at the belief fields of s (package bullykit).
func fields(s *State) bullykit.Fields { return bullykit.Fields{Leader: &s.Leader, Coord: &s.Coord} }

// N is the N of a claim's formula under the AMB-B-3 reading in p.Variant:
// every member (convention A) or the live processes at the start (B).
func N(p claim.Params) int { return p.NCounted(AmbN, bullykit.NLive) }

// t1 is the length of T1 under the AMB-B-4 reading.
func t1(env *model.Env) int64 {
	if env.Reading(AmbT1) == T1OneRound {
		return 1
	}
	return 2
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	switch in.Kind {
	case model.InStart:
		// [S2]: "Process initiates election ... if coordinator failed".
		// A process cannot detect its own crash, and one already in an
		// election has nothing more to start.
		if s.Coord || s.Phase != Idle {
			return s
		}
		return elect(env, s, out)
	case model.InRecover, model.InJoin:
		// [S2]: "Process initiates election if it just recovered from
		// failure"; [S4] §II: "If a process that was previously down comes
		// back up, it initiates an election procedure." A joiner does the
		// same ([S4] §II.A, "When a new process joins the system").
		fields(&s).ComeUp(in.Kind)
		return elect(env, s, out)
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = receive(env, s, m, out)
		}
	case model.InTimer:
		switch {
		case in.Timer == T1 && s.Phase == Electing:
			// [S1]: "If it does not hear from any of them before the
			// time-out occurs, it assumes that all of them have failed,
			// sends a ("new coordinator", Pi) message to all
			// lower-priority processes, and becomes the new coordinator."
			s.Phase, s.Coord, s.Leader = Idle, true, env.Self
			bullykit.Multicast(out, lower(env), IWon, 0)
		case in.Timer == T2 && s.Phase == Waiting:
			// Catalog A7 rule 4: "OK received: wait T2 for I-WON;
			// otherwise restart."
			return elect(env, s, out)
		}
	}
	return s
}

// elect starts (or restarts) an election: [S2] "P sends Election messages
// to all process with higher Ids and awaits OK messages".
func elect(env *model.Env, s State, out *model.Outbox) State {
	s.Phase = Electing
	out.CancelTimer(T2)
	bullykit.Multicast(out, higher(env), Election, 0)
	out.SetTimer(T1, t1(env))
	return s
}

func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Election:
		// [S2]: "If a process receives an Election msg, it returns an OK
		// and starts an election". AMB-B-5 decides what a process already
		// in an election does.
		out.Send(m.From, OK, 0, 0)
		if s.Phase == Idle || env.Reading(AmbBusy) == BusyRestart {
			return elect(env, s, out)
		}
	case OK:
		// [S2]: "If it receives an OK, it drops out and waits for an I
		// won".
		if s.Phase == Electing {
			s.Phase = Waiting
			out.CancelTimer(T1)
			out.SetTimer(T2, t1(env)+1)
		}
	case IWon:
		// [S2]: "If a process receives a I won, it treats sender an
		// coordinator" (catalog A7 rule 5: adopt the sender, whatever its
		// id).
		if s.Phase == Electing {
			out.CancelTimer(T1)
		}
		if s.Phase == Waiting {
			out.CancelTimer(T2)
		}
		s.Phase, s.Leader, s.Coord = Idle, m.From, false
	}
	return s
}

// higher lists the members above the process (AMB-B-1 decides whether the
// ones crashed at the start are included). The slice is new: a multicast
// keeps it.
func higher(env *model.Env) []model.ID {
	return bullykit.Recipients(env, AmbElectCrashed, func(id model.ID) bool { return id > env.Self })
}

// lower lists the members below the process (AMB-B-2).
func lower(env *model.Env) []model.ID {
	return bullykit.Recipients(env, AmbIWonRecipients, func(id model.ID) bool { return id < env.Self })
}
