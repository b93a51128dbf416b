package enhancedbully_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/enhancedbully"
	"github.com/electlab/electlab/internal/proptest"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
// Left out: C-MA-2's setting where a process joins while the detectors
// elect, where the model refutes the claim (the engine reports it).
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, claim.Entry{Spec: enhancedbully.Algorithm, Claims: enhancedbully.Claims}, 5, []proptest.Skip{{Claim: "C-MA-2", Setting: "*joins while detectors elect*"}})
}

// TestPropRecovery: processes that recover or join converge on the best
// live id at quiescence (proptest.RecoveryTargets).
// Recovery is left out: the model shows live processes ending on different
// coordinators when a crashed process recovers during the election (no
// claim of [S3]'s covers recovery; C-MA-2 covers joins).
func TestPropRecovery(t *testing.T) {
	proptest.Each(t, proptest.Only(proptest.RecoveryTargets(enhancedbully.Algorithm, "", 3, 5), "join"))
}
