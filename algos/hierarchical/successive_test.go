package hierarchical

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: [S3] §VII, Fig. 10, §IX test 4 (C-HIER-6): the hierarchy with
// successive GCoordinator crashes (stable, 6 sites of 3, SCAN = 2): every
// crash is handled (four crashes made, no model fault), each crash sends
// one GCrash per live ring node (AMB-HIER-2 every-detector) and one
// GPromote broadcast in the crashed node's site, the first new election on
// the virtual ring follows crash P (at-empty), P+1 (all-failed, a full
// Election) or max(1, P−1) (k-minus-1), and the Sim agrees with the World.
func TestSuccessiveGCrashes(t *testing.T) {
	ids := model.IDsUpTo(18)
	modeltest.SuccessiveTriggers(t, Algorithm, func(trigger string, p int, timing model.Timing) *model.Config {
		v, _ := fceabr.KVariant(p)
		return &model.Config{Variant: "spn3,scan2,stable," + trigger + "," + v, IDs: ids, Initiators: []model.ID{1}, Timing: timing,
			Successive: []model.Phase{{}, {}, {}, {}}}
	}, func(w model.System) (int, bool, bool, int) {
		first, found, crashes := fceabr.FirstReelection(w.Observations())
		return first.Crash, first.Full, found, crashes
	}, func(cfg *model.Config, w model.System) {
		// Crash i has 6−i live ring nodes: 5+4+3+2 GCrash messages.
		if got := w.Counts().ByKind[GCrash.Code].Sends; got != 14 {
			t.Errorf("%s: %d GCrash sends, want 14", cfg, got)
		}
		if got := w.Counts().ByKind[GPromote.Code].Transmissions; got != 4 {
			t.Errorf("%s: %d GPromote broadcasts, want 4", cfg, got)
		}
		if cfg.Timing == model.Sync {
			modeltest.SimMatchesWorld(t, Algorithm, cfg)
		}
	})
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
