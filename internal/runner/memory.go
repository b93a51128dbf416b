// Package runner does the work of electlab's commands run, check,
// explore, replay and shrink once their flags are parsed: it estimates
// and bounds memory (-max-mem), runs one execution (the World engine
// after a scenario's scripted events, or the fast simulator), searches
// adversarial schedules and shrinks what it finds, drives the exhaustive
// search and merges its parts, and writes, loads, verifies, shrinks and
// renders trace files (a file is complete or absent; one over the trace
// limit is summarised instead).
//
// It imports algos, checker, checker/explore, model, traces and, for the
// outputs, internal/render, internal/report (trace violations, atomic
// writes) and internal/exit (the error kinds that give the exit status).
// cmd/electlab parses the flags and calls it.
package runner

import (
	"runtime/debug"
	"runtime/metrics"
	"unsafe"

	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/model"
)

// sizer estimates memory before a World or a Sim is built (every
// model.Algorithm does).
type sizer interface {
	WorldBytes(n int) int64
	SimBytes(n int, sync bool) int64
}

// fallbackProcessBytes is the estimate per process for a Spec that cannot
// estimate itself.
const fallbackProcessBytes = 1024

// WorldBytes estimates one World of cfg.
func WorldBytes(spec model.Spec, cfg *model.Config) int64 {
	n := len(cfg.IDs) + len(cfg.Absent)
	if s, ok := spec.(sizer); ok {
		return s.WorldBytes(n)
	}
	return int64(n) * fallbackProcessBytes
}

// simBytes estimates the fast simulator for cfg.
func simBytes(spec model.Spec, cfg *model.Config) int64 {
	n := len(cfg.IDs) + len(cfg.Absent)
	if s, ok := spec.(sizer); ok {
		return s.SimBytes(n, cfg.Timing == model.Sync)
	}
	return int64(n) * fallbackProcessBytes
}

// exploreMinBytes is the least memory a search of cfg needs: the initial
// World, the start and one successor on the stack, and one state's
// enabled events (one initiation per process, at the start).
func exploreMinBytes(spec model.Spec, cfg *model.Config) int64 {
	n := int64(len(cfg.IDs) + len(cfg.Absent))
	return 3*WorldBytes(spec, cfg) + n*int64(unsafe.Sizeof(model.Event{}))
}

// newSystem builds cfg's initial World once the memory the work needs
// (need bytes, for what: CheckMem) is known to fit maxMem; a
// configuration the model refuses is bad input.
func newSystem(spec model.Spec, cfg *model.Config, need, maxMem int64, what string) (model.System, error) {
	if err := CheckMem(need, maxMem, what, cfg); err != nil {
		return nil, err
	}
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		return nil, exit.Usagef("%v", err)
	}
	return s0, nil
}

// CheckMem refuses (a usage error, exit status 2) a configuration whose
// up-front estimate need exceeds the bound max (0 = none); what says
// what needs the memory.
func CheckMem(need, max int64, what string, cfg *model.Config) error {
	if max > 0 && need > max {
		return exit.Usagef("%s for n=%d needs about %s (estimate), over -max-mem %s: raise -max-mem (0 for none) or lower -n",
			what, len(cfg.IDs)+len(cfg.Absent), explore.FormatBytes(need), explore.FormatBytes(max))
	}
	return nil
}

// HeapInUse is the memory probe of a bounded run: the bytes of heap
// objects in use (live, and garbage not yet collected) times 5/4. Under
// BoundMemory the collector keeps the heap under the bound, so the probe
// passes the bound when live data reach 80% of it: the run stops there
// instead of thrashing the collector, with room for the runtime's own
// memory.
func HeapInUse() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64()) / 4 * 5
}

// BoundMemory makes the Go collector keep the heap under maxMem (so that
// HeapInUse, the probe, measures live data near the bound) until the
// returned function restores the previous limit. maxMem 0 changes
// nothing.
func BoundMemory(maxMem int64) (restore func()) {
	if maxMem <= 0 {
		return func() {}
	}
	old := debug.SetMemoryLimit(maxMem)
	return func() { debug.SetMemoryLimit(old) }
}
