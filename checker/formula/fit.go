package formula

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Point is one measured size: the exact value of a quantity at n.
type Point struct {
	N     int
	Value *big.Rat
}

// IntPoint is the Point (n, v).
func IntPoint(n int, v int64) Point { return Point{N: n, Value: big.NewRat(v, 1)} }

// MarshalJSON writes {"n": N, "value": "p/q"} (the value exact, as a
// string).
func (p Point) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		N     int    `json:"n"`
		Value string `json:"value"`
	}{p.N, ratText(p.Value)})
}

func ratText(r *big.Rat) string {
	if r == nil {
		return ""
	}
	return r.RatString()
}

// Basis is one term of the fitted families, as a function of n.
type Basis int

// The bases, in the order a formula writes them (fastest growing first).
const (
	Cube       Basis = iota // n^3
	Square                  // n^2
	NHarmonic               // n*H(n)
	NCeilLog2               // n*ceil(log2(n))
	NFloorLog2              // n*floor(log2(n))
	Linear                  // n
	Parity                  // n mod 2
	Const                   // 1
)

var basisText = [...]string{"n^3", "n^2", "n*H(n)", "n*ceil(log2(n))", "n*floor(log2(n))", "n", "n mod 2", "1"}

// String is the basis in the expression language.
func (b Basis) String() string {
	if b < 0 || int(b) >= len(basisText) {
		return "Basis(" + strconv.Itoa(int(b)) + ")"
	}
	return basisText[b]
}

// Eval is the basis at n (n >= 1).
func (b Basis) Eval(n int) *big.Rat {
	r := big.NewRat(int64(n), 1)
	switch b {
	case Cube:
		return r.Mul(r, r).Mul(r, big.NewRat(int64(n), 1))
	case Square:
		return r.Mul(r, r)
	case NHarmonic:
		return r.Mul(r, Harmonic(n))
	case NCeilLog2, NFloorLog2:
		k, exact := log2Floor(r)
		if b == NCeilLog2 && !exact {
			k++
		}
		return r.Mul(r, big.NewRat(int64(k), 1))
	case Linear:
		return r
	case Parity:
		return big.NewRat(int64(n&1), 1)
	}
	return big.NewRat(1, 1)
}

