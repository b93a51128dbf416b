package failover

import (
	"fmt"

	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/model/mutex"
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
// count; one to a crashed receiver does (it may be bounced or forwarded
// on). token is the composition's token kind.
func oneToken[E any](token *model.Kind) func(model.System) error {
	return func(s model.System) error { return countTokens[E](s, token) }
}

func countTokens[E any](s model.System, token *model.Kind) error {
	tokens, holders := 0, []model.ID(nil)
	for i := range s.N() {
		if s.Status(i) == model.Live && s.State(i).(TokenState[E]).Has {
			tokens++
			holders = append(holders, s.Topo().Order[i])
		}
	}
	inflight := 0
	for _, m := range s.InFlight() {
		if m.Kind != token {
			continue
		}
		if j := s.Topo().IndexOf(m.To); j >= 0 && s.Status(j) == model.Live && m.A < s.State(j).(TokenState[E]).Known {
			continue // stale at its receiver: discarded on arrival
		}
		inflight++
	}
	if tokens+inflight > 1 {
		return fmt.Errorf("%d tokens exist: %d held by live processes [%s], %d in flight and not stale at their receivers", tokens+inflight, tokens, model.FormatIDs(holders), inflight)
	}
	return nil
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
		st := s.State(i).(LockState[E])
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
