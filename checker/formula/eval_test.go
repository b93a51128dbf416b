package formula

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// testEnv is the environment of the table tests: n = 6, one initiator,
// 17 sends of which 12 ELECTION and 5 COORDINATOR.
func testEnv() *MapEnv {
	return NewEnv().Set("n", 6).Set("initiators", 1).Set("sends", 17).Set("zero", 0).
		SetKey("sends", "ELECTION", 12).SetKey("sends", "COORDINATOR", 5).SetKey("deliveries", "ELECTION", 11)
}

// TestEvalOperators evaluates every operator, function and form of the
// language, and checks the canonical String.
func TestEvalOperators(t *testing.T) {
	for _, c := range []struct{ src, canon, want string }{
		{"42", "42", "42"},
		{"007", "7", "7"},
		{"1.50", "1.5", "3/2"},
		{"2.0", "2", "2"},
		{"n", "n", "6"},
		{"sends[ELECTION]", "sends[ELECTION]", "12"},
		{"n + 1", "n + 1", "7"},
		{"n - 10", "n - 10", "-4"},
		{"n * 3", "n*3", "18"},
		{"n / 4", "n/4", "3/2"},
		{"n mod 4", "n mod 4", "2"},
		{"-7 mod 3", "-7 mod 3", "2"},
		{"7/2 mod 1", "7/2 mod 1", "1/2"},
		{"n ^ 2", "n^2", "36"},
		{"2^-2", "2^-2", "1/4"},
		{"(2/3)^-2", "(2/3)^-2", "9/4"},
		{"0^0", "0^0", "1"},
		{"2^3^2", "2^3^2", "512"},
		{"(2^3)^2", "(2^3)^2", "64"},
		{"-2^2", "-2^2", "-4"},
		{"(-2)^2", "(-2)^2", "4"},
		{"--n", "--n", "6"},
		{"n - -1", "n - -1", "7"},
		{"3n", "3*n", "18"},
		{"3n^2/2", "3*n^2/2", "54"},
		{"-2n + 1", "-2*n + 1", "-11"},
		{"2*3n", "2*3*n", "36"},
		{"1.5n", "1.5*n", "9"},
		{"n - (1 + 2)", "n - (1 + 2)", "3"},
		{"(n - 1) - 2", "n - 1 - 2", "3"},
		{"n/(2*3)", "n/(2*3)", "1"},
		{"(n/2)*3", "n/2*3", "9"},
		{"-(n*2)", "-(n*2)", "-12"},
		{"H(0)", "H(0)", "0"},
		{"H(4)", "H(4)", "25/12"},
		{"n*H(n)", "n*H(n)", "147/10"},
		{"log2(8)", "log2(8)", "3"},
		{"log2(1/4)", "log2(1/4)", "-2"},
		{"ceil(log2(n))", "ceil(log2(n))", "3"},
		{"floor(log2(n))", "floor(log2(n))", "2"},
		{"ceil(log2(8))", "ceil(log2(8))", "3"},
		{"floor(log2(3/4))", "floor(log2(3/4))", "-1"},
		{"ceil(log2(3/4))", "ceil(log2(3/4))", "0"},
		{"ceil(7/2)", "ceil(7/2)", "4"},
		{"floor(7/2)", "floor(7/2)", "3"},
		{"ceil(-7/2)", "ceil(-7/2)", "-3"},
		{"floor(-7/2)", "floor(-7/2)", "-4"},
		{"min(n, 3, 9)", "min(n, 3, 9)", "3"},
		{"max(n, 3, 9/2)", "max(n, 3, 9/2)", "6"},
		{"max(n)", "max(n)", "6"},
		{"sends <= 3*n - 1", "sends <= 3*n - 1", "true"},
		{"sends < 17", "sends < 17", "false"},
		{"sends == 17", "sends == 17", "true"},
		{"sends != 17", "sends != 17", "false"},
		{"sends >= 18", "sends >= 18", "false"},
		{"sends > 16", "sends > 16", "true"},
		{"n > 1 and n < 3", "n > 1 and n < 3", "false"},
		{"n > 1 or n < 3", "n > 1 or n < 3", "true"},
		{"not n > 1", "not n > 1", "false"},
		{"not (n > 1 and n < 3)", "not (n > 1 and n < 3)", "true"},
		{"n < 1 or n > 2 and n < 3", "n < 1 or n > 2 and n < 3", "false"},
		{"(n < 1 or n > 2) and n < 7", "(n < 1 or n > 2) and n < 7", "true"},
		{"((n))", "n", "6"},
		{"sends[ELECTION] <= n*(n+1)/2", "sends[ELECTION] <= n*(n + 1)/2", "true"},
	} {
		e, err := Parse(c.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.src, err)
			continue
		}
		if got := e.String(); got != c.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", c.src, got, c.canon)
		}
		v, err := e.Eval(testEnv())
		if err != nil {
			t.Errorf("Eval(%q): %v", c.src, err)
			continue
		}
		if got := v.String(); got != c.want {
			t.Errorf("Eval(%q) = %s, want %s", c.src, got, c.want)
		}
		if e.Boolean() != (c.want == "true" || c.want == "false") {
			t.Errorf("Parse(%q).Boolean() = %v", c.src, e.Boolean())
		}
	}
}