// Families lists the candidate families of Fit, simplest first: fewer
// terms first and, among as many terms, the polynomials of degree 0 to 3
// before the same polynomials with one n*H(n), n*ceil(log2(n)),
// n*floor(log2(n)) or n mod 2 term (that term alone counting as a
// family of one term).
func Families() [][]Basis {
	poly := [][]Basis{{Const}, {Linear, Const}, {Square, Linear, Const}, {Cube, Square, Linear, Const}}
	var out [][]Basis
	out = append(out, poly...)
	for _, extra := range []Basis{NHarmonic, NCeilLog2, NFloorLog2, Parity} {
		out = append(out, []Basis{extra})
		for _, p := range poly {
			f := append([]Basis{extra}, p...)
			slices.Sort(f)
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	return out
}

// FitOptions tunes Fit.
type FitOptions struct {
	// HeldOut is how many of the largest sizes are not used to solve but
	// only to confirm a solution; 0 means 2, the least allowed.
	HeldOut int
	// Exponential tries, after every family of Families, the
	// exponential families B^n/P(n) and P(n)/B^n (fitexp.go), for values
	// that are not polynomials in n (expectations of randomized
	// algorithms).
	Exponential bool
}

// Term is a coefficient times a basis.
type Term struct {
	Coef  *big.Rat
	Basis Basis
}

// Fitted is a closed form in n that matches every point of a fit
// exactly.
type Fitted struct {
	Terms    []Term  // the nonzero terms, in Basis order
	Family   []Basis // the family that was solved (its zero terms included)
	FitN     []int   // the sizes the coefficients were solved on
	HeldOutN []int   // the larger sizes that confirmed them
	Points   []Point // every point, by increasing n
	// Exp, when set, is the formula (an exponential family; Terms and
	// Family are then empty).
	Exp *ExpForm
}

// NoFitError is Fit's answer when no family fits every point.
type NoFitError struct {
	Points []Point // the points, by increasing n
	Tried  int     // how many families were solved
	// Untried is how many families were not tried for lack of sizes
	// (more terms than the sizes left to solve on); Degree is the lowest
	// polynomial degree among them (-1 when every polynomial was tried)
	// and NeedDegree the sizes (held-out ones included) it needs; NeedAll
	// is the sizes every family of Families needs.
	Untried, Degree, NeedDegree, NeedAll int
}

// Error says that nothing of what was tried fits and, when families were
// left untried for lack of sizes, which and how many sizes they need.
func (e *NoFitError) Error() string {
	ns := make([]int, len(e.Points))
	for i, p := range e.Points {
		ns[i] = p.N
	}
	msg := fmt.Sprintf("no formula of the %d families tried matches every point of n=%s exactly", e.Tried, rangeText(ns))
	if e.Untried == 0 {
		return msg
	}
	// need is how to get k sizes: n up to ... when the sizes are
	// consecutive.
	need := func(k int) string {
		if last := ns[len(ns)-1]; len(ns) > 1 && last-ns[0] == len(ns)-1 {
			return fmt.Sprintf("n up to %d", last+k-len(ns))
		}
		return fmt.Sprintf("%d sizes", k)
	}
	if e.Degree < 0 {
		return fmt.Sprintf("%s; too few sizes for the %d families with more terms (they need %s): not a verdict", msg, e.Untried, need(e.NeedAll))
	}
	return fmt.Sprintf("%s; too few sizes for degree >= %d (it needs %s; every family, %s): not a verdict", msg, e.Degree, need(e.NeedDegree), need(e.NeedAll))
}

// Complete tells whether every family of Families was tried: only then
// does the error say that no formula of Families fits.
func (e *NoFitError) Complete() bool { return e.Untried == 0 }

// noFit is the NoFitError of points of which nfit were solved on, after
// tried families: it counts the families left untried.
func noFit(points []Point, tried, nfit, held int) *NoFitError {
	e := &NoFitError{Points: points, Tried: tried, Degree: -1}
	for _, fam := range Families() {
		if len(fam) <= nfit {
			continue
		}
		e.Untried++
		e.NeedAll = max(e.NeedAll, len(fam)+held)
		if isPolynomial(fam) && (e.Degree < 0 || len(fam)-1 < e.Degree) {
			e.Degree, e.NeedDegree = len(fam)-1, len(fam)+held
		}
	}
	return e
}

// isPolynomial tells whether fam is 1, n, n^2, ... up to some degree.
func isPolynomial(fam []Basis) bool {
	for _, b := range fam {
		if b != Const && b != Linear && b != Square && b != Cube {
			return false
		}
	}
	return true
}

// heldOut is the number of largest sizes set aside (HeldOut, 2 when
// zero), checked against the n points (or sizes, as what says) there are.
func (opts FitOptions) heldOut(n int, what string) (int, error) {
	held := opts.HeldOut
	if held == 0 {
		held = 2
	}
	if held < 2 {
		return 0, fmt.Errorf("at least 2 sizes must be held out, not %d", held)
	}
	if n < held+1 {
		return 0, fmt.Errorf("%d %s are too few: at least %d are needed (%d held out)", n, what, held+1, held)
	}
	return held, nil
}

// Fit finds the simplest formula of Families that matches every point
// exactly. The HeldOut largest sizes are set aside; each family in turn
// is solved exactly (Gaussian elimination over the rationals) on the
// other sizes, skipped when it has more terms than there are such sizes
// or when its terms are not independent on them, and kept only when its
// solution also gives the value of every held-out size. A formula that
// misses any point is never returned: when no family fits, the error is
// a *NoFitError.
func Fit(points []Point, opts FitOptions) (*Fitted, error) {
	pts, err := sortedPoints(points)
	if err != nil {
		return nil, err
	}
	held, err := opts.heldOut(len(pts), "points")
	if err != nil {
		return nil, err
	}
	fitPts, heldPts := pts[:len(pts)-held], pts[len(pts)-held:]
	tried := 0
	for _, fam := range Families() {
		if len(fam) > len(fitPts) {
			continue
		}
		tried++
		coef, ok := solve(fam, fitPts)
		if !ok || !matches(fam, coef, pts) {
			continue
		}
		f := &Fitted{Family: fam, Points: pts}
		for i, b := range fam {
			if coef[i].Sign() != 0 {
				f.Terms = append(f.Terms, Term{Coef: coef[i], Basis: b})
			}
		}
		for _, p := range fitPts {
			f.FitN = append(f.FitN, p.N)
		}
		for _, p := range heldPts {
			f.HeldOutN = append(f.HeldOutN, p.N)
		}
		return f, nil
	}
	if opts.Exponential {
		e, n := fitExp(pts, fitPts)
		tried += n
		if e != nil {
			f := &Fitted{Exp: e, Points: pts}
			for _, p := range fitPts {
				f.FitN = append(f.FitN, p.N)
			}
			for _, p := range heldPts {
				f.HeldOutN = append(f.HeldOutN, p.N)
			}
			return f, nil
		}
		nf := noFit(pts, tried, len(fitPts), held)
		if u := expUntried(len(fitPts)); u > 0 {
			nf.Untried += u
			nf.NeedAll = max(nf.NeedAll, ExpMaxTerms+held)
		}
		return nil, nf
	}
	return nil, noFit(pts, tried, len(fitPts), held)
}

// sortedPoints checks the points and sorts a copy by n.
func sortedPoints(points []Point) ([]Point, error) {
	pts := slices.Clone(points)
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].N < pts[j].N })
	for i, p := range pts {
		switch {
		case p.N < 1:
			return nil, fmt.Errorf("point n=%d: n must be at least 1", p.N)
		case p.Value == nil:
			return nil, fmt.Errorf("point n=%d has no value", p.N)
		case i > 0 && pts[i-1].N == p.N:
			return nil, fmt.Errorf("two points for n=%d", p.N)
		}
	}
	return pts, nil
}

