package model

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// findLinkAgrees reports whether findLink answers as a linear scan does
// (the position of from->to, or where it would be inserted) for every
// pair of processes, over random sets of open links of rings,
// bidirectional rings and complete graphs of 1..12 processes.
func findLinkAgrees(t *testing.T) bool {
	rng := rand.New(rand.NewPCG(35, 1))
	for n := 1; n <= 12; n++ {
		var all [3][]link
		for i := range n {
			all[0] = append(all[0], link{from: int32((i + n - 1) % n), to: int32(i)})
			all[1] = append(all[1], link{from: int32((i + n - 1) % n), to: int32(i)}, link{from: int32((i + 1) % n), to: int32(i)})
			for j := range n {
				if j != i {
					all[2] = append(all[2], link{from: int32(j), to: int32(i)})
				}
			}
		}
		for _, links := range all {
			for trial := range 20 {
				var open []link
				for _, l := range links {
					if trial == 0 || rng.IntN(3) != 0 {
						open = append(open, l)
					}
				}
				slices.SortFunc(open, func(a, b link) int {
					if a.to != b.to {
						return int(a.to - b.to)
					}
					return int(a.from - b.from)
				})
				open = slices.CompactFunc(open, func(a, b link) bool { return a.from == b.from && a.to == b.to })
				w := &World[struct{}]{states: make([]struct{}, n), links: open}
				for from := range int32(n) {
					for to := range int32(n) {
						want := len(open)
						for k, l := range open {
							if l.to > to || l.to == to && l.from >= from {
								want = k
								break
							}
						}
						found := want < len(open) && open[want].from == from && open[want].to == to
						if k, ok := w.findLink(from, to); k != want || ok != found {
							t.Logf("n=%d, %d open links: findLink(%d, %d) = %d, %v; want %d, %v", n, len(open), from, to, k, ok, want, found)
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// TestFindLink: findLink's guess and binary search agree with a linear
// scan; a guess that ignores the sender is caught.
func TestFindLink(t *testing.T) {
	if !findLinkAgrees(t) {
		t.Fatal("findLink disagrees with a linear scan")
	}
	brokenLinkGuess = true
	defer func() { brokenLinkGuess = false }()
	if findLinkAgrees(t) {
		t.Error("a guess that ignores the sender was not caught")
	}
}
