package ringpoll_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/internal/proptest"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, claim.Entry{Spec: ringpoll.Algorithm, Claims: ringpoll.Claims}, 5, nil, proptest.OneCoordinatorAtEnd)
}
