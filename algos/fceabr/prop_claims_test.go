package fceabr_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// TestPropClaims: the behaviour claims' own properties (proptest.Claims).
// Left out: exactly the (claim, setting, reading) rows where the model
// refutes [S0] (the engine reports them): C-FCEABR-10 and C-FCEABR-2.bc
// (after the coordinator's crash); C-FCEABR-11 under the literal-merge and
// top2-msgs readings, and over two consecutive instances in async (every
// reading) and in sync under no-epoch (no terminal); C-FCEABR-12 with
// joiner candidates; C-FCEABR-2.a beyond one failure.
func TestPropClaims(t *testing.T) {
	proptest.Claims(t, claim.Entry{Spec: fceabr.Algorithm, Claims: fceabr.Claims}, 5, []proptest.Skip{
		{Claim: "C-FCEABR-10"}, {Claim: "C-FCEABR-2.bc"},
		{Claim: "C-FCEABR-11", Variant: "literal-merge"}, {Claim: "C-FCEABR-11", Variant: "top2-msgs"},
		{Claim: "C-FCEABR-11", Setting: "async fifo, election by any*"},
		{Claim: "C-FCEABR-11", Setting: "sync, election by any*", Variant: "no-epoch"},
		{Claim: "C-FCEABR-12", Variant: "*joiner-candidate*"},
		{Claim: "C-FCEABR-2.a", Setting: "budget 2*"},
	})
}

// TestPropElection: one election on a ring with every process live, any
// set of initiators, each terminal rule (AMB-FCEABR-2), sync and async: at
// quiescence every process holds the highest id, which alone acts as
// coordinator ([S0] §IV/§V: "it selects greater ones as coordinator and
// other as surrogate coordinator"), and there are never two coordinators
// at once. It checks the full election directly, whatever the claims'
// rows (C-FCEABR-11 is the only full-election check among them, and
// TestPropClaims leaves out its refuted rows); it kills the mutants fr-1
// and fr-2.
func TestPropElection(t *testing.T) {
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		st := claim.Setting{Name: "every process live, any initiators, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.AnyInitiators}
		for _, v := range []string{"r1", "r2"} {
			proptest.Check(t, proptest.Target{Spec: fceabr.Algorithm, Setting: st, Variant: v, NMin: 2, NMax: 6,
				Checks: checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination, Custom: proptest.OneCoordinatorAtEnd}})
		}
	}
}
