package checker

import (
	"slices"
	"sync/atomic"

	"github.com/electlab/electlab/claim"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/model"
)

// Rapid is the rapid-driven chooser: rapid draws every next event among the
// enabled ones, so rapid can shrink a failing schedule. Draws are by index
// into the enabled list, which is canonical for a given World, so a rapid
// input replays to the same events; the lasting form of a counterexample is
// still the trace of event names.
type Rapid struct {
	T *rapid.T
	// gens caches one generator per enabled-list length, for lengths
	// beyond the shared table (see intRange).
	gens []*rapid.Generator[int]
}

// NewRapid returns a chooser drawing from t.
func NewRapid(t *rapid.T) *Rapid { return &Rapid{T: t} }

// Choose implements Chooser. A pending coin is one choice among the
// others ("answer P's coin"); its outcome is drawn with the coin's weights
// (shrinking towards outcome 0).
func (r *Rapid) Choose(s model.System, enabled []model.Event) model.Event {
	if !hasCoin(enabled) {
		return r.choose(enabled)
	}
	ev := r.choose(collapseCoins(enabled))
	if ev.Kind == model.EvCoin {
		ev.Seq = r.drawCoin(s, ev.P)
	}
	return ev
}

// choose draws one of enabled.
func (r *Rapid) choose(enabled []model.Event) model.Event {
	n := len(enabled)
	if n == 1 {
		return enabled[0]
	}
	if n <= genTable {
		return enabled[intRange(0, n-1).Draw(r.T, "event")]
	}
	for len(r.gens) < n {
		r.gens = append(r.gens, rapid.IntRange(0, len(r.gens)))
	}
	return enabled[r.gens[n-1].Draw(r.T, "event")]
}

// genTable bounds the generators kept in the shared tables: integer ranges
// lo..hi with 0 <= lo <= hi < genTable, permutations of up to genTable
// positions.
const genTable = 64

// The shared generator tables, filled on first use. A rapid generator is
// immutable once built (its value function keeps no state between draws,
// and Permutation copies its slice before shuffling), so one generator
// serves every draw of its kind: it draws exactly what a new
// rapid.IntRange(lo, hi) or rapid.Permutation(positions(n)) would, without
// building one per draw. Two goroutines filling the same entry at once
// build equal generators; either may stay.
var (
	intGens  [genTable][genTable]atomic.Pointer[rapid.Generator[int]]
	permGens [genTable + 1]atomic.Pointer[rapid.Generator[[]int]]
)

// intRange returns rapid.IntRange(lo, hi), from the shared table when it
// fits.
func intRange(lo, hi int) *rapid.Generator[int] {
	if lo < 0 || lo > hi || hi >= genTable {
		return rapid.IntRange(lo, hi)
	}
	p := &intGens[lo][hi]
	g := p.Load()
	if g == nil {
		g = rapid.IntRange(lo, hi)
		p.Store(g)
	}
	return g
}

// permutation returns rapid.Permutation(positions(n)), from the shared
// table when it fits.
func permutation(n int) *rapid.Generator[[]int] {
	if n < 0 || n > genTable {
		return rapid.Permutation(positions(n))
	}
	p := &permGens[n]
	g := p.Load()
	if g == nil {
		g = rapid.Permutation(positions(n))
		p.Store(g)
	}
	return g
}

// DrawConfig draws a configuration of setting st for algorithm info: a size
// in nmin..nmax, then the generator's choices (a family member; or an id
// arrangement, absent, dead and initiator sets), each drawn by rapid so
// that rapid shrinks toward small sizes, few dead and few initiators.
func DrawConfig(t *rapid.T, info *model.Info, st *claim.Setting, variant string, nmin, nmax int) *model.Config {
	n := intRange(nmin, nmax).Draw(t, "n")
	return genConfig(drawn{t}, info, st, variant, n)
}

// drawn is the generator's driver drawing every choice from rapid.
type drawn struct{ t *rapid.T }

func (d drawn) index(what string, n int) int { return intRange(0, n-1).Draw(d.t, what) }

func (d drawn) arrangement(what string, n int) []int {
	return permutation(n).Draw(d.t, what)
}

// subset draws the size, then a permutation of the positions whose prefix
// is the subset; the chosen and the others each come back in increasing
// order, as the exhaustive driver gives them.
func (d drawn) subset(what string, s set) ([]int, int) {
	k := intRange(s.lo, s.hi).Draw(d.t, sizeLabel(what))
	p := permutation(s.n).Draw(d.t, what)
	slices.Sort(p[:k])
	slices.Sort(p[k:])
	return p, k
}

// sizeLabel is the label of a subset's size draw: what+" size", without
// building the string for the generator's own choices.
func sizeLabel(what string) string {
	switch what {
	case "dead":
		return "dead size"
	case "initiators":
		return "initiators size"
	case "absent":
		return "absent size"
	}
	return what + " size"
}

// positions returns 0..n-1.
func positions(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}
