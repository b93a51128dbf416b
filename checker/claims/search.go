package claims

import (
	"fmt"

	"electlab/checker"
	"electlab/checker/explore"
	"electlab/model"
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
