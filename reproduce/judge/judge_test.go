package judge

import (
	"strconv"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/reproduce"
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
		if want := map[bool]claims.Verdict{true: claims.Holds, false: claims.Refuted}[c.wantOK]; got.Verdict != want {
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
	if testing.Short() {
		t.Skip("slow: make test-long runs it")
	}
	for _, rc := range All() {
		e := rc.Judge(1, nil)
		if e.Verdict == claims.Unchecked || len(e.Rows) == 0 {
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

// TestJudgeFewerCatchesBreaks: C-FCEABR-15's judge holds on figures where
// FCEABR is below Ring with a gap growing in FPN and N, and refutes each
// of its three parts on a figure that breaks it.
// Reference: [S0] §VII.
func TestJudgeFewerCatchesBreaks(t *testing.T) {
	mk := func(n int, fceabr, ring []int64) *reproduce.Table {
		tab := &reproduce.Table{ID: "fig"}
		for i := range fceabr {
			tab.Rows = append(tab.Rows, reproduce.Row{N: n, FPN: i + 1, Measured: []reproduce.Measured{
				{Reading: "FCEABR r", Stats: reproduce.Summarize([]int64{fceabr[i]})},
				{Reading: "Ring", Stats: reproduce.Summarize([]int64{ring[i]})}}})
		}
		return tab
	}
	good35, good70 := mk(35, []int64{60, 80, 90}, []int64{70, 140, 210}), mk(70, []int64{120, 160, 180}, []int64{140, 280, 420})
	if v, s, _ := judgeFewer([]*reproduce.Table{good35, good70}, "cmd"); v != claims.Holds {
		t.Fatalf("good figures: %s (%s)", v, s)
	}
	for name, tabs := range map[string][]*reproduce.Table{
		"(a) not fewer":       {mk(35, []int64{70, 80, 90}, []int64{70, 140, 210}), good70},
		"(b) gap shrinks":     {mk(35, []int64{60, 135, 200}, []int64{70, 140, 210}), good70},
		"(c) not wider at 70": {good35, mk(70, []int64{139, 275, 415}, []int64{140, 280, 420})},
	} {
		v, _, rows := judgeFewer(tabs, "cmd")
		bad := ""
		for _, r := range rows {
			if r.Verdict == claims.Refuted {
				bad = r.Setting
			}
		}
		if v != claims.Refuted || !strings.HasPrefix(bad, name[:3]) {
			t.Errorf("%s: verdict %s, refuted row %q", name, v, bad)
		}
	}
}

// TestJudgeFromParts: an unregistered catalog entry takes the worst
// verdict of its parts ("ID.part") in the report, and stays UNCHECKED when
// TestJudgeConvergenceCatchesBreaks: C-FCEABR-16's judge finds that the
// standard error of the mean halves with four times the runs (reading a
// holds, reading b is refuted: AMBIGUOUS), and refutes reading a on a
// table whose S_x̄ does not shrink.
// Reference: [S0] §VIII, eq.(11)–(13).
func TestJudgeConvergenceCatchesBreaks(t *testing.T) {
	// values with a fixed spread: k copies of the same 4-value pattern.
	mk := func(runs int, spread int64) *reproduce.Table {
		var xs []int64
		for i := range runs {
			xs = append(xs, 100+spread*int64(i%4))
		}
		return &reproduce.Table{ID: "3", Runs: runs, Rows: []reproduce.Row{{Label: "NPS=40, NOF=3",
			Measured: []reproduce.Measured{{Reading: "r", Stats: reproduce.Summarize(xs)}}}}}
	}
	v, s, rows := judgeConvergence([]*reproduce.Table{mk(200, 3), mk(800, 3)}, "cmd")
	if v != claims.Ambiguous || len(rows) != 2 || rows[0].Verdict != claims.Holds || rows[1].Verdict != claims.Refuted {
		t.Fatalf("stable spread: %s (%s), rows %+v", v, s, rows)
	}
	// A broken table: S_x doubles with the runs, so S_x̄ stays put.
	v, s, rows = judgeConvergence([]*reproduce.Table{mk(200, 3), mk(800, 6)}, "cmd")
	if v != claims.Ambiguous || rows[0].Verdict != claims.Refuted || rows[1].Verdict != claims.Holds {
		t.Fatalf("S_x̄ not shrinking: %s (%s), rows %+v", v, s, rows)
	}
	if v, _, _ := judgeConvergence([]*reproduce.Table{mk(200, 3)}, "cmd"); v != claims.Unchecked {
		t.Errorf("one repetition count: %s, want UNCHECKED", v)
	}
}

// A reproduced row whose printed number differs from the paper's own
// formula for the same quantity is INCONSISTENT with the arithmetic,
// whatever the simulation gives; an equal one is not.
func TestReproInconsistentWithFormula(t *testing.T) {
	rc := &Claim{ID: "C-TEST", formulaOf: map[string]string{"NOM": "eq.(2)"}}
	mk := func(printed string) reproduce.Row {
		return reproduce.Row{Label: "site 3",
			Printed:  []reproduce.Value{{Column: "NOM", Text: printed, Exact: printed}},
			Formulas: []reproduce.Value{{Column: "eq.(2)", Text: "2·SCAN+SPN−1", Exact: "433"}}}
	}
	row := claims.Row{Verdict: claims.Refuted, Arithmetic: "NOM printed 24: no reading reproduces it"}
	if !inconsistentWithFormula(rc, &row, mk("24")) || row.Verdict != claims.Inconsistent || !strings.Contains(row.Arithmetic, "24 − 433 = -409") {
		t.Fatalf("printed 24 against eq.(2) = 433: %s, %q", row.Verdict, row.Arithmetic)
	}
	row = claims.Row{Verdict: claims.Holds}
	if inconsistentWithFormula(rc, &row, mk("433")) || row.Verdict != claims.Holds {
		t.Fatalf("printed 433 against eq.(2) = 433: %s, %q", row.Verdict, row.Arithmetic)
	}
	// A column with no formula for the same quantity is not judged here.
	if inconsistentWithFormula(&Claim{ID: "C-TEST"}, &row, mk("24")) {
		t.Fatal("a claim without formulaOf judged a printed number against a formula")
	}
}

// A printed column compared with the paper's formula for the same
// quantity under each reading of what it counts: INCONSISTENT when it
// differs from every reading's value (not when one agrees within half a
// unit); with a reading that has no formula, the difference is shown but
// the model's means still decide the column, so an unreproduced number
// refutes the row. An unreproduced number that is fully INCONSISTENT
// leaves the row INCONSISTENT, another unreproduced column refutes it.
func TestReproSameQuantity(t *testing.T) {
	eq := func(_ reproduce.Row, col string) bool { return strings.HasPrefix(col, "eq.(1)") }
	both := &Claim{ID: "C-TEST", sameQuantity: map[string][]quantityReading{"AVG": {
		{Name: "messages", Formula: eq, Factor: 1}, {Name: "sends + receives", Formula: eq, Factor: 2}}}}
	partial := &Claim{ID: "C-TEST", sameQuantity: map[string][]quantityReading{"AVG": {
		{Name: "messages", Formula: eq, Factor: 1}, {Name: "crashes", NoFormula: "no formula"}}}}
	stats := reproduce.Summarize([]int64{100, 100, 100, 100})
	tab := &reproduce.Table{ID: "T", Runs: stats.Runs}
	mk := func(printed string, reproduced bool, sd string) reproduce.Row {
		p, _ := strconv.ParseFloat(printed, 64)
		r := reproduce.Row{Label: "row", FPN: 3,
			Printed:  []reproduce.Value{{Column: "AVG", Text: printed, Exact: printed, Float: p}},
			Formulas: []reproduce.Value{{Column: "eq.(1) N=40", Exact: "320/3"}, {Column: "eq.(1) N=39", Exact: "104"}},
			Measured: []reproduce.Measured{{Reading: "r", Stats: stats, Printed: []reproduce.Diff{{Column: "AVG", MeanMinus: stats.Mean - p}}}}}
		if reproduced {
			r.Measured[0].Printed[0].MeanMinus = 0
		}
		if sd != "" {
			f, _ := strconv.ParseFloat(sd, 64)
			r.Printed = append(r.Printed, reproduce.Value{Column: "SD", Text: sd, Exact: sd, Float: f})
		}
		return r
	}
	for _, tc := range []struct {
		name       string
		rc         *Claim
		r          reproduce.Row
		verdict    claims.Verdict
		full, seen bool
		inText     string
	}{
		{"equal to eq.(1) at N=39", both, mk("104", false, ""), claims.Refuted, false, false, ""},
		{"equal to 2·eq.(1) within half a unit", both, mk("213", true, ""), claims.Holds, false, false, ""},
		{"differs from every reading, model agrees", both, mk("112", true, ""), claims.Inconsistent, true, true, "112 − 104 = +8"},
		{"differs from every reading, model disagrees", both, mk("112", false, ""), claims.Inconsistent, true, true, "2·eq.(1) N=39 = 208"},
		{"differs, another column unreproduced", both, mk("112", true, "5"), claims.Refuted, true, true, "SD printed 5: no reading"},
		{"a reading without a formula, model disagrees", partial, mk("112", false, ""), claims.Refuted, false, true, "under crashes not comparable: no formula"},
		{"a reading without a formula, model agrees", partial, mk("112", true, ""), claims.Ambiguous, false, true, "under every reading with a formula"},
	} {
		row, _, full, seen := judgeReproRow(tc.rc, tab, tc.r, "cmd")
		if row.Verdict != tc.verdict || full != tc.full || seen != tc.seen || !strings.Contains(row.Arithmetic, tc.inText) {
			t.Errorf("%s: %s full %v shown %v (%s); want %s full %v shown %v, %q", tc.name, row.Verdict, full, seen, row.Arithmetic, tc.verdict, tc.full, tc.seen, tc.inText)
		}
	}
}
