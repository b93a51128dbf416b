package formula

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// uniqueDraws counts, by enumerating every draw of {1..k}^n, those where
// some value is drawn exactly once: U(n, k) (a code path of its own).
func uniqueDraws(n, k int) int64 {
	draw := make([]int, n)
	var count int64
	for {
		seen := make([]int, k)
		for _, v := range draw {
			seen[v]++
		}
		for _, c := range seen {
			if c == 1 {
				count++
				break
			}
		}
		i := 0
		for i < n && draw[i] == k-1 {
			draw[i] = 0
			i++
		}
		if i == n {
			return count
		}
		draw[i]++
	}
}

// expectedRounds is k^n / U(n, k), by enumeration.
func expectedRounds(n, k int) *big.Rat {
	kn := new(big.Int).Exp(big.NewInt(int64(k)), big.NewInt(int64(n)), nil)
	return new(big.Rat).SetFrac(kn, big.NewInt(uniqueDraws(n, k)))
}

func expPoints(lo, hi int, f func(n int) *big.Rat) []Point {
	var pts []Point
	for n := lo; n <= hi; n++ {
		pts = append(pts, Point{N: n, Value: f(n)})
	}
	return pts
}

// checkRoundTrip checks that f's text parses back and gives every point,
// and that f extends to n up to beyond (against want).
func checkRoundTrip(t *testing.T, f *Fitted, want func(n int) *big.Rat, beyond int) {
	t.Helper()
	e, err := Parse(f.String())
	if err != nil {
		t.Fatalf("%s does not parse: %v", f, err)
	}
	for n := f.Points[0].N; n <= beyond; n++ {
		v, err := e.Func(nil)(n)
		if err != nil {
			t.Fatalf("%s at n=%d: %v", f, n, err)
		}
		if w := want(n); v.Cmp(w) != 0 || f.Eval(n).Cmp(w) != 0 {
			t.Fatalf("%s at n=%d: parsed %s, Eval %s, want %s", f, n, v.RatString(), f.Eval(n).RatString(), w.RatString())
		}
	}
}

