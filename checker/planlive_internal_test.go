package checker

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// TestPlanLive checks plan.live against its definition (the members in
// ids order that are neither forced dead nor in extra) on both sides of
// the 64 live members above which it looks the live set up in a map:
// arbitrary id orders, absent sets, forced dead coordinators, the
// best-first order of DeadNextBest and extra dead sets (duplicates and
// non-members included).
func TestPlanLive(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 140).Draw(rt, "n")
		ids := rapid.Permutation(model.IDsUpTo(n)).Draw(rt, "ids")
		info := &model.Info{Name: "t", MinID: rapid.Bool().Draw(rt, "minID")}
		st := &claim.Setting{
			CoordinatorDead: rapid.Bool().Draw(rt, "coordDead"),
			DeadNextBest:    rapid.Bool().Draw(rt, "deadNextBest"),
		}
		pick := func(label string, most int) []model.ID {
			k := rapid.IntRange(0, most).Draw(rt, label+" size")
			return rapid.SliceOfN(rapid.SampledFrom(ids), k, k).Draw(rt, label)
		}
		absent := slices.Compact(slices.Sorted(slices.Values(pick("absent", n/3))))
		p := newPlan(info, st, ids, absent)
		extra := append(pick("extra", n), model.ID(n+7)) // a non-member too
		var want []model.ID
		for _, id := range ids {
			if !slices.Contains(absent, id) && !slices.Contains(p.forced, id) && !slices.Contains(extra, id) {
				want = append(want, id)
			}
		}
		if got := p.live(extra); !slices.Equal(got, want) {
			rt.Fatalf("live(%v) of ids %v, absent %v, forced %v:\n got %v\nwant %v", extra, ids, absent, p.forced, got, want)
		}
	})
}
