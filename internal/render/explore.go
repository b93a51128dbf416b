package render

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
)

// ExploreReport is the JSON output of `electlab explore` (a contract:
// fields may be added, never renamed).
type ExploreReport struct {
	Algorithm string        `json:"algorithm"`
	Variant   string        `json:"variant"`
	N         int           `json:"n"`
	IDs       []model.ID    `json:"ids"`
	Options   Options       `json:"options"`
	Search    ExploreSearch `json:"search"`
	// Prefix is the scenario's scripted events the search starts after.
	Prefix      []string           `json:"prefix"`
	States      int64              `json:"states"`
	Transitions int64              `json:"transitions"`
	MaxDepth    int                `json:"max_depth"`
	FinalStates int64              `json:"final_states"`
	MinMessages *ExploreCounts     `json:"min_messages"`
	MaxMessages *ExploreCounts     `json:"max_messages"`
	MaxIsLower  bool               `json:"max_messages_lower_bound"`
	Cycle       bool               `json:"cycle"`
	Complete    bool               `json:"complete"`
	Incomplete  string             `json:"incomplete"`
	Verdict     string             `json:"verdict"`
	Violations  []ExploreViolation `json:"violations"`
	More        int                `json:"more_violations"`
	MemEstimate int64              `json:"mem_estimate_bytes"`
	// TableBytes is the memory of the stored states (64-bit hash
	// compaction), BytesPerState that per stored state, and
	// HashCollisionBound bounds the probability that a key collision
	// merged two distinct states (explore.CollisionBound).
	TableBytes         int64   `json:"table_bytes"`
	BytesPerState      float64 `json:"bytes_per_state"`
	HashCollisionBound float64 `json:"hash_collision_bound"`
	NoReduction        string  `json:"no_reduction,omitempty"`
	// Bitstate describes a bitstate search (-bitstate): the states are
	// then bits of an array, not keys, and TableBytes is the array.
	Bitstate     *explore.BitstateStats `json:"bitstate,omitempty"`
	Fingerprints *ExploreFingerprintSet `json:"fingerprints,omitempty"`
	// Bound is the -bound checked at every quiescent state (left out when
	// none); a state where it fails is a "bound" violation.
	Bound string `json:"bound,omitempty"`
	// Dist is, for a distributed search (explore -dist), what each rank
	// did; then MemEstimate is the largest rank's and TableBytes the sum
	// of the ranks' tables. Every other field is the whole search's, as
	// the single-process BFS reports it.
	Dist *ExploreDist `json:"dist,omitempty"`
}

// ExploreDist describes a distributed search: its ranks and what each
// stored, applied and sent.
type ExploreDist struct {
	Ranks int               `json:"ranks"`
	Rank  []ExploreRankStat `json:"rank"`
	// LargestShare is the largest rank's share of the stored states.
	LargestShare float64 `json:"largest_share"`
	// BytesPerState is the bytes of records sent between ranks per stored
	// state.
	BytesPerState float64 `json:"sent_bytes_per_state"`
	// ResumedAt is the level after which the search resumed from its
	// checkpoints (-checkpoint), 0 when it ran from the start.
	ResumedAt int `json:"resumed_at,omitempty"`
}

// ExploreRankStat is one rank's part of a distributed search.
type ExploreRankStat struct {
	States      int64 `json:"states"`
	Transitions int64 `json:"transitions"`
	RecordsSent int64 `json:"records_sent"`
	BytesSent   int64 `json:"bytes_sent"`
	Batches     int64 `json:"batches"`
	MemEstimate int64 `json:"mem_estimate_bytes"`
	TableBytes  int64 `json:"table_bytes"`
}

// FillDist adds res's ranks (a distributed search's) to rep.
func FillDist(rep *ExploreReport, res *explore.Result) {
	if len(res.Ranks) == 0 {
		return
	}
	d := &ExploreDist{Ranks: len(res.Ranks), ResumedAt: res.ResumedAt}
	var most, sent int64
	for _, r := range res.Ranks {
		d.Rank = append(d.Rank, ExploreRankStat{r.States, r.Transitions, r.RecordsSent, r.BytesSent, r.Batches, r.MemEstimate, r.TableBytes})
		most = max(most, r.States)
		sent += r.BytesSent
	}
	if res.States > 0 {
		d.LargestShare = math.Round(float64(most)/float64(res.States)*1000) / 1000
		d.BytesPerState = math.Round(float64(sent)/float64(res.States)*10) / 10
	}
	rep.Dist = d
}

