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
// claim of a, the generic properties otherwise.
func ChecksFor(a claim.Entry, prop string) (Checks, error) {
	Generic := Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	id, _, ok := strings.Cut(prop, "/")
	if !ok {
		return Generic, nil
	}
	c := a.Claim(id)
	if c == nil {
		return Checks{}, fmt.Errorf("the violation names claim %q, which algorithm %s does not have", id, a.Meta().Name)
	}
	return ChecksOf(c), nil
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
