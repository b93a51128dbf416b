package report

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// testReport builds a small report with every verdict and every plot
// kind: a refuted bound with holding rows (C-RING1-5), a growth claim
// (C-RING1-1), a bound only one reading meets (AMBIGUOUS), a table claim
// with a misprinted row (INCONSISTENT), a behaviour claim and a claim no
// algorithm registers (UNCHECKED). Quick engine settings keep it fast.
func testReport(t testing.TB) *Report {
	t.Helper()
	eng := claims.DefaultEngine()
	eng.MaxN, eng.Cases, eng.GrowthCases = 6, 20, 4
	rep := &Report{Tool: "electlab", Schema: Schema, Seed: eng.Seed, Cases: eng.Cases, Claims: []Entry{}}
	reg := func(id, algo string) (model.Spec, *claim.Claim) {
		for _, r := range algos.Registry().ClaimsFor(id) {
			if r.Spec.Meta().Name == algo {
				return r.Spec, r.Claim
			}
		}
		t.Fatalf("%s is not registered by %s", id, algo)
		return nil, nil
	}
	cr, bound := reg("C-RING1-5", "changroberts")
	rep.Add(checkEntry(eng, cr, bound))
	ll, growth := reg("C-RING1-1", "lelann")
	rep.Add(checkEntry(eng, ll, growth))
	_, behaviour := reg("C-RING1-4", "changroberts")
	rep.Add(checkEntry(eng, cr, behaviour))

	amb := *bound
	amb.ID = "C-TEST-AMB"
	amb.Settings = []claim.Setting{bound.Settings[0]}
	amb.Settings[0].Initiators = claim.ManyInitiators
	amb.Formula = func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N*(p.N+1)/2 + p.N)) }
	amb.FormulaText = "n(n+1)/2+n"
	rep.Add(checkEntry(eng, cr, &amb))

	table := claim.Claim{ID: "C-TEST-TABLE", Source: "test table", Says: "printed 3n-1", Kind: claim.Table, FormulaText: "3n-1",
		Formula: func(p claim.Params) claim.Rat { return claim.RatInt(int64(3*p.N - 1)) },
		Rows: []claim.PrintedRow{
			{Label: "Table 1, n=5", Params: claim.Params{N: 5}, Printed: claim.RatInt(14)},
			{Label: "Table 1, n=4", Params: claim.Params{N: 4}, Printed: claim.RatInt(11)},
			{Label: "Table 1, n=10", Params: claim.Params{N: 10}, Printed: claim.RatInt(30)},
		}}
	rep.Add(checkEntry(eng, cr, &table))
	ce := algos.Catalog[0]
	rep.Add(Job{Target: claims.Target{Entry: &ce}}.run(eng))

	// The growth claim's verdict on so few sizes does not matter here
	// (only its plots do).
	want := []claims.Verdict{claims.Refuted, "", claims.Holds, claims.Ambiguous, claims.Inconsistent, claims.Unchecked}
	for i, c := range rep.Claims {
		if want[i] != "" && c.Verdict != want[i] {
			t.Fatalf("test report: %s (%s) is %s, want %s: %s", c.ID, c.Algorithm, c.Verdict, want[i], c.Summary)
		}
	}
	return rep
}