// ExploreSearch is how the search was made: its order, reduction, the
// counters kept in the state, its bounds and the part of a split search.
type ExploreSearch struct {
	Order string `json:"order"`
	// Detect is the detection semantics, "eager" or "lazy" (-detect).
	Detect string `json:"detect"`
	// Props names the generic properties checked (-props): "all", or a
	// list; without termination no livelock search was made.
	Props string `json:"props"`
	// Invariant names the algorithm's own step invariant checked in every
	// state (model.Info.InvariantName: mutual exclusion, election
	// safety); left out when none.
	Invariant  string `json:"invariant,omitempty"`
	Reduction  string `json:"reduction"`
	Counts     string `json:"counts"`
	MaxDepth   int    `json:"max_depth"`
	MaxStates  int64  `json:"max_states"`
	MaxMem     int64  `json:"max_mem"`
	Shard      string `json:"shard"`
	ShardDepth int    `json:"shard_depth"`
}

// ExploreCounts is one end (min or max) of the message counts over every
// complete execution.
type ExploreCounts struct {
	Sends         int64 `json:"sends"`
	Transmissions int64 `json:"transmissions"`
	Deliveries    int64 `json:"deliveries"`
	SR            int64 `json:"sr"`
	Forwards      int64 `json:"forwards"`
}

// ExploreViolation is one violation found, with its events from the
// initial state (the scenario's prefix first).
type ExploreViolation struct {
	Property   string   `json:"property"`
	Step       int      `json:"step"`
	Message    string   `json:"message"`
	States     int64    `json:"states"`
	Events     []string `json:"events"`
	CycleStart int      `json:"cycle_start"`
	Trace      string   `json:"trace,omitempty"`
}

// ExploreFingerprintSet carries a part's state keys for -merge: sorted,
// delta- and varint-encoded, then base64.
type ExploreFingerprintSet struct {
	// Keys names how the keys were computed (explore.KeyScheme); -merge
	// refuses parts keyed otherwise (another electlab version).
	Keys   string `json:"keys"`
	States string `json:"states"`
	Final  string `json:"final"`
}

// encodeKeys encodes sorted state keys: deltas as varints, in base64.
func encodeKeys(keys []uint64) string {
	var b []byte
	prev := uint64(0)
	for _, k := range keys {
		b = binary.AppendUvarint(b, k-prev)
		prev = k
	}
	return base64.StdEncoding.EncodeToString(b)
}

// decodeKeys is the inverse of encodeKeys.
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

// NewExploreReport is the report of the search res of cfg (info's
// algorithm) made with opt, after the scenario events prefix.
func NewExploreReport(info *model.Info, cfg *model.Config, opt explore.Options, res *explore.Result, prefix []model.Event) *ExploreReport {
	v, _ := info.ParseVariant(cfg.Variant)
	rep := &ExploreReport{Algorithm: info.Name, Variant: info.FormatVariant(v), N: len(cfg.IDs) + len(cfg.Absent), IDs: cfg.IDs,
		Options: OptionsOf(cfg),
		Search: ExploreSearch{Order: "dfs", Reduction: "sleep-sets", Counts: opt.Counts.String(), MaxDepth: opt.MaxDepth, MaxStates: opt.MaxStates, MaxMem: opt.MaxMem,
			Props: propsName(opt)},
		Prefix: []string{}, Violations: []ExploreViolation{}}
	if opt.Checks.Invariant != nil && info.Invariant != nil {
		rep.Search.Invariant = info.InvariantName
	}
	for _, ev := range prefix {
		rep.Prefix = append(rep.Prefix, ev.String())
	}
	if opt.BFS {
		rep.Search.Order, rep.Search.Reduction = "bfs", "none"
	}
	if opt.NoPOR {
		rep.Search.Reduction = "none"
	}
	FillExplore(rep, res, opt.Shards > 1, rep.Prefix)
	return rep
}

// propsName names the generic properties a search under opt checks:
// "none" for a mutual-exclusion algorithm's search of its invariant alone.
func propsName(opt explore.Options) string {
	if opt.Checks.Props == 0 && opt.Checks.Invariant != nil {
		return "none"
	}
	return checker.FormatProps(propsOf(opt))
}

// propsOf is the generic properties a search under opt checks (the zero
// value: every one).
func propsOf(opt explore.Options) model.Property {
	if opt.Checks.Props == 0 {
		return checker.AllProps
	}
	return opt.Checks.Props
}

