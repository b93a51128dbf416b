package checker_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/algos/hierarchical"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

type hState = hierarchical.State

var hOrig = hierarchical.Algorithm.Step

// hierEngine is the claim engine of the hierarchy's and the virtual
// network's broken-variant tests: few cases, a small exhaustive limit.
func hierEngine() *claims.Engine {
	e := claims.DefaultEngine()
	e.Cases, e.ExhaustiveLimit = 10, 300
	return e
}

// hierExtraReply: a site process replies to an Election twice.
var hierExtraReply = brokenAfter(hierarchical.Algorithm, "broken-hier-extra-reply", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	if in.Kind == model.InDeliver {
		for _, m := range in.Msgs {
			if m.Kind == fceabob.Election {
				out.Send(m.From, fceabob.Reply, int32(env.Self), 0)
			}
		}
	}
	return s
})

// hierColdStandby: nobody keeps an alternative (a cold standby).
var hierColdStandby = func() *model.Algorithm[hState] {
	a := brokenCopy(hierarchical.Algorithm, "broken-hier-cold", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
		s = hOrig(env, s, in, out)
		s.GAlts, s.IAlts = nil, nil
		return s
	})
	a.Init = func(env *model.Env) hState {
		s := hierarchical.Algorithm.Init(env)
		s.GAlts, s.IAlts = nil, nil
		return s
	}
	return a
}()

// hierWrongEC: every process takes the site's third id for ECoordinator.
var hierWrongEC = brokenAfter(hierarchical.Algorithm, "broken-hier-wrong-ec", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	if len(s.IAlts) > 0 {
		s.EC = s.IAlts[0]
	}
	return s
})

// hierSlowCrash: the crashed site's ICoordinator sends its broadcast twice.
var hierSlowCrash = brokenAfter(hierarchical.Algorithm, "broken-hier-double-promote", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	repeatFirst(out, model.OutMulticast, hierarchical.GPromote)
	return s
})

// Reference: [S3] §VII, §VIII.A.3 eq.(4), §VIII.B.3 eq.(22), §IX — the
// hierarchy's checks (the sites' count law C-HIER-8.eq2, the elected group
// C-HIER-8.group, hot standby C-HIER-7, the crash handling's count with the
// model's own law in place of eq.(22)) hold on hierarchical and refute a
// broken variant.
func TestHierarchicalChecksCatchBrokenVariants(t *testing.T) {
	info := &hierarchical.Algorithm.Info
	e := hierEngine()
	one := func(id, variant string) *claim.Claim {
		c := *claimOf(t, info, id)
		c.Variants = []string{variant}
		c.Settings = c.Settings[:1]
		// A declared unchecked part makes the claim PARTIAL; this test
		// is about the checks that are run.
		c.Unchecked = nil
		return &c
	}
	law := one("C-HIER-8.eq2", "spn3,scan2")
	group := one("C-HIER-8.group", "spn3,scan2")
	hot := one("C-HIER-7", "spn3,scan2,stable")
	// The model's own law after a GCoordinator crash with one detector:
	// one GCrash and the site broadcast (SPN − 1), no ring message while
	// an alternative remains (at-empty).
	gc := *one("C-HIER-4.GCFCC.messages", "spn3,scan2,stable")
	gc.Formula, gc.FormulaText = func(claim.Params) claim.Rat { return claim.RatInt(3) }, "1 + (SPN_i - 1)"
	gc.Settings = []claim.Setting{{Name: "sync, one ring detector", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1}}
	refutesAll(t, e, hierarchical.Algorithm, []brokenCase{
		{law, hierExtraReply, checker.PropBound},
		{group, hierWrongEC, checker.PropCustom},   // electedTop: the wrong ECoordinator
		{hot, hierColdStandby, checker.PropCustom}, // noWait, the invariant: a process waits
		{&gc, hierSlowCrash, checker.PropBound},
	})
}

// TestHierarchicalWorstBoundIsLive: C-HIER-2 holds on the hierarchy at
// n = 6 and 12 (eq.(5) fails from n = 24, C-HIER-2's verdict), and the
// same check refutes it once eq.(5) is replaced by a bound below the
// measured count (the worst-case scenario does send messages, so the
// check is not vacuous).
// Reference: [S3] §VIII.A.3 eq.(5).
func TestHierarchicalWorstBoundIsLive(t *testing.T) {
	e := hierEngine()
	c := *claimOf(t, &hierarchical.Algorithm.Info, "C-HIER-2")
	c.Sizes, c.NMax = []int{6, 12}, 12
	// The default readings (FCEABOB's cumulative-bounded refutes eq.(5)
	// from n = 6: C-HIER-2 is AMBIGUOUS), none declared fixed.
	c.Variants, c.FixedReadings = []string{"spn3,scan1", "spn3,scan2", "spn4,scan2", "spn8,scan2"}, nil
	if r := e.CheckClaim(hierarchical.Algorithm, &c); r.Verdict != claims.Holds {
		t.Fatalf("C-HIER-2: %s (%s)", r.Verdict, r.Summary)
	}
	c.Formula, c.FormulaText = func(claim.Params) claim.Rat { return claim.RatInt(0) }, "0"
	if r := e.CheckClaim(hierarchical.Algorithm, &c); r.Verdict != claims.Refuted {
		t.Fatalf("C-HIER-2 with a zero bound: %s, want REFUTED (%s)", r.Verdict, r.Summary)
	}
}

