package checker_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// earlyRefill: a detector of a successive crash acts under the k-minus-1
// trigger whatever the reading, so under at-empty it refills one crash
// early.
var earlyRefill = brokenCopy(fceabr.K, "broken-early-refill", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	if in.Kind == model.InStart && in.Suspect != model.None {
		e := *env
		e.Variant = append([]uint8(nil), env.Variant...)
		e.Variant[fceabr.AmbTrigger] = fceabr.KMinus1
		return fceabr.K.Step(&e, s, in, out)
	}
	return fceabr.K.Step(env, s, in, out)
})

// deafDetector: a detector of a successive crash ignores it (no promotion),
// so every live process keeps the crashed coordinator and the model cannot
// crash an agreed live one next.
var deafDetector = brokenCopy(fceabr.K, "broken-deaf-detector", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	if in.Kind == model.InStart && in.Suspect != model.None {
		return s
	}
	return fceabr.K.Step(env, s, in, out)
})

// Reference: [S3] §IX test 4 (C-HIER-6.test4, AMB-HIER-1 at-empty, P = 2):
// the statement's check holds on fceabrk and refutes a variant that
// refills one crash early; the model's stop of the successive crashes
// (no agreed live coordinator) is a model fault that refutes a variant
// whose detectors ignore the crash.
func TestSuccessiveChecksCatchBrokenVariants(t *testing.T) {
	c := *claimOf(t, &fceabr.K.Info, "C-HIER-6.test4")
	c.Variants = []string{"at-empty,p2"}
	eng := smallEngine()
	eng.MaxN, eng.ExhaustiveLimit = 0, 200
	if res := eng.CheckClaim(fceabr.K, &c); res.Verdict != claims.Holds {
		t.Fatalf("on fceabrk: verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	for _, tc := range []struct {
		broken *model.Algorithm[fcState]
		prop   string
		msg    string
	}{
		{earlyRefill, checker.PropCustom, "follows crash 1; [S3] §IX test 4 says crash 2"},
		{deafDetector, checker.PropModel, "successive crash(es) left undone"},
	} {
		res := eng.CheckClaim(tc.broken, &c)
		if res.Verdict != claims.Refuted {
			t.Errorf("on %s: verdict %s, want REFUTED (%s)", tc.broken.Name, res.Verdict, res.Summary)
			continue
		}
		ce := res.Rows[0].Counterexample
		if ce == nil || ce.Violation.Property != tc.prop || !strings.Contains(ce.Violation.Message, tc.msg) {
			t.Errorf("on %s: want a %s counterexample mentioning %q, got %+v", tc.broken.Name, tc.prop, tc.msg, ce)
		}
	}
}
