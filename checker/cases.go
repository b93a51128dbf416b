package checker

import (
	"fmt"
	"math/rand/v2"
	"strings"

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
	return settingConfig(info, st, variant, ids, inits, dead, nil)
}

// settingConfig is baseConfig with absent processes: ids lists every
// process, absent ones included; they go to Config.Absent, in ids order.
func settingConfig(info *model.Info, st *model.Setting, variant string, ids, inits, dead, absent []model.ID) *model.Config {
	members := ids
	if len(absent) > 0 {
		members = make([]model.ID, 0, len(ids))
		for _, id := range ids {
			if !contains(absent, id) {
				members = append(members, id)
			}
		}
	}
	cfg := &model.Config{Algo: info.Name, Variant: variant, IDs: members, Initiators: inits, Crashed: dead,
		Absent: absent, Timing: st.Timing, Timeouts: st.Timeouts, Net: st.Net, Forwarding: info.Forwarding,
		CrashBudget: st.CrashBudget, Recovery: st.Recovery}
	if st.Successive > 0 {
		cfg.Successive = make([]model.Phase, st.Successive)
	}
	cfg.Physical = st.Physical
	return cfg
}

func contains(ids []model.ID, id model.ID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// Generic reports whether setting st of an algorithm needs the general
// configuration generator (plan): a complete graph, whose id arrangement
// carries no information (one arrangement stands for all), or any of the
// Setting fields the ring claims never used. Ring settings without them
// keep the original generator, draw for draw.
func Generic(info *model.Info, st *model.Setting) bool {
	return info.Topology == model.Complete || st.CoordinatorDead || st.DeadNextBest || st.Joins > 0 ||
		st.Initiators == model.NextBest || st.Initiators == model.NoDetector || st.Initiators == model.EveryLive || st.FirstID > 1
}

// settingIDs returns the ids of setting st at size n in increasing order:
// FirstID..FirstID+n−1.
func settingIDs(st *model.Setting, n int) []model.ID {
	ids := identity(n)
	if st.FirstID > 1 {
		for i := range ids {
			ids[i] += model.ID(st.FirstID - 1)
		}
	}
	return ids
}

// better reports whether id a is a better coordinator than b (higher, or
// lower for MinID algorithms).
func better(info *model.Info, a, b model.ID) bool {
	if info.MinID {
		return a < b
	}
	return a > b
}

// plan is the part of a configuration fixed by the absent set: the
// members, the old coordinator, the processes forced dead and those that
// may be crashed besides (best first under DeadNextBest).
type plan struct {
	ids, absent, members, forced, others []model.ID
	coord                                model.ID
	// md is the largest number of other dead processes (two processes
	// stay live besides the forced dead).
	md int
}

func newPlan(info *model.Info, st *model.Setting, ids, absent []model.ID) *plan {
	p := &plan{ids: ids, absent: absent}
	for _, id := range ids {
		if !contains(absent, id) {
			p.members = append(p.members, id)
			if p.coord == model.None || better(info, id, p.coord) {
				p.coord = id
			}
		}
	}
	for _, id := range p.members {
		if st.CoordinatorDead && id == p.coord {
			p.forced = append(p.forced, id)
		} else {
			p.others = append(p.others, id)
		}
	}
	if st.DeadNextBest {
		// Best first: a dead set is a prefix.
		o := append([]model.ID(nil), p.others...)
		for i := 1; i < len(o); i++ {
			for j := i; j > 0 && better(info, o[j], o[j-1]); j-- {
				o[j], o[j-1] = o[j-1], o[j]
			}
		}
		p.others = o
	}
	p.md = st.MaxDead
	keep := 2
	if st.MinLive > 0 && info.Topology == model.Complete {
		keep = st.MinLive
	}
	if p.md > len(p.others)-keep {
		p.md = len(p.others) - keep
	}
	if p.md < 0 {
		p.md = 0
	}
	return p
}

// live returns the members that are neither forced dead nor in extra, in
// ids order.
func (p *plan) live(extra []model.ID) []model.ID {
	var live []model.ID
	for _, id := range p.others {
		if !contains(extra, id) {
			live = append(live, id)
		}
	}
	// others is in ids order unless sorted best-first: restore ids order.
	var out []model.ID
	for _, id := range p.ids {
		if contains(live, id) {
			out = append(out, id)
		}
	}
	return out
}

// bestOf returns the best id of ids.
func bestOf(info *model.Info, ids []model.ID) model.ID {
	b := model.None
	for _, id := range ids {
		if b == model.None || better(info, id, b) {
			b = id
		}
	}
	return b
}

// fixedInitiators returns the initiator set of the kinds that allow only
// one (NextBest, NoDetector, EveryLive), or nil and false.
func (p *plan) fixedInitiators(info *model.Info, kind model.InitiatorSet, live []model.ID) ([]model.ID, bool) {
	switch kind {
	case model.NextBest:
		return []model.ID{bestOf(info, live)}, true
	case model.NoDetector:
		return []model.ID{p.coord}, true
	case model.EveryLive:
		return append([]model.ID(nil), live...), true
	}
	return nil, false
}

// identity returns the ids 1..n in order.
func identity(n int) []model.ID {
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(i + 1)
	}
	return ids
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

// RandomCase draws a configuration for setting st at size n from rng.
func RandomCase(rng *rand.Rand, info *model.Info, st *model.Setting, variant string, n int) *Case {
	if st.Family != nil {
		ids, fam := settingIDs(st, n), st.Family(n, variant)
		dead, inits := fam.At(rng.Int64N(fam.Count))
		return &Case{Config: settingConfig(info, st, variant, ids, inits, dead, nil), Seed: rng.Uint64(),
			Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
	}
	if Generic(info, st) {
		return randomGenericCase(rng, info, st, variant, n)
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
	inits := pickInitiators(rng, st.Initiators, live)
	c := &Case{Config: baseConfig(info, st, variant, ids, inits, dead), Seed: rng.Uint64(),
		Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
	return c
}

// randomGenericCase is randomCase for the settings plan handles.
func randomGenericCase(rng *rand.Rand, info *model.Info, st *model.Setting, variant string, n int) *Case {
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
		inits = pickInitiators(rng, st.Initiators, live)
	}
	dead := inOrder(ids, append(append([]model.ID(nil), p.forced...), extra...))
	return &Case{Config: settingConfig(info, st, variant, ids, inits, dead, absent), Seed: rng.Uint64(),
		Strategy: Strategy(rng.IntN(3)), Staggered: st.Staggered, Setting: st}
}

// joins is the number of absent processes a setting has at size n (two
// members stay).
func joins(st *model.Setting, n int) int {
	k := st.Joins
	if k > n-2 {
		k = n - 2
	}
	if k < 0 {
		k = 0
	}
	return k
}

// inOrder returns the elements of sub in their order in ids.
func inOrder(ids, sub []model.ID) []model.ID {
	var out []model.ID
	for _, id := range ids {
		if contains(sub, id) {
			out = append(out, id)
		}
	}
	return out
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

// EnumerateConfigs calls f on every configuration of setting st at size n: every
// arrangement of the ids 1..n (up to rotation on rings), every dead set the
// setting allows and every initiator set of its kind. It stops early and
// returns false when f returns false or when more than limit configurations
// would be needed (then nothing was enumerated).
func EnumerateConfigs(info *model.Info, st *model.Setting, variant string, n, limit int, f func(*model.Config) bool) bool {
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
	if Generic(info, st) {
		return enumerateGeneric(info, st, variant, n, limit, f)
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

// enumerateGeneric is enumerate for the settings plan handles: on a
// complete graph one arrangement (1..n) stands for all; then every absent
// set of the setting's size, the forced dead, every other dead set (every
// subset, or every best-first prefix) and every initiator set.
func enumerateGeneric(info *model.Info, st *model.Setting, variant string, n, limit int, f func(*model.Config) bool) bool {
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
		for _, p := range permutations(n, true) {
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
			for _, am := range combinations(n, k, true) {
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
					for _, m := range combinations(len(p.others), p.md, false) {
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
						c := popcount(im)
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

// combinations lists the bit masks over n elements with exactly k bits set
// (exact) or at most k, without visiting the other masks: the empty set
// first, then by increasing lowest element.
func combinations(n, k int, exact bool) []int {
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

// removableDead says which of cfg's crashed processes the shrinker may
// revive and keep the config in setting st: not the crashed coordinator
// (CoordinatorDead), and under DeadNextBest only the worst of the others
// (so the dead set stays a best-first prefix).
func removableDead(info *model.Info, cfg *model.Config, st *model.Setting) func(model.ID) bool {
	if st == nil || !Generic(info, st) {
		return func(model.ID) bool { return true }
	}
	p := newPlan(info, st, cfg.IDs, nil)
	var extra []model.ID
	for _, id := range p.others {
		if contains(cfg.Crashed, id) {
			extra = append(extra, id)
		}
	}
	return func(id model.ID) bool {
		if st.CoordinatorDead && id == p.coord {
			return false
		}
		if st.DeadNextBest {
			return len(extra) > 0 && id == extra[len(extra)-1]
		}
		return true
	}
}

// SettingNote describes what a generic setting covers beyond the common
// coverage text.
func SettingNote(info *model.Info, st *model.Setting) string {
	var parts []string
	span := "1..n"
	if st.FirstID > 1 {
		span = fmt.Sprintf("%d..n+%d", st.FirstID, st.FirstID-1)
	}
	if info.Topology == model.Complete {
		if st.Physical != model.Direct {
			parts = append(parts, "complete graph on a physical ring: one id arrangement ("+span+" in ring order)")
		} else {
			parts = append(parts, "complete graph: one id arrangement ("+span+") stands for all")
		}
	} else if st.FirstID > 1 {
		parts = append(parts, "ids "+span)
	}
	which := "highest"
	if info.MinID {
		which = "lowest"
	}
	if st.CoordinatorDead {
		parts = append(parts, fmt.Sprintf("the old coordinator (the %s id) crashed before the run, still a member", which))
	}
	if st.Family != nil {
		parts = append(parts, "crash and initiator sets: the setting's own family (its name says which)")
	} else if st.MaxDead > 0 {
		if st.DeadNextBest {
			parts = append(parts, fmt.Sprintf("up to %d more crashed: the next %s ids", st.MaxDead, which))
		} else {
			parts = append(parts, fmt.Sprintf("up to %d more crashed: every such set", st.MaxDead))
		}
	}
	if st.Joins > 0 {
		parts = append(parts, fmt.Sprintf("%d absent process(es) joining when the adversary chooses: every such set", st.Joins))
	}
	if st.Recovery {
		parts = append(parts, "crashed processes may recover")
	}
	switch st.Physical {
	case model.PhysRing:
		parts = append(parts, "physical bidirectional ring in id order under the complete graph (shorter-arc unicasts, two-way floods; a link hop is a P2P send and, in sync timing, a round)")
	case model.PhysRingRT:
		parts = append(parts, "physical bidirectional ring in id order under the complete graph, timers scaled to the ring's round trip (x floor(n/2) rounds)")
	}
	if st.Successive > 0 {
		parts = append(parts, fmt.Sprintf("then %d successive crashes of the agreed coordinator, each at quiescence and detected by every live process", st.Successive))
	}
	switch st.Initiators {
	case model.NextBest:
		parts = append(parts, fmt.Sprintf("the detector is the %s live id", which))
	case model.NoDetector:
		parts = append(parts, "no detection (the live coordinator's start input is a no-op)")
	case model.EveryLive:
		parts = append(parts, "every live process initiates (detects)")
	}
	if st.Timing == model.Async {
		parts = append(parts, "timeouts "+st.Timeouts.String())
	}
	return strings.Join(parts, "; ")
}
