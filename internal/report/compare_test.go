package report

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/internal/filetest"
)

// compareRings compares every ring algorithm of algos.Registry().Specs() (Compare) with
// seed 1 and cases random configurations per size; it skips the test
// under -short.
func compareRings(t *testing.T, cases int) *Comparison {
	t.Helper()
	if testing.Short() {
		t.Skip("runs every ring algorithm up to n=512")
	}
	c, err := Compare(CompareSpecs(algos.Registry().Specs()), 1, cases)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The comparison is a function of the seed: the same seed gives the same
// rows and the same section; every algorithm is measured at every size,
// with min <= mean <= max.
func TestCompareDeterministic(t *testing.T) {
	a, b := compareRings(t, 3), compareRings(t, 3)
	if a.Markdown() != b.Markdown() || a.Text() != b.Text() {
		t.Error("two comparisons with seed 1 differ")
	}
	if len(a.Rows) != len(CompareSpecs(algos.Registry().Specs()))*len(CompareSizes) {
		t.Errorf("%d rows, want %d", len(a.Rows), len(CompareSpecs(algos.Registry().Specs()))*len(CompareSizes))
	}
	for _, r := range a.Rows {
		if float64(r.Min) > r.Mean || r.Mean > float64(r.Max) || r.Min <= 0 {
			t.Errorf("%s n=%d: min %d, mean %.1f, max %d", r.Algorithm, r.N, r.Min, r.Mean, r.Max)
		}
	}
	t.Log(a.Text())
	if _, err := drawer.Compare(a); err != nil {
		t.Error(err)
	}
	if !strings.Contains(a.Markdown(), "| franklin |") {
		t.Error("the table has no franklin row")
	}
}

// A report with the comparison writes its plot (SVG and PNG) and shows
// the section in report.md and report.html; without it, nothing of it.
func TestCompareWritten(t *testing.T) {
	cmp := compareRings(t, 1)
	for _, with := range []bool{true, false} {
		rep := &Report{Tool: "electlab", Schema: Schema, Seed: 1, Cases: 1, Claims: []Entry{}}
		if with {
			rep.Comparison = cmp
		}
		dir := t.TempDir()
		if err := WriteDir(dir, rep, NewProgress(io.Discard, 0)); err != nil {
			t.Fatal(err)
		}
		md, html := string(filetest.ReadFile(t, filepath.Join(dir, "report.md"))), string(filetest.ReadFile(t, filepath.Join(dir, "report.html")))
		for _, f := range []string{"plots/comparison.svg", "plots/comparison.png"} {
			_, err := os.Stat(filepath.Join(dir, f))
			if with != (err == nil) {
				t.Errorf("comparison %t: %s exists: %t", with, f, err == nil)
			}
		}
		if with != strings.Contains(md, "## Ring algorithms compared") || with != strings.Contains(html, `id="comparison"`) {
			t.Errorf("comparison %t: section in report.md %t, in report.html %t", with, strings.Contains(md, "## Ring algorithms compared"), strings.Contains(html, `id="comparison"`))
		}
		if with && !strings.Contains(md, "](plots/comparison.svg)") {
			t.Error("report.md does not show the plot")
		}
		// The exact worst cases: a table row per algorithm in both.
		cr := "| changroberts | n=2..9 | 5, 9, 14, 20, 27, 35, 44, 54 | (n^2 + 3n)/2, exact on n=2..9 (fit 2..7, held out 8,9) |"
		crHTML := "<tr><td class=\"mono\">changroberts</td><td>n=2..9</td><td>5, 9, 14, 20, 27, 35, 44, 54</td><td>(n^2 &#43; 3n)/2, exact on n=2..9 (fit 2..7, held out 8,9)</td></tr>"
		if with != strings.Contains(md, cr) || with != strings.Contains(html, crHTML) {
			t.Errorf("comparison %t: worst-case row in report.md %t, in report.html %t", with, strings.Contains(md, cr), strings.Contains(html, crHTML))
		}
	}
}
