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
//
// One step can take long by itself (the first event of the Bully
// algorithm on 100000 processes sends to every higher id): no poll runs
// inside it. So the catcher also watches the polls: if no loop has polled
// within Grace of the first SIGINT, the command is inside such a step,
// and the catcher prints the last progress it was told of (Beat) and
// exits with Status; and while a long execution (one that Beats) has not
// finished an event for Quiet, it says so on the writer once per Quiet,
// so a long step is never silent.
package interrupt

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"time"
)

// Grace is how long after the first SIGINT the catcher waits for a poll
// before it exits on its own (the command is inside one long step).
const Grace = time.Second

// Quiet is how long an execution that Beats may go without finishing an
// event before the catcher says it is still inside one, and how often it
// says so again.
const Quiet = 5 * time.Second

// Status is the exit status of an interrupted command (128 + SIGINT's
// number, as shells report it).
const Status = 130

var (
	hit atomic.Bool
	// polled is set by the first Requested after the latch is set: a
	// loop has seen the SIGINT and is winding down.
	polled atomic.Bool
	// beatWhat and beatEvents are the last progress of a long execution
	// (Beat): what it is and its events finished.
	beatWhat   atomic.Pointer[string]
	beatEvents atomic.Int64

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
		polled.Store(false)
		beatWhat.Store(nil)
		beatEvents.Store(0)
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

// Beat tells the catcher the progress of the long execution what: its
// events finished so far. The commands' progress hooks call it at every
// poll (runner.execPoll); it allocates only when what changes.
func Beat(what string, events int64) {
	if p := beatWhat.Load(); p == nil || *p != what {
		beatWhat.Store(&what)
	}
	beatEvents.Store(events)
}

// beatWatch is the catcher's view of the Beats: what and its events at
// the last tick, when they last moved and when it last spoke.
type beatWatch struct {
	what        *string
	events      int64
	moved, said time.Time
}

// sample reads the Beats at now; it reports whether the execution has
// been inside one event for Quiet and not said so for Quiet.
func (b *beatWatch) sample(now time.Time) bool {
	w, e := beatWhat.Load(), beatEvents.Load()
	if w == nil {
		return false
	}
	if w != b.what || e != b.events {
		b.what, b.events, b.moved, b.said = w, e, now, now
		return false
	}
	if now.Sub(b.moved) >= Quiet && now.Sub(b.said) >= Quiet {
		b.said = now
		return true
	}
	return false
}

// line is the progress of the execution watched ("check: schedule 1 of
// 1: 0 events finished, event 1 running for 80s"), "" when nothing Beat.
func (b *beatWatch) line(now time.Time) string {
	if b.what == nil {
		return ""
	}
	return fmt.Sprintf("%s: %d events finished, event %d running for %.0fs", *b.what, b.events, b.events+1, now.Sub(b.moved).Seconds())
}

// writer is the writer the catcher speaks on.
func writer() io.Writer {
	mu.Lock()
	defer mu.Unlock()
	return notify
}

// watch receives the SIGINTs of one catching period, exits when no loop
// polls within Grace of the first, and says when a long execution has
// been inside one event for Quiet.
func watch(ch chan os.Signal, done chan struct{}) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var grace <-chan time.Time
	var b beatWatch
	for {
		select {
		case <-done:
			return
		case now := <-tick.C:
			if b.sample(now) && !hit.Load() {
				if w, ok := writer().(*os.File); ok {
					fmt.Fprintf(w, "electlab: %s: still inside one event (%d events finished; this one has run %.0fs)\n", *b.what, b.events, now.Sub(b.moved).Seconds())
				}
			}
		case <-grace:
			if polled.Load() {
				continue
			}
			if w := writer(); w != nil {
				line := "electlab: interrupted: no check was reached within 1s of Ctrl-C (the command is inside one long step); exiting now"
				b.sample(time.Now())
				if l := b.line(time.Now()); l != "" {
					line += "; done so far: " + l
				}
				fmt.Fprintln(w, line+" (not a verdict)")
			}
			exitFn(Status)
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
				grace = time.After(Grace)
				continue
			}
			exitFn(Status)
			return
		}
	}
}

// Requested reports whether SIGINT has arrived since the current Catch
// started (it stays true until the next command's Catch clears it).
func Requested() bool {
	if hit.Load() {
		polled.Store(true)
		return true
	}
	return false
}
