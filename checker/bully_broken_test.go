package checker_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/algos/modbully"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// The checks added with the Bully family must each fail on a deliberately
// broken variant (and pass on the correct algorithm): the extreme of a
// tight bound, the Bully family's bounds and custom checks, and the new
// settings (recovery, joins, early timeouts, a gap in the id space).

type bullyState = bully.State

var bullyStep = bully.Algorithm.Step

// bullySkipsOne: the winner's I-WON never goes to process 1 (one message
// fewer in every run where 1 is below the winner).
var bullySkipsOne = brokenAfter(bully.Algorithm, "broken-bully-skips-1", func(env *model.Env, s bullyState, in model.Input, out *model.Outbox) bullyState {
	outs := out.Outputs()
	for i := range outs {
		o := &outs[i]
		if o.Kind == model.OutMulticast && o.Msg.Kind == bully.IWon && len(o.Dests) > 0 && o.Dests[0] == 1 {
			o.Dests = o.Dests[1:]
		}
	}
	return s
})

// bullyExtraOK: the first OK of a step is sent twice.
var bullyExtraOK = brokenAfter(bully.Algorithm, "broken-bully-extra-ok", func(env *model.Env, s bullyState, in model.Input, out *model.Outbox) bullyState {
	repeatFirst(out, model.OutSend, bully.OK)
	return s
})

// bullyRecoversSilently: a recovered process starts no election (it keeps
// its initial belief).
var bullyRecoversSilently = brokenCopy(bully.Algorithm, "broken-bully-silent-recovery", func(env *model.Env, s bullyState, in model.Input, out *model.Outbox) bullyState {
	if in.Kind == model.InRecover {
		return s
	}
	return bullyStep(env, s, in, out)
})

// bullyEngine is smallEngine for the complete-graph claims: small n, few
// cases.
func bullyEngine() *claims.Engine {
	e := claims.DefaultEngine()
	e.Cases, e.MaxN, e.ExhaustiveLimit = 40, 6, 500
	return e
}

// Reference: [S4] §II.A "Worst case: O(n²) = n² − 1" (C-KAB-2.worst under
// convention B) and "Best case: n − 1" (C-KAB-2): a variant that never
// reaches the extreme is refuted by the extreme row alone, with no
// execution above (below) the formula.
func TestTightBoundNeedsTheExtreme(t *testing.T) {
	for _, id := range []string{"C-KAB-2.worst", "C-KAB-2"} {
		c := *claimOf(t, &bully.Algorithm.Info, id)
		c.Variants = []string{bully.ConventionB}
		c.Sizes = nil
		c.NMax = 6
		for _, alg := range []*model.Algorithm[bullyState]{bully.Algorithm, bullySkipsOne} {
			res := bullyEngine().CheckClaim(alg, &c)
			want := claims.Holds
			if alg == bullySkipsOne && id == "C-KAB-2.worst" {
				want = claims.Refuted
			}
			if alg == bullySkipsOne && id == "C-KAB-2" {
				// The best case (the highest live detector) sends I-WON
				// to 1 as well: one fewer than n − 1, below the bound.
				want = claims.Refuted
			}
			if res.Verdict != want {
				t.Errorf("%s on %s: verdict %s, want %s (%s)", id, alg.Name, res.Verdict, want, res.Summary)
			}
		}
		if id == "C-KAB-2.worst" {
			res := bullyEngine().CheckClaim(bullySkipsOne, &c)
			ext := res.Rows[len(res.Rows)-1]
			if ext.Model != "extreme" || ext.Verdict != claims.Refuted || !strings.Contains(ext.Arithmetic, "no execution reaches") {
				t.Errorf("%s on %s: want the extreme row refuted, got %+v", id, bullySkipsOne.Name, ext)
			}
			for _, r := range res.Rows[:len(res.Rows)-1] {
				if r.Counterexample != nil {
					t.Errorf("%s on %s: a run above n²−1? %+v", id, bullySkipsOne.Name, r.Counterexample.Violation)
				}
			}
		}
	}
}

// Reference: [S4] §II eq.(1), T_m exactly (C-KAB-1 under convention B): one
// extra OK per election breaks it.
func TestTmCatchesAnExtraOK(t *testing.T) {
	c := *claimOf(t, &bully.Algorithm.Info, "C-KAB-1")
	c.Variants = []string{bully.ConventionB}
	c.NMax = 6
	for _, alg := range []*model.Algorithm[bullyState]{bully.Algorithm, bullyExtraOK} {
		res := bullyEngine().CheckClaim(alg, &c)
		want := claims.Holds
		if alg == bullyExtraOK {
			want = claims.Refuted
		}
		if res.Verdict != want {
			t.Fatalf("C-KAB-1 on %s: verdict %s, want %s (%s)", alg.Name, res.Verdict, want, res.Summary)
		}
		if want == claims.Refuted && res.Rows[0].Counterexample.Violation.Property != checker.PropBound {
			t.Errorf("want a bound counterexample, got %+v", res.Rows[0].Counterexample.Violation)
		}
	}
}

