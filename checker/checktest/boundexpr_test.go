package checktest_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/checktest"
)

// TestBoundExpr: a formula bound is checked as a Bound function is: the
// toy's textbook worst case n(n+1)/2 holds over every schedule, a bound
// of n messages is caught (and its trace replays with the Target), and a
// malformed one fails the test naming its column before anything runs.
func TestBoundExpr(t *testing.T) {
	tg := toyTarget(toyFixed, t.TempDir())
	tg.NMax = 4
	tg.BoundExpr = "sends <= n*(n+1)/2 and sends[" + strings.ToUpper(toyFixed.Meta().Kinds[0].Name) + "] <= sends"
	checktest.Explore(t, tg)

	tg.NMax = 3
	tg.BoundExpr = "sends <= n"
	rec := &recorder{TB: t}
	checktest.Explore(rec, tg)
	if !strings.Contains(rec.text(), checker.PropBound+" violated") || !strings.Contains(rec.text(), `bound "sends <= n" fails`) {
		t.Fatalf("Explore did not report the formula bound:\n%s", rec.text())
	}
	path := tracePath(t, rec.text(), t.Name())
	tg.Replay(t, path, checktest.StillFails)
	tg.BoundExpr = "sends <= n*(n+1)/2"
	tg.Replay(t, path, checktest.NowPasses)

	for _, bad := range []struct{ expr, want string }{
		{"sends <= n*", "column 12"},
		{"sendz <= n", `column 1: unknown counter "sendz"`},
		{"steps <= n", "the test kit's bound sees the configuration and the message counters only"},
	} {
		tg.BoundExpr = bad.expr
		r := &recorder{TB: t}
		checktest.Explore(r, tg)
		if !r.failed || !strings.Contains(r.text(), bad.want) {
			t.Errorf("BoundExpr %q: %q, want %q", bad.expr, r.text(), bad.want)
		}
	}
}
