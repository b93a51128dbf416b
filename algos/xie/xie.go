// Package xie is Xie et al.'s bidirectional-ring election as far as the
// seeds describe it: one sentence of [S0] §II item 1 (its ref. 23),
// restated in [S3] §II, "sending election messages simultaneously by
// processes which find coordinator crash out to their successor and
// predecessor", and one figure, "if n processes find it out the number of
// exchanged messages will be 2n". The seeds say neither what a receiver
// does with an election message nor how a coordinator is chosen and made
// known, so the algorithm here is the tool's completion of that sentence,
// with the completions named as the readings of AMB-XIE-1:
//
//   - one-hop: each detector sends Election to its successor and its
//     predecessor, and receivers do not forward (2 messages per
//     detector). Nothing in the sentence decides; the most generous local
//     rule is taken: every process believes in the highest id it knows
//     (its own and the senders of the Elections it received).
//   - relay: each Election travels on round the ring in its direction,
//     every process appending its id, until it returns to its detector.
//     A process that has received both copies of one detector's Election
//     (or a detector whose two copies came back) knows every id on the
//     ring (the two copies collected the two arcs) and believes in the
//     highest.
//   - relay-kill: relay with a kill rule (as Chang–Roberts does in each
//     direction): a process does not forward the Election of a detector
//     below the highest detector whose Election it has seen, or below
//     itself when it is a detector.
//
// The scenario is [S0]'s: the coordinator (the best member) crashed before
// the run and the initiators are the processes that detect it. "Successor
// and predecessor" are the nearest live processes: the ring has healed
// around the processes crashed before the run, which the step reads from
// Env.Initial, an oracle of the crash set (no real process knows it), as
// fceabr's "healed" reading does.
//
// Reference: [S0] §II item 1 (ref. 23); [S3] §II; catalog C-FCEABR-14.
package xie

import (
	"strconv"

	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Election is Election(A = detector, B = direction): B = 0 travels
	// clockwise (to successors), 1 counter-clockwise (to predecessors).
	// Under the relay readings List holds the ids collected so far, the
	// detector first.
	Election = &model.Kind{Name: "election", Args: 2}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Election)

// AmbReceiver is the index of AMB-XIE-1 (into model.Env.Variant): what a
// receiver does with an Election.
const AmbReceiver = 0

// Readings of AmbReceiver.
const (
	OneHop    uint8 = 0
	Relay     uint8 = 1
	RelayKill uint8 = 2
)

// State is one process's state. Its slices are never modified in place.
type State struct {
	// Self is the process's id (constant).
	Self model.ID
	// Detector: the process received its start input (it found the
	// coordinator's crash); set at most once, never cleared.
	Detector bool
	// Known holds, in increasing order without duplicates, every id the
	// process knows: its own and those the Elections it received carried
	// (their detector, and under the relay readings the ids collected).
	Known []model.ID
	// Copies holds, in increasing order of detector, the detectors one of
	// whose Election copies the process received (its own detector's
	// copies when they came back), with the directions received as bits
	// (1: clockwise, 2: counter-clockwise).
	Copies []Copy
	// MaxDetector is the highest detector whose Election the process has
	// seen, or its own id when it is a detector and higher (None before
	// either); the relay-kill reading drops Elections below it.
	MaxDetector model.ID
	// Leader is the coordinator the process believes in (None while it
	// has no rule to decide): under one-hop the highest id in Known once
	// it detected or received an Election; under the relay readings the
	// highest id in Known once it has both copies of one detector's
	// Election.
	Leader model.ID
}

// Copy records which copies of one detector's Election a process received.
type Copy struct {
	// Detector is the Election's detector.
	Detector model.ID
	// Dirs has bit 1 for the clockwise copy, bit 2 for the other.
	Dirs uint8
}

