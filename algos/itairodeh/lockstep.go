package itairodeh

import "github.com/electlab/electlab/model"

// Lockstep returns s (a World of Sync under sync timing, or of Async
// under async timing) with a scheduler that starts every pending
// initiator before anything else and then answers any pending coin before
// anything else, one process at a time, lowest index first: the start of
// PRISM's models, where every process is ready to draw from the first
// step. It is s itself that applies the events; Lockstep only leaves out
// some of the enabled ones (Enabled), so every run of it is a run of s.
//
// Two things are left out, of two kinds:
//
//   - A restriction of the adversary: nothing happens while a start is
//     pending. Under the unrestricted scheduler a round (Sync) or a
//     delivery (Async) may reach a process before it has started. In Sync
//     this delays the first round of the algorithm by one model round;
//     with Lockstep model rounds and algorithm rounds coincide. In Async
//     the woken process draws and then handles the value that woke it, so
//     nothing but the interleavings changes.
//   - A reduction that changes no probability of reaching a predicate of
//     the checkers and no expected count of sends or coins: the order in
//     which a pending coin is answered against the other events. Answering
//     process i's coin changes only i's state and appends i's messages at
//     the tail of its links; i takes no delivery while its coin is pending,
//     and a delivery from i's link takes its head, so the coin commutes
//     with every other event; it is invisible (no process decides at its
//     own coin once every process has started: Sync decides in rounds,
//     Async on a count or lead delivery; a pending coin excludes
//     quiescence before and after it); it is one probabilistic action, the
//     only one offered; and a process draws again only after a delivery,
//     so no cycle consists of coins alone. These are the conditions of
//     partial-order reduction for Markov decision processes (Baier, Größer
//     and Ciesinski, "Partial order reduction for probabilistic systems",
//     QEST 2004; D'Argenio and Niebert, "Partial order reduction on
//     concurrent probabilistic programs", QEST 2004). Bounds in steps
//     count fewer interleavings; Sync's L rounds are N + L(N+1) steps
//     either way (TestLockstepReduction).
//
// For Sync without it the states between two rounds are every partial
// draw, (K+1)^N of them instead of about K^N·K/(K-1); for Async the
// interleavings of late starts and of coins multiply the states about
// 35-fold at N = 5 (735,925 against 21,133). The result is a CoinSystem
// (prob.Coins reads its pending coins).
func Lockstep(s model.CoinSystem) model.CoinSystem { return lockstep{s} }

type lockstep struct{ model.CoinSystem }

func (l lockstep) Clone() model.System { return lockstep{l.CoinSystem.Clone().(model.CoinSystem)} }

// Enabled keeps the first start if one is enabled, else the coin outcomes
// of the lowest-index process with a pending coin if any, else
// everything.
func (l lockstep) Enabled(buf []model.Event) []model.Event {
	start := len(buf)
	buf = l.CoinSystem.Enabled(buf)
	evs := buf[start:]
	for _, ev := range evs {
		if ev.Kind == model.EvDetect {
			return append(buf[:start], ev)
		}
	}
	if len(evs) > 0 && evs[0].Kind == model.EvCoin {
		// Coins come first, by process then outcome.
		p, k := evs[0].P, 0
		for k < len(evs) && evs[k].Kind == model.EvCoin && evs[k].P == p {
			k++
		}
		return buf[:start+k]
	}
	return buf
}

// CloneInto is Clone into dst's storage when dst is a Lockstep whose
// System can be copied into (model.World.CloneInto); else Clone.
func (l lockstep) CloneInto(dst model.System) model.System {
	d, ok := dst.(lockstep)
	r, can := l.CoinSystem.(interface {
		CloneInto(model.System) model.System
	})
	if !ok || !can {
		return l.Clone()
	}
	return lockstep{r.CloneInto(d.CoinSystem).(model.CoinSystem)}
}