// TestErrors: every kind of error, at parse or evaluation time, with the
// column it names.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		src  string
		col  int
		want string // a part of the message
	}{
		{"", 1, "empty expression"},
		{"   ", 1, "empty expression"},
		{"n +", 4, "expected a number, a name or (, found end of expression"},
		{"n + * 2", 5, `found "*"`},
		{"(n + 1", 7, `expected ")" to close the "(" of column 1`},
		{"n + 1)", 6, `expected an operator or the end of the expression, found ")"`},
		{"3 n", 3, `found name "n"`},
		{"n 3", 3, "found number 3"},
		{"1.", 3, "a decimal point must be followed by a digit"},
		{"n = 2", 3, "write == to compare"},
		{"n < 2 && n > 1", 7, "write and"},
		{"n < 2 || n > 1", 7, "write or"},
		{"n ** 2", 3, "write ^ for a power"},
		{"n % 2", 3, "write mod"},
		{"!(n < 2)", 1, "write not"},
		{"n # 2", 3, `unexpected character '#'`},
		{"n + é", 5, `unexpected character 'é'`},
		{"n + \xff", 5, "not valid UTF-8"},
		{"1 < n < 3", 7, "comparisons do not chain"},
		{"(n < 2) + 1", 2, `"+" needs a number here`},
		{"n + (n < 2)", 6, `"+" needs a number here`},
		{"n and n < 2", 1, `"and" needs a comparison here`},
		{"n < 2 or 3", 10, `"or" needs a comparison here`},
		{"not n", 5, `"not" needs a comparison here`},
		{"-(n < 2)", 3, `"-" needs a number here`},
		{"max(n < 2)", 5, `"max" needs a number here`},
		{"and", 1, `(a reserved word)`},
		{"n + mod", 5, `(a reserved word)`},
		{"1/2n", 4, "2n after / or mod is ambiguous"},
		{"n mod 2n", 8, "ambiguous"},
		{"2^3n", 4, `found name "n"`},
		{"log2", 1, "log2 is a function: write log2(...)"},
		{"lg(n)", 1, `unknown function "lg" (known: H, ceil, floor, log2, max, min)`},
		{"n + H(1, 2)", 5, "H takes 1 argument, got 2"},
		{"min()", 1, "min takes at least 1 argument(s), got 0"},
		{"ceil()", 1, "ceil takes 1 argument, got 0"},
		{"max(1, 2", 9, `expected "," or ")" to close the "(" of column 4`},
		{"sends[]", 7, "expected a key"},
		{"sends[A", 8, `expected "]" to close the "[" of column 6`},
		{strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200), 101, "nested too deeply"},
		// Evaluation.
		{"n + sendz", 5, `unknown counter "sendz" (known: deliveries, initiators, n, sends, zero)`},
		{"deliveries + 1", 1, "deliveries is counted per key: write deliveries[KEY] (keys: ELECTION)"},
		{"sends[ELECTON] <= n", 7, `unknown key "ELECTON" of sends (known: COORDINATOR, ELECTION)`},
		{"n[A]", 3, "n has no keys: write n"},
		{"foo[A]", 1, `unknown counter "foo"`},
		{"n/0", 2, "division by zero (6/0)"},
		{"n + n/(n - 6)", 6, "division by zero (6/0)"},
		{"n mod zero", 3, "division by zero (6 mod 0)"},
		{"zero^-1", 5, "division by zero (0^-1)"},
		{"n^(1/2)", 4, "the exponent must be an integer, got 1/2"},
		{"2^100000", 3, "exponent 100000 too large"},
		{"2^60000", 3, "exponent 60000 too large"},
		{"(2^9000)^8", 9, "number too large"},
		{"(2^9000)^7 * 2^9000", 12, "number too large (more than 65536 bits)"},
		{"(2^9999)^9999", 9, "number too large"},
		{"log2(n)", 1, "log2(6) is not a rational number: write ceil(log2(...)) or floor(log2(...))"},
		{"log2(zero)", 1, "log2 needs a positive number, got 0"},
		{"ceil(log2(-n))", 6, "log2 needs a positive number, got -6"},
		{"H(1/2)", 1, "H needs an integer from 0 to 2000, got 1/2"},
		{"H(-1)", 1, "H needs an integer from 0 to 2000"},
		{"H(2001)", 1, "H needs an integer from 0 to 2000"},
		{"1 < 2 or 1/zero > 0", 11, "division by zero"},
	} {
		e, err := Parse(c.src)
		if err == nil {
			_, err = e.Eval(testEnv())
		}
		fe, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: error %v (%T), want an *Error", c.src, err, err)
			continue
		}
		if fe.Col != c.col || !strings.Contains(fe.Msg, c.want) {
			t.Errorf("%q: %v\nwant column %d: ...%s...", c.src, err, c.col, c.want)
		}
	}
}

