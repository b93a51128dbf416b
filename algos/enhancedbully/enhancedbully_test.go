package enhancedbully

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: [S4] §III 3 — "selects the process with the highest ID as the
// coordinator": the old coordinator 7 crashed, every other crash set (two
// stay live), every detector set, sync and async, every reading.
func TestElectsMaxLive(t *testing.T) {
	ids := modeltest.IDs(1, 2, 3, 4, 5, 6, 7)
	modeltest.CrashSets(ids[:6], modeltest.IDs(7), 2, func(crashed, live []model.ID) {
		for _, inits := range [][]model.ID{live[:1], live[len(live)-1:], live[:2], nil} {
			for _, variant := range []string{"default", "cand-floor", "n-live", "old-skipped", "cand-floor,n-live,old-skipped"} {
				for _, timing := range []model.Timing{model.Sync, model.Async} {
					cfg := &model.Config{IDs: ids, Crashed: crashed, Initiators: inits, Timing: timing, Variant: variant}
					modeltest.CheckElectedMax(t, modeltest.RunFIFO(t, Algorithm, cfg))
				}
			}
		}
	})
}

// Reference: [S4] §III — "N/2 Candidate processes and N/2 Ordinary
// processes ... Any Candidate process has a higher identifier than any
// Ordinary process" (AMB-MA-1, AMB-MA-2).
func TestCandidateSplit(t *testing.T) {
	topo, err := model.NewTopology(model.Complete, modeltest.IDs(1, 2, 3, 4, 5))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		variant []uint8
		lowest  model.ID
	}{
		{[]uint8{CandCeil, NMembers, 0}, 3},  // ⌈5/2⌉ = 3: 3, 4, 5
		{[]uint8{CandFloor, NMembers, 0}, 4}, // ⌊5/2⌋ = 2: 4, 5
		{[]uint8{CandCeil, NLive, 0}, 3},     // 5 left out: ⌈4/2⌉ = 2 of 1..4: 3, 4
		{[]uint8{CandFloor, NLive, 0}, 3},    // ⌊4/2⌋ = 2: 3, 4
	} {
		env := &model.Env{Self: 1, Topo: topo, Variant: tc.variant}
		if got := split(env); got != tc.lowest {
			t.Errorf("variant %v: lowest candidate %d, want %d", tc.variant, got, tc.lowest)
		}
	}
}

// Reference: catalog C-MA-1 — one ordinary detector, only the coordinator
// n crashed: election to the ⌈n/2⌉ candidates, an OK from each live one,
// coordinator to the n − 1 others: ⌈n/2⌉ + (⌈n/2⌉ − 1) + (n − 1), which
// is [S4] Table I's 9, 18, 38 at n = 5, 10, 20.
func TestOrdinaryDetectorCount(t *testing.T) {
	for _, n := range []int{5, 10, 20} {
		ids := model.IDsUpTo(n)
		cfg := &model.Config{IDs: ids, Crashed: ids[n-1:], Initiators: ids[:1], Timing: model.Sync}
		c := (n + 1) / 2
		if got, want := modeltest.RunFIFO(t, Algorithm, cfg).Counts().Sends, int64(c+c-1+n-1); got != want {
			t.Errorf("n=%d: %d sends, want %d", n, got, want)
		}
	}
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm,
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6, 7), Crashed: modeltest.IDs(7), Initiators: modeltest.IDs(2)},
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6, 7), Crashed: modeltest.IDs(7, 6, 5, 4), Initiators: modeltest.IDs(1, 3)},
		model.Config{IDs: modeltest.IDs(3, 1, 2, 5, 4), Crashed: modeltest.IDs(5)},
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6), Crashed: modeltest.IDs(6), Variant: "cand-floor,n-live,old-skipped"},
	)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
