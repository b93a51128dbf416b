package mdp

import (
	"errors"
	"math/big"
	"sort"
)

// errSingular means a policy evaluation met a linear system without a
// unique solution: the policy keeps some state away from the settled
// states for ever. The solver only evaluates policies that cannot do
// that, so this error means a bug (or the test hook skipQualitative).
var errSingular = errors.New("mdp: singular linear system: the policy can stay for ever among unsettled states")

// skipQualitative is a test-only hook: when set, the quantitative queries
// skip the qualitative precomputation (no 0/1 states fixed, no proper
// initial policy, no restriction of Emin to the Prob1E region) and start
// policy iteration from action 0 everywhere. broken_test.go shows the
// end-component tests catch this.
var skipQualitative bool

// plainTies is a test-only hook: when set, every scheduler takes the
// lowest-index optimal action, even for Pmax and Emin where that can
// circle for ever in an end component (see pick).
var plainTies bool

// evaluate computes the value of the memoryless policy sched on the
// states with unk[s]:
//
//	x[s] = r(s, sched[s]) + sum_t P(s, sched[s], t) * x[t]
//
// (r only when withReward), where x[t] = fixed[t] for every t outside
// unk. It is sparse Gaussian elimination (state elimination) over
// big.Rat in decreasing index order, then back substitution. Arithmetic is exact, so
// the order in which rows are combined does not change the result.
func (g *model) evaluate(unk []bool, sched []int, fixed []*big.Rat, withReward bool) ([]*big.Rat, error) {
	// States are eliminated in decreasing index order: a breadth-first
	// numbering (checker/prob.Build) puts a state that many others return
	// to (the start of a new round) early, and eliminating it first fills
	// the rows of all of them (quadratic: Itai–Rodeh synchronous at N=5,
	// K=5 took 193 s in index order, 0.4 s reversed). The order does not
	// change the exact result.
	idx := make([]int, g.n)
	var vars []int
	for s := g.n - 1; s >= 0; s-- {
		idx[s] = -1
		if unk[s] {
			idx[s] = len(vars)
			vars = append(vars, s)
		}
	}
	type row struct {
		c map[int]*big.Rat
		d *big.Rat
	}
	rows := make([]row, len(vars))
	users := make([]map[int]bool, len(vars))
	for k := range users {
		users[k] = map[int]bool{}
	}
	tmp := new(big.Rat)
	for k, s := range vars {
		ia := g.acts[s][sched[s]]
		r := row{c: map[int]*big.Rat{}, d: new(big.Rat)}
		if withReward {
			r.d.Set(ia.r)
		}
		for i, t := range ia.to {
			if j := idx[t]; j >= 0 {
				if r.c[j] == nil {
					r.c[j] = new(big.Rat)
				}
				r.c[j].Add(r.c[j], ia.p[i])
				if j != k {
					users[j][k] = true
				}
			} else {
				r.d.Add(r.d, tmp.Mul(ia.p[i], fixed[t]))
			}
		}
		rows[k] = r
	}
	one := big.NewRat(1, 1)
	for k := range rows {
		rk := &rows[k]
		if c, ok := rk.c[k]; ok {
			delete(rk.c, k)
			den := new(big.Rat).Sub(one, c)
			if den.Sign() == 0 {
				return nil, errSingular
			}
			den.Inv(den)
			for _, v := range rk.c {
				v.Mul(v, den)
			}
			rk.d.Mul(rk.d, den)
		}
		var us []int
		for i := range users[k] {
			if i > k {
				us = append(us, i)
			}
		}
		sort.Ints(us)
		users[k] = nil
		for _, i := range us {
			ri := &rows[i]
			f, ok := ri.c[k]
			if !ok {
				continue
			}
			delete(ri.c, k)
			for j, v := range rk.c {
				tmp.Mul(f, v)
				if ri.c[j] == nil {
					ri.c[j] = new(big.Rat)
				}
				ri.c[j].Add(ri.c[j], tmp)
				if ri.c[j].Sign() == 0 {
					delete(ri.c, j)
				} else if j != i {
					users[j][i] = true
				}
			}
			ri.d.Add(ri.d, tmp.Mul(f, rk.d))
		}
	}
	x := make([]*big.Rat, g.n)
	for s := range g.n {
		if !unk[s] {
			x[s] = fixed[s]
		}
	}
	for k := len(rows) - 1; k >= 0; k-- {
		v := new(big.Rat).Set(rows[k].d)
		for j, c := range rows[k].c {
			v.Add(v, tmp.Mul(c, x[vars[j]]))
		}
		x[vars[k]] = v
	}
	return x, nil
}

// better says whether v is strictly better than w for opt.
func better(v, w *big.Rat, opt Opt) bool {
	if opt == Min {
		return v.Cmp(w) < 0
	}
	return v.Cmp(w) > 0
}

// improve is policy iteration on the states with unk[s], starting from
// sched (which it changes): evaluate, then at each state switch to the
// best allowed action if it is strictly better than the current one
// (the lowest-index one among equally good), until nothing changes.
// Switching only on strict improvement is what keeps a proper policy
// proper (Bertsekas & Tsitsiklis, "An analysis of stochastic shortest
// path problems", Math. Oper. Res. 16(3), 1991, and the argument in
// reach.go).
func (g *model) improve(unk []bool, sched []int, fixed []*big.Rat, opt Opt, withReward bool, allowed func(s, a int) bool) ([]*big.Rat, error) {
	for {
		x, err := g.evaluate(unk, sched, fixed, withReward)
		if err != nil {
			return nil, err
		}
		changed := false
		for s := range g.n {
			if !unk[s] {
				continue
			}
			best := g.q(s, sched[s], x, withReward)
			for a := range g.acts[s] {
				if a == sched[s] || (allowed != nil && !allowed(s, a)) {
					continue
				}
				if v := g.q(s, a, x, withReward); better(v, best, opt) {
					best, sched[s] = v, a
					changed = true
				}
			}
		}
		if !changed {
			return x, nil
		}
	}
}
