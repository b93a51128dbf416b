package checker_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

type fbState = fceabob.State

var fbOrig = fceabob.Algorithm.Step

// extraElection: the informer sends its first Election twice (one Election
// and one Reply too many).
var extraElection = brokenAfter(fceabob.Algorithm, "broken-extra-election", func(env *model.Env, s fbState, in model.Input, out *model.Outbox) fbState {
	if in.Kind == model.InStart {
		repeatFirst(out, model.OutSend, fceabob.Election)
	}
	return s
})

// shortGroup: every process forgets its last alternative.
var shortGroup = brokenAfter(fceabob.Algorithm, "broken-short-group", func(env *model.Env, s fbState, in model.Input, out *model.Outbox) fbState {
	if len(s.Alts) > 0 && in.Kind != model.InStart {
		s.Alts = s.Alts[:len(s.Alts)-1]
	}
	return s
})

// noResend: the informer gives up at its first timeout.
var noResend = brokenCopy(fceabob.Algorithm, "broken-no-resend", func(env *model.Env, s fbState, in model.Input, out *model.Outbox) fbState {
	if in.Kind == model.InTimer {
		s.Need = 0
	}
	return fbOrig(env, s, in, out)
})

// resendAll: at every timeout the informer also sends an empty
// Coordinator to every other process (a quadratic number of messages when
// the timeouts are many).
var resendAll = brokenAfter(fceabob.Algorithm, "broken-resend-all", func(env *model.Env, s fbState, in model.Input, out *model.Outbox) fbState {
	if in.Kind == model.InTimer {
		for _, id := range env.Topo.Order {
			if id != env.Self {
				out.Send(id, fceabob.Coordinator, int32(s.Coord), 0)
			}
		}
	}
	return s
})

// spin: an informer that decided alone keeps its timer armed for ever.
var spin = brokenAfter(fceabob.Algorithm, "broken-spin", func(env *model.Env, s fbState, in model.Input, out *model.Outbox) fbState {
	if in.Kind == model.InTimer && s.Phase == fceabob.Done && len(s.Replied) == 0 {
		out.SetTimer(fceabob.TimerRound, fceabob.RoundTrip)
	}
	return s
})

// echo: the coordinator echoes the Coordinator message to process 1, one
// round after the broadcast.
var echo = brokenAfter(fceabob.Algorithm, "broken-echo", func(env *model.Env, s fbState, in model.Input, out *model.Outbox) fbState {
	if in.Kind == model.InDeliver && env.Self != 1 {
		for _, m := range in.Msgs {
			if m.Kind == fceabob.Coordinator && model.ID(m.A) == env.Self {
				out.Send(1, fceabob.Coordinator, m.A, 0)
			}
		}
	}
	return s
})

func fbEngine() *claims.Engine {
	e := claims.DefaultEngine()
	e.Cases, e.GrowthCases, e.ExhaustiveLimit = 20, 10, 500
	return e
}

// law replaces a claim's formula by the model's own law, so that the check
// holds on fceabob and its power to catch a broken variant can be shown.
func law(c claim.Claim, text string, f func(p claim.Params) claim.Rat) *claim.Claim {
	c.Formula, c.FormulaText = f, text
	return &c
}

func kOf(p claim.Params) int64 { return int64(fceabob.KOf(p.Variant[fceabob.AmbK], p.N)) }

