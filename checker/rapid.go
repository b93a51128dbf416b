package checker

import (
	"pgregory.net/rapid"

	"electlab/model"
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
// in nmin..nmax, an id permutation, a dead set (at most st.MaxDead, two
// processes stay live) and an initiator set of the setting's kind.
func DrawConfig(t *rapid.T, info *model.Info, st *model.Setting, variant string, nmin, nmax int) *model.Config {
	n := rapid.IntRange(nmin, nmax).Draw(t, "n")
	if Generic(info, st) {
		return drawGeneric(t, info, st, variant, n)
	}
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(i + 1)
	}
	ids = rapid.Permutation(ids).Draw(t, "ids")
	nd := rapid.IntRange(0, maxDead(st, n)).Draw(t, "dead")
	// The dead are the first nd of a second permutation of positions.
	pos := make([]int, n)
	for i := range pos {
		pos[i] = i
	}
	pos = rapid.Permutation(pos).Draw(t, "positions")
	isDead := make([]bool, n)
	for _, p := range pos[:nd] {
		isDead[p] = true
	}
	var dead, live []model.ID
	for i, id := range ids {
		if isDead[i] {
			dead = append(dead, id)
		} else {
			live = append(live, id)
		}
	}
	var inits []model.ID
	switch st.Initiators {
	case model.OneInitiator:
		inits = []model.ID{rapid.SampledFrom(live).Draw(t, "initiator")}
	default:
		min := 1
		if st.Initiators == model.ManyInitiators && len(live) >= 2 {
			min = 2
		}
		for len(inits) < min {
			inits = inits[:0]
			for _, id := range live {
				if rapid.Bool().Draw(t, "initiates") {
					inits = append(inits, id)
				}
			}
			if len(inits) < min {
				// Fall back deterministically rather than loop on draws.
				inits = append([]model.ID(nil), live[:min]...)
			}
		}
	}
	return baseConfig(info, st, variant, ids, inits, dead)
}

// drawGeneric is DrawConfig for the settings plan handles (complete graphs,
// a crashed coordinator, next-best dead sets, joins, fixed initiators).
func drawGeneric(t *rapid.T, info *model.Info, st *model.Setting, variant string, n int) *model.Config {
	ids := settingIDs(st, n)
	if info.Topology != model.Complete {
		ids = rapid.Permutation(ids).Draw(t, "ids")
	}
	var absent []model.ID
	if k := joins(st, n); k > 0 {
		pos := make([]int, n)
		for i := range pos {
			pos[i] = i
		}
		pos = rapid.Permutation(pos).Draw(t, "absent")
		for _, i := range pos[:k] {
			absent = append(absent, ids[i])
		}
		absent = inOrder(ids, absent)
	}
	p := newPlan(info, st, ids, absent)
	nd := rapid.IntRange(0, p.md).Draw(t, "dead")
	var extra []model.ID
	if st.DeadNextBest {
		extra = p.others[:nd]
	} else if nd > 0 {
		extra = rapid.Permutation(p.others).Draw(t, "dead-set")[:nd]
	}
	live := p.live(extra)
	inits, ok := p.fixedInitiators(info, st.Initiators, live)
	if !ok {
		switch st.Initiators {
		case model.OneInitiator:
			inits = []model.ID{rapid.SampledFrom(live).Draw(t, "initiator")}
		default:
			min := 1
			if st.Initiators == model.ManyInitiators && len(live) >= 2 {
				min = 2
			}
			for _, id := range live {
				if rapid.Bool().Draw(t, "initiates") {
					inits = append(inits, id)
				}
			}
			if len(inits) < min {
				inits = append([]model.ID(nil), live[:min]...)
			}
		}
	}
	dead := inOrder(ids, append(append([]model.ID(nil), p.forced...), extra...))
	return settingConfig(info, st, variant, ids, inits, dead, absent)
}
