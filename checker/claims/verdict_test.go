package claims

import "testing"

// TestWorst: a part refuted decides over an inconsistent, ambiguous,
// unchecked or partial one, and so on down to HOLDS; no part gives "".
func TestWorst(t *testing.T) {
	for _, tc := range []struct {
		in   []Verdict
		want Verdict
	}{
		{nil, ""},
		{[]Verdict{Holds}, Holds},
		{[]Verdict{Holds, Partial}, Partial},
		{[]Verdict{Partial, Unchecked, Holds}, Unchecked},
		{[]Verdict{Unchecked, Ambiguous}, Ambiguous},
		{[]Verdict{Ambiguous, Inconsistent, Holds}, Inconsistent},
		{[]Verdict{Holds, Refuted, Inconsistent}, Refuted},
	} {
		if got := Worst(tc.in...); got != tc.want {
			t.Errorf("Worst(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
