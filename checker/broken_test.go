package checker_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// A checker that cannot fail is a defect: each test here runs a property,
// a bound or a claim's own check against a deliberately broken variant of a
// correct algorithm and requires the check to catch it.

type crState = changroberts.State

// broken returns a copy of changroberts with its name, step and view
// replaced by the given wrappers (nil keeps the original).
func broken(name string, step func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState, view func(s crState) model.View) *model.Algorithm[crState] {
	a := *changroberts.Algorithm
	a.Name = name
	if step != nil {
		a.Step = step
	}
	if view != nil {
		a.View = view
	}
	return &a
}

var orig = changroberts.Algorithm.Step

// everyStarterCoordinator: an initiator acts as coordinator at once.
var everyStarterCoordinator = broken("broken-two-coordinators", func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState {
	s = orig(env, s, in, out)
	if in.Kind == model.InStart {
		s.Elected, s.Leader = true, env.Self
	}
	return s
}, nil)

// lowestIgnoresCoord: process 1 never adopts the announced coordinator.
var lowestIgnoresCoord = broken("broken-agreement", func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState {
	if env.Self == 1 && in.Kind == model.InDeliver {
		for _, m := range in.Msgs {
			if m.Kind == changroberts.Coord {
				out.Send(env.Next(), changroberts.Coord, m.A, 0)
				return s
			}
		}
	}
	return orig(env, s, in, out)
}, nil)

// believesMinimum: every process believes the lowest id leads.
var believesMinimum = broken("broken-validity", nil, func(s crState) model.View {
	return model.View{Leader: 1}
})

// coordNeverConsumed: the announcement circles forever.
var coordNeverConsumed = broken("broken-termination", func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState {
	if in.Kind == model.InDeliver {
		for _, m := range in.Msgs {
			if m.Kind == changroberts.Coord && model.ID(m.A) == env.Self {
				out.Send(env.Next(), changroberts.Coord, m.A, 0)
				return s
			}
		}
	}
	return orig(env, s, in, out)
}, nil)

// sendsToSelf: a process sends a message to itself.
var sendsToSelf = broken("broken-model", func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState {
	s = orig(env, s, in, out)
	if in.Kind == model.InStart {
		out.Send(env.Self, changroberts.Elect, int32(env.Self), 0)
	}
	return s
}, nil)

// everyoneClaimsOwnBack: every starter observes "own-returned".
var everyoneClaimsOwnBack = broken("broken-own-returned", func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState {
	if in.Kind == model.InStart {
		out.Observe("own-returned", int32(env.Self))
	}
	return orig(env, s, in, out)
}, nil)

var extraLap = broken("broken-extra-lap", func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState {
	if in.Kind == model.InDeliver && len(in.Msgs) == 1 {
		m := in.Msgs[0]
		// The first return of the winner's own message starts a second lap
		// (marked by B=1) instead of the announcement.
		if m.Kind == changroberts.Elect && model.ID(m.A) == env.Self && m.B == 0 {
			out.Send(env.Next(), changroberts.Elect, m.A, 1)
			return s
		}
		if m.Kind == changroberts.Elect && m.B == 1 && model.ID(m.A) != env.Self {
			out.Send(env.Next(), changroberts.Elect, m.A, 1)
			return s
		}
	}
	return orig(env, s, in, out)
}, nil)

func fifoConfig(name string, timing model.Timing, ids, inits []model.ID) *model.Config {
	return &model.Config{Algo: name, IDs: ids, Initiators: inits, Timing: timing, Forwarding: true}
}

func runFIFO(t *testing.T, a *model.Algorithm[crState], cfg *model.Config, checks checker.Checks) *checker.Execution {
	t.Helper()
	s0, err := a.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return checker.Execute(s0, checker.FIFO{}, checks, checker.Options{MaxSteps: 2000, FairAfter: 1})
}

var allProps = checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}

func TestCorrectVariantPassesEveryProperty(t *testing.T) {
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		x := runFIFO(t, changroberts.Algorithm, fifoConfig("", timing, []model.ID{3, 1, 2, 5, 4}, nil), allProps)
		if x.Violation != nil || !x.Quiescent {
			t.Fatalf("%v: correct changroberts: violation %v, quiescent %v", timing, x.Violation, x.Quiescent)
		}
	}
}

