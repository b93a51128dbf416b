// Package explore is electlab's exhaustive search: every schedule of one
// configuration, up to bounds, over the World's enabled events.
//
// Explore runs a depth-first search (breadth-first with Options.BFS, for
// shortest counterexamples) over the state graph whose states are World
// fingerprints and whose transitions are the enabled events, crashes and
// other adversarial faults included. It reports the distinct states, the
// transitions taken, the deepest path, the minimum and maximum of every
// message count over all complete (quiescent) executions, every safety
// violation (checker.CheckStep), every end-of-run violation at quiescent
// states (checker.CheckEnd: agreement, validity, a claim's checks), and
// livelocks: fair cycles that never reach quiescence, as lassos.
//
// The reduction (sleep sets, see footprint and docs/EXPLORE.md) keeps every
// reachable state and so every verdict, state count and min/max count
// exact; it saves transitions. A search cut by a bound ends with a partial
// verdict naming the bound, never by running out of memory.
//
// Nothing here reads a clock or a random source, starts a goroutine or
// iterates a map: the same options give the same Result. The only wall
// clock is the caller's, in Options.Progress.
package explore

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// CountMode says which message counters are part of the explored state.
type CountMode uint8

const (
	// CountsNone merges executions that reach one World with different
	// counts: fewest states, but min/max counts are not computed.
	CountsNone CountMode = iota
	// CountsTotal keeps the totals (sends, transmissions, deliveries) in
	// the state, so min/max over all complete executions are exact.
	CountsTotal
	// CountsPerProcess keeps each process's own sends, transmissions and
	// deliveries in the state (the Promela models' counting, for the Spin
	// comparison): more states, the same exact min/max.
	CountsPerProcess
)

// String names the mode as the CLI does.
func (m CountMode) String() string {
	return [...]string{"none", "total", "per-process"}[m]
}

