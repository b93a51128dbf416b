package checker

import (
	"math/bits"
	"math/rand/v2"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// The configuration generator. genConfig describes the configurations of
// a setting once, as a sequence of choices; three drivers answer them:
//
//   - seeded (math/rand): the claim engine's sampler, RandomCase;
//   - drawn (rapid): property tests, DrawConfig, which rapid shrinks;
//   - exhaustive: every answer in turn, EnumerateConfigs.
//
// Each driver answers a choice its own way, and the ways are those of the
// generators the three replaced, random number for random number and
// configuration for configuration, so that the claims report did not
// change (TestConfigFingerprints pins both).

// choices answers the generator's choice points. Each choice is among
// finitely many options, which the exhaustive driver visits in the order
// each method gives.
type choices interface {
	// index returns one of 0..n-1 (ascending).
	index(what string, n int) int
	// arrangement returns a permutation p of 0..n-1 placing id p[i] at
	// ring position i. The exhaustive driver gives one per rotation
	// class: those with p[0] = n-1, in lexicographic order.
	arrangement(what string, n int) []int
	// subset returns an order p of the positions 0..s.n-1 and a size k
	// in s.lo..s.hi: the chosen positions are p[:k], the others p[k:].
	subset(what string, s set) (p []int, k int)
}

// set describes a subset choice: lo..hi of the positions 0..n-1.
type set struct {
	n, lo, hi int
	// lex makes the exhaustive driver visit the subsets in lexicographic
	// order of their sorted positions (the empty set, {0}, {0,1}, ...,
	// {1}, ...) instead of counting bit masks upward (position 0 the
	// lowest bit). Both are orders the engine's enumeration always had;
	// the order decides which counterexample it finds first.
	lex bool
	// sized makes the seeded driver draw the size even when lo = hi, as
	// its initiator sets always did.
	sized bool
}

// genConfig returns the configuration of setting st at size n that c's
// answers choose: a member of the setting's family; or an arrangement of
// the ids (on a ring), an absent set (joins), a dead set (beside the
// forced dead: every subset up to the setting's size, or a best-first
// prefix) and an initiator set of the setting's kind.
func genConfig(c choices, info *model.Info, st *claim.Setting, variant string, n int) *model.Config {
	ids := settingIDs(st, n)
	if st.Family != nil {
		fam := st.Family(n, variant)
		dead, inits := fam.At(int64(c.index("family", int(fam.Count))))
		return settingConfig(info, st, variant, ids, inits, dead, nil)
	}
	if info.Topology != model.Complete {
		ids = pick(ids, c.arrangement("ids", n))
	}
	if !Generic(info, st) {
		// The ring settings' own dead set: any positions.
		p, k := c.subset("dead", set{n: n, hi: maxDead(st, n)})
		live := pick(ids, p[k:])
		return settingConfig(info, st, variant, ids, initiators(c, st.Initiators, live), pick(ids, p[:k]), nil)
	}
	var absent []model.ID
	if k := joins(st, n); k > 0 {
		p, _ := c.subset("absent", set{n: n, lo: k, hi: k, lex: true})
		absent = inOrder(ids, pick(ids, p[:k]))
	}
	pl := newPlan(info, st, ids, absent)
	var extra []model.ID
	if st.DeadNextBest {
		if pl.md > 0 {
			extra = pl.others[:c.index("dead", pl.md+1)]
		}
	} else {
		p, k := c.subset("dead", set{n: len(pl.others), hi: pl.md, lex: true})
		extra = pick(pl.others, p[:k])
	}
	live := pl.live(extra)
	inits, ok := pl.fixedInitiators(info, st.Initiators, live)
	if !ok {
		inits = initiators(c, st.Initiators, live)
	}
	dead := inOrder(ids, append(append([]model.ID(nil), pl.forced...), extra...))
	return settingConfig(info, st, variant, ids, inits, dead, absent)
}

// initiators chooses an initiator set of the given kind among live, in
// live's order.
func initiators(c choices, kind claim.InitiatorSet, live []model.ID) []model.ID {
	lo := 1
	switch kind {
	case claim.OneInitiator:
		return []model.ID{live[c.index("initiator", len(live))]}
	case claim.ManyInitiators:
		if len(live) < 2 {
			return append([]model.ID(nil), live...)
		}
		lo = 2
	}
	p, k := c.subset("initiators", set{n: len(live), lo: lo, hi: len(live), sized: true})
	return inOrder(live, pick(live, p[:k]))
}

// pick returns xs[p[0]], xs[p[1]], ... (nil for none).
func pick(xs []model.ID, p []int) []model.ID {
	if len(p) == 0 {
		return nil
	}
	out := make([]model.ID, len(p))
	for i, k := range p {
		out[i] = xs[k]
	}
	return out
}

// RandomCase draws a case of setting st at size n from rng: a
// configuration, then the seed and strategy of its Random chooser.
func RandomCase(rng *rand.Rand, info *model.Info, st *claim.Setting, variant string, n int) *Case {
	cfg := genConfig(seeded{rng}, info, st, variant, n)
	return &Case{Config: cfg, Seed: rng.Uint64(), Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
}

// seeded is the driver drawing every choice from a math/rand source.
type seeded struct{ rng *rand.Rand }

func (s seeded) index(_ string, n int) int { return s.rng.IntN(n) }

func (s seeded) arrangement(_ string, n int) []int { return s.rng.Perm(n) }

// subset draws the size (when there is a choice, or s.sized), then a
// permutation whose prefix is the subset.
func (s seeded) subset(_ string, st set) ([]int, int) {
	k := st.lo
	if st.hi > st.lo || st.sized {
		k += s.rng.IntN(st.hi - st.lo + 1)
	}
	return s.rng.Perm(st.n), k
}

// keepConfigs is the largest limit under which EnumerateConfigs keeps the
// configurations it generates (a few MB) rather than generating them
// twice; the claim engine's limit is 4000.
const keepConfigs = 1 << 14

// EnumerateConfigs calls f on every configuration of setting st at size n
// that the claim engine enumerates (every arrangement up to rotation on
// rings, one on complete graphs, every dead, absent and initiator set the
// setting allows, or every member of its family). It returns false,
// having called f on nothing, when more than limit configurations would
// be needed; a false from f stops it.
func EnumerateConfigs(info *model.Info, st *claim.Setting, variant string, n, limit int, f func(*model.Config) bool) bool {
	if st.Family == nil && n > 62 {
		return false // a subset of positions is a 64-bit mask
	}
	gen := func(c choices) *model.Config { return genConfig(c, info, st, variant, n) }
	if limit > keepConfigs {
		// Too many to keep: count first, so that a too-large space is
		// refused before any work, then generate them again for f.
		total := 0
		everyAnswer(gen, func(*model.Config) bool { total++; return total <= limit })
		if total > limit {
			return false
		}
		everyAnswer(gen, f)
		return true
	}
	// Generate them first, one past the limit at most, so that a
	// too-large space is refused before any work; f then runs on those
	// kept, in order (generating them once: counting them by a first
	// pass built each configuration twice).
	var cfgs []*model.Config
	everyAnswer(gen, func(cfg *model.Config) bool {
		cfgs = append(cfgs, cfg)
		return len(cfgs) <= limit
	})
	if len(cfgs) > limit {
		return false
	}
	for _, cfg := range cfgs {
		if !f(cfg) {
			break
		}
	}
	return true
}

// everyAnswer runs gen once for every sequence of answers to its choices,
// in order, and calls f on each result until f returns false.
func everyAnswer(gen func(choices) *model.Config, f func(*model.Config) bool) {
	x := &exhaustive{}
	for {
		if cfg, ok := x.run(gen); ok && !f(cfg) {
			return
		}
		// The odometer: advance the deepest choice with an option left.
		for len(x.frames) > 0 {
			fr := &x.frames[len(x.frames)-1]
			if fr.next(&fr.cur) {
				break
			}
			x.frames = x.frames[:len(x.frames)-1]
		}
		if len(x.frames) == 0 {
			return
		}
	}
}

// exhaustive is the driver answering each choice with each of its options
// in turn: a run of the generator replays the current answers (a frame
// per choice point) and opens a frame at the first option of every choice
// point past them.
type exhaustive struct {
	frames []frame
	depth  int
}

// frame is a choice point's current option (in the form its method
// keeps) and how to step to the next one.
type frame struct {
	cur  []int
	next func(cur *[]int) bool
}

// noOption aborts a run at a choice without options: that branch has no
// configuration.
type noOption struct{}

// run runs gen on the current answers; ok is false when a choice had no
// option.
func (x *exhaustive) run(gen func(choices) *model.Config) (cfg *model.Config, ok bool) {
	x.depth = 0
	defer func() {
		if r := recover(); r != nil {
			if _, void := r.(noOption); !void {
				panic(r)
			}
			cfg, ok = nil, false
		}
	}()
	return gen(x), true
}

// choose answers the next choice point: the current option of its frame,
// or, for a new frame, the first option, from first (which steps to it
// from an empty cur; false: there is none).
func (x *exhaustive) choose(first, next func(cur *[]int) bool) []int {
	if x.depth == len(x.frames) {
		var cur []int
		if !first(&cur) {
			panic(noOption{})
		}
		x.frames = append(x.frames, frame{cur: cur, next: next})
	}
	x.depth++
	return x.frames[x.depth-1].cur
}

func (x *exhaustive) index(_ string, n int) int {
	return x.choose(func(c *[]int) bool {
		*c = []int{0}
		return n > 0
	}, func(c *[]int) bool {
		(*c)[0]++
		return (*c)[0] < n
	})[0]
}

func (x *exhaustive) arrangement(_ string, n int) []int {
	return x.choose(func(c *[]int) bool {
		*c = make([]int, n)
		if n > 0 {
			(*c)[0] = n - 1
		}
		for i := 1; i < n; i++ {
			(*c)[i] = i - 1
		}
		return n > 0
	}, func(c *[]int) bool {
		return nextPermutation((*c)[1:])
	})
}

// nextPermutation steps p to the next permutation in lexicographic order;
// false when p is the last.
func nextPermutation(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] > p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] < p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for l, r := i+1, len(p)-1; l < r; l, r = l+1, r-1 {
		p[l], p[r] = p[r], p[l]
	}
	return true
}

