package claim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/electlab/electlab/model"
)

// UncheckedReadings lists the inherited readings of in (InheritedReadings)
// that claim c is checked under by none of its variants
// (Claim.CheckedVariants) and does not declare (Claim.FixedReadings,
// Claim.MootReadings): a verdict "under every reading" of the composition
// would rest on a reading fixed inside the model. A table claim (the paper
// against itself) and a claim not modelled run no model: none. A variant
// that does not parse covers nothing.
func UncheckedReadings(in *model.Info, c *Claim) []model.InheritedReading {
	if c.Kind == Table || c.NotModelled != "" {
		return nil
	}
	covered := map[model.InheritedReading]bool{}
	for _, s := range c.CheckedVariants() {
		v, err := in.ParseVariant(s)
		if err != nil {
			continue
		}
		for i := range in.Ambiguities {
			a := &in.Ambiguities[i]
			covered[model.InheritedReading{Ambiguity: a.ID, Reading: a.Readings[v[i]]}] = true
		}
	}
	var out []model.InheritedReading
	for _, r := range in.InheritedReadings() {
		if !covered[r] && c.declaredReading(r) == nil {
			out = append(out, r)
		}
	}
	return out
}

// declaredReading returns c's declaration (FixedReadings, then
// MootReadings) of inherited reading r, or nil: one named by the
// reading's name or by its ambiguity's ID (every reading of it).
func (c *Claim) declaredReading(r model.InheritedReading) *ClaimPart {
	for _, ps := range [][]ClaimPart{c.FixedReadings, c.MootReadings} {
		for i := range ps {
			if ps[i].Name == r.Ambiguity || ps[i].Name == r.Reading {
				return &ps[i]
			}
		}
	}
	return nil
}

// ReadingDeclarationProblems lists claim c's declarations of inherited
// readings (FixedReadings, MootReadings) that name no inherited reading
// of in (neither a reading's name nor an inherited ambiguity's ID), or
// name a reading that a variant of c checks.
func ReadingDeclarationProblems(in *model.Info, c *Claim) []error {
	var out []error
	inherited := in.InheritedReadings()
	for _, ps := range [][]ClaimPart{c.FixedReadings, c.MootReadings} {
		for _, p := range ps {
			named := slices.IndexFunc(inherited, func(r model.InheritedReading) bool { return p.Name == r.Ambiguity || p.Name == r.Reading }) >= 0
			switch {
			case !named:
				out = append(out, fmt.Errorf("%s: %s declares %q, which is no reading %s inherits from its parts", in.Name, c.ID, p.Name, in.Name))
			case p.Why == "":
				out = append(out, fmt.Errorf("%s: %s declares %q without a reason", in.Name, c.ID, p.Name))
			case checksReading(in, c, p.Name):
				out = append(out, fmt.Errorf("%s: %s declares the reading %q, which a variant of it checks", in.Name, c.ID, p.Name))
			}
		}
	}
	return out
}

// checksReading reports whether some checked variant of c has the reading
// named name.
func checksReading(in *model.Info, c *Claim, name string) bool {
	for _, s := range c.CheckedVariants() {
		v, err := in.ParseVariant(s)
		if err != nil {
			continue
		}
		for i := range in.Ambiguities {
			if in.Ambiguities[i].Readings[v[i]] == name {
				return true
			}
		}
	}
	return false
}

// CoverReadings extends claim c's variants so that every inherited
// reading of in that c neither checks nor declares (UncheckedReadings) is
// checked: for each, one variant, c's first variant with that reading in
// place of its ambiguity's (a reading checked on its own, the others as
// in that variant). A composition applies it to its claims, so that a
// claim of it is checked under every reading its parts leave open unless
// it says why not.
func CoverReadings(in *model.Info, c *Claim) {
	u := UncheckedReadings(in, c)
	if len(u) == 0 {
		return
	}
	vs := []string{"default"}
	if len(c.Variants) > 0 {
		vs = slices.Clone(c.Variants)
	}
	var base []string
	if vs[0] != "" && vs[0] != "default" {
		base = strings.Split(vs[0], ",")
	}
	for _, r := range u {
		a := in.FindAmbiguity(r.Ambiguity)
		v := slices.DeleteFunc(slices.Clone(base), func(tok string) bool { return slices.Contains(a.Readings, strings.TrimSpace(tok)) })
		vs = append(vs, strings.Join(append(v, r.Reading), ","))
	}
	c.Variants = vs
}
