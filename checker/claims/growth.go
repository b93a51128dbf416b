package claims

import (
	"fmt"
	"math"
	"strings"

	"github.com/electlab/electlab/claim"
)

// upperHalf keeps the points of the larger half of the sizes, where
// lower-order terms weigh least in a growth fit.
func upperHalf(ps []Point) []Point {
	if len(ps) < 4 {
		return ps
	}
	mid := (ps[0].N + ps[len(ps)-1].N) / 2
	for i, p := range ps {
		if p.N >= mid {
			return ps[i:]
		}
	}
	return ps
}

// FitExponent fits log(v/(log n)^logOrder) = a + k·log(n) by least
// squares, v being each point's statistic (Mean when set, else Measured),
// and returns k (NaN with fewer than two usable points).
func FitExponent(ps []Point, logOrder int) float64 {
	var sx, sy, sxx, sxy, m float64
	for _, p := range ps {
		v := float64(p.Measured)
		if p.Mean != 0 {
			v = p.Mean
		}
		if v <= 0 || p.N < 2 {
			continue
		}
		x, y := math.Log(float64(p.N)), math.Log(v)-float64(logOrder)*math.Log(math.Log(float64(p.N)))
		sx, sy, sxx, sxy, m = sx+x, sy+y, sxx+x*x, sxy+x*y, m+1
	}
	if m < 2 {
		return math.NaN()
	}
	return (m*sxy - sx*sy) / (m*sxx - sx*sx)
}

// GrowthTolerance is how far a Growth claim's fitted exponent may be from
// its claimed Order over the fitted points ps: 0.3 for a pure power of n;
// with a log factor, the smaller of 0.3 and half the local exponent of
// log n over the same sizes (≈ 1/(2·ln n)), so the fit tells the claimed
// order apart from one log factor more or less (n·log n from n and from
// n·log² n). NaN-free: with fewer than two sizes it is 0.3.
func GrowthTolerance(ps []Point, logOrder int) float64 {
	if logOrder == 0 {
		return 0.3
	}
	var pts []Point
	for _, p := range ps {
		if p.N >= 3 {
			// The local exponent of log n is fitted as a power of n:
			// measured = log n, divided by (log n)^0.
			pts = append(pts, Point{N: p.N, Mean: math.Log(float64(p.N))})
		}
	}
	k := FitExponent(pts, 0)
	if math.IsNaN(k) || k/2 > 0.3 {
		return 0.3
	}
	return k / 2
}

// SamplerDistribution names the distribution the random configurations of
// setting st are drawn from (checker.RandomCase), which a mean averages over.
func SamplerDistribution(st *claim.Setting) string {
	s := "uniformly random id arrangements; "
	switch st.Initiators {
	case claim.OneInitiator:
		s += "one uniformly random live detector"
	case claim.ManyInitiators:
		s += "FPN uniform in 2..(live processes), then a uniformly random detector set of that size"
	case claim.AnyInitiators:
		s += "FPN uniform in 1..(live processes), then a uniformly random detector set of that size (not a uniformly random detector set, which would weigh FPN near n/2)"
	default:
		s += "the detector set the setting fixes (" + st.Initiators.String() + ")"
	}
	if st.MaxDead > 0 {
		s += fmt.Sprintf("; a dead set of uniformly random size 0..%d", st.MaxDead)
	}
	return s
}

func pointSizes(ps []Point) string {
	ns := make([]int, len(ps))
	for i, p := range ps {
		ns[i] = p.N
	}
	if len(ns) == 0 {
		return "none"
	}
	return sizes(ns)
}

func sizes(ns []int) string {
	switch len(ns) {
	case 0:
		return "none"
	case 1:
		return fmt.Sprint(ns[0])
	}
	contiguous := true
	for i := 1; i < len(ns); i++ {
		if ns[i] != ns[i-1]+1 {
			contiguous = false
		}
	}
	if contiguous {
		return fmt.Sprintf("%d..%d", ns[0], ns[len(ns)-1])
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, ",")
}
