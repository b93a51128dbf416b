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
	"math"
	"runtime/debug"
	"runtime/metrics"
	"unsafe"

	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/claim"
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

// maxProcs is the most processes a configuration can have (ids are
// positive int32s); an estimate for more saturates at math.MaxInt64
// instead of overflowing.
const maxProcs = math.MaxInt32

// Work is what a command builds for a configuration of n processes, whose
// memory Need estimates before anything proportional to n exists.
type Work uint8

const (
	// WorldRun is one execution on the World engine (run, check): the
	// initial World and the running copy.
	WorldRun Work = iota
	// SimRun is one execution on the fast simulator (run).
	SimRun
	// Search is an exhaustive search (explore): the initial World, the
	// start and one successor on the stack, and one state's enabled
	// events (one initiation per process, at the start).
	Search
)

// Need is the up-front memory estimate of work w on n processes of spec
// (sync: lock-step timing) and what needs it, for CheckNeed's message. It
// reads only the configuration's shape, so that a command can refuse
// before it builds the ids, the topology or a World; it saturates at
// math.MaxInt64 for any n instead of overflowing.
func Need(spec model.Spec, n int, sync bool, w Work) (bytes int64, what string) {
	what = workNames[w]
	if n < 0 || n > maxProcs {
		return math.MaxInt64, what
	}
	switch w {
	case SimRun:
		if s, ok := sizerOf(spec); ok {
			return s.SimBytes(n, sync), what
		}
		return int64(n) * fallbackProcessBytes, what
	case Search:
		return satAdd(satMul(3, worldBytes(spec, n)), int64(n)*int64(unsafe.Sizeof(model.Event{}))), what
	}
	return satMul(2, worldBytes(spec, n)), what
}

// sizerOf is spec's own memory estimate, if it has one: a registry
// entry's (claim.Entry, an algorithm with its claims) is its algorithm's.
func sizerOf(spec model.Spec) (sizer, bool) {
	if e, ok := spec.(claim.Entry); ok {
		spec = e.Spec
	}
	s, ok := spec.(sizer)
	return s, ok
}

// worldBytes estimates one World of n processes (n <= maxProcs).
func worldBytes(spec model.Spec, n int) int64 {
	if s, ok := sizerOf(spec); ok {
		return s.WorldBytes(n)
	}
	return int64(n) * fallbackProcessBytes
}

var workNames = [...]string{WorldRun: "the World engine", SimRun: "the fast simulator", Search: "an exhaustive search"}

// CheckNeed refuses (CheckMem) work w on n processes of spec when its
// estimate (Need) exceeds maxMem (0 = none).
func CheckNeed(spec model.Spec, n int, sync bool, w Work, maxMem int64) error {
	if maxMem <= 0 {
		return nil
	}
	need, what := Need(spec, n, sync, w)
	return refuse(need, maxMem, what, n)
}

// procs is the number of processes of cfg (members and absent ones).
func procs(cfg *model.Config) int { return len(cfg.IDs) + len(cfg.Absent) }

// WorldBytes estimates one World of cfg.
func WorldBytes(spec model.Spec, cfg *model.Config) int64 {
	if procs(cfg) > maxProcs {
		return math.MaxInt64
	}
	return worldBytes(spec, procs(cfg))
}

// newSystem builds cfg's initial World once the memory work w needs is
// known to fit maxMem (CheckNeed); a configuration the model refuses is
// bad input.
func newSystem(spec model.Spec, cfg *model.Config, w Work, maxMem int64) (model.System, error) {
	if err := CheckNeed(spec, procs(cfg), cfg.Timing == model.Sync, w, maxMem); err != nil {
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
	return refuse(need, max, what, procs(cfg))
}

// refuse is CheckMem for n processes.
func refuse(need, max int64, what string, n int) error {
	if max <= 0 || need <= max {
		return nil
	}
	about := "about " + model.ApproxBytes(need)
	if need == math.MaxInt64 {
		about = "more than " + model.ApproxBytes(need)
	}
	return exit.Usagef("%s for n=%d needs %s (estimate), over -max-mem %s: raise -max-mem (0 for none) or lower -n",
		what, n, about, explore.FormatBytes(max))
}

// satMul is k*b, or math.MaxInt64 when that overflows (b >= 0, k > 0).
func satMul(k, b int64) int64 {
	if b > math.MaxInt64/k {
		return math.MaxInt64
	}
	return k * b
}

// satAdd is a+b, or math.MaxInt64 when that overflows (a, b >= 0).
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
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
