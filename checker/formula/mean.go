package formula

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Sample is the sampled values of a quantity at one n (one value per
// sampled run).
type Sample struct {
	N      int
	Values []float64
	// Exact, when set, are the same values as exact rationals (Values[i]
	// is Exact[i] rounded): the mean is then taken exactly. Without it,
	// the float values are taken as the exact rationals they are.
	Exact []*big.Rat
}

// MeanPoint is one size of a mean fit.
type MeanPoint struct {
	N       int
	Samples int     // how many values were sampled
	Mean    float64 // their mean
	StdErr  float64 // the standard error of the mean (0 when every value is the same)
	// Exact is the mean as an exact rational; Constant tells that every
	// sampled value was the same.
	Exact    *big.Rat
	Constant bool
	Fitted   float64 // the fitted formula at N
	Lo, Hi   float64 // the 95% confidence band of the fitted mean at N
}

// MeanFitted is a statistical fit of sampled means: not exact, and not a
// proof of anything. Coefficients are least-squares estimates.
type MeanFitted struct {
	Family   []Basis
	Coef     []float64 // one per Family basis
	FitN     []int     // the sizes the coefficients were estimated on
	HeldOutN []int     // the larger sizes that confirmed them
	Points   []MeanPoint
	// Z is the multiple of the standard error within which every mean
	// had to lie (a 95% level shared by all the sizes, Bonferroni).
	Z float64
	// Exact is set when every sampled run at each size gave the same
	// value: the means are then exact, and Exact is Fit's formula of
	// them (Family and Coef are its family and coefficients, Z is 0).
	Exact *Fitted
}

// FitMean fits sampled means, a statistical counterpart of Fit. At each
// size the mean and its standard error are taken from the samples (at
// least 2 per size). Each family of Families in turn, simplest first, is
// fitted by weighted least squares (weights 1/stderr²) on all sizes but
// the HeldOut largest; it is accepted when every mean, fitted and
// held-out alike, lies within Z combined standard errors (of the mean and
// of the fitted value) of the fitted curve, Z making a 95% level shared by
// all the sizes. With few or very noisy samples a simple family is
// accepted because nothing can be told apart: the band says how little
// is known. When no family is accepted the error is a *NoFitError with
// the means as points (rounded to rationals).
func FitMean(samples []Sample, opts FitOptions) (*MeanFitted, error) {
	pts, err := meanPoints(samples)
	if err != nil {
		return nil, err
	}
	held, err := opts.heldOut(len(pts), "sizes")
	if err != nil {
		return nil, err
	}
	if constant(pts) {
		return exactMean(pts, opts)
	}
	nfit := len(pts) - held
	z := math.Sqrt2 * math.Erfinv(1-0.05/float64(len(pts)))
	tried := 0
	for _, fam := range Families() {
		if len(fam) > nfit {
			continue
		}
		tried++
		coef, cov, ok := leastSquares(fam, pts[:nfit])
		if !ok {
			continue
		}
		m := &MeanFitted{Family: fam, Coef: coef, Points: slices.Clone(pts), Z: z}
		accepted := true
		for i := range m.Points {
			p := &m.Points[i]
			x := basisRow(fam, p.N)
			p.Fitted = dot(coef, x)
			sdFit := math.Sqrt(quad(cov, x))
			p.Lo, p.Hi = p.Fitted-1.96*sdFit, p.Fitted+1.96*sdFit
			if math.Abs(p.Fitted-p.Mean) > z*math.Hypot(weightSE(*p), sdFit) {
				accepted = false
			}
			if i < nfit {
				m.FitN = append(m.FitN, p.N)
			} else {
				m.HeldOutN = append(m.HeldOutN, p.N)
			}
		}
		if accepted {
			return m, nil
		}
	}
	var means []Point
	for _, p := range pts {
		means = append(means, Point{N: p.N, Value: p.Exact})
	}
	return nil, noFit(means, tried, nfit, held)
}

// constant tells whether every size's samples are all the same value.
func constant(pts []MeanPoint) bool {
	for _, p := range pts {
		if !p.Constant {
			return false
		}
	}
	return true
}

// exactMean fits means that are exact (every sampled run at each size
// gave the same value) with Fit: exact, no band.
func exactMean(pts []MeanPoint, opts FitOptions) (*MeanFitted, error) {
	var means []Point
	for _, p := range pts {
		means = append(means, Point{N: p.N, Value: p.Exact})
	}
	f, err := Fit(means, opts)
	if err != nil {
		return nil, err
	}
	m := &MeanFitted{Family: f.Family, Points: slices.Clone(pts), FitN: f.FitN, HeldOutN: f.HeldOutN, Exact: f}
	for _, b := range f.Family {
		c := 0.0
		for _, t := range f.Terms {
			if t.Basis == b {
				c, _ = t.Coef.Float64()
			}
		}
		m.Coef = append(m.Coef, c)
	}
	for i := range m.Points {
		p := &m.Points[i]
		p.Fitted, _ = f.Eval(p.N).Float64()
		p.Lo, p.Hi = p.Fitted, p.Fitted
	}
	return m, nil
}

// weightSE is p's standard error as a weight takes it: a floor keeps the
// weights finite when every value is the same (such a size must then be
// matched to rounding).
func weightSE(p MeanPoint) float64 {
	return math.Max(p.StdErr, 1e-9*math.Max(1, math.Abs(p.Mean)))
}

// meanPoints checks the samples and makes the sorted points.
func meanPoints(samples []Sample) ([]MeanPoint, error) {
	var pts []MeanPoint
	for _, s := range samples {
		if s.N < 1 {
			return nil, fmt.Errorf("sample n=%d: n must be at least 1", s.N)
		}
		if len(s.Values) < 2 {
			return nil, fmt.Errorf("sample n=%d: %d values, at least 2 are needed for a standard error", s.N, len(s.Values))
		}
		if s.Exact != nil && len(s.Exact) != len(s.Values) {
			return nil, fmt.Errorf("sample n=%d: %d exact values for %d values", s.N, len(s.Exact), len(s.Values))
		}
		// The mean and the sum of squared deviations, exactly.
		exact := make([]*big.Rat, len(s.Values))
		sum := new(big.Rat)
		for i, v := range s.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("sample n=%d: value %v", s.N, v)
			}
			if s.Exact != nil {
				exact[i] = s.Exact[i]
			} else {
				exact[i] = new(big.Rat).SetFloat64(v)
			}
			sum.Add(sum, exact[i])
		}
		k := big.NewRat(int64(len(s.Values)), 1)
		mean := new(big.Rat).Quo(sum, k)
		ss := new(big.Rat)
		for _, v := range exact {
			d := new(big.Rat).Sub(v, mean)
			ss.Add(ss, d.Mul(d, d))
		}
		// se = sqrt(ss / (k-1) / k)
		v := new(big.Rat).Quo(ss, new(big.Rat).Mul(k, new(big.Rat).Sub(k, big.NewRat(1, 1))))
		vf, _ := v.Float64()
		mf, _ := mean.Float64()
		pts = append(pts, MeanPoint{N: s.N, Samples: len(s.Values), Mean: mf, StdErr: math.Sqrt(vf), Exact: mean, Constant: ss.Sign() == 0})
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].N < pts[j].N })
	for i := 1; i < len(pts); i++ {
		if pts[i].N == pts[i-1].N {
			return nil, fmt.Errorf("two samples for n=%d", pts[i].N)
		}
	}
	return pts, nil
}

