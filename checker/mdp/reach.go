package mdp

import (
	"errors"
	"math/big"
)

// Result is the answer to an unbounded query for every state.
type Result struct {
	// Value[s] is the optimal value from s; nil exactly when Inf[s].
	Value []*big.Rat
	// Inf[s] says the value is +infinity (expectations only).
	Inf []bool
	// Sched[s] is the action index a memoryless deterministic scheduler
	// attaining Value takes at s; -1 at target states and deadlocks,
	// where there is nothing to choose.
	Sched []int
}

// Bounded is the answer to a step-bounded query.
type Bounded struct {
	// Value[k][s] is the optimal probability of reaching the target from
	// s within k steps, for k = 0..L.
	Value [][]*big.Rat
	// Sched[k][s] is the action an optimal scheduler takes at s when k
	// steps remain (k = 1..L; Sched[0] is all -1); -1 at target states
	// and deadlocks.
	Sched [][]int
}

var errInternal = errors.New("mdp: internal error: a state was not attracted by its own optimal actions")

func ratOf(b bool) *big.Rat {
	if b {
		return big.NewRat(1, 1)
	}
	return new(big.Rat)
}

// Reach computes, for every state, the min or max over all schedulers of
// the probability of eventually reaching a state s with target[s], and a
// memoryless deterministic scheduler that attains it.
//
// Max: the states with Pmax = 0 (no path) and Pmax = 1 (Prob1E) are fixed
// first; policy iteration on the rest starts from a proper policy (one
// that leaves the unsettled states with probability 1: each state takes
// the lowest-index action that moves breadth-first closer to the settled
// states) and switches only on strict improvement. That keeps every
// policy proper, so every linear system has a unique solution: if a new
// policy had a closed set C of unsettled states, the states of C with the
// greatest old value would all keep their old action (a switched state's
// successors would average strictly more than the maximum) and form a
// closed set under the old policy, which was proper. Without the proper
// start, an end component makes the system singular (see
// TestEndComponentPmax and broken_test.go).
//
// Min: the states with Pmin = 0 (Prob0E) and Pmin = 1 (Prob1A) are fixed
// first; the rest contains no end component (staying in one would give
// probability 0), so every policy is proper and policy iteration may
// start anywhere (action 0).
func Reach(m *MDP, target []bool, opt Opt, lim Limits) (*Result, error) {
	if err := lim.check(m, target, 0); err != nil {
		return nil, err
	}
	g := build(m)
	n := g.n
	fixed := make([]*big.Rat, n)
	unk := make([]bool, n)
	sched := make([]int, n)
	if skipQualitative {
		for s := range n {
			fixed[s] = ratOf(target[s])
			unk[s] = !target[s]
		}
	} else if opt == Max {
		pos, one := g.canReach(target), g.possible(target)
		settled := make([]bool, n)
		for s := range n {
			fixed[s] = ratOf(one[s])
			unk[s] = pos[s] && !one[s]
			settled[s] = !unk[s]
		}
		init, in := g.attract(settled, unk, nil)
		for s := range n {
			if unk[s] && !in[s] {
				return nil, errInternal
			}
		}
		copy(sched, init)
	} else {
		pos, one := g.forced(target), g.sure(target)
		for s := range n {
			fixed[s] = ratOf(one[s])
			unk[s] = pos[s] && !one[s]
		}
	}
	for s := range sched {
		if !unk[s] {
			sched[s] = 0
		}
	}
	x, err := g.improve(unk, sched, fixed, opt, false, nil)
	if err != nil {
		return nil, err
	}
	res := &Result{Value: x, Inf: make([]bool, n)}
	res.Sched, err = g.pick(x, target, opt == Max, false, nil)
	return res, err
}

