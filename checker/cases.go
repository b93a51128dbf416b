package checker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
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
	Setting *claim.Setting
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

// settingConfig returns the Config of a setting with the given
// arrangement, initiators, dead and absent processes: ids lists every
// process, absent ones included; they go to Config.Absent, in ids order.
func settingConfig(info *model.Info, st *claim.Setting, variant string, ids, inits, dead, absent []model.ID) *model.Config {
	members := ids
	if len(absent) > 0 {
		members = make([]model.ID, 0, len(ids))
		for _, id := range ids {
			if !slices.Contains(absent, id) {
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

// Generic reports whether setting st of an algorithm needs the general
// configuration generator (plan): a complete graph, whose id arrangement
// carries no information (one arrangement stands for all), or any of the
// Setting fields the ring claims never used. Ring settings without them
// keep the original generator, draw for draw.
func Generic(info *model.Info, st *claim.Setting) bool {
	return info.Topology == model.Complete || st.CoordinatorDead || st.DeadNextBest || st.Joins > 0 ||
		st.Initiators == claim.NextBest || st.Initiators == claim.NoDetector || st.Initiators == claim.EveryLive || st.FirstID > 1
}

// settingIDs returns the ids of setting st at size n in increasing order:
// FirstID..FirstID+n−1.
func settingIDs(st *claim.Setting, n int) []model.ID {
	ids := model.IDsUpTo(n)
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

func newPlan(info *model.Info, st *claim.Setting, ids, absent []model.ID) *plan {
	p := &plan{ids: ids, absent: absent}
	for _, id := range ids {
		if !slices.Contains(absent, id) {
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
		if !slices.Contains(extra, id) {
			live = append(live, id)
		}
	}
	// others is in ids order unless sorted best-first: restore ids order.
	isLive := func(id model.ID) bool { return slices.Contains(live, id) }
	if len(live) > 64 {
		// A large ring: look up a set (never ranged over), not the list.
		set := make(map[model.ID]bool, len(live))
		for _, id := range live {
			set[id] = true
		}
		isLive = func(id model.ID) bool { return set[id] }
	}
	var out []model.ID
	for _, id := range p.ids {
		if isLive(id) {
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
func (p *plan) fixedInitiators(info *model.Info, kind claim.InitiatorSet, live []model.ID) ([]model.ID, bool) {
	switch kind {
	case claim.NextBest:
		return []model.ID{bestOf(info, live)}, true
	case claim.NoDetector:
		return []model.ID{p.coord}, true
	case claim.EveryLive:
		return append([]model.ID(nil), live...), true
	}
	return nil, false
}

// maxDead is the largest dead set a setting allows at size n (two
// processes always stay live).
func maxDead(st *claim.Setting, n int) int { return allButTwo(st.MaxDead, n) }

// joins is the number of absent processes a setting has at size n (two
// members stay).
func joins(st *claim.Setting, n int) int { return allButTwo(st.Joins, n) }

// allButTwo is k, at most n−2 (two of the n processes are left out of
// it) and at least 0.
func allButTwo(k, n int) int { return max(0, min(k, n-2)) }

// inOrder returns the elements of sub in their order in ids.
func inOrder(ids, sub []model.ID) []model.ID {
	var out []model.ID
	for _, id := range ids {
		if slices.Contains(sub, id) {
			out = append(out, id)
		}
	}
	return out
}

// pickInitiators draws an initiator set of the kind the setting asks for.
// sortedSample returns k distinct elements of xs in their order in xs.
// EnumerateConfigs calls f on every configuration of setting st at size n: every
// arrangement of the ids 1..n (up to rotation on rings), every dead set the
// setting allows and every initiator set of its kind. It stops early and
// returns false when f returns false or when more than limit configurations
// would be needed (then nothing was enumerated).
// enumerateGeneric is EnumerateConfigs for the settings plan handles: on a
// complete graph one arrangement (1..n) stands for all; then every absent
// set of the setting's size, the forced dead, every other dead set (every
// subset, or every best-first prefix) and every initiator set.
// subsets lists the bit masks over n elements with at most k bits set, in
// increasing order.
// combinations lists the bit masks over n elements with exactly k bits set
// (exact) or at most k, without visiting the other masks: the empty set
// first, then by increasing lowest element.
// permutations lists the permutations of 0..n-1 in lexicographic order;
// with ring set, only those starting with n-1 (one per rotation class).
// removableDead says which of cfg's crashed processes the shrinker may
// revive and keep the config in setting st: not the crashed coordinator
// (CoordinatorDead), and under DeadNextBest only the worst of the others
// (so the dead set stays a best-first prefix).
func removableDead(info *model.Info, cfg *model.Config, st *claim.Setting) func(model.ID) bool {
	if st == nil || !Generic(info, st) {
		return func(model.ID) bool { return true }
	}
	p := newPlan(info, st, cfg.IDs, nil)
	var extra []model.ID
	for _, id := range p.others {
		if slices.Contains(cfg.Crashed, id) {
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
func SettingNote(info *model.Info, st *claim.Setting) string {
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
	case claim.NextBest:
		parts = append(parts, fmt.Sprintf("the detector is the %s live id", which))
	case claim.NoDetector:
		parts = append(parts, "no detection (the live coordinator's start input is a no-op)")
	case claim.EveryLive:
		parts = append(parts, "every live process initiates (detects)")
	}
	if st.Timing == model.Async {
		parts = append(parts, "timeouts "+st.Timeouts.String())
	}
	return strings.Join(parts, "; ")
}
