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

// When the claims catalog is beside the project, the embedded list must
// name exactly its claims.
func TestCatalogMatchesCLAIMS(t *testing.T) {
	data, err := os.ReadFile("../../shared/claims/CLAIMS.md")
	if err != nil {
		t.Skip("../shared/claims/CLAIMS.md is not beside the project")
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
