package fceabob_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
// Left out: the (claim, setting, reading) rows where the model refutes
// [S3]'s FCEABOB (the engine reports them): C-FCEABOB-1.group outside the
// true-top reading and C-FCEABOB-2.term under k2,cumulative. C-FCEABOB-5,
// on Fig. 5's network of n = 8 processes, is above this test's sizes:
// proptest.Claims leaves it out and logs it (the engine checks it).
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, claim.Entry{Spec: fceabob.Algorithm, Claims: fceabob.Claims}, 5, []proptest.Skip{
		{Claim: "C-FCEABOB-1.group", Variant: "k1"}, {Claim: "C-FCEABOB-1.group", Variant: "k2"}, {Claim: "C-FCEABOB-1.group", Variant: "k3"},
		{Claim: "C-FCEABOB-2.term", Variant: "k2,cumulative"},
	})
}

// TestPropElection: one informer, every crash set down to the informer
// alone, every reading of K: at quiescence every live process holds the
// highest live id ([S3] §V step 5: "The most upper number process is
// elected as coordinator"), which alone acts as coordinator.
func TestPropElection(t *testing.T) {
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		st := claim.Setting{Name: "one informer, crash sets, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.OneInitiator, MaxDead: 3, MinLive: 1}
		for _, v := range []string{"k1", "k2", "k3", "k2,true-top"} {
			proptest.Check(t, proptest.Target{Spec: fceabob.Algorithm, Setting: st, Variant: v, NMin: 2, NMax: 6,
				Checks: checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination, Custom: proptest.OneCoordinatorAtEnd}})
		}
	}
}
