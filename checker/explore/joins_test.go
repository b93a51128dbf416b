package explore

import (
	"errors"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// joiner is a test election on a complete graph of ids 1..3 where process
// 3 is absent at the start: the coordinator 1 knows itself, and a joiner
// learns the coordinator when it joins (InJoin) and says so. Before the
// join, an end-of-run check that the joiner joined fails.
var joiner = &model.Algorithm[tstate]{
	Info: model.Info{Name: "joiner", Title: "test: a joiner learns the coordinator", Topology: model.Complete, Kinds: testKinds},
	Init: func(*model.Env) tstate { return tstate{} },
	Step: func(env *model.Env, s tstate, in model.Input, out *model.Outbox) tstate {
		switch in.Kind {
		case model.InStart:
			s.Leader, s.Coord = 1, env.Self == 1
		case model.InJoin:
			s.Leader = 1
			out.Observe("joined", int32(env.Self))
		}
		return s
	},
	View: tview,
}

// TestJoinsBeforeEnd: with JoinsBeforeEnd (set by the claim engine when
// the configuration has absent processes, as Setting.Joins says each joins) a
// state where the absent process can still join is not an end, so the
// agreement check only sees executions where it joined; without it, the
// search reports the not-yet-joined state as a violation.
func TestJoinsBeforeEnd(t *testing.T) {
	cfg := &model.Config{Algo: "joiner", IDs: []model.ID{1, 2}, Initiators: []model.ID{1, 2}, Absent: []model.ID{3}}
	s0, err := joiner.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	checks := checker.Checks{Custom: func(s model.System) error {
		for _, o := range s.Observations() {
			if o.Tag == "joined" {
				return nil
			}
		}
		return errors.New("process 3 never joined")
	}}
	if r := Explore(s0, Options{Checks: checks}); len(r.Violations) == 0 {
		t.Fatalf("without JoinsBeforeEnd: %s; want the pre-join end reported", r.Verdict())
	}
	if r := Explore(s0, Options{Checks: checks, JoinsBeforeEnd: true}); len(r.Violations) != 0 || r.Final == 0 {
		t.Fatalf("with JoinsBeforeEnd: %s (%d final states)", r.Verdict(), r.Final)
	}
}
