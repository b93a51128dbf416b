package algos

import (
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/electlab/electlab/claim"
)

// Every catalog entry has a reason to show while it is not registered, and
// every registered claim of a catalog ID is validated.
func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Catalog {
		if seen[e.ID] {
			t.Errorf("%s is listed twice", e.ID)
		}
		seen[e.ID] = true
		if e.Pending == "" || e.Source == "" || e.Title == "" {
			t.Errorf("%s: incomplete entry %+v", e.ID, e)
		}
		for _, r := range Registry().ClaimsFor(e.ID) {
			if err := r.Claim.Validate(); err != nil {
				t.Errorf("%s on %s: %v", e.ID, r.Spec.Meta().Name, err)
			}
		}
		if err := stalePending(e); err != nil {
			t.Error(err)
		}
	}
	for _, r := range Registry().Extra() {
		if err := r.Claim.Validate(); err != nil {
			t.Errorf("%s on %s: %v", r.Claim.ID, r.Spec.Meta().Name, err)
		}
	}
}

// When ELECTLAB_CLAIMS_CATALOG names the claims catalog's Markdown file,
// the embedded list must name exactly its claims.
func TestCatalogMatchesCLAIMS(t *testing.T) {
	path := os.Getenv("ELECTLAB_CLAIMS_CATALOG")
	if path == "" {
		t.Skip("ELECTLAB_CLAIMS_CATALOG is not set")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("ELECTLAB_CLAIMS_CATALOG: %v", err)
	}
	ids := regexp.MustCompile(`(?m)^\*\*(C-[A-Z0-9-]+) \(`).FindAllStringSubmatch(string(data), -1)
	want := map[string]bool{}
	for _, m := range ids {
		want[m[1]] = true
		if Registry().CatalogEntry(m[1]) == nil {
			t.Errorf("CLAIMS.md has %s, the catalog does not", m[1])
		}
	}
	for _, e := range Catalog {
		if !want[e.ID] {
			t.Errorf("the catalog has %s, CLAIMS.md does not", e.ID)
		}
	}
}

// PartOf finds the catalog claim an "ID.part" registration belongs to,
// the longest matching ID, and nothing for a catalog ID itself or an ID
// that only shares a prefix.
func TestPartOf(t *testing.T) {
	for id, want := range map[string]string{
		"C-FCEABR-13.best":    "C-FCEABR-13",
		"C-HIER-4.ICFCC.time": "C-HIER-4",
		"C-FCEABR-13":         "",
		"C-FCEABR-130":        "",
		"C-NOPE-1.x":          "",
	} {
		got := ""
		if ce := Registry().PartOf(id); ce != nil {
			got = ce.ID
		}
		if got != want {
			t.Errorf("PartOf(%q) = %q, want %q", id, got, want)
		}
	}
}

// repoPath is a file path of the repository named in a Pending text.
var repoPath = regexp.MustCompile(`\b(?:algos|checker|cmd|cli|internal|model)/[\w/]+\.go\b`)

// stalePending reports a Pending text that would mislead if shown: an
// entry registered whole gives the one reason it can still be UNCHECKED
// (registeredPending: its algorithms left out of the registry in use),
// not a reason from before it was modelled; a file it names exists.
func stalePending(e claim.CatalogEntry) error {
	if regs := Registry().ClaimsFor(e.ID); len(regs) > 0 && e.Pending != registeredPending(regs) {
		return fmt.Errorf("%s is registered, but its Pending says %q; want %q", e.ID, e.Pending, registeredPending(regs))
	}
	for _, f := range repoPath.FindAllString(e.Pending, -1) {
		if _, err := os.Stat("../" + f); err != nil { // the test runs in algos/
			return fmt.Errorf("%s: Pending names %s, which does not exist", e.ID, f)
		}
	}
	return nil
}

// The rule can fail: a registered entry whose Pending still says it is
// not modelled, and one naming a file that does not exist, are caught.
func TestStalePendingIsCaught(t *testing.T) {
	for _, e := range []claim.CatalogEntry{
		{ID: "C-RING1-5", Pending: "not modelled yet"},
		{ID: "C-FCEABR-9", Pending: "checked by cmd/electlab/report_reproduce.go"},
	} {
		if err := stalePending(e); err == nil {
			t.Errorf("%s with Pending %q passes", e.ID, e.Pending)
		} else {
			t.Log(err)
		}
	}
}
