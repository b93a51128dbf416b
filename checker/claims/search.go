package claims

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
)

// ClaimMem and ClaimDepth bound one search the claim engine runs: a
// schedule whose counters keep growing (a sending cycle) makes the path,
// and the messages in flight along it, grow without end, and the memory
// estimate is taken on the initial world.
const (
	ClaimMem   = 256 << 20
	ClaimDepth = 1000
)

// ClaimStates is the default budget of states the claim engine's
// exhaustive schedule search stores per claim row (Engine.ExploreStates).
const ClaimStates = 20_000

// searchOutcome is what an exhaustive schedule search found.
type searchOutcome struct {
	// states is the number of distinct states stored.
	states int64
	// incomplete names the bound that cut the search ("" = complete).
	incomplete string
	// violation is the first violation found (nil = none) and events the
	// (minimized) events from s0 that reach it.
	violation *checker.Violation
	events    []model.Event
}

// searchAll searches every schedule from s0 (not modified) under checks
// with explore's DFS and sleep sets, storing at most maxStates states;
// counts puts the message counters in the state (exact min/max). onFinal
// is called once for every distinct quiescent state reached. A violation
// whose trace the engine cannot replay as it stands (a livelock's lasso,
// or a trace that shows another violation first) ends the search as
// incomplete, with the finding named, rather than as a counterexample.
func searchAll(s0 model.System, checks checker.Checks, counts bool, maxStates int64, onFinal func(model.System)) searchOutcome {
	opt := explore.Options{Checks: checks, MaxStates: maxStates, MaxMem: ClaimMem, MaxDepth: ClaimDepth, OnFinal: onFinal, MaxViolations: 1}
	if counts {
		opt.Counts = explore.CountsTotal
	}
	// The claim settings' absent processes each join once (Setting.Joins).
	opt.JoinsBeforeEnd = len(s0.Config().Absent) > 0
	r := explore.Explore(s0, opt)
	out := searchOutcome{states: r.States, incomplete: r.Incomplete}
	if len(r.Violations) > 0 {
		v := r.Violations[0]
		if v.CycleStart >= 0 || !v.Clean() {
			out.incomplete = fmt.Sprintf("a %s violation (%s) the sampled runs did not show, found as a lasso or behind another violation", v.Property, v.Message)
			return out
		}
		out.violation = v.Checker()
		out.events = v.Events
	}
	return out
}

// exploreSchedulable reports whether exhaustive schedule search applies to
// claim c: its measurement must be a function of the explored state. Time
// (Lamport clocks) and claim-specific measures read history the state does
// not hold, so such claims keep sampled schedules. A claim's own check
// (Custom) is searched for violations, but decides no size for all
// schedules (checkRow).
func exploreSchedulable(c *claim.Claim) bool {
	switch c.Kind {
	case claim.Behaviour:
		return true
	case claim.Bound:
		return c.Quantity == claim.Messages && c.Measure == nil
	}
	return false
}

// exploreSize searches every schedule of every configuration of size n
// (cfgs: those checker.EnumerateConfigs gives, in order, which enumerate
// ran; they are not modified) within *left states
// (of the row's budget), feeding each
// distinct quiescent state to observe. It reports whether the search was
// complete for every configuration; a violation makes the row REFUTED with
// the search's (minimized) trace as the counterexample.
func (e *Engine) exploreSize(spec model.Spec, c *claim.Claim, st *claim.Setting, variant string, n int, cfgs []*model.Config, checks checker.Checks, row *Row, budget int64, left *int64, observe func(s0, final model.System, violated bool) bool) (all bool, why string) {
	counts := c.Kind == claim.Bound
	all = true
	search := func(cfg *model.Config) bool {
		if e.Interrupted != nil && e.Interrupted() {
			all, why = false, "interrupted"
			return false
		}
		plain := cfg
		cfg = cfg.Clone()
		cfg.CountInState = counts
		s0, err := spec.NewSystem(cfg)
		if err != nil {
			all, why = false, "internal error: "+err.Error()
			return false
		}
		// Outside a staggered setting every initiator starts first, as
		// the Random chooser does: apply the detect events in order.
		start := s0.Clone()
		var prefix []model.Event
		if !st.Staggered {
			for {
				ev, ok := firstDetect(start)
				if !ok {
					break
				}
				if err := start.Apply(ev); err != nil {
					all, why = false, "internal error: "+err.Error()
					return false
				}
				prefix = append(prefix, ev)
			}
		}
		out := searchAll(start, checks, counts, *left, func(final model.System) {
			observe(s0, final, false)
		})
		*left -= out.states
		row.ExploredStates += out.states
		if out.violation != nil {
			row.Verdict = Refuted
			events := append(append([]model.Event(nil), prefix...), out.events...)
			v := *out.violation
			if v.Step > 0 { // 0: at the end of the execution
				v.Step += len(prefix)
			}
			// The trace replays from the plain configuration: counters
			// in the state change fingerprints, not behaviour.
			initial, err := spec.NewSystem(plain)
			if err != nil {
				initial = s0
			}
			row.Counterexample = &checker.Counterexample{N: n, Config: plain, Events: events, Violation: &v, Initial: initial}
			all = false
			return false
		}
		if out.incomplete != "" {
			what := out.incomplete
			if strings.HasPrefix(what, "max-states") {
				what = fmt.Sprintf("the row's budget of %d states is spent", budget)
			}
			all, why = false, fmt.Sprintf("%s (%s)", what, plain)
			return false
		}
		if *left <= 0 {
			all, why = false, fmt.Sprintf("the budget of %d states is spent", budget)
			return false
		}
		return true
	}
	for _, cfg := range cfgs {
		if !search(cfg) {
			break
		}
	}
	return all, why
}

// firstDetect returns the first enabled initiation of s.
func firstDetect(s model.System) (model.Event, bool) {
	for _, ev := range s.Enabled(nil) {
		if ev.Kind == model.EvDetect {
			return ev, true
		}
	}
	return model.Event{}, false
}
