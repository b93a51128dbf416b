package claim

import (
	"fmt"

	"github.com/electlab/electlab/model"
)

// ObservedRange returns the least and the greatest Val of the observations
// tagged tag made so far in s, and false when there is none.
func ObservedRange(s model.System, tag string) (lo, hi int64, ok bool) {
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
func MaxObservation(tag string) func(model.System) (int64, bool) {
	return func(s model.System) (int64, bool) {
		_, hi, ok := ObservedRange(s, tag)
		return hi, ok
	}
}

// MinObservation returns a claim Measure: the least Val observed under tag.
func MinObservation(tag string) func(model.System) (int64, bool) {
	return func(s model.System) (int64, bool) {
		lo, _, ok := ObservedRange(s, tag)
		return lo, ok
	}
}

// EveryObservation returns a check that every observation tagged tag
// stands in relation rel to formula evaluated at n (the number of
// processes): the per-item form of a bound whose Measure reports only the
// extreme value. what names the quantity in the error.
func EveryObservation(tag string, rel Relation, formula func(Params) Rat, text, what string) func(model.System) error {
	return func(s model.System) error {
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
func AllChecks(checks ...func(model.System) error) func(model.System) error {
	return func(s model.System) error {
		for _, c := range checks {
			if err := c(s); err != nil {
				return err
			}
		}
		return nil
	}
}
