package explore

import (
	"fmt"

	"electlab/checker"
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

// ForClaims makes the claim engine search every schedule, with this
// package's DFS and sleep sets, at each size whose configurations it
// enumerates, within states states per row (0 = ClaimStates).
func ForClaims(e *checker.Engine, states int64) {
	if states <= 0 {
		states = ClaimStates
	}
	e.Explore = claimSearch
	e.ExploreStates = states
}

// claimSearch is a checker.ExploreFunc. A violation whose trace the claim
// engine cannot replay as it stands (a livelock's lasso, or a trace that
// shows another violation first) ends the search as incomplete, with the
// finding named, rather than as a counterexample.
func claimSearch(s0 model.System, checks checker.Checks, counts bool, maxStates int64, onFinal func(model.System)) checker.ExploreOutcome {
	opt := Options{Checks: checks, MaxStates: maxStates, MaxMem: ClaimMem, MaxDepth: ClaimDepth, OnFinal: onFinal, MaxViolations: 1}
	if counts {
		opt.Counts = CountsTotal
	}
	// The claim settings' absent processes each join once (Setting.Joins).
	opt.JoinsBeforeEnd = len(s0.Config().Absent) > 0
	r := Explore(s0, opt)
	out := checker.ExploreOutcome{States: r.States, Incomplete: r.Incomplete}
	if len(r.Violations) > 0 {
		v := r.Violations[0]
		if v.CycleStart >= 0 || !v.Clean() {
			out.Incomplete = fmt.Sprintf("a %s violation (%s) the sampled runs did not show, found as a lasso or behind another violation", v.Property, v.Message)
			return out
		}
		out.Violation = v.Checker()
		out.Events = v.Events
	}
	return out
}
