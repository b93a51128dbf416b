package prob

import (
	"fmt"
	"math/big"
	"slices"
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
	opt := Options{MaxStates: maxStates, Chance: Coins}
	for _, p := range Predicates {
		if p == "elected" {
			opt.Preds = append(opt.Preds, Elected)
		} else {
			opt.Preds = append(opt.Preds, quiescentPred)
		}
	}
	for _, c := range Counters {
		opt.Rewards = append(opt.Rewards, counter(c))
	}
	g, err := Build(s0, opt)
	if err != nil {
		return nil, err
	}
	return &Analysis{g: g, lim: lim, cache: map[string]Answer{}}, nil
}

// States is the number of states of the MDP.
func (a *Analysis) States() int { return a.g.States() }

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

// Answer computes name[key] (Pmin, Pmax, Emin or Emax), or says why it
// cannot: an unknown name or key (listing the known ones), a limit of the
// exact solver.
func (a *Analysis) Answer(name, key string) (Answer, error) {
	id := name + "[" + key + "]"
	if v, ok := a.cache[id]; ok {
		return v, nil
	}
	opt, kind, ok := parseName(name)
	if !ok {
		return Answer{}, fmt.Errorf("unknown probabilistic name %q: want Pmin, Pmax, Emin or Emax", name)
	}
	keys := Predicates
	if kind == 'E' {
		keys = Counters
	}
	at := slices.Index(keys, key)
	if at < 0 {
		return Answer{}, fmt.Errorf("%s[%s]: unknown key %q: want one of %s", name, key, key, strings.Join(keys, ", "))
	}
	var ans Answer
	if kind == 'P' {
		r, err := mdp.Reach(a.g.MDP, a.g.Labels[at], opt, a.lim)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", id, err)
		}
		ans.Value = r.Value[a.g.MDP.Init]
	} else {
		r, err := mdp.Expect(a.g.WithReward(at), a.g.Labels[slices.Index(Predicates, "quiescent")], opt, a.lim)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", id, err)
		}
		ans.Value, ans.Inf = r.Value[a.g.MDP.Init], r.Inf[a.g.MDP.Init]
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
