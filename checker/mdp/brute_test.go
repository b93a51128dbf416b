package mdp

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// This file is the independent code path: it knows nothing of the
// solver's qualitative precomputation, policy iteration or sparse
// elimination. It enumerates every memoryless deterministic scheduler,
// evaluates each induced chain by dense Gauss-Jordan elimination, and
// evaluates step-bounded probabilities by plain recursion and by forward
// propagation of probability mass.

// denseSolve solves a x = b exactly by Gauss-Jordan elimination.
func denseSolve(a [][]*big.Rat, b []*big.Rat) []*big.Rat {
	n := len(b)
	for c := range n {
		p := -1
		for r := c; r < n; r++ {
			if a[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			panic("denseSolve: singular")
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		inv := new(big.Rat).Inv(a[c][c])
		for j := range n {
			a[c][j].Mul(a[c][j], inv)
		}
		b[c].Mul(b[c], inv)
		for r := range n {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(a[r][c])
			for j := range n {
				a[r][j].Sub(a[r][j], new(big.Rat).Mul(f, a[c][j]))
			}
			b[r].Sub(b[r], new(big.Rat).Mul(f, b[c]))
		}
	}
	return b
}

// induced lists, for the chain sched induces, each state's successors with
// probabilities and reward; targets and deadlocks have none.
func induced(m *MDP, target []bool, sched []int) ([][]Transition, []*big.Rat) {
	n := len(m.States)
	next := make([][]Transition, n)
	rew := make([]*big.Rat, n)
	for s := range n {
		rew[s] = new(big.Rat)
		if target[s] || len(m.States[s]) == 0 {
			continue
		}
		a := m.States[s][sched[s]]
		next[s] = a.Next
		if a.Reward != nil {
			rew[s] = a.Reward
		}
	}
	return next, rew
}

// solveOn solves x[s] = c[s] + sum P(s,t) x[t] for s in vars, with x = 0
// outside vars.
func solveOn(next [][]Transition, vars []int, c []*big.Rat) map[int]*big.Rat {
	idx := map[int]int{}
	for i, s := range vars {
		idx[s] = i
	}
	k := len(vars)
	a := make([][]*big.Rat, k)
	b := make([]*big.Rat, k)
	for i, s := range vars {
		a[i] = make([]*big.Rat, k)
		for j := range k {
			a[i][j] = new(big.Rat)
		}
		a[i][i].SetInt64(1)
		b[i] = new(big.Rat).Set(c[s])
		for _, t := range next[s] {
			if j, ok := idx[t.To]; ok {
				a[i][j].Sub(a[i][j], t.P)
			}
		}
	}
	x := denseSolve(a, b)
	out := map[int]*big.Rat{}
	for i, s := range vars {
		out[s] = x[i]
	}
	return out
}

// chainValues returns, for the chain sched induces, each state's
// probability of reaching target and its expected reward until then (nil
// for infinity, when that probability is below 1).
func chainValues(m *MDP, target []bool, sched []int) ([]*big.Rat, []*big.Rat) {
	n := len(m.States)
	next, rew := induced(m, target, sched)
	reach := append([]bool(nil), target...)
	for changed := true; changed; {
		changed = false
		for s := range n {
			for _, t := range next[s] {
				if !reach[s] && reach[t.To] {
					reach[s], changed = true, true
				}
			}
		}
	}
	var vars []int
	c := make([]*big.Rat, n)
	for s := range n {
		c[s] = new(big.Rat)
		if reach[s] && !target[s] {
			vars = append(vars, s)
			for _, t := range next[s] {
				if target[t.To] {
					c[s].Add(c[s], t.P)
				}
			}
		}
	}
	px := solveOn(next, vars, c)
	p := make([]*big.Rat, n)
	for s := range n {
		switch {
		case target[s]:
			p[s] = big.NewRat(1, 1)
		case reach[s]:
			p[s] = px[s]
		default:
			p[s] = new(big.Rat)
		}
	}
	vars = nil
	for s := range n {
		if !target[s] && p[s].Cmp(big.NewRat(1, 1)) == 0 {
			vars = append(vars, s)
		}
	}
	ex := solveOn(next, vars, rew)
	e := make([]*big.Rat, n)
	for s := range n {
		if target[s] {
			e[s] = new(big.Rat)
		} else if v, ok := ex[s]; ok {
			e[s] = v
		}
	}
	return p, e
}

// forwardWithin propagates probability mass forward from each start state
// for steps steps, the scheduler choosing sched(j, s) at step j (0-based);
// mass entering a target stays there. It returns the mass in targets.
func forwardWithin(m *MDP, target []bool, steps int, sched func(j, s int) int) []*big.Rat {
	n := len(m.States)
	out := make([]*big.Rat, n)
	for s0 := range n {
		d := make([]*big.Rat, n)
		for s := range n {
			d[s] = new(big.Rat)
		}
		d[s0].SetInt64(1)
		for j := range steps {
			nd := make([]*big.Rat, n)
			for s := range n {
				nd[s] = new(big.Rat)
			}
			for s := range n {
				if d[s].Sign() == 0 {
					continue
				}
				if target[s] || len(m.States[s]) == 0 {
					nd[s].Add(nd[s], d[s])
					continue
				}
				for _, t := range m.States[s][sched(j, s)].Next {
					nd[t.To].Add(nd[t.To], new(big.Rat).Mul(d[s], t.P))
				}
			}
			d = nd
		}
		out[s0] = new(big.Rat)
		for s := range n {
			if target[s] {
				out[s0].Add(out[s0], d[s])
			}
		}
	}
	return out
}

// memorylessWithin is forwardWithin for a memoryless scheduler.
func memorylessWithin(m *MDP, target []bool, sched []int, steps int) []*big.Rat {
	return forwardWithin(m, target, steps, func(_, s int) int { return sched[s] })
}

// recWithin is the definition of the optimal step-bounded probability,
// evaluated by plain recursion without memory.
func recWithin(m *MDP, target []bool, s, k int, opt Opt) *big.Rat {
	if target[s] {
		return big.NewRat(1, 1)
	}
	if k == 0 || len(m.States[s]) == 0 {
		return new(big.Rat)
	}
	var best *big.Rat
	for _, a := range m.States[s] {
		v := new(big.Rat)
		for _, t := range a.Next {
			v.Add(v, new(big.Rat).Mul(t.P, recWithin(m, target, t.To, k-1, opt)))
		}
		if best == nil || (opt == Min && v.Cmp(best) < 0) || (opt == Max && v.Cmp(best) > 0) {
			best = v
		}
	}
	return best
}

// schedulers calls f with every memoryless deterministic scheduler.
func schedulers(m *MDP, target []bool, f func([]int)) {
	n := len(m.States)
	sched := make([]int, n)
	var rec func(s int)
	rec = func(s int) {
		if s == n {
			f(sched)
			return
		}
		if target[s] || len(m.States[s]) == 0 {
			sched[s] = -1
			rec(s + 1)
			return
		}
		for a := range m.States[s] {
			sched[s] = a
			rec(s + 1)
		}
	}
	rec(0)
}

// randomMDP has 1..6 states, each with 0..3 actions (0, a deadlock, for
// about a quarter), 1..3
// successors (mostly 2 or 3) with weights 1..3 (so denominators up to 9) and rewards in
// {0, 0, 1, 2}; about a quarter of the states are targets.
func randomMDP(r *rand.Rand) (*MDP, []bool) {
	n := 1 + r.IntN(6)
	m := &MDP{Init: r.IntN(n), States: make([][]Action, n)}
	target := make([]bool, n)
	for s := range n {
		target[s] = r.IntN(4) == 0
		na := 1 + r.IntN(3)
		if r.IntN(4) == 0 {
			na = 0
		}
		for a := range na {
			k := 1 + r.IntN(3)
			if r.IntN(3) > 0 {
				k = 2 + r.IntN(2)
			}
			w := make([]int64, k)
			var sum int64
			for i := range w {
				w[i] = 1 + r.Int64N(3)
				sum += w[i]
			}
			act := Action{Label: fmt.Sprint("a", a), Reward: big.NewRat([]int64{0, 0, 1, 2}[r.IntN(4)], 1)}
			for i := range w {
				act.Next = append(act.Next, Transition{To: r.IntN(n), P: big.NewRat(w[i], sum)})
			}
			m.States[s] = append(m.States[s], act)
		}
	}
	return m, target
}

func ratEq(a, b *big.Rat) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Cmp(b) == 0
}

// TestBruteForce cross-checks every query on 200 random MDPs against the
// enumeration of all memoryless deterministic schedulers (which suffice
// for the unbounded queries) and the recursion (bounded queries), and
// checks that every returned scheduler attains the value it reports.
func TestBruteForce(t *testing.T) {
	interesting, infinite, fractional := bruteForce(200, t.Errorf)
	// The sample must exercise the hard cases, or the check proves little.
	if interesting < 100 || infinite < 100 || fractional < 30 {
		t.Errorf("weak sample: %d states with Pmin != Pmax, %d with Emax infinite, %d with 0 < Pmax < 1", interesting, infinite, fractional)
	}
	t.Logf("%d states with Pmin != Pmax, %d with Emax infinite, %d with 0 < Pmax < 1", interesting, infinite, fractional)
}

// bruteForce runs the cross-check on count seeded random MDPs, reporting
// every disagreement, and returns how many states had Pmin != Pmax, an
// infinite Emax, and 0 < Pmax < 1.
func bruteForce(count int, errorf func(format string, args ...any)) (interesting, infinite, fractional int) {
	r := rand.New(rand.NewPCG(34, 2026))
	const steps = 4
	for i := range count {
		m, target := randomMDP(r)
		n := len(m.States)
		one := big.NewRat(1, 1)
		pmin, pmax := make([]*big.Rat, n), make([]*big.Rat, n)
		emin, emax := make([]*big.Rat, n), make([]*big.Rat, n)
		emaxInf := make([]bool, n)
		schedulers(m, target, func(sc []int) {
			p, e := chainValues(m, target, sc)
			for s := range n {
				if pmin[s] == nil || p[s].Cmp(pmin[s]) < 0 {
					pmin[s] = p[s]
				}
				if pmax[s] == nil || p[s].Cmp(pmax[s]) > 0 {
					pmax[s] = p[s]
				}
				if e[s] == nil {
					emaxInf[s] = true
					continue
				}
				if emin[s] == nil || e[s].Cmp(emin[s]) < 0 {
					emin[s] = e[s]
				}
				if emax[s] == nil || e[s].Cmp(emax[s]) > 0 {
					emax[s] = e[s]
				}
			}
		})
		for s := range n {
			if emaxInf[s] {
				emax[s] = nil
				infinite++
			}
			if pmin[s].Cmp(pmax[s]) != 0 {
				interesting++
			}
			if pmax[s].Sign() > 0 && pmax[s].Cmp(one) < 0 {
				fractional++
			}
		}
		for _, opt := range []Opt{Min, Max} {
			wp, we := pmin, emin
			if opt == Max {
				wp, we = pmax, emax
			}
			res, err := Reach(m, target, opt, DefaultLimits)
			if err != nil {
				errorf("mdp %d P%s: %v", i, opt, err)
				continue
			}
			p, _ := chainValues(m, target, res.Sched)
			zero, _ := Zero(m, target, opt)
			sure, _ := AlmostSure(m, target, opt)
			for s := range n {
				if !ratEq(res.Value[s], wp[s]) {
					errorf("mdp %d P%s state %d: solver %s, enumeration %s\n%+v target %v", i, opt, s, res.Value[s].RatString(), wp[s].RatString(), m, target)
				}
				if !ratEq(p[s], wp[s]) {
					errorf("mdp %d P%s state %d: scheduler %v attains %s, not %s", i, opt, s, res.Sched, p[s].RatString(), wp[s].RatString())
				}
				if zero[s] != (wp[s].Sign() == 0) || sure[s] != (wp[s].Cmp(one) == 0) {
					errorf("mdp %d P%s state %d: Zero %v AlmostSure %v for %s", i, opt, s, zero[s], sure[s], wp[s].RatString())
				}
			}
			ex, err := Expect(m, target, opt, DefaultLimits)
			if err != nil {
				errorf("mdp %d E%s: %v", i, opt, err)
				continue
			}
			_, e := chainValues(m, target, ex.Sched)
			for s := range n {
				if ex.Inf[s] != (we[s] == nil) || !ratEq(ex.Value[s], we[s]) {
					errorf("mdp %d E%s state %d: solver %s, enumeration %s\n%+v target %v", i, opt, s, show(ex.Value[s], ex.Inf[s]), show(we[s], we[s] == nil), m, target)
				}
				if (we[s] != nil || opt == Max) && !ratEq(e[s], we[s]) {
					errorf("mdp %d E%s state %d: scheduler %v attains %s, not %s", i, opt, s, ex.Sched, show(e[s], e[s] == nil), show(we[s], we[s] == nil))
				}
			}
			b, err := ReachWithin(m, target, steps, opt, DefaultLimits)
			if err != nil {
				errorf("mdp %d within: %v", i, err)
				continue
			}
			fw := forwardWithin(m, target, steps, func(j, s int) int { return b.Sched[steps-j][s] })
			for k := range steps + 1 {
				for s := range n {
					if w := recWithin(m, target, s, k, opt); !ratEq(b.Value[k][s], w) {
						errorf("mdp %d P%s within %d state %d: solver %s, recursion %s", i, opt, k, s, b.Value[k][s].RatString(), w.RatString())
					}
				}
			}
			for s := range n {
				if !ratEq(fw[s], b.Value[steps][s]) {
					errorf("mdp %d P%s within %d state %d: step-dependent scheduler attains %s, not %s", i, opt, steps, s, fw[s].RatString(), b.Value[steps][s].RatString())
				}
			}
			schedulers(m, target, func(sc []int) {
				mw := memorylessWithin(m, target, sc, steps)
				for s := range n {
					if c := mw[s].Cmp(b.Value[steps][s]); (opt == Max && c > 0) || (opt == Min && c < 0) {
						errorf("mdp %d P%s within %d state %d: memoryless %v beats the optimum", i, opt, steps, s, sc)
					}
				}
			})
		}
	}
	return interesting, infinite, fractional
}
