package changroberts

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: [S1] refinement — "only the highest-priority nonfailed process
// Phigh would get back its own "elect me" message", with failed forwarders,
// every initiator set of one arrangement, both readings and both timings.
func TestElectsMaxLive(t *testing.T) {
	base := model.Config{IDs: modeltest.IDs(3, 6, 1, 5, 2, 4), Forwarding: true}
	inits := func(live []model.ID) [][]model.ID { return [][]model.ID{live[:1], live[len(live)-1:], live[:2], nil} }
	modeltest.CrashSetRuns(t, Algorithm, base, 2, inits, []string{"swallow", "resend"}, func(cfg *model.Config, w model.System) {
		if err := onlyMaxGetsOwnBack(w); err != nil {
			t.Errorf("%s: %v", cfg, err)
		}
	})
}

// Reference: [S1] refinement — "(n - 1) + n + n": with one initiator the
// count is (hops from the initiator to Phigh) + n + n.
func TestSingleInitiatorCount(t *testing.T) {
	ring := modeltest.IDs(3, 1, 2, 5, 4) // 3 -> 1 -> 2 -> 5 -> 4 -> 3
	for _, tc := range []struct {
		init     model.ID
		hopsToHi int64
	}{{3, 3}, {1, 2}, {2, 1}, {5, 0}, {4, 4}} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			cfg := &model.Config{IDs: ring, Initiators: []model.ID{tc.init}, Forwarding: true, Timing: timing}
			w := modeltest.RunFIFO(t, Algorithm, cfg)
			if got, want := w.Counts().Sends, tc.hopsToHi+5+5; got != want {
				t.Errorf("%s: %d sends, want %d", cfg, got, want)
			}
		}
	}
}

// Reference: [S1] refinement, AMB-R1-4 — the resend reading re-sends the
// higher id every time a lower one arrives, so it never sends fewer.
func TestResendNeverCheaper(t *testing.T) {
	for _, inits := range [][]model.ID{nil, modeltest.IDs(1, 3), modeltest.IDs(2)} {
		base := &model.Config{IDs: modeltest.IDs(4, 3, 2, 1), Initiators: inits, Forwarding: true}
		res := base.Clone()
		res.Variant = "resend"
		a := modeltest.RunFIFO(t, Algorithm, base).Counts().Sends
		b := modeltest.RunFIFO(t, Algorithm, res).Counts().Sends
		if b < a {
			t.Errorf("%s: resend %d sends < swallow %d", base, b, a)
		}
	}
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm,
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Initiators: modeltest.IDs(2)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(7, 6, 5, 4, 3, 2, 1)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(7, 1), Initiators: modeltest.IDs(3, 6)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Variant: "resend"},
	)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