// TestReportDirDeterministic: the report directory of the same report is
// byte-identical twice over (report.json, report.md, report.html, every
// SVG and PNG plot, every trace and rendering); the plots hold no
// timestamp; the SVGs are well-formed XML.
func TestReportDirDeterministic(t *testing.T) {
	d1, d2 := t.TempDir(), t.TempDir()
	if err := WriteDir(d1, testReport(t), nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteDir(d2, testReport(t), nil); err != nil {
		t.Fatal(err)
	}
	f1, f2 := listTree(t, d1), listTree(t, d2)
	if !slices.Equal(f1, f2) {
		t.Fatalf("different files: %v vs %v", f1, f2)
	}
	var svgs, pngs int
	for _, f := range f1 {
		b1, b2 := readFile(t, filepath.Join(d1, f)), readFile(t, filepath.Join(d2, f))
		if !bytes.Equal(b1, b2) {
			t.Errorf("%s differs between two runs", f)
		}
		switch filepath.Ext(f) {
		case ".svg":
			if strings.HasPrefix(filepath.ToSlash(f), "traces/") {
				break // a counterexample's space-time diagram, not a plot
			}
			svgs++
			checkSVG(t, f, b1)
		case ".png":
			pngs++
			checkPNG(t, f, b1)
		}
	}
	// C-RING1-5: 2 settings x 2 readings; C-RING1-1: 3 x 2; C-TEST-AMB:
	// 1 x 2; the table claim: 1.
	if want := 4 + 6 + 2 + 1; svgs != want || pngs != want {
		t.Errorf("%d SVG and %d PNG plots, want %d of each: %v", svgs, pngs, want, f1)
	}
	for _, want := range []string{"plots/C-TEST-TABLE-changroberts-table.svg", "plots/C-RING1-1-lelann-6.png", "plots/C-RING1-5-changroberts-1.svg"} {
		if !slices.Contains(f1, want) {
			t.Errorf("missing %s: %v", want, f1)
		}
	}
	for _, f := range f1 {
		if strings.HasPrefix(f, "traces/") && strings.HasSuffix(f, ".json") {
			for _, ext := range []string{".txt", ".mmd"} {
				if !slices.Contains(f1, renderingPath(f, ext)) {
					t.Errorf("%s has no %s rendering", f, ext)
				}
			}
		}
	}
}

var timestampRe = regexp.MustCompile(`(19|20)\d\d-[01]\d-[0-3]\d|CreationDate|ModDate`)

// checkSVG checks that an SVG plot is well-formed XML without a timestamp.
func checkSVG(t *testing.T, name string, b []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Errorf("%s is not well-formed XML: %v", name, err)
			return
		}
	}
	if !bytes.Contains(b, []byte("<svg")) || timestampRe.Match(b) {
		t.Errorf("%s: not an SVG, or it holds a date", name)
	}
}

// checkPNG checks that a PNG plot has no tIME chunk (a timestamp).
func checkPNG(t *testing.T, name string, b []byte) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("%s is not a PNG", name)
		return
	}
	for p := 8; p+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[p:]))
		typ := string(b[p+4 : p+8])
		if typ == "tIME" || typ == "tEXt" || typ == "iTXt" {
			t.Errorf("%s has a %s chunk", name, typ)
		}
		p += 12 + n
	}
}

var attrRe = regexp.MustCompile(`(?:src|href)="([^"]*)"`)

// TestReportHTML: report.html shows every entry as a claims-table row and
// a section, colours every verdict, embeds every plot, links every
// counterexample trace and rendering, and fetches nothing from the
// network (no script, no absolute URL, a Content-Security-Policy).
func TestReportHTML(t *testing.T) {
	dir := t.TempDir()
	rep := testReport(t)
	if err := WriteDir(dir, rep, nil); err != nil {
		t.Fatal(err)
	}
	page := string(readFile(t, filepath.Join(dir, "report.html")))
	for _, bad := range []string{"<script", "http://", "https://", "@import", "url(", "<link rel=\"stylesheet\""} {
		if strings.Contains(page, bad) {
			t.Errorf("report.html contains %q", bad)
		}
	}
	if !strings.Contains(page, `http-equiv="Content-Security-Policy" content="default-src 'none';`) {
		t.Errorf("report.html has no Content-Security-Policy")
	}
	if got := strings.Count(page, `<tr class="claim-row`); got != len(rep.Claims) {
		t.Errorf("%d claim rows, want %d", got, len(rep.Claims))
	}
	if got := strings.Count(page, `<section class="claim`); got != len(rep.Claims) {
		t.Errorf("%d claim sections, want %d", got, len(rep.Claims))
	}
	for _, v := range []string{"holds", "refuted", "inconsistent", "ambiguous", "unchecked"} {
		if !strings.Contains(page, `class="verdict v-`+v+`"`) || !strings.Contains(page, ".v-"+v+" {") {
			t.Errorf("verdict %s has no coloured badge", v)
		}
	}
	for _, c := range rep.Claims {
		if !strings.Contains(page, `id="`+entryAnchor(&c)+`"`) || !strings.Contains(page, `href="#`+entryAnchor(&c)+`"`) {
			t.Errorf("%s (%s): no section linked from the table", c.ID, c.Algorithm)
		}
		for _, p := range c.Plots {
			if !strings.Contains(page, `<img class="plot" src="`+p+`"`) {
				t.Errorf("plot %s is not embedded", p)
			}
		}
		for _, r := range c.Rows {
			if !strings.Contains(page, htmlEscape(r.Setting)) {
				t.Errorf("%s: row %q missing", c.ID, r.Setting)
			}
			if ce := r.Counterexample; ce != nil {
				for _, l := range []string{ce.TracePath, renderingPath(ce.TracePath, ".txt"), renderingPath(ce.TracePath, ".mmd")} {
					if !strings.Contains(page, `href="`+l+`"`) {
						t.Errorf("%s: no link to %s", c.ID, l)
					}
				}
			}
		}
	}
	if !strings.Contains(page, "14; printed 15") && !strings.Contains(page, "29; printed 30") {
		t.Errorf("the table claim's arithmetic is missing")
	}
	for _, m := range attrRe.FindAllStringSubmatch(page, -1) {
		l := m[1]
		if strings.HasPrefix(l, "#") || l == "data:," {
			continue
		}
		if strings.Contains(l, ":") || strings.HasPrefix(l, "/") || strings.Contains(l, "..") {
			t.Errorf("link %q is not relative to the report directory", l)
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(l))); err != nil {
			t.Errorf("broken link %q: %v", l, err)
		}
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;").Replace(s)
}

