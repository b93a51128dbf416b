package mdp

import "sort"

// The graph algorithms of Baier & Katoen, Principles of Model Checking
// (MIT Press 2008), section 10.6.1, and of Forejt, Kwiatkowska, Norman &
// Parker, "Automated verification techniques for probabilistic systems"
// (SFM 2011), section 4.1 (Prob0A, Prob0E, Prob1A, Prob1E). They use only
// which successors have positive probability, never the numbers.

// canReach marks the states from which some path (any action, any
// successor) reaches target: the complement of Prob0A (Pmax = 0).
func (g *model) canReach(target []bool) []bool {
	in := append([]bool(nil), target...)
	queue := members(target)
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, sa := range g.pre[t] {
			if !in[sa[0]] {
				in[sa[0]] = true
				queue = append(queue, sa[0])
			}
		}
	}
	return in
}

// forced marks the states from which every scheduler reaches target with
// positive probability (every action has a successor already marked): the
// complement of Prob0E (Pmin = 0).
func (g *model) forced(target []bool) []bool {
	in := append([]bool(nil), target...)
	hit := make([][]bool, g.n)
	left := make([]int, g.n)
	for s := range g.n {
		hit[s] = make([]bool, len(g.acts[s]))
		left[s] = len(g.acts[s])
	}
	queue := members(target)
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, sa := range g.pre[t] {
			s, a := sa[0], sa[1]
			if in[s] || hit[s][a] {
				continue
			}
			hit[s][a] = true
			left[s]--
			if left[s] == 0 {
				in[s] = true
				queue = append(queue, s)
			}
		}
	}
	return in
}

// sure marks the states from which every scheduler reaches target with
// probability 1 (Prob1A, Pmin = 1): those that cannot reach, while
// avoiding target, a state where some scheduler avoids target for ever.
func (g *model) sure(target []bool) []bool {
	pos := g.forced(target)
	bad := make([]bool, g.n)
	var queue []int
	for s := range g.n {
		if !pos[s] {
			bad[s] = true
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, sa := range g.pre[t] {
			if s := sa[0]; !bad[s] && !target[s] {
				bad[s] = true
				queue = append(queue, s)
			}
		}
	}
	for s := range bad {
		bad[s] = !bad[s]
	}
	return bad
}

// possible marks the states from which some scheduler reaches target with
// probability 1 (Prob1E, Pmax = 1): the greatest U such that from every
// state of U \ target some action stays in U and moves, with positive
// probability, closer to target (a nested fixpoint).
func (g *model) possible(target []bool) []bool {
	u := make([]bool, g.n)
	for s := range u {
		u[s] = true
	}
	for {
		stay := func(s, a int) bool { return g.within(s, a, u) }
		_, r := g.attract(target, u, stay)
		same := true
		for s := range u {
			if u[s] != r[s] {
				same = false
			}
		}
		if same {
			return u
		}
		u = r
	}
}

// within says whether every successor of action a at s is in set.
func (g *model) within(s, a int, set []bool) bool {
	for _, t := range g.acts[s][a].to {
		if !set[t] {
			return false
		}
	}
	return true
}

// attract grows the set base backwards in breadth-first layers: a state s
// with cand[s] joins the next layer when one of its actions a with
// allowed(s, a) has a successor in an earlier layer, and act[s] is the
// lowest such a. It returns act (-1 outside the attracted candidates)
// and the attracted set including base. A memoryless scheduler that takes
// act[s] reaches base with probability 1 from every attracted state as
// long as the allowed actions never leave the attracted set and base.
func (g *model) attract(base, cand []bool, allowed func(s, a int) bool) ([]int, []bool) {
	in := append([]bool(nil), base...)
	act := make([]int, g.n)
	for s := range act {
		act[s] = -1
	}
	var frontier []int
	for s, b := range base {
		if b {
			frontier = append(frontier, s)
		}
	}
	seen := make([]bool, g.n)
	for len(frontier) > 0 {
		var cands []int
		for _, t := range frontier {
			for _, sa := range g.pre[t] {
				if s := sa[0]; cand[s] && !in[s] && !seen[s] {
					seen[s] = true
					cands = append(cands, s)
				}
			}
		}
		sort.Ints(cands)
		var next []int
		for _, s := range cands {
			seen[s] = false
			for a := range g.acts[s] {
				if allowed != nil && !allowed(s, a) {
					continue
				}
				if g.touches(s, a, in) {
					act[s] = a
					next = append(next, s)
					break
				}
			}
		}
		for _, s := range next {
			in[s] = true
		}
		frontier = next
	}
	return act, in
}

// touches says whether some successor of action a at s is in set.
func (g *model) touches(s, a int, set []bool) bool {
	for _, t := range g.acts[s][a].to {
		if set[t] {
			return true
		}
	}
	return false
}

// Zero marks the states where the min (opt = Min) or max (opt = Max)
// probability of eventually reaching target is 0: with Min, some
// scheduler avoids target for ever; with Max, no path reaches it.
func Zero(m *MDP, target []bool, opt Opt) ([]bool, error) {
	if err := (Limits{}).check(m, target, 0); err != nil {
		return nil, err
	}
	g := build(m)
	pos := g.canReach(target)
	if opt == Min {
		pos = g.forced(target)
	}
	for s := range pos {
		pos[s] = !pos[s]
	}
	return pos, nil
}

// AlmostSure marks the states where the min (opt = Min) or max (opt = Max)
// probability of eventually reaching target is 1: with Min, every
// scheduler reaches target with probability 1; with Max, some scheduler
// does. Decided on the graph alone, before and without any number.
func AlmostSure(m *MDP, target []bool, opt Opt) ([]bool, error) {
	if err := (Limits{}).check(m, target, 0); err != nil {
		return nil, err
	}
	g := build(m)
	if opt == Min {
		return g.sure(target), nil
	}
	return g.possible(target), nil
}

// members lists the states in set, in increasing order.
func members(set []bool) []int {
	var out []int
	for s, in := range set {
		if in {
			out = append(out, s)
		}
	}
	return out
}
