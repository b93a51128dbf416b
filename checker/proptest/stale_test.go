package proptest_test

import (
	"slices"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker/proptest"
)

// TestStaleSkips: a rule that matches a row is kept; a rule naming a
// claim that does not exist, a setting outside the paper's assumptions (a
// row ClaimTargets never builds) or a reading the claim does not check is
// stale.
func TestStaleSkips(t *testing.T) {
	live := []proptest.Skip{
		{Claim: "C-RING1-4"},
		{Claim: "C-RING1-4", Setting: "*one initiator"},
		{Setting: "*several initiators"},
	}
	stale := []proptest.Skip{
		{Claim: "C-RING1-44"},
		{Claim: "C-RING1-4", Setting: "*outside*"},
		{Claim: "C-RING1-4", Variant: "no-such-reading"},
	}
	got := proptest.StaleSkips(changroberts.Algorithm, append(slices.Clone(live), stale...))
	if !slices.Equal(got, stale) {
		t.Errorf("StaleSkips = %+v, want %+v", got, stale)
	}
	if got := proptest.StaleSkips(changroberts.Algorithm, live); len(got) != 0 {
		t.Errorf("StaleSkips of live rules = %+v, want none", got)
	}
}
