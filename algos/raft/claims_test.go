package raft_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/raft"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/claimstest"
	"github.com/electlab/electlab/model"
)

// withReading is raft.Algorithm whose servers run under reading r of
// ambiguity amb whatever the configuration's variant says: the claims'
// formulas still read the configuration's.
func withReading(amb int, r uint8) *model.Algorithm[raft.State] {
	a := *raft.Algorithm
	a.Step = func(env *model.Env, s raft.State, in model.Input, out *model.Outbox) raft.State {
		e := *env
		e.Variant = slices.Clone(env.Variant)
		e.Variant[amb] = r
		return raft.Algorithm.Step(&e, s, in, out)
	}
	return &a
}

// Every claim holds on Raft and fails on a broken variant: servers that
// vote twice in a term break Election Safety (RAFT-1, RAFT-2, caught by
// the invariant); servers that draw no timeout (every timeout T, as if
// R = 1, whatever the configuration's R) split every vote of three
// servers, so the first term never elects (RAFT-3) and the first leader's
// term is MaxTerm (RAFT-4).
func TestClaimsCatchBrokenVariants(t *testing.T) {
	voteTwice := withReading(raft.AmbVote, raft.VoteTwice)
	noDraw := withReading(raft.AmbR, 0)
	claimstest.CatchBroken(t, raft.Algorithm, raft.Algorithm, raft.Claims, []claimstest.Broken[raft.State]{
		{Claim: "RAFT-1", Alg: voteTwice, Prop: checker.PropCustom},
		{Claim: "RAFT-2", Alg: voteTwice, Prop: checker.PropCustom},
		{Claim: "RAFT-3", Alg: noDraw},
		{Claim: "RAFT-4", Alg: noDraw},
	})
}

// RAFT-2's rows are searched whole at n = 3 only because the claim raises
// its row budget (claim.Claim.SearchStates): with the engine's default the
// search stops at that budget and the coverage says so.
func TestSearchStatesRaisesTheBudget(t *testing.T) {
	e := claims.DefaultEngine()
	c := claim.Entry{Spec: raft.Algorithm, Claims: raft.Claims}.Claim("RAFT-2")
	for _, budget := range []int64{c.SearchStates, 0} {
		cc := *c
		cc.SearchStates = budget
		res := e.CheckClaim(raft.Algorithm, &cc)
		if len(res.Rows) == 0 {
			t.Fatal("RAFT-2 has no row")
		}
		for _, r := range res.Rows {
			whole := strings.Contains(r.Coverage, "every schedule of every configuration explored at n=3")
			spent := strings.Contains(r.Coverage, fmt.Sprintf("the row's budget of %d states is spent", claims.ClaimStates))
			if budget > 0 && !whole || budget == 0 && (whole || !spent) {
				t.Errorf("SearchStates %d: %s", budget, r.Coverage)
			}
		}
	}
}
