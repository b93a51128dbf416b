package main

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unsafe"

	"electlab/algos"
	"electlab/checker"
	"electlab/checker/explore"
	"electlab/model"
)

// countsFlag is -counts: a boolean-style flag (-counts alone means total)
// that also takes a mode (-counts=per-process, -counts=none).
type countsFlag struct{ mode explore.CountMode }

func (c *countsFlag) String() string { return c.mode.String() }

func (c *countsFlag) IsBoolFlag() bool { return true }

func (c *countsFlag) Set(s string) error {
	switch s {
	case "true":
		c.mode = explore.CountsTotal
		return nil
	case "false":
		c.mode = explore.CountsNone
		return nil
	}
	m, err := explore.ParseCountMode(s)
	if err != nil {
		return fmt.Errorf("want total, per-process or none (or -counts alone for total)")
	}
	c.mode = m
	return nil
}

// exploreReport is the JSON output of `electlab explore` (a contract:
// fields may be added, never renamed).
type exploreReport struct {
	Algorithm string        `json:"algorithm"`
	Variant   string        `json:"variant"`
	N         int           `json:"n"`
	IDs       []model.ID    `json:"ids"`
	Options   runOptions    `json:"options"`
	Search    exploreSearch `json:"search"`
	// Prefix is the scenario's scripted events the search starts after.
	Prefix       []string               `json:"prefix"`
	States       int64                  `json:"states"`
	Transitions  int64                  `json:"transitions"`
	MaxDepth     int                    `json:"max_depth"`
	FinalStates  int64                  `json:"final_states"`
	MinMessages  *exploreCounts         `json:"min_messages"`
	MaxMessages  *exploreCounts         `json:"max_messages"`
	MaxIsLower   bool                   `json:"max_messages_lower_bound"`
	Cycle        bool                   `json:"cycle"`
	Complete     bool                   `json:"complete"`
	Incomplete   string                 `json:"incomplete"`
	Verdict      string                 `json:"verdict"`
	Violations   []exploreViolation     `json:"violations"`
	More         int                    `json:"more_violations"`
	MemEstimate  int64                  `json:"mem_estimate_bytes"`
	NoReduction  string                 `json:"no_reduction,omitempty"`
	Fingerprints *exploreFingerprintSet `json:"fingerprints,omitempty"`
}

type exploreSearch struct {
	Order string `json:"order"`
	// Detect is the detection semantics, "eager" or "lazy" (-detect).
	Detect     string `json:"detect"`
	Reduction  string `json:"reduction"`
	Counts     string `json:"counts"`
	MaxDepth   int    `json:"max_depth"`
	MaxStates  int64  `json:"max_states"`
	MaxMem     int64  `json:"max_mem"`
	Shard      string `json:"shard"`
	ShardDepth int    `json:"shard_depth"`
}

type exploreCounts struct {
	Sends         int64 `json:"sends"`
	Transmissions int64 `json:"transmissions"`
	Deliveries    int64 `json:"deliveries"`
	SR            int64 `json:"sr"`
	Forwards      int64 `json:"forwards"`
}

type exploreViolation struct {
	Property   string   `json:"property"`
	Step       int      `json:"step"`
	Message    string   `json:"message"`
	States     int64    `json:"states"`
	Events     []string `json:"events"`
	CycleStart int      `json:"cycle_start"`
	Trace      string   `json:"trace,omitempty"`
}

// exploreFingerprintSet carries a part's state keys for -merge: sorted,
// delta- and varint-encoded, then base64.
type exploreFingerprintSet struct {
	States string `json:"states"`
	Final  string `json:"final"`
}

func encodeKeys(keys []uint64) string {
	var b []byte
	prev := uint64(0)
	for _, k := range keys {
		b = binary.AppendUvarint(b, k-prev)
		prev = k
	}
	return base64.StdEncoding.EncodeToString(b)
}

func decodeKeys(s string) ([]uint64, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	var out []uint64
	prev := uint64(0)
	for len(b) > 0 {
		d, n := binary.Uvarint(b)
		if n <= 0 {
			return nil, fmt.Errorf("bad fingerprint encoding")
		}
		prev += d
		out = append(out, prev)
		b = b[n:]
	}
	return out, nil
}

