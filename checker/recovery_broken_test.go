package checker_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/algos/enhancedbully"
	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/algos/modbully"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// keepsCoordinator is alg with the Bully family's commonest recovery bug,
// the forgotten reset of Coord on recovery (mutant bully-5's line): a
// recovered process keeps the coordinatorship of its initial state (the
// old coordinator's) while it runs the election it starts. coord reads
// and sets the state's Coord field.
func keepsCoordinator[S any](alg *model.Algorithm[S], coord func(s *S) *bool) *model.Algorithm[S] {
	return brokenCopy(alg, "broken-"+alg.Name+"-keeps-coordinator", func(env *model.Env, s S, in model.Input, out *model.Outbox) S {
		kept := *coord(&s)
		s = alg.Step(env, s, in, out)
		if in.Kind == model.InRecover {
			*coord(&s) = kept
		}
		return s
	})
}

// recoveryClaim is a claim on claim id's source, checked in a setting
// where the old coordinator, crashed before the run, may recover while
// the others elect (sync; ids from firstID, 0 meaning 1), with the
// properties the whole family holds there: agreement, validity and
// termination at quiescence. Kabashi's needs ids from 2: its minimum
// possible id 1 declares itself coordinator at once when it recovers
// ([S4] §IV 5), a win in its recovery step, so a kept coordinatorship
// shows only at an old coordinator above 1. It carries no
// single-coordinator safety: the correct algorithms overlap two
// coordinators for a moment when the old one comes back (C-SLIDE-2's
// recovery row).
func recoveryClaim(t *testing.T, info *model.Info, id string, firstID int) *claim.Claim {
	src := claimOf(t, info, id)
	return &claim.Claim{ID: src.ID + ".recovery", Source: src.Source, Says: src.Says,
		Formal: "agreement on the highest live id, termination; the old coordinator may recover",
		Kind:   claim.Behaviour, Props: model.Agreement | model.Validity | model.Termination,
		NMin: 3, NMax: 5,
		Settings: []claim.Setting{{Name: "sync, the old coordinator crashed before the run recovers", Timing: model.Sync,
			Initiators: claim.AnyInitiators, CoordinatorDead: true, Recovery: true, FirstID: firstID}}}
}

// Reference: [S2] Bully slide, "Process initiates election if it just
// recovered from failure": no process acts as coordinator that has not won
// an election since its last recovery (checker.EarnedCoordinator, checked
// after every event). A recovered old coordinator that keeps its
// coordinatorship still ends in agreement on the highest live id (it wins
// its election anyway), so no end-of-run property sees it; the step
// invariant does, in each algorithm of the family, and the correct ones
// hold it.
func TestEarnedCoordinatorCatchesAKeptCoordinatorship(t *testing.T) {
	type tc struct {
		good, broken model.Spec
		claim        *claim.Claim
	}
	cases := []tc{
		{bully.Algorithm, keepsCoordinator(bully.Algorithm, func(s *bully.State) *bool { return &s.Coord }),
			recoveryClaim(t, &bully.Algorithm.Info, "C-KAB-13", 0)},
		{modbully.Algorithm, keepsCoordinator(modbully.Algorithm, func(s *modbully.State) *bool { return &s.Coord }),
			recoveryClaim(t, &modbully.Algorithm.Info, modbully.Claims[0].ID, 0)},
		{enhancedbully.Algorithm, keepsCoordinator(enhancedbully.Algorithm, func(s *enhancedbully.State) *bool { return &s.Coord }),
			recoveryClaim(t, &enhancedbully.Algorithm.Info, enhancedbully.Claims[0].ID, 0)},
		{kabashi.Algorithm, keepsCoordinator(kabashi.Algorithm, func(s *kabashi.State) *bool { return &s.Coord }),
			recoveryClaim(t, &kabashi.Algorithm.Info, kabashi.Claims[0].ID, 2)},
	}
	for _, c := range cases {
		t.Run(c.good.Meta().Name, func(t *testing.T) {
			refutesBroken(t, bullyEngine(), c.good, c.broken, c.claim, checker.PropEarned)
		})
	}
}
