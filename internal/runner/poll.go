package runner

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/electlab/electlab/internal/interrupt"
)

// Interrupted is the poll of every long loop of the commands: a SIGINT
// has arrived (internal/interrupt). A loop that sees it stops, prints
// what it has done, marked interrupted, and returns an
// exit.InterruptedError.
func Interrupted() bool { return interrupt.Requested() }

// execPoll returns the Poll hook of one long execution
// (checker.Options.Poll, model.Sim's SetPoll): it stops the execution on
// SIGINT and, once the execution has run progressEvery, prints on stderr
// at most every progressEvery a line naming it (what, e.g. "check:
// schedule 1 of 1") with its events so far and their rate, when stderr is
// the process's own file (as check's and claims' progress lines). It is a
// wall clock on stderr only; it never changes the execution.
func execPoll(stderr io.Writer, what string) func(events int64) bool {
	if _, ok := stderr.(*os.File); !ok {
		return func(int64) bool { return Interrupted() }
	}
	t0 := time.Now()
	last, lastEvents := t0, int64(0)
	interrupt.Beat(what, 0)
	return func(events int64) bool {
		if Interrupted() {
			return true
		}
		interrupt.Beat(what, events)
		now := time.Now()
		if now.Sub(t0) < progressEvery || now.Sub(last) < progressEvery {
			return false
		}
		dt := now.Sub(last).Seconds()
		fmt.Fprintf(stderr, "electlab: %s: %d events so far (+%.0f/s), %.0fs elapsed\n", what, events, float64(events-lastEvents)/dt, now.Sub(t0).Seconds())
		last, lastEvents = now, events
		return false
	}
}

// intPoll is execPoll for checker.Options.Poll.
func intPoll(p func(int64) bool) func(int) bool {
	return func(events int) bool { return p(int64(events)) }
}
