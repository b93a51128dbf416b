package proptest

import "testing"

// TestSkipRows pins the patterns of Skip: whole text, prefix, suffix,
// part, and "" for anything; a row is skipped when one rule matches all
// its fields.
func TestSkipRows(t *testing.T) {
	skip := SkipRows(Skip{Claim: "C-X-6*"}, Skip{Claim: "C-X-7", Setting: "*crash*"}, Skip{Variant: "k2,cumulative"}, Skip{Setting: "*, sync"})
	for _, c := range []struct {
		claim, setting, variant string
		want                    bool
	}{
		{"C-X-6", "any", "", true},
		{"C-X-6.a", "any", "", true},
		{"C-X-16", "any", "", false},
		{"C-X-7", "one more crash here", "", true},
		{"C-X-7", "no fault", "", false},
		{"C-X-8", "one more crash here", "", false},
		{"C-X-1", "any", "k2,cumulative", true},
		{"C-X-1", "any", "k2,cumulative-bounded", false},
		{"C-X-1", "recovery, sync", "", true},
		{"C-X-1", "sync, recovery", "", false},
	} {
		if got := skip(c.claim, c.setting, c.variant); got != c.want {
			t.Errorf("skip(%q, %q, %q) = %v, want %v", c.claim, c.setting, c.variant, got, c.want)
		}
	}
}
