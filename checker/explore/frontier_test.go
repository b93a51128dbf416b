package explore

import (
	"runtime"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/model"
)

// TestFrontierBytesCovers checks the BFS memory estimate against the heap
// the search really holds: after each level (and a collection), the heap
// grown since the search began is no more than the estimate
// (engine.memory: the queued Worlds by model.World.FrontierBytes after
// Trim, the spares, the visited set, the parents) and the estimate is no
// more than twice it. The estimate of before (every queued World at
// 512 + 160n + 8 bytes per encoded byte, from the initial World) is shown
// to fall short on Bully n = 6, where a World holds 30 links.
func TestFrontierBytesCovers(t *testing.T) {
	if testing.Short() {
		t.Skip("explores up to 200,000 states per model")
	}
	cr, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: model.IDsUpTo(8)})
	if err != nil {
		t.Fatal(err)
	}
	ll, err := lelann.Algorithm.NewSystem(&model.Config{Algo: "lelann", IDs: model.IDsUpTo(6)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		s0     model.System
		counts CountMode
		oldLow bool // the old estimate falls short
	}{
		{"bully6", bullyDetect(t, 6, []model.ID{1}, model.DetectEager), CountsNone, true},
		{"changroberts8", cr, CountsNone, false},
		{"changroberts8/per-process", cr, CountsPerProcess, false},
		{"lelann6", ll, CountsNone, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := safetyOnly
			opt.BFS, opt.MaxStates, opt.Counts = true, 200000, c.counts
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			base := int64(ms.HeapAlloc)
			levels, oldShort := 0, false
			bfsLevelHook = func(e *engine, queue []bnode) {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				real := int64(ms.HeapAlloc) - base
				if real < 8<<20 {
					return
				}
				levels++
				est := e.memory()
				if est < real {
					t.Errorf("%d queued: estimate %s < heap %s", len(queue), model.ApproxBytes(est), model.ApproxBytes(real))
				}
				if est > 2*real {
					t.Errorf("%d queued: estimate %s > 2 × heap %s", len(queue), model.ApproxBytes(est), model.ApproxBytes(real))
				}
				old := est - e.stackBytes + int64(len(queue)+maxBFSSpare)*e.worldBytes
				if old < real {
					oldShort = true
				}
				t.Logf("%d queued: heap %s, estimate %s (before: %s)", len(queue), model.ApproxBytes(real), model.ApproxBytes(est), model.ApproxBytes(old))
			}
			defer func() { bfsLevelHook = nil }()
			Explore(c.s0, opt)
			if levels == 0 {
				t.Fatal("no level held 8 MiB: nothing compared")
			}
			if c.oldLow && !oldShort {
				t.Error("the old estimate did not fall short: the check would not catch it")
			}
		})
	}
}
