package hsring

import (
	"testing"

	"github.com/electlab/electlab/checker/checktest"
)

// TestInteraction runs the interaction files under testdata/interaction:
// worlds of hsring, events applied by name and what each one did
// (checktest.Interaction's doc describes the commands). go test -run
// TestInteraction -rewrite writes the outputs afresh.
func TestInteraction(t *testing.T) {
	checktest.Interaction(t, "testdata/interaction", Algorithm)
}
