package mutex_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/model"
)

// toy is a mutual-exclusion "algorithm" for the invariant's own test: a
// request is granted at once by the requester itself when greedy, never
// otherwise.
type toy struct {
	Phase mutex.Phase
	Asked uint8
	Clock int32
}

func toyAlgorithm(greedy bool) *model.Algorithm[toy] {
	c := &mutex.Cycle[toy]{
		Client: func(s *toy) mutex.Client { return mutex.Client{Phase: &s.Phase, Asked: &s.Asked, Clock: &s.Clock} },
		Ask: func(env *model.Env, s toy, out *model.Outbox) toy {
			if greedy {
				mutex.Client{Phase: &s.Phase, Asked: &s.Asked, Clock: &s.Clock}.Enter(out)
			}
			return s
		},
		Release: func(env *model.Env, s toy, out *model.Outbox) toy { return s },
		Receive: func(env *model.Env, s toy, m model.Message, out *model.Outbox) toy { return s },
	}
	return c.Algorithm(model.Algorithm[toy]{Info: model.Info{Name: "toy", Topology: model.Complete,
		Ambiguities: []model.Ambiguity{mutex.DemandAmbiguity}}})
}

// TestOneInCSCatchesTwoHolders: Cycle.Algorithm marks the algorithm a
// mutual-exclusion one and gives it the step invariant; the invariant
// holds while nobody enters and fails, naming both processes, once two
// are in their critical sections at once (the greedy toy grants itself).
func TestOneInCSCatchesTwoHolders(t *testing.T) {
	for _, greedy := range []bool{false, true} {
		a := toyAlgorithm(greedy)
		if !a.Mutex || a.Invariant == nil {
			t.Fatalf("Cycle.Algorithm: Mutex %v, Exclusion set %v", a.Mutex, a.Invariant != nil)
		}
		s, err := a.NewSystem(&model.Config{Algo: "toy", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1, 3}})
		if err != nil {
			t.Fatal(err)
		}
		var first error
		for first == nil {
			ev := s.Enabled(nil)
			if len(ev) == 0 {
				break
			}
			if err := s.Apply(ev[0]); err != nil {
				t.Fatal(err)
			}
			first = a.Invariant(s)
		}
		switch {
		case !greedy && first != nil:
			t.Errorf("nobody enters, yet: %v", first)
		case greedy && first == nil:
			t.Error("two processes entered at once and the invariant did not notice")
		case greedy && !strings.Contains(first.Error(), "1 and 3 are in their critical sections at once"):
			t.Errorf("message %q does not name both holders", first)
		}
	}
}
