package reproduce

import (
	"math"
	"math/big"
)

// Stats summarises one measured quantity over the runs of an experiment,
// exactly as [S0] §VIII eq.(11)–(13) define it.
//
// Reference: [S0] §VIII, eq.(11) X̄ = ΣX_i/n, eq.(12) S_x² = Σ(X_i−X̄)²/(n−1),
// eq.(13) S_x̄ = S_x/√n.
type Stats struct {
	// Runs is n, the number of runs (≥ 1).
	Runs int `json:"runs"`
	// Min and Max are the smallest and largest value measured.
	Min int64 `json:"min"`
	Max int64 `json:"max"`
	// MeanExact is eq.(11)'s X̄ as an exact rational ("p/q" or an integer).
	MeanExact string `json:"mean_exact"`
	// Mean is X̄ as a float (for printing and differences).
	Mean float64 `json:"mean"`
	// VarExact is eq.(12)'s sample variance S_x² (divisor n−1) as an exact
	// rational; "0" when Runs = 1 (no spread can be estimated).
	VarExact string `json:"sample_variance_exact"`
	// Var is S_x² as a float.
	Var float64 `json:"sample_variance"`
	// SD is S_x = √S_x², the sample standard deviation.
	SD float64 `json:"sd"`
	// SE is eq.(13)'s S_x̄ = S_x/√n, the standard error of the mean (what
	// [S0] calls the "standard deviation" it prints).
	SE float64 `json:"se"`

	mean big.Rat
}

// Summarize computes the statistics of xs (at least one value) with the
// sample variance's divisor n−1 of eq.(12).
func Summarize(xs []int64) Stats { return summarize(xs, 1) }

// summarize computes the statistics with the variance divisor n−ddof; ddof
// is 1 for eq.(12). (A divisor n, ddof 0, is the population variance: the
// deliberately broken variant the tests show being caught.)
func summarize(xs []int64, ddof int) Stats {
	n := len(xs)
	st := Stats{Runs: n}
	if n == 0 {
		return st
	}
	var sum, sq big.Int
	var x big.Int
	st.Min, st.Max = xs[0], xs[0]
	for _, v := range xs {
		st.Min, st.Max = min(st.Min, v), max(st.Max, v)
		x.SetInt64(v)
		sum.Add(&sum, &x)
		x.Mul(&x, &x)
		sq.Add(&sq, &x)
	}
	st.mean.SetFrac(&sum, big.NewInt(int64(n)))
	st.MeanExact = ratString(&st.mean)
	st.Mean, _ = st.mean.Float64()
	// Σ(X_i−X̄)² = ΣX_i² − (ΣX_i)²/n, exactly: (n·ΣX² − (ΣX)²)/n.
	var ss, num big.Int
	num.Mul(&sq, big.NewInt(int64(n)))
	ss.Mul(&sum, &sum)
	num.Sub(&num, &ss)
	var v big.Rat
	if d := int64(n) - int64(ddof); d > 0 {
		v.SetFrac(&num, new(big.Int).Mul(big.NewInt(int64(n)), big.NewInt(d)))
	}
	st.VarExact = ratString(&v)
	st.Var, _ = v.Float64()
	st.SD = math.Sqrt(st.Var)
	st.SE = st.SD / math.Sqrt(float64(n))
	return st
}

// MeanEquals reports whether the exact mean equals the integer v.
func (s *Stats) MeanEquals(v *big.Rat) bool { return s.Runs > 0 && s.mean.Cmp(v) == 0 }

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.RatString()
}
