package lelann

import (
	"testing"

	"electlab/model"
)

// run drives a World for cfg under the fair FIFO schedule: every pending
// initiation first, then the oldest message in flight (async) or round
// after round (sync), until quiescence.
func run(t *testing.T, cfg *model.Config) *model.World[State] {
	t.Helper()
	w, err := Algorithm.NewWorld(cfg)
	if err != nil {
		t.Fatalf("NewWorld(%s): %v", cfg, err)
	}
	var buf []model.Event
	for steps := 0; !w.Quiescent(); steps++ {
		if steps > 100000 {
			t.Fatalf("%s: not quiescent after %d events", cfg, steps)
		}
		buf = w.Enabled(buf[:0])
		var ev model.Event
		found := false
		for _, e := range buf {
			if e.Kind == model.EvDetect || (cfg.Timing == model.Sync && e.Kind == model.EvRound) {
				ev, found = e, true
				break
			}
		}
		if !found {
			ev, found = w.OldestDelivery()
		}
		if !found {
			t.Fatalf("%s: stuck with no event to apply", cfg)
		}
		if err := w.Apply(ev); err != nil {
			t.Fatalf("%s: apply %s: %v", cfg, ev, err)
		}
	}
	if f := w.Faults(); len(f) > 0 {
		t.Fatalf("%s: model faults: %v", cfg, f)
	}
	return w
}

// checkElected checks that every live process holds the maximum live id
// and that exactly that process acts as coordinator.
func checkElected(t *testing.T, w *model.World[State]) {
	t.Helper()
	max := model.None
	for i := range w.N() {
		if id := w.Topo().Order[i]; w.Status(i) == model.Live && id > max {
			max = id
		}
	}
	for i := range w.N() {
		if w.Status(i) != model.Live {
			continue
		}
		id := w.Topo().Order[i]
		v := w.View(i)
		if v.Leader != max {
			t.Errorf("%s: process %d holds leader %d, want %d", w.Config(), id, v.Leader, max)
		}
		if v.Coordinator != (id == max) {
			t.Errorf("%s: process %d coordinator=%v", w.Config(), id, v.Coordinator)
		}
	}
}

func ids(v ...int) []model.ID {
	out := make([]model.ID, len(v))
	for i, x := range v {
		out[i] = model.ID(x)
	}
	return out
}

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
		{"one initiator n=4", model.Config{IDs: ids(2, 4, 1, 3), Initiators: ids(1)}, 16, 4, 0},
		// Two initiators: still 16 elect sends; two announcements of
		// 4 hops each.
		{"two initiators n=4", model.Config{IDs: ids(2, 4, 1, 3), Initiators: ids(1, 4)}, 16, 8, 0},
		// Every process initiates on n=5: 25 elect sends, 5
		// announcements of 5 hops.
		{"all initiators n=5", model.Config{IDs: ids(5, 1, 4, 2, 3)}, 25, 25, 0},
		// AMB-R1-1 all-announce with one initiator: every process's own
		// message returns, so all 4 announce: 4·4 coord sends.
		{"all-announce n=4", model.Config{IDs: ids(2, 4, 1, 3), Initiators: ids(1), Variant: "all-announce"}, 16, 16, 0},
		// AMB-R1-2 announce-n-1: the announcement stops one hop early:
		// 3 coord sends instead of 4.
		{"announce-n-1 n=4", model.Config{IDs: ids(2, 4, 1, 3), Initiators: ids(1), Variant: "announce-n-1"}, 16, 3, 0},
		// Failed forwarders: n=5 positions, 4 and 5 crashed, L=3 live.
		// Each of the 3 own messages goes n=5 hops (15 elect sends), of
		// which 2 per lap are forwards by the dead (6). The
		// announcement goes 5 hops, 2 of them forwarded: 8 forwards.
		{"failed forwarders n=5 L=3", model.Config{IDs: ids(1, 4, 2, 5, 3), Crashed: ids(4, 5), Initiators: ids(2)}, 15, 5, 8},
		// announce-n-1 with the announcer's predecessor position dead:
		// ring 3,1,5(dead),2 with initiator 2; 5 is the position before
		// 2 and forwards, so the announcement still returns to 2 after
		// n=4 hops (the reading stops only at a live predecessor).
		{"announce-n-1, dead predecessor", model.Config{IDs: ids(3, 1, 5, 2), Crashed: ids(5), Initiators: ids(2), Variant: "announce-n-1"}, 12, 4, 4},
	} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			cfg := tc.cfg
			cfg.Forwarding, cfg.Timing = true, timing
			w := run(t, &cfg)
			checkElected(t, w)
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
	perm := ids(3, 6, 1, 5, 2, 4)
	for dead := 0; dead < 1<<len(perm); dead++ {
		var crashed, live []model.ID
		for i, id := range perm {
			if dead&(1<<i) != 0 {
				crashed = append(crashed, id)
			} else {
				live = append(live, id)
			}
		}
		if len(live) < 2 {
			continue
		}
		for _, inits := range [][]model.ID{live[:1], live[len(live)-1:], live[:2], nil} {
			for _, variant := range []string{"", "all-announce", "announce-n-1"} {
				for _, timing := range []model.Timing{model.Async, model.Sync} {
					cfg := &model.Config{IDs: perm, Crashed: crashed, Initiators: inits, Forwarding: true, Timing: timing, Variant: variant}
					w := run(t, cfg)
					checkElected(t, w)
					// C-RING1-2 and C-RING1-3 hold on the FIFO schedule.
					for _, id := range []string{"C-RING1-2", "C-RING1-3"} {
						if err := Algorithm.Claim(id).Custom(w); err != nil {
							t.Errorf("%s: %s: %v", cfg, id, err)
						}
					}
					if timing == model.Async {
						own := 0
						for _, o := range w.Observations() {
							if o.Tag == "own-returned" {
								own++
							}
						}
						if want := len(cfg.Initiators); want > 0 && own != want {
							t.Errorf("%s: %d own-returned observations, want %d", cfg, own, want)
						}
					}
				}
			}
		}
	}
}

