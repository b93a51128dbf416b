package mdp

import (
	"fmt"
	"math/big"
)

// Opt says which extreme over schedulers a query asks for.
type Opt int

const (
	Min Opt = iota // the least value any scheduler can force
	Max            // the greatest value any scheduler can reach
)

// String names the extreme: "min" or "max".
func (o Opt) String() string {
	if o == Min {
		return "min"
	}
	return "max"
}

// Transition is one branch of an action's distribution.
type Transition struct {
	To int      // successor state
	P  *big.Rat // probability, > 0
}

// Action is one choice of the scheduler at a state.
type Action struct {
	Label  string       // for display only
	Reward *big.Rat     // counted once each time the action is taken; nil means 0; never negative
	Next   []Transition // a distribution: probabilities > 0 summing to exactly 1
}

// MDP is an explicit finite Markov decision process over the states
// 0..len(States)-1. States[s] lists the actions enabled at s; a state with
// no action is a deadlock (see the package comment).
type MDP struct {
	Init   int
	States [][]Action
}

// Chain returns the Markov chain whose state s has the single action
// rows[s]; a row with no Next makes s a deadlock.
func Chain(init int, rows []Action) *MDP {
	m := &MDP{Init: init, States: make([][]Action, len(rows))}
	for s, r := range rows {
		if len(r.Next) > 0 {
			m.States[s] = []Action{r}
		}
	}
	return m
}

// Validate reports the first problem found, naming the state and action:
// no states, an initial state or successor out of range, a nil, zero or
// negative probability, a distribution not summing to exactly 1, a
// negative reward.
func (m *MDP) Validate() error {
	if m == nil || len(m.States) == 0 {
		return fmt.Errorf("mdp: no states")
	}
	n := len(m.States)
	if m.Init < 0 || m.Init >= n {
		return fmt.Errorf("mdp: initial state %d out of range 0..%d", m.Init, n-1)
	}
	one, acc := big.NewRat(1, 1), new(big.Rat)
	for s, acts := range m.States {
		for a, act := range acts {
			where := lazyWhere{s, a, act.Label}
			if act.Reward != nil && act.Reward.Sign() < 0 {
				return fmt.Errorf("%s: negative reward %s", where, act.Reward.RatString())
			}
			if len(act.Next) == 0 {
				return fmt.Errorf("%s: empty distribution", where)
			}
			sum := acc.SetInt64(0)
			for _, t := range act.Next {
				if t.To < 0 || t.To >= n {
					return fmt.Errorf("%s: successor %d out of range 0..%d", where, t.To, n-1)
				}
				if t.P == nil {
					return fmt.Errorf("%s: nil probability to state %d", where, t.To)
				}
				if t.P.Sign() <= 0 {
					return fmt.Errorf("%s: probability %s to state %d is not positive", where, t.P.RatString(), t.To)
				}
				if len(act.Next) > 1 {
					sum.Add(sum, t.P)
				}
			}
			if len(act.Next) == 1 {
				// One outcome (most actions): its probability must be 1,
				// compared without an addition.
				sum = act.Next[0].P
			}
			if sum.Cmp(one) != 0 {
				return fmt.Errorf("%s: probabilities sum to %s, not 1", where, sum.RatString())
			}
		}
	}
	return nil
}

// lazyWhere names an action in Validate's errors; it is formatted only
// when an error is (%s), not for every action checked.
type lazyWhere struct {
	s, a  int
	label string
}

func (w lazyWhere) String() string {
	return fmt.Sprintf("mdp: state %d action %d (%q)", w.s, w.a, w.label)
}

// Limits bound the work of the exact solver. They are checked before any
// work starts; a zero field means no limit.
type Limits struct {
	MaxStates      int // states of the MDP
	MaxTransitions int // successor entries over all actions
	MaxSteps       int // step bound of ReachWithin
	MaxBits        int // bits of any numerator or denominator in the input
}

