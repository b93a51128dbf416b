package raft

import (
	"fmt"
	"math/bits"

	"github.com/electlab/electlab/model"
)

// Booted is a World whose scheduler is restricted for the probabilistic
// questions (package checker/prob): while some server's start input is
// pending, only starts and coins are enabled, so that every server boots
// and draws its first election timeout before round 1 (under sync timing
// the adversary could otherwise delay a boot by rounds, and the draws would
// not be the only thing that decides who times out first); and once Stop
// holds nothing is enabled, so that the explored graph ends at the states
// a query targets instead of running on with heartbeats for ever. Every
// other event is enabled as in the World. Apply is the World's: Booted
// restricts only what Enabled lists, which is all that prob.Build applies.
type Booted struct {
	model.CoinSystem
	// Stop, when set, ends the run: a state where it holds has no
	// enabled event.
	Stop func(model.System) bool
}

// Boot wraps s0, the initial World of a config of Algorithm, as a Booted
// with stop (nil: never).
func Boot(s0 model.System, stop func(model.System) bool) (*Booted, error) {
	cs, ok := s0.(model.CoinSystem)
	if !ok {
		return nil, fmt.Errorf("raft: %T has no coins", s0)
	}
	return &Booted{CoinSystem: cs, Stop: stop}, nil
}

// Enabled lists the World's enabled events, restricted as Booted says.
func (b *Booted) Enabled(buf []model.Event) []model.Event {
	if b.Stop != nil && b.Stop(b.CoinSystem) {
		return buf
	}
	start := len(buf)
	buf = b.CoinSystem.Enabled(buf)
	booting := false
	for _, ev := range buf[start:] {
		if ev.Kind == model.EvDetect {
			booting = true
			break
		}
	}
	if !booting {
		return buf
	}
	k := start
	for _, ev := range buf[start:] {
		if ev.Kind == model.EvDetect || ev.Kind == model.EvCoin {
			buf[k] = ev
			k++
		}
	}
	return buf[:k]
}

// Clone returns an independent Booted copy.
func (b *Booted) Clone() model.System {
	return &Booted{CoinSystem: b.CoinSystem.Clone().(model.CoinSystem), Stop: b.Stop}
}

// MaxTermOf is the highest term of any server of s.
func MaxTermOf(s model.System) int {
	t := 0
	for i := 0; i < s.N(); i++ {
		t = max(t, int(model.StateOf[State](s, i).Term))
	}
	return t
}

// TermsUsed is the term of the first leader of s: the lowest term in which
// some server became leader, or, while there is none, the highest term of
// any server (the terms spent so far). Its total increase over a run that
// ends at its first leader is that leader's term; over a run that ends
// without one, MaxTerm.
func TermsUsed(s model.System) int {
	var led uint16
	for i := 0; i < s.N(); i++ {
		led |= model.StateOf[State](s, i).Led
	}
	if led != 0 {
		return bits.TrailingZeros16(led)
	}
	return MaxTermOf(s)
}
