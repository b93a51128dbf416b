// Package prob builds the Markov decision process of one configuration of
// an algorithm, for checker/mdp to answer. The adversary's choices (which
// event happens next: a start, a delivery, a timer, a crash, which coin is
// answered) are the scheduler's; the outcomes of a random choice (a coin)
// are drawn with their weights. Its answers are the minimum and maximum
// over every scheduler of a probability or an expectation (package mdp).
package prob

import (
	"errors"
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
	// MaxStates bounds the distinct states (0 = DefaultMaxStates). Reaching it
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
	// MaxMem bounds the estimated memory of the graph being built (its
	// states' encodings, actions, transitions and rewards, and the Worlds
	// waiting in the queue), in bytes; 0 = none. Reaching it is an error,
	// never a partial graph.
	MaxMem int64
	// Stop, when set, is polled every few hundred states; when it returns
	// true Build stops with ErrInterrupted.
	Stop func() bool
}

// ErrInterrupted is Build's error when Options.Stop asked it to stop.
var ErrInterrupted = errors.New("prob: interrupted: the graph was not finished (no answer)")

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
	// incs[r][s][a][i] is the increase of Options.Rewards[r] by outcome
	// i of action a at state s (for bounds on a counter: Budgeted).
	incs [][][][]int64
	// bytes is the estimated memory of the graph (Options.MaxMem).
	bytes int64
	// enc[s] is state s's encoding (the index's key, shared), so that a
	// path of the graph can be replayed from the start (Witness): two
	// paths to one state may number its messages differently.
	enc []string
	// start is a copy of the start.
	start model.System
}

// Bytes is the estimated memory of the built graph (Options.MaxMem counts
// it, with the Worlds queued while it is built).
func (g *Graph) Bytes() int64 { return g.bytes }

// Estimated sizes (bytes) of the graph's parts, for Options.MaxMem: a
// state's index entry beyond its encoding, an action (its label, slices
// and one expected reward per counter, added per reward below), and a
// transition (its probability, event and per-counter increase).
const (
	stateBytes      = 96
	actionBytes     = 128
	rewardBytes     = 72
	transitionBytes = 96
)

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

// DefaultMaxStates is the bound on the states of Build when
// Options.MaxStates is 0.
const DefaultMaxStates = 1_000_000

