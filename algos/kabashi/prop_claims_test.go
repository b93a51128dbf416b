package kabashi_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/internal/proptest"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
// Left out: exactly the (claim, setting, reading) rows where the model
// refutes [S4] (the engine reports them): C-KAB-7 under the "wait"
// reading, with early timeouts and with joins; C-KAB-8 under "wait" and
// with simultaneous detectors; C-KAB-9 under the second-static and
// second-live readings; C-KAB-10 under join-wait when the coordinator may
// crash at join time; C-KAB-11 and its safety and ring-rt parts, and its
// complete-graph part in async. Recovery and joins are also
// TestPropRecovery's.
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, claim.Entry{Spec: kabashi.Algorithm, Claims: kabashi.Claims}, 5, []proptest.Skip{
		{Claim: "C-KAB-7", Variant: "wait"}, {Claim: "C-KAB-7", Setting: "*early*"}, {Claim: "C-KAB-7", Setting: "*join*"},
		{Claim: "C-KAB-8", Variant: "wait"}, {Claim: "C-KAB-8", Setting: "*two or more*"},
		{Claim: "C-KAB-9", Variant: "second-static"}, {Claim: "C-KAB-9", Variant: "second-live"},
		{Claim: "C-KAB-10", Setting: "*may crash at join time*", Variant: "join-wait"},
		{Claim: "C-KAB-11"}, {Claim: "C-KAB-11.safety"}, {Claim: "C-KAB-11.ring-rt"},
		{Claim: "C-KAB-11.complete", Setting: "*async*"},
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
