package claims

import (
	"errors"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

var testKinds = model.Kinds(
	model.KindSpec{Name: "token"},
	model.KindSpec{Name: "ping"},
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

func alternationClaim() claim.Claim {
	return claim.Claim{ID: "T-ALT", Source: "test", Says: "one coordinator", Kind: claim.Behaviour,
		Props: model.Safety, NMin: 3, NMax: 3,
		Settings: []claim.Setting{{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators}}}
}

// TestClaimsSearchEverySchedule shows the claim engine's sampled schedules
// miss a violation that needs one rare interleaving, and its search of
// every schedule (Engine.ExploreStates) finds it, with a trace that replays to it.
func TestClaimsSearchEverySchedule(t *testing.T) {
	c := alternationClaim()
	sampled := DefaultEngine()
	sampled.ExploreStates = 0
	if res := sampled.CheckClaim(alternation, &c); res.Verdict != Holds {
		t.Fatalf("sampled schedules: %s (%s); the test needs a violation they miss", res.Verdict, res.Summary)
	}
	e := DefaultEngine()
	e.ExploreStates = ClaimStates
	res := e.CheckClaim(alternation, &c)
	if res.Verdict != Refuted {
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
	want := explore.Explore(s0, explore.Options{Counts: explore.CountsTotal}).Counts.Of(model.P2P).Max
	bound := func(limit int64) claim.Claim {
		return claim.Claim{ID: "T-MAX", Source: "test", Says: "messages", Kind: claim.Bound,
			Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost, FormulaText: "limit",
			Formula: func(claim.Params) claim.Rat { return claim.RatInt(limit) }, NMin: 3, NMax: 3,
			Settings: []claim.Setting{{Name: "all initiate", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators}}}
	}
	e := DefaultEngine()
	e.ExploreStates = ClaimStates
	c := bound(want)
	res := e.CheckClaim(alternation, &c)
	if res.Verdict != Holds || len(res.Rows[0].AllSchedules) == 0 {
		t.Fatalf("bound %d: %s (%s), all schedules at %v", want, res.Verdict, res.Summary, res.Rows[0].AllSchedules)
	}
	if p := res.Rows[0].Points[0]; !p.AllSchedules || p.Measured != want {
		t.Fatalf("point %+v, want the exact maximum %d over all schedules", p, want)
	}
	c = bound(want - 1)
	if res := e.CheckClaim(alternation, &c); res.Verdict != Refuted {
		t.Fatalf("bound %d: %s, want REFUTED", want-1, res.Verdict)
	}
}

// TestSearchJoinsBeforeEnd: the engine's search of every schedule sets
// JoinsBeforeEnd when the configuration has absent processes (as
// Setting.Joins says each joins), so a state where the absent process can
// still join is not an end and the joiner's check holds.
func TestSearchJoinsBeforeEnd(t *testing.T) {
	s0, err := modeltest.Joiner.NewSystem(modeltest.JoinerConfig())
	if err != nil {
		t.Fatal(err)
	}
	checks := checker.Checks{Custom: modeltest.Joined}
	if out := searchAll(s0, checks, false, 1000, nil); out.violation != nil {
		t.Fatalf("the engine's search: %+v, want no violation (the joiner joins)", out.violation)
	}
}

// TestClaimsSearchCustomNotAllSchedules: a claim with its own check (which
// may read history the explored state does not hold) is searched for
// violations at every schedule, but no size is claimed for all schedules.
func TestClaimsSearchCustomNotAllSchedules(t *testing.T) {
	c := claim.Claim{ID: "T-CUSTOM", Source: "test", Says: "fine", Kind: claim.Behaviour,
		Custom: func(model.System) error { return nil }, NMin: 3, NMax: 3,
		Settings: []claim.Setting{{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: claim.ManyInitiators}}}
	e := DefaultEngine()
	e.ExploreStates = ClaimStates
	res := e.CheckClaim(alternation, &c)
	row := res.Rows[0]
	if res.Verdict != Holds || len(row.AllSchedules) != 0 || !strings.Contains(row.Coverage, "searched for violations at n=3") {
		t.Fatalf("%s, all schedules %v, coverage %q", res.Verdict, row.AllSchedules, row.Coverage)
	}
	if strings.Contains(res.Summary, "for all schedules") {
		t.Fatalf("summary claims all schedules: %s", res.Summary)
	}
}

// TestClaimsInvariantEveryInstant: a claim's Invariant is judged after
// every event, by the sampled engine and by the search of every schedule:
// a condition broken only in the middle of a run (process 3 has seen
// exactly three pings; a run ends with 0, 6 or 12) refutes the claim with a violation at a step, while
// the same condition as an end-of-run Custom check passes; an invariant
// that holds lets the search claim every schedule (it is a function of
// the encoded state).
func TestClaimsInvariantEveryInstant(t *testing.T) {
	threeSeen := func(s model.System) error {
		if st := s.State(2).(astate); st.Seen == 3 {
			return errors.New("process 3 has seen exactly three pings")
		}
		return nil
	}
	c := alternationClaim()
	c.Props = 0
	c.Custom = threeSeen
	if res := DefaultEngine().CheckClaim(alternation, &c); res.Verdict != Holds {
		t.Fatalf("as an end-of-run check: %s (%s) %+v, want HOLDS (no run ends with 3 pings seen)", res.Verdict, res.Summary, res.Rows[0].Counterexample.Violation)
	}
	c.Custom, c.Invariant = nil, threeSeen
	for _, search := range []bool{false, true} {
		e := DefaultEngine()
		if search {
			e.ExploreStates = ClaimStates
		}
		res := e.CheckClaim(alternation, &c)
		if len(res.Rows) == 0 {
			t.Fatalf("search %v: %s (%s), no rows", search, res.Verdict, res.Summary)
		}
		ce := res.Rows[0].Counterexample
		if res.Verdict != Refuted || ce == nil || ce.Violation.Property != checker.PropCustom || ce.Violation.Step == 0 {
			t.Fatalf("search %v: %s (%s), counterexample %+v; want REFUTED at a step", search, res.Verdict, res.Summary, ce)
		}
	}
	c.Invariant = func(s model.System) error {
		if s.State(2).(astate).Seen > 12 {
			return errors.New("more than twelve pings")
		}
		return nil
	}
	e := DefaultEngine()
	e.ExploreStates = ClaimStates
	if res := e.CheckClaim(alternation, &c); res.Verdict != Holds || len(res.Rows[0].AllSchedules) == 0 {
		t.Fatalf("a holding invariant: %s (%s), all schedules at %v", res.Verdict, res.Summary, res.Rows[0].AllSchedules)
	}
}