func TestPropertiesCatchBrokenVariants(t *testing.T) {
	ids := []model.ID{3, 1, 2, 5, 4}
	for _, tc := range []struct {
		alg      *model.Algorithm[crState]
		inits    []model.ID
		wantProp string
	}{
		{everyStarterCoordinator, []model.ID{3, 2}, checker.PropSafety},
		{lowestIgnoresCoord, nil, checker.PropAgreement},
		{believesMinimum, nil, checker.PropValidity},
		{coordNeverConsumed, nil, checker.PropTermination},
		{sendsToSelf, nil, checker.PropModel},
	} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			x := runFIFO(t, tc.alg, fifoConfig(tc.alg.Name, timing, ids, tc.inits), allProps)
			if x.Violation == nil || x.Violation.Property != tc.wantProp {
				t.Errorf("%s, %v: got violation %v, want %s", tc.alg.Name, timing, x.Violation, tc.wantProp)
			}
		}
	}
}

func TestTerminationReportsTheLivelock(t *testing.T) {
	x := runFIFO(t, coordNeverConsumed, fifoConfig(coordNeverConsumed.Name, model.Async, []model.ID{3, 1, 2}, nil), allProps)
	if x.Violation == nil || !strings.Contains(x.Violation.Message, "cycle") {
		t.Fatalf("want a livelock (cycle) report, got %v", x.Violation)
	}
}

// smallEngine keeps broken-variant searches fast.
func smallEngine() *claims.Engine {
	e := claims.DefaultEngine()
	e.Cases, e.MaxN, e.ExhaustiveLimit = 40, 5, 500
	return e
}

// claimOf is claim id of the registered algorithm described by info.
func claimOf(t *testing.T, info *model.Info, id string) *claim.Claim {
	t.Helper()
	e, err := algos.Registry().Lookup(info.Name)
	if err != nil {
		t.Fatal(err)
	}
	c := e.Claim(id)
	if c == nil {
		t.Fatalf("%s has no claim %s", info.Name, id)
	}
	return c
}

// Reference: [S1] refinement, "a maximum of 3n - 1" and "(3n - 1) × twc".
func TestBoundChecksCatchAnExtraLap(t *testing.T) {
	info := &changroberts.Algorithm.Info
	for _, id := range []string{"C-RING1-5", "C-RING1-6"} {
		c := *claimOf(t, info, id)
		c.Variants = nil
		for _, alg := range []*model.Algorithm[crState]{changroberts.Algorithm, extraLap} {
			// Only the single-initiator setting: within it the correct
			// algorithm meets both bounds.
			c.Settings = c.Settings[:1]
			res := smallEngine().CheckClaim(alg, &c)
			want := claims.Holds
			if alg == extraLap {
				want = claims.Refuted
			}
			if res.Verdict != want {
				t.Errorf("%s on %s: verdict %s, want %s (%s)", id, alg.Name, res.Verdict, want, res.Summary)
			}
			if want == claims.Refuted {
				ce := res.Rows[0].Counterexample
				if ce == nil || ce.Violation.Property != checker.PropBound {
					t.Errorf("%s on %s: want a bound counterexample, got %+v", id, alg.Name, ce)
				}
			}
		}
	}
}

// Reference: [S1] refinement, "only the highest-priority nonfailed process
// Phigh would get back its own "elect me" message".
func TestCustomCheckCatchesFalseOwnReturn(t *testing.T) {
	c := *claimOf(t, &changroberts.Algorithm.Info, "C-RING1-4")
	c.Variants = nil
	res := smallEngine().CheckClaim(everyoneClaimsOwnBack, &c)
	if res.Verdict != claims.Refuted || res.Rows[0].Counterexample.Violation.Property != checker.PropCustom {
		t.Fatalf("verdict %s (%s), want REFUTED by the claim's own check", res.Verdict, res.Summary)
	}
}

