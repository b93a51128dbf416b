package formula

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// Value is the value of an expression: a number, or (IsBool) a truth
// value.
type Value struct {
	IsBool bool
	Bool   bool
	Num    *big.Rat // nil when IsBool
}

// String writes a number as an integer or a fraction p/q, a truth value
// as true or false.
func (v Value) String() string {
	if v.IsBool {
		return fmt.Sprint(v.Bool)
	}
	if v.Num == nil {
		return "<no value>"
	}
	return v.Num.RatString()
}

// Limits of evaluation, so that no input can exhaust the machine.
const (
	// MaxExponent is the largest exponent magnitude of ^.
	MaxExponent = 10000
	// MaxHarmonic is the largest argument of H.
	MaxHarmonic = 2000
	// MaxBits is the largest size, in bits of numerator plus denominator,
	// of any intermediate number.
	MaxBits = 1 << 16
)

// Boolean tells whether the expression is a comparison or an and/or/not
// of comparisons (a bound), rather than a number.
func (e *Expr) Boolean() bool { return e != nil && isBool(e.root) }

// Names lists the names the expression reads, sorted and once each; an
// indexed counter is written name[KEY].
func (e *Expr) Names() []string {
	seen := map[string]bool{}
	var out []string
	if e == nil || e.root == nil {
		return nil
	}
	walk(e.root, func(n node) {
		s := ""
		switch n := n.(type) {
		case *varRef:
			s = n.name
		case *indexRef:
			s = n.name + "[" + n.key + "]"
		default:
			return
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	})
	sort.Strings(out)
	return out
}

// walk visits the nodes in the order of the text.
func walk(n node, f func(node)) {
	f(n)
	switch n := n.(type) {
	case *call:
		for _, a := range n.args {
			walk(a, f)
		}
	case *unaryOp:
		walk(n.x, f)
	case *binOp:
		walk(n.x, f)
		walk(n.y, f)
	}
}

// Validate checks that every name of the expression means something in
// env; the error is about the first one (in the text) that does not.
func (e *Expr) Validate(env Env) error {
	if e == nil || e.root == nil {
		return errAt(1, "empty expression")
	}
	var err error
	walk(e.root, func(n node) {
		if err == nil {
			_, err = lookup(n, env)
		}
	})
	return err
}

// lookup resolves a name node (nil, nil for any other node).
func lookup(n node, env Env) (*big.Rat, error) {
	switch n := n.(type) {
	case *varRef:
		if v, ok := env.Var(n.name); ok {
			return v, nil
		}
		if keys := env.Keys(n.name); len(keys) > 0 {
			return nil, errAt(n.col, fmt.Sprintf("%s is counted per key: write %s[KEY] (keys: %s)", n.name, n.name, strings.Join(keys, ", ")))
		}
		return nil, errAt(n.col, fmt.Sprintf("unknown counter %q (known: %s)", n.name, known(env.Names())))
	case *indexRef:
		if v, ok := env.Indexed(n.name, n.key); ok {
			return v, nil
		}
		if ke, ok := env.(KeyErrEnv); ok {
			if err := ke.KeyErr(n.name, n.key); err != nil {
				return nil, errAt(n.keyCol, err.Error())
			}
		}
		if keys := env.Keys(n.name); len(keys) > 0 {
			return nil, errAt(n.keyCol, fmt.Sprintf("unknown key %q of %s (known: %s)", n.key, n.name, strings.Join(keys, ", ")))
		}
		if _, ok := env.Var(n.name); ok {
			return nil, errAt(n.keyCol, fmt.Sprintf("%s has no keys: write %s", n.name, n.name))
		}
		return nil, errAt(n.col, fmt.Sprintf("unknown counter %q (known: %s)", n.name, known(env.Names())))
	}
	return nil, nil
}

func known(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Eval evaluates the expression in env, exactly. Every name is resolved
// first (Validate), then every part is evaluated (there is no
// short-circuit, so a division by zero is reported wherever it is).
func (e *Expr) Eval(env Env) (Value, error) {
	if err := e.Validate(env); err != nil {
		return Value{}, err
	}
	ev := evaluator{env: env}
	if isBool(e.root) {
		b, _, err := ev.boolean(e.root)
		return Value{IsBool: true, Bool: b}, err
	}
	v, err := ev.num(e.root)
	if err != nil {
		return Value{}, err
	}
	return Value{Num: v}, nil
}

// Check evaluates a bound. ok is its truth value; lhs and rhs are the two
// sides of the comparison that decided it: the comparison itself, or in
// an and/or/not the one a left-to-right short-circuit reading would have
// evaluated last (for a failed a and b, the first false one). An
// expression that is a number, not a bound, is an error.
func (e *Expr) Check(env Env) (ok bool, lhs, rhs *big.Rat, err error) {
	if err := e.Validate(env); err != nil {
		return false, nil, nil, err
	}
	if !isBool(e.root) {
		return false, nil, nil, errAt(1, "a bound must be a comparison, such as sends <= 3*n - 1")
	}
	ev := evaluator{env: env}
	ok, d, err := ev.boolean(e.root)
	if err != nil {
		return false, nil, nil, err
	}
	return ok, d.lhs, d.rhs, nil
}

// evaluator evaluates nodes in an Env.
type evaluator struct{ env Env }

// decider is the comparison that decided a truth value.
type decider struct{ lhs, rhs *big.Rat }

func (ev evaluator) boolean(n node) (bool, decider, error) {
	switch n := n.(type) {
	case *unaryOp: // not
		b, d, err := ev.boolean(n.x)
		return !b, d, err
	case *binOp:
		if n.op == "and" || n.op == "or" {
			a, da, err := ev.boolean(n.x)
			if err != nil {
				return false, decider{}, err
			}
			b, db, err := ev.boolean(n.y)
			if err != nil {
				return false, decider{}, err
			}
			if n.op == "and" && !a || n.op == "or" && a {
				return a, da, nil
			}
			return b, db, nil
		}
		x, err := ev.num(n.x)
		if err != nil {
			return false, decider{}, err
		}
		y, err := ev.num(n.y)
		if err != nil {
			return false, decider{}, err
		}
		c := x.Cmp(y)
		ok := map[string]bool{"<=": c <= 0, "<": c < 0, "==": c == 0, "!=": c != 0, ">=": c >= 0, ">": c > 0}[n.op]
		return ok, decider{x, y}, nil
	}
	return false, decider{}, errAt(n.start(), "internal error: not a truth value")
}

func (ev evaluator) num(n node) (*big.Rat, error) {
	var v *big.Rat
	var err error
	switch n := n.(type) {
	case *numLit:
		return new(big.Rat).Set(n.val), nil
	case *varRef, *indexRef:
		v, err = lookup(n, ev.env)
		if err == nil {
			v = new(big.Rat).Set(v)
		}
	case *call:
		v, err = ev.call(n)
	case *unaryOp:
		v, err = ev.num(n.x)
		if err == nil {
			v.Neg(v)
		}
	case *binOp:
		v, err = ev.binary(n)
	default:
		return nil, errAt(n.start(), "internal error: not a number")
	}
	if err != nil {
		return nil, err
	}
	if v.Num().BitLen()+v.Denom().BitLen() > MaxBits {
		col := n.start()
		if b, ok := n.(*binOp); ok {
			col = b.opCol
		}
		return nil, errAt(col, fmt.Sprintf("number too large (more than %d bits)", MaxBits))
	}
	return v, nil
}

func (ev evaluator) binary(n *binOp) (*big.Rat, error) {
	x, err := ev.num(n.x)
	if err != nil {
		return nil, err
	}
	y, err := ev.num(n.y)
	if err != nil {
		return nil, err
	}
	switch n.op {
	case "+":
		return x.Add(x, y), nil
	case "-":
		return x.Sub(x, y), nil
	case "*":
		return x.Mul(x, y), nil
	case "/":
		if y.Sign() == 0 {
			return nil, errAt(n.opCol, fmt.Sprintf("division by zero (%s/0)", x.RatString()))
		}
		return x.Quo(x, y), nil
	case "mod":
		if y.Sign() == 0 {
			return nil, errAt(n.opCol, fmt.Sprintf("division by zero (%s mod 0)", x.RatString()))
		}
		return mod(x, y), nil
	case "^":
		return power(n, x, y)
	}
	return nil, errAt(n.opCol, "internal error: unknown operator "+n.op)
}

// mod is x - y*floor(x/y).
func mod(x, y *big.Rat) *big.Rat {
	q := floor(new(big.Rat).Quo(x, y))
	return x.Sub(x, q.Mul(q, y))
}

// power is x^y for an integer y, within the limits.
func power(n *binOp, x, y *big.Rat) (*big.Rat, error) {
	if !y.IsInt() {
		return nil, errAt(n.y.start(), fmt.Sprintf("the exponent must be an integer, got %s", y.RatString()))
	}
	if !y.Num().IsInt64() || y.Num().Int64() > MaxExponent || y.Num().Int64() < -MaxExponent {
		return nil, errAt(n.y.start(), fmt.Sprintf("exponent %s too large (at most %d in magnitude)", y.RatString(), MaxExponent))
	}
	k := y.Num().Int64()
	if x.Sign() == 0 && k < 0 {
		return nil, errAt(n.opCol, fmt.Sprintf("division by zero (0^%d)", k))
	}
	abs := k
	if abs < 0 {
		abs = -abs
	}
	if int64(x.Num().BitLen()+x.Denom().BitLen()-1)*abs > MaxBits {
		return nil, errAt(n.opCol, fmt.Sprintf("number too large (more than %d bits)", MaxBits))
	}
	e := big.NewInt(abs)
	num := new(big.Int).Exp(x.Num(), e, nil)
	den := new(big.Int).Exp(x.Denom(), e, nil)
	if k < 0 {
		num, den = den, num
	}
	return new(big.Rat).SetFrac(num, den), nil
}

func (ev evaluator) call(c *call) (*big.Rat, error) {
	if (c.name == "ceil" || c.name == "floor") && isLog2(c.args[0]) {
		inner := c.args[0].(*call)
		x, err := ev.log2Arg(inner)
		if err != nil {
			return nil, err
		}
		k, exact := log2Floor(x)
		if c.name == "ceil" && !exact {
			k++
		}
		return big.NewRat(int64(k), 1), nil
	}
	args := make([]*big.Rat, len(c.args))
	for i, a := range c.args {
		v, err := ev.num(a)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	x := args[0]
	switch c.name {
	case "ceil":
		return ceil(x), nil
	case "floor":
		return floor(x), nil
	case "min", "max":
		return minMax(c.name == "max", args), nil
	case "H":
		if !x.IsInt() || x.Sign() < 0 || x.Cmp(big.NewRat(MaxHarmonic, 1)) > 0 {
			return nil, errAt(c.col, fmt.Sprintf("H needs an integer from 0 to %d, got %s", MaxHarmonic, x.RatString()))
		}
		return Harmonic(int(x.Num().Int64())), nil
	case "log2":
		if err := positive(c, x); err != nil {
			return nil, err
		}
		k, exact := log2Floor(x)
		if !exact {
			return nil, errAt(c.col, fmt.Sprintf("log2(%s) is not a rational number: write ceil(log2(...)) or floor(log2(...))", x.RatString()))
		}
		return big.NewRat(int64(k), 1), nil
	}
	return nil, errAt(c.col, "internal error: unknown function "+c.name)
}

// minMax is the least (or greatest) of args.
func minMax(greatest bool, args []*big.Rat) *big.Rat {
	best := args[0]
	for _, a := range args[1:] {
		if c := a.Cmp(best); greatest && c > 0 || !greatest && c < 0 {
			best = a
		}
	}
	return best
}

func isLog2(n node) bool {
	c, ok := n.(*call)
	return ok && c.name == "log2"
}

// log2Arg evaluates the argument of a log2 call, which must be positive.
func (ev evaluator) log2Arg(c *call) (*big.Rat, error) {
	x, err := ev.num(c.args[0])
	if err != nil {
		return nil, err
	}
	return x, positive(c, x)
}

func positive(c *call, x *big.Rat) error {
	if x.Sign() <= 0 {
		return errAt(c.col, fmt.Sprintf("log2 needs a positive number, got %s", x.RatString()))
	}
	return nil
}

// log2Floor is ⌊log₂ x⌋ for x > 0, and whether x is a power of two (so
// that log₂ x is that integer exactly).
func log2Floor(x *big.Rat) (k int, exact bool) {
	k = x.Num().BitLen() - x.Denom().BitLen()
	// x lies in (2^(k-1), 2^(k+1)): compare with 2^k.
	p := pow2(k)
	switch x.Cmp(p) {
	case 0:
		return k, true
	case -1:
		return k - 1, false
	}
	return k, false
}

// pow2 is 2^k as a rational.
func pow2(k int) *big.Rat {
	if k >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-k)))
}

// floor is ⌊x⌋.
func floor(x *big.Rat) *big.Rat {
	q := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean; the denominator is positive
	return new(big.Rat).SetInt(q)
}

// ceil is ⌈x⌉.
func ceil(x *big.Rat) *big.Rat {
	f := floor(new(big.Rat).Neg(x))
	return f.Neg(f)
}

// Harmonic is the harmonic number H(n) = 1 + 1/2 + ... + 1/n, exactly
// (H(0) = 0).
func Harmonic(n int) *big.Rat {
	num, den := big.NewInt(0), big.NewInt(1)
	k := new(big.Int)
	for i := 1; i <= n; i++ {
		// num/den + 1/i = (num*i + den) / (den*i)
		k.SetInt64(int64(i))
		num.Mul(num, k).Add(num, den)
		den.Mul(den, k)
	}
	return new(big.Rat).SetFrac(num, den)
}
