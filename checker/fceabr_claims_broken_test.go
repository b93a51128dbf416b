package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// oneWayCoordinator: Coordinator messages travel clockwise only, so the
// announcement takes up to N−1 hops after the terminal instead of N/2.
var oneWayCoordinator = brokenCopy(fceabr.Algorithm, "broken-one-way-coordinator", reemit(fcOrig, func(m model.Message) int {
	if m.Kind == fceabr.Coordinator && m.B == 1 {
		return 0
	}
	return 1
}))

// keepsDeadCoordinator: a detector clears its surrogate but keeps the
// crashed coordinator (it "promotes" nobody): it must wait for the
// SCoordinator.
var keepsDeadCoordinator = brokenCopy(fceabr.Algorithm, "broken-keeps-dead-coordinator", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	old := s.Coord
	s = fcOrig(env, s, in, out)
	if in.Kind == model.InStart && old != model.None {
		s.Coord = old
	}
	return s
})

// joinerMerges: a joiner forgets it joined, so crash handling merges its
// id like any member's.
var joinerMerges = brokenAfter(fceabr.Algorithm, "broken-joiner-merges", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	s.Joined = false
	return s
})

// Reference: [S0] Abstract/§V.3/§IX (C-FCEABR-2.a, zero wait), §V end
// (C-FCEABR-12, the late joiner) and Abstract/§IX (C-FCEABR-1.speed,
// twice as fast as Ring): each claim's check holds on fceabr and refutes a
// broken variant.
func TestFCEABRNewChecksCatchBrokenVariants(t *testing.T) {
	info := &fceabr.Algorithm.Info
	c2 := *claimOf(t, info, "C-FCEABR-2.a")
	c2.Variants, c2.Settings, c2.NMax = nil, c2.Settings[:1], 4
	c12 := *claimOf(t, info, "C-FCEABR-12")
	c12.Variants, c12.Settings, c12.NMax = nil, c12.Settings[:1], 5
	c1 := *claimOf(t, info, "C-FCEABR-1.speed")
	c1.Variants, c1.NMax = nil, 6
	refutesAll(t, smallEngine(), fceabr.Algorithm, []brokenCase{
		{&c2, keepsDeadCoordinator, checker.PropCustom},
		{&c12, joinerMerges, checker.PropCustom},
		{&c1, oneWayCoordinator, checker.PropBound},
	})
}

// Reference: [S3] §IX "16 messages are also exchanged among the sites"
// (C-FCEABOB-4.iii.measured): holds on fceabrk (P = 3) and refutes a
// variant whose starter sends its first Election twice.
func TestFCEABRKCountCatchesBrokenVariant(t *testing.T) {
	c := *claimOf(t, &fceabr.K.Info, "C-FCEABOB-4.iii.measured")
	c.Variants = []string{"r2,p3"}
	eng := smallEngine()
	eng.MaxN = 0
	if res := eng.CheckClaim(fceabr.K, &c); res.Verdict != claims.Holds {
		t.Fatalf("on fceabrk: verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	broken := *fceabr.K
	broken.Name = "broken-double-start"
	orig := fceabr.K.Step
	broken.Step = func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
		if in.Kind != model.InStart {
			return orig(env, s, in, out)
		}
		first := true
		return reemit(orig, func(m model.Message) int {
			if first {
				first = false
				return 2
			}
			return 1
		})(env, s, in, out)
	}
	res := eng.CheckClaim(&broken, &c)
	if res.Verdict != claims.Refuted {
		t.Fatalf("on %s: verdict %s, want REFUTED (%s)", broken.Name, res.Verdict, res.Summary)
	}
	if ce := res.Rows[0].Counterexample; ce == nil || ce.Violation.Property != checker.PropBound {
		t.Errorf("want a bound counterexample, got %+v", ce)
	}
}
