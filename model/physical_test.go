package model_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/model"
)

// pingKinds are the kinds of the test algorithm ping.
var pingKinds = model.Kinds(model.KindSpec{Name: "ping", Args: 1})

// pingState records the round a process first received a ping (0: none)
// and its timer's firing round.
type pingState struct {
	Got, Fired int64
}

// ping is a test algorithm on a complete graph: on its start, the process
// with the lowest id sends a ping to the id in its variant-free target
// rule (the highest id) and to every other process by multicast, and arms
// a 2-round timer.
func ping(unicastTo model.ID, multicast bool) *model.Algorithm[pingState] {
	return &model.Algorithm[pingState]{
		Info: model.Info{Name: "ping", Topology: model.Complete, Kinds: pingKinds},
		Init: func(*model.Env) pingState { return pingState{} },
		Step: func(env *model.Env, s pingState, in model.Input, out *model.Outbox) pingState {
			switch in.Kind {
			case model.InStart:
				if unicastTo != model.None {
					out.Send(unicastTo, pingKinds[0], 0, 0)
				}
				if multicast {
					var d []model.ID
					for _, id := range env.Topo.Order {
						if id != env.Self {
							d = append(d, id)
						}
					}
					out.Multicast(d, pingKinds[0], 0, 0)
				}
				out.SetTimer(1, 2)
			case model.InDeliver:
				if s.Got == 0 {
					s.Got = in.Now
				}
			case model.InTimer:
				s.Fired = in.Now
			}
			return s
		},
		View: func(pingState) model.View { return model.View{} },
	}
}

