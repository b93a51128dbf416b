package itairodeh

import (
	"fmt"
	"testing"
)

// BenchmarkAsyncMDP measures the analysis of Async (K = 2, PRISM's bit)
// on N processes, on the full model and under Lockstep, in two parts:
// build (prob.Build, the states reported) and solve (on the built graph:
// Pmin[elected] = 1 and Pmin[quiescent] = 1 decided on the graph, then
// Emin and Emax of the sends and of the coins until quiescence, exact:
// asyncSolve). The full model grows about 18-fold per process (N = 3, 4,
// 5: 2,237, 40,813, 735,925 states), so N ≥ 6 is skipped there (over the
// 2,000,000-state cap of these tests); under Lockstep it grows about
// 8.5-fold (N = 5: 21,133; N = 6: 183,219; N = 7: 1,607,721, about 10 GB
// and 8 minutes to solve on a 2-core machine), and N = 8 is skipped.
//
//	go test -run '^$' -bench BenchmarkAsyncMDP -benchtime 1x ./algos/itairodeh
func BenchmarkAsyncMDP(b *testing.B) {
	for _, lock := range []bool{false, true} {
		which, last := "full", 5
		if lock {
			which, last = "lockstep", 7
		}
		for n := 3; n <= 8; n++ {
			b.Run(fmt.Sprintf("%s/n=%d/build", which, n), func(b *testing.B) {
				if n > last {
					b.Skipf("n=%d: over the state cap", n)
				}
				states := 0
				for range b.N {
					states = asyncGraph(b, Async, n, 2, lock).States()
				}
				b.ReportMetric(float64(states), "states")
			})
			b.Run(fmt.Sprintf("%s/n=%d/solve", which, n), func(b *testing.B) {
				if n > last {
					b.Skipf("n=%d: not built", n)
				}
				g := asyncGraph(b, Async, n, 2, lock)
				b.ResetTimer()
				for range b.N {
					if bad, _ := asyncSolve(b, g); len(bad) > 0 {
						b.Fatal(bad)
					}
				}
				b.ReportMetric(float64(g.States()), "states")
			})
		}
	}
}

// BenchmarkSyncMDP builds the MDP of Sync under Lockstep at N = 6 and
// solves Pmin[elected] = 1, E[rounds] (min and max) and P[elected within
// L rounds], L = 1..3, exactly, checked against the closed forms
// (syncMismatches); it reports the states.
//
//	go test -run '^$' -bench BenchmarkSyncMDP ./algos/itairodeh
func BenchmarkSyncMDP(b *testing.B) {
	for _, k := range []int{2, 4, 6, 8} {
		b.Run(fmt.Sprintf("n=6/k=%d", k), func(b *testing.B) {
			states := 0
			for range b.N {
				bad, s, _ := syncMismatches(b, Sync, 6, k)
				if len(bad) > 0 {
					b.Fatal(bad)
				}
				states = s
			}
			b.ReportMetric(float64(states), "states")
		})
	}
}