// matches tells whether the formula sum(coef[i]*fam[i]) gives every point.
func matches(fam []Basis, coef []*big.Rat, pts []Point) bool {
	for _, p := range pts {
		if evalTerms(fam, coef, p.N).Cmp(p.Value) != 0 {
			return false
		}
	}
	return true
}

func evalTerms(fam []Basis, coef []*big.Rat, n int) *big.Rat {
	sum := new(big.Rat)
	for i, b := range fam {
		v := b.Eval(n)
		sum.Add(sum, v.Mul(v, coef[i]))
	}
	return sum
}

// solve solves sum_j c_j*fam_j(n) = value for every point exactly; false
// when the system has no solution or more than one.
func solve(fam []Basis, pts []Point) ([]*big.Rat, bool) {
	y := make([]*big.Rat, len(pts))
	for i, p := range pts {
		y[i] = p.Value
	}
	return solveWith(len(fam), func(i, j int) *big.Rat { return fam[j].Eval(pts[i].N) }, y)
}

// solveWith solves sum_j c_j*a(i, j) = y[i] (j < k) for every i exactly
// (Gaussian elimination over the rationals); false when the system has
// no solution or more than one.
func solveWith(k int, a func(i, j int) *big.Rat, y []*big.Rat) ([]*big.Rat, bool) {
	m := make([][]*big.Rat, len(y))
	for i := range y {
		row := make([]*big.Rat, k+1)
		for j := 0; j < k; j++ {
			row[j] = a(i, j)
		}
		row[k] = new(big.Rat).Set(y[i])
		m[i] = row
	}
	if len(m) < k {
		return nil, false
	}
	tmp := new(big.Rat)
	for col := 0; col < k; col++ {
		piv := -1
		for r := col; r < len(m); r++ {
			if m[r][col].Sign() != 0 {
				piv = r
				break
			}
		}
		if piv < 0 {
			return nil, false // dependent terms: not determined
		}
		m[col], m[piv] = m[piv], m[col]
		inv := new(big.Rat).Inv(m[col][col])
		for j := col; j <= k; j++ {
			m[col][j].Mul(m[col][j], inv)
		}
		for r := range m {
			if r == col || m[r][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[r][col])
			for j := col; j <= k; j++ {
				m[r][j].Sub(m[r][j], tmp.Mul(f, m[col][j]))
			}
		}
	}
	for r := k; r < len(m); r++ {
		if m[r][k].Sign() != 0 {
			return nil, false // inconsistent: no solution
		}
	}
	out := make([]*big.Rat, k)
	for i := range out {
		out[i] = m[i][k]
	}
	return out, true
}

