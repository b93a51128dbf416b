package checker_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/algos/hierarchical"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// familyClaim is a bound claim on Chang–Roberts whose only setting takes
// its configurations from fam: the message count is at most n² (true of
// every execution), so the row's verdict and coverage show what the family
// made the engine run.
func familyClaim(fam func(n int, variant string) claim.ConfigFamily) *claim.Claim {
	return &claim.Claim{
		ID: "T-FAMILY", Source: "test", Says: "test", Formal: "test",
		Kind: claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N * p.N)) },
		FormulaText: "n^2",
		NMin:        4, NMax: 5,
		Settings: []claim.Setting{{Name: "family", Timing: model.Sync, Initiators: claim.AnyInitiators, Family: fam}},
	}
}

// Setting.Family: a family no larger than the exhaustive limit is
// enumerated (every member, three schedules each), a larger one sampled
// (Cases members), and a size whose family is empty is not checked; a
// claim with no configuration at any size is UNCHECKED, never HOLDS.
func TestSettingFamilyEnumeratesSamplesAndSkips(t *testing.T) {
	e := claims.DefaultEngine()
	e.Cases, e.ExhaustiveLimit, e.ExploreStates = 7, 10, 0
	var seen []string
	fam := func(n int, _ string) claim.ConfigFamily {
		switch n {
		case 4:
			// Two members: initiator 1, or initiators 2 and 3 with 4 crashed.
			return claim.ConfigFamily{Count: 2, At: func(k int64) ([]model.ID, []model.ID) {
				seen = append(seen, "4")
				if k == 0 {
					return nil, []model.ID{1}
				}
				return []model.ID{4}, []model.ID{2, 3}
			}}
		}
		// n = 5: more members than the limit: sampled.
		return claim.ConfigFamily{Count: 1000, At: func(k int64) ([]model.ID, []model.ID) {
			return nil, []model.ID{model.ID(1 + k%5)}
		}}
	}
	res := e.CheckClaim(changroberts.Algorithm, familyClaim(fam))
	if res.Verdict != claims.Holds {
		t.Fatalf("verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	row := res.Rows[0]
	if len(row.Points) != 2 || row.Points[0].Cases != 2*3 || row.Points[1].Cases != e.Cases {
		t.Fatalf("points %+v: want 6 executions at n=4 (2 members, 3 schedules) and %d at n=5 (sampled)", row.Points, e.Cases)
	}
	if !strings.Contains(row.Coverage, "n=4: every configuration of the setting's family") || !strings.Contains(row.Coverage, "n=5: 7 random configurations of the setting's family") {
		t.Errorf("coverage %q does not name the family", row.Coverage)
	}
	empty := func(int, string) claim.ConfigFamily { return claim.ConfigFamily{} }
	res = e.CheckClaim(changroberts.Algorithm, familyClaim(empty))
	if res.Verdict != claims.Unchecked || res.Rows[0].Executions != 0 {
		t.Errorf("empty family: verdict %s with %d executions, want UNCHECKED with none (%s)", res.Verdict, res.Rows[0].Executions, res.Summary)
	}
}

// hierDoubleElection: a site's informer sends each FCEABOB Election twice.
var hierDoubleElection = brokenCopy(hierarchical.Algorithm, "broken-hier-double-election", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	s = hOrig(env, s, in, out)
	for _, o := range out.Outputs() {
		if o.Kind == model.OutSend && o.Msg.Kind == fceabob.Election {
			out.SendMsg(o.Msg)
			break
		}
	}
	return s
})

// Reference: [S3] §VIII.A.3 eq.(5) (C-HIER-2): over the sizes where the
// model stays within eq.(5) (n = 6, 12: sites of 3 and 4, up to four
// sites), the check measures every site's lone informer (the setting's
// family reaches the scenario at every size) and holds; one extra Election
// per site breaks it.
func TestHier2WorstCaseCatchesBrokenVariant(t *testing.T) {
	c := *claimOf(t, &hierarchical.Algorithm.Info, "C-HIER-2")
	c.Sizes, c.NMax = []int{6, 12}, 12
	c.Variants = []string{"spn3,scan2", "spn4,scan2"}
	c.FixedReadings = nil // the default readings only, none declared fixed
	e := claims.DefaultEngine()
	e.Cases = 20
	res := e.CheckClaim(hierarchical.Algorithm, &c)
	if res.Verdict != claims.Holds {
		t.Fatalf("on hierarchical: verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	for _, r := range res.Rows {
		if len(r.Points) != 2 {
			t.Fatalf("row %s %s: points %+v, want n=6 and n=12", r.Setting, r.Variant, r.Points)
		}
		for _, p := range r.Points {
			// Every site's lone informer tells its SPN−1 crashed members
			// and announces itself: 2·(SPN−1) each, at least 4 per site.
			if p.Cases == 0 || p.Measured < 8 {
				t.Errorf("row %s %s: n=%d measured %d over %d executions: the lone-informer scenario was not reached", r.Setting, r.Variant, p.N, p.Measured, p.Cases)
			}
		}
	}
	res = e.CheckClaim(hierDoubleElection, &c)
	if res.Verdict != claims.Refuted {
		t.Fatalf("on %s: verdict %s, want REFUTED (%s)", hierDoubleElection.Name, res.Verdict, res.Summary)
	}
	if ce := res.Rows[0].Counterexample; ce == nil || ce.Violation.Property != checker.PropBound {
		t.Errorf("want a bound counterexample, got %+v", ce)
	}
}

// fcSElectionLost: every SElection is lost (crash handling never reaches
// a terminal).
var fcSElectionLost = brokenCopy(fceabr.Algorithm, "broken-selection-lost", reemit(fcOrig, func(m model.Message) int {
	if m.Kind == fceabr.SElection {
		return 0
	}
	return 1
}))

// fcForgetsSurrogate: an odd-numbered process that receives crash
// handling's SCoordinator forgets the new surrogate it names.
var fcForgetsSurrogate = brokenCopy(fceabr.Algorithm, "broken-forgets-new-surrogate", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	s = fcOrig(env, s, in, out)
	if in.Kind == model.InDeliver && env.Self%2 == 1 {
		for _, m := range in.Msgs {
			if m.Kind == fceabr.SCoordinator {
				s.Alts[0] = model.None
			}
		}
	}
	return s
})

// fcDoubleSElection: a detector sends its SElection twice each way.
var fcDoubleSElection = brokenCopy(fceabr.Algorithm, "broken-double-selection", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	if in.Kind != model.InStart {
		return fcOrig(env, s, in, out)
	}
	return reemit(fcOrig, func(m model.Message) int {
		if m.Kind == fceabr.SElection {
			return 2
		}
		return 1
	})(env, s, in, out)
})

