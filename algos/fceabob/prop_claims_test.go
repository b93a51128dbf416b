package fceabob_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/proptest"
	"github.com/electlab/electlab/model"
)

// TestPropClaims runs the behaviour claims' own properties (within the
// paper's assumptions) on every configuration at small sizes, with fresh
// schedules: no golden, no shipped trace.
// Left out: the (claim, setting, reading) triples where the model refutes
// [S3]'s FCEABOB (the engine reports them): C-FCEABOB-1.group outside the
// true-top reading,
// C-FCEABOB-5 (Fig. 5) and C-FCEABOB-2.term under k2,cumulative.
func TestPropClaims(t *testing.T) {
	proptest.Each(t, proptest.ClaimTargets(fceabob.Algorithm, 5, func(claim, setting, variant string) bool {
		switch claim {
		case "C-FCEABOB-1.group":
			return !strings.Contains(variant, "true-top")
		case "C-FCEABOB-5":
			return true
		case "C-FCEABOB-2.term":
			return variant == "k2,cumulative"
		}
		return false
	}))
}

// TestPropElection: one informer, every crash set down to the informer
// alone, every reading of K: at quiescence every live process holds the
// highest live id ([S3] §V step 5: "The most upper number process is
// elected as coordinator"), which alone acts as coordinator.
func TestPropElection(t *testing.T) {
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		st := model.Setting{Name: "one informer, crash sets, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: model.OneInitiator, MaxDead: 3, MinLive: 1}
		for _, v := range []string{"k1", "k2", "k3", "k2,true-top"} {
			proptest.Check(t, proptest.Target{Spec: fceabob.Algorithm, Setting: st, Variant: v, NMin: 2, NMax: 6,
				Checks: checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination, Custom: proptest.OneCoordinatorAtEnd}})
		}
	}
}