// DefaultLimits are generous for tests and small configurations.
var DefaultLimits = Limits{MaxStates: 100_000, MaxTransitions: 1_000_000, MaxSteps: 100_000, MaxBits: 256}

// check validates m and the target and applies lim.
func (lim Limits) check(m *MDP, target []bool, steps int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	n := len(m.States)
	if len(target) != n {
		return fmt.Errorf("mdp: target has %d entries for %d states", len(target), n)
	}
	if lim.MaxStates > 0 && n > lim.MaxStates {
		return fmt.Errorf("mdp: %d states exceed Limits.MaxStates (%d) of the exact solver", n, lim.MaxStates)
	}
	if steps < 0 {
		return fmt.Errorf("mdp: negative step bound %d", steps)
	}
	if lim.MaxSteps > 0 && steps > lim.MaxSteps {
		return fmt.Errorf("mdp: step bound %d exceeds Limits.MaxSteps (%d)", steps, lim.MaxSteps)
	}
	trans := 0
	bits := func(r *big.Rat) int {
		return max(r.Num().BitLen(), r.Denom().BitLen())
	}
	for s, acts := range m.States {
		for a, act := range acts {
			trans += len(act.Next)
			if lim.MaxBits <= 0 {
				continue
			}
			if act.Reward != nil && bits(act.Reward) > lim.MaxBits {
				return fmt.Errorf("mdp: state %d action %d: reward %s has more than Limits.MaxBits (%d) bits", s, a, act.Reward.RatString(), lim.MaxBits)
			}
			for _, t := range act.Next {
				if bits(t.P) > lim.MaxBits {
					return fmt.Errorf("mdp: state %d action %d: probability to state %d has more than Limits.MaxBits (%d) bits", s, a, t.To, lim.MaxBits)
				}
			}
		}
	}
	if lim.MaxTransitions > 0 && trans > lim.MaxTransitions {
		return fmt.Errorf("mdp: %d transitions exceed Limits.MaxTransitions (%d) of the exact solver", trans, lim.MaxTransitions)
	}
	return nil
}

// model is the solver's view of a valid MDP: a deadlock gets a synthetic
// zero-reward self-loop (real == false) so every state has an action, and
// pre lists, for each state t, the (state, action) pairs that can reach t.
type model struct {
	n    int
	acts [][]iact
	pre  [][][2]int
}

type iact struct {
	to   []int
	p    []*big.Rat
	r    *big.Rat
	real bool
}

var zero = new(big.Rat)

func build(m *MDP) *model {
	g := &model{n: len(m.States), acts: make([][]iact, len(m.States)), pre: make([][][2]int, len(m.States))}
	for s, acts := range m.States {
		if len(acts) == 0 {
			g.acts[s] = []iact{{to: []int{s}, p: []*big.Rat{big.NewRat(1, 1)}, r: zero}}
			g.pre[s] = append(g.pre[s], [2]int{s, 0})
			continue
		}
		for a, act := range acts {
			ia := iact{r: zero, real: true}
			if act.Reward != nil {
				ia.r = act.Reward
			}
			for _, t := range act.Next {
				ia.to = append(ia.to, t.To)
				ia.p = append(ia.p, t.P)
				if l := g.pre[t.To]; len(l) == 0 || l[len(l)-1] != [2]int{s, a} {
					g.pre[t.To] = append(g.pre[t.To], [2]int{s, a})
				}
			}
			g.acts[s] = append(g.acts[s], ia)
		}
	}
	return g
}

// q is the one-step value of action a at s against x, plus its reward
// when withReward.
func (g *model) q(s, a int, x []*big.Rat, withReward bool) *big.Rat {
	ia := g.acts[s][a]
	v := new(big.Rat)
	if withReward {
		v.Set(ia.r)
	}
	t := new(big.Rat)
	for i, to := range ia.to {
		v.Add(v, t.Mul(ia.p[i], x[to]))
	}
	return v
}