func cmdExplore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("explore", "explore -algo A (-ids 3,1,2 | -n N) [flags]  |  explore -merge PART.json...", stderr)
	var cf configFlags
	cf.register(fs)
	bfs := fs.Bool("bfs", false, "search breadth-first: every counterexample is a shortest one (no reduction)")
	maxDepth := fs.Int("max-depth", 0, "bound on the events of a path (0 = none)")
	maxStates := fs.Int64("max-states", 0, "bound on the distinct states stored (0 = none)")
	maxMem := fs.String("max-mem", "1GiB", "bound on the estimated memory (visited set, stack or queue, traces), e.g. 512MiB, 4GiB; 0 = none")
	noPOR := fs.Bool("no-por", false, "turn the sleep-set reduction off (every enabled event from every state)")
	shard := fs.String("shard", "", "explore part i of n (i/n, 1-based) of a split search; merge the parts' -json outputs with -merge")
	var counts countsFlag
	fs.Var(&counts, "counts", "keep message counters in the state so min/max counts are exact: -counts (totals), -counts=per-process, -counts=none")
	jsonOut := fs.Bool("json", false, "print the result as JSON")
	out := fs.String("out", ".", "directory for the counterexample trace")
	detect := fs.String("detect", "eager", "detection semantics: eager (every listed detector detects) or lazy (a detection is an adversary-chosen event, enabled while the detector knows no live coordinator)")
	workers := fs.Int("workers", 1, "goroutines computing the breadth-first search's successors (with -bfs; the result is the same for every value)")
	merge := fs.Bool("merge", false, "merge the -json outputs of every part of a split search (positional file arguments) into one report")
	pos, err := parseFlags(fs, args, 1<<20)
	if err != nil {
		return err
	}
	if *merge {
		set := explicit(fs)
		for _, name := range append(configNames, "bfs", "max-depth", "max-states", "max-mem", "no-por", "shard", "counts", "seed", "scenario", "detect", "workers") {
			if set[name] {
				return usagef("-merge takes only part files (and -json, -out): -%s belongs to the parts' command", name)
			}
		}
		return exploreMerge(pos, *jsonOut, *out, stdout)
	}
	if len(pos) > 0 {
		return usagef("explore: unexpected argument %q (part files go with -merge)", pos[0])
	}
	spec, cfg, prefix, err := cf.build(fs)
	if err != nil {
		return err
	}
	opt := explore.Options{BFS: *bfs, NoPOR: *noPOR, Counts: counts.mode, MaxDepth: *maxDepth, MaxStates: *maxStates}
	if opt.Detect, err = model.ParseDetection(*detect); err != nil {
		return usagef("-detect: %v", err)
	}
	cfg.Detect = opt.Detect // in the config too, so that a trace replays under it
	if opt.Workers = *workers; *workers < 1 || *workers > 256 || *workers > 1 && !*bfs {
		return usagef("-workers %d: want 1..256, and more than 1 only with -bfs (the depth-first search is sequential)", *workers)
	}
	if *maxDepth < 0 {
		return usagef("-max-depth %d is negative", *maxDepth)
	}
	if *maxStates < 0 {
		return usagef("-max-states %d is negative", *maxStates)
	}
	if opt.MaxMem, err = explore.ParseBytes(*maxMem); err != nil {
		return usagef("-max-mem: %v", err)
	}
	if *bfs && *noPOR {
		return usagef("-bfs and -no-por: BFS already explores every event; drop -no-por")
	}
	if *shard != "" {
		if opt.Shard, opt.Shards, err = explore.ParseShard(*shard); err != nil {
			return usagef("-shard: %v", err)
		}
		if *bfs {
			return usagef("-shard splits the depth-first search; drop -bfs")
		}
	}
	// The initial World, the search's working copies (at least the start
	// and one successor) and one state's enabled events.
	if err := checkMem(exploreMinBytes(spec, cfg), opt.MaxMem, "an exhaustive search", cfg); err != nil {
		return err
	}
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		return usagef("%v", err)
	}
	start := s0
	if len(prefix) > 0 {
		pre, err := checker.Replay(s0, prefix, checker.Checks{}, false)
		if err != nil {
			return usagef("scenario: %v", err)
		}
		start = pre.Final
	}
	opt.Progress = progressPrinter(stderr)
	res := explore.Explore(start, opt)
	rep := newExploreReport(spec.Meta(), cfg, opt, res, prefix)
	// The first violation's counterexample is written as a trace.
	var finding error
	if len(res.Violations) > 0 {
		v := res.Violations[0]
		events := append(append([]model.Event(nil), prefix...), v.Events...)
		cv := v.Checker()
		if cv.Step > 0 {
			cv.Step += len(prefix)
		}
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return usagef("-out %s: %v", *out, err)
		}
		path := filepath.Join(*out, fmt.Sprintf("electlab-%s-%s-explore.json", spec.Meta().Name, v.Property))
		note := fmt.Sprintf("found by electlab explore (%s search, %d states)", rep.Search.Order, res.States)
		if v.CycleStart >= 0 {
			note += fmt.Sprintf("; a livelock: the events from number %d on form a cycle back to the state after event %d", len(prefix)+v.CycleStart+1, len(prefix)+v.CycleStart)
		}
		saved, notes, err := saveCounterexample(path, &checker.Counterexample{Initial: s0, Events: events, Violation: cv}, "", note)
		if err != nil {
			return err
		}
		if notes != "" {
			fmt.Fprintf(stderr, "electlab: %s\n", notes)
		}
		finding = &findingError{fmt.Sprintf("%s violated; the trace is over the trace limit and was not written", v.Property)}
		if saved {
			rep.Violations[0].Trace = path
			finding = &findingError{fmt.Sprintf("%s violated; trace written to %s", v.Property, path)}
		}
	}
	if *jsonOut {
		if err := writeJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		printExplore(stdout, rep)
	}
	if finding == nil && !rep.Complete {
		// A bound cut the search before it decided anything: the same
		// "cap reached (not a verdict)" as run and check (exit status 4).
		return &capError{fmt.Sprintf("search incomplete: %s: cap reached (not a verdict); raise the bound to decide", rep.Incomplete)}
	}
	return finding
}

