package kabashi_test

import (
	"testing"

	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/checker/proptest"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
// Left out: the (claim, setting, reading) triples where the model refutes
// [S4] (the engine reports them): the "wait" reading, early timeouts and
// joins of C-KAB-7, C-KAB-8 with simultaneous detectors, C-KAB-9's
// second-minimum readings and C-KAB-11's physical ring and complete graph.
// Joins are TestPropRecovery's.
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, kabashi.Algorithm, 5, []proptest.Skip{
		{Variant: "*wait*"}, {Setting: "*early*"}, {Setting: "*join*"},
		{Claim: "C-KAB-9"}, {Claim: "C-KAB-11*"},
		{Claim: "C-KAB-8", Setting: "*two or more*"},
	})
}

// TestPropRecovery: processes that recover or join converge on the best
// live id at quiescence (proptest.RecoveryTargets).
// Recovery is left out: the model shows live processes ending on different
// coordinators when the crashed minimum recovers during the election ([S4]
// states joins, C-KAB-2/C-KAB-10, not recoveries).
func TestPropRecovery(t *testing.T) {
	proptest.Each(t, proptest.Only(proptest.RecoveryTargets(kabashi.Algorithm, "", 3, 5), "join"))
}
