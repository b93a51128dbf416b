package algos

import (
	"os"
	"regexp"
	"testing"
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
		for _, r := range ClaimsFor(e.ID) {
			if err := r.Claim.Validate(); err != nil {
				t.Errorf("%s on %s: %v", e.ID, r.Spec.Meta().Name, err)
			}
		}
	}
	for _, r := range Extra() {
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
		if CatalogEntryFor(m[1]) == nil {
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
		if ce := PartOf(id); ce != nil {
			got = ce.ID
		}
		if got != want {
			t.Errorf("PartOf(%q) = %q, want %q", id, got, want)
		}
	}
}
