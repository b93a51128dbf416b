package model

import (
	"fmt"
	"slices"
)

// Part is an algorithm a composition runs inside it (Info.Parts). A reading
// the part leaves open is open in the composition too: every ambiguity of
// the part is an ambiguity of the composition, with the same ID and every
// reading (its default may differ), so that "under every reading" of a
// composition's claim can range over it. A parameter of the part (a
// PARAM-* ambiguity) may instead be set by a parameter of the composition
// (As), which derives the part's value from its own.
type Part struct {
	// Info is the part's description.
	Info *Info
	// As maps a parameter of the part to the composition's parameter that
	// sets it ("PARAM-K": "PARAM-SCAN").
	As map[string]string
}

// PartProblems lists the ambiguities of in's parts that are not
// ambiguities of in: missing, with readings missing, or a parameter mapped
// (Part.As) to something that is not a parameter of in.
func (in *Info) PartProblems() []error {
	var out []error
	for _, p := range in.Parts {
		for i := range p.Info.Ambiguities {
			a := &p.Info.Ambiguities[i]
			if to, ok := p.As[a.ID]; ok {
				c := in.FindAmbiguity(to)
				if !a.IsParameter() || c == nil || !c.IsParameter() {
					out = append(out, fmt.Errorf("%s: %s's %s is set by %q, which is not a parameter of %s", in.Name, p.Info.Name, a.ID, to, in.Name))
				}
				continue
			}
			c := in.FindAmbiguity(a.ID)
			if c == nil {
				out = append(out, fmt.Errorf("%s: %s's ambiguity %s (%s) is not a reading of the composition", in.Name, p.Info.Name, a.ID, a.Question))
				continue
			}
			for _, r := range a.Readings {
				if !slices.Contains(c.Readings, r) {
					out = append(out, fmt.Errorf("%s: %s's reading %q of %s is not a reading of the composition", in.Name, p.Info.Name, r, a.ID))
				}
			}
		}
	}
	return out
}

// FindAmbiguity returns in's ambiguity with the given ID, or nil.
func (in *Info) FindAmbiguity(id string) *Ambiguity {
	return findAmbiguity(in.Ambiguities, id)
}

func findAmbiguity(as []Ambiguity, id string) *Ambiguity {
	for i := range as {
		if as[i].ID == id {
			return &as[i]
		}
	}
	return nil
}

// Inherit returns the composition's ambiguities own followed by every
// ambiguity of the parts that own does not carry (by ID) and that no
// parameter of the composition sets (Part.As), in part order; defaults
// overrides the default reading (by reading name) of inherited ones, where
// the composition's text or structure favours another.
func Inherit(own []Ambiguity, parts []Part, defaults map[string]string) []Ambiguity {
	out := append([]Ambiguity(nil), own...)
	for _, p := range parts {
		for _, a := range p.Info.Ambiguities {
			if _, set := p.As[a.ID]; set || findAmbiguity(out, a.ID) != nil {
				continue
			}
			if r, ok := defaults[a.ID]; ok {
				if k := slices.Index(a.Readings, r); k >= 0 {
					a.Default = k
				}
			}
			out = append(out, a)
		}
	}
	return out
}

// PartVariant returns the variant of part under the composition's
// variant v (over the composition's ambiguities comp): each of the part's
// ambiguities takes the composition's reading of the same ID (its default
// where v is shorter), the parameters the composition sets (Part.As) the
// part's default, for the composition to fill in.
func PartVariant(comp []Ambiguity, part Part, v []uint8) []uint8 {
	out := make([]uint8, len(part.Info.Ambiguities))
	for i, a := range part.Info.Ambiguities {
		out[i] = uint8(a.Default)
		if _, set := part.As[a.ID]; set {
			continue
		}
		for j := range comp {
			if comp[j].ID != a.ID {
				continue
			}
			r := comp[j].Default
			if j < len(v) {
				r = int(v[j])
			}
			if k := slices.Index(a.Readings, comp[j].Readings[r]); k >= 0 {
				out[i] = uint8(k)
			}
		}
	}
	return out
}

// InheritedReading is one reading of an ambiguity a composition inherits
// from its parts (an ambiguity of a part, by ID, that is an ambiguity of
// the composition and not a parameter).
type InheritedReading struct {
	// Ambiguity is the ambiguity's ID ("AMB-FCEABOB-2"); Reading the
	// reading's name ("informer-slot").
	Ambiguity, Reading string
}

// String renders the reading as "AMB-FCEABOB-2 informer-slot".
func (r InheritedReading) String() string { return r.Ambiguity + " " + r.Reading }

// InheritedReadings lists every reading of every ambiguity in inherits
// from its parts (Info.Parts): the ambiguities of a part that are
// ambiguities of in by the same ID (not the parameters, PARAM-*, whose
// values are not readings of text, nor the ones a parameter of in sets,
// Part.As), each once, in the order of in's ambiguities. It is nil for an
// algorithm with no parts.
func (in *Info) InheritedReadings() []InheritedReading {
	var out []InheritedReading
	for i := range in.Ambiguities {
		a := &in.Ambiguities[i]
		if a.IsParameter() || !in.Inherits(a.ID) {
			continue
		}
		for _, r := range a.Readings {
			out = append(out, InheritedReading{a.ID, r})
		}
	}
	return out
}

// Inherits reports whether some part of in has the ambiguity id, not set
// by a parameter of in.
func (in *Info) Inherits(id string) bool {
	for _, p := range in.Parts {
		if _, set := p.As[id]; set {
			continue
		}
		if findAmbiguity(p.Info.Ambiguities, id) != nil {
			return true
		}
	}
	return false
}
