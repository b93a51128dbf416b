package fceabr

import (
	"math"
	"testing"

	"github.com/electlab/electlab/claim"
)

// Reference: [S0] §VI.6.2 eq.(3)–(10). eq.(8)–(10) evaluated in code:
// (N−1)β in place of 2(N−1)β, so ECT2 < ECT; order 2 in N like ECT
// (C-FCEABR-7 (a)), N(3N−3)/2 at α = β = 1 for N even; and the dimension
// check: every summand is a count times α or β, so scaling α and β by k
// scales ECT2 by k, and PT, PT2 scale with β alone.
func TestECT2AndPTFormulas(t *testing.T) {
	for n := int64(2); n <= 64; n++ {
		p := claim.Params{N: int(n), Live: int(n)}
		if ECT2(p).Cmp(ECT(p)) >= 0 {
			t.Errorf("N=%d: ECT2 %s not below ECT %s", n, ECT2(p), ECT(p))
		}
		if n%2 == 0 {
			if want := claim.RatFrac(n*(3*n-3), 2); ECT2(p).Cmp(want) != 0 {
				t.Errorf("N=%d: ECT2 %s, want N(3N−3)/2 = %s", n, ECT2(p), want)
			}
		}
		for k := int64(2); k <= 3; k++ {
			if got, want := ect2At(n, k, k).Float(), float64(k)*ect2At(n, 1, 1).Float(); got != want {
				t.Errorf("N=%d: ECT2 at α = β = %d is %v, want %v", n, k, got, want)
			}
		}
		if PT(p).Cmp(claim.RatInt(2*(n-1))) != 0 || PT2(p).Cmp(claim.RatInt(n-1)) != 0 {
			t.Errorf("N=%d: PT %s, PT2 %s", n, PT(p), PT2(p))
		}
	}
	a, b := int64(128), int64(256)
	if k := math.Log(ect2At(b, 1, 1).Float()/ect2At(a, 1, 1).Float()) / math.Log(float64(b)/float64(a)); math.Abs(k-2) > 0.05 {
		t.Errorf("ECT2 exponent %.3f, want 2", k)
	}
}