func basisRow(fam []Basis, n int) []float64 {
	x := make([]float64, len(fam))
	for j, b := range fam {
		x[j], _ = b.Eval(n).Float64()
	}
	return x
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// quad is xᵀ·C·x.
func quad(c [][]float64, x []float64) float64 {
	s := 0.0
	for i := range x {
		s += x[i] * dot(c[i], x)
	}
	return math.Max(s, 0)
}

// leastSquares is the weighted least-squares fit of the family to the
// means, and the covariance of its coefficients (XᵀWX)⁻¹; false when the
// terms are not independent on these sizes.
func leastSquares(fam []Basis, pts []MeanPoint) (coef []float64, cov [][]float64, ok bool) {
	k := len(fam)
	// The augmented normal equations [XᵀWX | XᵀWy | I], columns scaled to
	// comparable sizes first.
	scale := make([]float64, k)
	for _, p := range pts {
		for j, v := range basisRow(fam, p.N) {
			scale[j] = math.Max(scale[j], math.Abs(v))
		}
	}
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, 2*k+1)
		a[i][k+1+i] = 1
	}
	for _, p := range pts {
		x := basisRow(fam, p.N)
		for j := range x {
			if scale[j] == 0 {
				return nil, nil, false
			}
			x[j] /= scale[j]
		}
		se := weightSE(p)
		w := 1 / (se * se)
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				a[i][j] += w * x[i] * x[j]
			}
			a[i][k] += w * x[i] * p.Mean
		}
	}
	if !gaussJordan(a, k) {
		return nil, nil, false
	}
	coef = make([]float64, k)
	cov = make([][]float64, k)
	for i := 0; i < k; i++ {
		coef[i] = a[i][k] / scale[i]
		cov[i] = make([]float64, k)
		for j := 0; j < k; j++ {
			cov[i][j] = a[i][k+1+j] / (scale[i] * scale[j])
		}
	}
	return coef, cov, true
}

