// Package claimstest holds the claim-engine helpers of the algorithm
// packages' tests: a small engine, and the test that every claim holds on
// an algorithm and is refuted on a variant broken for it. It sits above
// the claim engine (checker/claims), so only external test packages
// (package x_test) may import it.
package claimstest

import (
	"testing"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// SmallEngine is the claims engine of the broken-variant tests: the
// default engine with short searches (40 cases, n ≤ 6, exhaustive up to
// 800 executions).
func SmallEngine() *claims.Engine {
	e := claims.DefaultEngine()
	e.Cases, e.MaxN, e.ExhaustiveLimit = 40, 6, 800
	return e
}

// Broken pairs a claim with a variant of the algorithm that breaks it.
type Broken[S any] struct {
	// Claim is the claim's ID.
	Claim string
	// Alg is the broken variant.
	Alg *model.Algorithm[S]
	// Prop, when set, is the property (a checker.Prop* constant, e.g.
	// checker.PropBound) that the refutation's counterexample (the first
	// row's that has one) must violate, so that the variant is caught by
	// the check under test and not by another; "" accepts any refutation
	// (e.g. a growth fit's, which has no single counterexample).
	Prop string
}

// CatchBroken checks, with SmallEngine, that each claim of cases (by ID,
// among cs: alg's claims) holds on alg and on faithful (alg's decision through the broken variants' path)
// and is refuted on its broken variant, by a counterexample of its Prop
// when that is set.
func CatchBroken[S any](t *testing.T, alg, faithful *model.Algorithm[S], cs []claim.Claim, cases []Broken[S]) {
	t.Helper()
	e := SmallEngine()
	for _, tc := range cases {
		c := claim.Entry{Spec: alg, Claims: cs}.Claim(tc.Claim)
		if c == nil {
			t.Fatalf("%s has no claim %s", alg.Info.Name, tc.Claim)
		}
		for _, a := range []*model.Algorithm[S]{alg, faithful, tc.Alg} {
			res := e.CheckClaim(a, c)
			want := claims.Holds
			if a == tc.Alg {
				want = claims.Refuted
			}
			t.Logf("%s: %s (%s)", c.ID, res.Verdict, res.Summary)
			if res.Verdict != want {
				t.Errorf("%s: verdict %s, want %s (%s)", c.ID, res.Verdict, want, res.Summary)
			} else if a == tc.Alg && tc.Prop != "" {
				requireProp(t, c.ID, res, tc.Prop)
			}
		}
	}
}

// requireProp reports an error unless res, claim id's result on a broken
// variant, has a first counterexample (the first row's that has one) that
// violates prop.
func requireProp(t *testing.T, id string, res *claims.ClaimResult, prop string) {
	t.Helper()
	for _, r := range res.Rows {
		if ce := r.Counterexample; ce != nil {
			if ce.Violation.Property != prop {
				t.Errorf("%s on the broken variant: want a counterexample of %s, got %s", id, prop, ce.Violation)
			}
			return
		}
	}
	t.Errorf("%s on the broken variant: want a counterexample of %s, got none", id, prop)
}