// brokenBudget, set by a test, saturates the total at Budgeted's bound
// instead of leaving it:
// a broken product that TestWithinCounter shows is caught.
var brokenBudget bool

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
		limit = DefaultMaxStates
	}
	index := map[string]int{}
	var queue []model.System
	g := &Graph{MDP: &mdp.MDP{}, Labels: make([][]bool, len(opt.Preds)), rewards: make([][][]*big.Rat, len(opt.Rewards)), incs: make([][][][]int64, len(opt.Rewards))}
	var enc []byte
	var queued int64 // estimated bytes of the Worlds in the queue
	worldBytes := func(s model.System) int64 {
		if m, ok := s.(interface{ MemBytes() int64 }); ok {
			return m.MemBytes()
		}
		return 0
	}
	overMem := func() error {
		if opt.MaxMem > 0 && g.bytes+queued > opt.MaxMem {
			return fmt.Errorf("prob: the graph's estimated memory reached the bound of %s after %d states (cap reached: raise -max-mem, or use smaller sizes); no answer is given for a part of the graph", model.FormatBytes(opt.MaxMem), len(queue))
		}
		return nil
	}
	add := func(s model.System) (int, error) {
		enc = s.Encode(enc[:0])
		if i, ok := index[string(enc)]; ok {
			return i, nil
		}
		if len(queue) >= limit {
			return 0, fmt.Errorf("prob: more than %d states (cap reached: raise the bound, or use smaller sizes); no answer is given for a part of the graph", limit)
		}
		i := len(queue)
		key := string(enc)
		index[key] = i
		g.enc = append(g.enc, key)
		queue = append(queue, s)
		g.bytes += int64(len(enc)) + stateBytes
		queued += worldBytes(s)
		if err := overMem(); err != nil {
			return 0, err
		}
		for p, pred := range opt.Preds {
			g.Labels[p] = append(g.Labels[p], pred(s))
		}
		return i, nil
	}
	if _, err := add(s0.Clone()); err != nil {
		return nil, err
	}
	g.start = s0.Clone()
	var buf []model.Event
	// small[k] is the integer k as a Rat, shared by every probability
	// (1) and expected reward that is a small integer: nothing writes
	// them (package mdp reads them only, as it shares its own zero).
	var small [16]*big.Rat
	for k := range small {
		small[k] = big.NewRat(int64(k), 1)
	}
	// spare is a successor that turned out to be a known state: the next
	// successor is copied into it (recycler) rather than into a new World.
	var spare model.System
	// Scratch reused from state to state: each event's action, weight and
	// whether its weight is 0, the random choices' (group, action), where
	// each action's outcomes start, their weights and expected rewards.
	var (
		actOf  []int32
		wOf    []uint32
		zeroW  []bool
		groups [][2]int
		off    []int32
		wBlock []uint32
		rew    []weighted
		fracs  fractions
		// pools are the chunks the graph's own slices are carved from.
		pools struct {
			acts     []mdp.Action
			trans    []mdp.Transition
			evs      [][]model.Event
			evBlock  []model.Event
			inc      [][][]int64
			incBlock [][]int64
			incVals  []int64
			rats     []*big.Rat
		}
	)
	for s := 0; s < len(queue); s++ {
		if opt.Stop != nil && s%256 == 0 && opt.Stop() {
			return nil, ErrInterrupted
		}
		cur := queue[s]
		buf = cur.Enabled(buf[:0])
		// First the action of each event (a random choice's outcomes
		// share one, numbered where its first outcome stands), so that
		// every slice below is made once per state at its size.
		nb := len(buf)
		actOf, wOf, zeroW = actOf[:0], wOf[:0], zeroW[:0]
		groups = groups[:0]
		nact := 0
		for _, ev := range buf {
			a, w, zero := -1, uint32(1), false
			if opt.Chance != nil {
				if grp, wt, ok := opt.Chance(cur, ev); ok {
					w, zero = wt, wt == 0
					if brokenWeights {
						w = 1
					}
					for _, gr := range groups {
						if gr[0] == grp {
							a = gr[1]
							break
						}
					}
					if a < 0 {
						groups = append(groups, [2]int{grp, nact})
					}
				}
			}
			if a < 0 {
				a = nact
				nact++
			}
			actOf, wOf, zeroW = append(actOf, int32(a)), append(wOf, w), append(zeroW, zero)
		}
		// off[a] is where action a's outcomes start in the state's blocks.
		off = append(off[:0], make([]int32, nact+1)...)
		for _, a := range actOf {
			off[a+1]++
		}
		for a := range nact {
			off[a+1] += off[a]
		}
		acts := carve(&pools.acts, nact, len(queue))
		trans := carve(&pools.trans, nb, len(queue))
		evs := carve(&pools.evs, nact, len(queue))
		evBlock := carve(&pools.evBlock, nb, len(queue))
		wBlock = append(wBlock[:0], make([]uint32, nb)...)
		for a := range nact {
			lo, hi := off[a], off[a+1]
			acts[a].Next = trans[lo:lo:hi]
			evs[a] = evBlock[lo:lo:hi]
		}
		nr := len(opt.Rewards)
		inc := carve(&pools.inc, nr, len(queue))
		incBlock := carve(&pools.incBlock, nr*nact, len(queue))
		incVals := carve(&pools.incVals, nr*nb, len(queue))
		rew = append(rew[:0], make([]weighted, nr*nact)...)
		for r := range inc {
			inc[r] = incBlock[r*nact : (r+1)*nact : (r+1)*nact]
			for a := range nact {
				lo, hi := r*nb+int(off[a]), r*nb+int(off[a+1])
				inc[r][a] = incVals[lo:lo:hi]
			}
		}
		for k, ev := range buf {
			var next model.System
			if r, ok := cur.(recycler); ok && spare != nil {
				next = r.CloneInto(spare)
			} else {
				next = cur.Clone()
			}
			spare = nil
			if err := next.Apply(ev); err != nil {
				return nil, fmt.Errorf("prob: state %d: enabled event %s does not apply: %v", s, ev, err)
			}
			known := len(queue)
			to, err := add(next)
			if err != nil {
				return nil, err
			}
			if zeroW[k] {
				return nil, fmt.Errorf("prob: state %d: outcome %s has weight 0", s, ev)
			}
			a, w := int(actOf[k]), wOf[k]
			if len(acts[a].Next) == 0 {
				acts[a].Label = ev.String()
				g.bytes += actionBytes + rewardBytes*int64(nr)
			}
			wBlock[int(off[a])+len(acts[a].Next)] = w
			acts[a].Next = append(acts[a].Next, mdp.Transition{To: to})
			evs[a] = append(evs[a], ev)
			for r, f := range opt.Rewards {
				// Weighted below, once the action's total weight is known.
				d := f(cur, ev, next)
				if d < 0 {
					return nil, fmt.Errorf("prob: state %d: event %s: reward %d increases by %d (negative)", s, ev, r, d)
				}
				rew[r*nact+a].add(int64(w) * d)
				inc[r][a] = append(inc[r][a], d)
			}
			if to < known || brokenRecycle {
				// A known state: nothing keeps next.
				spare = next
			}
			g.bytes += transitionBytes + 8*int64(nr)
			if err := overMem(); err != nil {
				return nil, err
			}
		}
		ratBlock := carve(&pools.rats, nr*nact, len(queue))
		for r := range nr {
			g.rewards[r] = append(g.rewards[r], ratBlock[r*nact:(r+1)*nact:(r+1)*nact])
		}
		for a := range acts {
			ws := wBlock[off[a]:off[a+1]]
			total := int64(0)
			for _, w := range ws {
				total += int64(w)
			}
			for i, w := range ws {
				acts[a].Next[i].P = fracs.of(int64(w), total, &small)
			}
			if len(evs[a]) > 1 {
				acts[a].Label = fmt.Sprintf("%s (1 of %d outcomes)", evs[a][0], len(evs[a]))
			}
			for r := range nr {
				g.rewards[r][s][a] = rew[r*nact+a].over(total, &small)
			}
		}
		g.MDP.States = append(g.MDP.States, acts)
		g.Events = append(g.Events, evs)
		for r := range nr {
			g.incs[r] = append(g.incs[r], inc[r])
		}
		queued -= worldBytes(cur)
		queue[s] = nil // the World is no longer needed
		if spare == nil {
			// Nor is it read again: the next successor is copied into it.
			spare = cur
		}
	}
	return g, nil
}

