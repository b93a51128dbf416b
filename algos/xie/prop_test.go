package xie_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/xie"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// TestPropElection: under the relay readings (each Election travels round
// the ring collecting ids) every detector set elects: at quiescence every
// live process holds the highest live id (agreement and validity), and
// the run quiesces. The coordinator crashed before the run; any set of
// detectors; n = 3..6; no golden, no shipped trace. (The one-hop reading
// has no agreement with few detectors: C-FCEABR-14.fpn reports it.)
func TestPropElection(t *testing.T) {
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		st := claim.Setting{Name: "coordinator crashed, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 1}
		for _, v := range []string{"relay", "relay-kill"} {
			proptest.Check(t, proptest.Target{Spec: xie.Algorithm, Setting: st, Variant: v, NMin: 3, NMax: 6,
				Checks: checker.Checks{Props: model.Agreement | model.Validity | model.Termination}})
		}
	}
}

// TestPropOneHop: the one-hop reading sends exactly 2 messages per
// detector (to the live successor and predecessor) and quiesces; it has no
// agreement (C-FCEABR-14 reports that), so none is asserted.
func TestPropOneHop(t *testing.T) {
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		st := claim.Setting{Name: "any detectors, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.AnyInitiators, CoordinatorDead: true}
		proptest.Check(t, proptest.Target{Spec: xie.Algorithm, Setting: st, Variant: "one-hop", NMin: 3, NMax: 7,
			Checks: checker.Checks{Props: model.Termination, Bound: checker.ClaimBound(claim.Entry{Spec: xie.Algorithm, Claims: xie.Claims}.Claim("C-FCEABR-14.fpn"))}})
	}
}
