package checker

import (
	"math/rand/v2"

	"electlab/model"
)

// Case is one configuration a claim is checked on, plus the schedule that
// drives it.
type Case struct {
	// Config is the execution's configuration.
	Config *model.Config
	// Strategy and Seed define the Random chooser; FIFOOnly means the
	// deterministic FIFO schedule instead.
	Strategy Strategy
	Seed     uint64
	FIFOOnly bool
	// Staggered is passed to the Random chooser.
	Staggered bool
	// Setting is the setting the case belongs to (for shrinking).
	Setting *model.Setting
}

// Chooser returns the case's scheduler.
func (c *Case) Chooser() Chooser {
	if c.FIFOOnly {
		return FIFO{}
	}
	r := NewRandom(c.Seed, c.Strategy)
	r.Staggered = c.Staggered
	return r
}

// baseConfig returns the Config of a setting with the given arrangement,
// initiators and dead processes.
func baseConfig(info *model.Info, st *model.Setting, variant string, ids, inits, dead []model.ID) *model.Config {
	return &model.Config{Algo: info.Name, Variant: variant, IDs: ids, Initiators: inits, Crashed: dead,
		Timing: st.Timing, Net: st.Net, Forwarding: info.Forwarding, CrashBudget: st.CrashBudget}
}

// maxDead is the largest dead set a setting allows at size n (two
// processes always stay live).
func maxDead(st *model.Setting, n int) int {
	d := st.MaxDead
	if d > n-2 {
		d = n - 2
	}
	if d < 0 {
		d = 0
	}
	return d
}

// randomCase draws a configuration for setting st at size n from rng.
func randomCase(rng *rand.Rand, info *model.Info, st *model.Setting, variant string, n int) *Case {
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(i + 1)
	}
	rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	nd := 0
	if md := maxDead(st, n); md > 0 {
		nd = rng.IntN(md + 1)
	}
	perm := rng.Perm(n)
	dead := make([]model.ID, 0, nd)
	for _, k := range perm[:nd] {
		dead = append(dead, ids[k])
	}
	var live []model.ID
	for _, k := range perm[nd:] {
		live = append(live, ids[k])
	}
	inits := pickInitiators(rng, st.Initiators, live)
	c := &Case{Config: baseConfig(info, st, variant, ids, inits, dead), Seed: rng.Uint64(),
		Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
	return c
}

// pickInitiators draws an initiator set of the kind the setting asks for.
func pickInitiators(rng *rand.Rand, kind model.InitiatorSet, live []model.ID) []model.ID {
	switch kind {
	case model.OneInitiator:
		return []model.ID{live[rng.IntN(len(live))]}
	case model.ManyInitiators:
		if len(live) < 2 {
			return append([]model.ID(nil), live...)
		}
		k := 2 + rng.IntN(len(live)-1)
		return sortedSample(rng, live, k)
	}
	return sortedSample(rng, live, 1+rng.IntN(len(live)))
}

// sortedSample returns k distinct elements of xs in their order in xs.
func sortedSample(rng *rand.Rand, xs []model.ID, k int) []model.ID {
	idx := rng.Perm(len(xs))[:k]
	keep := make([]bool, len(xs))
	for _, i := range idx {
		keep[i] = true
	}
	out := make([]model.ID, 0, k)
	for i, x := range xs {
		if keep[i] {
			out = append(out, x)
		}
	}
	return out
}

// enumerate calls f on every configuration of setting st at size n: every
// arrangement of the ids 1..n (up to rotation on rings), every dead set the
// setting allows and every initiator set of its kind. It stops early and
// returns false when f returns false or when more than limit configurations
// would be needed (then nothing was enumerated).
func enumerate(info *model.Info, st *model.Setting, variant string, n, limit int, f func(*model.Config) bool) bool {
	ring := info.Topology != model.Complete
	md := maxDead(st, n)
	// Count first, so a too-large space is refused before any work.
	nperms := 1
	for k := 2; k <= n; k++ {
		if ring && k == n {
			break // (n-1)! arrangements up to rotation
		}
		nperms *= k
		if nperms > limit {
			return false
		}
	}
	total := 0
	for d := 0; d <= md; d++ {
		live := n - d
		total += nperms * binomial(n, d) * initiatorSetCount(st.Initiators, live)
		if total > limit || live > 30 {
			return false
		}
	}
	perms := permutations(n, ring)
	for _, p := range perms {
		ids := make([]model.ID, n)
		for i, v := range p {
			ids[i] = model.ID(v + 1)
		}
		for _, deadMask := range subsets(n, md) {
			var dead, live []model.ID
			for i := range n {
				if deadMask&(1<<i) != 0 {
					dead = append(dead, ids[i])
				} else {
					live = append(live, ids[i])
				}
			}
			for im := 1; im < 1<<len(live); im++ {
				k := popcount(im)
				if (st.Initiators == model.OneInitiator && k != 1) || (st.Initiators == model.ManyInitiators && k < 2 && len(live) >= 2) {
					continue
				}
				var inits []model.ID
				for j, id := range live {
					if im&(1<<j) != 0 {
						inits = append(inits, id)
					}
				}
				if !f(baseConfig(info, st, variant, ids, inits, dead)) {
					return true
				}
			}
		}
	}
	return true
}

func initiatorSetCount(kind model.InitiatorSet, live int) int {
	switch kind {
	case model.OneInitiator:
		return live
	case model.ManyInitiators:
		if live < 2 {
			return 1
		}
		return (1 << live) - 1 - live
	}
	return (1 << live) - 1
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

func popcount(x int) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

// subsets lists the bit masks over n elements with at most k bits set, in
// increasing order.
func subsets(n, k int) []int {
	var out []int
	for m := 0; m < 1<<n; m++ {
		if popcount(m) <= k {
			out = append(out, m)
		}
	}
	return out
}

// permutations lists the permutations of 0..n-1 in lexicographic order;
// with ring set, only those starting with n-1 (one per rotation class).
func permutations(n int, ring bool) [][]int {
	var out [][]int
	p := make([]int, n)
	used := make([]bool, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			out = append(out, append([]int(nil), p...))
			return
		}
		for v := range n {
			if used[v] || (ring && i == 0 && v != n-1) {
				continue
			}
			used[v], p[i] = true, v
			rec(i + 1)
			used[v] = false
		}
	}
	rec(0)
	return out
}
