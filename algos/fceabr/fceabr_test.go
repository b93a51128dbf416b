package fceabr

import (
	"testing"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"

	"github.com/electlab/electlab/model"
)

// Reference: [S0] §V.1–2 — an Election elects the maximum id as coordinator
// and the second maximum as surrogate, for every initiator set of one
// arrangement, both timings and every terminal and kill reading.
func TestElectsTopTwo(t *testing.T) {
	perm := modeltest.IDs(3, 6, 1, 5, 2, 4, 7)
	for set := 1; set < 1<<len(perm); set++ {
		var inits []model.ID
		for i, id := range perm {
			if set&(1<<i) != 0 {
				inits = append(inits, id)
			}
		}
		for _, variant := range []string{"", "r2", "pairwise", "forward-higher", "no-epoch"} {
			for _, timing := range []model.Timing{model.Async, model.Sync} {
				cfg := &model.Config{IDs: perm, Initiators: inits, Timing: timing, Variant: variant}
				w := modeltest.RunFIFO(t, Algorithm, cfg)
				modeltest.CheckElectedMax(t, w)
				if err := terminalsAgree(w); err != nil {
					t.Errorf("%s: %v", cfg, err)
				}
			}
		}
	}
}

// Reference: [S0] eq.(1) with FPN = 1 and §IV — one initiator, sync: 2N
// messages when N is even; N odd has two adjacent terminals: 2N+2 under
// r1 (both send both ways), 2N under r2 (each sends outward only).
func TestOneInitiatorCount(t *testing.T) {
	for n := 3; n <= 12; n++ {
		ids := model.IDsUpTo(n)
		for _, tc := range []struct {
			variant string
			want    int64
		}{{"r1", int64(2*n + 2*(n%2))}, {"r2", int64(2 * n)}} {
			cfg := &model.Config{IDs: ids, Initiators: ids[:1], Timing: model.Sync, Variant: tc.variant}
			w := modeltest.RunFIFO(t, Algorithm, cfg)
			if got := w.Counts().Sends; got != tc.want {
				t.Errorf("%s: %d sends, want %d", cfg, got, tc.want)
			}
		}
	}
}

// Reference: [S0] §V.3 — the coordinator crashed; every detector promotes
// the surrogate at once; with the detector not the best remaining id, every
// live process ends with (old surrogate, a live surrogate).
func TestCrashHandling(t *testing.T) {
	ids := modeltest.IDs(3, 1, 6, 2, 5, 4)
	for _, det := range [][]model.ID{{1}, {3}, {2, 4}, {5}} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			cfg := &model.Config{IDs: ids, Crashed: modeltest.IDs(6), Initiators: det, Timing: timing}
			w := modeltest.RunFIFO(t, Algorithm, cfg)
			if err := toleratesOne(w); err != nil {
				t.Errorf("%s: %v", cfg, err)
			}
			for i := range w.N() {
				if w.Status(i) == model.Live && w.View(i).Leader != 5 {
					t.Errorf("%s: process %d follows %d, want 5 (the old surrogate)", cfg, ids[i], w.View(i).Leader)
				}
			}
		}
	}
}

// Reference: AMB-FCEABR-3 — the literal merge (greater coordinator field,
// other as surrogate) loses the second maximum when both top ids lie on one
// side of the terminal.
func TestLiteralMergeLosesSurrogate(t *testing.T) {
	cfg := &model.Config{IDs: modeltest.IDs(3, 1, 2), Initiators: modeltest.IDs(3), Timing: model.Sync, Variant: "literal-merge"}
	if err := terminalsAgree(modeltest.RunFIFO(t, Algorithm, cfg)); err == nil {
		t.Errorf("%s: the literal merge agreed on the top two", cfg)
	}
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm,
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Initiators: modeltest.IDs(2)},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6)},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Variant: "r2,pairwise"},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(7), Initiators: modeltest.IDs(3, 1)},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(7), Initiators: modeltest.IDs(3), Variant: "path"},
	)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
