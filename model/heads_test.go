package model_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/model"
)

// headsConfigs are fairNextConfigs and FIFO rings where every process
// initiates (queues of several messages, the case the heads heaps serve).
var headsConfigs = append([]cloneConfig{
	{"changroberts", model.Config{IDs: []model.ID{3, 1, 6, 4, 2, 5}}},
	{"changroberts", model.Config{IDs: []model.ID{3, 1, 4, 2}, CrashBudget: 1}},
	{"lelann", model.Config{IDs: []model.ID{2, 5, 3, 1, 4}}},
}, fairNextConfigs...)

// newSystem builds c's initial System.
func newSystem(t interface{ Fatal(...any) }, algo string, cfg model.Config) model.System {
	spec, err := algos.Registry().Lookup(algo)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Algo = algo
	s, err := spec.NewSystem(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// headsAgree reports whether OldestDelivery and NewestDelivery (the
// heads heaps under FIFO channels) equal a scan of every link.
func headsAgree(s model.System) (string, bool) {
	for _, newest := range []bool{false, true} {
		got, ok := s.OldestDelivery()
		if newest {
			got, ok = s.NewestDelivery()
		}
		want, wok := model.ScanDelivery(s, newest)
		if got != want || ok != wok {
			return got.String() + " against the scan's " + want.String(), false
		}
	}
	return "", true
}

// TestHeads: in every state of random executions of headsConfigs (a copy
// taken now and then and run on), OldestDelivery and NewestDelivery equal
// a scan of every link (the heads heaps' from-scratch computation), and
// the kept count of armed timers equals a count of the timer lists.
// TestHeadsCaught shows the comparison can fail.
func TestHeads(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		c := headsConfigs[rapid.IntRange(0, len(headsConfigs)-1).Draw(rt, "config")]
		s := newSystem(rt, c.algo, c.cfg)
		for range rapid.IntRange(1, 80).Draw(rt, "steps") {
			if why, ok := headsAgree(s); !ok {
				rt.Fatalf("%s: %s", &c.cfg, why)
			}
			if kept, counted := model.TimerCounts(s); kept != counted {
				rt.Fatalf("%s: %d armed timers kept, %d counted", &c.cfg, kept, counted)
			}
			en := s.Enabled(nil)
			if len(en) == 0 {
				return
			}
			if rapid.IntRange(0, 9).Draw(rt, "clone") == 0 {
				s = s.Clone()
			}
			if err := s.Apply(en[rapid.IntRange(0, len(en)-1).Draw(rt, "event")]); err != nil {
				rt.Fatal(err)
			}
		}
	})
}

