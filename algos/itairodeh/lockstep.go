package itairodeh

import "github.com/electlab/electlab/model"

// Lockstep returns s (a World of Sync under sync timing) with a scheduler
// that starts every pending initiator before anything else and answers
// the pending coins one process at a time, lowest index first: the
// synchronous start of PRISM's leader_sync, where every process draws in
// the same step. It is s itself that applies the events; Lockstep only
// leaves out some of the enabled ones (Enabled), so every run of it is a
// run of s.
//
// Two things are left out, of two kinds:
//
//   - A restriction of the adversary: no round runs while a start is
//     pending. Under the unrestricted scheduler a round may run before
//     some process has started, which delays the first round of the
//     algorithm by one model round (Sync); Lockstep's runs are those of
//     PRISM's synchronous start, in which model rounds and algorithm
//     rounds coincide.
//   - A reduction that changes no probability or expectation: the order in
//     which the coins pending between two rounds are answered. Answering
//     process i's coin changes only i's state and puts i's values on its
//     links; no message is delivered and no predicate of the checkers
//     changes between rounds (Sync decides only in a round), and every
//     order sends the same messages; so all orders lead to the same state
//     before the next round with the same distribution and the same
//     counts. Without it the states between two rounds are every partial
//     draw, (K+1)^N of them instead of about K^N·K/(K-1).
//
// The result is a CoinSystem (prob.Coins reads its pending coins).
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