// TestCheck: the truth value of a bound and the sides of the comparison
// that decided it.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		src      string
		ok       bool
		lhs, rhs string
	}{
		{"sends <= 3*n - 1", true, "17", "17"},
		{"sends <= 3*n - 2", false, "17", "16"},
		{"sends <= 2*n and n <= 5", false, "17", "12"},
		{"sends <= 3*n and n <= 5", false, "6", "5"},
		{"sends <= 3*n and n <= 6", true, "6", "6"},
		{"sends <= 2*n or n <= 5", false, "6", "5"},
		{"sends <= 3*n or n <= 5", true, "17", "18"},
		{"not sends <= 3*n", false, "17", "18"},
	} {
		ok, lhs, rhs, err := MustParse(c.src).Check(testEnv())
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if ok != c.ok || lhs.RatString() != c.lhs || rhs.RatString() != c.rhs {
			t.Errorf("%q: %v %s %s, want %v %s %s", c.src, ok, lhs.RatString(), rhs.RatString(), c.ok, c.lhs, c.rhs)
		}
	}
	if _, _, _, err := MustParse("3*n").Check(testEnv()); err == nil || !strings.Contains(err.Error(), "must be a comparison") {
		t.Errorf("Check of a number: %v", err)
	}
	if _, _, _, err := MustParse("sendz <= 1").Check(testEnv()); err == nil {
		t.Error("Check with an unknown counter: no error")
	}
}

// TestBroken: the checks must be able to fail. A bound that is off by one
// is refuted, and an evaluator that ignored a term would be caught by the
// table of TestEvalOperators (each operator changes the value).
func TestBroken(t *testing.T) {
	ok, _, _, err := MustParse("sends <= 3*n - 2").Check(testEnv())
	if err != nil || ok {
		t.Fatalf("an off-by-one bound holds: %v %v", ok, err)
	}
	// Every comparison operator gives both answers on some input.
	for _, op := range []string{"<=", "<", "==", "!=", ">=", ">"} {
		seen := map[bool]bool{}
		for _, rhs := range []string{"16", "17", "18"} {
			ok, _, _, err := MustParse("sends " + op + " " + rhs).Check(testEnv())
			if err != nil {
				t.Fatal(err)
			}
			seen[ok] = true
		}
		if !seen[true] || !seen[false] {
			t.Errorf("%s never gives both answers", op)
		}
	}
}

