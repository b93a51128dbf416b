package claims

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"
)

// The inherited-readings rule on a verdict: a claim that holds under the
// readings checked, with an inherited reading declared fixed, is PARTIAL
// and names it; with one declared moot it holds, names it, and does not
// say "under every reading"; a refutation stands either way.
func TestInheritedReadingsVerdict(t *testing.T) {
	holds := "holds in every setting within the paper's assumptions" + readingsNote([]string{"a", "b"}, true)
	if !strings.Contains(holds, everyReading) {
		t.Fatalf("readingsNote no longer says %q: %s", everyReading, holds)
	}
	fixed := claim.ClaimPart{Name: "informer-slot", Why: "a fixed reason"}
	moot := claim.ClaimPart{Name: "AMB-FCEABR-11", Why: "a moot reason"}
	for _, tc := range []struct {
		name    string
		c       claim.Claim
		verdict Verdict
		want    Verdict
		says    []string
	}{
		{"none", claim.Claim{}, Holds, Holds, []string{everyReading}},
		{"fixed", claim.Claim{FixedReadings: []claim.ClaimPart{fixed}}, Holds, Partial, []string{"every reading checked holds", "under every reading checked (", "informer-slot (a fixed reason)"}},
		{"moot", claim.Claim{MootReadings: []claim.ClaimPart{moot}}, Holds, Holds, []string{"under every reading checked (", "AMB-FCEABR-11 (a moot reason)"}},
		{"refuted", claim.Claim{FixedReadings: []claim.ClaimPart{fixed}}, Refuted, Refuted, []string{"informer-slot (a fixed reason)"}},
	} {
		v, s := inheritedReadings(&tc.c, tc.verdict, holds)
		if v != tc.want {
			t.Errorf("%s: %s, want %s (%s)", tc.name, v, tc.want, s)
		}
		for _, w := range tc.says {
			if !strings.Contains(s, w) {
				t.Errorf("%s: %q does not say %q", tc.name, s, w)
			}
		}
		if tc.name != "none" && strings.Contains(s, everyReading) {
			t.Errorf("%s: %q still says %q", tc.name, s, everyReading)
		}
	}
}
