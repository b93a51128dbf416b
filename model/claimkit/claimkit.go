// Package claimkit holds the pieces the algorithm packages' claims share:
// a sync setting's async FIFO twin, measures restricted to the executions
// of one scenario (the P2P count, the sync latency) and the liveness of a
// process by id. It imports only the model, so algorithm packages may use
// it.
package claimkit

import (
	"strings"

	"github.com/electlab/electlab/model"
)

// AsyncFIFO is the async fifo twin of the sync setting s: the same
// setting under asynchronous timing with FIFO links, named "async fifo"
// where s's name says "sync". It panics when s's name does not start with
// "sync" (a declaration error, met when the claims are built).
func AsyncFIFO(s model.Setting) model.Setting {
	rest, ok := strings.CutPrefix(s.Name, "sync")
	if !ok {
		panic("claimkit.AsyncFIFO: setting " + s.Name + " is not named sync…")
	}
	s.Name = "async fifo" + rest
	s.Timing, s.Net = model.Async, model.FIFO
	return s
}

// P2PWhen measures the P2P count on the executions where ok holds.
func P2PWhen(ok func(model.System) bool) func(model.System) (int64, bool) {
	return func(s model.System) (int64, bool) { return s.Counts().Count(model.P2P), ok(s) }
}

// RoundsWhen measures the sync latency, the last round of the execution
// (the round in which the last live process decided: nothing happens after
// it), on the sync executions where ok holds.
func RoundsWhen(ok func(model.System) bool) func(model.System) (int64, bool) {
	return func(s model.System) (int64, bool) { return s.Now(), ok(s) && s.Config().Timing == model.Sync }
}

// LiveNow reports, for the execution s, whether an id is a process of s
// that is live at this instant.
func LiveNow(s model.System) func(model.ID) bool {
	return func(id model.ID) bool {
		i := s.Topo().IndexOf(id)
		return i >= 0 && s.Status(i) == model.Live
	}
}
