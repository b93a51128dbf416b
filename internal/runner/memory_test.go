package runner

import (
	"math"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
)

// TestNeedSaturates: the up-front estimate grows with n and, past the
// processes ids can name, saturates at math.MaxInt64 instead of
// overflowing into a small or negative number that a bound would admit.
func TestNeedSaturates(t *testing.T) {
	spec := changroberts.Algorithm
	for _, w := range []Work{WorldRun, SimRun, Search} {
		for _, sync := range []bool{false, true} {
			prev := int64(0)
			for _, n := range []int{2, 1000, 1 << 20, math.MaxInt32, math.MaxInt32 + 1, 1 << 40, math.MaxInt} {
				need, what := Need(spec, n, sync, w)
				if need < prev || need <= 0 {
					t.Errorf("%s, n=%d: estimate %d after %d", what, n, need, prev)
				}
				if n > math.MaxInt32 && need != math.MaxInt64 {
					t.Errorf("%s, n=%d: estimate %d, want saturated", what, n, need)
				}
				prev = need
			}
			err := CheckNeed(spec, math.MaxInt, sync, w, 1<<20)
			if err == nil || !strings.Contains(err.Error(), "needs more than 8.0EiB (estimate), over -max-mem 1MiB") {
				t.Errorf("CheckNeed(n=MaxInt, 1MiB): %v", err)
			}
			if err := CheckNeed(spec, math.MaxInt, sync, w, 0); err != nil {
				t.Errorf("CheckNeed with no bound: %v", err)
			}
		}
	}
}