// Reference: [S1] unidirectional rings, basic version — "All links in the
// ring are assumed to be FIFO channels." Without FIFO the initiator's own
// message can overtake the others: the C-RING1-2 and C-RING1-3 checks must
// catch it.
func TestUnorderedOvertake(t *testing.T) {
	cfg := &model.Config{IDs: ids(1, 2, 3), Initiators: ids(1), Forwarding: true, Net: model.Unordered}
	w, err := Algorithm.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	apply := func(name string) {
		t.Helper()
		ev, err := model.ParseEvent(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
	apply("detect 1")        // 1 sends elect(1) to 2
	apply("deliver 1->2 #1") // 2 sends elect(2), then forwards elect(1): #1, #2 on 2->3
	apply("deliver 2->3 #2") // elect(1) overtakes: 3 sends elect(3), forwards elect(1)
	apply("deliver 3->1 #2") // elect(1) is back at 1, which has seen no other id
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
	for _, cfg := range []model.Config{
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Initiators: ids(2)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Initiators: ids(2, 5, 6)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Crashed: ids(7, 1), Initiators: ids(3)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Crashed: ids(2), Variant: "all-announce,announce-n-1"},
	} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			c := cfg
			c.Forwarding, c.Timing = true, timing
			w := run(t, &c)
			sim, err := Algorithm.NewFastSim(&c)
			if err != nil {
				t.Fatal(err)
			}
			res := sim.Run(0)
			if !res.Quiescent || res.Faults != 0 {
				t.Fatalf("%s: sim quiescent=%v faults=%d", &c, res.Quiescent, res.Faults)
			}
			wc := w.Counts()
			if res.Counts.Sends != wc.Sends || res.Counts.Deliveries != wc.Deliveries || res.Counts.Forwards != wc.Forwards || res.Counts.Transmissions != wc.Transmissions {
				t.Errorf("%s: sim counts %+v, world %+v", &c, res.Counts, *wc)
			}
			for i := range w.N() {
				if res.Views[i] != w.View(i) || res.Status[i] != w.Status(i) {
					t.Errorf("%s: process %d: sim view %+v, world %+v", &c, w.Topo().Order[i], res.Views[i], w.View(i))
				}
				if res.LearnHops[i] != w.LearnHops(i) {
					t.Errorf("%s: process %d: sim learn hops %d, world %d", &c, w.Topo().Order[i], res.LearnHops[i], w.LearnHops(i))
				}
			}
		}
	}
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
		p := model.Params{N: 7, Live: 4, Initiators: 1, Variant: v}
		if got := RingN(p); got != tc.want {
			t.Errorf("variant %q: n = %d, want %d", tc.variant, got, tc.want)
		}
		if got, want := Algorithm.Claim("C-RING1-1").Formula(p), model.RatInt(int64(tc.want*tc.want)); got.Cmp(want) != 0 {
			t.Errorf("variant %q: C-RING1-1 reference %s, want %s", tc.variant, got, want)
		}
	}
}

// Reference: catalog §1.3 — every claim is a well-formed declaration.
func TestClaimsValidate(t *testing.T) {
	for i := range Algorithm.Claims {
		c := &Algorithm.Claims[i]
		if err := c.Validate(); err != nil {
			t.Error(err)
		}
		for _, v := range c.Variants {
			if _, err := Algorithm.ParseVariant(v); err != nil {
				t.Errorf("claim %s: %v", c.ID, err)
			}
		}
	}
}
