package formula

import "testing"

func TestScratch(t *testing.T) {
	env := NewEnv().Set("n", 6).Set("sends", 17).SetKey("sends", "ELECTION", 12)
	for _, s := range []string{"sends <= 3*n - 1", "3n^2/2", "-2^2", "(-2)^2", "2^-1", "2^3^2", "1/2n", "2*3n", "H(4)", "ceil(log2(n))", "floor(log2(n))", "log2(n)", "log2(8)", "n mod 4", "-7 mod 3", "max(1,n,3)", "sendz + 1", "sends[ELECTON]", "sends[ELECTION] <= n*(n+1)/2", "a < b < c", "not n < 3 and n > 1 or n == 2", "1/(n-6)", "2^(1/2)", "min()", "foo(1)", "007.500", "n +", "(n", "3 n", "n = 2", "(n<2)+1"} {
		e, err := Parse(s)
		if err != nil {
			t.Logf("%-30s parse: %v", s, err)
			continue
		}
		v, err := e.Eval(env)
		t.Logf("%-30s %-30s %v %v", s, e.String(), v, err)
	}
}
