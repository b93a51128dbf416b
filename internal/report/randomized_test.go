package report

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/itairodeh"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// probEntry is a hand-built Probability entry of algorithm algo: row 1
// (variant k2) answers Pmin and Pmax of "elected within 1 rounds" and of
// "elected within 2 rounds" at n = 3 (21 states), all agreeing with the
// formula; row 2 (variant k3) answers the same at n = 4 (129 states), its
// Pmax within 2 rounds off the formula (the broken variant: the answer
// disagrees, and the row is REFUTED).
func probEntry(algo string) Entry {
	c := &claim.Claim{ID: "IR-TEST-1", Kind: claim.Probability, Relation: claim.Exactly, FormulaText: "1 − (1 − q)^L",
		Queries: []string{"Pmin[elected within 1 rounds]", "Pmax[elected within 1 rounds]", "Pmin[elected within 2 rounds]", "Pmax[elected within 2 rounds]"}}
	ids3, ids4 := []model.ID{1, 2, 3}, []model.ID{1, 2, 3, 4}
	pt := func(n int, ids []model.ID, states int, q string, within int64, value, claimed string) claims.ProbPoint {
		return claims.ProbPoint{N: n, IDs: ids, States: states, Query: q, Within: within, Value: value, Claimed: claimed, Holds: value == claimed}
	}
	rows := []claims.Row{
		{Setting: "sync", Variant: "k2", Model: "SYNC-LOCKSTEP", Verdict: claims.Holds, Answers: []claims.ProbPoint{
			pt(3, ids3, 21, "Pmin[elected within 1 rounds]", 1, "3/4", "3/4"),
			pt(3, ids3, 21, "Pmax[elected within 1 rounds]", 1, "3/4", "3/4"),
			pt(3, ids3, 21, "Pmin[elected within 2 rounds]", 2, "15/16", "15/16"),
			pt(3, ids3, 21, "Pmax[elected within 2 rounds]", 2, "15/16", "15/16"),
		}},
		{Setting: "sync", Variant: "k3", Model: "SYNC-LOCKSTEP", Verdict: claims.Refuted, Answers: []claims.ProbPoint{
			pt(4, ids4, 129, "Pmin[elected within 1 rounds]", 1, "20/27", "20/27"),
			pt(4, ids4, 129, "Pmax[elected within 1 rounds]", 1, "20/27", "20/27"),
			pt(4, ids4, 129, "Pmin[elected within 2 rounds]", 2, "680/729", "680/729"),
			pt(4, ids4, 129, "Pmax[elected within 2 rounds]", 2, "1/3", "680/729"),
		}},
	}
	return Entry{ID: c.ID, Algorithm: algo, Kind: "probability", Verdict: claims.Refuted, Summary: "refuted", Rows: rows, claim: c,
		rowPlots: []string{"IR-TEST-1-" + algo + "-1", ""}}
}

// boundEntry is a hand-built Bound entry (no probability).
func boundEntry() Entry {
	return Entry{ID: "C-TEST-BOUND", Algorithm: "changroberts", Kind: "bound", Verdict: claims.Holds, Summary: "holds",
		Rows: []claims.Row{{Setting: "async", Variant: "-", Model: "ASYNC", Verdict: claims.Holds, Points: []claims.Point{{N: 3, Measured: 8, Claimed: "8"}}}}}
}

func randomReport(entries ...Entry) *Report {
	rep := &Report{Tool: "electlab", Schema: Schema, Seed: 1, Cases: 1, Claims: []Entry{}}
	for _, e := range entries {
		rep.Add(e)
	}
	rep.Randomized = NewRandomized(rep)
	return rep
}

