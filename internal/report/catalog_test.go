package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/reproduce/judge"
)

// claimsDocPath is docs/CLAIMS.md, from this package's directory.
var claimsDocPath = filepath.Join("..", "..", "docs", "CLAIMS.md")

// TestClaimsDocFresh fails when docs/CLAIMS.md differs from what the
// registry generates. `make docs` (ELECTLAB_UPDATE_DOCS=1) rewrites it.
func TestClaimsDocFresh(t *testing.T) {
	want := ClaimsDoc()
	if os.Getenv("ELECTLAB_UPDATE_DOCS") != "" {
		if err := outfile.WriteFile(claimsDocPath, []byte(want), nil); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", claimsDocPath)
		return
	}
	got, err := os.ReadFile(claimsDocPath)
	if err != nil {
		t.Fatalf("%v (run make docs)", err)
	}
	if string(got) != want {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(want, "\n")
		line := 0
		for line < len(gl) && line < len(wl) && gl[line] == wl[line] {
			line++
		}
		at := func(ls []string) string {
			if line < len(ls) {
				return ls[line]
			}
			return "(end of file)"
		}
		t.Errorf("docs/CLAIMS.md is stale: run make docs and commit it. First difference at line %d:\n file: %s\n want: %s", line+1, at(gl), at(wl))
	}
}

// TestClaimsDocComplete: the generated document names every catalog claim
// and every registration, with the reason of every unregistered claim.
func TestClaimsDocComplete(t *testing.T) {
	doc := ClaimsDoc()
	for _, ce := range algos.Catalog {
		if !strings.Contains(doc, "\n### "+ce.ID+"\n") {
			t.Errorf("no section for %s", ce.ID)
		}
		regs := algos.Registry().ClaimsFor(ce.ID)
		if rc := judge.For(ce.ID); rc != nil && len(regs) == 0 {
			if !strings.Contains(doc, "`"+rc.Command(1)+"`") {
				t.Errorf("%s: the reproduce command that checks it is missing", ce.ID)
			}
			continue
		}
		if len(regs) == 0 && !strings.Contains(doc, strings.TrimSuffix(ce.Pending, ".")) {
			t.Errorf("%s: the UNCHECKED reason is missing", ce.ID)
		}
		for _, r := range regs {
			if !strings.Contains(doc, "#### registered by `"+r.Spec.Meta().Name+"`") {
				t.Errorf("%s: no registration by %s", ce.ID, r.Spec.Meta().Name)
			}
			if r.Claim.FormulaText != "" && !strings.Contains(doc, "`"+r.Claim.FormulaText+"`") {
				t.Errorf("%s: formula %s missing", ce.ID, r.Claim.FormulaText)
			}
			for _, st := range r.Claim.Settings {
				if !strings.Contains(doc, mdEscape(st.Name)) {
					t.Errorf("%s: setting %q missing", ce.ID, st.Name)
				}
			}
			for _, v := range r.Claim.Variants {
				if !strings.Contains(doc, "`"+v+"`") {
					t.Errorf("%s: reading %q missing", ce.ID, v)
				}
			}
		}
	}
	for _, r := range algos.Registry().Extra() {
		head := "\n### " + r.Claim.ID + "\n"
		if algos.Registry().PartOf(r.Claim.ID) != nil {
			head = "\n#### " + r.Claim.ID + "\n" // a part, under its catalog claim
		}
		if !strings.Contains(doc, head) {
			t.Errorf("no section for %s (beyond the catalog or a part)", r.Claim.ID)
		}
	}
}
