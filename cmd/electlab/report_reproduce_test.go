package main

import (
	"strconv"
	"strings"
	"testing"

	"electlab/checker"
	"electlab/reproduce"
)

// TestReproRowCatchesMismatch: the reproduce-derived verdict accepts a
// printed mean within two standard errors and a printed SD equal to S_x̄,
// and refutes a printed mean or SD the runs do not support.
// Reference: [S0] §VIII eq.(11)–(13); [S3] §X eq.(24)–(26).
func TestReproRowCatchesMismatch(t *testing.T) {
	stats := reproduce.Summarize([]int64{100, 102, 104, 106, 108, 110, 112, 114})
	tab := &reproduce.Table{ID: "T", Runs: stats.Runs}
	row := func(mean, sd string, meanMinus float64) reproduce.Row {
		r := reproduce.Row{Label: "row",
			Printed: []reproduce.Value{{Column: "AVG", Text: mean}, {Column: "SD", Text: sd}},
			Measured: []reproduce.Measured{{Reading: "r", Stats: stats,
				Printed: []reproduce.Diff{{Column: "AVG", MeanMinus: meanMinus}}}}}
		r.Printed[0].Float = stats.Mean - meanMinus
		r.Printed[1].Float = parseF(t, sd)
		return r
	}
	se := stats.SE
	cases := []struct {
		name      string
		r         reproduce.Row
		wantOK    bool
		wantInMsg string
	}{
		{"both reproduced", row("107", fmtF(se), 0), true, "reproduced by r"},
		{"mean off by 3 SE", row("117", fmtF(se), -3*se-1), false, "AVG printed 117: no reading"},
		{"SD is S_x, not S_x̄", row("107", fmtF(stats.SD), 0), false, "SD printed"},
	}
	for _, c := range cases {
		got, checked, ok := reproRow(tab, c.r, "cmd")
		if checked != 2 || ok != c.wantOK || !strings.Contains(got.Arithmetic, c.wantInMsg) {
			t.Errorf("%s: checked %d ok %v (%s), want ok %v and %q", c.name, checked, ok, got.Arithmetic, c.wantOK, c.wantInMsg)
		}
		if want := map[bool]string{true: checker.Holds, false: checker.Refuted}[c.wantOK]; got.Verdict != want {
			t.Errorf("%s: verdict %s, want %s", c.name, got.Verdict, want)
		}
	}
	if h := halfUnit("0.022"); h != 0.0005 {
		t.Errorf("halfUnit(0.022) = %v", h)
	}
}

// TestReproClaimsInReport: each reproduce-checked catalog claim gets a
// computed verdict (not UNCHECKED) in the claims report.
func TestReproClaimsInReport(t *testing.T) {
	for _, rc := range reproClaims {
		e := reproEntry(&rc, &entryInfo{Source: "s", Title: "t"}, 1)
		if e.Verdict == checker.Unchecked || len(e.Rows) == 0 {
			t.Errorf("%s: %s (%s), %d rows", rc.ID, e.Verdict, e.Summary, len(e.Rows))
		}
	}
}

func fmtF(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }

func parseF(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