// TestHeadsCaught: with a delivery that forgets to record its link's next
// head (model.BreakHeads), random executions of a FIFO ring where every
// process initiates give an OldestDelivery or NewestDelivery that differs
// from the scan.
func TestHeadsCaught(t *testing.T) {
	model.BreakHeads(true)
	defer model.BreakHeads(false)
	rng := rand.New(rand.NewPCG(1, 2))
	for run := range 50 {
		s := newSystem(t, "changroberts", model.Config{IDs: []model.ID{3, 1, 6, 4, 2, 5}})
		for {
			if _, ok := headsAgree(s); !ok {
				t.Logf("caught in run %d", run)
				return
			}
			en := s.Enabled(nil)
			if len(en) == 0 {
				break
			}
			if err := s.Apply(en[rng.IntN(len(en))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Error("a broken heads heap was never caught")
}

// TestDirtyListsCaught: with a touch that forgets to list the process it
// clears (model.BreakDirty), the kept StateHash of a random execution
// differs from a fresh World's given the same events (TestStateHash's
// comparison, which holds with the dirty lists intact).
func TestDirtyListsCaught(t *testing.T) {
	model.BreakDirty(true)
	defer model.BreakDirty(false)
	rng := rand.New(rand.NewPCG(1, 2))
	if !keptHashDiffers(t, "changroberts", model.Config{IDs: []model.ID{3, 1, 6, 4, 2, 5}}, rng) {
		t.Error("a broken dirty list was never caught")
	}
}

// keptHashDiffers runs one random execution of algo's cfg (events drawn
// from rng) and reports whether, after some event, the StateHash the
// World keeps differs from that of a fresh World given the same events.
func keptHashDiffers(t *testing.T, algo string, cfg model.Config, rng *rand.Rand) bool {
	type hasher interface {
		StateHash([]byte) (uint64, []byte, bool)
	}
	s := newSystem(t, algo, cfg)
	var path []model.Event
	for {
		h, _, _ := s.(hasher).StateHash(nil)
		ref := newSystem(t, algo, cfg)
		for _, ev := range path {
			if err := ref.Apply(ev); err != nil {
				t.Fatal(err)
			}
		}
		if want, _, _ := ref.(hasher).StateHash(nil); h != want {
			return true
		}
		en := s.Enabled(nil)
		if len(en) == 0 {
			return false
		}
		ev := en[rng.IntN(len(en))]
		if err := s.Apply(ev); err != nil {
			t.Fatal(err)
		}
		path = append(path, ev)
	}
}

// quickEnabler is the World's shortcut for the random chooser.
type quickEnabler interface {
	QuickEnabled() (model.Event, bool, bool)
	EnabledCount() int
	EnabledAt(k int) model.Event
}

// quickAgrees reports whether, where QuickEnabled applies, it,
// EnabledCount and EnabledAt agree with Enabled (applies: it did).
func quickAgrees(s model.System) (why string, applies bool) {
	q := s.(quickEnabler)
	var want model.Event
	found := false
	for _, ev := range s.Enabled(nil) {
		if ev.Kind == model.EvDetect {
			want, found = ev, true
			break
		}
	}
	if got, ok := s.(interface {
		FirstDetect() (model.Event, bool)
	}).FirstDetect(); ok != found || found && got != want {
		return fmt.Sprintf("FirstDetect %v %v, enabled %v", got, ok, s.Enabled(nil)), false
	}
	first, detect, ok := q.QuickEnabled()
	if !ok {
		return "", false
	}
	en := s.Enabled(nil)
	if n := q.EnabledCount(); n != len(en) {
		return fmt.Sprintf("EnabledCount %d, %d enabled: %v", n, len(en), en), true
	}
	if detect != (len(en) > 0 && en[0].Kind == model.EvDetect) || detect && first != en[0] {
		return fmt.Sprintf("QuickEnabled %v %v, enabled %v", first, detect, en), true
	}
	for k, ev := range en {
		if got := q.EnabledAt(k); got != ev {
			return fmt.Sprintf("EnabledAt(%d) %v, enabled %v", k, got, en), true
		}
	}
	return "", true
}

// TestQuickEnabled: in every state of random executions of headsConfigs,
// FirstDetect is the first enabled detection, and where QuickEnabled
// applies (a copy taken now and then and run on), it,
// EnabledCount and EnabledAt agree with the listed enabled events.
// TestQuickEnabledCaught shows the comparison can fail.
func TestQuickEnabled(t *testing.T) {
	compared := 0
	rapid.Check(t, func(rt *rapid.T) {
		c := headsConfigs[rapid.IntRange(0, len(headsConfigs)-1).Draw(rt, "config")]
		s := newSystem(rt, c.algo, c.cfg)
		for range rapid.IntRange(1, 80).Draw(rt, "steps") {
			why, applies := quickAgrees(s)
			if why != "" {
				rt.Fatalf("%s: %s", &c.cfg, why)
			}
			if applies {
				compared++
			}
			en := s.Enabled(nil)
			if len(en) == 0 {
				return
			}
			if rapid.IntRange(0, 9).Draw(rt, "clone") == 0 {
				s = s.Clone()
			}
			if err := s.Apply(en[rapid.IntRange(0, len(en)-1).Draw(rt, "event")]); err != nil {
				rt.Fatal(err)
			}
		}
	})
	if compared == 0 {
		t.Error("QuickEnabled never applied")
	}
}

// TestQuickEnabledCaught: with a delivery that empties its link and
// leaves it counted (model.BreakBusy), random executions of a FIFO ring
// where every process initiates give an EnabledCount or EnabledAt that
// differs from Enabled.
func TestQuickEnabledCaught(t *testing.T) {
	model.BreakBusy(true)
	defer model.BreakBusy(false)
	if !quickCaught(t, "changroberts", model.Config{IDs: []model.ID{3, 1, 6, 4, 2, 5}}) {
		t.Error("a broken count of non-empty links was never caught")
	}
}

// quickCaught reports whether quickAgrees (TestQuickEnabled's comparison)
// refuses some state of 50 random executions of algo on cfg: what a
// broken variant must make it do.
func quickCaught(t *testing.T, algo string, cfg model.Config) bool {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		s := newSystem(t, algo, cfg)
		for {
			if why, _ := quickAgrees(s); why != "" {
				return true
			}
			en := s.Enabled(nil)
			if len(en) == 0 {
				break
			}
			if err := s.Apply(en[rng.IntN(len(en))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return false
}

// TestFirstDetectCaught: with FirstDetect returning the last enabled
// detection (model.BreakFirstDetect), random executions of Bully with
// every live process a detector give a FirstDetect that quickAgrees
// (TestQuickEnabled's comparison) refuses.
func TestFirstDetectCaught(t *testing.T) {
	model.BreakFirstDetect(true)
	defer model.BreakFirstDetect(false)
	if !quickCaught(t, "bully", model.Config{IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}}) {
		t.Error("a FirstDetect that returns the last detection was never caught")
	}
}

// TestStateOf: StateOf reads the state State boxes, on a World.
func TestStateOf(t *testing.T) {
	s := newSystem(t, "changroberts", model.Config{IDs: []model.ID{3, 1, 2}})
	for _, ev := range s.Enabled(nil)[:1] {
		if err := s.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
	for i := range s.N() {
		if got, want := model.StateOf[changroberts.State](s, i), s.State(i).(changroberts.State); got != want {
			t.Errorf("process %d: StateOf %+v, State %+v", i, got, want)
		}
	}
}

// TestRoundTouchCaught: with a sync round that leaves the cached hashes
// of the processes with armed timers as they were (model.BreakRoundTouch),
// the kept StateHash of a random execution of Bully differs from a fresh
// World's given the same events (TestStateHash's comparison, which holds
// with the round's touch intact).
func TestRoundTouchCaught(t *testing.T) {
	model.BreakRoundTouch(true)
	defer model.BreakRoundTouch(false)
	cfg := model.Config{IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}, Timing: model.Sync}
	rng := rand.New(rand.NewPCG(1, 2))
	for run := range 50 {
		if keptHashDiffers(t, "bully", cfg, rng) {
			t.Logf("caught in run %d", run)
			return
		}
	}
	t.Error("a round that forgets its timers was never caught")
}
