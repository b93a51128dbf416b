package report

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/claims"
)

// TestFittedText: a bound claim's row shows the exact formula of its
// extremes at the consecutive sizes where every schedule was explored,
// says when none fits 7 sizes (every family tried), and shows nothing with fewer than 3 sizes
// or for other claims.
func TestFittedText(t *testing.T) {
	row := func(all int, f func(n int) int64) *claims.Row {
		r := &claims.Row{}
		for n := 3; n <= 9; n++ {
			r.Points = append(r.Points, claims.Point{N: n, Measured: f(n), AllSchedules: n < 3+all})
		}
		return r
	}
	bound := &Entry{Kind: "bound", claim: &claim.Claim{Kind: claim.Bound, Relation: claim.AtMost}}
	lower := &Entry{Kind: "bound", claim: &claim.Claim{Kind: claim.Bound, Relation: claim.AtLeast}}
	for _, c := range []struct {
		e    *Entry
		r    *claims.Row
		want string
	}{
		{bound, row(4, func(n int) int64 { return int64(3*n - 1) }), "fitted max over every schedule = 3n - 1, exact on n=3..6 (fit 3,4, held out 5,6)"},
		{lower, row(7, func(n int) int64 { return int64(n * (n + 3) / 2) }), "fitted min over every schedule = (n^2 + 3n)/2, exact on n=3..9 (fit 3..7, held out 8,9)"},
		{bound, row(7, func(n int) int64 { return int64(1) << n }), "fitted max over every schedule: no formula of the 24 families tried matches every point of n=3..9 exactly"},
		// 6 sizes leave the families of 5 terms untried: no verdict.
		{bound, row(6, func(n int) int64 { return int64(1) << n }), ""},
		{bound, row(2, func(n int) int64 { return int64(n) }), ""},
		{&Entry{Kind: "growth", claim: &claim.Claim{Kind: claim.Growth}}, row(7, func(n int) int64 { return int64(n) }), ""},
	} {
		if got := fittedText(c.e, c.r); got != c.want {
			t.Errorf("fittedText = %q, want %q", got, c.want)
		}
	}
	if got := pointsText(bound, row(4, func(n int) int64 { return int64(3*n - 1) })); !strings.Contains(got, "n=9: 26; fitted max over every schedule = 3n - 1") {
		t.Errorf("pointsText does not carry the fitted formula: %s", got)
	}
}
