package modbully_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/modbully"
	"github.com/electlab/electlab/internal/proptest"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, claim.Entry{Spec: modbully.Algorithm, Claims: modbully.Claims}, 5, nil, proptest.OneCoordinatorAtEnd)
}

// TestPropRecovery: processes that recover or join converge on the best
// live id at quiescence (proptest.RecoveryTargets).
// Async recovery is left out: an informer's Coordinator can arrive after
// the recovered highest process's own (the model shows a process ending
// with the lower one), a race [S3] §II's description does not address.
func TestPropRecovery(t *testing.T) {
	proptest.Each(t, proptest.Only(proptest.RecoveryTargets(modbully.Algorithm, "", 3, 5), "join", "recovery, sync"))
}