// fcNoSCoordinator: crash handling's terminals announce nothing (the count
// is the SElection messages alone).
var fcNoSCoordinator = brokenCopy(fceabr.Algorithm, "broken-no-scoordinator", reemit(fcOrig, func(m model.Message) int {
	if m.Kind == fceabr.SCoordinator {
		return 0
	}
	return 1
}))

// consecutive is C-FCEABR-11 restricted to its sync setting of two
// consecutive instances under reading v.
func consecutive(t *testing.T, v string) *claim.Claim {
	c := *claimOf(t, &fceabr.Algorithm.Info, "C-FCEABR-11")
	c.Variants = []string{v}
	var keep []claim.Setting
	for _, st := range c.Settings {
		if st.Successive > 0 && st.Timing == model.Sync {
			keep = append(keep, st)
		}
	}
	if len(keep) != 1 {
		t.Fatalf("C-FCEABR-11 has %d sync settings of consecutive instances, want 1", len(keep))
	}
	c.Settings = keep
	return &c
}

// Reference: [S0] §IV/§V (C-FCEABR-11, "two or more consecutive
// elections", AMB-FCEABR-5): the election followed by the coordinator's
// crash handling holds on fceabr under the epoch reading in lock-step
// rounds, and the check refutes a crash handling that reaches no terminal
// and one whose announcement does not reach every process; the no-epoch
// reading is refuted by the model itself (no terminal).
func TestFCEABR11ConsecutiveInstancesCatchBrokenVariants(t *testing.T) {
	c := consecutive(t, "top2-own")
	e := smallEngine()
	if res := e.CheckClaim(fceabr.Algorithm, c); res.Verdict != claims.Holds {
		t.Fatalf("on fceabr (epoch): verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	for _, b := range []*model.Algorithm[fcState]{fcSElectionLost, fcForgetsSurrogate} {
		refutesBroken(t, e, fceabr.Algorithm, b, c, checker.PropCustom)
	}
	res := e.CheckClaim(fceabr.Algorithm, consecutive(t, "no-epoch"))
	if res.Verdict != claims.Refuted {
		t.Fatalf("no-epoch: verdict %s, want REFUTED (%s)", res.Verdict, res.Summary)
	}
	if ce := res.Rows[0].Counterexample; ce == nil || !strings.Contains(ce.Violation.Message, "no terminal") {
		t.Errorf("no-epoch: want the missing terminal, got %+v", ce)
	}
}

// Reference: [S0] §VII and Table 2 (C-FCEABR-8's parts): the "Ring" column
// and the "nearly half" bound on SElection messages hold on fceabr and
// refute a detector that sends its SElection twice; the "nearly half"
// bound on every crash-handling message, refuted on fceabr, holds on a
// variant that sends no SCoordinator (it is not false by construction);
// basic Ring's count is the ringpoll model's, 2 per live process.
func TestFCEABR8PartsCatchBrokenVariants(t *testing.T) {
	info := &fceabr.Algorithm.Info
	small := func(id string, sizes []int) *claim.Claim {
		c := *claimOf(t, info, id)
		c.Variants = []string{"r2"}
		c.Sizes, c.NMin, c.NMax = sizes, sizes[0], sizes[len(sizes)-1]
		return &c
	}
	e := claims.DefaultEngine()
	e.Cases = 10
	col := small("C-FCEABR-8.ring-column", []int{50})
	// The tool's hypothesis is judged as a check here: INCONSISTENT is
	// what it becomes when it holds (TestHypothesisIsNeverHolds).
	col.Hypothesis = ""
	// C-FCEABR-8.half under each reading of its sentence on its own.
	reading := func(k int) *claim.Claim {
		c := small("C-FCEABR-8.half", []int{5, 6, 7, 8})
		c.Measure, c.Readings = c.Readings[k].Measure, nil
		return c
	}
	half := reading(1) // the inform phase only (SElection)
	for _, c := range []*claim.Claim{col, half} {
		refutesBroken(t, e, fceabr.Algorithm, fcDoubleSElection, c, checker.PropBound)
	}
	all := reading(0) // every message (SElection + SCoordinator)
	if res := e.CheckClaim(fceabr.Algorithm, all); res.Verdict != claims.Refuted {
		t.Errorf("C-FCEABR-8.half on fceabr: verdict %s, want REFUTED (%s)", res.Verdict, res.Summary)
	}
	if res := e.CheckClaim(fcNoSCoordinator, all); res.Verdict != claims.Holds {
		t.Errorf("C-FCEABR-8.half on %s: verdict %s, want HOLDS (%s)", fcNoSCoordinator.Name, res.Verdict, res.Summary)
	}
	for _, live := range []int{2, 5, 49, 186} {
		if got := fceabr.BasicRingCount(live); got != int64(2*live) {
			t.Errorf("BasicRingCount(%d) = %d, want %d (an Election lap and a Coordinator lap)", live, got, 2*live)
		}
	}
}

// BenchmarkPaperClaims times the default engine on each claim issue 15's
// findings 3, 6 and 8 changed (the whole claim, as `electlab claims
// -claim ID` runs it without writing traces).
func BenchmarkPaperClaims(b *testing.B) {
	for _, tc := range []struct {
		spec model.Spec
		id   string
	}{
		{hierarchical.Algorithm, "C-HIER-2"},
		{fceabr.K, "C-FCEABOB-4.iii.measured"},
		{fceabr.Algorithm, "C-FCEABR-11"},
		{fceabr.Algorithm, "C-FCEABR-8"},
		{fceabr.Algorithm, "C-FCEABR-8.ring-column"},
		{fceabr.Algorithm, "C-FCEABR-8.half"},
	} {
		c := claim.EntryOf(tc.spec).Claim(tc.id)
		if c == nil {
			reg, err := algos.Registry().Lookup(tc.spec.Meta().Name)
			if err != nil {
				b.Fatal(err)
			}
			if c = reg.Claim(tc.id); c == nil {
				b.Fatalf("no claim %s", tc.id)
			}
		}
		b.Run(tc.id, func(b *testing.B) {
			for b.Loop() {
				e := claims.DefaultEngine()
				e.ExploreStates = claims.ClaimStates
				e.CheckClaim(tc.spec, c)
			}
		})
	}
}