// exploreMinBytes is the least memory a search of cfg needs: the initial
// World, the start and one successor on the stack, and one state's
// enabled events (one initiation per process, at the start).
func exploreMinBytes(spec model.Spec, cfg *model.Config) int64 {
	n := int64(len(cfg.IDs) + len(cfg.Absent))
	return 3*worldBytes(spec, cfg) + n*int64(unsafe.Sizeof(model.Event{}))
}

// progressEvery is the interval between two progress lines.
const progressEvery = 2 * time.Second

// progressPrinter prints a progress line on stderr every two seconds once
// a search has run for two seconds, whether or not new states appear
// (the search calls it every few thousand transitions as well as every
// few thousand states): states, transitions, depth, phase and rates
// since the start and over the last interval. It is the only wall clock in
// electlab's output and never changes the results.
func progressPrinter(stderr io.Writer) func(explore.Progress) {
	return progressPrinterClock(stderr, time.Now)
}

// progressPrinterClock is progressPrinter with its clock (tests).
func progressPrinterClock(stderr io.Writer, now func() time.Time) func(explore.Progress) {
	t0 := now()
	last := t0
	var lastStates, lastTrans int64
	lastPhase, printed := "", false
	return func(p explore.Progress) {
		t := now()
		if p.Done {
			if printed {
				el := t.Sub(t0).Seconds()
				fmt.Fprintf(stderr, "electlab: explored %d states, %d transitions in %.1fs (%.0f states/s)\n", p.States, p.Transitions, el, float64(p.States)/el)
			}
			return
		}
		if t.Sub(t0) < progressEvery || t.Sub(last) < progressEvery {
			return
		}
		if p.Phase != lastPhase {
			lastStates, lastTrans, lastPhase = 0, 0, p.Phase
		}
		dt := t.Sub(last).Seconds()
		phase := ""
		if p.Phase != "" {
			phase = ", " + p.Phase
		}
		fmt.Fprintf(stderr, "electlab: %d states (+%.0f/s), %d transitions (+%.0f/s), depth %d%s, %.0fs elapsed, ETA unknown\n",
			p.States, float64(p.States-lastStates)/dt, p.Transitions, float64(p.Transitions-lastTrans)/dt, p.Depth, phase, t.Sub(t0).Seconds())
		last, lastStates, lastTrans, printed = t, p.States, p.Transitions, true
	}
}

