package model

import (
	"fmt"
	"sort"
	"sync"
)

// Named checks let an algorithm's claims (data in a package that imports
// only model) use a check implemented where the algorithm packages may not
// reach: the porcupine-based lock-linearizability check lives in package
// checker, which registers it under a name when it is initialised; a claim
// refers to it with NamedCheck. Registration happens at package
// initialisation only, so the table never changes during a run.
// Names of the checks package checker registers.
const (
	// CheckLockLinearizable: the clients' lock history (observations
	// "request", "enter", "leave") is linearizable against a sequential
	// lock (porcupine).
	CheckLockLinearizable = "lock-linearizable"
	// CheckNoStarvation: at the end no live client is still waiting to
	// enter.
	CheckNoStarvation = "no-starvation"
	// CheckMutualExclusion: both of the above.
	CheckMutualExclusion = "mutual-exclusion"
)

var (
	namedMu     sync.RWMutex
	namedChecks = map[string]func(System) error{}
)

// RegisterCheck makes f available under name to NamedCheck. It is meant
// for package initialisation; registering a name twice panics.
func RegisterCheck(name string, f func(System) error) {
	namedMu.Lock()
	defer namedMu.Unlock()
	if _, dup := namedChecks[name]; dup {
		panic("model: check " + name + " registered twice")
	}
	namedChecks[name] = f
}

// NamedCheck returns a check that runs the check registered under name. A
// check that is not registered (its package is not linked into the
// program) fails with an error saying so, rather than passing.
func NamedCheck(name string) func(System) error {
	return func(s System) error {
		namedMu.RLock()
		f := namedChecks[name]
		namedMu.RUnlock()
		if f == nil {
			return fmt.Errorf("check %q is not registered (the package providing it, electlab/checker, is not linked in)", name)
		}
		return f(s)
	}
}

// RegisteredChecks lists the registered check names, sorted.
func RegisteredChecks() []string {
	namedMu.RLock()
	defer namedMu.RUnlock()
	names := make([]string, 0, len(namedChecks))
	for n := range namedChecks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ObservedRange returns the least and the greatest Val of the observations
// tagged tag made so far in s, and false when there is none.
func ObservedRange(s System, tag string) (lo, hi int64, ok bool) {
	for _, o := range s.Observations() {
		if o.Tag != tag {
			continue
		}
		v := int64(o.Val)
		if !ok || v < lo {
			lo = v
		}
		if !ok || v > hi {
			hi = v
		}
		ok = true
	}
	return lo, hi, ok
}

// MaxObservation returns a claim Measure: the greatest Val observed under
// tag (nothing to measure when there is no such observation).
func MaxObservation(tag string) func(System) (int64, bool) {
	return func(s System) (int64, bool) {
		_, hi, ok := ObservedRange(s, tag)
		return hi, ok
	}
}

// MinObservation returns a claim Measure: the least Val observed under tag.
func MinObservation(tag string) func(System) (int64, bool) {
	return func(s System) (int64, bool) {
		lo, _, ok := ObservedRange(s, tag)
		return lo, ok
	}
}

// EveryObservation returns a check that every observation tagged tag
// stands in relation rel to formula evaluated at n (the number of
// processes): the per-item form of a bound whose Measure reports only the
// extreme value. what names the quantity in the error.
func EveryObservation(tag string, rel Relation, formula func(Params) Rat, text, what string) func(System) error {
	return func(s System) error {
		claimed := formula(Params{N: s.N()})
		for i, o := range s.Observations() {
			if o.Tag == tag && !rel.Holds(int64(o.Val), claimed) {
				return fmt.Errorf("%s of process %d (observation %d, event %d) is %d, claimed %s %s = %s (n=%d)",
					what, o.Proc, i, o.Event, o.Val, rel, text, claimed, s.N())
			}
		}
		return nil
	}
}

// AllChecks returns a check that runs each of checks in order and returns
// the first error.
func AllChecks(checks ...func(System) error) func(System) error {
	return func(s System) error {
		for _, c := range checks {
			if err := c(s); err != nil {
				return err
			}
		}
		return nil
	}
}
