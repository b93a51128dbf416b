package claims

import "github.com/electlab/electlab/claim"

// Target is one entry the claims report checks: a claim registered by an
// algorithm, or a catalog claim no algorithm registers (reported with
// the catalog's reason, or checked another way by the caller).
type Target struct {
	// Reg is the registered claim and its algorithm (nil for a catalog
	// claim no algorithm registers).
	Reg *claim.Registered
	// Entry is the catalog entry no algorithm registers (nil when Reg is
	// set).
	Entry *claim.CatalogEntry
}

// Walk lists the targets of reg in report order: every catalog claim, in catalog
// order, once per algorithm that registers it (or once, as an
// unregistered Entry, when none does), then the claims found in the
// papers beyond the catalog; filtered by claim ID (the claim and its
// parts, "ID.part" at any depth) and algorithm name ("" = all). An unregistered entry is listed only when no algorithm filter
// is given.
func Walk(reg claim.Registry, claimID, algo string) []Target {
	// A claim's parts ("ID.part") come with it: its verdict is composed
	// from theirs (the composition rule, compose.go).
	wantID := func(id string) bool { return claimID == "" || id == claimID || IsPartOf(id, claimID) }
	want := func(r claim.Registered) bool {
		return wantID(r.Claim.ID) && (algo == "" || r.Spec.Meta().Name == algo)
	}
	var out []Target
	for i := range reg.Catalog {
		ce := &reg.Catalog[i]
		if !wantID(ce.ID) {
			continue
		}
		regs := reg.ClaimsFor(ce.ID)
		for _, r := range regs {
			if want(r) {
				out = append(out, Target{Reg: &r})
			}
		}
		if len(regs) == 0 && algo == "" {
			out = append(out, Target{Entry: ce})
		}
	}
	for _, r := range reg.Extra() {
		if want(r) {
			out = append(out, Target{Reg: &r})
		}
	}
	return out
}

// Label names the target in progress lines: "C-RING1-5, changroberts",
// or the catalog ID of an unregistered entry.
func (t Target) Label() string {
	if t.Reg == nil {
		return t.Entry.ID
	}
	return t.Reg.Claim.ID + ", " + t.Reg.Spec.Meta().Name
}