// The section renders every answer of the rows, min and max paired per
// configuration and query, exact and to 6 decimals, beside the formula's
// value; the disagreeing answer shows as disagreeing in every format; the
// rows' plots are linked; the PRISM paragraph takes electlab's count from
// the run's rows and says "not in this run" for the others.
func TestRandomizedSection(t *testing.T) {
	rep := randomReport(boundEntry(), probEntry("itairodeh-sync"))
	rs := rep.Randomized
	if rs == nil || len(rs.Claims) != 1 {
		t.Fatalf("section: %+v, want one claim", rs)
	}
	rc := rs.Claims[0]
	if rc.ID != "IR-TEST-1" || rc.Relation != "=" || rc.Formula != "1 − (1 − q)^L" || len(rc.Queries) != 4 {
		t.Errorf("claim: %+v", rc)
	}
	if len(rc.Answers) != 4 {
		t.Fatalf("%d answers, want 4 (two queries at two configurations): %+v", len(rc.Answers), rc.Answers)
	}
	first := rc.Answers[0]
	want := RandomAnswer{Row: 1, Variant: "k2", N: 3, IDs: []model.ID{1, 2, 3}, States: 21, Query: "P[elected within 1 rounds]",
		Min: &RandomValue{"3/4", "0.750000"}, Max: &RandomValue{"3/4", "0.750000"}, Claimed: RandomValue{"3/4", "0.750000"}, Agrees: true}
	if !reflect.DeepEqual(first, want) {
		t.Errorf("first answer\n got %+v\nwant %+v", first, want)
	}
	bad := rc.Answers[3]
	if bad.Row != 2 || bad.Query != "P[elected within 2 rounds]" || bad.Agrees || bad.Min.Exact != "680/729" || bad.Max.Exact != "1/3" || bad.Max.Decimal != "0.333333" || bad.Claimed.Decimal != "0.932785" {
		t.Errorf("the disagreeing answer: %+v (min %+v, max %+v)", bad, bad.Min, bad.Max)
	}
	for i, a := range rc.Answers[:3] {
		if !a.Agrees {
			t.Errorf("answer %d disagrees: %+v", i, a)
		}
	}
	if len(rc.Plots) != 1 || rc.Plots[0] != "plots/IR-TEST-1-itairodeh-sync-1.svg" {
		t.Errorf("plots %v", rc.Plots)
	}
	p := rs.PRISM
	if p.Source != "QVBS, leader_sync" || len(p.Rows) != 4 {
		t.Fatalf("prism: %+v", p)
	}
	if r := p.Rows[0]; r.N != 3 || r.K != 2 || r.PRISMStates != 26 || r.States != 21 || r.From != "IR-TEST-1 row 1, n=3" {
		t.Errorf("(3, 2): %+v", r)
	}
	for _, r := range p.Rows[1:] {
		if r.States != 0 || r.From != "" {
			t.Errorf("(%d, %d) has a count the run does not: %+v", r.N, r.K, r)
		}
	}

	text, md, html := Text(rep), Markdown(rep), HTML(rep)
	for format, out := range map[string]string{"text": text, "markdown": md, "html": html} {
		for _, s := range []string{"Randomized elections", "P[elected within 1 rounds]", "3/4 (0.750000)", "1/3 (0.333333)", "680/729 (0.932785)",
			"plots/IR-TEST-1-itairodeh-sync-1.svg", "Against PRISM", "PRISM 26 states, electlab 21 (IR-TEST-1 row 1, n=3)",
			"PRISM 4244 states, electlab not in this run", "steps per round passing the drawn values", "No published expected-round"} {
			if !strings.Contains(out, s) {
				t.Errorf("%s: no %q", format, s)
			}
		}
	}
	// The disagreeing answer is the only one marked so.
	if got := strings.Count(text, " NO\n"); got != 1 {
		t.Errorf("text: %d answers marked NO, want 1:\n%s", got, text)
	}
	if !regexp.MustCompile(`P\[elected within 2 rounds\] +680/729 \(0\.932785\) +1/3 \(0\.333333\) +680/729 \(0\.932785\) +NO\n`).MatchString(text) {
		t.Errorf("text: the disagreeing line is not marked:\n%s", text)
	}
	if got := strings.Count(md, "| NO |"); got != 1 {
		t.Errorf("markdown: %d answers marked NO, want 1", got)
	}
	if got := strings.Count(html, `<tr class="v-row-refuted">`); got != 1 {
		t.Errorf("html: %d answer rows marked refuted, want 1", got)
	}
	if !strings.Contains(md, "![IR-TEST-1 (itairodeh-sync): the exact answers against L](plots/IR-TEST-1-itairodeh-sync-1.svg)") {
		t.Errorf("markdown does not embed the plot")
	}
	// The section's plot is not a second img.plot (the page shows each
	// plot report.json lists once as img.plot: report_e2e_test.go).
	if strings.Count(html, `class="plot-ref" src="plots/IR-TEST-1-itairodeh-sync-1.svg"`) != 1 {
		t.Errorf("html does not embed the plot in the section")
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Randomized *Randomized `json:"randomized"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Randomized, rs) {
		t.Errorf("report.json's randomized differs from the section:\n%s", js.String())
	}
}

// A claim whose min and max disagree on one side only does not agree; a
// claim asking only for the minimum has no max; an infinite answer has no
// decimal.
func TestRandomizedPairs(t *testing.T) {
	e := probEntry("itairodeh-async")
	e.Rows = e.Rows[:1]
	e.Rows[0].Answers[1].Holds = false // Pmax within 1 round
	e.Rows[0].Answers = append(e.Rows[0].Answers, claims.ProbPoint{N: 3, IDs: []model.ID{1, 2, 3}, States: 21, Query: "Emin[rounds until elected]", Within: -1, Value: "infinity", Claimed: "4/3"})
	rs := randomReport(e).Randomized
	a := rs.Claims[0].Answers
	if len(a) != 3 || a[0].Agrees || !a[1].Agrees {
		t.Errorf("answers %+v", a)
	}
	if a[2].Query != "E[rounds until elected]" || a[2].Max != nil || a[2].Min.Exact != "infinity" || a[2].Min.Decimal != "infinity" || a[2].Agrees {
		t.Errorf("min-only answer %+v (min %+v)", a[2], a[2].Min)
	}
	if !regexp.MustCompile(`E\[rounds until elected\] +infinity +- +4/3 \(1\.333333\) +NO\n`).MatchString(rs.Text()) {
		t.Errorf("text:\n%s", rs.Text())
	}
	// Another algorithm than PRISM's leader_sync model: no count.
	for _, r := range rs.PRISM.Rows {
		if r.From != "" {
			t.Errorf("itairodeh-async's count taken for leader_sync: %+v", r)
		}
	}
}

// A report without a Probability claim's row has no section, in no
// format, and no JSON key.
func TestRandomizedAbsent(t *testing.T) {
	unchecked := Entry{ID: "IR-TEST-2", Algorithm: "-", Kind: "probability", Verdict: claims.Unchecked, Rows: []claims.Row{}}
	for _, rep := range []*Report{randomReport(), randomReport(boundEntry()), randomReport(boundEntry(), unchecked)} {
		if rep.Randomized != nil {
			t.Errorf("a section without a probability row: %+v", rep.Randomized)
		}
		var js bytes.Buffer
		if err := WriteJSON(&js, rep); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(js.String(), `"randomized"`) {
			t.Errorf("report.json has the key:\n%s", js.String())
		}
		for format, out := range map[string]string{"text": Text(rep), "markdown": Markdown(rep), "html": HTML(rep)} {
			if strings.Contains(out, "Randomized elections") || strings.Contains(out, "Against PRISM") {
				t.Errorf("%s shows the section", format)
			}
		}
	}
}

// The PRISM table names electlab's model of leader_sync as it is
// registered: the algorithm exists, and each row's variant is the one
// that draws from 1..K.
func TestPRISMTableNamesTheModel(t *testing.T) {
	if _, err := algos.Registry().Lookup(prismAlgorithm); err != nil {
		t.Errorf("%s: %v", prismAlgorithm, err)
	}
	for _, r := range prismStates {
		if v := itairodeh.Variant(r.K); v != r.Variant {
			t.Errorf("(N, K) = (%d, %d): variant %q, itairodeh.Variant gives %q", r.N, r.K, r.Variant, v)
		}
	}
}

// A probability claim's Claimed text (the claims table, docs/CLAIMS.md)
// names its queries, relation and formula; it was empty.
func TestClaimedTextProbability(t *testing.T) {
	c := probEntry("itairodeh-sync").claim
	if got, want := ClaimedText(c), "exact Pmin[elected within 1 rounds] … Pmax[elected within 2 rounds] (4 queries) = 1 − (1 − q)^L"; got != want {
		t.Errorf("ClaimedText = %q, want %q", got, want)
	}
	c.Queries = c.Queries[:1]
	if got, want := ClaimedText(c), "exact Pmin[elected within 1 rounds] = 1 − (1 − q)^L"; got != want {
		t.Errorf("ClaimedText = %q, want %q", got, want)
	}
}

// Configurations that differ only in their ids share a line of the
// rendered tables ("and 2 more arrangements"); one whose answer differs
// (here: a disagreeing one) keeps its own; report.json keeps every one.
func TestRandomizedArrangementsShareALine(t *testing.T) {
	pt := func(ids []model.ID, value string) claims.ProbPoint {
		return claims.ProbPoint{N: 3, IDs: ids, States: 297, Query: "Pmin[elected]", Within: -1, Value: value, Claimed: "1", Holds: value == "1"}
	}
	e := Entry{ID: "IR-TEST-3", Algorithm: "itairodeh-async", Kind: "probability", Verdict: claims.Refuted, Rows: []claims.Row{{Setting: "async", Variant: "k2", Verdict: claims.Refuted,
		Answers: []claims.ProbPoint{pt([]model.ID{3, 1, 2}, "1"), pt([]model.ID{3, 2, 1}, "1"), pt([]model.ID{1, 3, 2}, "1"), pt([]model.ID{2, 1, 3}, "1/2")}}}}
	rs := randomReport(e).Randomized
	if n := len(rs.Claims[0].Answers); n != 4 {
		t.Errorf("report.json keeps %d answers, want 4", n)
	}
	text := rs.Text()
	for _, re := range []string{`\n +1 +3 +k2 +3,1,2 and 2 more arrangements +297 +P\[elected\] +1 \(1\.000000\) +- +1 \(1\.000000\) +yes\n`,
		`\n +1 +3 +k2 +2,1,3 +297 +P\[elected\] +1/2 \(0\.500000\) +- +1 \(1\.000000\) +NO\n`} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("text does not match %s:\n%s", re, text)
		}
	}
	if strings.Count(rs.Markdown(), "| 297 |") != 2 {
		t.Errorf("markdown: want 2 lines:\n%s", rs.Markdown())
	}
}
