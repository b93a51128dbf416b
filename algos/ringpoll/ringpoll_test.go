package ringpoll

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

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
		{"one initiator n=4", model.Config{IDs: modeltest.IDs(2, 4, 1, 3), Initiators: modeltest.IDs(1)}, 4, 4, 8, 0},
		// AMB-RP-2 lap-last-live: the Coordinator goes 1->3, 3->2,
		// 2->4, and 4, whose successor is the initiator 1, stops: one
		// Coordinator send fewer.
		{"lap-last-live n=4", model.Config{IDs: modeltest.IDs(2, 4, 1, 3), Initiators: modeltest.IDs(1), Variant: "lap-last-live"}, 4, 3, 7, 0},
		// Dead successor: ring 3,1(dead),4,2, initiator 3. Election:
		// 3->1 is a poll that bounces (1 message), then 3->4, 4->2,
		// 2->3: 4 sends. The Coordinator lap polls 1 again: 4 sends.
		// 6 deliveries, 2 bounces.
		{"dead successor", model.Config{IDs: modeltest.IDs(3, 1, 4, 2), Crashed: modeltest.IDs(1), Initiators: modeltest.IDs(3)}, 4, 4, 6, 2},
		// The same under lap-last-live: the Coordinator goes 3->1
		// (bounce), 3->4, 4->2, and 2 does not send to 3: 3 sends.
		{"dead successor, lap-last-live", model.Config{IDs: modeltest.IDs(3, 1, 4, 2), Crashed: modeltest.IDs(1), Initiators: modeltest.IDs(3), Variant: "lap-last-live"}, 4, 3, 5, 2},
		// Dead predecessor of the initiator under lap-last-live: ring
		// 3,1,4,2(dead). Election 3->1, 1->4, 4->2 (bounce), 4->3: 4
		// sends. Coordinator 3->1, 1->4, 4->2 (the poll finds 2 dead;
		// the next is the initiator, so the lap stops): 3 sends.
		{"dead predecessor, lap-last-live", model.Config{IDs: modeltest.IDs(3, 1, 4, 2), Crashed: modeltest.IDs(2), Initiators: modeltest.IDs(3), Variant: "lap-last-live"}, 4, 3, 5, 2},
		// Everyone else dead: ring 1,2(dead),3(dead). 1 polls 2 and 3
		// (2 sends, 2 bounces), the next position is 1 itself, so its
		// Election is back: it elects itself and polls 2 and 3 again
		// with the Coordinator (2 sends, 2 bounces). No delivery.
		{"alone", model.Config{IDs: modeltest.IDs(1, 2, 3), Crashed: modeltest.IDs(2, 3), Initiators: modeltest.IDs(1)}, 2, 2, 0, 4},
		// Four concurrent, independent elections on n=4: 4 Election
		// laps and 4 Coordinator laps of 4 sends each.
		{"all initiators n=4", model.Config{IDs: modeltest.IDs(2, 4, 1, 3)}, 16, 16, 32, 0},
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
			modeltest.CheckElectedMax(t, w)
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
	cfg := &model.Config{IDs: modeltest.IDs(5, 2, 6, 1, 4, 3), Crashed: modeltest.IDs(6, 4), Initiators: modeltest.IDs(2)}
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
	want := [][]model.ID{modeltest.IDs(2), modeltest.IDs(2, 1), modeltest.IDs(2, 1, 3), modeltest.IDs(2, 1, 3, 5)}
	if len(lists) != len(want) {
		t.Fatalf("election deliveries %v, want %v", lists, want)
	}
	for i := range want {
		if model.FormatIDs(lists[i]) != model.FormatIDs(want[i]) || model.FormatIDs(lists[i]) != model.FormatIDs(copies[i]) {
			t.Errorf("delivery %d: list %v (at delivery %v), want %v", i, lists[i], copies[i], want[i])
		}
	}
	modeltest.CheckElectedMax(t, w)
}

// Reference: [S2] Ring-based Election slide — "Select process with
// highest ID"; "Multiple elections can be in progress – Wastes network
// bandwidth but does no harm" (C-SLIDE-3), with dead successors.
func TestElectsMaxLive(t *testing.T) {
	c := claim.Entry{Spec: Algorithm, Claims: Claims}.Claim("C-SLIDE-3")
	inits := func(live []model.ID) [][]model.ID { return [][]model.ID{live[:1], live[len(live)-1:], nil} }
	modeltest.CrashSetRuns(t, Algorithm, model.Config{IDs: modeltest.IDs(3, 6, 1, 5, 2, 4)}, 1, inits, []string{"", "lap-last-live"}, func(cfg *model.Config, w model.System) {
		if err := c.Custom(w); err != nil {
			t.Errorf("%s: C-SLIDE-3: %v", cfg, err)
		}
		k := modeltest.Observed(w, "announce")
		if want := len(cfg.Initiators); want > 0 && k != want {
			t.Errorf("%s: %d announcements, want %d", cfg, k, want)
		}
	})
}

// Reference: [S2] Ring-based Election slide — a crash during the
// election (outside the slide's story): the initiator dies while its
// Election is on the ring. The poll that finds the dead initiator ends
// the lap, so the run still terminates, with nobody elected.
func TestInitiatorCrashTerminates(t *testing.T) {
	cfg := &model.Config{IDs: modeltest.IDs(1, 2, 3, 4), Initiators: modeltest.IDs(1), CrashBudget: 1}
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
	modeltest.Drive(t, w)
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
	modeltest.SimMatchesWorldTimings(t, Algorithm,
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Initiators: modeltest.IDs(2)},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Initiators: modeltest.IDs(2, 5, 6)},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6)},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(7, 1), Initiators: modeltest.IDs(3)},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(2, 1, 6), Variant: "lap-last-live"},
		model.Config{IDs: modeltest.IDs(4, 2, 7, 1, 5, 3, 6), Crashed: modeltest.IDs(7, 5, 6)},
	)
}

// Reference: catalog §1.4 — every claim is a well-formed declaration.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
