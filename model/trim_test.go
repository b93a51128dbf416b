package model_test

import (
	"bytes"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// frontier is what model.World offers a search's queue.
type frontier interface {
	Trim(*model.ScratchPool)
	Untrim(*model.ScratchPool)
	FrontierBytes() int64
}

// TestTrimKeepsValue checks World.Trim and World.FrontierBytes over random
// executions of the reset test's configurations: a trimmed copy has the
// same encoding, state hash and enabled events as the World, and the same
// events then keep them equal; FrontierBytes of a copy is the same
// whatever World's storage the copy was made in (a larger one, after a
// longer run) and whether it was trimmed.
func TestTrimKeepsValue(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		if err := checkTrim(rt); err != nil {
			rt.Fatal(err)
		}
	})
}

// checkTrim is TestTrimKeepsValue's property.
func checkTrim(rt *rapid.T) error {
	cs := resetConfigs()
	c := cs[rapid.IntRange(0, len(cs)-1).Draw(rt, "config")]
	spec, err := algos.Registry().Lookup(c.algo)
	if err != nil {
		return err
	}
	cfg := c.cfg
	cfg.Algo = c.algo
	w, err := spec.NewSystem(&cfg)
	if err != nil {
		return err
	}
	big, err := spec.NewSystem(&cfg)
	if err != nil {
		return err
	}
	runDrawn(rt, big, 60, "big")
	runDrawn(rt, w, rapid.IntRange(0, 30).Draw(rt, "before"), "event before")
	hashed := rapid.Bool().Draw(rt, "hashed")
	if h, ok := w.(interface {
		StateHash([]byte) (uint64, []byte, bool)
	}); ok && hashed {
		h.StateHash(nil)
		runDrawn(rt, w, rapid.IntRange(0, 3).Draw(rt, "between"), "event between")
	}
	tr := w.Clone()
	into := w.(interface {
		CloneInto(model.System) model.System
	}).CloneInto(big)
	if a, b := tr.(frontier).FrontierBytes(), into.(frontier).FrontierBytes(); a != b {
		return fmt.Errorf("FrontierBytes %d of a copy, %d of a copy into a larger World", a, b)
	}
	// A copy into a larger World keeps that World's link table; trimmed,
	// it holds no more than a fresh table of its length, as
	// FrontierBytes counts it.
	into.(frontier).Trim(nil)
	if f, ok := into.(interface{ LinksFit() bool }); ok && !f.LinksFit() {
		return fmt.Errorf("%s: a trimmed copy into a larger World keeps a link table larger than FrontierBytes counts", cfg.String())
	}
	before := tr.(frontier).FrontierBytes()
	pool := model.NewScratchPool(1)
	tr.(frontier).Trim(pool)
	if after := tr.(frontier).FrontierBytes(); after != before {
		return fmt.Errorf("FrontierBytes %d before Trim, %d after", before, after)
	}
	// Another trimmed copy takes tr's step storage from the pool.
	other := w.Clone()
	other.(frontier).Trim(nil)
	other.(frontier).Untrim(pool)
	picks := rapid.SliceOfN(rapid.IntRange(0, 1<<20), 0, 30).Draw(rt, "after")
	for i := 0; ; i++ {
		if err := sameWorld(w, tr); err != nil {
			return fmt.Errorf("%s, %d events after Trim: %v", cfg.String(), i, err)
		}
		if err := sameWorld(w, other); err != nil {
			return fmt.Errorf("%s, %d events after Trim and Untrim: %v", cfg.String(), i, err)
		}
		if i == len(picks) {
			return nil
		}
		en := w.Enabled(nil)
		if len(en) == 0 {
			return nil
		}
		ev := en[picks[i]%len(en)]
		if err := w.Apply(ev); err != nil {
			return err
		}
		if err := tr.Apply(ev); err != nil {
			return err
		}
		if err := other.Apply(ev); err != nil {
			return err
		}
	}
}

// sameWorld compares two Worlds as a search sees them: encoding, state
// hash, enabled events.
func sameWorld(a, b model.System) error {
	if x, y := a.Encode(nil), b.Encode(nil); !bytes.Equal(x, y) {
		return fmt.Errorf("encodings differ:\n %s\n %s", x, y)
	}
	type hasher interface {
		StateHash([]byte) (uint64, []byte, bool)
	}
	if ha, ok := a.(hasher); ok {
		x, _, okx := ha.StateHash(nil)
		y, _, oky := b.(hasher).StateHash(nil)
		if x != y || okx != oky {
			return fmt.Errorf("state hashes differ: %x, %x", x, y)
		}
	}
	if x, y := fmt.Sprint(a.Enabled(nil)), fmt.Sprint(b.Enabled(nil)); x != y {
		return fmt.Errorf("enabled events differ:\n %s\n %s", x, y)
	}
	return nil
}

// TestBrokenTrimCaught checks that TestTrimKeepsValue's comparison
// catches a Trim that drops the lists of stale hash parts.
func TestBrokenTrimCaught(t *testing.T) {
	model.BreakTrim(true)
	defer model.BreakTrim(false)
	caught := false
	for seed := range 200 {
		if err := checkTrimSeed(int64(seed)); err != nil {
			caught = true
			t.Logf("caught (seed %d): %v", seed, err)
			break
		}
	}
	if !caught {
		t.Fatal("a Trim that drops the stale hash lists went unnoticed")
	}
}

// TestBrokenTrimCopyCaught checks that TestTrimKeepsValue catches a Trim
// that never copies a link table larger than its length needs (a recycled
// World's), which FrontierBytes would count short.
func TestBrokenTrimCopyCaught(t *testing.T) {
	model.BreakTrimCopy(true)
	defer model.BreakTrimCopy(false)
	for seed := range 200 {
		if err := checkTrimSeed(int64(seed)); err != nil {
			t.Logf("caught (seed %d): %v", seed, err)
			return
		}
	}
	t.Fatal("a Trim that keeps a recycled World's larger link table went unnoticed")
}

// checkTrimSeed runs checkTrim once on a generator seeded by seed.
func checkTrimSeed(seed int64) (err error) {
	rapid.Custom(func(rt *rapid.T) int {
		err = checkTrim(rt)
		return 0
	}).Example(int(seed))
	return err
}