// Reference: [S2] "Process initiates election if it just recovered from
// failure": with recovery in the setting (C-KAB-13's properties, sync), a
// process that comes back without an election is caught; the correct
// Bully bullies its way back. The first counterexample is the old
// coordinator's recovery step itself: it keeps its initial state's
// coordinatorship (checker.EarnedCoordinator), before any end-of-run
// property is judged.
func TestRecoverySettingCatchesASilentRecovery(t *testing.T) {
	c := *claimOf(t, &bully.Algorithm.Info, "C-KAB-13")
	c.Settings = []claim.Setting{{Name: "sync, recovery", Timing: model.Sync, Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 1, Recovery: true}}
	refutesBroken(t, bullyEngine(), bully.Algorithm, bullyRecoversSilently, &c, checker.PropEarned)
}

// Reference: catalog §0.2, "timeouts are accurate in SYNC ... and arbitrary
// in ASYNC": the setting's Timeouts reaches the config. The same Bully
// holds C-KAB-13 with accurate async timeouts and is refuted with early
// ones.
func TestSettingTimeoutsReachTheRun(t *testing.T) {
	c := *claimOf(t, &bully.Algorithm.Info, "C-KAB-13")
	for _, tc := range []struct {
		to   model.Timeouts
		want claims.Verdict
	}{{model.Accurate, claims.Holds}, {model.Early, claims.Refuted}} {
		c.Settings = []claim.Setting{{Name: "async " + tc.to.String(), Timing: model.Async, Timeouts: tc.to, Initiators: claim.AnyInitiators, CoordinatorDead: true}}
		res := bullyEngine().CheckClaim(bully.Algorithm, &c)
		if res.Verdict != tc.want {
			t.Errorf("timeouts %s: verdict %s, want %s (%s)", tc.to, res.Verdict, tc.want, res.Summary)
		}
		if ce := res.Rows[0].Counterexample; ce != nil && ce.Config.Timeouts != tc.to {
			t.Errorf("counterexample config has timeouts %s, want %s", ce.Config.Timeouts, tc.to)
		}
	}
}

type kabState = kabashi.State

var kabStep = kabashi.Algorithm.Step

// kabEchoElection: a process that answers OK also broadcasts ELECTION of
// its own.
var kabEchoElection = brokenAfter(kabashi.Algorithm, "broken-kabashi-echo", func(env *model.Env, s kabState, in model.Input, out *model.Outbox) kabState {
	for _, o := range out.Outputs() {
		if o.Kind == model.OutSend && o.Msg.Kind == kabashi.OK {
			out.Observe("election", int32(env.Self))
			out.Multicast(others(env), kabashi.Election, 0, 0)
			break
		}
	}
	return s
})

// others lists every process but env.Self.
func others(env *model.Env) []model.ID {
	var d []model.ID
	for _, id := range env.Topo.Sorted() {
		if id != env.Self {
			d = append(d, id)
		}
	}
	return d
}

// kabPeeks: under the fixed reading of "second minimum", a detector also
// looks the membership up and takes the shortcut when it is the
// second-smallest member (recording, as the algorithm does, what it
// consulted).
var kabPeeks = brokenCopy(kabashi.Algorithm, "broken-kabashi-peeks", func(env *model.Env, s kabState, in model.Input, out *model.Outbox) kabState {
	if in.Kind == model.InStart && !s.Coord && s.Phase == kabashi.Idle {
		out.Observe("knows", 1)
		if ms := env.InitialMembers(nil); len(ms) > 1 && ms[1] == env.Self {
			s.Coord, s.Leader = true, env.Self
			out.Multicast(others(env), kabashi.Coordinator, int32(env.Self), 0)
			return s
		}
	}
	return kabStep(env, s, in, out)
})

// kabJoinElects: a joiner broadcasts ELECTION.
var kabJoinElects = brokenAfter(kabashi.Algorithm, "broken-kabashi-join-elects", func(env *model.Env, s kabState, in model.Input, out *model.Outbox) kabState {
	if in.Kind == model.InJoin {
		out.Observe("election", int32(env.Self))
		out.Multicast(others(env), kabashi.Election, 0, 0)
	}
	return s
})

// kabOKStorm: every OK is sent three times (more unicasts than eq.(2)
// allows for the run's broadcasts).
var kabOKStorm = brokenAfter(kabashi.Algorithm, "broken-kabashi-ok-storm", func(env *model.Env, s kabState, in model.Input, out *model.Outbox) kabState {
	for _, o := range out.Outputs() {
		if o.Kind == model.OutSend && o.Msg.Kind == kabashi.OK {
			for range 3 {
				out.Send(o.Msg.To, kabashi.OK, o.Msg.A, 0)
			}
			break
		}
	}
	return s
})

