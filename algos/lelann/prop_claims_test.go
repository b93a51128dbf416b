package lelann_test

import (
	"testing"

	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/internal/proptest"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, lelann.Algorithm, 5, nil, proptest.OneCoordinatorAtEnd)
}