// FillExplore copies res into rep. prefix names the scenario events
// the search started after: each violation's events start with them, and
// its step and cycle start count them.
func FillExplore(rep *ExploreReport, res *explore.Result, part bool, prefix []string) {
	if res.Shards > 1 {
		rep.Search.Shard = fmt.Sprintf("%d/%d", res.Shard+1, res.Shards)
		rep.Search.ShardDepth = res.ShardDepth
	}
	rep.States, rep.Transitions, rep.MaxDepth, rep.FinalStates = res.States, res.Transitions, res.MaxDepth, res.Final
	if c := res.Counts; c != nil {
		rep.MinMessages = &ExploreCounts{c.Sends.Min, c.Transmissions.Min, c.Deliveries.Min, c.SR.Min, c.Forwards.Min}
		rep.MaxMessages = &ExploreCounts{c.Sends.Max, c.Transmissions.Max, c.Deliveries.Max, c.SR.Max, c.Forwards.Max}
	}
	rep.MaxIsLower, rep.Cycle = res.CountsLowerBound, res.Cycle
	if res.Detect != "" {
		rep.Search.Detect = res.Detect
	}
	rep.Complete, rep.Incomplete, rep.Verdict = res.Complete(), res.Incomplete, res.Verdict()
	rep.More, rep.MemEstimate, rep.NoReduction = res.MoreViolations, res.MemEstimate, res.NoReduction
	rep.TableBytes, rep.HashCollisionBound, rep.Bitstate = res.TableBytes, explore.CollisionBound(res.States), res.Bitstate
	if res.States > 0 {
		rep.BytesPerState = math.Round(float64(res.TableBytes)/float64(res.States)*10) / 10
	}
	if res.StateReduction {
		rep.Search.Reduction = "sleep-sets+persistent-sets"
	}
	if res.NoReduction != "" {
		rep.Search.Reduction = "none"
	}
	for _, v := range res.Violations {
		ev := ExploreViolation{Property: v.Property, Step: v.Step, Message: v.Message, States: v.States, Events: append([]string{}, prefix...), CycleStart: v.CycleStart}
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
		rep.Fingerprints = &ExploreFingerprintSet{Keys: explore.KeyScheme, States: encodeKeys(res.Fingerprints), Final: encodeKeys(res.FinalFingerprints)}
	}
}

// PrintExplore prints r as `electlab explore` does; its replay commands
// name program (ReplayCommand).
func PrintExplore(w io.Writer, program string, r *ExploreReport) {
	fmt.Fprintf(w, "algorithm    %s (variant %s)\n", r.Algorithm, r.Variant)
	fmt.Fprintf(w, "processes    n=%d, ids %s\n", r.N, model.SummarizeIDs(r.IDs))
	optionsLine(w, &r.Options)
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
		perRank := ""
		if r.Dist != nil {
			perRank = " per rank"
		}
		bounds = append(bounds, "max-mem "+explore.FormatBytes(s.MaxMem)+perRank)
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
	if s.Props != "all" && s.Props != "" {
		part += ", properties " + s.Props
	}
	if s.Invariant != "" {
		part += ", invariant " + s.Invariant
	}
	fmt.Fprintf(w, "search       %s, reduction %s, counts in state %s, bounds %s%s\n", s.Order, s.Reduction, s.Counts, strings.Join(bounds, ", "), part)
	if r.NoReduction != "" {
		fmt.Fprintf(w, "note         %s\n", r.NoReduction)
	}
	fmt.Fprintf(w, "states       %d distinct, %d quiescent; %d transitions; max depth %d\n", r.States, r.FinalStates, r.Transitions, r.MaxDepth)
	if d := r.Dist; d != nil {
		var lo, hi int64 = -1, 0
		var sent, batches int64
		for _, k := range d.Rank {
			if lo < 0 || k.States < lo {
				lo = k.States
			}
			hi = max(hi, k.States)
			sent += k.BytesSent
			batches += k.Batches
		}
		fmt.Fprintf(w, "distributed  %d ranks: %d..%d states each (the largest holds %.1f%%); %s sent in %d batches (%.1f bytes per state)\n",
			d.Ranks, lo, hi, 100*d.LargestShare, explore.FormatBytes(sent), batches, d.BytesPerState)
		if d.ResumedAt > 0 {
			fmt.Fprintf(w, "resumed      after level %d, from the ranks' checkpoints (-checkpoint): the counts include the levels before\n", d.ResumedAt)
		}
	}
	tables, peak := "", ""
	if r.Dist != nil {
		tables, peak = " (the ranks' tables together)", " (the largest rank's)"
	}
	if b := r.Bitstate; b != nil {
		layout, blocks, inBlock := "spread", "", ""
		if b.Layout == explore.BitstateBlocked {
			layout, blocks, inBlock = "blocked", fmt.Sprintf(" in %d blocks of 64 bytes", b.Bits/512), " in one block"
		}
		fmt.Fprintf(w, "storage      bitstate (supertrace, %s layout): %d bits (%s)%s, %d set per state%s, hash factor %.1f (bits per state stored), peak estimate %s\n",
			layout, b.Bits, explore.FormatBytes(r.TableBytes), blocks, b.Hashes, inBlock, b.HashFactor, explore.FormatBytes(r.MemEstimate))
		fmt.Fprintf(w, "coverage     not a proof: about %.4g new states were expected to be taken for visited; at most about %.4f%% of the states met were explored (an upper estimate: what a missed state alone leads to is not counted)\n",
			b.ExpectedOmitted, 100*b.Coverage)
	} else {
		fmt.Fprintf(w, "storage      64-bit hash compaction, %s table%s (%.1f bytes/state), peak estimate %s%s; P(a key collision merged two states) <= %.1e\n",
			explore.FormatBytes(r.TableBytes), tables, r.BytesPerState, explore.FormatBytes(r.MemEstimate), peak, r.HashCollisionBound)
	}
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
	if r.Bound != "" {
		fmt.Fprintf(w, "bound        %s, checked at each of the %d quiescent states (a failure is a bound violation below)\n", r.Bound, r.FinalStates)
	}
	fmt.Fprintf(w, "cycles       %s\n", CycleLine(r))
	for _, v := range r.Violations {
		where := "at the end"
		if v.Step > 0 {
			where = fmt.Sprintf("after step %d", v.Step)
		}
		fmt.Fprintf(w, "VIOLATION    %s %s: %s (%d state(s); %d events)\n", v.Property, where, v.Message, v.States, len(v.Events))
		if v.Trace != "" {
			fmt.Fprintf(w, "  trace: %s (replay with: %s)\n", v.Trace, ReplayCommand(program, v.Trace))
		}
	}
	if r.More > 0 {
		fmt.Fprintf(w, "             and %d more distinct violation(s)\n", r.More)
	}
	fmt.Fprintf(w, "verdict      %s\n", r.Verdict)
}

