package formula

import "strings"

// Precedence levels, loosest first.
const (
	levOr = iota + 1
	levAnd
	levNot
	levCmp
	levSum
	levTerm
	levNeg
	levPow
	levAtom
)

func level(n node) int {
	switch n := n.(type) {
	case *unaryOp:
		if n.op == "not" {
			return levNot
		}
		return levNeg
	case *binOp:
		switch {
		case n.op == "or":
			return levOr
		case n.op == "and":
			return levAnd
		case comparisons[n.op]:
			return levCmp
		case n.op == "+" || n.op == "-":
			return levSum
		case n.op == "^":
			return levPow
		}
		return levTerm
	}
	return levAtom
}

// String is the canonical text of the expression: single spaces around
// + - comparisons and/or/mod, none around * / ^, the parentheses the
// precedence needs and no others, numbers without leading or trailing
// zeros, every multiplication written with *. Parsing it gives the same
// expression back.
func (e *Expr) String() string {
	if e == nil || e.root == nil {
		return ""
	}
	var b strings.Builder
	write(&b, e.root)
	return b.String()
}

// writeSub writes n, in parentheses when its level is below min.
func writeSub(b *strings.Builder, n node, min int) {
	if level(n) < min {
		b.WriteByte('(')
		write(b, n)
		b.WriteByte(')')
		return
	}
	write(b, n)
}

func write(b *strings.Builder, n node) {
	switch n := n.(type) {
	case *numLit:
		b.WriteString(n.text)
	case *varRef:
		b.WriteString(n.name)
	case *indexRef:
		b.WriteString(n.name + "[" + n.key + "]")
	case *call:
		b.WriteString(n.name + "(")
		for i, a := range n.args {
			if i > 0 {
				b.WriteString(", ")
			}
			write(b, a)
		}
		b.WriteByte(')')
	case *unaryOp:
		if n.op == "not" {
			b.WriteString("not ")
			writeSub(b, n.x, levNot)
			return
		}
		b.WriteByte('-')
		writeSub(b, n.x, levNeg)
	case *binOp:
		l := level(n)
		switch {
		case n.op == "^": // right-associative, exponent parsed as a unary
			writeSub(b, n.x, levPow+1)
			b.WriteByte('^')
			writeSub(b, n.y, levNeg)
			return
		case l == levCmp: // not associative
			writeSub(b, n.x, levCmp+1)
		default: // left-associative
			writeSub(b, n.x, l)
		}
		if l == levTerm && n.op != "mod" {
			b.WriteString(n.op)
		} else {
			b.WriteString(" " + n.op + " ")
		}
		writeSub(b, n.y, l+1)
	}
}
