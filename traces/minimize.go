package traces

import "github.com/electlab/electlab/model"

// Minimize shrinks events while fails stays true, by deterministic delta
// debugging (ddmin on complements): it removes chunks of decreasing size,
// then single events, until no single event can be removed. The result is
// a subsequence of events (order kept) that is 1-minimal: fails holds for
// it, and fails is false for every result of removing one event from it
// (as far as fails is deterministic). When fails is false for events
// itself, Minimize returns a copy of events unchanged.
//
// fails is called on fresh slices it may keep. For schedules, build fails
// on Lenient, so that candidates whose later events became disabled are
// still judged; a 1-minimal result then has every event enabled in turn
// (a skipped event could be removed without changing what Lenient
// applies).
func Minimize(events []model.Event, fails func([]model.Event) bool) []model.Event {
	cur := append([]model.Event(nil), events...)
	if !fails(append([]model.Event(nil), cur...)) {
		return cur
	}
	without := func(from, to int) []model.Event {
		c := make([]model.Event, 0, len(cur)-(to-from))
		c = append(c, cur[:from]...)
		return append(c, cur[to:]...)
	}
	// ddmin: split into n chunks, try removing each; on success keep the
	// granularity (less one), else refine.
	n := 2
	for len(cur) >= 2 {
		size := (len(cur) + n - 1) / n
		removed := false
		for from := 0; from < len(cur); from += size {
			to := min(from+size, len(cur))
			if c := without(from, to); fails(c) {
				cur = c
				n = max(n-1, 2)
				removed = true
				break
			}
		}
		if !removed {
			if n >= len(cur) {
				break
			}
			n = min(2*n, len(cur))
		}
	}
	// Single removals until a fixed point: guarantees 1-minimality even
	// when fails is not monotone.
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(cur); {
			if c := without(i, i+1); fails(c) {
				cur = c
				changed = true
				continue
			}
			i++
		}
	}
	return cur
}

// MinimizeWithin is Minimize with a budget on its work: the total length
// of the candidates it hands to fails. When the budget runs out it stops
// and returns the smallest failing list found so far with done false (the
// result still fails, but may not be 1-minimal). budget <= 0 means none.
func MinimizeWithin(events []model.Event, fails func([]model.Event) bool, budget int64) (out []model.Event, done bool) {
	spent := int64(0)
	exhausted := false
	// Once the budget is spent every further candidate is judged not to
	// fail, which makes Minimize return the list it holds.
	out = Minimize(events, func(c []model.Event) bool {
		if exhausted {
			return false
		}
		spent += int64(len(c))
		if budget > 0 && spent > budget {
			exhausted = true
			return false
		}
		return fails(c)
	})
	return out, !exhausted
}