func newExploreReport(info *model.Info, cfg *model.Config, opt explore.Options, res *explore.Result, prefix []model.Event) *exploreReport {
	v, _ := info.ParseVariant(cfg.Variant)
	rep := &exploreReport{Algorithm: info.Name, Variant: info.FormatVariant(v), N: len(cfg.IDs) + len(cfg.Absent), IDs: cfg.IDs,
		Options: runOptions{Timing: cfg.Timing.String(), Timeouts: cfg.Timeouts.String(), Net: cfg.Net.String(), Forwarding: cfg.Forwarding,
			Initiators: orEmpty(cfg.Initiators), Crashed: orEmpty(cfg.Crashed), Absent: orEmpty(cfg.Absent), CrashBudget: cfg.CrashBudget, Recovery: cfg.Recovery,
			Successive: cfg.Successive, Physical: physicalOption(cfg.Physical)},
		Search: exploreSearch{Order: "dfs", Reduction: "sleep-sets", Counts: opt.Counts.String(), MaxDepth: opt.MaxDepth, MaxStates: opt.MaxStates, MaxMem: opt.MaxMem},
		Prefix: []string{}, Violations: []exploreViolation{}}
	for _, ev := range prefix {
		rep.Prefix = append(rep.Prefix, ev.String())
	}
	if opt.BFS {
		rep.Search.Order, rep.Search.Reduction = "bfs", "none"
	}
	if opt.NoPOR {
		rep.Search.Reduction = "none"
	}
	fillExploreReport(rep, res, opt.Shards > 1, rep.Prefix)
	return rep
}

// fillExploreReport copies res into rep. prefix names the scenario events
// the search started after: each violation's events start with them, and
// its step and cycle start count them.
func fillExploreReport(rep *exploreReport, res *explore.Result, part bool, prefix []string) {
	if res.Shards > 1 {
		rep.Search.Shard = fmt.Sprintf("%d/%d", res.Shard+1, res.Shards)
		rep.Search.ShardDepth = res.ShardDepth
	}
	rep.States, rep.Transitions, rep.MaxDepth, rep.FinalStates = res.States, res.Transitions, res.MaxDepth, res.Final
	if c := res.Counts; c != nil {
		rep.MinMessages = &exploreCounts{c.Sends.Min, c.Transmissions.Min, c.Deliveries.Min, c.SR.Min, c.Forwards.Min}
		rep.MaxMessages = &exploreCounts{c.Sends.Max, c.Transmissions.Max, c.Deliveries.Max, c.SR.Max, c.Forwards.Max}
	}
	rep.MaxIsLower, rep.Cycle = res.CountsLowerBound, res.Cycle
	rep.Complete, rep.Incomplete, rep.Verdict = res.Complete(), res.Incomplete, res.Verdict()
	if res.Detect != "" {
		rep.Search.Detect = res.Detect
	}
	rep.More, rep.MemEstimate, rep.NoReduction = res.MoreViolations, res.MemEstimate, res.NoReduction
	if res.StateReduction {
		rep.Search.Reduction = "sleep-sets+persistent-sets"
	}
	if res.NoReduction != "" {
		rep.Search.Reduction = "none"
	}
	for _, v := range res.Violations {
		ev := exploreViolation{Property: v.Property, Step: v.Step, Message: v.Message, States: v.States, Events: append([]string{}, prefix...), CycleStart: v.CycleStart}
		if ev.Step > 0 {
			ev.Step += len(prefix)
		}
		if ev.CycleStart >= 0 {
			ev.CycleStart += len(prefix)
		}
		for _, e := range v.Events {
			ev.Events = append(ev.Events, e.String())
		}
		rep.Violations = append(rep.Violations, ev)
	}
	if part {
		rep.Fingerprints = &exploreFingerprintSet{States: encodeKeys(res.Fingerprints), Final: encodeKeys(res.FinalFingerprints)}
	}
}

