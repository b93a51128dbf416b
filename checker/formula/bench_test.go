package formula

import (
	"math/big"
	"testing"
)

// The cost of a bound and of a fit (the fit command runs one per counter):
//
//	go test ./checker/formula -run '^$' -bench . -count 6
func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := Parse("sends[ELECTION] <= n*(n+1)/2 and sends <= 2n*ceil(log2(n)) + n"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	e := MustParse("sends[ELECTION] <= n*(n+1)/2 and sends <= 2n*ceil(log2(n)) + n")
	env := testEnv()
	for b.Loop() {
		if _, _, _, err := e.Check(env); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFitCubic fits a cubic on n = 2..12: most families are solved
// before it.
func BenchmarkFitCubic(b *testing.B) {
	pts := pointsOf(b, "n*(n-1)*(2*n-1)/6", 2, 12)
	for b.Loop() {
		if _, err := Fit(pts, FitOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFitNone: no family fits, every one is solved.
func BenchmarkFitNone(b *testing.B) {
	pts := pointsOf(b, "2^n", 1, 12)
	for b.Loop() {
		if _, err := Fit(pts, FitOptions{}); !IsNoFit(err) {
			b.Fatal(err)
		}
	}
}

// BenchmarkFitExpNoFit: points no family fits, so every exponential
// family is tried (the worst case of fit over a probabilistic name).
func BenchmarkFitExpNoFit(b *testing.B) {
	var pts []Point
	for n := 3; n <= 9; n++ {
		pts = append(pts, Point{N: n, Value: big.NewRat(int64(n*n*n*n)+7, int64(n+1))})
	}
	for b.Loop() {
		if _, err := Fit(pts, FitOptions{Exponential: true}); !IsNoFit(err) {
			b.Fatal(err)
		}
	}
}
