// Package bullykit holds what the Bully family of election algorithms
// (algos/bully, modbully, enhancedbully, kabashi) shares: the readings of
// the catalog's conventions A and B (is the crashed old coordinator
// messaged, and counted in N?) and the recipient lists they decide, the
// guarded multicast every one of them sends, [S4]'s count T_m of the Bully
// and the n² reference curve of their growth claims, the settings their
// claims have in common, and what a process believes (Belief, their Init,
// View and the start of their Encode), so that the four packages cannot
// drift apart. It imports only model and claim, so the algorithm packages
// may use it.
package bullykit

import (
	"encoding/binary"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// Belief is what a process of the Bully family believes: the coordinator
// it holds (Leader; model.None for a joiner until it learns one) and
// whether it acts as that coordinator (Coord). Each algorithm's State
// begins with these two fields, which Fields points at: its Init is
// Init, its View the belief's View, and its Encode begins with the
// belief's Append. The State keeps them as its own fields (not an
// embedded Belief) so that its %+v rendering in traces stays flat.
type Belief struct {
	Leader model.ID
	Coord  bool
}

// Fields points at the belief fields of a family State.
type Fields struct {
	Leader *model.ID
	Coord  *bool
}

// Belief is the belief the fields hold.
func (f Fields) Belief() Belief { return Belief{Leader: *f.Leader, Coord: *f.Coord} }

// ComeUp is the belief of a process coming (back) up, on a recover or
// join input of kind k ([S4] §II): it no longer acts as coordinator, and a
// joiner holds none (model.None) until it learns one.
func (f Fields) ComeUp(k model.InputKind) {
	*f.Coord = false
	if k == model.InJoin {
		*f.Leader = model.None
	}
}

// Init returns the Init of a family algorithm whose State's belief fields
// fields points at: the zero State holding InitialBelief(env, minID).
func Init[S any](minID bool, fields func(s *S) Fields) func(env *model.Env) S {
	return func(env *model.Env) S {
		var s S
		f, b := fields(&s), InitialBelief(env, minID)
		*f.Leader, *f.Coord = b.Leader, b.Coord
		return s
	}
}

// InitialBelief is a process's belief at the start: the old coordinator,
// env.InitialCoordinator(minID) (the highest member, or the lowest for a
// min-id algorithm), in which that process itself acts as coordinator.
func InitialBelief(env *model.Env, minID bool) Belief {
	c := env.InitialCoordinator(minID)
	return Belief{Leader: c, Coord: c == env.Self}
}

// View is the belief as the model reads it.
func (b Belief) View() model.View { return model.View{Leader: b.Leader, Coordinator: b.Coord} }

// Append appends the belief as a family State's Encode begins: one byte,
// flags (the State's other flags) with coordBit set when the process acts
// as coordinator, then Leader as 4 little-endian bytes.
func (b Belief) Append(dst []byte, flags, coordBit byte) []byte {
	if b.Coord {
		flags |= coordBit
	}
	return binary.LittleEndian.AppendUint32(append(dst, flags), uint32(b.Leader))
}

// Readings of an ambiguity that asks whether messages also go to the
// members crashed before the run.
const (
	// ToAll: every member, crashed ones included (convention A).
	ToAll uint8 = 0
	// ToLive: members crashed before the run are left out. No process can
	// know who they are: the reading is an oracle of that crash set
	// (model.Env.Initial), which realises convention B's "never
	// messaged". Processes crashed during the run are still messaged.
	ToLive uint8 = 1
)

// Readings of an ambiguity that asks what N counts in the formulas.
const (
	// NMembers: every member, the crashed old coordinator included
	// (convention A).
	NMembers uint8 = 0
	// NLive: the live processes at the start (convention B).
	NLive uint8 = 1
)

// NCount is the ambiguity id, "what does N count in the formulas?" as
// question asks it, with the readings NMembers ("n-members") and NLive
// ("n-live"): it changes only how formulas evaluate N (see
// claim.Params.NCounted), no behaviour.
func NCount(id, question string) model.Ambiguity {
	return model.Ambiguity{
		ID:       id,
		Question: question,
		Readings: []string{"n-members", "n-live"},
		Explain: []string{
			"every member, the crashed old coordinator included (convention A)",
			"the live processes at the start (convention B; changes only how formulas evaluate N)",
		},
		Default: 0,
	}
}

// Recipients lists the processes of the topology that keep accepts, in
// increasing order, leaving out those crashed before the run when the
// process's reading of amb (a question with the readings ToAll and
// ToLive) is ToLive. The slice is new: a multicast may keep it.
func Recipients(env *model.Env, amb int, keep func(model.ID) bool) []model.ID {
	return env.Recipients(keep, env.Reading(amb) == ToLive)
}

// Multicast sends one message of kind k with argument a to dests, and
// nothing when dests is empty: a multicast to nobody would still count a
// transmission. dests must not be modified afterwards.
func Multicast(out *model.Outbox, dests []model.ID, k *model.Kind, a int32) {
	if len(dests) > 0 {
		out.Multicast(dests, k, a, 0)
	}
}

// Tm is [S4] eq.(1), the Bully's count when process p detects the
// coordinator's failure among n processes: T_m = (N − P + 1)(N − P) + N − 1.
func Tm(n, p int64) claim.Rat {
	return claim.RatInt((n-p+1)*(n-p) + n - 1)
}

// Square is the formula n², with n as the algorithm reads it (n(p), its N
// under the reading in p.Variant): the reference curve of a claim that a
// count grows quadratically.
func Square(n func(claim.Params) int) func(claim.Params) claim.Rat {
	return func(p claim.Params) claim.Rat {
		v := int64(n(p))
		return claim.RatInt(v * v)
	}
}
