package model_test

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/model"
)

// stateHash is w's StateHash (which must be available).
func stateHash(t *rapid.T, w interface {
	StateHash([]byte) (uint64, []byte, bool)
}) uint64 {
	h, _, ok := w.StateHash(nil)
	if !ok {
		t.Fatal("no StateHash")
	}
	return h
}

// TestStateHash: after every event of a random execution (Bully, with
// crashes, early, accurate or dead-late timeouts, FIFO or unordered links,
// async or sync timing, where a round moves every armed timer nearer), the
// hash a World keeps up to date from its cached per-process and per-link
// hashes equals the hash of a fresh World given the same events (which
// computes every part anew), and it changes whenever the encoding does;
// so does FairFingerprint, which is built on it.
// The check can fail: a copy whose cache for the process an event changed
// is put back to its value from before the event (a forgotten touch)
// gives another hash, whenever that process's encoding changed.
func TestStateHash(t *testing.T) {
	caught := 0
	rapid.Check(t, func(rt *rapid.T) {
		cfg := model.Config{Algo: "bully", IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}, CrashBudget: 1,
			Net:      rapid.SampledFrom([]model.Net{model.FIFO, model.Unordered}).Draw(rt, "net"),
			Timeouts: rapid.SampledFrom([]model.Timeouts{model.Accurate, model.Early, model.DeadLate}).Draw(rt, "timeouts"),
			Timing:   rapid.SampledFrom([]model.Timing{model.Async, model.Sync}).Draw(rt, "timing")}
		w, err := bully.Algorithm.NewWorld(&cfg)
		if err != nil {
			rt.Fatal(err)
		}
		var path []model.Event
		for range rapid.IntRange(1, 40).Draw(rt, "steps") {
			en := w.Enabled(nil)
			if len(en) == 0 {
				break
			}
			ev := en[rapid.IntRange(0, len(en)-1).Draw(rt, "event")]
			hBefore, encBefore := stateHash(rt, w), w.Encode(nil)
			cacheBefore := model.ProcessHashes(w)
			if err := w.Apply(ev); err != nil {
				rt.Fatalf("enabled event %s: %v", ev, err)
			}
			path = append(path, ev)
			ref, err := bully.Algorithm.NewWorld(&cfg)
			if err != nil {
				rt.Fatal(err)
			}
			for _, e := range path {
				if err := ref.Apply(e); err != nil {
					rt.Fatalf("replaying %v: %v", path, err)
				}
			}
			h := stateHash(rt, w)
			if want := stateHash(rt, ref); h != want {
				rt.Fatalf("after %v: kept hash %x, fresh World %x", path, h, want)
			}
			// FairFingerprint, built on the kept hash, equals the fresh
			// World's too (its timer order included).
			if fp, want := w.FairFingerprint(), ref.FairFingerprint(); fp != want {
				rt.Fatalf("after %v: kept fair fingerprint %x, fresh World %x", path, fp, want)
			}
			if changed := !slices.Equal(encBefore, w.Encode(nil)); changed != (h != hBefore) {
				rt.Fatalf("after %v: encoding changed %v, hash changed %v", path, changed, h != hBefore)
			}
			// A stale cache for the processes the event changed.
			after := model.ProcessHashes(w)
			if slices.Equal(after, cacheBefore) {
				continue
			}
			stale := w.CloneWorld()
			model.SetProcessHashes(stale, cacheBefore)
			if stateHash(rt, stale) == h {
				rt.Fatalf("after %v: a stale cache gives the same hash", path)
			}
			caught++
		}
	})
	if caught == 0 {
		t.Error("no stale cache was ever tried")
	}
}
