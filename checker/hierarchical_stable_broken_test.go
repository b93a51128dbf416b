package checker_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/algos/hierarchical"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// hierOddInformer: a site process replies twice to an Election from an
// informer with an odd id, so the sites' count depends on who informs.
var hierOddInformer = brokenAfter(hierarchical.Algorithm, "broken-hier-odd-informer", func(env *model.Env, s hState, in model.Input, out *model.Outbox) hState {
	if in.Kind == model.InDeliver {
		for _, m := range in.Msgs {
			if m.Kind == fceabob.Election && m.From%2 == 1 {
				out.Send(m.From, fceabob.Reply, int32(env.Self), 0)
			}
		}
	}
	return s
})

// Reference: [S3] §IX ("This number was stable in 50 times of running the
// simulator") — C-HIER-8's stability check (claim.Claim.Stable: the
// minimum equals the maximum over every informer and schedule) holds on the
// hierarchy under the informer-slot reading, is refuted under true-top
// (9 messages with informers 1 and 3 at n = 5, 7 with 1 and 4), and is
// refuted on a broken model whose count varies with the informer, with
// both executions named.
func TestHierarchicalStabilityCatchesAVaryingCount(t *testing.T) {
	e := hierEngine()
	c := *claimOf(t, &hierarchical.Algorithm.Info, "C-HIER-8")
	c.Settings = c.Settings[:1]
	c.Variants = []string{"spn2,scan1,informer-slot"}
	if r := e.CheckClaim(hierarchical.Algorithm, &c); r.Verdict != claims.Holds {
		t.Fatalf("C-HIER-8 under informer-slot: %s (%s)", r.Verdict, r.Summary)
	}
	r := e.CheckClaim(hierOddInformer, &c)
	if r.Verdict != claims.Refuted || !strings.Contains(r.Rows[0].Arithmetic, "not stable") {
		t.Fatalf("C-HIER-8 on a count that depends on the informer: %s (%s)", r.Verdict, r.Summary)
	}
	t.Log(r.Rows[0].Arithmetic)
	c.Variants = []string{"spn2,scan1,true-top"}
	r = e.CheckClaim(hierarchical.Algorithm, &c)
	if r.Verdict != claims.Refuted {
		t.Fatalf("C-HIER-8 under true-top: %s, want REFUTED (%s)", r.Verdict, r.Summary)
	}
	t.Log(r.Rows[0].Arithmetic)
}
