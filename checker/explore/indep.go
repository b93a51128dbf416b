package explore

import (
	"sync"

	"github.com/electlab/electlab/model"
)

// footprint is what an event touches in the World it is enabled in: the
// local state (algorithm state, status, pending initiation, timers, and the
// tails of outgoing links) of at most two processes, by index, or
// everything (global).
//
// Two events enabled in the same World are independent — they commute and
// neither disables the other — when neither is global and their process
// sets are disjoint. The cases, with why:
//
//   - detect P and fire P tN (early timeouts) touch P: P's step reads and
//     writes only P's state and timers and appends to links P->x.
//   - deliver F->P touches P when P is live (P's step; the head of link F->P
//     is popped, and only P's events pop it). When P is crashed or absent it
//     touches P (its status is read; a forward appends to P's outgoing
//     link), and also F when the algorithm bounces the message back to a
//     live F (F's step runs).
//   - Appending to the tail of link A->B commutes with popping its head
//     (the head is there, or the delivery would not be enabled), and every
//     append to A->B is made by an event touching A, so two events that
//     append to one link are never independent. Sequence numbers of links
//     are therefore assigned alike in both orders.
//   - Counters are sums and commute; observations, hop clocks and the
//     global send stamp are history, not state (World.Encode leaves them
//     out).
//   - fire under accurate timeouts is global: it is enabled only when no
//     message is in flight, so every event that sends can disable it. So
//     it is under dead-late timeouts (enabled only when no message sent by
//     a live process is in flight): a live process's send disables it, a
//     crash may enable it. footprintOf's accurate is true for both.
//   - crash, recover and join are global: they change the crash budget,
//     the number of live processes or membership, and they are enabled only
//     while the run is not quiescent, which any other event may end.
//   - round (sync timing) is global: it delivers every message at once.
//   - coin (a process's pending coin answered) is global: no reduction
//     is attempted on coins, so every outcome of every pending coin is
//     explored in every order.
//
// TestIndependence checks every pair the explorer calls independent, in
// every state it reaches, for every registered algorithm at small n: both
// orders give the same fingerprint, and each event stays enabled after the
// other.
type footprint struct {
	a, b   int32
	global bool
}

// footprintOf computes ev's footprint in w.
func footprintOf(w model.System, ev model.Event, accurate bool) footprint {
	topo := w.Topo()
	switch ev.Kind {
	case model.EvDetect:
		return footprint{a: int32(topo.IndexOf(ev.P)), b: -1}
	case model.EvFire:
		if accurate {
			return footprint{global: true}
		}
		return footprint{a: int32(topo.IndexOf(ev.P)), b: -1}
	case model.EvDeliver:
		p := topo.IndexOf(ev.P)
		f := footprint{a: int32(p), b: -1}
		if w.Status(p) != model.Live && w.Info().Bounce {
			if q := topo.IndexOf(ev.From); w.Status(q) == model.Live {
				f.b = int32(q)
			}
		}
		return f
	}
	return footprint{global: true}
}

// independent reports whether two events with footprints x and y, both
// enabled in one World, are independent there.
func independent(x, y footprint) bool {
	if x.global || y.global {
		return false
	}
	return x.a != y.a && x.a != y.b && (x.b < 0 || (x.b != y.a && x.b != y.b))
}

// probeState is the state of probeAlg.
type probeState struct{}

// probeAlg arms one timer when it starts: timerOrderEncoded runs it.
var probeAlg = &model.Algorithm[probeState]{
	Info: model.Info{Name: "probe", Topology: model.Complete},
	Init: func(*model.Env) probeState { return probeState{} },
	Step: func(_ *model.Env, s probeState, in model.Input, out *model.Outbox) probeState {
		if in.Kind == model.InStart {
			out.SetTimer(1, 1)
		}
		return s
	},
	View: func(probeState) model.View { return model.View{} },
}

var (
	probeOnce  sync.Once
	probeOrder bool
)

// timerOrderEncoded reports whether the model's state encoding, in async
// timing, depends on the order in which timers were armed (the deadlines'
// order, which the fair schedule uses). Two processes that start in either
// order then reach different fingerprints, so an event that arms a timer
// commutes with no other event while a timer is armed, and the sleep sets
// are turned off as soon as one is (a search with timers then runs without
// the reduction).
func timerOrderEncoded() bool {
	probeOnce.Do(func() {
		w, err := probeAlg.NewWorld(&model.Config{Algo: "probe", IDs: []model.ID{1, 2}})
		if err != nil {
			probeOrder = true
			return
		}
		a, b := w.CloneWorld(), w.CloneWorld()
		ea := a.Apply(model.Event{Kind: model.EvDetect, P: 1})
		eb := a.Apply(model.Event{Kind: model.EvDetect, P: 2})
		ec := b.Apply(model.Event{Kind: model.EvDetect, P: 2})
		ed := b.Apply(model.Event{Kind: model.EvDetect, P: 1})
		probeOrder = ea != nil || eb != nil || ec != nil || ed != nil || a.Fingerprint() != b.Fingerprint()
	})
	return probeOrder
}
