package algos

import (
	"testing"

	"github.com/electlab/electlab/algos/franklin"
)

// No registered bound is looser than its sentence: a bound whose sentence
// calls its number a worst or best case is checked as attained (Tight), or
// says why not (model.Claim.LooseExtreme).
func TestNoLooseExtremes(t *testing.T) {
	for spec, c := range Claims() {
		if err := c.LooseExtreme(); err != nil {
			t.Errorf("%s: %v", spec.Meta().Name, err)
		}
	}
}

// The rule can fail: FRANKLIN-4 ("2N*floor(lg N) + 3N messages in the
// worst case") registered as a plain upper bound, as it once was with a
// looser formula, is caught.
func TestLooseExtremeIsCaught(t *testing.T) {
	c := *franklin.Algorithm.Info.Claim("FRANKLIN-4")
	if err := c.LooseExtreme(); err != nil {
		t.Fatalf("the registered FRANKLIN-4: %v", err)
	}
	c.Tight = false
	if err := c.LooseExtreme(); err == nil {
		t.Errorf("FRANKLIN-4 without Tight passes the rule")
	} else {
		t.Log(err)
	}
	c.NotTight = "a reason"
	if err := c.LooseExtreme(); err != nil {
		t.Errorf("FRANKLIN-4 with a NotTight reason: %v", err)
	}
}