func printExplore(w io.Writer, r *exploreReport) {
	fmt.Fprintf(w, "algorithm    %s (variant %s)\n", r.Algorithm, r.Variant)
	fmt.Fprintf(w, "processes    n=%d, ids %s\n", r.N, model.FormatIDs(r.IDs))
	inits := "all"
	if len(r.Options.Initiators) > 0 {
		inits = model.FormatIDs(r.Options.Initiators)
	}
	fmt.Fprintf(w, "options      timing=%s timeouts=%s net=%s forwarding=%t initiators=%s crashed=%s crash-budget=%d%s\n",
		r.Options.Timing, r.Options.Timeouts, r.Options.Net, r.Options.Forwarding, inits, noneIfEmpty(r.Options.Crashed), r.Options.CrashBudget, optionsTail(&r.Options))
	if len(r.Prefix) > 0 {
		fmt.Fprintf(w, "from         the state after the scenario's events: %s\n", strings.Join(r.Prefix, ", "))
	}
	s := r.Search
	bounds := []string{}
	if s.MaxDepth > 0 {
		bounds = append(bounds, fmt.Sprintf("max-depth %d", s.MaxDepth))
	}
	if s.MaxStates > 0 {
		bounds = append(bounds, fmt.Sprintf("max-states %d", s.MaxStates))
	}
	if s.MaxMem > 0 {
		bounds = append(bounds, "max-mem "+explore.FormatBytes(s.MaxMem))
	}
	if len(bounds) == 0 {
		bounds = append(bounds, "none")
	}
	part := ""
	if s.Shard != "" {
		part = fmt.Sprintf(", part %s (split at depth %d)", s.Shard, s.ShardDepth)
	}
	if s.Detect == "lazy" {
		part += ", detection lazy"
	}
	fmt.Fprintf(w, "search       %s, reduction %s, counts in state %s, bounds %s%s\n", s.Order, s.Reduction, s.Counts, strings.Join(bounds, ", "), part)
	if r.NoReduction != "" {
		fmt.Fprintf(w, "note         %s\n", r.NoReduction)
	}
	fmt.Fprintf(w, "states       %d distinct, %d quiescent; %d transitions; max depth %d\n", r.States, r.FinalStates, r.Transitions, r.MaxDepth)
	if r.MinMessages == nil {
		if s.Counts == "none" {
			fmt.Fprintf(w, "messages     min/max not computed: add -counts (counters in the state) for exact values\n")
		} else {
			fmt.Fprintf(w, "messages     no complete execution\n")
		}
	} else {
		lower := ""
		if r.MaxIsLower {
			lower = " (max is a lower bound: a cycle sends messages)"
		}
		fmt.Fprintf(w, "messages     over every complete execution, min..max%s:\n", lower)
		mn, mx := r.MinMessages, r.MaxMessages
		fmt.Fprintf(w, "  sends (P2P)            %d..%d\n", mn.Sends, mx.Sends)
		fmt.Fprintf(w, "  transmissions (BCAST1) %d..%d\n", mn.Transmissions, mx.Transmissions)
		fmt.Fprintf(w, "  deliveries             %d..%d\n", mn.Deliveries, mx.Deliveries)
		fmt.Fprintf(w, "  sends+receives (SR)    %d..%d\n", mn.SR, mx.SR)
		fmt.Fprintf(w, "  forwards               %d..%d\n", mn.Forwards, mx.Forwards)
	}
	fmt.Fprintf(w, "cycles       %s\n", cycleLine(r))
	for _, v := range r.Violations {
		where := "at the end"
		if v.Step > 0 {
			where = fmt.Sprintf("after step %d", v.Step)
		}
		fmt.Fprintf(w, "VIOLATION    %s %s: %s (%d state(s); %d events)\n", v.Property, where, v.Message, v.States, len(v.Events))
		if v.Trace != "" {
			fmt.Fprintf(w, "  trace: %s (replay with: electlab replay %s)\n", v.Trace, v.Trace)
		}
	}
	if r.More > 0 {
		fmt.Fprintf(w, "             and %d more distinct violation(s)\n", r.More)
	}
	fmt.Fprintf(w, "verdict      %s\n", r.Verdict)
}

