package prob

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

// Witness is the scheduler that attains a query's extreme (a memoryless
// one: an action per state of the explored graph), shown as a path of
// events from the start, replayable as a trace.
type Witness struct {
	// Query is the query it attains.
	Query Query
	// Events are the path's events, from the configuration's start.
	Events []model.Event
	// Prob is the path's probability under the scheduler (the product of
	// its coins' outcomes' probabilities).
	Prob *big.Rat
	// Ends says where the path ends: at PRED (the scheduler's most likely
	// way to it), at the first state from which the scheduler makes PRED
	// impossible, or in a cycle that the scheduler repeats for ever with
	// PRED impossible (Loop is then the index in Events where the cycle
	// starts: the events from Loop on lead back to the state before it).
	Ends string
	Loop int
}

// Witness computes the scheduler attaining q (Analysis.Query) and its path:
//
//   - Pmax[PRED], Emin[C until PRED], Emax[C until PRED] when finite, and
//     Pmin[PRED] when it is 1: the scheduler's most likely path to PRED;
//   - Pmin[PRED] below 1: the scheduler's most likely path to the first
//     state from which it never reaches PRED; when the start is such a
//     state, the path goes on by the scheduler's most likely outcome until
//     a state repeats (a cycle it repeats for ever) or nothing is left to
//     happen;
//   - Emax[C until PRED] when infinite: the same for the scheduler that
//     avoids PRED with positive probability (Pmin[PRED]'s).
//
// A query with a bound (within L) has schedulers that depend on the total
// so far, not memoryless ones: Witness says so.
func (a *Analysis) Witness(q Query) (*Witness, error) {
	if q.Within >= 0 {
		return nil, fmt.Errorf("%s: the scheduler of a bounded query depends on the counter's total so far; no memoryless witness is written", q)
	}
	m := a.g.MDP
	target, err := a.target(q)
	if err != nil {
		return nil, err
	}
	var sched []int
	avoid := false
	switch {
	case q.Prob:
		r, err := mdp.Reach(m, target, q.Opt, a.lim)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", q, err)
		}
		sched = r.Sched
		if q.Opt == mdp.Min && r.Value[m.Init].Cmp(big.NewRat(1, 1)) < 0 {
			avoid = true
			target = zeros(r.Value)
		}
	default:
		r, err := mdp.Expect(a.g.WithReward(slices.Index(a.ctrs, q.Counter)), target, q.Opt, a.lim)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", q, err)
		}
		sched = r.Sched
		if r.Inf[m.Init] {
			p, err := mdp.Reach(m, target, mdp.Min, a.lim)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", q, err)
			}
			sched, avoid, target = p.Sched, true, zeros(p.Value)
		}
	}
	w := &Witness{Query: q, Loop: -1}
	if avoid && target[m.Init] {
		if err := a.lasso(w, sched); err != nil {
			return nil, fmt.Errorf("%s: %v", q, err)
		}
		w.Ends = "where nothing is left to happen, never reaching " + q.Pred
		if w.Loop >= 0 {
			w.Ends = "in a cycle the scheduler repeats for ever, never reaching " + q.Pred
		}
		return w, nil
	}
	path, p, err := mdp.MostLikelyPath(m, target, sched)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", q, err)
	}
	if path == nil {
		return nil, fmt.Errorf("%s: the scheduler reaches no state of its target (internal error)", q)
	}
	w.Prob = p
	w.Ends = "at " + q.Pred
	if avoid {
		w.Ends = "at the first state from which the scheduler never reaches " + q.Pred
	}
	if w.Events, err = a.replayable(path); err != nil {
		return nil, fmt.Errorf("%s: %v", q, err)
	}
	return w, nil
}

// replayable returns the events that take the start along path (state
// numbers): at each step, the enabled event of the current World whose
// successor has the path's next state's encoding (the graph's own event
// first), since two paths to one state may number its messages apart.
func (a *Analysis) replayable(path []int) ([]model.Event, error) {
	cur := a.g.start.Clone()
	var evs []model.Event
	var buf []model.Event
	var enc []byte
	for i := 0; i+1 < len(path); i++ {
		want := a.g.enc[path[i+1]]
		buf = cur.Enabled(buf[:0])
		found := false
		for _, ev := range buf {
			next := cur.Clone()
			if next.Apply(ev) != nil {
				continue
			}
			if enc = next.Encode(enc[:0]); string(enc) == want {
				evs, cur, found = append(evs, ev), next, true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("no event leads from state %d to state %d on replay (internal error)", path[i], path[i+1])
		}
	}
	return evs, nil
}

// zeros marks the states whose value is 0.
func zeros(v []*big.Rat) []bool {
	z := make([]bool, len(v))
	for s, x := range v {
		z[s] = x != nil && x.Sign() == 0
	}
	return z
}

// lasso follows sched from the start by the most likely outcome of each
// action (the lowest outcome index among the most likely) until a state
// repeats or nothing is left to happen, into w.
func (a *Analysis) lasso(w *Witness, sched []int) error {
	m := a.g.MDP
	seen := map[int]int{}
	p := big.NewRat(1, 1)
	var path []int
	for s := m.Init; ; {
		path = append(path, s)
		if at, ok := seen[s]; ok {
			w.Loop = at
			break
		}
		seen[s] = len(path) - 1
		if len(m.States[s]) == 0 || sched[s] < 0 {
			break
		}
		act := m.States[s][sched[s]]
		best := 0
		for i, tr := range act.Next {
			if tr.P.Cmp(act.Next[best].P) > 0 {
				best = i
			}
		}
		p.Mul(p, act.Next[best].P)
		s = act.Next[best].To
	}
	w.Prob = p
	var err error
	w.Events, err = a.replayable(path)
	return err
}
