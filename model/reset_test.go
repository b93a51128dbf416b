package model_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/model"
)

// resetConfigs are the configurations a World is reset between: every
// configuration of the clone and FairNext tests (queues, timers, crashes,
// recoveries, joins, successive crashes, coins, sync rounds on a physical
// ring), and a few more of different sizes for the same algorithms.
func resetConfigs() []cloneConfig {
	cs := append(append([]cloneConfig{}, cloneConfigs...), fairNextConfigs...)
	return append(cs, []cloneConfig{
		{"changroberts", model.Config{IDs: []model.ID{5, 2, 6, 1, 4, 3}, Crashed: []model.ID{6}, CrashBudget: 2}},
		{"bully", model.Config{IDs: []model.ID{1, 2, 3, 4, 5}, Crashed: []model.ID{5}, CrashBudget: 2, Timeouts: model.Early, Initiators: []model.ID{2}}},
		{"lelann", model.Config{IDs: []model.ID{4, 1, 3, 2, 5}, Timing: model.Sync}},
		{"itairodeh-async", model.Config{IDs: []model.ID{1, 2, 3, 4}}},
	}...)
}

// worldOpts compare two Worlds field by field: unexported fields too, the
// algorithm by identity (it holds functions), a nil slice equal to an empty
// one (scratch capacity is no part of a World's value), without the store
// its queues are carved from (World.arena, storage only).
var worldOpts = cmp.Options{
	cmp.FilterPath(func(p cmp.Path) bool {
		f, ok := p.Last().(cmp.StructField)
		return ok && f.Name() == "arena"
	}, cmp.Ignore()),
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmpopts.EquateEmpty(),
	cmp.FilterPath(func(p cmp.Path) bool {
		t := p.Last().Type()
		return t.Kind() == reflect.Pointer && t.Elem().PkgPath() == "github.com/electlab/electlab/model" &&
			(strings.HasPrefix(t.Elem().Name(), "Algorithm[") || t.Elem().Name() == "Info")
	}, cmp.Comparer(func(a, b any) bool { return a == b })),
}

// resetDiff says how w differs from want: their encodings, then every
// field (go-cmp); "" when they are equal.
func resetDiff(w, want model.System) string {
	if a, b := w.Encode(nil), want.Encode(nil); !bytes.Equal(a, b) {
		return "encodings differ:\n reset " + string(a) + "\n fresh " + string(b)
	}
	return cmp.Diff(want, w, worldOpts)
}

// runDrawn applies up to steps events to s, each drawn by rt among the
// enabled ones.
func runDrawn(rt *rapid.T, s model.System, steps int, label string) {
	runPicks(rt, s, rapid.SliceOfN(rapid.IntRange(0, 1<<20), steps, steps).Draw(rt, label))
}

// runPicks applies an event to s for each of picks, the enabled one at
// the pick modulo their number (the same picks give the same events on
// equal Worlds), until none is enabled.
func runPicks(rt *rapid.T, s model.System, picks []int) {
	var buf []model.Event
	for _, k := range picks {
		buf = s.Enabled(buf[:0])
		if len(buf) == 0 {
			return
		}
		ev := buf[k%len(buf)]
		if err := s.Apply(ev); err != nil {
			rt.Fatalf("%s: %v", ev, err)
		}
	}
}

// TestResetEqualsFresh checks that a World reset to a configuration, after
// a random execution of another configuration of its algorithm, is the
// World NewSystem builds for it: the same encoding and the same fields;
// that a random execution then goes the same way on both; and, over a few
// resets in a row, with or without a copy made before each, that a copy
// made before a reset is unchanged by the reset and the run after it
// (Reset writes nothing a copy shares).
func TestResetEqualsFresh(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) { checkResets(rt) })
}

// checkResets is TestResetEqualsFresh's property.
func checkResets(rt *rapid.T) {
	cs := resetConfigs()
	a := cs[rapid.IntRange(0, len(cs)-1).Draw(rt, "from")]
	var same []int
	for i, c := range cs {
		if c.algo == a.algo {
			same = append(same, i)
		}
	}
	spec, err := algos.Registry().Lookup(a.algo)
	if err != nil {
		rt.Fatal(err)
	}
	cfgA := a.cfg
	cfgA.Algo = a.algo
	w, err := spec.NewSystem(&cfgA)
	if err != nil {
		rt.Fatal(err)
	}
	runDrawn(rt, w, rapid.IntRange(0, 40).Draw(rt, "before"), "event before")
	for range rapid.IntRange(1, 3).Draw(rt, "resets") {
		b := cs[same[rapid.IntRange(0, len(same)-1).Draw(rt, "to")]]
		cfgB := b.cfg
		cfgB.Algo = b.algo
		var keep model.System
		var keepEnc []byte
		if rapid.Bool().Draw(rt, "copy first") {
			keep = w.Clone()
			keepEnc = keep.Encode(nil)
		}
		if err := w.(model.Resetter).Reset(&cfgB); err != nil {
			rt.Fatal(err)
		}
		fresh, err := spec.NewSystem(&cfgB)
		if err != nil {
			rt.Fatal(err)
		}
		if d := resetDiff(w, fresh); d != "" {
			rt.Fatalf("%s reset to %s differs from a fresh World:\n%s", a.algo, cfgB.String(), d)
		}
		// The same events on both.
		picks := rapid.SliceOfN(rapid.IntRange(0, 1<<20), 0, 40).Draw(rt, "after")
		runPicks(rt, w, picks)
		runPicks(rt, fresh, picks)
		if d := resetDiff(w, fresh); d != "" {
			rt.Fatalf("after the same events, the reset World differs from the fresh one:\n%s", d)
		}
		if keep != nil && !bytes.Equal(keep.Encode(nil), keepEnc) {
			rt.Fatalf("the reset and the run after it changed a copy made before it:\n now  %s\n then %s", keep.Encode(nil), keepEnc)
		}
	}
}

