package modeltest

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// triggerCase is one reading of AMB-HIER-1 (when a new election starts
// after a coordinator crash: [S3] Fig. 10 and §II, [S0] §II) with the
// successive crash whose handling starts the first new election when the
// coordinator has P alternatives.
type triggerCase struct {
	// trigger is the reading's name.
	trigger string
	// at is the number of that crash (1, 2, …) at P alternatives.
	at func(p int) int
	// full reports that the new election is a full Election; otherwise it
	// is an SElection for new alternatives.
	full bool
}

// triggerCases are AMB-HIER-1's three readings: at-empty (crash P, an
// SElection), all-failed (crash P+1, a full Election) and k-minus-1
// (crash max(1, P−1), an SElection).
var triggerCases = []triggerCase{
	{"at-empty", func(p int) int { return p }, false},
	{"all-failed", func(p int) int { return p + 1 }, true},
	{"k-minus-1", func(p int) int { return max(1, p-1) }, false},
}

// SuccessiveTriggers runs, for each reading of AMB-HIER-1 (at-empty,
// all-failed, k-minus-1), P = 1, 2, 3 and both timings, the configuration
// cfg builds (with four successive crashes) under the FIFO schedule. first
// reads from a run the crash whose handling started the first new
// election, whether that election is a full one, whether one started at
// all, and the number of crashes made; the check is that the four crashes
// were made and the first new election follows crash P (at-empty), P+1
// (all-failed, a full Election) or max(1, P−1) (k-minus-1). Then more
// (nil: nothing) checks the run further.
func SuccessiveTriggers(t testing.TB, spec model.Spec, cfg func(trigger string, p int, timing model.Timing) *model.Config,
	first func(w model.System) (crash int, full, found bool, crashes int), more func(cfg *model.Config, w model.System)) {
	t.Helper()
	for _, tc := range triggerCases {
		for p := 1; p <= 3; p++ {
			for _, timing := range []model.Timing{model.Sync, model.Async} {
				c := cfg(tc.trigger, p, timing)
				w := RunFIFO(t, spec, c)
				crash, full, found, crashes := first(w)
				if crashes != 4 || !found || crash != tc.at(p) || full != tc.full {
					t.Errorf("%s: crashes %d, first new election after crash %d (full %t, found %t); want crash %d, full %t", c, crashes, crash, full, found, tc.at(p), tc.full)
				}
				if more != nil {
					more(c, w)
				}
			}
		}
	}
}
