package modeltest

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// TriggerCase is one reading of AMB-HIER-1 (when a new election starts
// after a coordinator crash: [S3] Fig. 10 and §II, [S0] §II) with the
// successive crash whose handling starts the first new election when the
// coordinator has P alternatives.
type TriggerCase struct {
	// Trigger is the reading's name.
	Trigger string
	// At is the number of that crash (1, 2, …) at P alternatives.
	At func(p int) int
	// Full reports that the new election is a full Election; otherwise it
	// is an SElection for new alternatives.
	Full bool
}

// TriggerCases are AMB-HIER-1's three readings: at-empty (crash P, an
// SElection), all-failed (crash P+1, a full Election) and k-minus-1
// (crash max(1, P−1), an SElection).
var TriggerCases = []TriggerCase{
	{"at-empty", func(p int) int { return p }, false},
	{"all-failed", func(p int) int { return p + 1 }, true},
	{"k-minus-1", func(p int) int { return max(1, p-1) }, false},
}

// FirstNewElection is what a run tells of its successive crashes: the
// number of the crash whose handling started the first new election and
// whether that election is a full one (found false: none started), and
// the number of crashes made.
type FirstNewElection func(s model.System) (crash int, full, found bool, crashes int)

// SuccessiveTriggers runs, for every reading of TriggerCases, P = 1, 2, 3
// and both timings, the configuration cfg builds (with four successive
// crashes) under the FIFO schedule, and checks with first that the four
// crashes were made and that the first new election follows the reading's
// crash and is a full Election exactly under all-failed; then more (nil:
// nothing) checks the run further.
func SuccessiveTriggers(t testing.TB, spec model.Spec, cfg func(trigger string, p int, timing model.Timing) *model.Config, first FirstNewElection, more func(cfg *model.Config, w model.System)) {
	t.Helper()
	for _, tc := range TriggerCases {
		for p := 1; p <= 3; p++ {
			for _, timing := range []model.Timing{model.Sync, model.Async} {
				c := cfg(tc.Trigger, p, timing)
				w := RunFIFO(t, spec, c)
				crash, full, found, crashes := first(w)
				if crashes != 4 || !found || crash != tc.At(p) || full != tc.Full {
					t.Errorf("%s: crashes %d, first new election after crash %d (full %t, found %t); want crash %d, full %t", c, crashes, crash, full, found, tc.At(p), tc.Full)
				}
				if more != nil {
					more(c, w)
				}
			}
		}
	}
}