// Reference: [S3] §V, §VIII.A.2 eq.(2)–(3), §VIII.B.2 eq.(15)–(18) — each of
// fceabob's checks (its bounds with their own measures, the group and
// narrative checks, termination, growth) holds on fceabob (with the
// model's own law in place of a refuted formula) and refutes a broken
// variant.
func TestFCEABOBChecksCatchBrokenVariants(t *testing.T) {
	info := &fceabob.Algorithm.Info
	one := func(id string, variants []string, settings ...int) claim.Claim {
		c := *claimOf(t, info, id)
		c.Variants = variants
		var st []claim.Setting
		for _, i := range settings {
			st = append(st, c.Settings[i])
		}
		c.Settings = st
		return c
	}
	c1 := one("C-FCEABOB-1", []string{"k3"}, 0, 1)
	c1.NMax = 6
	sites := one("C-FCEABOB-1.sites", nil, 0)
	sites.Sizes, sites.NMax = []int{8, 44}, 44
	group := one("C-FCEABOB-1.group", []string{"k2,true-top"}, 0, 1)
	group.NMax = 6
	// Per round, the lone informer sends every other process two Elections.
	c2 := law(one("C-FCEABOB-2", []string{"k2"}, 0, 1), "2(SPN-1)", func(p claim.Params) claim.Rat {
		return claim.RatInt(2 * int64(p.N-1))
	})
	c2.NMax = 6
	term := one("C-FCEABOB-2.term", []string{"k2"}, 0, 1)
	// Best case: Election, Reply, Coordinator: three rounds.
	c3 := law(one("C-FCEABOB-3", []string{"k2"}, 0), "3", func(claim.Params) claim.Rat { return claim.RatInt(3) })
	c3.NMax = 6
	// Worst case: ⌈(SPN−1)/K⌉ rounds of new contacts and a last resend
	// round, a round trip each.
	worst := law(one("C-FCEABOB-3.worst.time", []string{"k2"}, 0), "2(ceil((SPN-1)/K)+1)", func(p claim.Params) claim.Rat {
		k := kOf(p)
		return claim.RatInt(2 * ((int64(p.N)-1+k-1)/k + 1))
	})
	worst.NMax = 6
	growth := one("C-FCEABOB-3.growth.msgs", []string{"k2"}, 0)
	growth.Sizes, growth.NMin, growth.NMax = []int{32, 48, 64, 80}, 32, 80
	fig5 := one("C-FCEABOB-5", []string{"k4"}, 0, 2)
	count := law(one("C-FCEABOB-5.count", []string{"k4"}, 0, 2), "17 (4+3 Election/Reply, 2+1, 7 Coordinator)", func(claim.Params) claim.Rat { return claim.RatInt(17) })

	refutesAll(t, fbEngine(), fceabob.Algorithm, []brokenCase{
		{&c1, extraElection, checker.PropBound},
		{&sites, extraElection, checker.PropBound},
		{&group, shortGroup, checker.PropCustom},
		{c2, noResend, checker.PropBound},
		{&term, spin, checker.PropTermination},
		{c3, echo, checker.PropBound},
		{worst, noResend, checker.PropBound},
		// prop "": a growth fit, no single counterexample.
		{&growth, resendAll, ""},
		{&fig5, shortGroup, checker.PropCustom},
		{&fig5, noResend, checker.PropCustom},
		{count, extraElection, checker.PropBound},
	})
}

// Reference: [S3] §VIII.A.2 eq.(3) and §VIII.B.2 eq.(15)–(18) — the table
// checks: eq.(3)'s printed algebra holds and a misprinted row is caught;
// the dimension check passes eq.(16)–(18) and flags eq.(15), and a formula
// with a dimensionless term added is flagged too.
func TestFCEABOBTableChecks(t *testing.T) {
	info := &fceabob.Algorithm.Info
	alg := *claimOf(t, info, "C-FCEABOB-2.algebra")
	if res := fbEngine().CheckClaim(fceabob.Algorithm, &alg); res.Verdict != claims.Holds {
		t.Fatalf("eq.(3)'s algebra: %s (%s)", res.Verdict, res.Summary)
	}
	alg.Rows = append([]claim.PrintedRow(nil), alg.Rows...)
	alg.Rows[0].Printed = claim.RatInt(1 + int64(alg.Rows[0].Params.N)*2)
	if res := fbEngine().CheckClaim(fceabob.Algorithm, &alg); res.Verdict != claims.Inconsistent {
		t.Errorf("a misprinted eq.(3) row: %s, want INCONSISTENT", res.Verdict)
	}
	dim := *claimOf(t, info, "C-FCEABOB-3.dim")
	res := fbEngine().CheckClaim(fceabob.Algorithm, &dim)
	for i, r := range res.Rows {
		eq := dim.Rows[i].Params.Initiators
		want := claims.Holds
		if eq == 15 {
			want = claims.Inconsistent
		}
		if r.Verdict != want {
			t.Errorf("dimension check of eq.(%d): %s, want %s (%s)", eq, r.Verdict, want, r.Arithmetic)
		}
	}
	orig := dim.Formula
	dim.Formula = func(p claim.Params) claim.Rat {
		if p.Initiators == 16 {
			return fceabob.Eq15(int64(p.N), 4, fceabob.Alpha{A2n: 2, A2d: 1, B2n: 2, B2d: 1})
		}
		return orig(p)
	}
	res = fbEngine().CheckClaim(fceabob.Algorithm, &dim)
	for i, r := range res.Rows {
		if dim.Rows[i].Params.Initiators == 16 && dim.Rows[i].Params.Live == 0 && r.Verdict != claims.Inconsistent {
			t.Errorf("a formula with a dimensionless term passes the dimension check: %s", r.Arithmetic)
		}
	}
}
