package prob

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

// Predicates are the state predicates the probabilistic names read:
// Pmin[elected], Pmax[quiescent], ...
var Predicates = []string{"elected", "quiescent"}

// Counters are the counters the expectations add up until quiescence:
// Emin[sends], Emax[rounds], ...
var Counters = []string{"sends", "transmissions", "deliveries", "sr", "steps", "rounds", "coins"}

// Elected reports that one live process acts as coordinator and every
// live process names it as its leader.
func Elected(s model.System) bool {
	var c model.ID
	for i := 0; i < s.N(); i++ {
		if s.Status(i) == model.Live && s.View(i).Coordinator {
			if c != model.None {
				return false
			}
			c = s.Topo().Order[i]
		}
	}
	if c == model.None {
		return false
	}
	for i := 0; i < s.N(); i++ {
		if s.Status(i) == model.Live && s.View(i).Leader != c {
			return false
		}
	}
	return true
}

func quiescentPred(s model.System) bool { return s.Quiescent() }

// counter is the Reward of Counters[i].
func counter(name string) Reward {
	return func(before model.System, ev model.Event, after model.System) int64 {
		b, a := before.Counts(), after.Counts()
		switch name {
		case "sends":
			return a.Sends - b.Sends
		case "transmissions":
			return a.Transmissions - b.Transmissions
		case "deliveries":
			return a.Deliveries - b.Deliveries
		case "sr":
			return a.Sends + a.Deliveries - b.Sends - b.Deliveries
		case "steps":
			return 1
		case "rounds":
			if ev.Kind == model.EvRound {
				return 1
			}
		case "coins":
			if ev.Kind == model.EvCoin {
				return 1
			}
		}
		return 0
	}
}

// Analysis is the MDP of one configuration (Build, with Coins) and the
// exact answers to the probabilistic names, computed once each:
//
//	Pmin[PRED], Pmax[PRED]  the least and greatest probability, over every
//	                        scheduler, of eventually reaching a state where
//	                        PRED holds (Predicates);
//	Emin[C], Emax[C]        the least and greatest expected total of
//	                        counter C (Counters) until quiescence: infinite
//	                        when some scheduler (Emax), or every one (Emin),
//	                        fails to reach quiescence with probability 1.
type Analysis struct {
	g     *Graph
	lim   mdp.Limits
	cache map[string]Answer
	// preds and ctrs are the names of Labels and of the rewards.
	preds, ctrs []string
}

// target is q's predicate's labels, or an error when q reads a name a
// does not have.
func (a *Analysis) target(q Query) ([]bool, error) {
	p := slices.Index(a.preds, q.Pred)
	if p < 0 || q.Counter != "" && !slices.Contains(a.ctrs, q.Counter) {
		return nil, fmt.Errorf("%s reads a name this analysis does not have (predicates %s; counters %s)", q, strings.Join(a.preds, ", "), strings.Join(a.ctrs, ", "))
	}
	return a.g.Labels[p], nil
}

// Answer is the value of one probabilistic name.
type Answer struct {
	// Value is the exact value; nil when Inf.
	Value *big.Rat
	// Inf says the expectation is infinite.
	Inf bool
}

// String renders the answer: an exact rational, or "infinity".
func (a Answer) String() string {
	if a.Inf {
		return "infinity"
	}
	return a.Value.RatString()
}

// Analyze builds the MDP of s0 (Build with Coins, every Predicate and
// Counter; maxStates as Options.MaxStates) for queries answered within
// lim.
func Analyze(s0 model.System, maxStates int, lim mdp.Limits) (*Analysis, error) {
	return AnalyzeWith(s0, Options{MaxStates: maxStates}, lim)
}

// AnalyzeWith is Analyze with the build's bounds and stop (opt's
// MaxStates, MaxMem and Stop; its Chance, Preds and Rewards are set
// here).
func AnalyzeWith(s0 model.System, opt Options, lim mdp.Limits) (*Analysis, error) {
	return AnalyzeNames(s0, opt, lim, Extra{})
}

// Extra are names of a caller's own beyond Predicates and Counters (an
// algorithm's: "a server led term 1", "terms spent"), which the queries of
// an Analysis built with them may read. A name may not be a built-in one.
type Extra struct {
	Preds    map[string]func(model.System) bool
	Counters map[string]Reward
}