func (x *exhaustive) subset(_ string, s set) ([]int, int) {
	var cur []int
	if s.lex {
		// cur: the sorted chosen positions.
		cur = x.choose(func(c *[]int) bool {
			*c = []int{}
			return len(*c) >= s.lo || nextLex(c, s)
		}, func(c *[]int) bool { return nextLex(c, s) })
	} else {
		// cur: the bit mask of the chosen positions.
		mask := x.choose(func(c *[]int) bool {
			*c = []int{-1}
			return nextMask(c, s)
		}, func(c *[]int) bool { return nextMask(c, s) })[0]
		cur = make([]int, 0, s.n)
		for i := range s.n {
			if mask&(1<<i) != 0 {
				cur = append(cur, i)
			}
		}
	}
	// The chosen positions, then the others, each in increasing order.
	p := append(make([]int, 0, s.n), cur...)
	in := make([]bool, s.n)
	for _, i := range cur {
		in[i] = true
	}
	for i := range s.n {
		if !in[i] {
			p = append(p, i)
		}
	}
	return p, len(cur)
}

// nextMask steps (*c)[0] to the next bit mask over s.n positions with
// s.lo..s.hi bits set, skipping runs of masks that cannot qualify (so a
// wide space with few such masks is not walked mask by mask).
func nextMask(c *[]int, s set) bool {
	for m := (*c)[0] + 1; m < 1<<s.n; {
		switch k := bits.OnesCount(uint(m)); {
		case k > s.hi:
			// Every mask up to m plus its lowest bit keeps m's bits.
			m += m & -m
		case k < s.lo:
			// Every mask below m with its lowest clear bit set has at
			// most k bits.
			m |= m + 1
		default:
			(*c)[0] = m
			return true
		}
	}
	return false
}

// nextLex steps the sorted positions *c to the next subset with s.lo..s.hi
// members in lexicographic order: extend by the next position when there
// is room, else raise the last position, dropping it when it runs out.
func nextLex(c *[]int, s set) bool {
	for {
		p := *c
		grown := false
		if len(p) < s.hi {
			nxt := 0
			if len(p) > 0 {
				nxt = p[len(p)-1] + 1
			}
			if nxt < s.n {
				p, grown = append(p, nxt), true
			}
		}
		for !grown && len(p) > 0 {
			p[len(p)-1]++
			if p[len(p)-1] < s.n {
				break
			}
			p = p[:len(p)-1]
		}
		*c = p
		if !grown && len(p) == 0 {
			return false
		}
		if len(p) >= s.lo {
			return true
		}
	}
}
