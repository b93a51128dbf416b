package checker_test

import (
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// TestParseProps checks -props' names: a list round-trips, "all" is every
// generic property, and a wrong name is an error naming the valid ones.
func TestParseProps(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want model.Property
		out  string
	}{
		{"all", checker.AllProps, "all"},
		{"single-coordinator,agreement,validity,termination", checker.AllProps, "all"},
		{"validity,single-coordinator", model.Safety | model.Validity, "single-coordinator,validity"},
		{"termination", model.Termination, "termination"},
	} {
		p, err := checker.ParseProps(tc.in)
		if err != nil || p != tc.want {
			t.Errorf("ParseProps(%q) = %v, %v; want %v", tc.in, p, err, tc.want)
		}
		if got := checker.FormatProps(p); got != tc.out {
			t.Errorf("FormatProps(%v) = %q, want %q", p, got, tc.out)
		}
	}
	for _, bad := range []string{"", "safety", "agreement,,validity", "all,termination"} {
		if _, err := checker.ParseProps(bad); err == nil {
			t.Errorf("ParseProps(%q): no error", bad)
		}
	}
}