// CycleLine is the report's cycles line: it names the livelocks it says
// are listed, and claims that every execution ends only after a complete
// search.
func CycleLine(r *ExploreReport) string {
	livelocks := 0
	for _, v := range r.Violations {
		if v.CycleStart >= 0 {
			livelocks++
		}
	}
	termination := r.Search.Props == "" || r.Search.Props == "all" || slices.Contains(strings.Split(r.Search.Props, ","), checker.PropTermination)
	switch {
	case r.Cycle && !termination:
		return "yes (some execution can run forever); livelocks not checked (-props without termination)"
	case r.Search.Order == "bfs" && !termination:
		// The breadth-first search keeps no stack: only the livelock
		// search, which runs with termination, looks for cycles.
		return "not looked for (a breadth-first search sees no cycle; the livelock search runs only with termination in -props)"
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

// ProblemKey identifies what a part explored, apart from which part.
func ProblemKey(r *ExploreReport) string {
	s := r.Search
	s.Shard = strings.SplitN(s.Shard, "/", 2)[len(strings.SplitN(s.Shard, "/", 2))-1]
	b, _ := json.Marshal([]any{r.Algorithm, r.Variant, r.IDs, r.Options, r.Prefix, s.Order, s.Detect, s.Props, s.Reduction, s.Counts, s.MaxDepth, s.MaxStates, s.MaxMem, s.Shard, s.ShardDepth})
	return string(b)
}

// ConfigOf rebuilds a report's configuration.
func ConfigOf(r *ExploreReport) *model.Config {
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

// ResultOf rebuilds the mergeable part of a Result from a part's report.
func ResultOf(r *ExploreReport) (*explore.Result, error) {
	i, n, err := explore.ParseShard(r.Search.Shard)
	if err != nil {
		return nil, err
	}
	res := &explore.Result{Shard: i, Shards: n, ShardDepth: r.Search.ShardDepth, States: r.States, Transitions: r.Transitions,
		MaxDepth: r.MaxDepth, Final: r.FinalStates, CountsLowerBound: r.MaxIsLower, Cycle: r.Cycle, Incomplete: r.Incomplete,
		MoreViolations: r.More, MemEstimate: r.MemEstimate, TableBytes: r.TableBytes}
	if k := r.Fingerprints.Keys; k != explore.KeyScheme {
		if k == "" {
			k = "unnamed"
		}
		return nil, fmt.Errorf("its fingerprints are state keys of scheme %s, this electlab's are %s (another electlab version): run every part with the same electlab", k, explore.KeyScheme)
	}
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