// cycleLine is the report's cycles line: it names the livelocks it says
// are listed, and claims that every execution ends only after a complete
// search.
func cycleLine(r *exploreReport) string {
	livelocks := 0
	for _, v := range r.Violations {
		if v.CycleStart >= 0 {
			livelocks++
		}
	}
	switch {
	case r.Cycle && livelocks > 0:
		return fmt.Sprintf("yes (some execution can run forever); %d fair livelock(s), listed below as termination violations", livelocks)
	case r.Cycle && !r.Complete:
		return "yes (some execution can run forever); no fair livelock found before the search was cut (incomplete: " + r.Incomplete + ")"
	case r.Cycle && r.More > 0:
		return "yes (some execution can run forever); no fair livelock among the violations listed (more were not listed)"
	case r.Cycle:
		return "yes (some execution can run forever), but none is fair: no livelock"
	case !r.Complete:
		return "none in the states explored (search incomplete: longer executions were not explored)"
	}
	return "none (every execution ends)"
}

// exploreMerge reads the -json outputs of the parts of a split search and
// prints the merged report.
func exploreMerge(files []string, jsonOut bool, outDir string, stdout io.Writer) error {
	if len(files) == 0 {
		return usagef("-merge: give the part files (the -json outputs of explore -shard i/n)")
	}
	var parts []*explore.Result
	var first *exploreReport
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return usagef("-merge: %v", err)
		}
		var r exploreReport
		if err := json.Unmarshal(b, &r); err != nil {
			return usagef("-merge: %s: not an explore -json output: %v", f, err)
		}
		if r.Fingerprints == nil || r.Search.Shard == "" {
			return usagef("-merge: %s is not the output of a split search (explore -shard i/n -json)", f)
		}
		if first == nil {
			first = &r
		} else if key := problemKey(&r); key != problemKey(first) {
			return usagef("-merge: %s explores another problem than %s (%s vs %s)", f, files[0], key, problemKey(first))
		}
		res, err := resultOf(&r)
		if err != nil {
			return usagef("-merge: %s: %v", f, err)
		}
		parts = append(parts, res)
	}
	m, err := explore.Merge(parts)
	if err != nil {
		return usagef("%v", err)
	}
	rep := *first
	rep.Violations, rep.Fingerprints = []exploreViolation{}, nil
	rep.Search.Shard = ""
	fillExploreReport(&rep, m, false, nil)
	rep.Search.Shard = fmt.Sprintf("merged %d parts", len(parts))
	var finding error
	if len(m.Violations) > 0 {
		v := &rep.Violations[0]
		spec, err := algos.Lookup(rep.Algorithm)
		if err != nil {
			return usagef("-merge: %v", err)
		}
		cfg := configOf(&rep)
		s0, err := spec.NewSystem(cfg)
		if err != nil {
			return usagef("-merge: %v", err)
		}
		var events []model.Event
		for _, name := range v.Events {
			ev, err := model.ParseEvent(name)
			if err != nil {
				return usagef("-merge: %v", err)
			}
			events = append(events, ev)
		}
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return usagef("-out %s: %v", outDir, err)
		}
		path := filepath.Join(outDir, fmt.Sprintf("electlab-%s-%s-explore.json", rep.Algorithm, v.Property))
		cv := &checker.Violation{Property: v.Property, Step: v.Step, Message: v.Message}
		saved, notes, err := saveCounterexample(path, &checker.Counterexample{Initial: s0, Events: events, Violation: cv}, "", "found by electlab explore (merged parts)")
		if err != nil {
			return err
		}
		finding = &findingError{fmt.Sprintf("%s violated; the trace is over the trace limit and was not written (%s)", v.Property, notes)}
		if saved {
			v.Trace = path
			finding = &findingError{fmt.Sprintf("%s violated; trace written to %s", v.Property, path)}
		}
	}
	if jsonOut {
		if err := writeJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		printExplore(stdout, &rep)
	}
	return finding
}

