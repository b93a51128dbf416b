package lelann

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: [S1] unidirectional rings, basic version — message counts.
func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cfg      model.Config
		elect    int64
		coord    int64
		forwards int64
	}{
		// One initiator, n=4, all live: every process sends its own
		// elect message once and each travels the n hops back to its
		// owner: n·n = 16 elect sends. The initiator alone announces,
		// n = 4 hops.
		{"one initiator n=4", model.Config{IDs: modeltest.IDs(2, 4, 1, 3), Initiators: modeltest.IDs(1)}, 16, 4, 0},
		// Two initiators: still 16 elect sends; two announcements of
		// 4 hops each.
		{"two initiators n=4", model.Config{IDs: modeltest.IDs(2, 4, 1, 3), Initiators: modeltest.IDs(1, 4)}, 16, 8, 0},
		// Every process initiates on n=5: 25 elect sends, 5
		// announcements of 5 hops.
		{"all initiators n=5", model.Config{IDs: modeltest.IDs(5, 1, 4, 2, 3)}, 25, 25, 0},
		// AMB-R1-1 all-announce with one initiator: every process's own
		// message returns, so all 4 announce: 4·4 coord sends.
		{"all-announce n=4", model.Config{IDs: modeltest.IDs(2, 4, 1, 3), Initiators: modeltest.IDs(1), Variant: "all-announce"}, 16, 16, 0},
		// AMB-R1-2 announce-n-1: the announcement stops one hop early:
		// 3 coord sends instead of 4.
		{"announce-n-1 n=4", model.Config{IDs: modeltest.IDs(2, 4, 1, 3), Initiators: modeltest.IDs(1), Variant: "announce-n-1"}, 16, 3, 0},
		// Failed forwarders: n=5 positions, 4 and 5 crashed, L=3 live.
		// Each of the 3 own messages goes n=5 hops (15 elect sends), of
		// which 2 per lap are forwards by the dead (6). The
		// announcement goes 5 hops, 2 of them forwarded: 8 forwards.
		{"failed forwarders n=5 L=3", model.Config{IDs: modeltest.IDs(1, 4, 2, 5, 3), Crashed: modeltest.IDs(4, 5), Initiators: modeltest.IDs(2)}, 15, 5, 8},
		// announce-n-1 with the announcer's predecessor position dead:
		// ring 3,1,5(dead),2 with initiator 2; 5 is the position before
		// 2 and forwards, so the announcement still returns to 2 after
		// n=4 hops (the reading stops only at a live predecessor).
		{"announce-n-1, dead predecessor", model.Config{IDs: modeltest.IDs(3, 1, 5, 2), Crashed: modeltest.IDs(5), Initiators: modeltest.IDs(2), Variant: "announce-n-1"}, 12, 4, 4},
	} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			cfg := tc.cfg
			cfg.Forwarding, cfg.Timing = true, timing
			w := modeltest.RunFIFO(t, Algorithm, &cfg)
			modeltest.CheckElectedMax(t, w)
			c := w.Counts()
			if got := c.ByKind[Elect.Code].Sends; got != tc.elect {
				t.Errorf("%s %s: %d elect sends, want %d", tc.name, timing, got, tc.elect)
			}
			if got := c.ByKind[Coord.Code].Sends; got != tc.coord {
				t.Errorf("%s %s: %d coord sends, want %d", tc.name, timing, got, tc.coord)
			}
			if c.Forwards != tc.forwards {
				t.Errorf("%s %s: %d forwards, want %d", tc.name, timing, c.Forwards, tc.forwards)
			}
			if c.Sends != tc.elect+tc.coord {
				t.Errorf("%s %s: %d sends in all, want %d", tc.name, timing, c.Sends, tc.elect+tc.coord)
			}
		}
	}
}

