package formula

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Error is a problem with an expression: malformed text, an unknown name,
// counter or function, a wrong number of arguments, a division by zero,
// a non-integer exponent, ... Col is the 1-based column (in characters)
// of the part of the text at fault.
type Error struct {
	Col int
	Msg string
}

// Error formats the error as "column N: message".
func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

func errAt(col int, msg string) *Error { return &Error{Col: col, Msg: msg} }

// Expr is a parsed expression. Its zero value is not useful; make one
// with Parse.
type Expr struct {
	root node
}

// node is a node of the syntax tree; start is the column where its text
// begins.
type node interface{ start() int }

// numLit is a number written in the text (an integer or a decimal).
type numLit struct {
	col  int
	val  *big.Rat
	text string // canonical spelling
}

// varRef is a name: n, sends, ...
type varRef struct {
	col  int
	name string
}

// indexRef is an indexed counter: sends[ELECTION].
type indexRef struct {
	col, keyCol int
	name, key   string
}

// call is a function call: log2(n), max(a, b), ...
type call struct {
	col  int
	name string
	args []node
}

// unaryOp is -x or not x.
type unaryOp struct {
	col int
	op  string
	x   node
}

// binOp is x op y; opCol is the column of the operator.
type binOp struct {
	opCol int
	op    string
	x, y  node
}

func (n *numLit) start() int   { return n.col }
func (n *varRef) start() int   { return n.col }
func (n *indexRef) start() int { return n.col }
func (n *call) start() int     { return n.col }
func (n *unaryOp) start() int  { return n.col }
func (n *binOp) start() int    { return n.x.start() }

// funcArity gives each function's least and greatest number of arguments
// (-1: any number).
var funcArity = map[string][2]int{
	"log2":  {1, 1},
	"ceil":  {1, 1},
	"floor": {1, 1},
	"min":   {1, -1},
	"max":   {1, -1},
	"H":     {1, 1},
}