// AnalyzeNames is AnalyzeWith with the caller's own names (sorted after
// the built-in ones).
func AnalyzeNames(s0 model.System, opt Options, lim mdp.Limits, extra Extra) (*Analysis, error) {
	a := &Analysis{lim: lim, cache: map[string]Answer{}, preds: slices.Clone(Predicates), ctrs: slices.Clone(Counters)}
	for _, n := range slices.Sorted(maps.Keys(extra.Preds)) {
		if slices.Contains(a.preds, n) {
			return nil, fmt.Errorf("prob: predicate %q is a built-in name", n)
		}
		a.preds = append(a.preds, n)
	}
	for _, n := range slices.Sorted(maps.Keys(extra.Counters)) {
		if slices.Contains(a.ctrs, n) {
			return nil, fmt.Errorf("prob: counter %q is a built-in name", n)
		}
		a.ctrs = append(a.ctrs, n)
	}
	opt.Chance, opt.Preds, opt.Rewards = Coins, nil, nil
	for _, p := range a.preds {
		switch {
		case p == "elected":
			opt.Preds = append(opt.Preds, Elected)
		case p == "quiescent":
			opt.Preds = append(opt.Preds, quiescentPred)
		default:
			opt.Preds = append(opt.Preds, extra.Preds[p])
		}
	}
	for _, c := range a.ctrs {
		if f, ok := extra.Counters[c]; ok {
			opt.Rewards = append(opt.Rewards, f)
		} else {
			opt.Rewards = append(opt.Rewards, counter(c))
		}
	}
	g, err := Build(s0, opt)
	if err != nil {
		return nil, err
	}
	a.g = g
	return a, nil
}

// Parse parses name[key] against the names a reads (its own included).
func (a *Analysis) Parse(name, key string) (Query, error) {
	return parseQuery(name, key, a.preds, a.ctrs)
}

// States is the number of states of the MDP.
func (a *Analysis) States() int { return a.g.States() }

// Actions is the number of actions of the MDP, over every state.
func (a *Analysis) Actions() int {
	n := 0
	for _, acts := range a.g.MDP.States {
		n += len(acts)
	}
	return n
}

// Transitions is the number of outcomes of the MDP's actions, over every
// state.
func (a *Analysis) Transitions() int {
	n := 0
	for _, acts := range a.g.MDP.States {
		for _, act := range acts {
			n += len(act.Next)
		}
	}
	return n
}

// Bytes is the estimated memory of the MDP (Graph.Bytes).
func (a *Analysis) Bytes() int64 { return a.g.Bytes() }

// Names lists the names an Analysis answers, as NAME[KEY], sorted.
func Names() []string {
	var out []string
	for _, n := range []string{"Emax", "Emin"} {
		for _, c := range Counters {
			out = append(out, n+"["+c+"]")
		}
	}
	for _, n := range []string{"Pmax", "Pmin"} {
		for _, p := range Predicates {
			out = append(out, n+"["+p+"]")
		}
	}
	return out
}

// Query is one probabilistic name, parsed (ParseQuery):
//
//	Pmin[PRED], Pmax[PRED]                      eventually PRED
//	Pmin[PRED within L COUNTER], Pmax[...]      PRED with COUNTER's total at most L
//	Emin[COUNTER], Emax[COUNTER]                COUNTER's total until quiescent
//	Emin[COUNTER until PRED], Emax[...]         COUNTER's total until PRED
type Query struct {
	// Name is Pmin, Pmax, Emin or Emax; Opt its extreme.
	Name string
	Opt  mdp.Opt
	// Prob says a probability (P); else an expectation (E).
	Prob bool
	// Pred is the predicate reached (P) or summed until (E).
	Pred string
	// Counter is the counter summed (E) or bounded (P with Within ≥ 0).
	Counter string
	// Within is the bound on Counter's total of a P query; -1 for
	// eventually.
	Within int64
}

// ParseQuery parses name[key], or says what is wrong with it, listing
// what is allowed.
func ParseQuery(name, key string) (Query, error) {
	return parseQuery(name, key, Predicates, Counters)
}

