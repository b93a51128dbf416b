package formula

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// The exponential families (FitOptions.Exponential) fit values that are
// not polynomials in n, such as the expected rounds of a randomized
// election, K^n over the number of favourable draws: a value is
//
//	B^n / P(n)   (ExpUnder)   or   P(n) / B^n   (ExpOver)
//
// for a base B in 2..ExpMaxBase and P(n) a combination, with rational
// coefficients, of at most ExpMaxTerms of the bases n^a * c^n (a in
// 0..2, c in 1..B-1; c = 1 gives 1, n and n^2). Both shapes are linear in
// P's coefficients once B is chosen (P(n) = B^n/value or value*B^n), so
// each family is solved exactly as the polynomial ones are.
const (
	ExpMaxBase  = 16
	ExpMaxTerms = 3
	expMaxPow   = 2
)

// ExpShape is the shape of an exponential family.
type ExpShape uint8

const (
	// ExpUnder is B^n / P(n).
	ExpUnder ExpShape = iota + 1
	// ExpOver is P(n) / B^n.
	ExpOver
)

// ExpBasis is the term n^A * C^n of P(n).
type ExpBasis struct{ A, C int }

// Eval is the basis at n.
func (b ExpBasis) Eval(n int) *big.Rat {
	v := new(big.Int).Exp(big.NewInt(int64(n)), big.NewInt(int64(b.A)), nil)
	v.Mul(v, new(big.Int).Exp(big.NewInt(int64(b.C)), big.NewInt(int64(n)), nil))
	return new(big.Rat).SetInt(v)
}

// String is the basis in the expression language: n^2*3^n, n, 1.
func (b ExpBasis) String() string { return expTermText(big.NewInt(1), b) }

// ExpTerm is a coefficient of P(n) times a basis.
type ExpTerm struct {
	Coef  *big.Rat
	Basis ExpBasis
}

// ExpForm is a fitted exponential form (Fitted.Exp).
type ExpForm struct {
	Shape ExpShape
	B     int
	Terms []ExpTerm // P(n)'s nonzero terms
}

// p is P(n).
func (e *ExpForm) p(n int) *big.Rat {
	sum := new(big.Rat)
	for _, t := range e.Terms {
		v := t.Basis.Eval(n)
		sum.Add(sum, v.Mul(v, t.Coef))
	}
	return sum
}

// Eval is the form at n; nil where P(n) = 0 in ExpUnder (no value).
func (e *ExpForm) Eval(n int) *big.Rat {
	bn := ExpBasis{0, e.B}.Eval(n)
	p := e.p(n)
	if e.Shape == ExpOver {
		return p.Quo(p, bn)
	}
	if p.Sign() == 0 {
		return nil
	}
	return bn.Quo(bn, p)
}

// String writes the form in the expression language (Parse reads it
// back): 2^n/(2n), 2*3^n/(3n*2^n - 6n^2 + 6n), (n^2 + n)/2^n.
func (e *ExpForm) String() string {
	// P = r * sum(m_i * basis_i), m_i integers with gcd 1.
	den := big.NewInt(1)
	for _, t := range e.Terms {
		g := new(big.Int).GCD(nil, nil, den, t.Coef.Denom())
		den.Mul(den, new(big.Int).Quo(t.Coef.Denom(), g))
	}
	ints := make([]*big.Int, len(e.Terms))
	g := new(big.Int)
	for i, t := range e.Terms {
		ints[i] = new(big.Int).Mul(t.Coef.Num(), new(big.Int).Quo(den, t.Coef.Denom()))
		g.GCD(nil, nil, g, new(big.Int).Abs(ints[i]))
	}
	if ints[0].Sign() < 0 {
		g.Neg(g)
	}
	for _, m := range ints {
		m.Quo(m, g)
	}
	r := new(big.Rat).SetFrac(g, den) // P = r * sum
	bn := fmt.Sprintf("%d^n", e.B)
	if e.Shape == ExpOver {
		// value = r*sum / B^n = (r.num*sum) / (r.den*B^n)
		num := scaledSum(ints, e.Terms, r.Num(), false)
		if r.Denom().Cmp(big.NewInt(1)) != 0 {
			bn = "(" + r.Denom().String() + "*" + bn + ")"
		}
		return num + "/" + bn
	}
	// value = B^n / (r*sum) = (r.den*B^n) / (r.num*sum)
	if r.Denom().Cmp(big.NewInt(1)) != 0 {
		bn = r.Denom().String() + "*" + bn
	}
	return bn + "/" + scaledSum(ints, e.Terms, r.Num(), true)
}

