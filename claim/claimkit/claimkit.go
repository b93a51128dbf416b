// Package claimkit holds the pieces the algorithm packages' claims share:
// a sync setting's async FIFO twin, measures restricted to the executions
// of one scenario (the P2P count, the sync latency) and the liveness of a
// process by id. It imports only the model, so algorithm packages may use
// it.
package claimkit

import (
	"regexp"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// syncWord finds the word "sync" in a setting's name (not the "sync" of
// "async" or "synchronous").
var syncWord = regexp.MustCompile(`\bsync\b`)

// AsyncFIFO is the async fifo twin of the sync setting s: the same
// setting under asynchronous timing with FIFO links, named "async fifo"
// in place of the first whole word "sync" of s's name, wherever it
// stands ("sync, one informer" and "budget 1: …; sync, any detector set"
// both have a twin; the "sync" of "async" or "synchronous" is no word). It panics when s's name has no word "sync" (a declaration
// error, met when the claims are built).
func AsyncFIFO(s claim.Setting) claim.Setting {
	at := syncWord.FindStringIndex(s.Name)
	if at == nil {
		panic("claimkit.AsyncFIFO: setting " + s.Name + " does not say sync")
	}
	s.Name = s.Name[:at[0]] + "async fifo" + s.Name[at[1]:]
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

// KindWhen measures the P2P sends of messages of kind k alone on the
// executions where ok holds: a count the paper gives per kind (e.g. a
// promotion broadcast's SPN − 1 inside a total), checked on its own so
// that a kind sent more often than the paper says is not hidden by
// another kind sent less.
func KindWhen(k *model.Kind, ok func(model.System) bool) func(model.System) (int64, bool) {
	return func(s model.System) (int64, bool) {
		if !ok(s) {
			return 0, false
		}
		if by := s.Counts().ByKind; k.Code < len(by) {
			return by[k.Code].Sends, true
		}
		return 0, true
	}
}
