package runner

import (
	"errors"
	"io"
	"math"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// TestNeedSaturates: the up-front estimate grows with n and, past the
// processes ids can name, saturates at math.MaxInt64 instead of
// overflowing into a small or negative number that a bound would admit.
func TestNeedSaturates(t *testing.T) {
	spec := changroberts.Algorithm
	for _, w := range []Work{WorldRun, SimRun, Search} {
		for _, sync := range []bool{false, true} {
			prev := int64(0)
			for _, n := range []int{2, 1000, 1 << 20, math.MaxInt32, math.MaxInt32 + 1, 1 << 40, math.MaxInt} {
				need, what := Need(spec, n, sync, w)
				if need < prev || need <= 0 {
					t.Errorf("%s, n=%d: estimate %d after %d", what, n, need, prev)
				}
				if n > math.MaxInt32 && need != math.MaxInt64 {
					t.Errorf("%s, n=%d: estimate %d, want saturated", what, n, need)
				}
				prev = need
			}
			err := CheckNeed(spec, math.MaxInt, sync, w, 1<<20)
			if err == nil || !strings.Contains(err.Error(), "needs more than 8.0EiB (estimate), over -max-mem 1MiB") {
				t.Errorf("CheckNeed(n=MaxInt, 1MiB): %v", err)
			}
			if err := CheckNeed(spec, math.MaxInt, sync, w, 0); err != nil {
				t.Errorf("CheckNeed with no bound: %v", err)
			}
		}
	}
}

// countingSpec is a Spec that counts the Worlds and simulators built
// (it cannot estimate itself: Need falls back to fallbackProcessBytes
// per process).
type countingSpec struct {
	model.Spec
	built int
}

func (c *countingSpec) NewSystem(cfg *model.Config) (model.System, error) {
	c.built++
	return c.Spec.NewSystem(cfg)
}

func (c *countingSpec) NewSim(cfg *model.Config) (model.Simulator, error) {
	c.built++
	return c.Spec.NewSim(cfg)
}

// TestRefusedBeforeBuilding: run (both engines), check and explore
// refuse a configuration over -max-mem with a usage error naming the
// work, n and the bound, before they build a World or a simulator; under
// the bound (or with none) they build one.
func TestRefusedBeforeBuilding(t *testing.T) {
	cfg := &model.Config{Algo: "changroberts", IDs: model.IDsUpTo(3), Forwarding: true}
	works := []struct {
		name, what string
		do         func(spec model.Spec, maxMem int64) error
	}{
		{"run -engine world", "the World engine", func(spec model.Spec, maxMem int64) error {
			rep := render.NewRunReport(spec, cfg, "fifo", 1, 0)
			return (&Run{Spec: spec, Config: cfg, Chooser: checker.FIFO{}, MaxMem: maxMem}).World(&rep, io.Discard, io.Discard)
		}},
		{"run -engine sim", "the fast simulator", func(spec model.Spec, maxMem int64) error {
			rep := render.NewRunReport(spec, cfg, "fifo", 1, 0)
			return (&Run{Spec: spec, Config: cfg, MaxMem: maxMem}).Sim(&rep, io.Discard)
		}},
		{"check", "the World engine", func(spec model.Spec, maxMem int64) error {
			return (&Check{Spec: spec, Config: cfg, Checks: checker.Checks{Props: checker.AllProps}, Count: 1, Seed: 1, Schedule: "fifo",
				MaxMem: maxMem, Out: t.TempDir()}).Run(io.Discard, io.Discard)
		}},
		{"explore", "an exhaustive search", func(spec model.Spec, maxMem int64) error {
			return stock.Explore(spec, cfg, nil, explore.Options{MaxMem: maxMem}, t.TempDir(), false, io.Discard, io.Discard)
		}},
	}
	for _, w := range works {
		spec := &countingSpec{Spec: changroberts.Algorithm}
		err := w.do(spec, 1024)
		var u *exit.UsageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), w.what+" for n=3 needs about ") || !strings.Contains(err.Error(), "over -max-mem 1KiB") {
			t.Errorf("%s -max-mem 1KiB: %T %v, want a usage error naming the work, n and the bound", w.name, err, err)
		}
		if spec.built != 0 {
			t.Errorf("%s -max-mem 1KiB: built %d World(s) or simulator(s) before refusing", w.name, spec.built)
		}
		if err := w.do(spec, 0); err != nil || spec.built == 0 {
			t.Errorf("%s with no bound: err %v, built %d", w.name, err, spec.built)
		}
	}
}

// TestBoundMemory: a bound lowers the Go runtime's memory limit until
// its restore function puts the previous one back; no bound changes
// nothing.
func TestBoundMemory(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	debug.SetMemoryLimit(1 << 40)
	BoundMemory(0)()
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("BoundMemory(0) changed the limit to %d", got)
	}
	restore := BoundMemory(64 << 20)
	if got := debug.SetMemoryLimit(-1); got != 64<<20 {
		t.Errorf("under BoundMemory(64MiB) the limit is %d", got)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("after restore the limit is %d", got)
	}
}
