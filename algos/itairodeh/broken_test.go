package itairodeh

import (
	"strings"
	"testing"
)

// TestSyncCatchesMaxOnly: a synchronous election that succeeds only when
// the largest value is unique (not PRISM's condition, some value unique)
// has other expected rounds and other probabilities within L rounds, and
// the exactness check (syncMismatches) reports them, at every size tried.
func TestSyncCatchesMaxOnly(t *testing.T) {
	broken := syncAlg(true)
	for _, sz := range [][2]int{{3, 2}, {3, 5}, {4, 3}, {5, 2}} {
		n, k := sz[0], sz[1]
		bad, _, info := syncMismatches(t, broken, n, k)
		if !hasAll(bad, "Emin[rounds]", "Emax[rounds]", "within 1 rounds") {
			t.Errorf("n=%d k=%d: the broken election is not caught on E[rounds] and P[within 1 round]: %q (%s)", n, k, bad, info)
		}
	}
}

// TestAsyncCatchesGiveUp: an asynchronous election in which a tie also
// makes a process inactive can make every process inactive: some
// scheduler (indeed every one) misses election with positive probability,
// and the qualitative check (asyncProblems) reports it.
func TestAsyncCatchesGiveUp(t *testing.T) {
	broken := asyncAlg(true)
	for _, sz := range [][2]int{{3, 2}, {3, 3}, {4, 2}} {
		n, k := sz[0], sz[1]
		bad, _, info := asyncProblems(t, broken, n, k, false)
		if !hasAll(bad, "Pmin[elected] < 1") {
			t.Errorf("n=%d k=%d: the broken election is not caught: %q (%s)", n, k, bad, info)
		}
	}
}

// hasAll says every one of wants is a part of some line of bad.
func hasAll(bad []string, wants ...string) bool {
	all := strings.Join(bad, "\n")
	for _, w := range wants {
		if !strings.Contains(all, w) {
			return false
		}
	}
	return true
}
