// Package modbully is Effatparvar's modified Bully as [S3] §II describes it
// (the catalog's cited-only "modified Bully", case MB of [S3]'s tests): the
// process that detects the coordinator's crash (the informer) sends
// ELECTION to every higher id; each receiver answers with its id and does
// not start an election of its own; when its timeout expires the informer
// picks the highest id it heard of (its own if nobody answered) and sends
// COORDINATOR to every other process.
//
// Several informers run independently (the text gives no suppression
// rule). A recovered or joining process acts as an informer. The
// membership is static (every process of the topology), and the old
// coordinator is the best member at the start, crashed under the catalog's
// convention A.
//
// Reference: [S3] §II (Related Work), the paragraph on Effatparvar [10] and
// Shirali [1]; catalog §2, "Cited only": "Bully with one round".
package modbully

import (
	"encoding/binary"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Election is the informer's request, sent to every higher id.
	Election = &model.Kind{Name: "election"}
	// Answer(A) is a receiver's reply carrying its id A.
	Answer = &model.Kind{Name: "answer", Args: 1}
	// Coordinator(A) announces the chosen coordinator A to every other
	// process.
	Coordinator = &model.Kind{Name: "coordinator", Args: 1}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election, Answer, Coordinator)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbCrashed is AMB-MB-1: are messages also sent to crashed members?
	AmbCrashed = iota
	// AmbN is AMB-MB-2: what N counts in the formulas.
	AmbN
)

// The readings of AmbCrashed are bullykit.ToAll and bullykit.ToLive (an
// oracle of the crash set before the run: convention B, the old
// coordinator never messaged); those of AmbN bullykit.NMembers and
// bullykit.NLive.

// T is the informer's timer: 2 rounds, one round trip.
const T uint8 = 1

// State is one process's state.
type State struct {
	// Leader is the coordinator the process believes in: the old
	// coordinator at the start, then the last one announced to it (None
	// for a joiner until an announcement).
	Leader model.ID
	// Coord: the process acts as coordinator. Coord implies Leader ==
	// self.
	Coord bool
	// Collecting: the process is an informer waiting for answers; T is
	// armed exactly while it is set.
	Collecting bool
	// Best is the highest id the informer has heard of, itself included
	// (meaningful while Collecting).
	Best model.ID
}

// Algorithm is the modified Bully as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "modbully",
		Title:    "Modified Bully (Effatparvar, as [S3] §II describes it): ELECTION to higher ids, answers with ids, the informer announces the highest",
		Source:   "[S3] §II (Effatparvar [10]); catalog, cited-only \"modified Bully\" (case MB)",
		Topology: model.Complete,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{
			{
				ID:       "AMB-MB-1",
				Question: "are ELECTION and COORDINATOR also sent to crashed members?",
				Readings: []string{"msg-all", "msg-live"},
				Explain: []string{
					"yes: every member in the membership, crashed ones included (convention A)",
					"no: members crashed before the run are left out (an oracle of that crash set; convention B)",
				},
				Default: 0,
			},
			bullykit.NCount("AMB-MB-2", "what does N count in the formulas?"),
		},
	},
	Init: bullykit.Init(false, fields),
	Step: step,
	View: func(s State) model.View { return fields(&s).Belief().View() },
	Encode: func(s State, b []byte) []byte {
		// Bit 0 of the flags is Coord, bit 1 Collecting.
		b = fields(&s).Belief().Append(b, model.Flags(false, s.Collecting), 1)
		return binary.LittleEndian.AppendUint32(b, uint32(s.Best))
	},
}

// fields points at the belief fields of s (package bullykit).
func fields(s *State) bullykit.Fields { return bullykit.Fields{Leader: &s.Leader, Coord: &s.Coord} }

// N is the N of a claim's formula under the AMB-MB-2 reading in p.Variant.
func N(p claim.Params) int { return p.NCounted(AmbN, bullykit.NLive) }

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	switch in.Kind {
	case model.InStart:
		// A process cannot detect its own crash; an informer already
		// collecting has nothing more to start.
		if s.Coord || s.Collecting {
			return s
		}
		return inform(env, s, out)
	case model.InRecover, model.InJoin:
		// As in the Bully family, a process coming (back) up starts an
		// election.
		fields(&s).ComeUp(in.Kind)
		if s.Collecting {
			return s
		}
		return inform(env, s, out)
	case model.InDeliver:
		for _, m := range in.Msgs {
			switch m.Kind {
			case Election:
				// [S3] §II: "processors which receive Election message,
				// send their numbers to informer".
				out.Send(m.From, Answer, int32(env.Self), 0)
			case Answer:
				if s.Collecting && model.ID(m.A) > s.Best {
					s.Best = model.ID(m.A)
				}
			case Coordinator:
				// [S3] §II: "Processes are informed about the elected
				// coordinator by receiving Coordination message from
				// informer".
				s.Leader = model.ID(m.A)
				s.Coord = s.Leader == env.Self
			}
		}
	case model.InTimer:
		if in.Timer == T && s.Collecting {
			// [S3] §II: "After that it compares all processes numbers and
			// then coordinator will be chosen."
			s.Collecting = false
			s.Leader, s.Coord = s.Best, s.Best == env.Self
			bullykit.Multicast(out, members(env, func(id model.ID) bool { return id != env.Self }), Coordinator, int32(s.Best))
		}
	}
	return s
}

// inform starts the informer's round: ELECTION to every higher id ([S3] §II
// on Bully: "send Election messages to the processes with an upper process
// number than themselves").
func inform(env *model.Env, s State, out *model.Outbox) State {
	s.Collecting, s.Best = true, env.Self
	bullykit.Multicast(out, members(env, func(id model.ID) bool { return id > env.Self }), Election, 0)
	out.SetTimer(T, 2)
	return s
}

// members lists the members kept by keep, in increasing order, leaving out
// those crashed at the start under the "msg-live" reading. The slice is
// new: a multicast keeps it.
func members(env *model.Env, keep func(model.ID) bool) []model.ID {
	return bullykit.Recipients(env, AmbCrashed, keep)
}
