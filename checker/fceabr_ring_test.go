package checker_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// Reference: [S0] §II (basic Ring: every detector's packet collects the
// ids, then a Coordinator packet goes round) — the Ring values the FCEABR
// claims C-FCEABR-1.speed and C-FCEABR-1.messages compare with are those of
// algos/ringpoll with every process live (no polls): one detector's last
// process learns the coordinator at hop 2N−1, and FPN simultaneous
// detectors send 2N·FPN messages ("the numbers of packets will be twice
// more", C-FCEABR-13 (b)) with the last process learning no later.
func TestRingValuesOnRingpoll(t *testing.T) {
	for n := 3; n <= 12; n++ {
		ids := make([]model.ID, n)
		for i := range ids {
			ids[i] = model.ID((i+n/2)%n + 1)
		}
		for fpn := 1; fpn <= 2; fpn++ {
			cfg := &model.Config{IDs: ids, Initiators: ids[:fpn], Timing: model.Sync}
			w := modeltest.RunFIFO(t, ringpoll.Algorithm, cfg)
			if got, want := w.Counts().Sends, fceabr.RingMessages(n, fpn); got != want {
				t.Errorf("n=%d fpn=%d: ringpoll sends %d, RingMessages %d", n, fpn, got, want)
			}
			var last int32 = -1
			for i := range w.N() {
				last = max(last, w.LearnHops(i))
			}
			// With a second detector the last process may learn earlier
			// (two announcements), never later.
			if got, want := int64(last), fceabr.RingLatency(n); got > want || (fpn == 1 && got != want) {
				t.Errorf("n=%d fpn=%d: ringpoll latency %d, RingLatency %d", n, fpn, got, want)
			}
		}
	}
}

// TestFCEABR13PartsCanFail: each part of C-FCEABR-13 registered on
// ringpoll holds, and is refuted when its formula or order is made one
// step too strong (so the check is not vacuous on this algorithm).
// Reference: [S0] §II.
func TestFCEABR13PartsCanFail(t *testing.T) {
	e := claims.DefaultEngine()
	e.Cases, e.GrowthCases = 30, 10
	var checked []string
	for _, c := range ringpoll.Claims {
		if !strings.HasPrefix(c.ID, "C-FCEABR-13.") || c.NotModelled != "" || (c.Kind == claim.Growth && c.Stat != claim.StatMax) {
			// The best and average cases are refuted as registered:
			// TestFCEABR13BestAvgRefuteNLogN.
			continue
		}
		c := c
		checked = append(checked, c.ID)
		if res := e.CheckClaim(ringpoll.Algorithm, &c); res.Verdict != claims.Holds {
			t.Errorf("%s: %s (%s)", c.ID, res.Verdict, res.Summary)
		}
		broken := c
		switch c.Kind {
		case claim.Growth:
			broken.Order = 1
		default:
			f := c.Formula
			broken.Formula = func(p claim.Params) claim.Rat { return claim.RatInt(mustInt(f(p)) - 1) }
		}
		if res := e.CheckClaim(ringpoll.Algorithm, &broken); res.Verdict != claims.Refuted {
			t.Errorf("%s made one step too strong: %s, want REFUTED", c.ID, res.Verdict)
		}
	}
	// A renamed or re-kinded part must not leave the loop with less to do.
	if want := []string{"C-FCEABR-13.worst", "C-FCEABR-13.twice", "C-FCEABR-13.speed"}; !slices.Equal(checked, want) {
		t.Errorf("checked the parts %q, want %q", checked, want)
	}
}

func mustInt(r claim.Rat) int64 {
	v, err := strconv.ParseInt(r.String(), 10, 64)
	if err != nil {
		panic(err)
	}
	return v
}

// TestFCEABR13BestAvgRefuteNLogN: the minimum and mean growth fits decide
// C-FCEABR-13's best and average cases. Each holds with the order the
// model shows (best case and one-detector mean n, mean over a uniform FPN
// n²) and is refuted with [S0]'s n·log n and with an order one step off.
// Reference: [S0] §II.
func TestFCEABR13BestAvgRefuteNLogN(t *testing.T) {
	e := claims.DefaultEngine()
	e.Cases, e.GrowthCases = 60, 10
	info := ringpoll.Algorithm.Meta()
	for _, tc := range []struct {
		id     string
		stat   claim.GrowthStat
		order  float64
		wrongs [][2]float64 // {Order, LogOrder} that must be refuted
	}{
		{"C-FCEABR-13.best", claim.StatMin, 1, [][2]float64{{1, 1}, {2, 0}, {1, 2}}},
		{"C-FCEABR-13.avg-fpn1", claim.StatMean, 1, [][2]float64{{1, 1}, {2, 0}}},
		{"C-FCEABR-13.avg", claim.StatMean, 2, [][2]float64{{1, 1}, {1, 0}, {2, 1}}},
	} {
		c := *claimOf(t, info, tc.id)
		if c.Stat != tc.stat {
			t.Fatalf("%s: statistic %s, want %s", c.ID, c.Stat, tc.stat)
		}
		if res := e.CheckClaim(ringpoll.Algorithm, &c); res.Verdict != claims.Refuted {
			t.Errorf("%s as registered (%s): %s, want REFUTED", c.ID, c.OrderText(), res.Verdict)
		}
		right := c
		right.Order, right.LogOrder = tc.order, 0
		if res := e.CheckClaim(ringpoll.Algorithm, &right); res.Verdict != claims.Holds {
			t.Errorf("%s with order %s: %s, want HOLDS (%s)", c.ID, right.OrderText(), res.Verdict, res.Rows[0].FitNote)
		}
		for _, w := range tc.wrongs {
			wrong := c
			wrong.Order, wrong.LogOrder = w[0], int(w[1])
			if res := e.CheckClaim(ringpoll.Algorithm, &wrong); res.Verdict != claims.Refuted {
				t.Errorf("%s with order %s: %s, want REFUTED (%s)", c.ID, wrong.OrderText(), res.Verdict, res.Rows[0].FitNote)
			}
		}
	}
}

