package algos

import (
	"slices"
	"strings"

	"github.com/electlab/electlab/model"
)

// CatalogEntry is one claim of the catalog.
type CatalogEntry struct {
	// ID is the claim's identifier ("C-RING1-5").
	ID string
	// Title is the catalog's short title.
	Title string
	// Source cites the seed and section.
	Source string
	// Pending says why the claim is UNCHECKED while no algorithm
	// registers it.
	Pending string
}

// Registered is one claim registered by an algorithm.
type Registered struct {
	// Spec is the algorithm; Claim is its claim.
	Spec  model.Spec
	Claim *model.Claim
}

// CatalogEntryFor returns the catalog entry with the given ID, or nil.
func CatalogEntryFor(id string) *CatalogEntry {
	for i := range Catalog {
		if Catalog[i].ID == id {
			return &Catalog[i]
		}
	}
	return nil
}

// ClaimsFor returns every registration of the claim id, in the order of
// All (a claim may be registered by several algorithms, e.g. C-RING1-7).
func ClaimsFor(id string) []Registered {
	var out []Registered
	for _, a := range All {
		info := a.Meta()
		for i := range info.Claims {
			if info.Claims[i].ID == id {
				out = append(out, Registered{a, &info.Claims[i]})
			}
		}
	}
	return out
}

// PartOf returns the catalog entry that id is a part of ("C-FCEABR-13"
// for "C-FCEABR-13.best": a catalog claim checked in parts), the longest
// such entry, or nil.
func PartOf(id string) *CatalogEntry {
	var best *CatalogEntry
	for i := range Catalog {
		c := Catalog[i].ID
		if len(id) > len(c)+1 && id[:len(c)] == c && id[len(c)] == '.' && (best == nil || len(c) > len(best.ID)) {
			best = &Catalog[i]
		}
	}
	return best
}

// Extra returns the registered claims whose IDs are not in the catalog
// (claims found in the seeds beyond it, and the own claims of the
// algorithms beyond the seeds), in the order of All.
func Extra() []Registered {
	var out []Registered
	for _, a := range All {
		info := a.Meta()
		for i := range info.Claims {
			if CatalogEntryFor(info.Claims[i].ID) == nil {
				out = append(out, Registered{a, &info.Claims[i]})
			}
		}
	}
	return out
}

// registeredPending is the Pending text of a catalog entry that regs
// register whole: the reason the report would give if their algorithms
// were left out of the registry in use.
func registeredPending(regs []Registered) string {
	var names []string
	for _, r := range regs {
		if n := r.Spec.Meta().Name; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) == 1 {
		return "registered by " + names[0] + "; unchecked only when the registry in use leaves that algorithm out"
	}
	return "registered by " + strings.Join(names, ", ") + "; unchecked only when the registry in use leaves all of them out"
}