// gaussJordan reduces the first k columns of a to the identity, with
// partial pivoting; false when they are (numerically) singular.
func gaussJordan(a [][]float64, k int) bool {
	for col := 0; col < k; col++ {
		piv := col
		for r := col + 1; r < k; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-12 {
			return false
		}
		a[col], a[piv] = a[piv], a[col]
		inv := 1 / a[col][col]
		for j := range a[col] {
			a[col][j] *= inv
		}
		for r := 0; r < k; r++ {
			if r == col || a[r][col] == 0 {
				continue
			}
			f := a[r][col]
			for j := range a[r] {
				a[r][j] -= f * a[col][j]
			}
		}
	}
	return true
}

// String writes the fitted mean with 4 significant digits per
// coefficient, in the expression language: 0.5*n^2 + 1.5*n (an exact
// fit, Exact, as Fitted writes it).
func (m *MeanFitted) String() string {
	if m.Exact != nil {
		return m.Exact.String()
	}
	var b strings.Builder
	for i, c := range m.Coef {
		if c == 0 {
			continue
		}
		s := strconv.FormatFloat(math.Abs(c), 'g', 4, 64)
		if strings.ContainsAny(s, "e") {
			s = strconv.FormatFloat(math.Abs(c), 'f', -1, 64)
		}
		switch {
		case b.Len() == 0 && c < 0:
			b.WriteString("-")
		case b.Len() > 0 && c < 0:
			b.WriteString(" - ")
		case b.Len() > 0:
			b.WriteString(" + ")
		}
		switch fam := m.Family[i]; fam {
		case Const:
			b.WriteString(s)
		case Parity:
			b.WriteString(s + "*(n mod 2)")
		default:
			b.WriteString(s + "*" + fam.String())
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// Summary says on which sizes the means were fitted and that the fit is
// statistical (or exact, when every run at each size gave the same value).
func (m *MeanFitted) Summary() string {
	if m.Exact != nil {
		return "every sampled run gave the same value at each size: " + m.Exact.Summary()
	}
	all := append(slices.Clone(m.FitN), m.HeldOutN...)
	return fmt.Sprintf("statistical: every mean within %.2f standard errors on n=%s (fit %s, held out %s); band 95%%", m.Z, rangeText(all), rangeText(m.FitN), rangeText(m.HeldOutN))
}
