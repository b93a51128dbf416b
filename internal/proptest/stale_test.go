package proptest_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/internal/proptest"
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
	got := proptest.StaleSkips(claim.Entry{Spec: changroberts.Algorithm, Claims: changroberts.Claims}, append(slices.Clone(live), stale...))
	if !slices.Equal(got, stale) {
		t.Errorf("StaleSkips = %+v, want %+v", got, stale)
	}
	if got := proptest.StaleSkips(claim.Entry{Spec: changroberts.Algorithm, Claims: changroberts.Claims}, live); len(got) != 0 {
		t.Errorf("StaleSkips of live rules = %+v, want none", got)
	}
}

// TestUnrefutedSkips: a rule that leaves out a row the claim engine finds
// holding is reported, naming the row and the verdict; a rule that leaves
// out only rows the engine refutes is not.
func TestUnrefutedSkips(t *testing.T) {
	got := proptest.UnrefutedSkips(claim.Entry{Spec: changroberts.Algorithm, Claims: changroberts.Claims}, 5, []proptest.Skip{{Claim: "C-RING1-4", Setting: "async fifo, one initiator", Variant: "swallow"}})
	if len(got) != 1 || !strings.Contains(got[0], "C-RING1-4 async fifo, one initiator") || !strings.Contains(got[0], "HOLDS") {
		t.Errorf("a skipped row that holds: got %q, want one line naming C-RING1-4's row and HOLDS", got)
	}
	if got := proptest.UnrefutedSkips(claim.Entry{Spec: kabashi.Algorithm, Claims: kabashi.Claims}, 5, []proptest.Skip{{Claim: "C-KAB-7", Variant: "wait"}}); len(got) != 0 {
		t.Errorf("skipped rows the engine refutes: got %q, want none", got)
	}
}
