package claims_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// TestEnumerateSharesStart: the cases of an enumerated configuration
// share one initial World (Execute runs a copy of it); the rows and every
// measured execution, in order, are the same as with a new World per
// case, and running the cases in place on the shared World (each starting
// where the one before ended) is caught.
func TestEnumerateSharesStart(t *testing.T) {
	check := func(fresh, broken bool) (*claims.ClaimResult, []string) {
		defer claims.SetStarts(fresh, broken)()
		var measured []string
		c := &claim.Claim{ID: "C-TEST-SHARE", Source: "test", Says: "sends", Kind: claim.Bound,
			Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
			Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N * p.N)) },
			FormulaText: "n²",
			Measure: func(s model.System) (int64, bool) {
				// The execution's events and observations, in order:
				// they tell the schedules apart.
				measured = append(measured, fmt.Sprint(s.Events(), s.Now(), s.Observations()))
				return s.Counts().Sends, true
			},
			NMin: 3, NMax: 5,
			Settings: []claim.Setting{{Name: "async fifo, every process initiates, a crash", Timing: model.Async, Net: model.FIFO, Initiators: claim.EveryLive, CrashBudget: 1}}}
		e := &claims.Engine{Seed: 1, Cases: 20, GrowthCases: 2, ExhaustiveLimit: 200}
		return e.CheckClaim(changroberts.Algorithm, c), measured
	}
	want, wantM := check(true, false)
	got, gotM := check(false, false)
	if len(wantM) == 0 || want.Verdict != claims.Holds {
		t.Fatalf("the fresh run measured %d executions, verdict %s (%s)", len(wantM), want.Verdict, want.Summary)
	}
	if !reflect.DeepEqual(got.Rows, want.Rows) || got.Verdict != want.Verdict || got.Summary != want.Summary {
		t.Errorf("shared start: %s %+v, fresh: %s %+v", got.Verdict, got.Rows, want.Verdict, want.Rows)
	}
	if !reflect.DeepEqual(gotM, wantM) {
		t.Errorf("shared start measured %v, fresh %v", gotM, wantM)
	}
	t.Logf("%d executions measured, the same with a shared start", len(wantM))
	bad, badM := check(false, true)
	if reflect.DeepEqual(badM, wantM) && reflect.DeepEqual(bad.Rows, want.Rows) {
		t.Error("running the cases in place on the shared World changes nothing: the comparison cannot catch it")
	}
}
