package ringpoll

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
	drive(t, w)
	return w
}

// drive applies events to w until it is quiescent (see run).
func drive(t *testing.T, w *model.World[State]) {
	t.Helper()
	var buf []model.Event
	for steps := 0; !w.Quiescent(); steps++ {
		if steps > 100000 {
			t.Fatalf("%s: not quiescent after %d events", w.Config(), steps)
		}
		buf = w.Enabled(buf[:0])
		var ev model.Event
		found := false
		for _, e := range buf {
			if e.Kind == model.EvDetect || (w.Config().Timing == model.Sync && e.Kind == model.EvRound) {
				ev, found = e, true
				break
			}
		}
		if !found {
			ev, found = w.OldestDelivery()
		}
		if !found {
			t.Fatalf("%s: stuck with no event to apply", w.Config())
		}
		if err := w.Apply(ev); err != nil {
			t.Fatalf("%s: apply %s: %v", w.Config(), ev, err)
		}
	}
	if f := w.Faults(); len(f) > 0 {
		t.Fatalf("%s: model faults: %v", w.Config(), f)
	}
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

// Reference: [S2] Ring-based Election slide — message counts, polls
// included ("Sequentially poll each successor until a live node is
// found"; AMB-RP-1: a poll is one message).
func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		name                string
		cfg                 model.Config
		election, coord     int64
		deliveries, bounces int64
	}{
		// One initiator on n=4 live: the Election lap is n=4 hops back
		// to the initiator; the Coordinator lap too. 8 deliveries.
		{"one initiator n=4", model.Config{IDs: ids(2, 4, 1, 3), Initiators: ids(1)}, 4, 4, 8, 0},
		// AMB-RP-2 lap-last-live: the Coordinator goes 1->3, 3->2,
		// 2->4, and 4, whose successor is the initiator 1, stops: one
		// Coordinator send fewer.
		{"lap-last-live n=4", model.Config{IDs: ids(2, 4, 1, 3), Initiators: ids(1), Variant: "lap-last-live"}, 4, 3, 7, 0},
		// Dead successor: ring 3,1(dead),4,2, initiator 3. Election:
		// 3->1 is a poll that bounces (1 message), then 3->4, 4->2,
		// 2->3: 4 sends. The Coordinator lap polls 1 again: 4 sends.
		// 6 deliveries, 2 bounces.
		{"dead successor", model.Config{IDs: ids(3, 1, 4, 2), Crashed: ids(1), Initiators: ids(3)}, 4, 4, 6, 2},
		// The same under lap-last-live: the Coordinator goes 3->1
		// (bounce), 3->4, 4->2, and 2 does not send to 3: 3 sends.
		{"dead successor, lap-last-live", model.Config{IDs: ids(3, 1, 4, 2), Crashed: ids(1), Initiators: ids(3), Variant: "lap-last-live"}, 4, 3, 5, 2},
		// Dead predecessor of the initiator under lap-last-live: ring
		// 3,1,4,2(dead). Election 3->1, 1->4, 4->2 (bounce), 4->3: 4
		// sends. Coordinator 3->1, 1->4, 4->2 (the poll finds 2 dead;
		// the next is the initiator, so the lap stops): 3 sends.
		{"dead predecessor, lap-last-live", model.Config{IDs: ids(3, 1, 4, 2), Crashed: ids(2), Initiators: ids(3), Variant: "lap-last-live"}, 4, 3, 5, 2},
		// Everyone else dead: ring 1,2(dead),3(dead). 1 polls 2 and 3
		// (2 sends, 2 bounces), the next position is 1 itself, so its
		// Election is back: it elects itself and polls 2 and 3 again
		// with the Coordinator (2 sends, 2 bounces). No delivery.
		{"alone", model.Config{IDs: ids(1, 2, 3), Crashed: ids(2, 3), Initiators: ids(1)}, 2, 2, 0, 4},
		// Four concurrent, independent elections on n=4: 4 Election
		// laps and 4 Coordinator laps of 4 sends each.
		{"all initiators n=4", model.Config{IDs: ids(2, 4, 1, 3)}, 16, 16, 32, 0},
	} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			cfg := tc.cfg
			cfg.Timing = timing
			w, err := Algorithm.NewWorld(&cfg)
			if err != nil {
				t.Fatal(err)
			}
			bounces := int64(0)
			var buf []model.Event
			for !w.Quiescent() {
				buf = w.Enabled(buf[:0])
				ev, ok := model.Event{}, false
				for _, e := range buf {
					if e.Kind == model.EvDetect || (timing == model.Sync && e.Kind == model.EvRound) {
						ev, ok = e, true
						break
					}
				}
				if !ok {
					ev, ok = w.OldestDelivery()
				}
				if !ok {
					t.Fatalf("%s: stuck", &cfg)
				}
				if err := w.Apply(ev); err != nil {
					t.Fatal(err)
				}
				for _, e := range w.Effects() {
					if e.Kind == model.Bounced {
						bounces++
					}
				}
			}
			if len(w.Faults()) > 0 {
				t.Fatalf("%s: %v", &cfg, w.Faults())
			}
			checkElected(t, w)
			c := w.Counts()
			if got := c.ByKind[Election.Code].Sends; got != tc.election {
				t.Errorf("%s %s: %d election sends, want %d", tc.name, timing, got, tc.election)
			}
			if got := c.ByKind[Coordinator.Code].Sends; got != tc.coord {
				t.Errorf("%s %s: %d coordinator sends, want %d", tc.name, timing, got, tc.coord)
			}
			if c.Sends != tc.election+tc.coord || c.Count(model.P2P) != c.Sends {
				t.Errorf("%s %s: %d sends in all, want %d", tc.name, timing, c.Sends, tc.election+tc.coord)
			}
			if c.Deliveries != tc.deliveries {
				t.Errorf("%s %s: %d deliveries, want %d", tc.name, timing, c.Deliveries, tc.deliveries)
			}
			if bounces != tc.bounces {
				t.Errorf("%s %s: %d bounces, want %d", tc.name, timing, bounces, tc.bounces)
			}
		}
	}
}

