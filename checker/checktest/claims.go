package checktest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// ClaimChecks builds the checks of an algorithm's own claims (those its
// registry entry holds, claim.Claim values), for Target.Checks: the generic
// properties of every Behaviour claim, their end-of-run checks (Custom)
// and invariants (Invariant), and the Bound claim's message bound, each
// as the claims engine checks it on one execution. With no ids it takes
// every Behaviour and Bound claim of a; Growth and Table claims speak
// of many executions or of the paper's numbers, not of one execution, and
// are left out. With ids it takes exactly those claims, which must exist
// and be Behaviour or Bound claims.
//
// checker.Checks holds one bound: more than one Bound claim among those
// taken is an error (name one with ids, or check the others with
// Target.Bound). A violation is named by its property ("safety",
// "custom", "bound", ...), not by the claim.
func ClaimChecks(a claim.Entry, ids ...string) (checker.Checks, error) {
	if a.Spec == nil {
		return checker.Checks{}, fmt.Errorf("checktest.ClaimChecks: nil spec")
	}
	info := a.Meta()
	var claims []*claim.Claim
	if len(ids) == 0 {
		for i := range a.Claims {
			if k := a.Claims[i].Kind; k == claim.Behaviour || k == claim.Bound {
				claims = append(claims, &a.Claims[i])
			}
		}
		if len(claims) == 0 {
			return checker.Checks{}, fmt.Errorf("checktest.ClaimChecks: %s declares no Behaviour or Bound claim", info.Name)
		}
	}
	for _, id := range ids {
		c := a.Claim(id)
		switch {
		case c == nil:
			return checker.Checks{}, fmt.Errorf("checktest.ClaimChecks: %s has no claim %q (it has %s)", info.Name, id, claimIDs(a))
		case c.Kind != claim.Behaviour && c.Kind != claim.Bound:
			return checker.Checks{}, fmt.Errorf("checktest.ClaimChecks: claim %s of %s is a %s claim, not checked on one execution (want behaviour or bound)", id, info.Name, c.Kind)
		}
		claims = append(claims, c)
	}
	var ch checker.Checks
	var customs, invariants []func(model.System) error
	var boundClaim *claim.Claim
	for _, c := range claims {
		if c.Kind == claim.Bound {
			if boundClaim != nil && boundClaim != c {
				return checker.Checks{}, fmt.Errorf("checktest.ClaimChecks: %s: two Bound claims (%s, %s); checker.Checks holds one: name the claims to take", info.Name, boundClaim.ID, c.ID)
			}
			boundClaim = c
			ch.Bound = checker.ClaimBound(c)
		}
		ch.Props |= c.Props
		if c.Custom != nil {
			customs = append(customs, c.Custom)
		}
		if c.Invariant != nil {
			invariants = append(invariants, c.Invariant)
		}
	}
	ch.Custom = allChecks(customs)
	ch.Invariant = allChecks(invariants)
	return ch, nil
}

// allChecks is nil, the one check, or every check in order: the first
// error that is not claim.ErrNotApplicable (one claim's check that does not
// apply to an execution does not stop the others').
func allChecks(fs []func(model.System) error) func(model.System) error {
	switch len(fs) {
	case 0:
		return nil
	case 1:
		return fs[0]
	}
	return func(s model.System) error {
		for _, f := range fs {
			if err := f(s); err != nil && !errors.Is(err, claim.ErrNotApplicable) {
				return err
			}
		}
		return nil
	}
}

func claimIDs(a claim.Entry) string {
	if len(a.Claims) == 0 {
		return "none"
	}
	ids := make([]string, len(a.Claims))
	for i := range a.Claims {
		ids[i] = a.Claims[i].ID
	}
	return strings.Join(ids, ", ")
}
