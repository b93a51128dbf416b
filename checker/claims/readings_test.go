package claims_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/checker/claims"
)

// fceabr8 is claim id of fceabr at the sizes given, the default terminal
// rule only, few cases.
func fceabr8(t *testing.T, id string, sizes ...int) (*claims.Engine, *claim.Claim) {
	t.Helper()
	c := *claim.Entry{Spec: fceabr.Algorithm, Claims: fceabr.Claims}.Claim(id)
	c.Sizes, c.NMin, c.NMax = sizes, sizes[0], sizes[len(sizes)-1]
	c.Variants = []string{"r1"}
	e := claims.DefaultEngine()
	e.Cases = 10
	return e, &c
}

// A claim that is the tool's own hypothesis (claim.Claim.Hypothesis) is
// INCONSISTENT when its checks pass, never HOLDS: C-FCEABR-8.ring-column
// (the column labelled "Ring" holds FCEABR's SElection count) at NPBCC =
// 50; the same checks without the mark give HOLDS, so the rule is what
// turns it.
func TestHypothesisIsNeverHolds(t *testing.T) {
	e, c := fceabr8(t, "C-FCEABR-8.ring-column", 50)
	r := e.CheckClaim(fceabr.Algorithm, c)
	if r.Verdict != claims.Inconsistent || !strings.Contains(r.Summary, "contradicts itself") {
		t.Errorf("the hypothesis: %s (%s), want INCONSISTENT", r.Verdict, r.Summary)
	}
	c.Hypothesis = ""
	if r := e.CheckClaim(fceabr.Algorithm, c); r.Verdict != claims.Holds {
		t.Errorf("unmarked: %s (%s), want HOLDS", r.Verdict, r.Summary)
	}
}

// One sentence with two readings (claim.Claim.Readings) is AMBIGUOUS when
// they disagree: C-FCEABR-8.half holds when "the number of messages
// exchanged" counts the inform phase only and is refuted when it counts
// every message; either reading alone gives its own verdict.
func TestSentenceReadingsThatDisagreeAreAmbiguous(t *testing.T) {
	e, c := fceabr8(t, "C-FCEABR-8.half", 5, 6)
	r := e.CheckClaim(fceabr.Algorithm, c)
	if r.Verdict != claims.Ambiguous {
		t.Fatalf("both readings: %s (%s), want AMBIGUOUS", r.Verdict, r.Summary)
	}
	t.Log(r.Summary)
	readings := c.Readings
	for k, want := range []claims.Verdict{claims.Refuted, claims.Holds} {
		c.Readings = readings[k : k+1]
		if r := e.CheckClaim(fceabr.Algorithm, c); r.Verdict != want {
			t.Errorf("the sentence read as %s alone: %s, want %s (%s)", readings[k].Name, r.Verdict, want, r.Summary)
		}
	}
}

// A composition's variant names every reading it inherits (25 for the
// hierarchy): its counterexample's file name stays under the file system's
// 255 bytes and two readings that differ at the end keep distinct names.
func TestCounterexampleFileNameIsBounded(t *testing.T) {
	long := strings.Repeat("own-back-terminal,", 20)
	a := claims.CounterexampleFile("C-HIER-8.eq2", "hierarchical", long+"true-top", 0)
	b := claims.CounterexampleFile("C-HIER-8.eq2", "hierarchical", long+"informer-slot", 0)
	if len(a) > 255 || len(b) > 255 || a == b {
		t.Errorf("names %q (%d bytes) and %q (%d bytes)", a, len(a), b, len(b))
	}
	if got := claims.CounterexampleFile("C-X", "algo", "r1,swallow", 1); got != "C-X-algo-r1_swallow-2.json" {
		t.Errorf("a short reading: %q", got)
	}
}
