package lelann_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/internal/proptest"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, claim.Entry{Spec: lelann.Algorithm, Claims: lelann.Claims}, 5, nil, proptest.OneCoordinatorAtEnd)
}
