package checker

import (
	"math/rand/v2"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/model"
)

// Coins in the schedules. A process's pending coin (model.Outbox.Coin) is
// enabled as one event per outcome ("coin P = 0" .. "coin P = k-1"); the
// random and rapid choosers treat it as one choice, "answer P's coin", and
// draw its outcome with the coin's weights (coinDrawer; the draw is
// model.DrawCoin's, which the fast simulator's coins use too). The exhaustive
// search branches on every outcome, and the fair FIFO schedule answers it
// with outcome 0 (FIFO) or draws it (SeededFIFO, as the fast simulator).

// coinDrawer is a chooser that draws coin outcomes: the fair continuation
// of Execute answers coins with it rather than with FairFIFO's fixed
// outcome.
type coinDrawer interface {
	// drawCoin returns the outcome of process p's pending coin in s.
	drawCoin(s model.System, p model.ID) uint32
}

// hasCoin reports whether enabled lists a coin event.
func hasCoin(enabled []model.Event) bool {
	for _, ev := range enabled {
		if ev.Kind == model.EvCoin {
			return true
		}
	}
	return false
}

// collapseCoins returns enabled with each process's coin events replaced
// by one, its first ("coin P = 0"), where the others were: one choice per
// pending coin. The slice is new.
func collapseCoins(enabled []model.Event) []model.Event {
	c := make([]model.Event, 0, len(enabled))
	for _, ev := range enabled {
		if ev.Kind == model.EvCoin && ev.Seq != 0 {
			continue
		}
		c = append(c, ev)
	}
	return c
}

// pendingCoin returns the weights of process p's pending coin in s (nil
// when it has none).
func pendingCoin(s model.System, p model.ID) []uint32 {
	cs, ok := s.(model.CoinSystem)
	if !ok {
		return nil
	}
	i := s.Topo().IndexOf(p)
	if i < 0 {
		return nil
	}
	w, _ := cs.PendingCoin(i)
	return w
}

func (r *Random) drawCoin(s model.System, p model.ID) uint32 {
	w := pendingCoin(s, p)
	if len(w) == 0 {
		return 0
	}
	return model.DrawCoin(w, r.Rng)
}

func (r *Rapid) drawCoin(s model.System, p model.ID) uint32 {
	w := pendingCoin(s, p)
	if len(w) == 0 {
		return 0
	}
	// Shrinking draws smaller values: towards outcome 0.
	return model.CoinOutcome(w, rapid.Uint64Range(0, model.CoinSum(w)-1).Draw(r.T, "coin"))
}

// SeededFIFO is the fair FIFO schedule (FIFO) with each coin's outcome
// drawn by weight from the seeded source model.SeededRand(seed), one draw
// per coin in the order they are answered: the fast simulator's coins
// (model.Sim.SetSeed), so that `run` gives the same execution on both
// engines for a seed. Without coins it is FIFO.
type SeededFIFO struct{ rng *rand.Rand }

// NewSeededFIFO returns the SeededFIFO of seed.
func NewSeededFIFO(seed uint64) *SeededFIFO { return &SeededFIFO{rng: model.SeededRand(seed)} }

// Choose implements Chooser.
func (f *SeededFIFO) Choose(s model.System, enabled []model.Event) model.Event {
	ev := model.FairFIFO(s, enabled)
	if ev.Kind == model.EvCoin {
		ev.Seq = f.drawCoin(s, ev.P)
	}
	return ev
}

func (f *SeededFIFO) drawCoin(s model.System, p model.ID) uint32 {
	w := pendingCoin(s, p)
	if len(w) == 0 {
		return 0
	}
	return model.DrawCoin(w, f.rng)
}