// scaledSum writes sum(k*m_i * basis_i); denom says it follows a "/"
// (then anything but one factor is put in parentheses: 2^n/(2n), never
// 2^n/2n), else it precedes one (parentheses only around a sum).
func scaledSum(ints []*big.Int, terms []ExpTerm, k *big.Int, denom bool) string {
	var b strings.Builder
	for i, m := range ints {
		c := new(big.Int).Mul(m, k)
		writeSign(&b, i, c)
		b.WriteString(expTermText(c, terms[i].Basis))
	}
	s := b.String()
	switch {
	case len(ints) > 1:
		return "(" + s + ")"
	case !denom:
		return s
	case oneFactor(s):
		return s
	}
	return "(" + s + ")"
}

// oneFactor tells whether s is a number, n, n^K or C^n.
func oneFactor(s string) bool {
	if _, ok := new(big.Int).SetString(s, 10); ok {
		return true
	}
	return s == "n" || !strings.ContainsAny(s, "*- ") && strings.Count(s, "^") == 1 && (strings.HasPrefix(s, "n^") || strings.HasSuffix(s, "^n"))
}

// expTermText writes |coefficient| c times n^A*C^n: 3, 3n, n^2, 2^n,
// 3*2^n, 3n*2^n, n^2*2^n.
func expTermText(c *big.Int, b ExpBasis) string {
	one := c.Cmp(big.NewInt(1)) == 0
	var poly string
	switch b.A {
	case 0:
	case 1:
		poly = "n"
	default:
		poly = fmt.Sprintf("n^%d", b.A)
	}
	exp := ""
	if b.C > 1 {
		exp = fmt.Sprintf("%d^n", b.C)
	}
	switch {
	case poly == "" && exp == "":
		return c.String()
	case poly == "":
		if one {
			return exp
		}
		return c.String() + "*" + exp
	}
	s := poly
	if !one {
		s = c.String() + poly // 3n, 3n^2: the language reads 3n as 3*n
	}
	if exp != "" {
		s += "*" + exp
	}
	return s
}

// expBases are the bases of P(n) for base b, in the order a formula
// writes them (fastest growing first).
func expBases(b int) []ExpBasis {
	var out []ExpBasis
	for c := b - 1; c >= 1; c-- {
		for a := expMaxPow; a >= 0; a-- {
			out = append(out, ExpBasis{a, c})
		}
	}
	return out
}

// expFamilies calls f on every exponential family with k terms, simplest
// first (the smaller base, then ExpUnder before ExpOver, then the
// subsets of bases in order); f returns true to stop.
func expFamilies(k int, f func(shape ExpShape, b int, fam []ExpBasis) bool) bool {
	for b := 2; b <= ExpMaxBase; b++ {
		bases := expBases(b)
		for _, shape := range []ExpShape{ExpUnder, ExpOver} {
			idx := make([]int, k)
			var rec func(pos, from int) bool
			rec = func(pos, from int) bool {
				if pos == k {
					fam := make([]ExpBasis, k)
					for i, j := range idx {
						fam[i] = bases[j]
					}
					return f(shape, b, fam)
				}
				for j := from; j < len(bases); j++ {
					idx[pos] = j
					if rec(pos+1, j+1) {
						return true
					}
				}
				return false
			}
			if rec(0, 0) {
				return true
			}
		}
	}
	return false
}

// expFamilyCount is how many exponential families have k terms.
func expFamilyCount(k int) int {
	total := 0
	for b := 2; b <= ExpMaxBase; b++ {
		total += 2 * binomial(len(expBases(b)), k)
	}
	return total
}

