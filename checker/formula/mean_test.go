package formula

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// noisy samples k values of mean(n) plus normal noise of deviation sd at
// n = lo..hi, from a fixed seed.
func noisy(mean func(n int) float64, sd float64, k, lo, hi int) []Sample {
	r := rand.New(rand.NewPCG(7, 11))
	var out []Sample
	for n := lo; n <= hi; n++ {
		s := Sample{N: n}
		for i := 0; i < k; i++ {
			s.Values = append(s.Values, mean(n)+sd*r.NormFloat64())
		}
		out = append(out, s)
	}
	return out
}

func TestFitMeanRecovers(t *testing.T) {
	for _, c := range []struct {
		name   string
		mean   func(n int) float64
		family string
	}{
		{"2n + 1", func(n int) float64 { return 2*float64(n) + 1 }, "n 1"},
		{"n(n+1)/2", func(n int) float64 { return float64(n*(n+1)) / 2 }, "n^2 n 1"},
		{"n*H(n)", func(n int) float64 { h, _ := Harmonic(n).Float64(); return float64(n) * h }, "n*H(n)"},
	} {
		m, err := FitMean(noisy(c.mean, 1, 400, 2, 12), FitOptions{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		fam := make([]string, len(m.Family))
		for i, b := range m.Family {
			fam[i] = b.String()
		}
		if got := strings.Join(fam, " "); got != c.family {
			t.Errorf("%s: family %s (%s), want %s", c.name, got, m, c.family)
		}
		for _, p := range m.Points {
			if !(p.Lo <= p.Fitted && p.Fitted <= p.Hi) {
				t.Errorf("%s: n=%d fitted %.3f outside its band", c.name, p.N, p.Fitted)
			}
		}
		if !strings.HasPrefix(m.Summary(), "statistical: every mean within") {
			t.Errorf("Summary = %q", m.Summary())
		}
	}
	m, err := FitMean(noisy(func(n int) float64 { return float64(n*(n+1)) / 2 }, 1, 400, 2, 12), FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.String(), "0.5*n^2 + 0.5"; !strings.HasPrefix(got, "0.5") {
		t.Errorf("String = %q, want about %q*n ...", got, want)
	}
	if _, err := Parse(m.String()); err != nil {
		t.Errorf("String %q does not parse: %v", m.String(), err)
	}
}

// TestFitMeanRefuses: a mean growing like 2^n fits no family, and a
// held-out mean moved by many standard errors is refused.
func TestFitMeanRefuses(t *testing.T) {
	if m, err := FitMean(noisy(func(n int) float64 { return math.Exp2(float64(n)) }, 1, 100, 2, 12), FitOptions{}); !IsNoFit(err) {
		t.Errorf("2^n: %v %v", m, err)
	}
	s := noisy(func(n int) float64 { return 3 * float64(n) }, 1, 100, 2, 12)
	if _, err := FitMean(s, FitOptions{}); err != nil {
		t.Fatalf("3n: %v", err)
	}
	for i := range s[len(s)-1].Values {
		s[len(s)-1].Values[i] += 5 // 50 standard errors at the last size
	}
	m, err := FitMean(s, FitOptions{})
	if err == nil && len(m.Family) == 2 {
		t.Errorf("the moved held-out mean was accepted: %s", m)
	}
}

func TestFitMeanErrors(t *testing.T) {
	for _, c := range []struct {
		s    []Sample
		want string
	}{
		{[]Sample{{N: 1, Values: []float64{1}}}, "at least 2 are needed"},
		{[]Sample{{N: 0, Values: []float64{1, 2}}}, "n must be at least 1"},
		{[]Sample{{N: 1, Values: []float64{1, math.NaN()}}}, "value NaN"},
		{[]Sample{{N: 1, Values: []float64{1, 2}}, {N: 1, Values: []float64{1, 2}}}, "two samples for n=1"},
		{[]Sample{{N: 1, Values: []float64{1, 2}}, {N: 2, Values: []float64{1, 2}}}, "2 sizes are too few"},
	} {
		if _, err := FitMean(c.s, FitOptions{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.s, err, c.want)
		}
	}
}

// TestFitMeanBandCoverage: over 300 seeds, the 95% band of the fitted
// mean holds the true mean 2n + 1 about 95% of the time (a band too
// narrow or too wide fails).
func TestFitMeanBandCoverage(t *testing.T) {
	in, total := 0, 0
	for seed := uint64(0); seed < 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		var ss []Sample
		for n := 2; n <= 12; n++ {
			s := Sample{N: n}
			for i := 0; i < 50; i++ {
				s.Values = append(s.Values, 2*float64(n)+1+r.NormFloat64())
			}
			ss = append(ss, s)
		}
		m, err := FitMean(ss, FitOptions{})
		if err != nil || len(m.Family) != 2 {
			continue
		}
		for _, p := range m.Points {
			total++
			if p.Lo <= 2*float64(p.N)+1 && 2*float64(p.N)+1 <= p.Hi {
				in++
			}
		}
	}
	if total < 2500 {
		t.Fatalf("only %d points under the right family", total)
	}
	if rate := float64(in) / float64(total); rate < 0.92 || rate > 0.98 {
		t.Errorf("coverage %.3f, want about 0.95", rate)
	}
}

// TestFitMeanExact: means of samples that never vary are exact rationals,
// fitted exactly: the formula has no float noise (n^2 - n, not
// 1*n^2 - 1*n + 0.0000000000000523...) and the standard errors are 0, not
// a floor's 1e-09. One varying size makes the fit statistical again.
func TestFitMeanExact(t *testing.T) {
	var ss []Sample
	for n := 3; n <= 9; n++ {
		v := float64(n*n - n)
		ss = append(ss, Sample{N: n, Values: []float64{v, v, v}})
	}
	m, err := FitMean(ss, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Exact == nil || m.String() != "n^2 - n" || !strings.HasPrefix(m.Summary(), "every sampled run gave the same value at each size: exact on n=3..9") {
		t.Errorf("constant samples of n^2 - n: %s (%s), want exactly n^2 - n", m, m.Summary())
	}
	for _, p := range m.Points {
		if p.StdErr != 0 || !p.Constant || p.Exact.Cmp(big.NewRat(int64(p.N*p.N-p.N), 1)) != 0 || p.Lo != p.Hi {
			t.Errorf("n=%d: %+v, want an exact mean and no error", p.N, p)
		}
	}
	// Exact rationals given: the mean of 1/3, 1/3, 1/3 is 1/3, not its
	// float.
	third := big.NewRat(1, 3)
	var qs []Sample
	for n := 3; n <= 7; n++ {
		f, _ := third.Float64()
		qs = append(qs, Sample{N: n, Values: []float64{f, f}, Exact: []*big.Rat{third, third}})
	}
	if m, err := FitMean(qs, FitOptions{}); err != nil || m.String() != "1/3" {
		t.Errorf("constant 1/3: %v %v, want 1/3", m, err)
	}
	ss[2].Values = []float64{5, 7, 6}
	if m, err := FitMean(ss, FitOptions{}); err == nil && m.Exact != nil {
		t.Errorf("one varying size: the fit %s is exact, want statistical", m)
	}
}
