package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos/vnetjoin"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

type vjState = vnetjoin.State

var vjOrig = vnetjoin.Algorithm.Step

// vjDoubleJoin: the joiner sends each of its Join messages twice.
var vjDoubleJoin = brokenAfter(vnetjoin.Algorithm, "broken-vnetjoin-double", func(env *model.Env, s vjState, in model.Input, out *model.Outbox) vjState {
	if in.Kind == model.InJoin {
		for _, o := range out.Outputs() {
			if o.Kind == model.OutSend && o.Msg.Kind == vnetjoin.Join {
				out.Send(o.Msg.To, vnetjoin.Join, o.Msg.A, 0)
			}
		}
	}
	return s
})

// vjDeafPred: the joiner's predecessor ignores the Join (its successor link
// still skips the joiner): two messages, but no splice.
var vjDeafPred = brokenCopy(vnetjoin.Algorithm, "broken-vnetjoin-deaf-pred", func(env *model.Env, s vjState, in model.Input, out *model.Outbox) vjState {
	if in.Kind == model.InDeliver && len(in.Msgs) > 0 && in.Msgs[0].Kind == vnetjoin.Join && in.Msgs[0].A == vnetjoin.ToPred {
		return s
	}
	return vjOrig(env, s, in, out)
})

// Reference: [S3] §VII — C-HIER-5's count check ("two message sending is
// enough") and its splice check hold on vnetjoin's bidirectional ring and
// refute a join that sends twice and one whose predecessor ignores it.
func TestVnetjoinChecksCatchBrokenVariants(t *testing.T) {
	e := hierEngine()
	c := *claimOf(t, &vnetjoin.Algorithm.Info, "C-HIER-5")
	c.Variants, c.Settings = []string{"bidir-ring"}, c.Settings[:1]
	if r := e.CheckClaim(vnetjoin.Algorithm, &c); r.Verdict != claims.Holds {
		t.Fatalf("C-HIER-5 (bidir-ring) on vnetjoin: %s, want HOLDS: %s", r.Verdict, r.Summary)
	}
	for _, broken := range []model.Spec{vjDoubleJoin, vjDeafPred} {
		if r := e.CheckClaim(broken, &c); r.Verdict != claims.Refuted {
			t.Errorf("C-HIER-5 on %s: %s, want REFUTED: %s", broken.Meta().Name, r.Verdict, r.Summary)
		} else {
			t.Logf("%s: %s", broken.Meta().Name, r.Rows[0].Counterexample.Violation)
		}
	}
	// The complete reading against the model's own law (NS = n − 1
	// announcements, AMB-VNET-N2 n2-members) holds, and the doubled join
	// breaks it.
	c.Variants = []string{"complete,n2-members"}
	if r := e.CheckClaim(vnetjoin.Algorithm, &c); r.Verdict != claims.Holds {
		t.Fatalf("C-HIER-5 (complete, n2-members) on vnetjoin: %s, want HOLDS: %s", r.Verdict, r.Summary)
	}
	if r := e.CheckClaim(vjDoubleJoin, &c); r.Verdict != claims.Refuted {
		t.Errorf("C-HIER-5 (complete) on %s: %s, want REFUTED: %s", vjDoubleJoin.Meta().Name, r.Verdict, r.Summary)
	}
}
