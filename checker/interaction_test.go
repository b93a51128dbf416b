package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker/checktest"
)

// TestInteraction runs the interaction files under testdata/interaction
// (the command language: checktest.Interaction's doc): each builds worlds
// of electlab's algorithms, applies named events and shows their effects,
// in the style of etcd-io/raft's interaction tests.
func TestInteraction(t *testing.T) {
	checktest.Interaction(t, "../testdata/interaction/*.txt", algos.Registry().Specs()...)
}
