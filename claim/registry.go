package claim

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/electlab/electlab/model"
)

// Entry is one algorithm of a registry with the claims about it, as its
// package exports them beside the algorithm (lelann.Algorithm and
// lelann.Claims). It is itself a model.Spec.
type Entry struct {
	model.Spec
	// Claims are the claims about the algorithm, as data.
	Claims []Claim
}

// EntryOf returns spec's registry entry: spec itself when it is an Entry
// (an algorithm with its claims), else spec with no claims.
func EntryOf(spec model.Spec) Entry {
	if e, ok := spec.(Entry); ok {
		return e
	}
	return Entry{Spec: spec}
}

// Claim returns the entry's claim with the given ID, or nil.
func (e Entry) Claim(id string) *Claim {
	for i := range e.Claims {
		if e.Claims[i].ID == id {
			return &e.Claims[i]
		}
	}
	return nil
}

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
	Claim *Claim
}

// Registry is what the commands, the claim engine and the report know:
// the algorithms, each with its claims, and the catalog of claims the
// report walks. It is a value, passed to what reads it (algos.Registry is
// electlab's own; With adds a caller's); nothing changes it in place.
type Registry struct {
	// Algorithms are the algorithms, in the order `electlab list` shows
	// them. Their names are unique.
	Algorithms []Entry
	// Catalog lists the catalog's claims, in report order.
	Catalog []CatalogEntry
}

// With returns r with extra appended to its algorithms (r itself is left
// as it is). A nil algorithm, or a name that is empty or that another
// algorithm already has, is an error naming it.
func (r Registry) With(extra ...Entry) (Registry, error) {
	names := map[string]bool{}
	for _, a := range r.Algorithms {
		names[a.Meta().Name] = true
	}
	for i, a := range extra {
		if a.Spec == nil || a.Meta() == nil {
			return r, fmt.Errorf("extra algorithm %d is nil", i+1)
		}
		name := a.Meta().Name
		if name == "" || names[name] {
			return r, fmt.Errorf("extra algorithm %d: name %q is empty or already taken (known: %s)", i+1, name, strings.Join(r.Names(), ", "))
		}
		names[name] = true
	}
	r.Algorithms = append(slices.Clip(r.Algorithms), extra...)
	return r, nil
}

// Lookup returns the algorithm called name, or an error listing the known
// names.
func (r Registry) Lookup(name string) (Entry, error) {
	for _, a := range r.Algorithms {
		if a.Meta().Name == name {
			return a, nil
		}
	}
	return Entry{}, fmt.Errorf("unknown algorithm %q (known: %s)", name, strings.Join(r.Names(), ", "))
}

// Names lists the algorithm names.
func (r Registry) Names() []string {
	names := make([]string, len(r.Algorithms))
	for i, a := range r.Algorithms {
		names[i] = a.Meta().Name
	}
	return names
}

// Specs lists the algorithms without their claims.
func (r Registry) Specs() []model.Spec {
	out := make([]model.Spec, len(r.Algorithms))
	for i, a := range r.Algorithms {
		out[i] = a
	}
	return out
}

// Claims yields every claim of every algorithm with its algorithm, in the
// registry's order and each algorithm's own claim order.
func (r Registry) Claims() iter.Seq2[model.Spec, *Claim] {
	return func(yield func(model.Spec, *Claim) bool) {
		for _, a := range r.Algorithms {
			for i := range a.Claims {
				if !yield(a, &a.Claims[i]) {
					return
				}
			}
		}
	}
}

// ClaimsFor returns every registration of the claim id, in the registry's
// order (a claim may be registered by several algorithms, e.g. C-RING1-7).
func (r Registry) ClaimsFor(id string) []Registered {
	var out []Registered
	for spec, c := range r.Claims() {
		if c.ID == id {
			out = append(out, Registered{spec, c})
		}
	}
	return out
}

// CatalogEntry returns the catalog entry with the given ID, or nil.
func (r Registry) CatalogEntry(id string) *CatalogEntry {
	for i := range r.Catalog {
		if r.Catalog[i].ID == id {
			return &r.Catalog[i]
		}
	}
	return nil
}

// PartOf returns the catalog entry that id is a part of ("C-FCEABR-13"
// for "C-FCEABR-13.best": a catalog claim checked in parts), the longest
// such entry, or nil.
func (r Registry) PartOf(id string) *CatalogEntry {
	var best *CatalogEntry
	for i := range r.Catalog {
		c := r.Catalog[i].ID
		if len(id) > len(c)+1 && id[:len(c)] == c && id[len(c)] == '.' && (best == nil || len(c) > len(best.ID)) {
			best = &r.Catalog[i]
		}
	}
	return best
}

// Extra returns the registered claims whose IDs are not in the catalog
// (claims found in the seeds beyond it, and the own claims of the
// algorithms beyond the seeds), in the registry's order.
func (r Registry) Extra() []Registered {
	var out []Registered
	for spec, c := range r.Claims() {
		if r.CatalogEntry(c.ID) == nil {
			out = append(out, Registered{spec, c})
		}
	}
	return out
}
