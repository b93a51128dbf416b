package peterson_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/peterson"
	"github.com/electlab/electlab/internal/proptest"
)

// TestPropClaims runs the behaviour claims' own properties (within the
// paper's assumptions) on every configuration at small sizes, with fresh
// schedules (FIFO, random, newest-first, oldest-first): no golden, no
// shipped trace.
func TestPropClaims(t *testing.T) {
	proptest.Each(t, proptest.WithCustom(proptest.ClaimTargets(claim.Entry{Spec: peterson.Algorithm, Claims: peterson.Claims}, 5, nil), proptest.OneCoordinatorAtEnd))
}
