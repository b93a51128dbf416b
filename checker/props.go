// Package checker holds electlab's properties, schedule drivers and the
// configuration generators the claim engine (checker/claims) draws from.
// A property is a plain function of a World returning an error, so tests,
// fuzz targets and the CLI all call the same code.
package checker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/claim/electcheck"
	"github.com/electlab/electlab/model"
)

// Property names, as reported in violations and traces.
const (
	PropSafety      = "single-coordinator"
	PropAgreement   = "agreement"
	PropValidity    = "validity"
	PropTermination = "termination"
	PropModel       = "model"
	PropBound       = "bound"
	PropCustom      = "claim"
)

// genericProps are the generic properties by the names violations use.
var genericProps = []struct {
	name string
	prop model.Property
}{{PropSafety, model.Safety}, {PropAgreement, model.Agreement}, {PropValidity, model.Validity}, {PropTermination, model.Termination}}

// AllProps is every generic property: what a search checks by default.
const AllProps = model.Safety | model.Agreement | model.Validity | model.Termination

// ParseProps parses a comma-separated list of generic properties by their
// violation names (single-coordinator, agreement, validity, termination),
// or "all".
func ParseProps(s string) (model.Property, error) {
	if s == "all" {
		return AllProps, nil
	}
	var p model.Property
	for _, name := range strings.Split(s, ",") {
		k := slices.IndexFunc(genericProps, func(g struct {
			name string
			prop model.Property
		}) bool {
			return g.name == strings.TrimSpace(name)
		})
		if k < 0 {
			return 0, fmt.Errorf("unknown property %q: want all, or a comma-separated list of %s, %s, %s, %s", name, PropSafety, PropAgreement, PropValidity, PropTermination)
		}
		p |= genericProps[k].prop
	}
	return p, nil
}

// FormatProps names the generic properties of p, comma-separated, in
// ParseProps's order ("all" for every one, "none" for none).
func FormatProps(p model.Property) string {
	if p&AllProps == AllProps {
		return "all"
	}
	if p&AllProps == 0 {
		return "none"
	}
	var names []string
	for _, g := range genericProps {
		if p&g.prop != 0 {
			names = append(names, g.name)
		}
	}
	return strings.Join(names, ",")
}

// SingleCoordinator checks that at most one live process acts as
// coordinator in s, right now.
func SingleCoordinator(s model.Snapshot) error {
	if w, ok := s.(interface {
		TwoCoordinators() (a, b model.ID, two bool)
	}); ok {
		// The World scans its own slices (model.World.TwoCoordinators):
		// the same answer without two interface calls per process.
		if a, b, two := w.TwoCoordinators(); two {
			return fmt.Errorf("processes %d and %d both act as coordinator", a, b)
		}
		return nil
	}
	first := model.None
	for i := range s.N() {
		if s.Status(i) == model.Live && s.View(i).Coordinator {
			id := s.Topo().Order[i]
			if first != model.None {
				return fmt.Errorf("processes %d and %d both act as coordinator", first, id)
			}
			first = id
		}
	}
	return nil
}

// Agreement checks that every live process holds the same leader and that
// it is not None. It is meant for quiescent worlds. It is
// electcheck.Agreement, kept here beside the other properties.
func Agreement(s model.Snapshot) error { return electcheck.Agreement(s) }

// Validity checks that the leader held by live processes is live and is the
// highest live id (the lowest for MinID algorithms); it is
// electcheck.Validity.
func Validity(s model.Snapshot) error { return electcheck.Validity(s) }

// NoModelFaults checks that the algorithm never asked the model for
// something impossible (a send to a non-member or to itself).
func NoModelFaults(s model.System) error {
	if f := s.Faults(); len(f) > 0 {
		return fmt.Errorf("%s", f[0])
	}
	return nil
}

// MeasuredTime is the Time quantity of s: the largest hop clock at which a
// live process last changed its leader (-1 when none ever learned one),
// as model.MeasuredTime computes it.
func MeasuredTime(s model.System) int64 { return model.MeasuredTime(s) }

// Measure returns the quantity a bound claim measures on s: the claim's
// own Measure when it has one, else the generic quantity.
func Measure(c *claim.Claim, s model.System) int64 {
	v, _ := MeasureOK(c, s)
	return v
}

// MeasureOK is Measure, with false when the claim's own Measure finds
// nothing to measure in s (the bound is then not checked on s).
func MeasureOK(c *claim.Claim, s model.System) (int64, bool) {
	if c.Measure != nil {
		return c.Measure(s)
	}
	if c.Quantity == claim.Time {
		return MeasuredTime(s), true
	}
	return s.Counts().Count(c.Accounting), true
}

// ParamsOf returns the formula parameters of the execution that starts at
// s0 (the initial world).
func ParamsOf(s0 model.System) claim.Params {
	p := claim.Params{N: s0.N()}
	cfg := s0.Config()
	for i := range s0.N() {
		if s0.Status(i) == model.Live {
			p.Live++
		}
	}
	p.Initiators = len(cfg.Initiators)
	if p.Initiators == 0 {
		p.Initiators = p.Live
		for i := range s0.N() {
			if s0.Status(i) == model.Live {
				p.Detectors = append(p.Detectors, s0.Topo().Order[i])
			}
		}
	} else {
		p.Detectors = append([]model.ID(nil), cfg.Initiators...)
	}
	if vs, ok := s0.(interface{ Variant() []uint8 }); ok {
		// Parsed when the World was built (model.World.Variant).
		p.Variant = slices.Clone(vs.Variant())
	} else if v, err := s0.Info().ParseVariant(cfg.Variant); err == nil {
		p.Variant = v
	}
	return p
}

// CheckBound checks a Bound claim on the finished execution whose initial
// world is s0 and final world is s.
func CheckBound(c *claim.Claim, s0, s model.System) error {
	return checkBound(c, ParamsOf(s0), s)
}

func checkBound(c *claim.Claim, p claim.Params, s model.System) error {
	if c.Formula == nil {
		return nil // a stability claim (claim.Claim.Stable): judged across executions
	}
	claimed := c.Formula(p)
	got, ok := MeasureOK(c, s)
	if !ok {
		return nil
	}
	if !c.Relation.Holds(got, claimed) {
		return fmt.Errorf("%s %s = %d, claimed %s %s = %s (n=%d, live=%d, initiators=%d)",
			c.Accounting, c.Quantity, got, c.Relation, c.FormulaText, claimed, p.N, p.Live, p.Initiators)
	}
	return nil
}
