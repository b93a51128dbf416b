package failover

import (
	"fmt"
	"iter"
	"slices"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/model"
)

// Step invariants of the composed services, checked after every event
// (Claim.Invariant): each reads the processes' states and the messages in
// flight once, O(n + messages in flight) per step. An end-of-run check
// (the lock history's linearizability) sees a stale message accepted only
// if it leads to two overlapping critical sections in a finished run;
// these see the second token or the second holder the step it appears.

// oneToken is TokenRing's invariant: at most one token is held by a live
// process or in flight and still to be taken. A token in flight whose
// generation is below its live receiver's (Known) is stale: it will be
// discarded on arrival (a regenerated one replaced it), so it does not
// count; one to a crashed receiver does when the network may still hand
// it to somebody (forwarded on by the crashed node's control part, or
// bounced to a sender that is live or may recover: mayReach) unless it is
// stale at every live process (where it lands), and does not when it can
// only be dropped (under dead-late timeouts a crashed process's last token
// may still be on its way to another crashed one when the regenerated
// token travels). token is the composition's token kind.
func oneToken[E any](token *model.Kind) func(model.System) error {
	return func(s model.System) error { return countTokens[E](s, token) }
}

func countTokens[E any](s model.System, token *model.Kind) error {
	// tokens counts the live holders; minKnown is the least generation a
	// live process knows: a token below it is stale wherever it lands
	// (without recovery, which resets a process's generation).
	tokens, minKnown := 0, int32(-1)
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st := model.StateOf[TokenState[E]](s, i)
		if st.Has {
			tokens++
		}
		if minKnown < 0 || st.Known < minKnown {
			minKnown = st.Known
		}
	}
	inflight := 0
	count := func(m model.Message) bool {
		if m.Kind != token {
			return true
		}
		j := s.Topo().IndexOf(m.To)
		if j >= 0 && s.Status(j) == model.Live && m.A < model.StateOf[TokenState[E]](s, j).Known {
			return true // stale at its receiver: discarded on arrival
		}
		if !mayReach(s, m) {
			return true // dropped on arrival: nobody can take it
		}
		if j >= 0 && s.Status(j) != model.Live && !s.Config().Recovery && m.A < minKnown {
			return true // forwarded or bounced on, to a live process: stale there
		}
		inflight++
		return true
	}
	// Checked after every event: a World's messages are visited in place,
	// with nothing allocated.
	if w, ok := s.(*model.World[TokenState[E]]); ok {
		w.EachInFlight(count)
	} else {
		for m := range inFlight(s) {
			count(m)
		}
	}
	if tokens+inflight > 1 {
		var holders []model.ID
		for i := range s.N() {
			if s.Status(i) == model.Live && model.StateOf[TokenState[E]](s, i).Has {
				holders = append(holders, s.Topo().Order[i])
			}
		}
		return fmt.Errorf("%d tokens exist: %d held by live processes [%s], %d in flight and not stale at their receivers", tokens+inflight, tokens, model.FormatIDs(holders), inflight)
	}
	return nil
}

// inFlight yields s's messages in flight, by link then age: without
// copying them when s can (model.World.EachInFlight).
func inFlight(s model.System) iter.Seq[model.Message] {
	if e, ok := s.(interface {
		EachInFlight(yield func(model.Message) bool)
	}); ok {
		return e.EachInFlight
	}
	return slices.Values(s.InFlight())
}

// mayReach reports whether message m in flight in s may be taken by a
// process: its receiver is live, or the model may forward it on (a crashed
// ring node's control part, Config.Forwarding) or bounce it to its sender
// (Info.Bounce), live now or after a recovery. Otherwise the model drops
// it on arrival, whatever happens before.
func mayReach(s model.System, m model.Message) bool {
	topo := s.Topo()
	j := topo.IndexOf(m.To)
	if j < 0 || s.Status(j) == model.Live {
		return true
	}
	cfg := s.Config()
	if s.Status(j) == model.Crashed && cfg.Forwarding && topo.Kind != model.Complete {
		return true
	}
	f := topo.IndexOf(m.From)
	return s.Info().Bounce && (cfg.Recovery || f >= 0 && s.Status(f) == model.Live)
}

// oneHolder is Central's invariant: at most one live client is in its
// critical section, and the lock is granted to at most one holder: the
// live coordinators serving the latest epoch served agree on the holder.
func oneHolder[E any](s model.System) error {
	var in []model.ID
	holder, served := model.None, int32(-1)
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st := model.StateOf[LockState[E]](s, i)
		if st.Phase == mutex.InCS {
			in = append(in, s.Topo().Order[i])
		}
		if serving(st) && st.Holder != model.None {
			switch {
			case st.Serving > served:
				holder, served = st.Holder, st.Serving
			case st.Serving == served && st.Holder != holder:
				return fmt.Errorf("two coordinators of epoch %d grant the lock, to %d and to %d", served, holder, st.Holder)
			}
		}
	}
	if len(in) > 1 {
		return fmt.Errorf("live processes %s are in their critical sections at once", model.FormatIDs(in))
	}
	return nil
}