// Reference: [S4] §VII "only one process initiates an election procedure"
// (C-KAB-8), §VI "The processes do not need to know the ID of any process"
// (C-KAB-9), "There is no need to start a new election when a new process
// joins the system" (C-KAB-10) and eq.(2) with b the run's broadcasts
// (C-KAB-6.run): each claim's own check holds on the correct algorithm,
// under the reading where it holds, and catches its broken variant.
func TestKabashiChecksCatchBrokenVariants(t *testing.T) {
	for _, tc := range []struct {
		claim, variant string
		setting        int
		broken         *model.Algorithm[kabState]
	}{
		{"C-KAB-8", "abort", 0, kabEchoElection},
		{"C-KAB-9", "second-fixed", 0, kabPeeks},
		{"C-KAB-10", "join-self", 0, kabJoinElects},
		{"C-KAB-6.run", "wait", 0, kabOKStorm},
	} {
		c := *claimOf(t, &kabashi.Algorithm.Info, tc.claim)
		c.Variants = []string{tc.variant}
		c.Settings = c.Settings[tc.setting : tc.setting+1]
		refutesBroken(t, bullyEngine(), kabashi.Algorithm, tc.broken, &c, checker.PropCustom)
	}
}

// Reference: [S4] §VI "In the case when a new process joins the system:
// ... Worst case: 3": the worst case needs a joiner below the coordinator
// that is not the minimum possible id, which only the ids-from-2 setting
// (FirstID) has; without it the extreme is never reached.
func TestJoinWorstCaseNeedsTheGap(t *testing.T) {
	c := *claimOf(t, &kabashi.Algorithm.Info, "C-KAB-4.join")
	c.NMax = 5
	if v := bullyEngine().CheckClaim(kabashi.Algorithm, &c).Verdict; v != claims.Holds {
		t.Fatalf("both settings: %s, want HOLDS", v)
	}
	c.Settings = c.Settings[:1] // ids 1..n only
	res := bullyEngine().CheckClaim(kabashi.Algorithm, &c)
	if res.Verdict != claims.Refuted || res.Rows[len(res.Rows)-1].Model != "extreme" {
		t.Fatalf("ids 1..n only: %s (%s), want REFUTED by the extreme row", res.Verdict, res.Summary)
	}
}

type mbState = modbully.State

// mbDoubleAnnounce: the informer sends its COORDINATOR twice.
var mbDoubleAnnounce = brokenAfter(modbully.Algorithm, "broken-modbully-double", func(env *model.Env, s mbState, in model.Input, out *model.Outbox) mbState {
	repeatFirst(out, model.OutMulticast, modbully.Coordinator)
	return s
})

// Reference: [S3] §II, "it reduced the number of messages" (C-MB-1, one
// informer): announcing twice costs more than the Bully's T_m at the best
// detector.
func TestModBullyBoundCatchesADoubleAnnouncement(t *testing.T) {
	c := *claimOf(t, &modbully.Algorithm.Info, "C-MB-1")
	c.Settings = c.Settings[:1]
	c.NMax = 6
	refutesBroken(t, bullyEngine(), modbully.Algorithm, mbDoubleAnnounce, &c, checker.PropBound)
}

// The rapid-driven search draws complete-graph configurations (a crashed
// coordinator, any detectors) and must catch the broken Bully of a
// recovery setting where the correct one holds.
func TestRapidCatchesBrokenBully(t *testing.T) {
	a := *bullyRecoversSilently
	c := *claimOf(t, &bully.Algorithm.Info, "C-KAB-13")
	c.Props |= model.Safety
	c.Settings = []claim.Setting{{Name: "sync, recovery", Timing: model.Sync, Initiators: claim.AnyInitiators, CoordinatorDead: true, Recovery: true}}
	c.Variants = nil
	correct := *bully.Algorithm
	correct.Name = "bully-correct-copy"
	cc := c
	cc.Props &^= model.Safety // the correct Bully has two coordinators for a moment on recovery
	if failed, msg := rapidFinds(t, behaviourProperty(claim.Entry{Spec: &correct, Claims: []claim.Claim{cc}}, 5)); failed {
		t.Fatalf("rapid found a failure of the correct Bully:\n%s", msg)
	}
	failed, msg := rapidFinds(t, behaviourProperty(claim.Entry{Spec: &a, Claims: []claim.Claim{c}}, 5))
	if !failed {
		t.Fatal("rapid did not catch the silent recovery")
	}
	if !strings.Contains(msg, checker.PropAgreement) && !strings.Contains(msg, checker.PropValidity) && !strings.Contains(msg, checker.PropSafety) && !strings.Contains(msg, checker.PropEarned) {
		t.Errorf("rapid failed for another reason:\n%s", msg)
	}
}