// hierDoubleAnnounce: an ICoordinator crash's announcement is sent twice.
var hierDoubleAnnounce = brokenAfter(hierarchical.Algorithm, "broken-hier-double-announce", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	repeatFirst(out, model.OutMulticast, hierarchical.IPromote)
	return s
})

// hierRelayAnnounce: the new ICoordinator, on the announcement, announces
// itself once more (a second round).
var hierRelayAnnounce = brokenCopy(hierarchical.Algorithm, "broken-hier-relay-announce", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	before := s.IC
	s = hOrig(env, s, in, out)
	if in.Kind == model.InDeliver && s.IC == env.Self && before != env.Self {
		for _, m := range in.Msgs {
			if m.Kind == hierarchical.IPromote {
				out.Send(m.From, hierarchical.IPromote, m.A, 0)
			}
		}
	}
	return s
})

// Reference: [S3] §VIII.B.3 eq.(23) — C-HIER-4.ICFCC's checks are live:
// the count holds under the announce reading (SPN_j − 1 sends) and refutes
// a doubled announcement; the time check holds against the model's own law
// (one round: the announcement's one hop) and refutes a relayed one.
func TestHierarchicalICFCCChecksCatchBrokenVariants(t *testing.T) {
	e := hierEngine()
	msgs := *claimOf(t, &hierarchical.Algorithm.Info, "C-HIER-4.ICFCC.messages")
	msgs.Variants, msgs.Settings = []string{"spn4,scan2,stable"}, msgs.Settings[:1]
	tm := *claimOf(t, &hierarchical.Algorithm.Info, "C-HIER-4.ICFCC.time")
	tm.Variants = []string{"spn4,scan2,stable"}
	tm.Formula, tm.FormulaText = func(claim.Params) claim.Rat { return claim.RatInt(1) }, "1"
	// Both are bound claims: each is refuted by its count (messages, then
	// rounds) exceeding the law.
	refutesAll(t, e, hierarchical.Algorithm, []brokenCase{
		{&msgs, hierDoubleAnnounce, checker.PropBound},
		{&tm, hierRelayAnnounce, checker.PropBound},
	})
}

// hierChatty: every process that learns its site's group from a
// Coordinator tells every other member of its site (SPN² messages per
// site: NS·SPN² = n^1.5 on square sites).
var hierChatty = brokenAfter(hierarchical.Algorithm, "broken-hier-chatty", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	if in.Kind != model.InDeliver {
		return s
	}
	for _, m := range in.Msgs {
		if m.Kind != fceabob.Coordinator {
			continue
		}
		l := hierarchical.NewLayout(env.Topo, env.Variant)
		j := l.SiteOf[env.Index]
		for i := l.Start[j]; i < l.Start[j+1]; i++ {
			if id := env.Topo.Order[i]; id != env.Self {
				out.Send(id, fceabob.Reply, int32(env.Self), 0)
			}
		}
	}
	return s
})

// Reference: [S3] §VIII.A.3 — C-HIER-1.growth's fit is live: with the
// claimed order replaced by the model's own (order 1 in n: NS·SPN on square
// sites) it holds on hierarchical, and a variant whose sites chatter
// (SPN² per site, order 1.5) refutes it.
func TestHierarchicalGrowthCatchesBrokenVariant(t *testing.T) {
	e := claims.DefaultEngine()
	e.Cases, e.GrowthCases = 3, 3
	c := *claimOf(t, &hierarchical.Algorithm.Info, "C-HIER-1.growth")
	c.Order, c.NMax, c.Sizes = 1, 400, []int{9, 25, 49, 100, 196, 324, 400}
	if r := e.CheckClaim(hierarchical.Algorithm, &c); r.Verdict != claims.Holds {
		t.Fatalf("C-HIER-1.growth at order 1 on hierarchical: %s, want HOLDS: %s", r.Verdict, r.Summary)
	}
	r := e.CheckClaim(hierChatty, &c)
	if r.Verdict != claims.Refuted {
		t.Fatalf("C-HIER-1.growth at order 1 on %s: %s, want REFUTED: %s", hierChatty.Name, r.Verdict, r.Summary)
	}
	t.Logf("%s: fitted exponent %.2f", hierChatty.Name, r.Rows[0].Fit)
}