// carve returns the next n elements of *pool (zero, with capacity n),
// refilling it with a chunk when it has fewer: a graph's slices, which
// live as long as the graph, in a few large allocations. A chunk holds
// room for about four elements per state found so far (states), up to
// carveChunk, so that a small graph makes small chunks.
func carve[T any](pool *[]T, n, states int) []T {
	if n > len(*pool) {
		*pool = make([]T, max(n, min(carveChunk, 4*states)))
	}
	s := (*pool)[:n:n]
	*pool = (*pool)[n:]
	return s
}

// carveChunk is the size of carve's chunks, in elements.
const carveChunk = 1024

// fractions shares the probabilities w/total of a Build among its
// transitions (package mdp only reads them), as small shares its integers.
type fractions map[[2]int64]*big.Rat

// of is w/total (0 ≤ w ≤ total, total > 0) in lowest terms.
func (f *fractions) of(w, total int64, small *[16]*big.Rat) *big.Rat {
	if w == total {
		return small[1]
	}
	k := [2]int64{w, total}
	if r, ok := (*f)[k]; ok {
		return r
	}
	if *f == nil {
		*f = fractions{}
	}
	r := big.NewRat(w, total)
	(*f)[k] = r
	return r
}

// recycler is a System that can copy itself into a World nothing uses
// any more (model.World.CloneInto).
type recycler interface {
	CloneInto(dst model.System) model.System
}

