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
