package formula

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// sexpr writes the tree without positions, every node parenthesized.
func sexpr(n node) string {
	var b strings.Builder
	sexprTo(&b, n)
	return b.String()
}

func sexprTo(b *strings.Builder, n node) {
	switch n := n.(type) {
	case *numLit:
		b.WriteString(n.val.RatString())
	case *varRef:
		b.WriteString(n.name)
	case *indexRef:
		b.WriteString(n.name + "[" + n.key + "]")
	case *call:
		b.WriteString("(" + n.name)
		for _, a := range n.args {
			b.WriteByte(' ')
			sexprTo(b, a)
		}
		b.WriteByte(')')
	case *unaryOp:
		b.WriteString("(" + n.op + " ")
		sexprTo(b, n.x)
		b.WriteByte(')')
	case *binOp:
		b.WriteString("(" + n.op + " ")
		sexprTo(b, n.x)
		b.WriteByte(' ')
		sexprTo(b, n.y)
		b.WriteByte(')')
	default:
		fmt.Fprintf(b, "?%T", n)
	}
}

var fuzzSeeds = []string{
	"sends <= 3*n - 1", "sends[ELECTION] <= n*(n+1)/2", "-2^2", "2^-1^2", "3n^2/2 - -n",
	"not (n < 1 or n > 2) and max(1, n, H(n)) >= ceil(log2(n))", "n mod 2 mod 3", "1/2n",
	"((n))", "007.500", "2*3n", "-3n", "(-2)^(-2)", "n - (1 - 2)", "a < b < c", "floor(log2(7/2))",
}

// FuzzParse: Parse never panics; what it accepts prints canonically,
// and the canonical text parses back to the same tree and the same text;
// what it refuses is an *Error with a column inside the text (or just
// after it); evaluation never panics.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src)
		if err != nil {
			fe, ok := err.(*Error)
			if !ok {
				t.Fatalf("Parse(%q): %T %v", src, err, err)
			}
			if fe.Col < 1 || fe.Col > utf8.RuneCountInString(src)+1 {
				t.Fatalf("Parse(%q): column %d outside the text", src, fe.Col)
			}
			return
		}
		canon := e.String()
		e2, err := Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) printed %q, which does not parse: %v", src, canon, err)
		}
		if got := e2.String(); got != canon {
			t.Fatalf("Parse(%q): %q prints again as %q", src, canon, got)
		}
		if a, b := sexpr(e.root), sexpr(e2.root); a != b {
			t.Fatalf("Parse(%q): tree %s, but its canonical text %q gives %s", src, a, canon, b)
		}
		if len(src) < 200 { // keeps the fuzzer fast; the limits bound any evaluation
			_, _ = e.Eval(testEnv())
		}
	})
}

// refusedSeeds are the seeds of FuzzParse that Parse refuses; every other
// seed must parse.
var refusedSeeds = map[string]bool{"1/2n": true, "a < b < c": true}

// TestSeedsRoundTrip runs the seeds of FuzzParse under go test (the
// fuzzer is run by hand: go test ./checker/formula -fuzz FuzzParse).
func TestSeedsRoundTrip(t *testing.T) {
	for _, s := range fuzzSeeds {
		e, err := Parse(s)
		if err != nil {
			if !refusedSeeds[s] {
				t.Errorf("%q: %v", s, err)
			}
			continue
		}
		if refusedSeeds[s] {
			t.Errorf("%q parses, but refusedSeeds lists it", s)
		}
		if e2 := MustParse(e.String()); sexpr(e2.root) != sexpr(e.root) {
			t.Errorf("%q: %s vs %s", s, sexpr(e.root), sexpr(e2.root))
		}
	}
}