// TestResetRejectsBadConfig checks that Reset returns NewSystem's error
// and leaves the World as it was, also when it reuses its storage (after
// resets in a row with no copy made).
func TestResetRejectsBadConfig(t *testing.T) {
	spec, err := algos.Registry().Lookup("bully")
	if err != nil {
		t.Fatal(err)
	}
	good := &model.Config{Algo: "bully", IDs: []model.ID{1, 2, 3}}
	w, err := spec.NewSystem(good)
	if err != nil {
		t.Fatal(err)
	}
	want, err := spec.NewSystem(good)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []*model.Config{
		{Algo: "bully", IDs: []model.ID{1, 2, 2}},
		{Algo: "bully", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{4}},
		{Algo: "bully", IDs: []model.ID{1, 2, 3}, Variant: "no-such-reading"},
	} {
		for range 2 {
			if err := w.(model.Resetter).Reset(good); err != nil {
				t.Fatal(err)
			}
		}
		_, werr := spec.NewSystem(bad)
		if err := w.(model.Resetter).Reset(bad); err == nil || werr == nil || err.Error() != werr.Error() {
			t.Fatalf("Reset to %s: %v, want %v", bad, err, werr)
		}
		if d := resetDiff(w, want); d != "" {
			t.Fatalf("a failed Reset changed the World:\n%s", d)
		}
	}
}

// TestBrokenResetCaught checks that the comparison of TestResetEqualsFresh
// catches a Reset that forgets a part of the World: each broken reset,
// after a run to quiescence, leaves a World that differs from a fresh one.
func TestBrokenResetCaught(t *testing.T) {
	spec, err := algos.Registry().Lookup("bully")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &model.Config{Algo: "bully", IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}}
	for _, part := range []int{model.ResetKeepsStarted, model.ResetKeepsCounts, model.ResetKeepsStamp} {
		w, err := spec.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var buf []model.Event
		for {
			if buf = w.Enabled(buf[:0]); len(buf) == 0 {
				break
			}
			if err := w.Apply(model.FairFIFO(w, buf)); err != nil {
				t.Fatal(err)
			}
		}
		model.BreakReset(part)
		err = w.(model.Resetter).Reset(cfg)
		model.BreakReset(model.ResetComplete)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := spec.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if resetDiff(w, fresh) == "" {
			t.Errorf("broken reset %d: the reset World compares equal to a fresh one", part)
		}
	}
}

// TestBrokenArenaCaught checks that the copy check of TestResetEqualsFresh
// catches a Reset that carves queues again from an arena a copy shares: a
// copy made with messages in flight, then the World reset and run, must
// keep its encoding, and does not under the broken reset.
func TestBrokenArenaCaught(t *testing.T) {
	for _, broken := range []bool{false, true} {
		w, err := changroberts.Algorithm.NewWorld(&model.Config{IDs: []model.ID{3, 1, 4, 2}})
		if err != nil {
			t.Fatal(err)
		}
		cfg := &model.Config{IDs: []model.ID{2, 4, 1, 3}}
		if err := w.Reset(cfg); err != nil { // a World with an arena
			t.Fatal(err)
		}
		var buf []model.Event
		for range 6 {
			buf = w.Enabled(buf[:0])
			if err := w.Apply(buf[len(buf)-1]); err != nil {
				t.Fatal(err)
			}
		}
		keep := w.Clone()
		enc := keep.Encode(nil)
		if broken {
			model.BreakReset(model.ResetReusesLentArena)
		}
		err = w.Reset(cfg)
		model.BreakReset(model.ResetComplete)
		if err != nil {
			t.Fatal(err)
		}
		for {
			if buf = w.Enabled(buf[:0]); len(buf) == 0 {
				break
			}
			if err := w.Apply(buf[0]); err != nil {
				t.Fatal(err)
			}
		}
		if changed := !bytes.Equal(keep.Encode(nil), enc); changed != broken {
			t.Errorf("broken=%v: the copy changed: %v", broken, changed)
		}
	}
}
