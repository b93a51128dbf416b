// Package ringkit holds what the ring elections share (algos/changroberts,
// lelann, ringpoll, franklin, peterson, and examples/hsring, written
// outside electlab): the step function of an algorithm whose processes
// take part from their start input or their first message (Step), the
// leader's announcement going once round the ring (PassLeader), and the
// formulas, settings and end-of-run checks of their claims (CeilLog2,
// FloorLog2, CrashFreeSettings, Leaders, OneLeader, SameAnnouncement, and
// [S1]'s C-RING1-7 as S1ElectsHighest).
//
// It imports only the model, so an algorithm package may use it, and so
// may an algorithm written outside electlab against its public API.
package ringkit

import (
	"fmt"
	"math/bits"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// Step returns the step function of a ring election built from its two
// halves: a start input calls wake, and each message of a delivery, in
// order, calls receive. Other inputs leave the state as it is.
func Step[S any](
	wake func(env *model.Env, s S, out *model.Outbox) S,
	receive func(env *model.Env, s S, m model.Message, out *model.Outbox) S,
) func(env *model.Env, s S, in model.Input, out *model.Outbox) S {
	return func(env *model.Env, s S, in model.Input, out *model.Outbox) S {
		switch in.Kind {
		case model.InStart:
			s = wake(env, s, out)
		case model.InDeliver:
			for _, m := range in.Msgs {
				s = receive(env, s, m, out)
			}
		}
		return s
	}
}

// PassLeader handles m, the announcement leader(id) of the elected id
// (id in m.A), which goes once round the ring to the next process: a
// process other than the elected one passes it on and returns id and
// true; at the elected process the lap ends, and it returns false.
func PassLeader(env *model.Env, m model.Message, out *model.Outbox) (model.ID, bool) {
	id := model.ID(m.A)
	if id == env.Self {
		return model.None, false
	}
	out.Send(env.Next(), m.Kind, m.A, 0)
	return id, true
}

// CeilLog2 is ⌈log₂ n⌉ for n ≥ 1 (0 for n ≤ 1).
func CeilLog2(n int) int64 {
	if n <= 1 {
		return 0
	}
	return int64(bits.Len(uint(n - 1)))
}

// FloorLog2 is ⌊log₂ n⌋ for n ≥ 1 (0 for n ≤ 1).
func FloorLog2(n int) int64 {
	if n <= 1 {
		return 0
	}
	return int64(bits.Len(uint(n))) - 1
}

// Leaders returns the processes of s that act as leader (View.Coordinator),
// in ring order.
func Leaders(s model.Snapshot) []model.ID {
	var leaders []model.ID
	for i := range s.N() {
		if s.View(i).Coordinator {
			leaders = append(leaders, s.Topo().Order[i])
		}
	}
	return leaders
}

// ExactlyOne checks that leaders (as Leaders returns them) holds exactly
// one process.
func ExactlyOne(leaders []model.ID) error {
	if len(leaders) != 1 {
		return fmt.Errorf("%d processes act as leader (%v), want exactly one", len(leaders), leaders)
	}
	return nil
}

// OneLeader is an end-of-run check: exactly one process acts as leader,
// and it is the highest id.
func OneLeader(s model.System) error {
	leaders := Leaders(s)
	if err := ExactlyOne(leaders); err != nil {
		return err
	}
	if leaders[0] != s.Topo().Max() {
		return fmt.Errorf("process %d acts as leader, but the highest id is %d", leaders[0], s.Topo().Max())
	}
	return nil
}

// SameAnnouncement returns a check that every observation tagged tag
// names the same value (the announced leader); who names the announcing
// processes in the error. each, when not nil, is called first on every
// such observation, in order, and its error is returned: a check of each
// announcement by itself.
func SameAnnouncement(tag, who string, each func(model.Observation) error) func(model.System) error {
	return func(s model.System) error {
		first := true
		var v int32
		var by model.ID
		for _, o := range s.Observations() {
			if o.Tag != tag {
				continue
			}
			if each != nil {
				if err := each(o); err != nil {
					return err
				}
			}
			if first {
				first, v, by = false, o.Val, o.Proc
			} else if o.Val != v {
				return fmt.Errorf("%s %d announced %d but %s %d announced %d", who, by, v, who, o.Proc, o.Val)
			}
		}
		return nil
	}
}

// CrashFreeSettings returns the executions a ring election that assumes no
// failures (algos/franklin, algos/peterson) is checked over: asynchronous
// FIFO links and synchronous rounds, each with every set of initiators;
// nothing is crashed.
func CrashFreeSettings() []claim.Setting {
	return []claim.Setting{
		{Name: "async fifo, any initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators},
		{Name: "sync, any initiators", Timing: model.Sync, Initiators: claim.AnyInitiators},
	}
}

// CrashFreeAndUnorderedSettings returns CrashFreeSettings followed by the
// same with asynchronous links that reorder: outside the paper's FIFO
// links, so checked and shown but not deciding the verdict.
func CrashFreeAndUnorderedSettings() []claim.Setting {
	return append(CrashFreeSettings(), claim.Setting{
		Name: "async unordered, any initiators (outside the paper's FIFO links)", Timing: model.Async, Net: model.Unordered, Initiators: claim.AnyInitiators, Outside: true,
	})
}

// S1ElectsHighest is C-RING1-7, [S1]'s opening promise, as both of its
// unidirectional-ring elections (algos/lelann, algos/changroberts) claim
// it: the highest live process is elected and every live process learns
// it, with failed processes forwarding. variants are the readings it is
// checked under (none: the default only).
func S1ElectsHighest(variants ...string) claim.Claim {
	return claim.Claim{
		ID:     "C-RING1-7",
		Source: "[S1] Election Algorithms, first paragraph",
		Says:   `"The election algorithm chooses the highest-priority nonfailed process as the new coordinator and announces its id to all nonfailed processes."`,
		Formal: "at quiescence every live process holds the same leader, the maximum live id; never two live coordinators; failed processes forward but are never elected",
		Kind:   claim.Behaviour,
		Props:  model.Safety | model.Agreement | model.Validity | model.Termination,
		NMin:   3, NMax: 8,
		Settings: []claim.Setting{
			{Name: "async fifo, failed forwarders, any initiators", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, MaxDead: 6},
			{Name: "sync, failed forwarders, any initiators", Timing: model.Sync, Initiators: claim.AnyInitiators, MaxDead: 6},
		},
		Variants: variants,
	}
}