// Reference: [S2] Ring-based Election slide — "Each process tags its ID
// on the message": the Election that returns to the initiator lists the
// live processes in ring order, starting with the initiator; the received
// list is never modified.
func TestTagging(t *testing.T) {
	cfg := &model.Config{IDs: ids(5, 2, 6, 1, 4, 3), Crashed: ids(6, 4), Initiators: ids(2)}
	w, err := Algorithm.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var lists [][]model.ID
	var copies [][]model.ID
	for !w.Quiescent() {
		ev, ok := w.OldestDelivery()
		if !ok {
			ev = model.Event{Kind: model.EvDetect, P: 2}
		}
		if err := w.Apply(ev); err != nil {
			t.Fatal(err)
		}
		for _, e := range w.Effects() {
			if e.Kind == model.Delivered && e.Msg.Kind == Election {
				lists = append(lists, e.Msg.List)
				copies = append(copies, append([]model.ID(nil), e.Msg.List...))
			}
		}
	}
	want := [][]model.ID{ids(2), ids(2, 1), ids(2, 1, 3), ids(2, 1, 3, 5)}
	if len(lists) != len(want) {
		t.Fatalf("election deliveries %v, want %v", lists, want)
	}
	for i := range want {
		if model.FormatIDs(lists[i]) != model.FormatIDs(want[i]) || model.FormatIDs(lists[i]) != model.FormatIDs(copies[i]) {
			t.Errorf("delivery %d: list %v (at delivery %v), want %v", i, lists[i], copies[i], want[i])
		}
	}
	checkElected(t, w)
}

// Reference: [S2] Ring-based Election slide — "Select process with
// highest ID"; "Multiple elections can be in progress – Wastes network
// bandwidth but does no harm" (C-SLIDE-3), with dead successors.
func TestElectsMaxLive(t *testing.T) {
	perm := ids(3, 6, 1, 5, 2, 4)
	c := Algorithm.Claim("C-SLIDE-3")
	for dead := 0; dead < 1<<len(perm); dead++ {
		var crashed, live []model.ID
		for i, id := range perm {
			if dead&(1<<i) != 0 {
				crashed = append(crashed, id)
			} else {
				live = append(live, id)
			}
		}
		if len(live) < 1 {
			continue
		}
		for _, inits := range [][]model.ID{live[:1], live[len(live)-1:], nil} {
			for _, variant := range []string{"", "lap-last-live"} {
				for _, timing := range []model.Timing{model.Async, model.Sync} {
					cfg := &model.Config{IDs: perm, Crashed: crashed, Initiators: inits, Timing: timing, Variant: variant}
					w := run(t, cfg)
					checkElected(t, w)
					if err := c.Custom(w); err != nil {
						t.Errorf("%s: C-SLIDE-3: %v", cfg, err)
					}
					k := 0
					for _, o := range w.Observations() {
						if o.Tag == "announce" {
							k++
						}
					}
					if want := len(inits); want > 0 && k != want {
						t.Errorf("%s: %d announcements, want %d", cfg, k, want)
					}
				}
			}
		}
	}
}

// Reference: [S2] Ring-based Election slide — a crash during the
// election (outside the slide's story): the initiator dies while its
// Election is on the ring. The poll that finds the dead initiator ends
// the lap, so the run still terminates, with nobody elected.
func TestInitiatorCrashTerminates(t *testing.T) {
	cfg := &model.Config{IDs: ids(1, 2, 3, 4), Initiators: ids(1), CrashBudget: 1}
	w, err := Algorithm.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"detect 1", "deliver 1->2 #1", "crash 1"} {
		ev, err := model.ParseEvent(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
	drive(t, w)
	// 1->2, 2->3, 3->4, 4->1 (bounces: 1 is the initiator, the lap is over).
	if got := w.Counts().Sends; got != 4 {
		t.Errorf("%d sends, want 4", got)
	}
	for i := range w.N() {
		if w.Status(i) == model.Live && w.View(i).Leader != model.None {
			t.Errorf("process %d holds leader %d, want none", w.Topo().Order[i], w.View(i).Leader)
		}
	}
}

// Reference: [S2] Ring-based Election slide — the fast simulator and the
// World run the same fixed schedule, bounces included.
func TestSimMatchesWorld(t *testing.T) {
	for _, cfg := range []model.Config{
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Initiators: ids(2)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Initiators: ids(2, 5, 6)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Crashed: ids(7, 1), Initiators: ids(3)},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Crashed: ids(2, 1, 6), Variant: "lap-last-live"},
		{IDs: ids(4, 2, 7, 1, 5, 3, 6), Crashed: ids(7, 5, 6)},
	} {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			c := cfg
			c.Timing = timing
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
			if res.Counts.Sends != wc.Sends || res.Counts.Deliveries != wc.Deliveries || res.Counts.Transmissions != wc.Transmissions {
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

// Reference: catalog §1.4 — every claim is a well-formed declaration.
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
