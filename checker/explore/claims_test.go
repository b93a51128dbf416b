package explore

import (
	"errors"
	"strings"
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

// TestJoinsBeforeEnd: with JoinsBeforeEnd (set by ForClaims when the
// configuration has absent processes, as Setting.Joins says each joins) a
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
	if out := claimSearch(s0, checks, false, 1000, nil); out.Violation != nil {
		t.Fatalf("ForClaims' search: %+v, want no violation (the joiner joins)", out.Violation)
	}
}

// TestClaimsSearchCustomNotAllSchedules: a claim with its own check (which
// may read history the explored state does not hold) is searched for
// violations at every schedule, but no size is claimed for all schedules.
func TestClaimsSearchCustomNotAllSchedules(t *testing.T) {
	c := model.Claim{ID: "T-CUSTOM", Source: "test", Says: "fine", Kind: model.Behaviour,
		Custom: func(model.System) error { return nil }, NMin: 3, NMax: 3,
		Settings: []model.Setting{{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: model.ManyInitiators}}}
	e := checker.DefaultEngine()
	ForClaims(e, 0)
	res := e.CheckClaim(alternation, &c)
	row := res.Rows[0]
	if res.Verdict != checker.Holds || len(row.AllSchedules) != 0 || !strings.Contains(row.Coverage, "searched for violations at n=3") {
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
	if res := checker.DefaultEngine().CheckClaim(alternation, &c); res.Verdict != checker.Holds {
		t.Fatalf("as an end-of-run check: %s (%s) %+v, want HOLDS (no run ends with 3 pings seen)", res.Verdict, res.Summary, res.Rows[0].Counterexample.Violation)
	}
	c.Custom, c.Invariant = nil, threeSeen
	for _, explore := range []bool{false, true} {
		e := checker.DefaultEngine()
		if explore {
			ForClaims(e, 0)
		}
		res := e.CheckClaim(alternation, &c)
		if len(res.Rows) == 0 {
			t.Fatalf("explore %v: %s (%s), no rows", explore, res.Verdict, res.Summary)
		}
		ce := res.Rows[0].Counterexample
		if res.Verdict != checker.Refuted || ce == nil || ce.Violation.Property != checker.PropCustom || ce.Violation.Step == 0 {
			t.Fatalf("explore %v: %s (%s), counterexample %+v; want REFUTED at a step", explore, res.Verdict, res.Summary, ce)
		}
	}
	c.Invariant = func(s model.System) error {
		if s.State(2).(astate).Seen > 12 {
			return errors.New("more than twelve pings")
		}
		return nil
	}
	e := checker.DefaultEngine()
	ForClaims(e, 0)
	if res := e.CheckClaim(alternation, &c); res.Verdict != checker.Holds || len(res.Rows[0].AllSchedules) == 0 {
		t.Fatalf("a holding invariant: %s (%s), all schedules at %v", res.Verdict, res.Summary, res.Rows[0].AllSchedules)
	}
}
