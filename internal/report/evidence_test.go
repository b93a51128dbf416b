package report

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// A summary does not contradict itself: a claim judged from its parts
// (no rows) shows its summary, not "0 executions"; a bound refuted by
// another property says the bound itself is met; a bound refuted by the
// bound shows the refuting value.
func TestHeadlineDoesNotContradictItself(t *testing.T) {
	composite := &Entry{ID: "C-X", Verdict: claims.Refuted, Summary: "judged from its parts in this report: C-X.a: REFUTED"}
	if m, ev := headline(composite); m != "-" || ev != composite.Summary {
		t.Errorf("composite: %q, %q", m, ev)
	}
	row := func(prop string, measured int64) claims.Row {
		return claims.Row{Setting: "s", Variant: "v", Verdict: claims.Refuted, Executions: 3,
			Points:         []claims.Point{{N: 5, Measured: measured, Claimed: "8"}},
			Counterexample: &checker.Counterexample{N: 5, Config: &model.Config{}, Violation: &checker.Violation{Property: prop, Message: "m"}}}
	}
	other := &Entry{ID: "C-Y", Kind: "bound", Verdict: claims.Refuted, Rows: []claims.Row{row(checker.PropAgreement, 8)}}
	if m, ev := headline(other); !strings.Contains(m, "bound met") || !strings.Contains(ev, "agreement") {
		t.Errorf("refuted by agreement: %q, %q", m, ev)
	}
	bound := &Entry{ID: "C-Z", Kind: "bound", Verdict: claims.Refuted, Rows: []claims.Row{row(checker.PropBound, 9)}}
	if m, _ := headline(bound); m != "n=5: 9 (claimed 8)" {
		t.Errorf("refuted by the bound: %q", m)
	}
	for _, c := range []*Entry{composite, other, bound} {
		if _, ev := headline(c); strings.Contains(ev, "0 executions") {
			t.Errorf("%s: evidence %q", c.ID, ev)
		}
	}
}
