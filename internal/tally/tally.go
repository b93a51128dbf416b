// Package tally counts the executions checker.Execute runs and the events
// they apply, process-wide, so that a benchmark can report the work behind
// its time (BenchmarkClaimsReport's events/op): the counts are read, never
// shown by a command, and nothing decides anything from them.
package tally

import "sync/atomic"

var executions, events, unfinished atomic.Int64

// Execution records one execution of n events; quiescent says it
// reached a quiescent state (not: it stopped at a cap, a cycle, a
// violation during the run or an interrupt).
func Execution(n int, quiescent bool) {
	executions.Add(1)
	events.Add(int64(n))
	if !quiescent {
		unfinished.Add(int64(n))
	}
}

// Counts are the totals since the last Reset.
type Counts struct {
	// Executions and Events are the executions recorded and their events;
	// Unfinished is the events of the executions that did not reach a
	// quiescent state.
	Executions, Events, Unfinished int64
}

// Read returns the totals since the last Reset.
func Read() Counts {
	return Counts{Executions: executions.Load(), Events: events.Load(), Unfinished: unfinished.Load()}
}

// Reset sets the totals to zero.
func Reset() {
	executions.Store(0)
	events.Store(0)
	unfinished.Store(0)
}
