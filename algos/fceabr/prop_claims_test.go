package fceabr_test

import (
	"strings"
	"testing"

	"electlab/algos/fceabr"
	"electlab/checker/proptest"
)

// TestPropClaims runs the behaviour claims' own properties (within the
// paper's assumptions) on every configuration at small sizes, with fresh
// schedules: no golden, no shipped trace.
// Left out: the (claim, setting, reading) triples where the model refutes
// [S0] (the engine reports them): C-FCEABR-10 and C-FCEABR-2.bc (after the
// coordinator's crash), C-FCEABR-11 (every reading, over two consecutive instances), C-FCEABR-12
// with joiner candidates, C-FCEABR-2.a beyond one failure.
func TestPropClaims(t *testing.T) {
	proptest.Each(t, proptest.ClaimTargets(fceabr.Algorithm, 5, func(claim, setting, variant string) bool {
		switch claim {
		case "C-FCEABR-10", "C-FCEABR-2.bc":
			return true
		case "C-FCEABR-11":
			// Refuted under every reading once a second instance runs
			// (no-epoch: no terminal; epoch: two terminals disagree).
			return true
		case "C-FCEABR-12":
			return strings.Contains(variant, "joiner-candidate")
		case "C-FCEABR-2.a":
			return strings.HasPrefix(setting, "budget 2")
		}
		return false
	}))
}