// pick returns the scheduler reported with a value vector x: at each
// state, the lowest-index action whose one-step value equals x[s]. When
// progress is set (Pmax, Emin), the optimal action must also move
// breadth-first closer to the target (through optimal actions, states of
// value 0 counting as settled when !withReward): the lowest-index optimal
// action could otherwise stay for ever in an end component whose states
// all have the optimal value, a scheduler that does not attain it.
func (g *model) pick(x []*big.Rat, target []bool, progress, withReward bool, allowed func(s, a int) bool) ([]int, error) {
	n := g.n
	progress = progress && !plainTies
	opt := func(s, a int) bool {
		if x[s] == nil || (allowed != nil && !allowed(s, a)) {
			return false
		}
		return g.q(s, a, x, withReward).Cmp(x[s]) == 0
	}
	sched := make([]int, n)
	if progress {
		base := make([]bool, n)
		cand := make([]bool, n)
		for s := range n {
			base[s] = target[s] || (!withReward && x[s].Sign() == 0)
			cand[s] = !base[s] && x[s] != nil
		}
		act, in := g.attract(base, cand, opt)
		for s := range n {
			if cand[s] && !in[s] {
				return nil, errInternal
			}
		}
		copy(sched, act)
	}
	for s := range n {
		switch {
		case target[s] || !g.acts[s][0].real:
			sched[s] = -1
		case progress && sched[s] >= 0:
		default:
			sched[s] = 0
			for a := range g.acts[s] {
				if opt(s, a) {
					sched[s] = a
					break
				}
			}
		}
	}
	return sched, nil
}

// Expect computes, for every state, the min or max over all schedulers of
// the expected total reward collected before reaching target, and a
// memoryless deterministic scheduler that attains it. A scheduler that
// misses target with positive probability has expectation +infinity, so
//
//   - Emax is infinite unless Pmin = 1 (Prob1A): some scheduler then
//     misses target; the reported one does (it moves towards the states
//     where a scheduler avoids target for ever, and stays there).
//   - Emin is infinite unless Pmax = 1 (Prob1E), and ranges over the
//     schedulers that reach target with probability 1 only; where it is
//     infinite every scheduler misses target, and Sched takes action 0.
//
// Emax: in the Prob1A region every policy is proper, so policy iteration
// starts from action 0. Emin: the actions are restricted to those that
// stay in the Prob1E region, and policy iteration starts from a proper
// policy and switches only on strict improvement. That is the standard
// treatment of stochastic shortest path problems whose improper policies
// need not have infinite cost, as with zero-reward end components
// (Bertsekas & Yu, "Stochastic shortest path problems under weak
// conditions", 2016; de Alfaro, "Computing minimum and maximum
// reachability times in probabilistic systems", CONCUR 1999, collapses
// those end components instead). It stays proper: a closed set C of a new
// policy has a stationary distribution pi; summing pi(s) times
// (old value - reward - successors' old value), which is >= 0 everywhere
// and > 0 at switched states, gives -sum pi*reward <= 0, so C has no
// switched state and was closed under the old, proper policy. At the end
// the value v satisfies v <= r + P v for every allowed action, hence
// v <= the cost of every scheduler reaching target with probability 1.
func Expect(m *MDP, target []bool, opt Opt, lim Limits) (*Result, error) {
	if err := lim.check(m, target, 0); err != nil {
		return nil, err
	}
	g := build(m)
	n := g.n
	fixed := make([]*big.Rat, n)
	unk := make([]bool, n)
	inf := make([]bool, n)
	sched := make([]int, n)
	var allowed func(s, a int) bool
	if skipQualitative {
		for s := range n {
			fixed[s] = new(big.Rat)
			unk[s] = !target[s]
		}
	} else {
		fin := g.sure(target)
		if opt == Min {
			fin = g.possible(target)
			allowed = func(s, a int) bool { return g.within(s, a, fin) }
		}
		for s := range n {
			inf[s] = !fin[s]
			unk[s] = fin[s] && !target[s]
			fixed[s] = new(big.Rat)
		}
		if opt == Min {
			init, in := g.attract(target, unk, allowed)
			for s := range n {
				if unk[s] && !in[s] {
					return nil, errInternal
				}
			}
			copy(sched, init)
		}
	}
	for s := range sched {
		if !unk[s] {
			sched[s] = 0
		}
	}
	x, err := g.improve(unk, sched, fixed, opt, true, allowed)
	if err != nil {
		return nil, err
	}
	for s := range n {
		if inf[s] {
			x[s] = nil
		}
	}
	res := &Result{Value: x, Inf: inf}
	res.Sched, err = g.pick(x, target, opt == Min, true, allowed)
	if err != nil {
		return nil, err
	}
	if opt == Max {
		// Where Emax is infinite, report a scheduler that misses target
		// with positive probability: it moves breadth-first towards the
		// states where some scheduler avoids target for ever, then takes
		// there an action that stays among them.
		pos := g.forced(target)
		never := make([]bool, n)
		for s := range n {
			never[s] = !pos[s]
		}
		act, _ := g.attract(never, inf, nil)
		for s := range n {
			if !inf[s] || !g.acts[s][0].real {
				continue
			}
			if never[s] {
				for a := range g.acts[s] {
					if g.within(s, a, never) {
						res.Sched[s] = a
						break
					}
				}
			} else {
				res.Sched[s] = act[s]
			}
		}
	}
	return res, nil
}