// Reference: [S1] basic version, "an order of n² messages per election".
// The growth check must reject a linear count: changroberts with one
// initiator sends 3n-1 messages, against lelann's n² claim.
func TestGrowthCheckRejectsLinearCount(t *testing.T) {
	c := *claimOf(t, &lelann.Algorithm.Info, "C-RING1-1")
	c.Variants = nil
	c.Settings = append([]claim.Setting(nil), c.Settings[:1]...) // one initiator; a copy, not the registered claim's settings
	c.Settings[0].MaxDead = 0
	e := smallEngine()
	e.MaxN = 16
	res := e.CheckClaim(changroberts.Algorithm, &c)
	if res.Verdict != claims.Refuted {
		t.Fatalf("growth claim n^2 on a linear count: verdict %s (fit %.2f), want REFUTED", res.Verdict, res.Rows[0].Fit)
	}
	if f := res.Rows[0].Fit; f < 0.8 || f > 1.2 {
		t.Errorf("fitted exponent %.2f, want about 1", f)
	}
	// And the same check accepts lelann's own count.
	res = e.CheckClaim(lelann.Algorithm, &c)
	if res.Verdict != claims.Holds {
		t.Errorf("lelann's own C-RING1-1: verdict %s (fit %.2f), want HOLDS", res.Verdict, res.Rows[0].Fit)
	}
}

// The engine's verdict logic: a variant that holds beside one that is
// refuted gives AMBIGUOUS, and settings outside the paper's assumptions do
// not decide the verdict.
func TestSummaryVerdicts(t *testing.T) {
	info := &changroberts.Algorithm.Info
	c := *claimOf(t, info, "C-RING1-5")
	c.Settings = c.Settings[:1]
	c.Variants = []string{"swallow"}
	if v := smallEngine().CheckClaim(changroberts.Algorithm, &c).Verdict; v != claims.Holds {
		t.Fatalf("single initiator, swallow: %s, want HOLDS", v)
	}
	// Two initiators break 3n-1 under both readings; marked outside, the
	// row no longer decides the verdict.
	c2 := *claimOf(t, info, "C-RING1-5")
	c2.Settings = append([]claim.Setting(nil), c2.Settings...)
	c2.Settings[1].Outside = true
	res := smallEngine().CheckClaim(changroberts.Algorithm, &c2)
	if res.Verdict != claims.Holds {
		t.Fatalf("refuting setting marked outside: verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	// A bound that only one reading meets is AMBIGUOUS.
	c3 := *claimOf(t, info, "C-RING1-5")
	c3.Settings = c3.Settings[:1]
	c3.Variants = []string{"swallow", "resend"}
	c3.Settings = append([]claim.Setting(nil), c3.Settings...)
	c3.Settings[0].Initiators = claim.ManyInitiators
	// n(n+1)/2 elect messages at most (every id travels at most to the
	// maximum) plus n announcements: the swallow reading meets it.
	c3.Formula = func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N*(p.N+1)/2 + p.N)) }
	res = smallEngine().CheckClaim(changroberts.Algorithm, &c3)
	if res.Verdict != claims.Ambiguous {
		t.Fatalf("4n-1 with several initiators: verdict %s, want AMBIGUOUS (swallow meets n(n+1)/2+n, resend does not): %s", res.Verdict, res.Summary)
	}
}

// The table check compares printed numbers with the paper's own formula:
// a misprinted row must make the claim INCONSISTENT, with the arithmetic.
func TestTableCheckCatchesMisprint(t *testing.T) {
	c := claim.Claim{ID: "C-TEST-TABLE", Source: "test", Says: "3n-1", Kind: claim.Table, FormulaText: "3n-1",
		Formula: func(p claim.Params) claim.Rat { return claim.RatInt(int64(3*p.N - 1)) },
		Rows: []claim.PrintedRow{
			{Label: "n=4", Params: claim.Params{N: 4}, Printed: claim.RatInt(11)},
			{Label: "n=5", Params: claim.Params{N: 5}, Printed: claim.RatInt(14)},
		}}
	if v := claims.DefaultEngine().CheckClaim(changroberts.Algorithm, &c).Verdict; v != claims.Holds {
		t.Fatalf("consistent table: verdict %s, want HOLDS", v)
	}
	c.Rows[1].Printed = claim.RatInt(15)
	res := claims.DefaultEngine().CheckClaim(changroberts.Algorithm, &c)
	if res.Verdict != claims.Inconsistent || !strings.Contains(res.Rows[1].Arithmetic, "14; printed 15") {
		t.Fatalf("misprinted row: verdict %s, rows %+v; want INCONSISTENT with the arithmetic", res.Verdict, res.Rows)
	}
}
