package cli

import (
	"os"
	"os/signal"
	"sync/atomic"
)

// interrupt latches a SIGINT so a long search can stop between two
// executions and report what it has. It is polled, never waited on: no
// goroutine of ours runs beside the search.
type interrupt struct {
	ch  chan os.Signal
	hit atomic.Bool // safe to poll from the claim workers
}

// interruptFlag starts catching SIGINT.
func interruptFlag() *interrupt {
	i := &interrupt{ch: make(chan os.Signal, 1)}
	signal.Notify(i.ch, os.Interrupt)
	return i
}

// poll reports whether SIGINT has arrived (and stays true once it has).
func (i *interrupt) poll() bool {
	if !i.hit.Load() {
		select {
		case <-i.ch:
			i.hit.Store(true)
		default:
		}
	}
	return i.hit.Load()
}

// stop restores the default SIGINT behaviour.
func (i *interrupt) stop() { signal.Stop(i.ch) }