func runToQuiet(t *testing.T, w model.System) {
	t.Helper()
	var buf []model.Event
	for range 1000 {
		buf = w.Enabled(buf[:0])
		if len(buf) == 0 {
			return
		}
		if err := w.Apply(buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no quiescence")
}

// Reference: catalog C-KAB-11 ("a ring, where a broadcast costs n−1 link
// hops in P2P"): on a physical ring a unicast costs its shorter arc in
// sends, hop clock and (sync) rounds, a flood to every other process costs
// n−1 sends, ring-rt scales the timers by ⌊n/2⌋ under sync timing, and
// direct links are unchanged.
func TestPhysicalRing(t *testing.T) {
	ids := []model.ID{1, 2, 3, 4, 5, 6}
	for _, tc := range []struct {
		name      string
		phys      model.Physical
		timing    model.Timing
		to        model.ID
		multicast bool
		sends     int64
		got       int64 // round the ping reaches process to (sync)
		fired     int64 // round process 1's timer fires (sync)
	}{
		{"direct unicast", model.Direct, model.Sync, 4, false, 1, 1, 2},
		{"ring unicast, 3 hops", model.PhysRing, model.Sync, 4, false, 3, 3, 2},
		{"ring unicast, 2 hops counter-clockwise", model.PhysRing, model.Sync, 5, false, 2, 2, 2},
		{"ring-rt unicast", model.PhysRingRT, model.Sync, 4, false, 3, 3, 6},
		{"ring flood", model.PhysRing, model.Sync, 0, true, 5, 0, 2},
		{"ring flood async", model.PhysRing, model.Async, 0, true, 5, 0, 0},
		{"direct flood", model.Direct, model.Sync, 0, true, 5, 0, 2},
	} {
		alg := ping(tc.to, tc.multicast)
		w, err := alg.NewWorld(&model.Config{IDs: ids, Initiators: []model.ID{1}, Timing: tc.timing, Physical: tc.phys})
		if err != nil {
			t.Fatal(err)
		}
		runToQuiet(t, w)
		c := w.Counts()
		if c.Sends != tc.sends || c.Transmissions != 1 || c.Deliveries != int64(len(ids)-1) && tc.multicast || c.ByKind[0].Sends != tc.sends {
			t.Errorf("%s: counts %+v, want %d sends, 1 transmission", tc.name, *c, tc.sends)
		}
		if tc.timing == model.Sync {
			if tc.to != model.None {
				if got := w.State(int(tc.to - 1)).(pingState).Got; got != tc.got {
					t.Errorf("%s: ping arrived in round %d, want %d", tc.name, got, tc.got)
				}
				if h := w.Hops(int(tc.to - 1)); int64(h) != tc.sends {
					t.Errorf("%s: hop clock %d, want %d", tc.name, h, tc.sends)
				}
			}
			if f := w.State(0).(pingState).Fired; f != tc.fired {
				t.Errorf("%s: timer fired in round %d, want %d", tc.name, f, tc.fired)
			}
		}
		if tc.multicast && tc.timing == model.Sync && tc.phys != model.Direct {
			// Each destination gets the flood after its shorter arc.
			for i, want := range []int64{0, 1, 2, 3, 2, 1} {
				if got := w.State(i).(pingState).Got; got != want {
					t.Errorf("%s: process %d got the flood in round %d, want %d", tc.name, ids[i], got, want)
				}
			}
		}
	}
	// n odd: a flood from every position costs n−1.
	for p := range 5 {
		alg := ping(model.None, true)
		w, err := alg.NewWorld(&model.Config{IDs: []model.ID{3, 1, 5, 2, 4}, Initiators: []model.ID{model.ID([]int{3, 1, 5, 2, 4}[p])}, Physical: model.PhysRing})
		if err != nil {
			t.Fatal(err)
		}
		runToQuiet(t, w)
		if c := w.Counts(); c.Sends != 4 {
			t.Errorf("n=5, flood from position %d: %d sends, want 4", p, c.Sends)
		}
	}
}

// Reference: catalog C-KAB-11: the physical-network option is refused with
// a clear error where it has no meaning (a ring algorithm, the fast
// simulator, an unknown value), parses and prints its names, and leaves a
// config without it unchanged in String and in the World's encoding.
func TestPhysicalConfig(t *testing.T) {
	if err := model.Validate(&fceabr.Algorithm.Info, &model.Config{IDs: []model.ID{1, 2, 3}, Physical: model.PhysRing}); err == nil || !strings.Contains(err.Error(), "needs a complete logical graph") {
		t.Errorf("ring algorithm: err %v", err)
	}
	alg := ping(2, false)
	if err := model.Validate(&alg.Info, &model.Config{IDs: []model.ID{1, 2, 3}, Physical: 9}); err == nil || !strings.Contains(err.Error(), "unknown physical network") {
		t.Errorf("bad value: err %v", err)
	}
	if _, err := alg.NewFastSim(&model.Config{IDs: []model.ID{1, 2, 3}, Physical: model.PhysRing}); err == nil || !strings.Contains(err.Error(), "needs the World") {
		t.Errorf("sim: err %v", err)
	}
	for _, s := range []string{"direct", "ring", "ring-rt"} {
		p, err := model.ParsePhysical(s)
		if err != nil || p.String() != s {
			t.Errorf("ParsePhysical(%q) = %v, %v", s, p, err)
		}
	}
	if _, err := model.ParsePhysical("torus"); err == nil || !strings.Contains(err.Error(), `"torus"`) {
		t.Errorf("ParsePhysical(torus): err %v", err)
	}
	cfg := &model.Config{Algo: "ping", IDs: []model.ID{1, 2, 3}}
	if strings.Contains(cfg.String(), "physical") {
		t.Errorf("direct config prints its physical network: %s", cfg)
	}
	cfg.Physical = model.PhysRingRT
	if !strings.HasSuffix(cfg.String(), " physical=ring-rt") {
		t.Errorf("ring-rt config: %s", cfg)
	}
	// In flight on a ring, the rounds left are part of the sync state.
	a, _ := alg.NewWorld(&model.Config{IDs: []model.ID{1, 2, 3, 4}, Initiators: []model.ID{1}, Timing: model.Sync})
	b, _ := ping(3, false).NewWorld(&model.Config{IDs: []model.ID{1, 2, 3, 4}, Initiators: []model.ID{1}, Timing: model.Sync, Physical: model.PhysRing})
	for _, w := range []model.System{a, b} {
		if err := w.Apply(model.Event{Kind: model.EvDetect, P: 1}); err != nil {
			t.Fatal(err)
		}
	}
	c := b.Clone()
	if err := c.Apply(model.Event{Kind: model.EvRound, Seq: 1}); err != nil {
		t.Fatal(err)
	}
	if len(c.InFlight()) != 1 || c.Fingerprint() == b.Fingerprint() {
		t.Errorf("after one round of a 2-hop ping: in flight %v; the state must change", c.InFlight())
	}
}