// Algorithm is the completion of Xie et al.'s sentence as a pure step
// function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "xie",
		Title:    "Xie et al.'s bidirectional ring as [S0]/[S3] cite it: detectors send Election to successor and predecessor (the tool's completions)",
		Source:   "[S0] §II item 1 (ref. 23); [S3] §II; catalog C-FCEABR-14",
		Topology: model.BiRing,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{{
			ID:       "AMB-XIE-1",
			Question: "what a receiver does with an Election (the seeds give one sentence: detectors send election messages to their successor and predecessor)",
			Readings: []string{"one-hop", "relay", "relay-kill"},
			Explain: []string{
				"receivers do not forward; every process believes in the highest id it knows (its own, the senders')",
				"each Election goes on round the ring collecting ids until it returns to its detector; both copies of one detector's Election tell a process every id",
				"relay, and a process drops an Election whose detector is below the highest detector it has seen (or below itself, a detector)",
			},
			Default: 0,
		}},
	},
	Init: func(env *model.Env) State {
		return State{Self: env.Self, Known: []model.ID{env.Self}}
	},
	Step: step,
	View: func(s State) model.View {
		return model.View{Leader: s.Leader, Coordinator: s.Leader != model.None && s.Leader == s.Self}
	},
	Encode: func(s State, b []byte) []byte {
		if s.Detector {
			b = append(b, 'D')
		}
		b = strconv.AppendInt(b, int64(s.Leader), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(s.MaxDetector), 10)
		for _, id := range s.Known {
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(id), 10)
		}
		for _, c := range s.Copies {
			b = append(b, ';')
			b = strconv.AppendInt(b, int64(c.Detector), 10)
			b = append(b, ':', '0'+c.Dirs)
		}
		return append(b, '|')
	},
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	switch in.Kind {
	case model.InStart:
		if s.Detector {
			return s
		}
		// [S0] §II item 1: "sending election messages simultaneously by
		// processes which find coordinator crash out to their successor
		// and predecessor".
		s.Detector = true
		if s.Self > s.MaxDetector {
			s.MaxDetector = s.Self
		}
		list := []model.ID{s.Self}
		out.SendMsg(model.Message{Kind: Election, To: neighbour(env, 0), A: int32(s.Self), B: 0, List: list})
		out.SendMsg(model.Message{Kind: Election, To: neighbour(env, 1), A: int32(s.Self), B: 1, List: list})
		if env.Reading(AmbReceiver) == OneHop {
			s.Leader = s.Known[len(s.Known)-1]
		}
	case model.InDeliver:
		for _, m := range in.Msgs {
			s = receive(env, s, m, out)
		}
	}
	return s
}

// receive handles one Election.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	if m.Kind != Election {
		return s
	}
	det, dir := model.ID(m.A), uint8(m.B)
	reading := env.Reading(AmbReceiver)
	if reading == OneHop {
		// AMB-XIE-1 "one-hop": the receiver learns the sender's id and
		// forwards nothing; it believes in the highest id it knows.
		s.Known = model.InsertID(s.Known, det)
		s.Leader = s.Known[len(s.Known)-1]
		return s
	}
	// AMB-XIE-1 "relay": the Election carries the ids collected so far.
	for _, id := range m.List {
		s.Known = model.InsertID(s.Known, id)
	}
	s.Copies = addCopy(s.Copies, det, 1<<dir)
	if det != s.Self {
		kill := reading == RelayKill && det < s.MaxDetector
		if det > s.MaxDetector {
			s.MaxDetector = det
		}
		if !kill {
			// On round the ring in the same direction, with this
			// process's id appended (a new slice: List is shared).
			list := make([]model.ID, len(m.List)+1)
			copy(list, m.List)
			list[len(m.List)] = s.Self
			out.SendMsg(model.Message{Kind: Election, To: neighbour(env, int(dir)), A: m.A, B: m.B, List: list})
		}
	}
	// Both copies of one detector's Election (for its detector, both come
	// back) collected the two arcs of the ring: every id is known.
	for _, c := range s.Copies {
		if c.Dirs == 3 {
			s.Leader = s.Known[len(s.Known)-1]
			break
		}
	}
	return s
}

// neighbour is the nearest process in direction dir (0: clockwise) not
// crashed before the run (the healed ring; Env.Initial is the oracle).
func neighbour(env *model.Env, dir int) model.ID {
	return env.Topo.Nearest(env.Index, dir, func(j int) bool { return env.Initial == nil || env.Initial[j] == model.Live })
}

// addCopy returns cs with the direction bit d recorded for detector det;
// cs itself is never modified.
func addCopy(cs []Copy, det model.ID, d uint8) []Copy {
	i := 0
	for i < len(cs) && cs[i].Detector < det {
		i++
	}
	if i < len(cs) && cs[i].Detector == det {
		if cs[i].Dirs&d != 0 {
			return cs
		}
		n := append([]Copy(nil), cs...)
		n[i].Dirs |= d
		return n
	}
	n := make([]Copy, 0, len(cs)+1)
	n = append(n, cs[:i]...)
	n = append(n, Copy{Detector: det, Dirs: d})
	return append(n, cs[i:]...)
}
