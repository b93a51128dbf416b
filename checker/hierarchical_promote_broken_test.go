package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos/hierarchical"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// hierPromoteEach: the crashed GCoordinator's site ICoordinator broadcasts
// the promotion once per GCrash it receives, not once per crash (the
// duplicates of AMB-HIER-2 are not ignored): a crash detected by several
// ring nodes makes the same GPromote broadcast be sent more than once.
var hierPromoteEach = brokenAfter(hierarchical.Algorithm, "broken-hier-promote-each", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	if in.Kind != model.InDeliver || s.IC != env.Self {
		return s
	}
	for _, o := range out.Outputs() {
		if o.Kind == model.OutMulticast && o.Msg.Kind == hierarchical.GPromote {
			return s // the first GCrash: broadcast by the algorithm itself
		}
	}
	l := env.Shared.(*hierarchical.Layout)
	for _, m := range in.Msgs {
		if m.Kind != hierarchical.GCrash {
			continue
		}
		var dests []model.ID
		for _, id := range l.SiteTopo[l.SiteOf[env.Index]].Order {
			if id != env.Self {
				dests = append(dests, id)
			}
		}
		out.Multicast(dests, hierarchical.GPromote, m.A, 0)
	}
	return s
})

// Reference: [S3] §VII, "that ICoordinator broadcasts the crash in its
// site (SPN−1)", eq.(22)'s term (SPN_i − 1)·α2: the promotion broadcast's
// count, checked per kind (C-HIER-4.GCFCC.promote), holds on hierarchical
// whatever the number of ring detectors, and refutes the variant that
// broadcasts once per detector. The total (C-HIER-4.GCFCC.messages) does
// not tell them apart: it is refuted on both, the ring sending fewer
// messages than eq.(22)'s (SN − 1)·α1.
func TestPromotionCountPerKindCatchesARepeatedBroadcast(t *testing.T) {
	c := claimOf(t, &hierarchical.Algorithm.Info, "C-HIER-4.GCFCC.promote")
	refutesBroken(t, hierEngine(), hierarchical.Algorithm, hierPromoteEach, c, checker.PropBound)
}
