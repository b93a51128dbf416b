package model_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/electlab/electlab/model"
)

// ownConfigs are cloneConfigs and a lock-step ring without physical
// links (a round that empties every queue).
var ownConfigs = append(slices.Clone(cloneConfigs),
	cloneConfig{"changroberts", model.Config{IDs: []model.ID{3, 1, 4, 2}, Timing: model.Sync}})

// ownedPoolAgrees steps, copies, owns (Own) and recycles a pool of Worlds
// in a random order, any member at any time, and reports whether every
// member always encodes, counts and reports what a fresh World given the
// same events does: an owned World reuses its queue arrays in place while
// its copies (made before or after it was owned) live on.
func ownedPoolAgrees(t *testing.T, algo string, cfg model.Config, rng *rand.Rand) bool {
	t.Helper()
	fresh := worldOf(t, algo, cfg)
	type member struct {
		w    model.System
		path []model.Event
	}
	first := fresh().Clone()
	first.(interface{ Own() }).Own()
	pool := []member{{w: first}}
	var spare []model.System
	for range 200 {
		k := rng.IntN(len(pool))
		m := &pool[k]
		switch op := rng.IntN(8); {
		case op == 0: // copy, into a recycled World when one is kept
			pool = append(pool, member{w: copyOf(m.w, &spare, false), path: slices.Clone(m.path)})
		case op == 1 && len(pool) > 1: // recycle
			spare = append(spare, m.w)
			pool = slices.Delete(pool, k, k+1)
		case op == 2:
			m.w.(interface{ Own() }).Own()
		default: // step
			if ev, ok := stepRandomly(t, m.w, rng); ok {
				m.path = append(m.path, ev)
			}
		}
		for _, m := range pool {
			if !agreesWithReplay(t, fresh, m.w, m.path) {
				return false
			}
		}
	}
	return true
}

// TestOwn: owned Worlds (Own), which reuse their queue arrays in place,
// and their copies stay independent on every clone configuration and a
// lock-step ring; with a copy of an owned World that shares its arrays
// (model.BreakOwnClone) some copy changes under its feet, and the
// comparison catches it.
func TestOwn(t *testing.T) {
	agreesThenCatches(t, ownConfigs, ownedPoolAgrees, model.BreakOwnClone,
		"an owned World or a copy differs from a fresh one given the same events", "a copy of an owned World sharing its arrays")
}

// TestObsReuse: a World whose observation array is its own (obsMine: it
// grew it while owned) refills that array in place when it is copied into
// (CloneInto, CloneIntoReusing: the next run of a driver's World), and
// its copies get a copy of it; on the owned-World pool above every
// member still reports what a fresh World given the same events does. A
// refill of an array that copies share (model.BreakObsReuse) is caught.
func TestObsReuse(t *testing.T) {
	agreesThenCatches(t, ownConfigs, ownedPoolAgrees, model.BreakObsReuse,
		"a World or a copy reports other observations than a fresh one given the same events", "a refilled observation array that copies share")
}