func TestNames(t *testing.T) {
	e := MustParse("sends[ELECTION] + n*sends[ELECTION] <= max(n, initiators) and n > 1")
	if got := strings.Join(e.Names(), " "); got != "initiators n sends[ELECTION]" {
		t.Errorf("Names = %s", got)
	}
	var zero Expr
	if _, err := zero.Eval(testEnv()); zero.String() != "" || zero.Boolean() || zero.Names() != nil || err == nil {
		t.Errorf("the zero Expr: %q %v", zero.String(), err)
	}
	var z MapEnv
	if v, err := MustParse("n + k[A]").Eval(z.Set("n", 2).SetKey("k", "A", 3)); err != nil || v.String() != "5" {
		t.Errorf("a zero MapEnv: %v %v", v, err)
	}
	var nilEnv *MapEnv
	if err := MustParse("n").Validate(nilEnv); err == nil || !strings.Contains(err.Error(), "(known: none)") {
		t.Errorf("nil env: %v", err)
	}
}

func TestHarmonic(t *testing.T) {
	want := new(big.Rat)
	for n := 1; n <= 30; n++ {
		want.Add(want, big.NewRat(1, int64(n)))
		if got := Harmonic(n); got.Cmp(want) != 0 {
			t.Fatalf("H(%d) = %s, want %s", n, got.RatString(), want.RatString())
		}
	}
}

// TestLog2 compares floor/ceil(log2) with a plain loop over many values.
func TestLog2(t *testing.T) {
	for p := int64(1); p <= 70; p++ {
		for q := int64(1); q <= 20; q++ {
			x := big.NewRat(p, q)
			fl := 0
			for pow2(fl).Cmp(x) > 0 {
				fl--
			}
			for pow2(fl+1).Cmp(x) <= 0 {
				fl++
			}
			k, exact := log2Floor(x)
			if k != fl || exact != (pow2(fl).Cmp(x) == 0) {
				t.Fatalf("log2Floor(%s) = %d %v, want %d", x.RatString(), k, exact, fl)
			}
		}
	}
}

// TestScientificNotation: 1e3 is the number 1000, exactly (not 1 times a
// name e3), a decimal mantissa and a signed exponent included; its
// canonical text has no exponent; an exponent past MaxExponent is an
// error naming the number.
func TestScientificNotation(t *testing.T) {
	for _, c := range []struct{ src, str, val string }{
		{"1e3", "1000", "1000"},
		{"1E3", "1000", "1000"},
		{"2.5e-2", "0.025", "1/40"},
		{"1e+2", "100", "100"},
		{"12.5e1", "125", "125"},
		{"0.00e5", "0", "0"},
		{"3e2n", "300*n", "1800"},
		{"n <= 1e1", "n <= 10", "true"},
	} {
		e, err := Parse(c.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.src, err)
			continue
		}
		v, err := e.Eval(NewEnv().Set("n", 6))
		if err != nil || e.String() != c.str || v.String() != c.val {
			t.Errorf("%q: canonical %q, value %v (%v); want %q, %s", c.src, e.String(), v, err, c.str, c.val)
		}
	}
	if _, err := Parse("1e10001"); err == nil || !strings.Contains(err.Error(), "the exponent of 1e10001 is out of range (at most 10000 in magnitude)") {
		t.Errorf("Parse(1e10001): %v", err)
	}
}

// TestKeyOfSeveralWords: a key may be several names and numbers, kept
// with one space between them (the probabilistic names' grammar); an Env
// that explains a missing key (KeyErrEnv) is heard at the key's column.
func TestKeyOfSeveralWords(t *testing.T) {
	e, err := Parse("P[elected  within 3 rounds] >= 1/2")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(e.Names(), " "); got != "P[elected within 3 rounds]" {
		t.Errorf("Names = %q", got)
	}
	if e.String() != "P[elected within 3 rounds] >= 1/2" {
		t.Errorf("String = %q", e.String())
	}
	_, err = e.Eval(keyErrEnv{NewEnv()})
	if err == nil || err.Error() != "column 3: no such query" {
		t.Errorf("KeyErr: %v", err)
	}
}

type keyErrEnv struct{ *MapEnv }

func (keyErrEnv) KeyErr(name, key string) error { return errors.New("no such query") }
