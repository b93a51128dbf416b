package checker

import (
	"slices"

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
	// gens caches one generator per enabled-list length.
	gens []*rapid.Generator[int]
}

// NewRapid returns a chooser drawing from t.
func NewRapid(t *rapid.T) *Rapid { return &Rapid{T: t} }

// Choose implements Chooser.
func (r *Rapid) Choose(_ model.System, enabled []model.Event) model.Event {
	n := len(enabled)
	if n == 1 {
		return enabled[0]
	}
	for len(r.gens) < n {
		r.gens = append(r.gens, rapid.IntRange(0, len(r.gens)))
	}
	return enabled[r.gens[n-1].Draw(r.T, "event")]
}

// DrawConfig draws a configuration of setting st for algorithm info: a size
// in nmin..nmax, then the generator's choices (a family member; or an id
// arrangement, absent, dead and initiator sets), each drawn by rapid so
// that rapid shrinks toward small sizes, few dead and few initiators.
func DrawConfig(t *rapid.T, info *model.Info, st *model.Setting, variant string, nmin, nmax int) *model.Config {
	n := rapid.IntRange(nmin, nmax).Draw(t, "n")
	return genConfig(drawn{t}, info, st, variant, n)
}

// drawn is the generator's driver drawing every choice from rapid.
type drawn struct{ t *rapid.T }

func (d drawn) index(what string, n int) int { return rapid.IntRange(0, n-1).Draw(d.t, what) }

func (d drawn) arrangement(what string, n int) []int {
	return rapid.Permutation(positions(n)).Draw(d.t, what)
}

// subset draws the size, then a permutation of the positions whose prefix
// is the subset; the chosen and the others each come back in increasing
// order, as the exhaustive driver gives them.
func (d drawn) subset(what string, s set) ([]int, int) {
	k := rapid.IntRange(s.lo, s.hi).Draw(d.t, what+" size")
	p := rapid.Permutation(positions(s.n)).Draw(d.t, what)
	slices.Sort(p[:k])
	slices.Sort(p[k:])
	return p, k
}

// positions returns 0..n-1.
func positions(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}