func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// fitExp tries the exponential families on pts (fitPts solved on, every
// point confirmed): the first that fits, and how many were tried.
func fitExp(pts, fitPts []Point) (*ExpForm, int) {
	tried := 0
	for _, p := range pts {
		if p.Value.Sign() == 0 {
			return nil, 0 // B^n/P and P/B^n with P != 0 are never 0; a 0 is the polynomials' business
		}
	}
	// y[shape][b][i] is P at pts[i] for base b.
	ys := map[ExpShape]map[int][]*big.Rat{ExpUnder: {}, ExpOver: {}}
	for b := 2; b <= ExpMaxBase; b++ {
		under, over := make([]*big.Rat, len(pts)), make([]*big.Rat, len(pts))
		for i, p := range pts {
			bn := ExpBasis{0, b}.Eval(p.N)
			over[i] = new(big.Rat).Mul(p.Value, bn)
			under[i] = bn.Quo(bn, p.Value)
		}
		ys[ExpUnder][b], ys[ExpOver][b] = under, over
	}
	// fy and fb are y and the bases' values as floats, for a quick
	// screen before the exact solve (which alone decides).
	fy := map[ExpShape]map[int][]float64{ExpUnder: {}, ExpOver: {}}
	fb := map[ExpBasis][]float64{}
	for b := 2; b <= ExpMaxBase; b++ {
		for _, shape := range []ExpShape{ExpUnder, ExpOver} {
			v := make([]float64, len(pts))
			for i, y := range ys[shape][b] {
				v[i], _ = y.Float64()
			}
			fy[shape][b] = v
		}
		for _, bs := range expBases(b) {
			if fb[bs] == nil {
				v := make([]float64, len(pts))
				for i, p := range pts {
					v[i], _ = bs.Eval(p.N).Float64()
				}
				fb[bs] = v
			}
		}
	}
	var found *ExpForm
	for k := 1; k <= min(ExpMaxTerms, len(fitPts)); k++ {
		if expFamilies(k, func(shape ExpShape, b int, fam []ExpBasis) bool {
			tried++
			if !plausible(fam, fb, fy[shape][b], len(fitPts)) {
				return false
			}
			y := ys[shape][b]
			coef, ok := solveWith(len(fam), func(i, j int) *big.Rat { return fam[j].Eval(fitPts[i].N) }, y[:len(fitPts)])
			if !ok {
				return false
			}
			for i, p := range pts {
				sum := new(big.Rat)
				for j, bs := range fam {
					v := bs.Eval(p.N)
					sum.Add(sum, v.Mul(v, coef[j]))
				}
				if sum.Cmp(y[i]) != 0 {
					return false
				}
			}
			e := &ExpForm{Shape: shape, B: b}
			for j, bs := range fam {
				if coef[j].Sign() != 0 {
					e.Terms = append(e.Terms, ExpTerm{coef[j], bs})
				}
			}
			if len(e.Terms) < len(fam) {
				return false // a simpler family of the same base fits, and was tried first
			}
			found = e
			return true
		}) {
			return found, tried
		}
	}
	return nil, tried
}

// expUntried counts the exponential families with more terms than nfit
// sizes to solve on.
func expUntried(nfit int) int {
	total := 0
	for k := nfit + 1; k <= ExpMaxTerms; k++ {
		total += expFamilyCount(k)
	}
	return total
}

// plausible screens a family in floating point (speed only): solved on
// the first k fit sizes (a square system, partial pivoting), its
// coefficients must give every point within a relative 1e-6. Only a
// family it passes is solved exactly, and the exact solve decides; a
// singular or overflowing float system is passed on to it.
func plausible(fam []ExpBasis, fb map[ExpBasis][]float64, y []float64, nfit int) bool {
	k := len(fam)
	if nfit < k {
		return false
	}
	m := make([][]float64, k)
	for i := range m {
		row := make([]float64, k+1)
		for j, bs := range fam {
			row[j] = fb[bs][i]
		}
		row[k] = y[i]
		m[i] = row
	}
	for col := 0; col < k; col++ {
		piv := col
		for r := col + 1; r < k; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[piv][col]) {
				piv = r
			}
		}
		if m[piv][col] == 0 {
			return true // singular in floats: let the exact solve decide
		}
		m[col], m[piv] = m[piv], m[col]
		for r := 0; r < k; r++ {
			if r == col {
				continue
			}
			f := m[r][col] / m[col][col]
			for j := col; j <= k; j++ {
				m[r][j] -= f * m[col][j]
			}
		}
	}
	coef := make([]float64, k)
	for i := range coef {
		coef[i] = m[i][k] / m[i][i]
	}
	for i := range y {
		sum, scale := 0.0, math.Abs(y[i])
		for j, bs := range fam {
			t := coef[j] * fb[bs][i]
			sum += t
			scale += math.Abs(t)
		}
		if math.IsNaN(sum) || math.IsInf(scale, 0) {
			return true
		}
		if math.Abs(sum-y[i]) > 1e-6*scale {
			return false
		}
	}
	return true
}