// ParseCountMode parses "none", "total" or "per-process".
func ParseCountMode(s string) (CountMode, error) {
	for m := CountsNone; m <= CountsPerProcess; m++ {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown count mode %q (want none, total or per-process)", s)
}

// Options bound and shape a search. The zero value is a full DFS with
// sleep sets, no counts, the generic properties and no bounds.
type Options struct {
	// BFS searches breadth-first: every violation's trace is a shortest
	// one. BFS expands every enabled event (no reduction).
	BFS bool
	// Workers is the number of goroutines that compute the breadth-first
	// search's successors (Clone, Apply, encoding, hashing, the step
	// checks) and place them in the shared visited set, level by level in
	// batches; the state each transition finds new is the sequential
	// search's (the least transition that reaches it), and the counts,
	// the end-of-run checks and the bounds take the transitions in the
	// sequential order, so the Result is the same for every value (0 or
	// 1: no goroutine). The depth-first search ignores it.
	// Checks.Invariant is not called by the workers.
	Workers int
	// NoPOR turns the sleep-set reduction off (DFS).
	NoPOR bool
	// Bitstate, when above 0, is the size in bytes of the bit array of a
	// bitstate (supertrace) search: the depth-first search without
	// reduction (NoPOR) stores each state as BitstateHashes bits of it
	// (rounded down to a power of 2 bits), not as its 64-bit key. A
	// state whose bits are all set already is taken for visited, so
	// states may be missed: the Result is incomplete (Bitstate) and
	// Result.Bitstate estimates what was missed. Not with BFS, shards,
	// fingerprints or termination among the properties.
	Bitstate int64
	// BitstateHashes is the bits set per state (0: DefaultBitstateHashes).
	BitstateHashes int
	// BitstateLayout is where a state's bits are: BitstateSpread (the
	// zero value) or BitstateBlocked (in one 64-byte block: one cache
	// miss per state, more states missed; at least 64 bytes).
	BitstateLayout BitstateLayout
	// Counts puts message counters in the state (exact min/max).
	Counts CountMode
	// Checks are the properties checked; the zero value means the generic
	// ones (safety, agreement, validity, termination).
	Checks checker.Checks
	// MaxDepth bounds the events of a path (0 = none).
	MaxDepth int
	// MaxStates bounds the distinct states stored (0 = none).
	MaxStates int64
	// MaxMem bounds the estimated memory in bytes of the visited set, the
	// search stack or queue and the traces kept (0 = none).
	MaxMem int64
	// Shard and Shards split the search: this search explores part Shard
	// (0-based) of Shards. Shards <= 1 means the whole search.
	Shard, Shards int
	// MaxViolations is the number of distinct violations (by property and
	// message) kept with a trace; further ones are counted (0 = 10).
	MaxViolations int
	// NoMinimize keeps DFS counterexample traces as found instead of
	// shrinking them with traces.Minimize.
	NoMinimize bool
	// KeepFingerprints stores the sorted state keys in the Result (for
	// Merge); always on for a shard.
	KeepFingerprints bool
	// Progress, when set, is called every ProgressEvery states (default
	// 1<<16), every progressTicks transitions (so that a search that
	// meets no new states, or the livelock search, still reports) and at
	// the end. It must not change the search.
	Progress      func(Progress)
	ProgressEvery int64
	// Stop, when set, is polled every few thousand transitions (the CLI
	// watches for SIGINT there); once it returns true the search stops
	// as a bound stops it: Result.Incomplete is Interrupted, and the
	// result holds what was found so far. It must not change the search
	// otherwise.
	Stop func() bool
	// JoinsBeforeEnd makes a quiescent state final only once every
	// absent process has joined (a setting where each absent process
	// joins once: a state that could still see a join is not an end).
	JoinsBeforeEnd bool
	// Detect is the detection semantics (model.Config.Detect): DetectLazy
	// searches s0 under lazy detection whatever its config says (each
	// listed detector's detection is an adversary-chosen event, enabled
	// only while that process does not know a live coordinator); the zero
	// value, DetectEager, keeps the mode of s0's config.
	Detect model.Detection
	// OnFinal, when set, is called once for every distinct quiescent
	// state, after its end-of-run checks. It must not change the search
	// or the state, nor keep w after it returns: the search reuses the
	// storage of the states it has left (model.World.CloneInto).
	OnFinal func(w model.System)

	// Checkpoint is, for a distributed search (ExploreDist), the
	// directory where each rank writes a checkpoint at the end of every
	// level, and from which a search started again resumes (dist_ckpt.go).
	Checkpoint string

	// brokenDist makes a distributed search keep, for a new state, the
	// greatest record that reached it instead of the least (tests: an
	// order-dependent rule the comparison with the BFS must catch).
	brokenDist bool
	// brokenDrop makes dropSet take the first delivery to a live process
	// instead (tests: an unsound set the exactness test must catch).
	brokenDrop bool
	// encodeKeys keys every state by the hash of its whole encoding
	// instead of the World's incremental StateHash (tests: both must give
	// the same search).
	encodeKeys bool
	// noReuse makes the depth-first search copy Worlds with CloneInto
	// alone, without reusing the queue arrays of the Worlds it recycles
	// (tests: both must give the same search).
	noReuse bool
	// checkIndependence makes the search verify, at every state, that each
	// pair of enabled events it calls independent commutes (tests). It is
	// called once, after the search with the reduction: with the number
	// of pairs verified, the pairs that do not commute, and the reason
	// the reduction guard stopped that search ("" when it did not; the
	// search then ran again without the reduction).
	checkIndependence func(pairs int, errs []error, guardTripped string)
}

// Progress is a snapshot of a running search.
type Progress struct {
	// States and Transitions so far; Depth is the current path length.
	States, Transitions int64
	Depth               int
	// Phase names the part of the search running ("" for the main
	// search, "livelock search" for the fairness check).
	Phase string
	// Done is set on the last call.
	Done bool
}

// Interrupted is Result.Incomplete of a search stopped by Options.Stop
// (with " (livelock search)" when it stopped the livelock search).
const Interrupted = "interrupted"

// BoundError is Result.Incomplete of a search stopped by its bound's
// evaluation error (Result.Err).
const BoundError = "the bound cannot be evaluated"

// progressTicks is the number of transitions between two Progress calls
// when no new state appears.
const progressTicks = 4096

// Range is the minimum and maximum of one count over complete executions.
type Range struct {
	Min int64 `json:"min"`
	Max int64 `json:"max"`
}

// CountRanges are the min/max of every accounting over all complete
// executions: P2P sends, BCAST1 transmissions, deliveries, SR (sends plus
// deliveries, per execution) and forwards by crashed ring nodes.
type CountRanges struct {
	Sends         Range `json:"sends"`
	Transmissions Range `json:"transmissions"`
	Deliveries    Range `json:"deliveries"`
	SR            Range `json:"sr"`
	Forwards      Range `json:"forwards"`
}

func (c *CountRanges) add(k *model.Counts, first bool) {
	upd := func(r *Range, v int64) {
		if first || v < r.Min {
			r.Min = v
		}
		if first || v > r.Max {
			r.Max = v
		}
	}
	upd(&c.Sends, k.Sends)
	upd(&c.Transmissions, k.Transmissions)
	upd(&c.Deliveries, k.Deliveries)
	upd(&c.SR, k.Sends+k.Deliveries)
	upd(&c.Forwards, k.Forwards)
}

func (c *CountRanges) merge(d *CountRanges) {
	for _, p := range [][2]*Range{{&c.Sends, &d.Sends}, {&c.Transmissions, &d.Transmissions},
		{&c.Deliveries, &d.Deliveries}, {&c.SR, &d.SR}, {&c.Forwards, &d.Forwards}} {
		p[0].Min = min(p[0].Min, p[1].Min)
		p[0].Max = max(p[0].Max, p[1].Max)
	}
}

// Of returns the range of accounting a.
func (c *CountRanges) Of(a model.Accounting) Range {
	switch a {
	case model.BCAST1:
		return c.Transmissions
	case model.SR:
		return c.SR
	case model.Deliveries:
		return c.Deliveries
	}
	return c.Sends
}

// Violation is one distinct violation (by property and message) with the
// trace of the first execution found to show it.
type Violation struct {
	// Property is a checker property name (checker.PropSafety, ...).
	Property string `json:"property"`
	// Message explains it.
	Message string `json:"message"`
	// Step is the 1-based event after which it was seen; 0 means at the
	// end of the execution (end-of-run checks, livelocks).
	Step int `json:"step"`
	// Events is the counterexample: a shortest one (BFS), a minimized one
	// (DFS), or for a livelock the lasso's prefix then its cycle.
	Events []model.Event `json:"-"`
	// CycleStart is, for a livelock, the index in Events where the cycle
	// starts (the state after Events[:CycleStart] is where it returns);
	// -1 otherwise.
	CycleStart int `json:"cycle_start"`
	// States counts the distinct violating states (or fair cycles) with
	// this property and message.
	States int64 `json:"states"`
	// tainted: the trace shows another violation first (no path without
	// one was found); such a trace is not minimized.
	tainted bool
}

// Clean reports that the trace shows no other violation before this one,
// so that replaying it reproduces this violation.
func (v *Violation) Clean() bool { return !v.tainted }

// Checker returns v as a checker violation.
func (v *Violation) Checker() *checker.Violation {
	return &checker.Violation{Property: v.Property, Step: v.Step, Message: v.Message}
}

// Result is what a search found.
type Result struct {
	// States is the number of distinct states stored (states that violate
	// a safety property are counted in Violations, not here).
	States int64 `json:"states"`
	// Transitions is the number of events applied.
	Transitions int64 `json:"transitions"`
	// MaxDepth is the length of the longest path searched.
	MaxDepth int `json:"max_depth"`
	// Final is the number of distinct quiescent states.
	Final int64 `json:"final_states"`
	// Counts are the min/max counts over complete executions; nil unless
	// counts are part of the state (Options.Counts).
	Counts *CountRanges `json:"counts,omitempty"`
	// CountsLowerBound is set when a cycle that sends messages was cut:
	// the maxima are then lower bounds (executions may loop longer).
	CountsLowerBound bool `json:"counts_max_lower_bound,omitempty"`
	// Violations are the distinct violations, in the order found (merged
	// results: sorted by property and message).
	Violations []*Violation `json:"violations"`
	// MoreViolations counts distinct violations beyond MaxViolations.
	MoreViolations int `json:"more_violations,omitempty"`
	// Cycle reports that the state graph has a cycle (a run that never
	// ends); the livelock search then decided whether a fair one exists.
	Cycle bool `json:"cycle"`
	// Incomplete names the bound that cut the search ("" = complete).
	Incomplete string `json:"incomplete,omitempty"`
	// Err, when not nil, is the error that stopped the search without a
	// verdict: the bound (Options.Checks.Bound) cannot be evaluated at a
	// quiescent state (a user's bound that divides by zero there). The
	// search is then incomplete (Incomplete is BoundError), so that a
	// caller that reads only Violations and Complete does not take it for
	// a search that found nothing. It is also Options.BitstateErr when
	// the options cannot run (no search was made; Incomplete says so).
	Err error `json:"-"`
	// Detect names the detection semantics searched: "eager" (every
	// listed detector detects) or "lazy" (detections are adversary-chosen
	// events, enabled while the detector knows no live coordinator).
	Detect string `json:"detect"`
	// Shard and Shards identify a part of a split search.
	Shard  int `json:"shard,omitempty"`
	Shards int `json:"shards,omitempty"`
	// ShardDepth is the depth at which the search was split.
	ShardDepth int `json:"shard_depth,omitempty"`
	// Ranks are, for a distributed search (ExploreDist), what each rank
	// did; its other fields are the whole search's.
	Ranks []RankStats `json:"-"`
	// ResumedAt is, for a distributed search that resumed from its
	// checkpoints (Options.Checkpoint), the level it resumed after.
	ResumedAt int `json:"-"`
	// Fingerprints are the sorted state keys (Options.KeepFingerprints
	// and shards), for Merge.
	Fingerprints []uint64 `json:"-"`
	// FinalFingerprints are the sorted keys of the quiescent states.
	FinalFingerprints []uint64 `json:"-"`
	// MemEstimate is the largest memory estimate reached, in bytes.
	MemEstimate int64 `json:"mem_estimate"`
	// TableBytes is the memory of the stored states at the end: the
	// visited-state table, 64-bit keys with their sleep sets (hash
	// compaction, as Spin's -DHC: a state is stored as its hash only).
	TableBytes int64 `json:"table_bytes"`
	// Bitstate describes a bitstate search (Options.Bitstate): its array,
	// and the states it may have missed.
	Bitstate *BitstateStats `json:"bitstate,omitempty"`
	// StateReduction reports that persistent sets reduced the states (an
	// algorithm of ringNextOnly): the states are then a subset of the
	// reachable ones that keeps every quiescent state, every min/max count,
	// whether some state violates single-coordinator safety, and cycles.
	StateReduction bool `json:"state_reduction,omitempty"`
	// NoReduction, when set, says why the search ran without its
	// reduction although it was asked for: the guard found two events the
	// independence relation calls independent that do not commute in this
	// model (the state encoding changed under it).
	NoReduction string `json:"no_reduction,omitempty"`
}

// KeyScheme names how this version of the explorer computes state keys
// (the fingerprints a part of a split search keeps for Merge). Parts
// keyed another way cannot be merged: the same state would count twice.
const KeyScheme = "statehash-1"

// CollisionBound is an upper bound on the probability that two distinct
// states of the search share a 64-bit key, so that one of them (and what
// only it leads to) was taken for the other and not explored: with s
// states and keys that behave as uniform random values, at most
// s(s-1)/2 pairs, each colliding with probability 2^-64.
func CollisionBound(states int64) float64 {
	s := float64(states)
	return s * (s - 1) / 2 / (1 << 64)
}

// Complete reports that the search was not cut by a bound.
func (r *Result) Complete() bool { return r.Incomplete == "" }

// Verdict is a one-line summary: "no violation in N states (complete)",
// "no violation in the N states explored; search incomplete: <bound>", or
// "K violation(s): ...".
func (r *Result) Verdict() string {
	if n := len(r.Violations) + r.MoreViolations; n > 0 {
		v := r.Violations[0]
		s := fmt.Sprintf("%d distinct violation(s); first: %s: %s", n, v.Property, v.Message)
		if !r.Complete() {
			s += "; search incomplete: " + r.Incomplete
		}
		return s
	}
	if r.Complete() {
		return fmt.Sprintf("no violation in %d states (search complete)", r.States)
	}
	return fmt.Sprintf("no violation in the %d states explored; search incomplete: %s", r.States, r.Incomplete)
}

func (o *Options) checks() checker.Checks {
	c := o.Checks
	if c.Props == 0 && c.Custom == nil && c.Invariant == nil && c.Bound == nil {
		c.Props = model.Safety | model.Agreement | model.Validity | model.Termination
	}
	return c
}

// Explore searches every schedule of s0 (not modified) within opt's bounds.
func Explore(s0 model.System, opt Options) *Result {
	if opt.MaxViolations <= 0 {
		opt.MaxViolations = 10
	}
	if opt.ProgressEvery <= 0 {
		opt.ProgressEvery = 1 << 16
	}
	if opt.Shards > 1 {
		opt.KeepFingerprints = true
	}
	if opt.Detect == model.DetectLazy && s0.Config().Detect != model.DetectLazy {
		if w, ok := s0.(interface {
			WithDetection(model.Detection) model.System
		}); ok {
			s0 = w.WithDetection(model.DetectLazy)
		}
	}
	if opt.Bitstate > 0 && opt.BitstateHashes == 0 {
		opt.BitstateHashes = DefaultBitstateHashes
	}
	if err := opt.BitstateErr(); err != nil {
		return &Result{Violations: []*Violation{}, Incomplete: "options: " + err.Error(), Err: err}
	}
	e := newEngine(s0, opt)
	if opt.BFS {
		e.bfs()
	} else {
		e.dfs()
	}
	if opt.checkIndependence != nil {
		opt.checkIndependence(e.indepPairs, e.indepErrs, e.porBroken)
	}
	if e.porBroken != "" {
		why := e.porBroken
		opt.NoPOR = true
		e = newEngine(s0, opt)
		e.dfs()
		e.res.NoReduction = "the sleep-set reduction was turned off: " + why
	}
	res := e.finish()
	res.Detect = s0.Config().Detect.String()
	// BFS cannot see cycles (no stack): the livelock search decides.
	if e.checks.Props&model.Termination != 0 && (e.cycle || opt.BFS) && !e.stopped() {
		e.livelocks(res)
	}
	if opt.Progress != nil {
		opt.Progress(Progress{States: res.States, Transitions: res.Transitions, Depth: 0, Done: true})
	}
	return res
}

// describeBound formats a bound for Result.Incomplete.
func describeBound(name string, v int64) string {
	if name == "max-mem" {
		return "max-mem " + FormatBytes(v)
	}
	return fmt.Sprintf("%s %d", name, v)
}

// FormatBytes renders a byte count with a binary unit (model.FormatBytes).
func FormatBytes(v int64) string { return model.FormatBytes(v) }

// ParseBytes parses a size such as 1GiB, 512MiB, 64KiB, 100MB or 1000.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suf string
		m   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suf) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suf)), u.m
			break
		}
	}
	var v int64
	if _, err := fmt.Sscanf(t, "%d", &v); err != nil || fmt.Sprint(v) != t || v < 0 {
		return 0, fmt.Errorf("bad size %q (want e.g. 1GiB, 512MiB or a number of bytes)", s)
	}
	if v > (1<<62)/mult {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	return v * mult, nil
}
