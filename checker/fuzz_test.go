package checker_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/claim"
)

// Schedule fuzzers, one per algorithm: the fuzzer's bytes drive rapid's
// draws (the arrangement, the dead set, the initiators and every event),
// and every behaviour claim's checks run on the execution. In fuzz mode
// rapid neither shrinks nor writes fail files: Go's fuzzer minimises, and
// a failure is kept under testdata/fuzz/.

// seed adds a few byte strings so `go test` (without -fuzz) already runs
// each target on some schedules.
func seed(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("electlab schedule fuzzing seed: arrangement, crashes, initiators, events"))
	f.Add(make([]byte, 256))
}

func FuzzScheduleChangRoberts(f *testing.F) {
	seed(f)
	f.Fuzz(rapid.MakeFuzz(behaviourProperty(claim.Entry{Spec: changroberts.Algorithm, Claims: changroberts.Claims}, 8)))
}

func FuzzScheduleLeLann(f *testing.F) {
	seed(f)
	f.Fuzz(rapid.MakeFuzz(behaviourProperty(claim.Entry{Spec: lelann.Algorithm, Claims: lelann.Claims}, 8)))
}

func FuzzScheduleRingPoll(f *testing.F) {
	seed(f)
	f.Fuzz(rapid.MakeFuzz(behaviourProperty(claim.Entry{Spec: ringpoll.Algorithm, Claims: ringpoll.Claims}, 8)))
}