// TestGrowthMinimumAndMeanAreTheStatisticsFitted: over the same sampled
// configurations (FPN uniform in 1..n), the minimum, mean and maximum per
// size are the statistics measured (min < mean < max, the mean about
// 2n·(n+1)/2), and the verdict follows the statistic: order n² holds for
// the mean and is refuted for the minimum (one detector's 2n).
// Reference: [S0] §II.
func TestGrowthMinimumAndMeanAreTheStatisticsFitted(t *testing.T) {
	e := claims.DefaultEngine()
	e.Cases, e.GrowthCases = 60, 60
	c := *claimOf(t, ringpoll.Algorithm.Meta(), "C-FCEABR-13.avg")
	c.Order, c.LogOrder = 2, 0
	mean := e.CheckClaim(ringpoll.Algorithm, &c)
	c.Stat = claim.StatMin
	min := e.CheckClaim(ringpoll.Algorithm, &c)
	c.Stat = claim.StatMax
	maxr := e.CheckClaim(ringpoll.Algorithm, &c)
	for i, p := range mean.Rows[0].Points {
		lo, hi := min.Rows[0].Points[i].Measured, maxr.Rows[0].Points[i].Measured
		if !(float64(lo) <= p.Mean && p.Mean <= float64(hi)) || lo >= hi {
			t.Errorf("n=%d: min %d, mean %.1f, max %d: want min < max and the mean between", p.N, lo, p.Mean, hi)
		}
		// FPN uniform in 1..n: the mean count 2n·(n+1)/2 within 25%.
		if want := float64(p.N * (p.N + 1)); math.Abs(p.Mean-want) > want/4 {
			t.Errorf("n=%d: mean %.1f, want about %.0f (2n·E[FPN])", p.N, p.Mean, want)
		}
	}
	// The minimum is one detector's 2n: order 1, refuting the n² the
	// mean holds.
	if min.Verdict != claims.Refuted || mean.Verdict != claims.Holds {
		t.Errorf("order n²: minimum %s, mean %s; want REFUTED, HOLDS", min.Verdict, mean.Verdict)
	}
}

// TestGrowthToleranceSeparatesLogFactors: on exact curves the fit with a
// log factor accepts n·log n and rejects n and n·log² n over the sizes the
// C-FCEABR-13 claims fit. Reference: [S0] §II ("O (n logn)").
func TestGrowthToleranceSeparatesLogFactors(t *testing.T) {
	curve := func(f func(n float64) float64) []claims.Point {
		var ps []claims.Point
		for _, n := range []int{40, 48, 56, 64} {
			ps = append(ps, claims.Point{N: n, Mean: f(float64(n))})
		}
		return ps
	}
	nlogn := curve(func(n float64) float64 { return 3 * n * math.Log(n) })
	lin := curve(func(n float64) float64 { return 3 * n })
	nlog2n := curve(func(n float64) float64 { return 3 * n * math.Log(n) * math.Log(n) })
	tol := claims.GrowthTolerance(nlogn, 1)
	if tol <= 0 || tol >= 0.3 {
		t.Fatalf("tolerance %.3f, want in (0, 0.3)", tol)
	}
	for _, tc := range []struct {
		name string
		ps   []claims.Point
		ok   bool
	}{{"n·log n", nlogn, true}, {"n", lin, false}, {"n·log² n", nlog2n, false}} {
		k := claims.FitExponent(tc.ps, 1)
		if got := math.Abs(k-1) <= tol; got != tc.ok {
			t.Errorf("%s: exponent of measured/log n %.3f, tolerance %.3f: accepted %v, want %v", tc.name, k, tol, got, tc.ok)
		}
	}
	if got := claims.GrowthTolerance(lin, 0); got != 0.3 {
		t.Errorf("tolerance without a log factor %.3f, want 0.3", got)
	}
}