// TestEvidenceCellLabelsTraces: the claims table's evidence cell labels
// each trace it links (row, property, size, setting, reading) and links at most
// cellTraces of them, counting the rest ("… and N more") instead of a row
// of unlabelled "trace" links.
func TestEvidenceCellLabelsTraces(t *testing.T) {
	c := Entry{ID: "C-X", Algorithm: "changroberts", Kind: "behaviour", Verdict: claims.Refuted}
	for i := range 5 {
		c.Rows = append(c.Rows, claims.Row{Setting: fmt.Sprintf("async setting%d", i+1), Variant: "swallow", Verdict: claims.Refuted,
			Counterexample: &checker.Counterexample{N: i + 2, Config: &model.Config{IDs: []model.ID{1, 2}},
				Violation: &checker.Violation{Property: "validity", Message: "m"}, TracePath: fmt.Sprintf("traces/C-X-changroberts-swallow-%d.json", i+1)}})
	}
	html := HTML(&Report{Tool: "electlab", Schema: Schema, Claims: []Entry{c}})
	a := strings.Index(html, `<td class="evidence">`)
	cellHTML := html[a : a+strings.Index(html[a:], "</td>")]
	for i := 1; i <= cellTraces; i++ {
		want := fmt.Sprintf(`<a href="traces/C-X-changroberts-swallow-%d.json">row %d trace</a>: validity, n=%d, async setting%d, reading swallow (`, i, i, i+1, i)
		if !strings.Contains(cellHTML, want) {
			t.Errorf("the evidence cell has no %q:\n%s", want, cellHTML)
		}
	}
	if n := strings.Count(cellHTML, ".json\""); n != cellTraces {
		t.Errorf("the evidence cell links %d traces, want %d:\n%s", n, cellTraces, cellHTML)
	}
	if !strings.Contains(cellHTML, "… and 2 more") {
		t.Errorf("the evidence cell does not count the traces it leaves out:\n%s", cellHTML)
	}
}

// TestHTMLFooterNamesProgram: the footer's replay command names the
// program that wrote the report (Report.Program: a user's own program
// built on cli.Main replays its algorithms; stock electlab does not).
func TestHTMLFooterNamesProgram(t *testing.T) {
	html := HTML(&Report{Tool: "electlab", Schema: Schema, Program: "go run example.com/flood/cmd/flood"})
	if !strings.Contains(html, "<code>go run example.com/flood/cmd/flood replay FILE</code>") {
		t.Errorf("the footer does not name the program:\n%s", html[strings.Index(html, "<footer>"):])
	}
}
