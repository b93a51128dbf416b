package checker

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// Counterexample is a violating execution, shrunk.
type Counterexample struct {
	// N is the size it was found at (the smallest size searched first).
	N int `json:"n"`
	// Config and Events replay it.
	Config *model.Config `json:"-"`
	Events []model.Event `json:"-"`
	// Violation is what failed.
	Violation *Violation `json:"violation"`
	// Initial is the initial world (for recording the trace).
	Initial model.System `json:"-"`
	// TracePath is where the trace was written, if it was.
	TracePath string `json:"trace,omitempty"`
}

// ClaimProperty names a violation of claim's checks in a trace:
// "C-RING1-5/bound". With no claim it is the property itself.
func ClaimProperty(claim, prop string) string {
	if claim == "" {
		return prop
	}
	return claim + "/" + prop
}

// ChecksFor returns the checks that reproduce a violation recorded under
// the name prop (see ClaimProperty): the claim's checks when prop names a
// claim of a, the algorithm's own checks otherwise (KindGeneric).
func ChecksFor(a claim.Entry, prop string) (Checks, error) {
	id, _, ok := strings.Cut(prop, "/")
	if !ok {
		return KindGeneric(a.Meta(), prop), nil
	}
	c := a.Claim(id)
	if c == nil {
		return Checks{}, fmt.Errorf("the violation names claim %q, which algorithm %s does not have", id, a.Meta().Name)
	}
	return ChecksOf(c), nil
}

// KindGeneric are the checks a trace of info's algorithm recorded outside
// a claim is replayed under: the generic properties that fit its kind
// (model.Info.RunProps), the recorded property when it is a generic one
// (a test may check more than fits: it is replayed as it was found), and
// the algorithm's own invariant (model.Info.Invariant). recorded is the
// violation's property name ("" when the trace records none).
func KindGeneric(info *model.Info, recorded string) Checks {
	c := Checks{Props: info.RunProps(), Invariant: info.Invariant}
	for _, g := range genericProps {
		if g.name == recorded {
			c.Props |= g.prop
		}
	}
	return c
}

// SameViolation reports whether a recorded violation (property name as
// ClaimProperty writes it, and step) matches a re-checked one.
func SameViolation(recordedProp string, recordedStep int, got *Violation) bool {
	prop := recordedProp
	if _, p, ok := strings.Cut(prop, "/"); ok {
		prop = p
	}
	return got != nil && prop == got.Property && recordedStep == got.Step
}