// brokenRecycle, set by a test, recycles a successor even when it was
// kept as a new state: a broken Build that TestBuildRecycles shows is
// caught.
var brokenRecycle bool

// weighted is the exact sum of an action's weighted reward increases: an
// int64 while it fits, a big.Int from the first sum that would not.
type weighted struct {
	n   int64
	big *big.Int
}

// add adds x.
func (w *weighted) add(x int64) {
	if w.big == nil {
		if sum, overflow := addOverflows(w.n, x); !overflow {
			w.n = sum
			return
		}
		w.big = big.NewInt(w.n)
	}
	w.big.Add(w.big, big.NewInt(x))
}

// addOverflows returns a+b and whether it overflows int64.
func addOverflows(a, b int64) (int64, bool) {
	sum := a + b
	return sum, (a >= 0) == (b >= 0) && (sum >= 0) != (a >= 0)
}

// over is the sum divided by total (> 0), in lowest terms: small[k]
// when it is an integer k below len(small).
func (w *weighted) over(total int64, small *[16]*big.Rat) *big.Rat {
	switch {
	case w.big != nil:
	case w.n%total == 0 && w.n/total >= 0 && w.n/total < int64(len(small)):
		return small[w.n/total]
	case total == 1:
		return new(big.Rat).SetInt64(w.n)
	default:
		return big.NewRat(w.n, total)
	}
	return new(big.Rat).SetFrac(w.big, big.NewInt(total))
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

// Budgeted returns the product of the graph with the total of counter r
// (an index of Options.Rewards) up to budget: its states are the pairs
// (state, total so far) reachable from (Init, 0), a step whose outcome
// would take the total beyond budget leads to one absorbing state where
// nothing holds, and the returned target marks the pairs whose state is in
// target. Reach on it is the probability of reaching target with the
// counter's total at most budget ("elected within 3 rounds"); its
// schedulers may read the total so far. A product of more than maxStates
// states (0 = none) is refused before it is finished.
func (g *Graph) Budgeted(r int, budget int64, target []bool, maxStates int) (*mdp.MDP, []bool, error) {
	if budget < 0 {
		return nil, nil, fmt.Errorf("prob: negative bound %d", budget)
	}
	type pair struct {
		s int
		u int64
	}
	index := map[pair]int{}
	var pairs []pair
	m := &mdp.MDP{}
	var tgt []bool
	add := func(p pair) (int, error) {
		if i, ok := index[p]; ok {
			return i, nil
		}
		if maxStates > 0 && len(pairs) >= maxStates {
			return 0, fmt.Errorf("prob: the product with the bound on the counter has more than %d states (cap reached: a smaller bound, or a smaller configuration)", maxStates)
		}
		index[p] = len(pairs)
		pairs = append(pairs, p)
		tgt = append(tgt, p.s >= 0 && target[p.s])
		return len(pairs) - 1, nil
	}
	if _, err := add(pair{g.MDP.Init, 0}); err != nil {
		return nil, nil, err
	}
	for i := 0; i < len(pairs); i++ {
		p := pairs[i]
		var acts []mdp.Action
		if p.s >= 0 && !target[p.s] {
			for a, act := range g.MDP.States[p.s] {
				na := mdp.Action{Label: act.Label, Next: make([]mdp.Transition, len(act.Next))}
				for k, t := range act.Next {
					next := pair{t.To, p.u + g.incs[r][p.s][a][k]}
					if next.u > budget && brokenBudget {
						next.u = budget
					} else if next.u > budget {
						next = pair{-1, 0}
					}
					to, err := add(next)
					if err != nil {
						return nil, nil, err
					}
					na.Next[k] = mdp.Transition{To: to, P: t.P}
				}
				acts = append(acts, na)
			}
		}
		m.States = append(m.States, acts)
	}
	return m, tgt, nil
}
