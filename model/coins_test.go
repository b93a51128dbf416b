package model_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// coinPair is modeltest.CoinPairAlg's state; coinPairAlg records the
// last input.
type coinPair = modeltest.CoinPair

var coinVal = modeltest.FlipMsg

func coinPairAlg() *model.Algorithm[coinPair] { return modeltest.CoinPairAlg(true, 0) }

func coinWorld(t *testing.T, cfg *model.Config) *model.World[coinPair] {
	t.Helper()
	if cfg == nil {
		cfg = &model.Config{}
	}
	cfg.Algo = "coinpair"
	if cfg.IDs == nil {
		cfg.IDs = []model.ID{1, 2}
	}
	w, err := coinPairAlg().NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// apply applies each named event, failing the test on an error.
func apply(t *testing.T, w model.System, names ...string) {
	t.Helper()
	for _, n := range names {
		ev, err := model.ParseEvent(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
}

func enabledNames(w model.System) []string {
	var names []string
	for _, ev := range w.Enabled(nil) {
		names = append(names, ev.String())
	}
	return names
}

func has(names []string, want string) bool {
	for _, n := range names {
		if n == want {
			return true
		}
	}
	return false
}

func TestCoinEnabledAndAnswered(t *testing.T) {
	w := coinWorld(t, nil)
	if w.PendingCoins() != 0 {
		t.Fatal("a coin is pending before any step")
	}
	apply(t, w, "detect 1")
	got := enabledNames(w)
	if len(got) < 3 || got[0] != "coin 1 = 0" || got[1] != "coin 1 = 1" || !has(got, "detect 2") {
		t.Fatalf("enabled after detect 1 = %v, want coin 1 = 0, coin 1 = 1 first and detect 2", got)
	}
	if ws, ok := w.PendingCoin(0); !ok || len(ws) != 2 || ws[0] != 1 || ws[1] != 1 {
		t.Fatalf("PendingCoin(0) = %v, %v; want [1 1], true", ws, ok)
	}
	var cs model.System = w
	if _, ok := cs.(model.CoinSystem); !ok {
		t.Fatal("World is not a CoinSystem")
	}
	if w.Quiescent() {
		t.Fatal("quiescent while a coin is pending")
	}
	for v := range 2 {
		c := w.CloneWorld()
		apply(t, c, "coin 1 = "+string(rune('0'+v)))
		s := c.State(0).(coinPair)
		if s.LastIn != model.InCoin || s.LastCoin != v || int(s.Mine) != v {
			t.Errorf("after coin 1 = %d: last input %v coin %d mine %d", v, s.LastIn, s.LastCoin, s.Mine)
		}
		if _, ok := c.PendingCoin(0); ok || c.PendingCoins() != 0 {
			t.Errorf("after coin 1 = %d: the coin is still pending", v)
		}
		if ms := c.InFlight(); len(ms) != 1 || ms[0].B != int32(v) {
			t.Errorf("after coin 1 = %d: in flight %v, want the outcome sent", v, ms)
		}
	}
	// The original is untouched by its clones' answers.
	if _, ok := w.PendingCoin(0); !ok {
		t.Fatal("a clone's answer cleared the original's coin")
	}
	for _, bad := range []struct{ ev, why string }{
		{"coin 1 = 2", "outcomes 0..1"},
		{"coin 2 = 0", "no pending coin"},
	} {
		ev, err := model.ParseEvent(bad.ev)
		if err != nil {
			t.Fatal(err)
		}
		err = w.Apply(ev)
		if err == nil || !strings.Contains(err.Error(), "is not enabled") || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("Apply(%s) = %v, want not enabled: %s", bad.ev, err, bad.why)
		}
	}
}

// waitViolation returns an enabled event that gives a process with a
// pending coin another input (a delivery to it, its timer, its
// initiation), or "".
func waitViolation(w *model.World[coinPair]) string {
	for _, ev := range w.Enabled(nil) {
		switch ev.Kind {
		case model.EvDeliver, model.EvFire, model.EvDetect:
			if _, ok := w.PendingCoin(w.Topo().IndexOf(ev.P)); ok {
				return ev.String()
			}
		}
	}
	return ""
}

// reachable visits every state of w reachable within depth events
// (breadth first, by fingerprint), calling visit on each.
func reachable(w *model.World[coinPair], depth int, visit func(*model.World[coinPair])) {
	seen := map[uint64]bool{w.Fingerprint(): true}
	level := []*model.World[coinPair]{w}
	for d := 0; d <= depth && len(level) > 0; d++ {
		var next []*model.World[coinPair]
		for _, s := range level {
			visit(s)
			for _, ev := range s.Enabled(nil) {
				c := s.CloneWorld()
				if err := c.Apply(ev); err != nil {
					panic(err)
				}
				if fp := c.Fingerprint(); !seen[fp] {
					seen[fp] = true
					next = append(next, c)
				}
			}
		}
		level = next
	}
}

func TestCoinWaits(t *testing.T) {
	w := coinWorld(t, nil)
	apply(t, w, "detect 1", "coin 1 = 1", "detect 2")
	// 1's outcome is in flight to 2, whose coin is pending.
	if got := enabledNames(w); has(got, "deliver 1->2 #1") {
		t.Fatalf("enabled = %v: a delivery to a process waiting for its coin", got)
	}
	err := w.Apply(model.Event{Kind: model.EvDeliver, From: 1, P: 2, Seq: 1})
	if err == nil || !strings.Contains(err.Error(), "waits for its coin") {
		t.Fatalf("Apply(deliver 1->2 #1) = %v, want not enabled: waits for its coin", err)
	}
	apply(t, w, "coin 2 = 0", "deliver 1->2 #1", "deliver 2->1 #1")
	if v0, v1 := w.View(0), w.View(1); !v0.Coordinator || v1.Leader != 1 || !w.Quiescent() {
		t.Fatalf("after 1 against 0: views %+v %+v, quiescent %v; want 1 coordinator", v0, v1, w.Quiescent())
	}
	// Every reachable state keeps the rule; the broken model does not.
	check := func() string {
		bad := ""
		reachable(coinWorld(t, nil), 12, func(s *model.World[coinPair]) {
			if v := waitViolation(s); v != "" && bad == "" {
				bad = v
			}
		})
		return bad
	}
	if v := check(); v != "" {
		t.Fatalf("%s is enabled at a process waiting for its coin", v)
	}
	model.BreakCoinWait(true)
	defer model.BreakCoinWait(false)
	if check() == "" {
		t.Fatal("the broken model (deliveries let through while a coin is pending) is not caught")
	}
}

func TestCoinSync(t *testing.T) {
	w := coinWorld(t, &model.Config{Timing: model.Sync})
	apply(t, w, "detect 1", "coin 1 = 0", "detect 2")
	if got := enabledNames(w); has(got, "round 1") || !has(got, "coin 2 = 1") {
		t.Fatalf("enabled = %v: want coin 2's outcomes and no round while it is pending", got)
	}
	err := w.Apply(model.Event{Kind: model.EvRound, Seq: 1})
	if err == nil || !strings.Contains(err.Error(), "coin is pending") {
		t.Fatalf("Apply(round 1) = %v, want not enabled: a coin is pending", err)
	}
	apply(t, w, "coin 2 = 1", "round 1")
	if v0, v1 := w.View(0), w.View(1); v0.Leader != 2 || !v1.Coordinator {
		t.Fatalf("after 0 against 1: views %+v %+v; want 2 coordinator", v0, v1)
	}
	// A tie: both flip again in the round, and the next round waits.
	w = coinWorld(t, &model.Config{Timing: model.Sync})
	apply(t, w, "detect 1", "coin 1 = 0", "detect 2", "coin 2 = 0", "round 1")
	if got := enabledNames(w); len(got) != 4 || got[0] != "coin 1 = 0" || got[3] != "coin 2 = 1" {
		t.Fatalf("enabled after a tie = %v, want both coins' outcomes only", got)
	}
}

func TestCoinCrashDropsIt(t *testing.T) {
	w := coinWorld(t, &model.Config{CrashBudget: 1})
	apply(t, w, "detect 1")
	if !has(enabledNames(w), "crash 1") {
		t.Fatalf("enabled = %v: a process with a pending coin may crash", enabledNames(w))
	}
	apply(t, w, "crash 1")
	if _, ok := w.PendingCoin(0); ok || w.PendingCoins() != 0 || has(enabledNames(w), "coin 1 = 0") {
		t.Fatalf("the crashed process's coin is still pending: %v", enabledNames(w))
	}
}

// TestCoinEncoding: a pending coin is in the encoding and the hashes, the
// incremental StateHash follows it, and once it is gone the encoding is
// that of the same state without it.
func TestCoinEncoding(t *testing.T) {
	w := coinWorld(t, nil)
	h, _, _ := w.StateHash(nil) // fill the per-process cache
	apply(t, w, "detect 1")
	with := w.CloneWorld()
	hw, _, _ := with.StateHash(nil)
	model.DropCoin(w, 0)
	hn, _, _ := w.StateHash(nil)
	if string(with.Encode(nil)) == string(w.Encode(nil)) || with.Fingerprint() == w.Fingerprint() || hw == hn || hw == h {
		t.Fatal("a pending coin is not in the encoding or the hashes")
	}
	for _, x := range []*model.World[coinPair]{with, w} {
		inc, _, _ := x.StateHash(nil)
		model.SetProcessHashes(x, make([]uint64, x.N()))
		if full, _, _ := x.StateHash(nil); full != inc {
			t.Fatalf("incremental StateHash %x, recomputed %x: a coin change left a stale cache", inc, full)
		}
	}
	// The weights are part of the coin: a 1:3 coin is not a 3:1 one.
	x, y := scriptWorld(t, func(o *model.Outbox) { o.Coin(1, 3) }), scriptWorld(t, func(o *model.Outbox) { o.Coin(3, 1) })
	apply(t, x, "detect 1")
	apply(t, y, "detect 1")
	if x.Fingerprint() == y.Fingerprint() {
		t.Fatal("coins of different weights encode alike")
	}
}

// scripted is the state of scriptAlg: the last input's kind and coin.
type scripted struct {
	In   model.InputKind
	Coin int
	N    int
}

// scriptWorld is a World of two processes whose start step runs start on
// its outbox and whose other steps record their input.
func scriptWorld(t *testing.T, start func(*model.Outbox)) *model.World[scripted] {
	t.Helper()
	return scriptWorldOf(t, start, false, nil)
}

// scriptWorldOf is scriptWorld with Algorithm.Bounce set as bounce and
// the processes crashed before the run.
func scriptWorldOf(t *testing.T, start func(*model.Outbox), bounce bool, crashed []model.ID) *model.World[scripted] {
	t.Helper()
	alg := &model.Algorithm[scripted]{
		Info: model.Info{Name: "script", Topology: model.Complete, Kinds: coinPairAlg().Kinds, Bounce: bounce},
		Init: func(*model.Env) scripted { return scripted{} },
		Step: func(_ *model.Env, s scripted, in model.Input, out *model.Outbox) scripted {
			s.In, s.Coin, s.N = in.Kind, in.Coin, s.N+1
			if in.Kind == model.InStart {
				start(out)
			}
			return s
		},
		View: func(scripted) model.View { return model.View{} },
	}
	w, err := alg.NewWorld(&model.Config{Algo: "script", IDs: []model.ID{1, 2}, Crashed: crashed})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestCoinFaults(t *testing.T) {
	for _, c := range []struct {
		name  string
		start func(*model.Outbox)
		fault string
	}{
		{"one outcome", func(o *model.Outbox) { o.Coin(5) }, "a coin of 1 outcome(s) (want 2..255)"},
		{"no outcome", func(o *model.Outbox) { o.Coin() }, "a coin of 0 outcome(s)"},
		{"zero weight", func(o *model.Outbox) { o.Coin(1, 0, 2) }, "a coin whose outcome 1 has weight 0"},
		{"flip 1", func(o *model.Outbox) { o.Flip(1) }, "a coin of 1 outcome(s)"},
		{"flip 256", func(o *model.Outbox) { o.Flip(256) }, "a coin of 256 outcome(s)"},
		{"flip -3", func(o *model.Outbox) { o.Flip(-3) }, "a coin of 0 outcome(s)"},
		{"two coins", func(o *model.Outbox) { o.Flip(2); o.Coin(1, 2) }, "a second coin while one is pending"},
		{"fine", func(o *model.Outbox) { o.Flip(255) }, ""},
	} {
		w := scriptWorld(t, c.start)
		apply(t, w, "detect 1")
		f := w.Faults()
		switch {
		case c.fault == "" && len(f) != 0:
			t.Errorf("%s: faults %q, want none", c.name, f)
		case c.fault != "" && (len(f) != 1 || !strings.Contains(f[0], "process 1 requested "+c.fault)):
			t.Errorf("%s: faults %q, want one naming %q", c.name, f, c.fault)
		}
		ws, ok := w.PendingCoin(0)
		switch c.name {
		case "two coins":
			if !ok || len(ws) != 2 || ws[1] != 1 {
				t.Errorf("%s: pending coin %v, %v; want the first one, [1 1]", c.name, ws, ok)
			}
		case "fine":
			if !ok || len(ws) != 255 || len(enabledNames(w)) < 255 {
				t.Errorf("%s: pending coin of %d outcomes, want 255 enabled", c.name, len(ws))
			}
		default:
			if ok {
				t.Errorf("%s: a refused coin is pending", c.name)
			}
		}
	}
}

func TestCoinEventNames(t *testing.T) {
	for _, name := range []string{"coin 1 = 0", "coin 12 = 254"} {
		ev, err := model.ParseEvent(name)
		if err != nil || ev.Kind != model.EvCoin || ev.String() != name {
			t.Errorf("ParseEvent(%q) = %v (%q), %v; want a coin event that prints back", name, ev, ev.String(), err)
		}
	}
	if ev, _ := model.ParseEvent("coin 3 = 1"); ev.P != 3 || ev.Seq != 1 {
		t.Errorf("coin 3 = 1 parses as %+v", ev)
	}
	for name, want := range map[string]string{
		"coin 1 = 255": "coin outcome \"255\" is not an integer 0..254",
		"coin 1 = -1":  "coin outcome",
		"coin 1 = x":   "coin outcome",
		"coin 0 = 1":   "process is not a positive integer",
		"coin 1 1":     "want \"coin P = V\"",
		"coin 1":       "want \"coin P = V\"",
	} {
		_, err := model.ParseEvent(name)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "bad event") {
			t.Errorf("ParseEvent(%q) = %v, want an error with %q", name, err, want)
		}
	}
	if model.InCoin.String() != "coin" || model.InBounce.String() != "bounce" {
		t.Errorf("input names: %s %s", model.InCoin, model.InBounce)
	}
}

func TestCoinFairFIFO(t *testing.T) {
	w := coinWorld(t, nil)
	apply(t, w, "detect 1")
	if ev := model.FairFIFO(w, w.Enabled(nil)); ev.String() != "coin 1 = 0" {
		t.Fatalf("FairFIFO chose %s, want coin 1 = 0 (pending coins first, outcome 0)", ev)
	}
}

// TestCoinSimAnswers: the fast simulator answers coins (it refused them
// before): the coin pair runs to quiescence, elected, its coins counted
// as events (simcoins_test.go checks the Sim against the World).
func TestCoinSimAnswers(t *testing.T) {
	sim, err := coinPairAlg().NewSim(&model.Config{Algo: "coinpair", IDs: []model.ID{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	res := sim.Run(1000)
	if !res.Quiescent || res.Capped != "" || res.Coins < 2 || res.Coins%2 != 0 || res.Views[0].Leader == 0 || res.Views[0].Leader != res.Views[1].Leader {
		t.Fatalf("Sim on the coin pair: quiescent %v, capped %q, %d coins, views %v; want quiescent, an even number of coins (2 a round), one leader", res.Quiescent, res.Capped, res.Coins, res.Views)
	}
}

// TestCoinBounceWaits: a message to a crashed process that would bounce
// back to its sender waits while the sender waits for its coin.
func TestCoinBounceWaits(t *testing.T) {
	start := func(o *model.Outbox) { o.Send(2, coinVal, 0, 0); o.Flip(2) }
	for _, bounce := range []bool{true, false} {
		w := scriptWorldOf(t, start, bounce, []model.ID{2})
		apply(t, w, "detect 1")
		got := enabledNames(w)
		if has(got, "deliver 1->2 #1") == bounce {
			t.Errorf("bounce %v: enabled %v", bounce, got)
		}
		err := w.Clone().Apply(model.Event{Kind: model.EvDeliver, From: 1, P: 2, Seq: 1})
		if bounce && (err == nil || !strings.Contains(err.Error(), "it would bounce back to its sender, which waits for its coin")) {
			t.Errorf("bounce: Apply(deliver 1->2 #1) = %v, want not enabled", err)
		}
		if !bounce && err != nil {
			t.Errorf("no bounce: Apply(deliver 1->2 #1) = %v, want the message dropped", err)
		}
		apply(t, w, "coin 1 = 1", "deliver 1->2 #1")
		if s := w.State(0).(scripted); bounce && (s.In != model.InBounce || s.N != 3) {
			t.Errorf("bounce: 1's last input %v after %d steps, want the bounce third", s.In, s.N)
		}
	}
}