// Functions returns the names of the functions of the language, sorted.
func Functions() []string {
	out := make([]string, 0, len(funcArity))
	for f := range funcArity {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

var comparisons = map[string]bool{"<=": true, "<": true, "==": true, "!=": true, ">=": true, ">": true}

// maxDepth bounds the nesting of an expression.
const maxDepth = 100

// parser is a recursive-descent parser over the tokens.
type parser struct {
	toks  []token
	i     int
	depth int
}

// Parse parses an expression of the bound language (docs/FORMULA.md).
// The result is either numeric (n*(n+1)/2) or boolean (sends <= 3*n - 1,
// a comparison or an and/or/not of comparisons); Boolean tells which.
// Names are not resolved here but when the expression is evaluated, in
// the Env given to Eval, Check or Validate.
func Parse(src string) (*Expr, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	if p.peek().kind == tEOF {
		return nil, errAt(1, "empty expression")
	}
	root, err := p.parseOr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, p.unexpected(t, "an operator or the end of the expression")
	}
	return &Expr{root: root}, nil
}

// MustParse is Parse for expressions known to be valid (constants of a
// program); it panics on an error.
func MustParse(src string) *Expr {
	e, err := Parse(src)
	if err != nil {
		panic(fmt.Sprintf("formula.MustParse(%q): %v", src, err))
	}
	return e
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token { t := p.toks[p.i]; p.i++; return t }

// isOp tells whether t is the operator or keyword s.
func isOp(t token, s string) bool { return (t.kind == tOp || t.kind == tIdent) && t.text == s }

func (p *parser) unexpected(t token, want string) error {
	return errAt(t.col, fmt.Sprintf("expected %s, found %s", want, t.describe()))
}

// isBool tells whether a node's value is true/false rather than a number.
func isBool(n node) bool {
	switch n := n.(type) {
	case *unaryOp:
		return n.op == "not"
	case *binOp:
		return n.op == "and" || n.op == "or" || comparisons[n.op]
	}
	return false
}

// wantBool and wantNum are the type checks of the operands.
func wantBool(n node, op string) error {
	if !isBool(n) {
		return errAt(n.start(), fmt.Sprintf("%q needs a comparison here, not a number", op))
	}
	return nil
}

func wantNum(n node, op string) error {
	if isBool(n) {
		return errAt(n.start(), fmt.Sprintf("%q needs a number here, not a comparison", op))
	}
	return nil
}

// parseOr: and { "or" and }
func (p *parser) parseOr() (node, error) {
	return p.parseChain(wantBool, p.parseAnd, "or")
}

// parseAnd: not { "and" not }
func (p *parser) parseAnd() (node, error) {
	return p.parseChain(wantBool, p.parseNot, "and")
}

// parseChain: sub { op sub }, left-associative, op any of ops; want checks
// that both operands of each op have its type.
func (p *parser) parseChain(want func(node, string) error, sub func() (node, error), ops ...string) (node, error) {
	x, err := sub()
	if err != nil {
		return nil, err
	}
	for t := p.peek(); slices.ContainsFunc(ops, func(op string) bool { return isOp(t, op) }); t = p.peek() {
		p.next()
		y, err := sub()
		if err != nil {
			return nil, err
		}
		if x, err = binary(t.col, t.text, x, y, want); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// binary is the operation op (at column col) on x and y, once want has
// checked that both have op's type.
func binary(col int, op string, x, y node, want func(node, string) error) (node, error) {
	if err := want(x, op); err != nil {
		return nil, err
	}
	if err := want(y, op); err != nil {
		return nil, err
	}
	return &binOp{opCol: col, op: op, x: x, y: y}, nil
}

// parsePrefix: op self | sub, for the prefix operator op; want checks that
// its operand has its type.
func (p *parser) parsePrefix(op string, want func(node, string) error, self, sub func() (node, error)) (node, error) {
	t := p.peek()
	if !isOp(t, op) {
		return sub()
	}
	p.next()
	if err := p.enter(t); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := self()
	if err != nil {
		return nil, err
	}
	if err := want(x, op); err != nil {
		return nil, err
	}
	return &unaryOp{col: t.col, op: op, x: x}, nil
}

// parseNot: "not" not | comparison
func (p *parser) parseNot() (node, error) {
	return p.parsePrefix("not", wantBool, p.parseNot, p.parseCmp)
}

// parseCmp: sum [ cmpop sum ]; comparisons do not chain.
func (p *parser) parseCmp() (node, error) {
	x, err := p.parseSum()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if t.kind != tOp || !comparisons[t.text] {
		return x, nil
	}
	p.next()
	y, err := p.parseSum()
	if err != nil {
		return nil, err
	}
	if x, err = binary(t.col, t.text, x, y, wantNum); err != nil {
		return nil, err
	}
	if u := p.peek(); u.kind == tOp && comparisons[u.text] {
		return nil, errAt(u.col, fmt.Sprintf("comparisons do not chain: write a %s b and b %s c", t.text, u.text))
	}
	return x, nil
}

// parseSum: term { ("+"|"-") term }
func (p *parser) parseSum() (node, error) {
	return p.parseChain(wantNum, p.parseTerm, "+", "-")
}

// isCoefficient tells whether n is a number literal, or minus one: what
// may be directly followed by a name, as in 3n or -2n^2 (3*n, -2*n^2).
func isCoefficient(n node) bool {
	if u, ok := n.(*unaryOp); ok && u.op == "-" {
		n = u.x
	}
	_, ok := n.(*numLit)
	return ok
}

// parseTerm: unary { ("*"|"/"|"mod") unary | NAME right after a number }
func (p *parser) parseTerm() (node, error) {
	x, err := p.parseUnary()
	if err != nil {
		return nil, err
	}
	divided := false // a / or mod was seen: 1/2n is ambiguous
	last := x        // the last operand, which a name may follow: 2*3n
	for {
		t := p.peek()
		prev := p.toks[p.i-1]
		op := t.text
		implicit := t.kind == tIdent && !keywords[t.text] && prev.kind == tNum && prev.end == t.col && isCoefficient(last)
		switch {
		case implicit && divided:
			return nil, errAt(t.col, fmt.Sprintf("%s%s after / or mod is ambiguous: write %s*%s with parentheses, as in 1/(%s*%s) or (1/%s)*%s", prev.text, t.text, prev.text, t.text, prev.text, t.text, prev.text, t.text))
		case implicit:
			op = "*"
		case isOp(t, "*") || isOp(t, "/") || isOp(t, "mod"):
			p.next()
			divided = divided || op != "*"
		default:
			return x, nil
		}
		y, err := p.parseUnary()
		if err != nil {
			return nil, err
		}
		if x, err = binary(t.col, op, x, y, wantNum); err != nil {
			return nil, err
		}
		last = y
	}
}

// parseUnary: "-" unary | power
func (p *parser) parseUnary() (node, error) {
	return p.parsePrefix("-", wantNum, p.parseUnary, p.parsePower)
}

// parsePower: primary [ "^" unary ] (so 2^-1 and 2^3^2 = 2^(3^2)).
func (p *parser) parsePower() (node, error) {
	x, err := p.parsePrimary()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if !isOp(t, "^") {
		return x, nil
	}
	p.next()
	if err := p.enter(t); err != nil {
		return nil, err
	}
	defer p.leave()
	y, err := p.parseUnary()
	if err != nil {
		return nil, err
	}
	return binary(t.col, t.text, x, y, wantNum)
}

func (p *parser) enter(t token) error {
	p.depth++
	if p.depth > maxDepth {
		return errAt(t.col, fmt.Sprintf("expression nested too deeply (more than %d levels)", maxDepth))
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

const operand = "a number, a name or ("

// parsePrimary: NUMBER | NAME | NAME "[" KEY "]" | NAME "(" args ")" | "(" or ")"
func (p *parser) parsePrimary() (node, error) {
	t := p.peek()
	switch {
	case t.kind == tNum:
		p.next()
		return numberLit(t)
	case t.kind == tIdent && keywords[t.text]:
		return nil, errAt(t.col, fmt.Sprintf("expected %s, found %q (a reserved word)", operand, t.text))
	case t.kind == tIdent:
		p.next()
		switch {
		case isOp(p.peek(), "("):
			return p.parseCall(t)
		case isOp(p.peek(), "["):
			return p.parseIndex(t)
		}
		if _, ok := funcArity[t.text]; ok {
			return nil, errAt(t.col, fmt.Sprintf("%s is a function: write %s(...)", t.text, t.text))
		}
		return &varRef{col: t.col, name: t.text}, nil
	case isOp(t, "("):
		p.next()
		if err := p.enter(t); err != nil {
			return nil, err
		}
		defer p.leave()
		x, err := p.parseOr()
		if err != nil {
			return nil, err
		}
		if u := p.peek(); !isOp(u, ")") {
			return nil, p.unexpected(u, fmt.Sprintf(`")" to close the "(" of column %d`, t.col))
		}
		p.next()
		return x, nil
	}
	return nil, p.unexpected(t, operand)
}

// numberLit makes the literal of a number token, with its canonical
// spelling: no leading zeros, no trailing zeros after the point, no
// exponent (1e3 is 1000, 2.5e-2 is 0.025: exact, as every number).
func numberLit(t token) (node, error) {
	plain := t.text
	if mant, exp, sci := strings.Cut(strings.ToLower(t.text), "e"); sci {
		x, err := strconv.Atoi(exp)
		if err != nil || x > MaxExponent || x < -MaxExponent {
			return nil, errAt(t.col, fmt.Sprintf("the exponent of %s is out of range (at most %d in magnitude)", t.text, MaxExponent))
		}
		plain = shiftPoint(mant, x)
	}
	v, ok := new(big.Rat).SetString(plain)
	if !ok {
		return nil, errAt(t.col, fmt.Sprintf("malformed number %s", t.text))
	}
	intPart, frac, _ := strings.Cut(plain, ".")
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	text := intPart
	if frac = strings.TrimRight(frac, "0"); frac != "" {
		text += "." + frac
	}
	return &numLit{col: t.col, val: v, text: text}, nil
}

// shiftPoint is the decimal mant (digits, perhaps a point and more
// digits) times 10^x, written as a decimal: its point moved x places to
// the right (to the left for a negative x).
func shiftPoint(mant string, x int) string {
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	point := len(intPart) + x
	switch {
	case point <= 0:
		return "0." + strings.Repeat("0", -point) + digits
	case point >= len(digits):
		return digits + strings.Repeat("0", point-len(digits))
	}
	return digits[:point] + "." + digits[point:]
}

// parseCall parses the arguments of function name, after the name.
func (p *parser) parseCall(name token) (node, error) {
	open := p.next()
	arity, ok := funcArity[name.text]
	if !ok {
		return nil, errAt(name.col, fmt.Sprintf("unknown function %q (known: %s)", name.text, strings.Join(Functions(), ", ")))
	}
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer p.leave()
	c := &call{col: name.col, name: name.text}
	if !isOp(p.peek(), ")") {
		for {
			a, err := p.parseOr()
			if err != nil {
				return nil, err
			}
			if err := wantNum(a, name.text); err != nil {
				return nil, err
			}
			c.args = append(c.args, a)
			if !isOp(p.peek(), ",") {
				break
			}
			p.next()
		}
	}
	if u := p.peek(); !isOp(u, ")") {
		return nil, p.unexpected(u, fmt.Sprintf(`"," or ")" to close the "(" of column %d`, open.col))
	}
	p.next()
	if n := len(c.args); n < arity[0] || arity[1] >= 0 && n > arity[1] {
		return nil, errAt(name.col, fmt.Sprintf("%s takes %s, got %d", name.text, arityText(arity), n))
	}
	return c, nil
}

func arityText(a [2]int) string {
	switch {
	case a[1] < 0:
		return fmt.Sprintf("at least %d argument(s)", a[0])
	case a[0] == a[1] && a[0] == 1:
		return "1 argument"
	}
	return fmt.Sprintf("%d to %d arguments", a[0], a[1])
}

// parseIndex parses the [KEY] of an indexed counter, after the name.
func (p *parser) parseIndex(name token) (node, error) {
	open := p.next()
	k := p.peek()
	if k.kind != tIdent && k.kind != tNum {
		return nil, p.unexpected(k, "a key (such as ELECTION)")
	}
	p.next()
	// A key may be several words (names and numbers), kept with one
	// space between them: Pmin[elected within 3 rounds].
	words := []string{k.text}
	for u := p.peek(); u.kind == tIdent || u.kind == tNum; u = p.peek() {
		words = append(words, p.next().text)
	}
	if u := p.peek(); !isOp(u, "]") {
		return nil, p.unexpected(u, fmt.Sprintf(`"]" to close the "[" of column %d`, open.col))
	}
	p.next()
	return &indexRef{col: name.col, keyCol: k.col, name: name.text, key: strings.Join(words, " ")}, nil
}
