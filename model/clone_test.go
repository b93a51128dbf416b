package model_test

import (
	"bytes"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// cloneConfigs are configurations that exercise every part of a World a
// copy shares with its source: queues popped at the head and in the middle
// (unordered links), timers armed, fired and cancelled (Bully), crashes
// injected during the run, and sync rounds on a physical ring (due times).
var cloneConfigs = []struct {
	algo string
	cfg  model.Config
}{
	{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}, CrashBudget: 1}},
	{"bully", model.Config{IDs: []model.ID{2, 4, 1, 3}, Net: model.Unordered, Timeouts: model.Early}},
	{"changroberts", model.Config{IDs: []model.ID{3, 1, 4, 2}, Net: model.Unordered}},
	{"lelann", model.Config{IDs: []model.ID{2, 3, 1}, CrashBudget: 1}},
	{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4, 5}, Crashed: []model.ID{5}, Timing: model.Sync, Physical: model.PhysRing}},
}

// TestCloneInto checks that copies made by Clone and by CloneInto (into
// a World some earlier copy used) are independent: a pool of Worlds is
// stepped, copied and recycled in a random order, and every World still in
// the pool encodes, counts and reports exactly what a fresh World given
// the same events does.
func TestCloneInto(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		c := cloneConfigs[rapid.IntRange(0, len(cloneConfigs)-1).Draw(rt, "config")]
		spec, err := algos.Registry().Lookup(c.algo)
		if err != nil {
			rt.Fatal(err)
		}
		cfg := c.cfg
		cfg.Algo = c.algo
		fresh := func() model.System {
			s, err := spec.NewSystem(&cfg)
			if err != nil {
				rt.Fatal(err)
			}
			return s
		}
		type member struct {
			w    model.System
			path []model.Event
		}
		pool := []member{{w: fresh()}}
		var spare []model.System
		for range rapid.IntRange(1, 60).Draw(rt, "steps") {
			k := rapid.IntRange(0, len(pool)-1).Draw(rt, "which")
			m := &pool[k]
			switch rapid.IntRange(0, 3).Draw(rt, "op") {
			case 0: // copy, into a recycled World when one is kept
				var w model.System
				if len(spare) > 0 {
					w = m.w.(interface {
						CloneInto(model.System) model.System
					}).CloneInto(spare[len(spare)-1])
					spare = spare[:len(spare)-1]
				} else {
					w = m.w.Clone()
				}
				pool = append(pool, member{w: w, path: append([]model.Event(nil), m.path...)})
			case 1: // recycle
				if len(pool) > 1 {
					spare = append(spare, m.w)
					pool = append(pool[:k], pool[k+1:]...)
				}
			default: // step
				en := m.w.Enabled(nil)
				if len(en) == 0 {
					continue
				}
				ev := en[rapid.IntRange(0, len(en)-1).Draw(rt, "event")]
				if err := m.w.Apply(ev); err != nil {
					rt.Fatalf("enabled event %s: %v", ev, err)
				}
				m.path = append(m.path, ev)
			}
		}
		for _, m := range pool {
			ref := fresh()
			for _, ev := range m.path {
				if err := ref.Apply(ev); err != nil {
					rt.Fatalf("replaying %v: %s: %v", m.path, ev, err)
				}
			}
			if got, want := m.w.Encode(nil), ref.Encode(nil); !bytes.Equal(got, want) {
				rt.Fatalf("after %v the World differs from a fresh one given the same events", m.path)
			}
			if got, want := fmt.Sprint(*m.w.Counts(), m.w.Faults(), m.w.Observations()), fmt.Sprint(*ref.Counts(), ref.Faults(), ref.Observations()); got != want {
				rt.Fatalf("after %v: counts, faults, observations %s, fresh %s", m.path, got, want)
			}
		}
	})
}
