package fceabob_test

import (
	"testing"

	"electlab/algos/fceabob"
	"electlab/checker/proptest"
)

// TestPropClaims runs the behaviour claims' own properties (within the
// paper's assumptions) on every configuration at small sizes, with fresh
// schedules: no golden, no shipped trace.
// Left out: the (claim, setting, reading) triples where the model refutes
// [S3]'s FCEABOB (the engine reports them): C-FCEABOB-1.group,
// C-FCEABOB-5 (Fig. 5) and C-FCEABOB-2.term under k2,cumulative.
func TestPropClaims(t *testing.T) {
	proptest.Each(t, proptest.ClaimTargets(fceabob.Algorithm, 5, func(claim, setting, variant string) bool {
		switch claim {
		case "C-FCEABOB-1.group", "C-FCEABOB-5":
			return true
		case "C-FCEABOB-2.term":
			return variant == "k2,cumulative"
		}
		return false
	}))
}
