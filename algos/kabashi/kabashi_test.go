package kabashi

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/claim/electcheck"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// checkElectedMin checks that every live process holds the lowest live id.
func checkElectedMin(t *testing.T, s model.Snapshot) {
	t.Helper()
	min := electcheck.BestLive(s) // the lowest: kabashi elects the minimum
	for i := range s.N() {
		if s.Status(i) == model.Live && s.View(i).Leader != min {
			t.Errorf("%v: process %d holds %d, want %d", s.Topo().Order, s.Topo().Order[i], s.View(i).Leader, min)
		}
	}
}

// Reference: [S4] §IV — "it will select the process with the smallest
// identifier as a coordinator": the old coordinator 1 crashed, every other
// crash set (two stay live), one detector or all, sync and async, every
// reading of AMB-KAB-1 and AMB-KAB-2.
func TestElectsMinLive(t *testing.T) {
	ids := modeltest.IDs(1, 2, 3, 4, 5, 6)
	modeltest.CrashSets(ids[1:], modeltest.IDs(1), 2, func(crashed, live []model.ID) {
		for _, inits := range [][]model.ID{live[:1], live[len(live)-1:], nil} {
			for _, variant := range []string{"wait", "abort", "second-fixed", "second-live", "abort,second-fixed"} {
				for _, timing := range []model.Timing{model.Sync, model.Async} {
					cfg := &model.Config{IDs: ids, Crashed: crashed, Initiators: inits, Timing: timing, Variant: variant}
					checkElectedMin(t, modeltest.RunFIFO(t, Algorithm, cfg))
				}
			}
		}
	})
}

// Reference: [S4] §VI "Best case: 1" and Fig. 1(a) — the second minimum
// detects and broadcasts COORDINATOR once: 1 transmission, n − 1 sends.
func TestSecondMinimumDetects(t *testing.T) {
	for _, n := range []int{5, 10, 20} {
		ids := model.IDsUpTo(n)
		w := modeltest.RunFIFO(t, Algorithm, &model.Config{IDs: ids, Crashed: ids[:1], Initiators: ids[1:2], Timing: model.Sync})
		checkElectedMin(t, w)
		if c := w.Counts(); c.Transmissions != 1 || c.Sends != int64(n-1) {
			t.Errorf("n=%d: %d transmissions and %d sends, want 1 and %d", n, c.Transmissions, c.Sends, n-1)
		}
	}
}

// Reference: [S4] Fig. 1(b),(c) and step 6, read literally (AMB-KAB-2
// "wait"): the detector 4 does not stop waiting when 2 declares itself, so
// when its wait ends it names 3, the smallest OK; 3 acts as coordinator
// until 2's answer to COORDINATOR_3 reaches it. With "abort" it adopts 2.
func TestLiteralWaitNamesAnother(t *testing.T) {
	for _, tc := range []struct {
		variant string
		two     bool
	}{{"wait", true}, {"abort", false}} {
		cfg := &model.Config{IDs: modeltest.IDs(1, 2, 3, 4), Crashed: modeltest.IDs(1), Initiators: modeltest.IDs(4), Timing: model.Sync, Variant: tc.variant}
		s, err := Algorithm.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		two := false
		modeltest.ApplyFirstUntilQuiescent(t, s, func() { two = two || modeltest.Coordinators(s) > 1 })
		checkElectedMin(t, s)
		if two != tc.two {
			t.Errorf("%s: two coordinators at once = %v, want %v", tc.variant, two, tc.two)
		}
	}
}

// Reference: [S4] §IV 5 and §VI "In the case when a new process joins the
// system: Best case: 1; Worst case: 3" — the joiner with the minimum
// possible id sends 1 broadcast; a joiner below the coordinator (ids from
// 2) sends QUERY, gets CID and broadcasts COORDINATOR: 3 transmissions.
func TestJoinCosts(t *testing.T) {
	for _, tc := range []struct {
		ids, absent []model.ID
		coord       model.ID
		want        int64
	}{
		{modeltest.IDs(2, 3, 4), modeltest.IDs(1), 2, 1},
		{modeltest.IDs(3, 4, 5), modeltest.IDs(2), 3, 3},
		{modeltest.IDs(2, 3, 5), modeltest.IDs(4), 2, 2},
	} {
		cfg := &model.Config{IDs: tc.ids, Absent: tc.absent, Initiators: []model.ID{tc.coord}, Timing: model.Sync}
		s, err := Algorithm.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		modeltest.ApplyFirst(t, s, 100)
		checkElectedMin(t, s)
		if got := s.Counts().Transmissions; got != tc.want {
			t.Errorf("%s: %d transmissions, want %d", cfg, got, tc.want)
		}
	}
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm,
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6, 7), Crashed: modeltest.IDs(1), Initiators: modeltest.IDs(6)},
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6, 7), Crashed: modeltest.IDs(1, 2), Initiators: modeltest.IDs(5, 7)},
		model.Config{IDs: modeltest.IDs(3, 1, 2, 5, 4), Crashed: modeltest.IDs(1)},
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6), Crashed: modeltest.IDs(1), Variant: "abort,second-fixed"},
	)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
