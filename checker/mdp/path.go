package mdp

import (
	"container/heap"
	"fmt"
	"math/big"
	"sort"
)

// MostLikelyPath returns the most probable path from m.Init to a target
// state in the Markov chain that the memoryless scheduler sched (one
// action index per state, -1 only at targets and deadlocks, as in
// Result.Sched) induces on m, and its probability: the product of the
// step probabilities (several transitions of one action to the same
// successor add up). The path ends at its first target state; it is
// [m.Init] with probability 1 when m.Init is a target, and nil with
// probability 0 when no target is reachable.
//
// It is Dijkstra's algorithm on exact products of rationals, never on
// floating-point logarithms. Ties are broken deterministically: states
// are settled in order of decreasing probability, then increasing state
// index, and a state's predecessor changes only on a strictly more
// probable path.
func MostLikelyPath(m *MDP, target []bool, sched []int) ([]int, *big.Rat, error) {
	if err := (Limits{}).check(m, target, 0); err != nil {
		return nil, nil, err
	}
	n := len(m.States)
	if len(sched) != n {
		return nil, nil, fmt.Errorf("mdp: scheduler has %d entries for %d states", len(sched), n)
	}
	for s, a := range sched {
		if target[s] || len(m.States[s]) == 0 {
			continue
		}
		if a < 0 || a >= len(m.States[s]) {
			return nil, nil, fmt.Errorf("mdp: scheduler chooses action %d at state %d, which has actions 0..%d", a, s, len(m.States[s])-1)
		}
	}
	best := make([]*big.Rat, n)
	pred := make([]int, n)
	done := make([]bool, n)
	best[m.Init] = big.NewRat(1, 1)
	pred[m.Init] = -1
	h := &pq{{m.Init, best[m.Init]}}
	for h.Len() > 0 {
		it := heap.Pop(h).(item)
		s := it.s
		if done[s] || it.p != best[s] {
			continue
		}
		done[s] = true
		if target[s] {
			var path []int
			for t := s; t >= 0; t = pred[t] {
				path = append(path, t)
			}
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return path, new(big.Rat).Set(best[s]), nil
		}
		if len(m.States[s]) == 0 {
			continue
		}
		step := map[int]*big.Rat{}
		for _, tr := range m.States[s][sched[s]].Next {
			if step[tr.To] == nil {
				step[tr.To] = new(big.Rat)
			}
			step[tr.To].Add(step[tr.To], tr.P)
		}
		succ := make([]int, 0, len(step))
		for t := range step {
			succ = append(succ, t)
		}
		sort.Ints(succ)
		for _, t := range succ {
			if done[t] {
				continue
			}
			p := new(big.Rat).Mul(best[s], step[t])
			if best[t] == nil || p.Cmp(best[t]) > 0 {
				best[t], pred[t] = p, s
				heap.Push(h, item{t, p})
			}
		}
	}
	return nil, new(big.Rat), nil
}

type item struct {
	s int
	p *big.Rat
}

// pq orders by decreasing probability, then increasing state.
type pq []item

func (q pq) Len() int { return len(q) }
func (q pq) Less(i, j int) bool {
	if c := q[i].p.Cmp(q[j].p); c != 0 {
		return c > 0
	}
	return q[i].s < q[j].s
}
func (q pq) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)   { *q = append(*q, x.(item)) }
func (q *pq) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
