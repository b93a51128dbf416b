package kabashi_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/checker/proptest"
)

// TestPropClaims runs the behaviour claims' own properties (within the
// paper's assumptions) on every configuration at small sizes, with fresh
// schedules: no golden, no shipped trace.
// Left out: the (claim, setting, reading) triples where the model refutes
// [S4] (the engine reports them): the "wait" reading, early timeouts and
// joins of C-KAB-7, C-KAB-8 with simultaneous detectors, C-KAB-9's
// second-minimum readings and C-KAB-11's physical ring and complete graph.
// Joins are TestPropRecovery's.
func TestPropClaims(t *testing.T) {
	proptest.Each(t, proptest.ClaimTargets(kabashi.Algorithm, 5, func(claim, setting, variant string) bool {
		switch {
		case strings.Contains(variant, "wait"), strings.Contains(setting, "early"), strings.Contains(setting, "join"):
			return true
		case claim == "C-KAB-9" || strings.HasPrefix(claim, "C-KAB-11"):
			return true
		case claim == "C-KAB-8" && strings.Contains(setting, "two or more"):
			return true
		}
		return false
	}))
}

// TestPropRecovery: processes that recover or join converge on the best
// live id at quiescence (proptest.RecoveryTargets).
// Recovery is left out: the model shows live processes ending on different
// coordinators when the crashed minimum recovers during the election ([S4]
// states joins, C-KAB-2/C-KAB-10, not recoveries).
func TestPropRecovery(t *testing.T) {
	proptest.Each(t, proptest.Only(proptest.RecoveryTargets(kabashi.Algorithm, "", 3, 5), "join"))
}
