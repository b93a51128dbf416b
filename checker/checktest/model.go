package checktest

import (
	"testing"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// The unit-test helpers of an algorithm of your own, beside the searches
// (Rapid, Explore, Fuzz): the ids of a configuration, one run under the
// fair FIFO schedule, the elected process, the fast simulator against the
// World, the claims as data, and ring arrangements. electlab's own
// algorithm packages use the same code (internal/modeltest).

// IDs converts ints to process IDs: IDs(3, 1, 2).
func IDs(v ...int) []model.ID { return modeltest.IDs(v...) }

// RunFIFO builds the World of cfg and drives it to quiescence under the
// fair FIFO schedule (the Sim's schedule, model.FairFIFO): every pending
// initiation first, then the oldest message in flight (async) or the next
// round (sync), then the timer with the earliest deadline, then the next
// successive crash. It fails the test on a stuck world, a cap of 100000
// events or a model fault.
func RunFIFO(t testing.TB, spec model.Spec, cfg *model.Config) model.System {
	t.Helper()
	return modeltest.RunFIFO(t, spec, cfg)
}

// CheckElectedMax checks that every live process holds the highest live id
// and that exactly that process acts as coordinator.
func CheckElectedMax(t testing.TB, s model.Snapshot) {
	t.Helper()
	modeltest.CheckElectedMax(t, s)
}

// SimMatchesWorld runs cfg in the fast simulator and in the World under
// the fair FIFO schedule and requires the same counts, statuses, views
// and learn-hop clocks.
func SimMatchesWorld(t testing.TB, spec model.Spec, cfg *model.Config) {
	t.Helper()
	modeltest.SimMatchesWorld(t, spec, cfg)
}

// SimMatchesWorldTimings runs SimMatchesWorld on each configuration, first
// in async then in sync timing (the configuration's Timing is replaced).
func SimMatchesWorldTimings(t testing.TB, spec model.Spec, cfgs ...model.Config) {
	t.Helper()
	modeltest.SimMatchesWorldTimings(t, spec, cfgs...)
}

// ValidateClaims checks every claim of a: the claim is well-formed
// (claim.Claim.Validate) and each variant it is checked under parses as
// a reading of a's algorithm. An algorithm with no claim fails: the test
// would check nothing.
func ValidateClaims(t testing.TB, a claim.Entry) {
	t.Helper()
	modeltest.ValidateClaims(t, a)
}

// RingArrangements calls f with every arrangement of the ids 1..n on a
// ring up to rotation: n first, then each permutation of 1..n-1 ((n-1)!
// arrangements). f must not keep the slice.
func RingArrangements(n int, f func(ids []model.ID)) { modeltest.RingArrangements(n, f) }

// BitReversal is the arrangement of 1..n (n a power of two) whose i-th id
// is the bit reversal of i, plus one: its local maxima are every other
// process and form a bit-reversal arrangement again, so each round of a
// neighbour-comparison ring election halves the active processes exactly.
func BitReversal(n int) []model.ID { return modeltest.BitReversal(n) }
