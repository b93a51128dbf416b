package xie

import (
	"testing"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"

	"github.com/electlab/electlab/model"
)

// run runs cfg under the fair FIFO schedule in both timings and returns the
// final worlds.
func run(t *testing.T, cfg model.Config) []model.System {
	t.Helper()
	var out []model.System
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		c := cfg
		c.Timing = timing
		out = append(out, modeltest.RunFIFO(t, Algorithm, &c))
	}
	return out
}

// leaders returns the leaders of the live processes.
func leaders(s model.System) []model.ID {
	var ls []model.ID
	for i := range s.N() {
		if s.Status(i) == model.Live {
			ls = append(ls, s.View(i).Leader)
		}
	}
	return ls
}

func agree(ls []model.ID) bool {
	for _, l := range ls {
		if l == model.None || l != ls[0] {
			return false
		}
	}
	return true
}

// Reference: [S0] §II item 1 ("sending election messages simultaneously
// by processes which find coordinator crash out to their successor and
// predecessor"; "if n processes find it out the number of exchanged
// messages will be 2n"). On the ring 6(crashed),1,4,2,5,3 every live
// process detects: one-hop sends 2 per detector (2n = 10) and leaves the
// processes disagreeing (each knows only its neighbours); relay sends
// each copy the n live hops back to its detector (2n·n = 50) and every
// process ends with 5; relay-kill keeps only 5's copies whole.
func TestReadingsAllDetect(t *testing.T) {
	base := model.Config{IDs: modeltest.IDs(6, 1, 4, 2, 5, 3), Crashed: modeltest.IDs(6), Initiators: modeltest.IDs(1, 4, 2, 5, 3)}
	for _, tc := range []struct {
		variant    string
		sends      int64
		agreeOnMax bool
	}{
		{"one-hop", 10, false},
		{"relay", 50, true},
		// 5's two copies: 10; every other copy dies at the first
		// process that is, or has seen, a higher detector, after one or
		// two hops: 10 more on this ring.
		{"relay-kill", 20, true},
	} {
		cfg := base
		cfg.Variant = tc.variant
		for _, w := range run(t, cfg) {
			if got := w.Counts().Sends; got != tc.sends {
				t.Errorf("%s %s: %d sends, want %d", tc.variant, w.Config().Timing, got, tc.sends)
			}
			ls := leaders(w)
			if got := agree(ls) && ls[0] == 5; got != tc.agreeOnMax {
				t.Errorf("%s %s: leaders %v; agreement on 5: %v, want %v", tc.variant, w.Config().Timing, ls, got, tc.agreeOnMax)
			}
		}
	}
}

// Reference: [S0] §II item 1. With one detector, one-hop tells only its
// two neighbours; the relay readings elect the highest live id everywhere.
func TestReadingsOneDetector(t *testing.T) {
	for _, variant := range []string{"one-hop", "relay", "relay-kill"} {
		cfg := model.Config{IDs: modeltest.IDs(6, 1, 4, 2, 5, 3), Crashed: modeltest.IDs(6), Initiators: modeltest.IDs(2), Variant: variant}
		for _, w := range run(t, cfg) {
			ls := leaders(w)
			if variant == "one-hop" {
				if w.Counts().Sends != 2 || agree(ls) {
					t.Errorf("one-hop: %d sends, leaders %v; want 2 sends and no agreement", w.Counts().Sends, ls)
				}
				continue
			}
			modeltest.CheckElectedMax(t, w)
			if got, want := w.Counts().Sends, int64(2*5); got != want {
				t.Errorf("%s: %d sends, want %d (two laps of the 5 live)", variant, got, want)
			}
		}
	}
}

// Reference: [S0] §II item 1. The fast simulator and the World agree.
func TestSimMatchesWorld(t *testing.T) {
	for _, variant := range []string{"one-hop", "relay", "relay-kill"} {
		modeltest.SimMatchesWorld(t, Algorithm, &model.Config{IDs: modeltest.IDs(3, 7, 1, 5, 2, 6, 4), Crashed: modeltest.IDs(7), Initiators: modeltest.IDs(1, 5, 6), Variant: variant})
	}
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
