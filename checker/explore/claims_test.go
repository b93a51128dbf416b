package explore

import (
	"testing"

	"electlab/checker"
	"electlab/model"
)

// alternation is a broken election whose violation needs one rare
// schedule: processes 1 and 2 each send six pings to process 3, which
// declares itself coordinator beside process 1 only when the twelve pings
// arrive strictly alternating (1 of the 924 interleavings of the two FIFO
// channels). Ids must be 1, 2, 3.
var alternation = &model.Algorithm[astate]{
	Info: model.Info{Name: "alternation", Title: "test: broken only under one rare interleaving", Topology: model.Complete, Kinds: testKinds},
	Init: func(*model.Env) astate { return astate{} },
	Step: func(env *model.Env, s astate, in model.Input, out *model.Outbox) astate {
		switch in.Kind {
		case model.InStart:
			s.Leader, s.Coord = 1, env.Self == 1
			if env.Self == 1 || env.Self == 2 {
				for range 6 {
					out.Send(3, testKinds[1], int32(env.Self), 0)
				}
			}
		case model.InDeliver:
			from := in.Msgs[0].A
			if s.Seen == 0 || (s.Last != from && s.Alternating) {
				s.Alternating = true
			} else {
				s.Alternating = false
			}
			s.Last, s.Seen = from, s.Seen+1
			s.Leader = 1
			if s.Seen == 12 && s.Alternating {
				s.Coord = true
			}
		}
		return s
	},
	View: func(s astate) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
}

// astate is alternation's process state.
type astate struct {
	// Leader is the coordinator the process knows (always 1).
	Leader model.ID
	// Coord: the process believes it is coordinator.
	Coord bool
	// Last is the sender of the last ping; Seen counts the pings;
	// Alternating: every ping so far came from the other sender.
	Last        int32
	Seen        uint8
	Alternating bool
}

func alternationClaim() model.Claim {
	return model.Claim{ID: "T-ALT", Source: "test", Says: "one coordinator", Kind: model.Behaviour,
		Props: model.Safety, NMin: 3, NMax: 3,
		Settings: []model.Setting{{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators}}}
}

// TestClaimsSearchEverySchedule shows the claim engine's sampled schedules
// miss a violation that needs one rare interleaving, and its search of
// every schedule (ForClaims) finds it, with a trace that replays to it.
func TestClaimsSearchEverySchedule(t *testing.T) {
	c := alternationClaim()
	sampled := checker.DefaultEngine()
	if res := sampled.CheckClaim(alternation, &c); res.Verdict != checker.Holds {
		t.Fatalf("sampled schedules: %s (%s); the test needs a violation they miss", res.Verdict, res.Summary)
	}
	e := checker.DefaultEngine()
	ForClaims(e, 0)
	res := e.CheckClaim(alternation, &c)
	if res.Verdict != checker.Refuted {
		t.Fatalf("every schedule: %s (%s), want REFUTED", res.Verdict, res.Summary)
	}
	ce := res.Rows[0].Counterexample
	if ce == nil || ce.Violation.Property != checker.PropSafety {
		t.Fatalf("counterexample: %+v", ce)
	}
	w := ce.Initial.Clone()
	for i, ev := range ce.Events {
		if err := w.Apply(ev); err != nil {
			t.Fatalf("event %d (%s): %v", i+1, ev, err)
		}
	}
	if err := checker.SingleCoordinator(w); err == nil {
		t.Fatalf("the counterexample's %d events do not reach two coordinators", len(ce.Events))
	}
}

// TestClaimsSearchExactExtreme: with every schedule searched, a bound's
// measured maximum at a size is the exact maximum over all schedules (the
// explorer's own min/max), and a bound one below it is refuted.
func TestClaimsSearchExactExtreme(t *testing.T) {
	info := alternation.Meta()
	cfg := &model.Config{Algo: info.Name, IDs: []model.ID{1, 2, 3}, CountInState: true}
	s0, err := alternation.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := Explore(s0, Options{Counts: CountsTotal}).Counts.Of(model.P2P).Max
	bound := func(limit int64) model.Claim {
		return model.Claim{ID: "T-MAX", Source: "test", Says: "messages", Kind: model.Bound,
			Quantity: model.Messages, Accounting: model.P2P, Relation: model.AtMost, FormulaText: "limit",
			Formula: func(model.Params) model.Rat { return model.RatInt(limit) }, NMin: 3, NMax: 3,
			Settings: []model.Setting{{Name: "all initiate", Timing: model.Async, Net: model.FIFO, Initiators: model.ManyInitiators}}}
	}
	e := checker.DefaultEngine()
	ForClaims(e, 0)
	c := bound(want)
	res := e.CheckClaim(alternation, &c)
	if res.Verdict != checker.Holds || len(res.Rows[0].AllSchedules) == 0 {
		t.Fatalf("bound %d: %s (%s), all schedules at %v", want, res.Verdict, res.Summary, res.Rows[0].AllSchedules)
	}
	if p := res.Rows[0].Points[0]; !p.AllSchedules || p.Measured != want {
		t.Fatalf("point %+v, want the exact maximum %d over all schedules", p, want)
	}
	c = bound(want - 1)
	if res := e.CheckClaim(alternation, &c); res.Verdict != checker.Refuted {
		t.Fatalf("bound %d: %s, want REFUTED", want-1, res.Verdict)
	}
}