func TestFitExpItaiRodeh(t *testing.T) {
	opts := FitOptions{Exponential: true}
	// K=2: U(n,2) = 2n for n >= 3.
	f, err := Fit(expPoints(3, 8, func(n int) *big.Rat { return expectedRounds(n, 2) }), opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.String(); got != "2^n/(2n)" {
		t.Errorf("K=2: got %s, want 2^n/(2n)", got)
	}
	if got := f.Summary(); got != "exact on n=3..8 (fit 3..6, held out 7,8)" {
		t.Errorf("K=2 summary: %s", got)
	}
	checkRoundTrip(t, f, func(n int) *big.Rat { return expectedRounds(n, 2) }, 14)
	// K=3: 3^n / ((3/2)n*2^n - 3n^2 + 3n) for n >= 4.
	f, err = Fit(expPoints(4, 9, func(n int) *big.Rat { return expectedRounds(n, 3) }), opts)
	if err != nil {
		t.Fatal(err)
	}
	if f.Exp == nil || f.Exp.B != 3 || f.Exp.Shape != ExpUnder || len(f.Exp.Terms) != 3 {
		t.Errorf("K=3: got %s (%+v)", f, f.Exp)
	}
	checkRoundTrip(t, f, func(n int) *big.Rat { return expectedRounds(n, 3) }, 11)
	// The probability of electing in one round, U(n,2)/2^n = 2n/2^n.
	f, err = Fit(expPoints(3, 8, func(n int) *big.Rat { return new(big.Rat).Inv(expectedRounds(n, 2)) }), opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.String(); got != "2n/2^n" {
		t.Errorf("q(n,2): got %s, want 2n/2^n", got)
	}
	checkRoundTrip(t, f, func(n int) *big.Rat { return new(big.Rat).Inv(expectedRounds(n, 2)) }, 14)
}

// A polynomial is still fitted by the polynomial families first.
func TestFitExpPolynomialFirst(t *testing.T) {
	f, err := Fit(expPoints(2, 7, func(n int) *big.Rat { return big.NewRat(int64(3*n-1), 1) }), FitOptions{Exponential: true})
	if err != nil || f.Exp != nil || f.String() != "3n - 1" {
		t.Fatalf("got %v, %v", f, err)
	}
}

// A wrong held-out point is caught: no formula fits the points.
func TestFitExpCatchesPerturbedHeldOut(t *testing.T) {
	pts := expPoints(3, 9, func(n int) *big.Rat { return expectedRounds(n, 2) })
	pts[len(pts)-1].Value = new(big.Rat).Add(pts[len(pts)-1].Value, big.NewRat(1, 1000))
	f, err := Fit(pts, FitOptions{Exponential: true})
	if !IsNoFit(err) {
		t.Fatalf("a perturbed held-out point was fitted: %v, %v", f, err)
	}
	if nf := err.(*NoFitError); !nf.Complete() {
		t.Errorf("7 sizes try every family, but: %v", err)
	}
}

// Random rationals fit nothing.
func TestFitExpRefusesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3; trial++ {
		pts := expPoints(3, 8, func(int) *big.Rat { return big.NewRat(rng.Int64N(1000)+1, rng.Int64N(97)+1) })
		if f, err := Fit(pts, FitOptions{Exponential: true}); !IsNoFit(err) {
			t.Fatalf("random points %v fitted: %v, %v", pts, f, err)
		}
	}
}

// Without Exponential, the exponential values fit nothing (as before).
func TestFitExpOnlyWhenAsked(t *testing.T) {
	_, err := Fit(expPoints(3, 8, func(n int) *big.Rat { return expectedRounds(n, 2) }), FitOptions{})
	if !IsNoFit(err) {
		t.Fatalf("got %v", err)
	}
}

// Too few sizes for the exponential families of 3 terms: not a verdict.
func TestFitExpTooFewSizes(t *testing.T) {
	pts := expPoints(3, 6, func(int) *big.Rat { return big.NewRat(7, 3) })
	pts[3].Value = big.NewRat(5, 1)
	_, err := Fit(pts, FitOptions{Exponential: true})
	nf, ok := err.(*NoFitError)
	if !ok || nf.Complete() {
		t.Fatalf("got %v", err)
	}
}

func TestExpFormString(t *testing.T) {
	for _, c := range []struct {
		e    ExpForm
		want string
	}{
		{ExpForm{ExpUnder, 2, []ExpTerm{{big.NewRat(2, 1), ExpBasis{1, 1}}}}, "2^n/(2n)"},
		{ExpForm{ExpUnder, 2, []ExpTerm{{big.NewRat(1, 2), ExpBasis{1, 1}}}}, "2*2^n/n"},
		{ExpForm{ExpUnder, 3, []ExpTerm{{big.NewRat(3, 2), ExpBasis{1, 2}}, {big.NewRat(-3, 1), ExpBasis{2, 1}}, {big.NewRat(3, 1), ExpBasis{1, 1}}}}, "2*3^n/(3n*2^n - 6n^2 + 6n)"},
		{ExpForm{ExpOver, 4, []ExpTerm{{big.NewRat(1, 3), ExpBasis{0, 3}}, {big.NewRat(-1, 1), ExpBasis{2, 1}}}}, "(3^n - 3n^2)/(3*4^n)"},
		{ExpForm{ExpOver, 2, []ExpTerm{{big.NewRat(5, 1), ExpBasis{0, 1}}}}, "5/2^n"},
	} {
		f := &Fitted{Exp: &c.e, Points: []Point{{N: 1, Value: c.e.Eval(1)}}}
		if got := f.String(); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
		checkRoundTrip(t, f, c.e.Eval, 9)
	}
}

// Random forms of the families are fitted, and the fitted formula's text
// parses back to the same value at every point (the printer's signs,
// parentheses and common factors).
func TestFitExpRandomFormsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	fitted := 0
	for trial := 0; trial < 40; trial++ {
		b := 2 + rng.IntN(4)
		bases := expBases(b)
		e := &ExpForm{Shape: ExpShape(1 + rng.IntN(2)), B: b}
		for _, j := range rng.Perm(len(bases))[:1+rng.IntN(ExpMaxTerms)] {
			c := big.NewRat(rng.Int64N(19)-9, 1+rng.Int64N(6))
			if c.Sign() == 0 {
				c.SetInt64(1)
			}
			e.Terms = append(e.Terms, ExpTerm{c, bases[j]})
		}
		var pts []Point
		for n := 2; n <= 9; n++ {
			v := e.Eval(n)
			if v == nil || v.Sign() == 0 {
				pts = nil
				break
			}
			pts = append(pts, Point{N: n, Value: v})
		}
		if pts == nil {
			continue
		}
		f, err := Fit(pts, FitOptions{Exponential: true})
		if err != nil {
			t.Fatalf("%s (%+v) on 2..9: %v", e, e, err)
		}
		x, err := Parse(f.String())
		if err != nil {
			t.Fatalf("%s does not parse: %v", f, err)
		}
		for _, p := range pts {
			v, err := x.Func(nil)(p.N)
			if err != nil || v.Cmp(p.Value) != 0 {
				t.Fatalf("%s (fitted to %s) at n=%d: %v (%v), want %s", f, e, p.N, v, err, p.Value.RatString())
			}
		}
		fitted++
	}
	if fitted < 30 {
		t.Errorf("only %d of 40 random forms had a value at every n", fitted)
	}
}
