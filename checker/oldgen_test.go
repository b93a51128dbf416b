package checker

import (
	"math/rand/v2"

	"electlab/model"
)

func oldRandomCase(rng *rand.Rand, info *model.Info, st *model.Setting, variant string, n int) *Case {
	if st.Family != nil {
		ids, fam := settingIDs(st, n), st.Family(n, variant)
		dead, inits := fam.At(rng.Int64N(fam.Count))
		return &Case{Config: settingConfig(info, st, variant, ids, inits, dead, nil), Seed: rng.Uint64(),
			Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
	}
	if generic(info, st) {
		return oldRandomGenericCase(rng, info, st, variant, n)
	}
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
	inits := oldPickInitiators(rng, st.Initiators, live)
	c := &Case{Config: oldBaseConfig(info, st, variant, ids, inits, dead), Seed: rng.Uint64(),
		Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
	return c
}

func oldRandomGenericCase(rng *rand.Rand, info *model.Info, st *model.Setting, variant string, n int) *Case {
	ids := settingIDs(st, n)
	if info.Topology != model.Complete {
		rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	}
	var absent []model.ID
	if k := joins(st, n); k > 0 {
		perm := rng.Perm(n)[:k]
		for _, i := range perm {
			absent = append(absent, ids[i])
		}
		absent = inOrder(ids, absent)
	}
	p := newPlan(info, st, ids, absent)
	nd := 0
	if p.md > 0 {
		nd = rng.IntN(p.md + 1)
	}
	var extra []model.ID
	if st.DeadNextBest {
		extra = p.others[:nd]
	} else {
		for _, k := range rng.Perm(len(p.others))[:nd] {
			extra = append(extra, p.others[k])
		}
	}
	live := p.live(extra)
	inits, ok := p.fixedInitiators(info, st.Initiators, live)
	if !ok {
		inits = oldPickInitiators(rng, st.Initiators, live)
	}
	dead := inOrder(ids, append(append([]model.ID(nil), p.forced...), extra...))
	return &Case{Config: settingConfig(info, st, variant, ids, inits, dead, absent), Seed: rng.Uint64(),
		Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
}

func oldPickInitiators(rng *rand.Rand, kind model.InitiatorSet, live []model.ID) []model.ID {
	switch kind {
	case model.OneInitiator:
		return []model.ID{live[rng.IntN(len(live))]}
	case model.ManyInitiators:
		if len(live) < 2 {
			return append([]model.ID(nil), live...)
		}
		k := 2 + rng.IntN(len(live)-1)
		return oldSortedSample(rng, live, k)
	}
	return oldSortedSample(rng, live, 1+rng.IntN(len(live)))
}

func oldSortedSample(rng *rand.Rand, xs []model.ID, k int) []model.ID {
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

func oldEnumerateConfigs(info *model.Info, st *model.Setting, variant string, n, limit int, f func(*model.Config) bool) bool {
	if st.Family != nil {
		fam := st.Family(n, variant)
		if fam.Count > int64(limit) {
			return false
		}
		ids := settingIDs(st, n)
		for k := range fam.Count {
			dead, inits := fam.At(k)
			if !f(settingConfig(info, st, variant, ids, inits, dead, nil)) {
				return true
			}
		}
		return true
	}
	if generic(info, st) {
		return oldEnumerateGeneric(info, st, variant, n, limit, f)
	}
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
		total += nperms * oldBinomial(n, d) * oldInitiatorSetCount(st.Initiators, live)
		if total > limit || live > 30 {
			return false
		}
	}
	perms := oldPermutations(n, ring)
	for _, p := range perms {
		ids := make([]model.ID, n)
		for i, v := range p {
			ids[i] = model.ID(v + 1)
		}
		for _, deadMask := range oldSubsets(n, md) {
			var dead, live []model.ID
			for i := range n {
				if deadMask&(1<<i) != 0 {
					dead = append(dead, ids[i])
				} else {
					live = append(live, ids[i])
				}
			}
			for im := 1; im < 1<<len(live); im++ {
				k := oldPopcount(im)
				if (st.Initiators == model.OneInitiator && k != 1) || (st.Initiators == model.ManyInitiators && k < 2 && len(live) >= 2) {
					continue
				}
				var inits []model.ID
				for j, id := range live {
					if im&(1<<j) != 0 {
						inits = append(inits, id)
					}
				}
				if !f(oldBaseConfig(info, st, variant, ids, inits, dead)) {
					return true
				}
			}
		}
	}
	return true
}

func oldEnumerateGeneric(info *model.Info, st *model.Setting, variant string, n, limit int, f func(*model.Config) bool) bool {
	var arrangements [][]model.ID
	if info.Topology == model.Complete {
		arrangements = [][]model.ID{settingIDs(st, n)}
	} else {
		nperms := 1
		for k := 2; k < n; k++ {
			nperms *= k
			if nperms > limit {
				return false
			}
		}
		base := settingIDs(st, n)
		for _, p := range oldPermutations(n, true) {
			ids := make([]model.ID, n)
			for i, v := range p {
				ids[i] = base[v]
			}
			arrangements = append(arrangements, ids)
		}
	}
	k := joins(st, n)
	// visit walks every configuration; it stops when f returns false.
	visit := func(f func(ids, inits, dead, absent []model.ID) bool) bool {
		for _, ids := range arrangements {
			for _, am := range oldCombinations(n, k, true) {
				var absent []model.ID
				for i := range n {
					if am&(1<<i) != 0 {
						absent = append(absent, ids[i])
					}
				}
				p := newPlan(info, st, ids, absent)
				var deadSets [][]model.ID
				if st.DeadNextBest {
					for d := 0; d <= p.md; d++ {
						deadSets = append(deadSets, p.others[:d])
					}
				} else {
					for _, m := range oldCombinations(len(p.others), p.md, false) {
						var extra []model.ID
						for i, id := range p.others {
							if m&(1<<i) != 0 {
								extra = append(extra, id)
							}
						}
						deadSets = append(deadSets, extra)
					}
				}
				for _, extra := range deadSets {
					live := p.live(extra)
					dead := inOrder(ids, append(append([]model.ID(nil), p.forced...), extra...))
					if inits, ok := p.fixedInitiators(info, st.Initiators, live); ok {
						if !f(ids, inits, dead, absent) {
							return false
						}
						continue
					}
					if st.Initiators == model.OneInitiator {
						for _, id := range live {
							if !f(ids, []model.ID{id}, dead, absent) {
								return false
							}
						}
						continue
					}
					for im := 1; im < 1<<len(live); im++ {
						c := oldPopcount(im)
						if (st.Initiators == model.OneInitiator && c != 1) || (st.Initiators == model.ManyInitiators && c < 2 && len(live) >= 2) {
							continue
						}
						var inits []model.ID
						for j, id := range live {
							if im&(1<<j) != 0 {
								inits = append(inits, id)
							}
						}
						if !f(ids, inits, dead, absent) {
							return false
						}
					}
				}
			}
		}
		return true
	}
	// Count first, so a too-large space is refused before any work.
	total := 0
	if n > 62 || !visit(func(_, _, _, _ []model.ID) bool { total++; return total <= limit }) {
		return false
	}
	visit(func(ids, inits, dead, absent []model.ID) bool {
		return f(settingConfig(info, st, variant, ids, inits, dead, absent))
	})
	return true
}

func oldInitiatorSetCount(kind model.InitiatorSet, live int) int {
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

func oldBinomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

func oldPopcount(x int) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

func oldSubsets(n, k int) []int {
	var out []int
	for m := 0; m < 1<<n; m++ {
		if oldPopcount(m) <= k {
			out = append(out, m)
		}
	}
	return out
}

func oldCombinations(n, k int, exact bool) []int {
	var out []int
	var rec func(start, mask, bits int)
	rec = func(start, mask, bits int) {
		if !exact || bits == k {
			out = append(out, mask)
		}
		if bits == k {
			return
		}
		for i := start; i < n; i++ {
			rec(i+1, mask|1<<i, bits+1)
		}
	}
	rec(0, 0, 0)
	return out
}

func oldPermutations(n int, ring bool) [][]int {
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

// oldBaseConfig returns the Config of a setting with the given arrangement,
// initiators and dead processes.
func oldBaseConfig(info *model.Info, st *model.Setting, variant string, ids, inits, dead []model.ID) *model.Config {
	return settingConfig(info, st, variant, ids, inits, dead, nil)
}