// Reference: [S1] unidirectional rings, basic version — "The election is
// performed by obtaining ids of all nonfailed processes in the system and
// electing the highest-priority process", with failed forwarders.
func TestElectsMaxLive(t *testing.T) {
	base := model.Config{IDs: modeltest.IDs(3, 6, 1, 5, 2, 4), Forwarding: true}
	inits := func(live []model.ID) [][]model.ID { return [][]model.ID{live[:1], live[len(live)-1:], live[:2], nil} }
	modeltest.CrashSetRuns(t, Algorithm, base, 2, inits, []string{"", "all-announce", "announce-n-1"}, func(cfg *model.Config, w model.System) {
		// C-RING1-2 and C-RING1-3 hold on the FIFO schedule.
		for _, id := range []string{"C-RING1-2", "C-RING1-3"} {
			if err := (claim.Entry{Spec: Algorithm, Claims: Claims}).Claim(id).Custom(w); err != nil {
				t.Errorf("%s: %s: %v", cfg, id, err)
			}
		}
		if cfg.Timing == model.Async {
			own := modeltest.Observed(w, "own-returned")
			if want := len(cfg.Initiators); want > 0 && own != want {
				t.Errorf("%s: %d own-returned observations, want %d", cfg, own, want)
			}
		}
	})
}

// Reference: [S1] unidirectional rings, basic version — "All links in the
// ring are assumed to be FIFO channels." Without FIFO the initiator's own
// message can overtake the others: the C-RING1-2 and C-RING1-3 checks must
// catch it.
func TestUnorderedOvertake(t *testing.T) {
	cfg := &model.Config{IDs: modeltest.IDs(1, 2, 3), Initiators: modeltest.IDs(1), Forwarding: true, Net: model.Unordered}
	w, err := Algorithm.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	modeltest.ApplyNamed(t, w, "detect 1")        // 1 sends elect(1) to 2
	modeltest.ApplyNamed(t, w, "deliver 1->2 #1") // 2 sends elect(2), then forwards elect(1): #1, #2 on 2->3
	modeltest.ApplyNamed(t, w, "deliver 2->3 #2") // elect(1) overtakes: 3 sends elect(3), forwards elect(1)
	modeltest.ApplyNamed(t, w, "deliver 3->1 #2") // elect(1) is back at 1, which has seen no other id
	obs := w.Observations()
	if len(obs) != 2 || obs[0].Tag != "own-returned" || obs[0].Val != 0 || obs[1].Tag != "announce" || obs[1].Val != 1 {
		t.Fatalf("observations %+v, want own-returned 0 then announce 1", obs)
	}
	if err := ownFollowsAll(w); err == nil {
		t.Error("C-RING1-2 check passed an own message that overtook two others")
	}
	if err := identicalResults(w); err == nil {
		t.Error("C-RING1-3 check passed the announcement of 1 while 3 is live")
	}
}

// Reference: [S1] unidirectional rings, basic version — the fast
// simulator and the World run the same fixed schedule.
func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm,
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Initiators: modeltest.IDs(2)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Initiators: modeltest.IDs(2, 5, 6)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(7, 1), Initiators: modeltest.IDs(3)},
		model.Config{Forwarding: true, IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(2), Variant: "all-announce,announce-n-1"},
	)
}

// Reference: [S1] unidirectional rings, basic version — AMB-R1-3 changes
// only what n the formulas read.
func TestRingN(t *testing.T) {
	for _, tc := range []struct {
		variant string
		want    int
	}{{"", 7}, {"n-positions", 7}, {"n-live", 4}} {
		v, err := Algorithm.ParseVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		p := claim.Params{N: 7, Live: 4, Initiators: 1, Variant: v}
		if got := RingN(p); got != tc.want {
			t.Errorf("variant %q: n = %d, want %d", tc.variant, got, tc.want)
		}
		if got, want := (claim.Entry{Spec: Algorithm, Claims: Claims}).Claim("C-RING1-1").Formula(p), claim.RatInt(int64(tc.want*tc.want)); got.Cmp(want) != 0 {
			t.Errorf("variant %q: C-RING1-1 reference %s, want %s", tc.variant, got, want)
		}
	}
}

// Reference: catalog §1.3 — every claim is a well-formed declaration.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