// Eval is the formula at n (nil where an exponential form has no
// value: B^n/P(n) with P(n) = 0).
func (f *Fitted) Eval(n int) *big.Rat {
	if f.Exp != nil {
		return f.Exp.Eval(n)
	}
	sum := new(big.Rat)
	for _, t := range f.Terms {
		v := t.Basis.Eval(n)
		sum.Add(sum, v.Mul(v, t.Coef))
	}
	return sum
}

// Expr is the formula as an expression of the language (of n).
func (f *Fitted) Expr() *Expr {
	e, err := Parse(f.String())
	if err != nil {
		panic("formula: a fitted formula does not parse: " + err.Error())
	}
	return e
}

// Summary is "exact on n=2..9 (fit 2..7, held out 8,9)".
func (f *Fitted) Summary() string {
	all := append(slices.Clone(f.FitN), f.HeldOutN...)
	return fmt.Sprintf("exact on n=%s (fit %s, held out %s)", rangeText(all), rangeText(f.FitN), rangeText(f.HeldOutN))
}

// rangeText writes sorted sizes as a..b when they are consecutive (and
// more than two), else as a comma list.
func rangeText(ns []int) string {
	if len(ns) > 2 && ns[len(ns)-1]-ns[0] == len(ns)-1 {
		return fmt.Sprintf("%d..%d", ns[0], ns[len(ns)-1])
	}
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// String writes the formula over one common denominator, in the
// expression language (so Parse reads it back), terms in Basis order:
// (n^2 + 3n)/2, 2n*ceil(log2(n)) + n, n*H(n), 0.
func (f *Fitted) String() string {
	if f.Exp != nil {
		return f.Exp.String()
	}
	if len(f.Terms) == 0 {
		return "0"
	}
	den := big.NewInt(1)
	for _, t := range f.Terms {
		g := new(big.Int).GCD(nil, nil, den, t.Coef.Denom())
		den.Mul(den, new(big.Int).Quo(t.Coef.Denom(), g))
	}
	var b strings.Builder
	for i, t := range f.Terms {
		c := new(big.Int).Mul(t.Coef.Num(), new(big.Int).Quo(den, t.Coef.Denom()))
		neg := writeSign(&b, i, c)
		divided := len(f.Terms) == 1 && den.Cmp(big.NewInt(1)) != 0
		b.WriteString(termText(c, t.Basis, neg && i == 0 || divided))
	}
	if den.Cmp(big.NewInt(1)) == 0 {
		return b.String()
	}
	if len(f.Terms) == 1 {
		return b.String() + "/" + den.String()
	}
	return "(" + b.String() + ")/" + den.String()
}

// termText writes |coefficient| c times basis b; wrap puts a lone n mod 2
// in parentheses (after a leading minus, or before a /).
func termText(c *big.Int, b Basis, wrap bool) string {
	one := c.Cmp(big.NewInt(1)) == 0
	switch {
	case b == Const:
		return c.String()
	case b == Parity && one && wrap:
		return "(n mod 2)"
	case b == Parity && !one:
		return c.String() + "*(n mod 2)"
	case one:
		return b.String()
	}
	return c.String() + b.String() // 3n^2, 3n*H(n): the language reads 3n as 3*n
}

// Func is a quantity as a function of n.
type Func func(n int) (*big.Rat, error)

// Func is the fitted formula as a Func.
func (f *Fitted) Func() Func {
	return func(n int) (*big.Rat, error) {
		v := f.Eval(n)
		if v == nil {
			return nil, fmt.Errorf("%s has no value at n=%d (division by zero)", f, n)
		}
		return v, nil
	}
}

// Func is a numeric expression as a function of n. vars gives the
// environment at each n; nil means the one with n alone.
func (e *Expr) Func(vars func(n int) Env) Func {
	return func(n int) (*big.Rat, error) {
		var env Env
		if vars == nil {
			env = NewEnv().Set("n", int64(n))
		} else {
			env = vars(n)
		}
		v, err := e.Eval(env)
		if err != nil {
			return nil, err
		}
		if v.IsBool {
			return nil, errAt(1, "a formula must be a number, not a comparison")
		}
		return v.Num, nil
	}
}

// Difference is where two formulas first differ.
type Difference struct {
	N    int
	A, B *big.Rat
}

// Compare evaluates a and b at every size of ns and returns the smallest
// n where they differ, or nil when they agree on all of them. An error
// of either is returned with the n it happened at.
func Compare(a, b Func, ns []int) (*Difference, error) {
	ns = slices.Clone(ns)
	slices.Sort(ns)
	for _, n := range ns {
		x, err := a(n)
		if err != nil {
			return nil, fmt.Errorf("n=%d: %w", n, err)
		}
		y, err := b(n)
		if err != nil {
			return nil, fmt.Errorf("n=%d: %w", n, err)
		}
		if x.Cmp(y) != 0 {
			return &Difference{N: n, A: x, B: y}, nil
		}
	}
	return nil, nil
}

// MarshalJSON writes the formula, its exact coefficients as strings
// ("3/2"), the sizes and the points.
func (f *Fitted) MarshalJSON() ([]byte, error) {
	type term struct {
		Term string `json:"term"`
		Coef string `json:"coef"`
	}
	terms := make([]term, len(f.Terms))
	for i, t := range f.Terms {
		terms[i] = term{t.Basis.String(), t.Coef.RatString()}
	}
	if e := f.Exp; e != nil {
		// The terms are P(n)'s, in B^n/P(n) or P(n)/B^n (shape).
		shape := map[ExpShape]string{ExpUnder: "B^n/P(n)", ExpOver: "P(n)/B^n"}[e.Shape]
		terms = make([]term, len(e.Terms))
		for i, t := range e.Terms {
			terms[i] = term{t.Basis.String(), t.Coef.RatString()}
		}
		return json.Marshal(struct {
			Formula  string  `json:"formula"`
			Shape    string  `json:"shape"`
			Base     int     `json:"base"`
			Terms    []term  `json:"terms"`
			FitN     []int   `json:"fit_n"`
			HeldOutN []int   `json:"held_out_n"`
			Points   []Point `json:"points"`
		}{f.String(), shape, e.B, terms, f.FitN, f.HeldOutN, f.Points})
	}
	return json.Marshal(struct {
		Formula  string  `json:"formula"`
		Terms    []term  `json:"terms"`
		FitN     []int   `json:"fit_n"`
		HeldOutN []int   `json:"held_out_n"`
		Points   []Point `json:"points"`
	}{f.String(), terms, f.FitN, f.HeldOutN, f.Points})
}

// IsNoFit tells whether err is (or wraps) a *NoFitError.
func IsNoFit(err error) bool {
	var nf *NoFitError
	return errors.As(err, &nf)
}

// writeSign writes the sign that joins term i of a sum to b ("-" before a
// negative first term, " - " or " + " between terms) and makes c, the
// term's coefficient, its absolute value; it reports whether c was
// negative.
func writeSign(b *strings.Builder, i int, c *big.Int) (neg bool) {
	neg = c.Sign() < 0
	c.Abs(c)
	switch {
	case i == 0 && neg:
		b.WriteString("-")
	case i > 0 && neg:
		b.WriteString(" - ")
	case i > 0:
		b.WriteString(" + ")
	}
	return neg
}