// ReachWithin computes, for every state and every k = 0..steps, the min or
// max over all schedulers of the probability of reaching target within k
// steps, by backward induction; the optimal scheduler depends on the
// steps remaining (Sched[k]), ties broken to the lowest action index.
//
// The induction runs on integers: with D the least common multiple of the
// probabilities' denominators, the value within k steps is N_k / D^k for
// an integer vector N_k, and N_k[s] = max or min over actions of
// sum (p*D) * N_{k-1}[t], so no step normalizes a fraction.
func ReachWithin(m *MDP, target []bool, steps int, opt Opt, lim Limits) (*Bounded, error) {
	if err := lim.check(m, target, steps); err != nil {
		return nil, err
	}
	g := build(m)
	n := g.n
	d := big.NewInt(1)
	gcd := new(big.Int)
	for s := range n {
		for _, ia := range g.acts[s] {
			for _, p := range ia.p {
				gcd.GCD(nil, nil, d, p.Denom())
				d.Mul(d, new(big.Int).Quo(p.Denom(), gcd))
			}
		}
	}
	// w[s][a][i] = p * D, an integer.
	w := make([][][]*big.Int, n)
	for s := range n {
		w[s] = make([][]*big.Int, len(g.acts[s]))
		for a, ia := range g.acts[s] {
			for _, p := range ia.p {
				v := new(big.Int).Quo(d, p.Denom())
				w[s][a] = append(w[s][a], v.Mul(v, p.Num()))
			}
		}
	}
	b := &Bounded{Value: make([][]*big.Rat, steps+1), Sched: make([][]int, steps+1)}
	num := make([]*big.Int, n)
	b.Value[0] = make([]*big.Rat, n)
	b.Sched[0] = make([]int, n)
	for s := range n {
		num[s] = big.NewInt(0)
		if target[s] {
			num[s].SetInt64(1)
		}
		b.Value[0][s] = ratOf(target[s])
		b.Sched[0][s] = -1
	}
	dk := big.NewInt(1)
	tmp := new(big.Int)
	for k := 1; k <= steps; k++ {
		dk = new(big.Int).Mul(dk, d)
		next := make([]*big.Int, n)
		v := make([]*big.Rat, n)
		sc := make([]int, n)
		for s := range n {
			sc[s] = -1
			if target[s] {
				next[s] = dk
				v[s] = big.NewRat(1, 1)
				continue
			}
			for a, ia := range g.acts[s] {
				x := new(big.Int)
				for i, t := range ia.to {
					x.Add(x, tmp.Mul(w[s][a][i], num[t]))
				}
				if a > 0 {
					// Only a strictly better action replaces the lowest-index one.
					c := x.Cmp(next[s])
					if (opt == Min && c >= 0) || (opt == Max && c <= 0) {
						continue
					}
				}
				next[s], sc[s] = x, a
			}
			if !g.acts[s][0].real {
				sc[s] = -1
			}
			v[s] = new(big.Rat).SetFrac(next[s], dk)
		}
		num = next
		b.Value[k], b.Sched[k] = v, sc
	}
	return b, nil
}
