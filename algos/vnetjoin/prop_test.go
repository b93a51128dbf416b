package vnetjoin_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/vnetjoin"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// TestPropJoin: one ECoordinator joins a stable virtual network at every
// position, under every reading of the topology, at n = 3..8 (members plus
// the joiner), sync and async, with fresh schedules (no golden, no shipped
// trace): the run quiesces and the join is complete (complete graph: every
// process knows every other; ring: the Succ/Pred links are the ring in id
// order through the joiner), the claim's own end-of-run check.
func TestPropJoin(t *testing.T) {
	spliced := claim.Entry{Spec: vnetjoin.Algorithm, Claims: vnetjoin.Claims}.Claim("C-HIER-5").Custom
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		st := claim.Setting{Name: "join, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.NoDetector, Joins: 1}
		for _, v := range []string{"complete", "complete,n2-members", "bidir-ring", "bidir-ring-ack"} {
			proptest.Check(t, proptest.Target{Spec: vnetjoin.Algorithm, Setting: st, Variant: v, NMin: 3, NMax: 8, Seeds: 4,
				Checks: checker.Checks{Props: model.Termination, Custom: spliced}})
		}
	}
}
