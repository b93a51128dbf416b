// Package prob builds the Markov decision process of one configuration of
// an algorithm, for checker/mdp to answer. The adversary's choices (which
// event happens next: a start, a delivery, a timer, a crash, which coin is
// answered) are the scheduler's; the outcomes of a random choice (a coin)
// are drawn with their weights. Its answers are the minimum and maximum
// over every scheduler of a probability or an expectation (package mdp).
package prob

import (
	"fmt"
	"math/big"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

// Chance says whether the enabled event ev of s is one outcome of a random
// choice. If so, group names the choice (the outcomes of one group form
// one action of the scheduler: a distribution over its outcomes) and
// weight is the outcome's relative weight (≥ 1). Every other event is a
// choice of the scheduler, an action with one outcome.
type Chance func(s model.System, ev model.Event) (group int, weight uint32, ok bool)

// Reward is a counter's increase by one step: event ev from state before
// to state after. It must be non-negative.
type Reward func(before model.System, ev model.Event, after model.System) int64

// Options bound and shape Build.
type Options struct {
	// MaxStates bounds the distinct states (0 = 1,000,000). Reaching it
	// is an error, never a partial graph.
	MaxStates int
	// Chance classifies the random outcomes; nil means none (every event
	// is the scheduler's: the MDP is the search graph).
	Chance Chance
	// Preds are the state predicates a query may target (e.g. "a leader
	// is elected"); Graph.Labels[i][s] is Preds[i] at state s.
	Preds []func(model.System) bool
	// Rewards are the counters a query may add up, each the increase
	// that event ev makes from state before to state after (e.g. of
	// Counts().Sends, or 1 for a round).
	Rewards []Reward
}

// Graph is the Markov decision process of one configuration.
type Graph struct {
	// MDP has no rewards; WithReward adds one.
	MDP *mdp.MDP
	// Labels[i][s] is Options.Preds[i] at state s.
	Labels [][]bool
	// Events[s][a] are the events of action a at state s: one for a
	// scheduler's choice, one per outcome (parallel to the action's Next)
	// for a random choice.
	Events [][][]model.Event
	// rewards[r][s][a] is the expected increase of Options.Rewards[r]
	// over action a's outcomes.
	rewards [][][]*big.Rat
}

// States is the number of distinct states.
func (g *Graph) States() int { return len(g.MDP.States) }

// WithReward returns the MDP whose actions collect reward r (an index of
// Options.Rewards): each action's expected increase of the counter over
// its outcomes (by linearity, the expected total is the same as counting
// each outcome's own increase).
func (g *Graph) WithReward(r int) *mdp.MDP {
	m := &mdp.MDP{Init: g.MDP.Init, States: make([][]mdp.Action, len(g.MDP.States))}
	for s, acts := range g.MDP.States {
		m.States[s] = make([]mdp.Action, len(acts))
		for a, act := range acts {
			act.Reward = g.rewards[r][s][a]
			m.States[s][a] = act
		}
	}
	return m
}

const defaultMaxStates = 1_000_000

// brokenWeights, set by a test, draws every outcome with weight 1: a
// broken Build that TestBuildCatchesUniform shows is caught.
var brokenWeights bool

// Build explores every state reachable from s0, breadth-first, in the
// order of each state's enabled events (so state numbers, actions and
// outcomes are the same run after run), and returns its MDP. States are
// told apart by their whole canonical encoding (no hash compaction: the
// answers are exact). s0 is not modified.
func Build(s0 model.System, opt Options) (*Graph, error) {
	limit := opt.MaxStates
	if limit <= 0 {
		limit = defaultMaxStates
	}
	index := map[string]int{}
	var queue []model.System
	g := &Graph{MDP: &mdp.MDP{}, Labels: make([][]bool, len(opt.Preds)), rewards: make([][][]*big.Rat, len(opt.Rewards))}
	var enc []byte
	add := func(s model.System) (int, error) {
		enc = s.Encode(enc[:0])
		if i, ok := index[string(enc)]; ok {
			return i, nil
		}
		if len(queue) >= limit {
			return 0, fmt.Errorf("prob: more than %d states (cap reached: raise the bound, or use smaller sizes); no answer is given for a part of the graph", limit)
		}
		i := len(queue)
		index[string(enc)] = i
		queue = append(queue, s)
		for p, pred := range opt.Preds {
			g.Labels[p] = append(g.Labels[p], pred(s))
		}
		return i, nil
	}
	if _, err := add(s0.Clone()); err != nil {
		return nil, err
	}
	var buf []model.Event
	for s := 0; s < len(queue); s++ {
		cur := queue[s]
		buf = cur.Enabled(buf[:0])
		var acts []mdp.Action
		var evs [][]model.Event
		rew := make([][]*big.Rat, len(opt.Rewards))
		groupAt := map[int]int{} // a random choice's group -> its action
		var weights [][]uint32
		for _, ev := range buf {
			next := cur.Clone()
			if err := next.Apply(ev); err != nil {
				return nil, fmt.Errorf("prob: state %d: enabled event %s does not apply: %v", s, ev, err)
			}
			to, err := add(next)
			if err != nil {
				return nil, err
			}
			a, w := -1, uint32(1)
			if opt.Chance != nil {
				if grp, wt, ok := opt.Chance(cur, ev); ok {
					if wt == 0 {
						return nil, fmt.Errorf("prob: state %d: outcome %s has weight 0", s, ev)
					}
					w = wt
					if brokenWeights {
						w = 1
					}
					if i, seen := groupAt[grp]; seen {
						a = i
					} else {
						groupAt[grp] = len(acts)
					}
				}
			}
			if a < 0 {
				a = len(acts)
				acts = append(acts, mdp.Action{Label: ev.String()})
				evs = append(evs, nil)
				weights = append(weights, nil)
				for r := range rew {
					rew[r] = append(rew[r], new(big.Rat))
				}
			}
			acts[a].Next = append(acts[a].Next, mdp.Transition{To: to})
			evs[a] = append(evs[a], ev)
			weights[a] = append(weights[a], w)
			for r, f := range opt.Rewards {
				// Weighted below, once the action's total weight is known.
				inc := f(cur, ev, next)
				if inc < 0 {
					return nil, fmt.Errorf("prob: state %d: event %s: reward %d increases by %d (negative)", s, ev, r, inc)
				}
				rew[r][a].Add(rew[r][a], new(big.Rat).SetInt64(int64(w)*inc))
			}
		}
		for a := range acts {
			total := int64(0)
			for _, w := range weights[a] {
				total += int64(w)
			}
			for i, w := range weights[a] {
				acts[a].Next[i].P = big.NewRat(int64(w), total)
			}
			if len(evs[a]) > 1 {
				acts[a].Label = fmt.Sprintf("%s (1 of %d outcomes)", evs[a][0], len(evs[a]))
			}
			for r := range rew {
				rew[r][a].Quo(rew[r][a], new(big.Rat).SetInt64(total))
			}
		}
		g.MDP.States = append(g.MDP.States, acts)
		g.Events = append(g.Events, evs)
		for r := range rew {
			g.rewards[r] = append(g.rewards[r], rew[r])
		}
		queue[s] = nil // the World is no longer needed
	}
	return g, nil
}

// Coins is the Chance of coin events (model.EvCoin, "coin P = V"): the
// outcomes of process P's pending coin form one random choice, V drawn
// with its weight (model.Outbox.Coin). Every other event, the answering
// of a coin included in when it happens, is the scheduler's.
func Coins(s model.System, ev model.Event) (group int, weight uint32, ok bool) {
	if ev.Kind != model.EvCoin {
		return 0, 0, false
	}
	cs, isCoin := s.(model.CoinSystem)
	if !isCoin {
		return 0, 0, false
	}
	i := s.Topo().IndexOf(ev.P)
	w, pending := cs.PendingCoin(i)
	if !pending || int(ev.Seq) >= len(w) {
		return 0, 0, false
	}
	return i, w[ev.Seq], true
}