// parseQuery is ParseQuery over the predicates preds and counters ctrs.
func parseQuery(name, key string, preds, ctrs []string) (Query, error) {
	opt, kind, ok := parseName(name)
	if !ok {
		return Query{}, fmt.Errorf("unknown probabilistic name %q: want Pmin, Pmax, Emin or Emax", name)
	}
	q := Query{Name: name, Opt: opt, Prob: kind == 'P', Within: -1}
	w := strings.Fields(key)
	bad := func(why string) (Query, error) {
		if q.Prob {
			return Query{}, fmt.Errorf("%s[%s]: %s: want %s[PRED] or %s[PRED within L COUNTER], PRED one of %s, COUNTER one of %s", name, key, why, name, name, strings.Join(preds, ", "), strings.Join(ctrs, ", "))
		}
		return Query{}, fmt.Errorf("%s[%s]: %s: want %s[COUNTER] (until quiescent) or %s[COUNTER until PRED], COUNTER one of %s, PRED one of %s", name, key, why, name, name, strings.Join(ctrs, ", "), strings.Join(preds, ", "))
	}
	pred := func(x string) bool { return slices.Contains(preds, x) }
	ctr := func(x string) bool { return slices.Contains(ctrs, x) }
	switch {
	case q.Prob && len(w) == 1:
		if !pred(w[0]) {
			return bad(fmt.Sprintf("unknown predicate %q", w[0]))
		}
		q.Pred = w[0]
	case q.Prob && len(w) == 4 && w[1] == "within":
		if !pred(w[0]) {
			return bad(fmt.Sprintf("unknown predicate %q", w[0]))
		}
		l, err := strconv.ParseInt(w[2], 10, 64)
		if err != nil || l < 0 {
			return bad(fmt.Sprintf("the bound %q is not a whole number ≥ 0", w[2]))
		}
		if !ctr(w[3]) {
			return bad(fmt.Sprintf("unknown counter %q", w[3]))
		}
		q.Pred, q.Within, q.Counter = w[0], l, w[3]
	case !q.Prob && len(w) == 1:
		if !ctr(w[0]) {
			return bad(fmt.Sprintf("unknown counter %q", w[0]))
		}
		q.Counter, q.Pred = w[0], "quiescent"
	case !q.Prob && len(w) == 3 && w[1] == "until":
		if !ctr(w[0]) {
			return bad(fmt.Sprintf("unknown counter %q", w[0]))
		}
		if !pred(w[2]) {
			return bad(fmt.Sprintf("unknown predicate %q", w[2]))
		}
		q.Counter, q.Pred = w[0], w[2]
	default:
		return bad("not a query")
	}
	return q, nil
}

// String is the query as a name: Pmin[elected within 3 rounds].
func (q Query) String() string {
	switch {
	case q.Prob && q.Within >= 0:
		return fmt.Sprintf("%s[%s within %d %s]", q.Name, q.Pred, q.Within, q.Counter)
	case q.Prob:
		return q.Name + "[" + q.Pred + "]"
	case q.Pred == "quiescent":
		return q.Name + "[" + q.Counter + "]"
	}
	return q.Name + "[" + q.Counter + " until " + q.Pred + "]"
}

// Answer computes name[key] (Parse), or says why it cannot: an unknown
// name or key (listing the known ones), a limit of the exact solver.
func (a *Analysis) Answer(name, key string) (Answer, error) {
	q, err := a.Parse(name, key)
	if err != nil {
		return Answer{}, err
	}
	return a.Query(q)
}

// Query computes q (cached by its String).
func (a *Analysis) Query(q Query) (Answer, error) {
	id := q.String()
	if v, ok := a.cache[id]; ok {
		return v, nil
	}
	m := a.g.MDP
	target, err := a.target(q)
	if err != nil {
		return Answer{}, err
	}
	var ans Answer
	switch {
	case q.Prob && q.Within >= 0 && q.Counter == "steps":
		r, err := mdp.ReachWithin(m, target, int(min(q.Within, int64(math.MaxInt32))), q.Opt, a.lim)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", id, err)
		}
		ans.Value = r.Value[q.Within][m.Init]
	case q.Prob && q.Within >= 0:
		pm, pt, err := a.g.Budgeted(slices.Index(a.ctrs, q.Counter), q.Within, target, a.lim.MaxStates)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", id, err)
		}
		r, err := mdp.Reach(pm, pt, q.Opt, a.lim)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", id, err)
		}
		ans.Value = r.Value[pm.Init]
	case q.Prob:
		r, err := mdp.Reach(m, target, q.Opt, a.lim)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", id, err)
		}
		ans.Value = r.Value[m.Init]
	default:
		r, err := mdp.Expect(a.g.WithReward(slices.Index(a.ctrs, q.Counter)), target, q.Opt, a.lim)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", id, err)
		}
		ans.Value, ans.Inf = r.Value[m.Init], r.Inf[m.Init]
	}
	a.cache[id] = ans
	return ans, nil
}

// parseName splits Pmin/Pmax/Emin/Emax into the extreme and the kind.
func parseName(name string) (mdp.Opt, byte, bool) {
	switch name {
	case "Pmin":
		return mdp.Min, 'P', true
	case "Pmax":
		return mdp.Max, 'P', true
	case "Emin":
		return mdp.Min, 'E', true
	case "Emax":
		return mdp.Max, 'E', true
	}
	return 0, 0, false
}