// problemKey identifies what a part explored, apart from which part.
func problemKey(r *exploreReport) string {
	s := r.Search
	s.Shard = strings.SplitN(s.Shard, "/", 2)[len(strings.SplitN(s.Shard, "/", 2))-1]
	b, _ := json.Marshal([]any{r.Algorithm, r.Variant, r.IDs, r.Options, r.Prefix, s.Order, s.Detect, s.Reduction, s.Counts, s.MaxDepth, s.MaxStates, s.MaxMem, s.Shard, s.ShardDepth})
	return string(b)
}

// configOf rebuilds a report's configuration.
func configOf(r *exploreReport) *model.Config {
	o := r.Options
	cfg := &model.Config{Algo: r.Algorithm, Variant: r.Variant, IDs: r.IDs, Initiators: o.Initiators, Crashed: o.Crashed, Absent: o.Absent,
		Forwarding: o.Forwarding, CrashBudget: o.CrashBudget, Recovery: o.Recovery, Successive: o.Successive}
	cfg.Timing, _ = model.ParseTiming(o.Timing)
	cfg.Timeouts, _ = model.ParseTimeouts(o.Timeouts)
	cfg.Net, _ = model.ParseNet(o.Net)
	if o.Physical != "" {
		cfg.Physical, _ = model.ParsePhysical(o.Physical)
	}
	cfg.Detect, _ = model.ParseDetection(r.Search.Detect)
	return cfg
}

// resultOf rebuilds the mergeable part of a Result from a part's report.
func resultOf(r *exploreReport) (*explore.Result, error) {
	i, n, err := explore.ParseShard(r.Search.Shard)
	if err != nil {
		return nil, err
	}
	res := &explore.Result{Shard: i, Shards: n, ShardDepth: r.Search.ShardDepth, States: r.States, Transitions: r.Transitions,
		MaxDepth: r.MaxDepth, Final: r.FinalStates, CountsLowerBound: r.MaxIsLower, Cycle: r.Cycle, Incomplete: r.Incomplete,
		MoreViolations: r.More, MemEstimate: r.MemEstimate}
	if res.Fingerprints, err = decodeKeys(r.Fingerprints.States); err != nil {
		return nil, err
	}
	if res.FinalFingerprints, err = decodeKeys(r.Fingerprints.Final); err != nil {
		return nil, err
	}
	if r.MinMessages != nil && r.MaxMessages != nil {
		mn, mx := r.MinMessages, r.MaxMessages
		res.Counts = &explore.CountRanges{Sends: explore.Range{Min: mn.Sends, Max: mx.Sends}, Transmissions: explore.Range{Min: mn.Transmissions, Max: mx.Transmissions},
			Deliveries: explore.Range{Min: mn.Deliveries, Max: mx.Deliveries}, SR: explore.Range{Min: mn.SR, Max: mx.SR}, Forwards: explore.Range{Min: mn.Forwards, Max: mx.Forwards}}
	}
	for _, v := range r.Violations {
		ev := &explore.Violation{Property: v.Property, Message: v.Message, Step: v.Step, CycleStart: v.CycleStart, States: v.States}
		for _, name := range v.Events {
			e, err := model.ParseEvent(name)
			if err != nil {
				return nil, err
			}
			ev.Events = append(ev.Events, e)
		}
		res.Violations = append(res.Violations, ev)
	}
	return res, nil
}

func noneIfEmpty(ids []model.ID) string {
	if len(ids) == 0 {
		return "none"
	}
	return model.FormatIDs(ids)
}
