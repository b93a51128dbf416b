package claims

import (
	"strings"
	"testing"
)

// The coverage rule on a row's record: zero reach is UNCHECKED; an
// unchecked part, or a termination promise left undecided by the step
// cap, is PARTIAL; a refutation stands whatever the coverage.
func TestCoverageJudge(t *testing.T) {
	for _, tc := range []struct {
		name        string
		cov         Coverage
		verdict     Verdict
		termination bool
		want        Verdict
	}{
		{"reached", Coverage{Point: PointQuiescence, Executions: 7, Reached: 7}, Holds, true, Holds},
		{"nothing reached", Coverage{Point: PointQuiescence, Executions: 7, Cycled: 7}, Holds, false, Unchecked},
		{"cycles counted, no liveness promised", Coverage{Point: PointQuiescence, Executions: 7, Reached: 5, Cycled: 2}, Holds, false, Holds},
		{"cap reached, termination promised", Coverage{Point: PointQuiescence, Executions: 7, Reached: 5, Capped: 2, StepCap: 10}, Holds, true, Partial},
		{"cap reached, no termination promised", Coverage{Point: PointQuiescence, Executions: 7, Reached: 5, Capped: 2, StepCap: 10}, Holds, false, Holds},
		{"a part not checked", Coverage{Point: PointArithmetic, Executions: 1, Reached: 1, Parts: []Part{{Name: "RING", Why: "no model"}}}, Holds, false, Partial},
		{"checked executions a minority (C-RING1-3's crash row)", Coverage{Point: PointQuiescence, Executions: 2394, Reached: 114, Cycled: 2280}, Holds, false, Partial},
		{"checked executions exactly half", Coverage{Point: PointQuiescence, Executions: 8, Reached: 4, Cycled: 4}, Holds, false, Holds},
		{"not applicable executions do not count", Coverage{Point: PointQuiescence, Executions: 192, Reached: 3}, Holds, false, Holds},
		{"instant checks are reached by all", Coverage{Point: PointInstant, Executions: 10, Reached: 10, Cycled: 9}, Holds, false, Holds},
		{"refuted stands", Coverage{Point: PointQuiescence, Executions: 1}, Refuted, true, Refuted},
	} {
		got, why := tc.cov.judge(tc.verdict, tc.termination)
		if got != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, got, why, tc.want)
		}
		if (got == Partial || (got == Unchecked && tc.verdict == Holds)) && why == "" {
			t.Errorf("%s: %s without a reason", tc.name, got)
		}
	}
}

// Parameter values are not readings: a reading refuted at one parameter
// value is REFUTED (naming the smallest refuting parameters), not
// AMBIGUOUS; readings that disagree are AMBIGUOUS.
func TestSummarizeParameters(t *testing.T) {
	rows := []Row{
		{Setting: "s", Variant: "spn2,scan1,alt", Reading: "alt", Parameters: "spn2,scan1", params: []uint8{0, 0}, Verdict: Refuted},
		{Setting: "s", Variant: "spn3,scan2,alt", Reading: "alt", Parameters: "spn3,scan2", params: []uint8{1, 1}, Verdict: Holds},
	}
	v, s := summarize(rows, true)
	if v != Refuted {
		t.Fatalf("one reading, refuted at one parameter value: %s (%s)", v, s)
	}
	if want := "spn2,scan1"; !strings.Contains(s, want) {
		t.Errorf("summary %q does not name the refuting parameters %s", s, want)
	}
	// The same rows told apart as readings are AMBIGUOUS.
	asReadings := append([]Row(nil), rows...)
	for i := range asReadings {
		asReadings[i].Reading, asReadings[i].Parameters = asReadings[i].Variant, ""
	}
	if v, s := summarize(asReadings, true); v != Ambiguous {
		t.Fatalf("two readings that disagree: %s (%s)", v, s)
	}
	// Readings that differ only in coverage are PARTIAL.
	cov := []Row{
		{Setting: "s", Variant: "a", Reading: "a", Verdict: Holds},
		{Setting: "s", Variant: "b", Reading: "b", Verdict: Unchecked, Partial: "no execution reached quiescence"},
	}
	if v, s := summarize(cov, true); v != Partial {
		t.Fatalf("a reading held, one unchecked: %s (%s)", v, s)
	}
}
