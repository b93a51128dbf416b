// Package interrupt latches a SIGINT (Ctrl-C) for electlab's commands, so
// that a long loop can stop at its next poll and report the work done so
// far, marked interrupted (exit status 130, exit.InterruptedError).
//
// A SIGINT is a process-wide event, so the latch is too: Catch starts
// catching it (for the length of a command), Requested is the poll, safe
// and cheap (one atomic load) from any goroutine. The loops of the public
// packages (checker, checker/explore, checker/claims) never read it: they
// take a hook in their options, which the command sets to Requested; the
// step functions never see it.
//
// A second SIGINT while the first is being handled exits the process at
// once with status 130, as a shell reports a process killed by SIGINT.
package interrupt

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
)

// Status is the exit status of an interrupted command (128 + SIGINT's
// number, as shells report it).
const Status = 130

var (
	hit atomic.Bool

	mu      sync.Mutex
	catches int            // Catch calls not yet stopped
	ch      chan os.Signal // nil when nothing catches
	done    chan struct{}
	notify  io.Writer // where the first SIGINT is acknowledged
	// exitFn exits the process at the second SIGINT (tests replace it).
	exitFn = osExit
)

// osExit is os.Exit (exitFn's default, which tests restore).
var osExit = os.Exit

// Catch starts catching SIGINT and returns the function that stops (the
// default behaviour, killing the process, comes back once every Catch is
// stopped). The first SIGINT sets the latch (Requested) and says on w
// that the command is stopping; the second exits at once with Status.
// A Catch while none is active clears the latch of an earlier command.
func Catch(w io.Writer) (stop func()) {
	mu.Lock()
	defer mu.Unlock()
	catches++
	if catches == 1 {
		hit.Store(false)
		notify = w
		ch = make(chan os.Signal, 2)
		done = make(chan struct{})
		signal.Notify(ch, os.Interrupt)
		go watch(ch, done)
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			defer mu.Unlock()
			catches--
			if catches == 0 {
				signal.Stop(ch)
				close(done)
				ch, done = nil, nil
			}
		})
	}
}

// watch receives the SIGINTs of one catching period.
func watch(ch chan os.Signal, done chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-ch:
			if !hit.Load() {
				// Said before the latch is set, so that it comes before
				// the command's own last line.
				mu.Lock()
				w := notify
				mu.Unlock()
				if w != nil {
					fmt.Fprintln(w, "electlab: interrupted: stopping at the next check and printing what was done so far (interrupt again to exit at once)")
				}
				hit.Store(true)
				continue
			}
			exitFn(Status)
			return
		}
	}
}

// Requested reports whether SIGINT has arrived since the current Catch
// started (it stays true until the next command's Catch clears it).
func Requested() bool { return hit.Load() }
