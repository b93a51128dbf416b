package report

import (
	"testing"

	"github.com/electlab/electlab/checker/claims"
)

// none is there; a registered entry is left alone.
func TestJudgeFromParts(t *testing.T) {
	parent := func(id string) Entry {
		return Entry{ID: id, Algorithm: "-", Verdict: claims.Unchecked}
	}
	part := func(id string, v claims.Verdict) Entry { return Entry{ID: id, Algorithm: "a", Verdict: v} }
	got := JudgeFromParts([]Entry{
		parent("C-X-1"), part("C-X-1.a", claims.Holds), part("C-X-1.b", claims.Refuted),
		parent("C-X-2"), part("C-X-2.a", claims.Holds), part("C-X-2.b", claims.Ambiguous),
		parent("C-X-3"), part("C-X-3.a", claims.Holds),
		parent("C-X-4"), part("C-X-40", claims.Refuted), // not a part of C-X-4
	})
	for i, want := range map[int]claims.Verdict{0: claims.Refuted, 3: claims.Ambiguous, 6: claims.Holds, 8: claims.Unchecked} {
		if got[i].Verdict != want {
			t.Errorf("%s: %s (%s), want %s", got[i].ID, got[i].Verdict, got[i].Summary, want)
		}
	}
}
