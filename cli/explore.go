package cli

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/internal/runner"
	"github.com/electlab/electlab/model"
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

// cmdExplore searches every schedule of one configuration (`electlab
// explore`), or merges the parts of a split search (-merge).
func cmdExplore(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("explore", "explore -algo A (-ids 3,1,2 | -n N) [flags]  |  explore -merge PART.json...", stderr)
	var cf configFlags
	cf.register(fs)
	bfs := fs.Bool("bfs", false, "search breadth-first: every counterexample is a shortest one (no reduction)")
	maxDepth := fs.Int("max-depth", 0, "bound on the events of a path (0 = none)")
	maxStates := fs.Int64("max-states", 0, "bound on the distinct states stored (0 = none)")
	maxMem := fs.String("max-mem", "1GiB", "bound on the estimated memory (visited set, stack or queue, traces), e.g. 512MiB, 4GiB; 0 = none")
	noPOR := fs.Bool("no-por", false, "turn the sleep-set reduction off (every enabled event from every state)")
	bitstate := fs.String("bitstate", "", "a bitstate (supertrace) search: store each state as bits of an array of this size (a power of 2 bits, rounded down), e.g. 512MiB; a partial search, not a proof, with an estimate of the states it missed; with -no-por, without termination in -props")
	bitHashes := fs.Int("bitstate-hashes", explore.DefaultBitstateHashes, "bits set per state with -bitstate (1..16)")
	bitLayout := fs.String("bitstate-layout", string(explore.BitstateSpread), "where -bitstate puts a state's bits: spread (at k places of the whole array, Spin's) or blocked (all k in one 64-byte block: one cache miss per state instead of up to k, and a few more states missed, which its estimate counts)")
	shard := fs.String("shard", "", "explore part i of n (i/n, 1-based) of a split search; merge the parts' -json outputs with -merge")
	var counts countsFlag
	fs.Var(&counts, "counts", "keep message counters in the state so min/max counts are exact: -counts (totals), -counts=per-process, -counts=none")
	boundText := fs.String("bound", "", "check this bound at every quiescent state, e.g. 'sends <= 3*n - 1' (docs/FORMULA.md; the names exact over a search: n, initiators, crashed, live, sends, transmissions, deliveries, sr); implies -counts")
	jsonOut := fs.Bool("json", false, "print the result as JSON")
	out := fs.String("out", ".", "directory for the counterexample trace")
	detect := fs.String("detect", "eager", "detection semantics: eager (every listed detector detects) or lazy (a detection is an adversary-chosen event, enabled while the detector knows no live coordinator)")
	workers := fs.Int("workers", 1, "goroutines computing the breadth-first search's successors (with -bfs; the result is the same for every value)")
	props := fs.String("props", "all", "generic properties checked: all (every one that fits the algorithm: an election's, a mutual-exclusion algorithm's termination, none for a term-based election; an algorithm's own invariant, such as mutual exclusion or election safety, is checked in every state), or a comma-separated list of single-coordinator, agreement, validity, termination, or none (an algorithm with its own invariant: that alone); without termination the livelock search is skipped (as Spin's -DSAFETY)")
	merge := fs.Bool("merge", false, "merge the -json outputs of every part of a split search (positional file arguments) into one report")
	var df distFlags
	df.register(fs)
	fs.String("part", "", "refused: a search has no independent parts (see -dist; docs/SCALE.md)")
	fs.Int("parts", 0, "refused with -part")
	pos, err := parseFlags(fs, args, 1<<20)
	if err != nil {
		return err
	}
	if set := explicit(fs); set["part"] || set["parts"] {
		name := "-part"
		if !set["part"] {
			name = "-parts"
		}
		return usagef("explore %s: a search has no independent parts: what one part reaches depends on the states the others reach, so parts run apart cannot be merged into the unsplit result; divide one search among ranks with -bfs -dist (i/k, or slurm under srun, or indexed:K in a Kubernetes Indexed Job: docs/SCALE.md), or split its prefix tree with -shard i/k", name)
	}
	if *merge {
		if err := mergeOnly(fs, *out); err != nil {
			return err
		}
		return tl.Merge(pos, *jsonOut, *out, stdout, stderr)
	}
	if len(pos) > 0 {
		return usagef("explore: unexpected argument %q (part files go with -merge)", pos[0])
	}
	opt := explore.Options{BFS: *bfs, NoPOR: *noPOR, Counts: counts.mode, MaxDepth: *maxDepth, MaxStates: *maxStates}
	if opt.MaxMem, err = parseMem(*maxMem); err != nil {
		return err
	}
	spec, cfg, prefix, err := cf.build(tl.Reg, fs, func(spec model.Spec, cfg *model.Config, n int) error {
		return runner.CheckNeed(spec, n, cfg.Timing == model.Sync, runner.Search, opt.MaxMem)
	})
	if err != nil {
		return err
	}
	if opt.Detect, err = model.ParseDetection(*detect); err != nil {
		return usagef("-detect: %v", err)
	}
	cfg.Detect = opt.Detect // in the config too, so that a trace replays under it
	if *props == "none" {
		// No generic property: a mutual-exclusion algorithm's mutual
		// exclusion (its invariant) is still checked in every state.
		if spec.Meta().Invariant == nil {
			return usagef("-props none: only for an algorithm with its own invariant, checked in every state whatever -props says (a mutual-exclusion algorithm's mutual exclusion, a term-based election's election safety); %s has none: the properties that fit: %s", spec.Meta().Name, checker.FormatProps(spec.Meta().RunProps()))
		}
	} else {
		if opt.Checks.Props, err = checker.ParseProps(*props); err != nil {
			return usagef("-props: %v", err)
		}
		if opt.Checks.Props, err = kindProps(spec.Meta(), *props, opt.Checks.Props); err != nil {
			return err
		}
	}
	opt.Checks.Invariant = spec.Meta().Invariant
	if explicit(fs)["bound"] && bound.ReadsProbabilities(*boundText) {
		return exploreProb(tl, fs, spec, cfg, prefix, *boundText, *maxStates, opt.MaxMem, *out, *jsonOut, stdout, stderr)
	}
	if opt.Workers = *workers; *workers < 1 || *workers > 256 || *workers > 1 && !*bfs {
		return usagef("-workers %d: want 1..256, and more than 1 only with -bfs (the depth-first search is sequential)", *workers)
	}
	if *maxDepth < 0 {
		return usagef("-max-depth %d is negative", *maxDepth)
	}
	if *maxStates < 0 {
		return usagef("-max-states %d is negative", *maxStates)
	}
	if *bfs && *noPOR {
		return usagef("-bfs and -no-por: BFS already explores every event; drop -no-por")
	}
	if explicit(fs)["bitstate-hashes"] && !explicit(fs)["bitstate"] {
		return usagef("-bitstate-hashes goes with -bitstate SIZE")
	}
	layout, err := explore.ParseBitstateLayout(*bitLayout)
	if err != nil {
		return usagef("-bitstate-layout: %v", err)
	}
	if explicit(fs)["bitstate-layout"] && !explicit(fs)["bitstate"] {
		return usagef("-bitstate-layout goes with -bitstate SIZE")
	}
	if explicit(fs)["bitstate"] {
		if opt.Bitstate, err = explore.ParseBytes(*bitstate); err != nil {
			return usagef("-bitstate: %v", err)
		}
		if opt.Bitstate == 0 {
			return usagef("-bitstate 0: give the bit array's size, e.g. 512MiB")
		}
		if opt.MaxMem > 0 && opt.Bitstate > opt.MaxMem {
			return usagef("-bitstate %s is above -max-mem %s: the array alone would pass the bound", *bitstate, *maxMem)
		}
		opt.BitstateHashes, opt.BitstateLayout = *bitHashes, layout
	}
	if *shard != "" {
		if opt.Shard, opt.Shards, err = explore.ParseShard(*shard); err != nil {
			return usagef("-shard: %v", err)
		}
		if *bfs {
			return usagef("-shard splits the depth-first search; drop -bfs")
		}
	}
	if err := opt.BitstateErr(); err != nil {
		return usagef("-bitstate: %v", err)
	}
	dist, err := df.parse(fs, *bfs, opt, spec.Meta())
	if err != nil {
		return err
	}
	var b *bound.Bound
	if explicit(fs)["bound"] {
		if explicit(fs)["counts"] && counts.mode == explore.CountsNone {
			return usagef("-bound needs the counters in the state: drop -counts=none")
		}
		if b, err = parseBound(*boundText, spec.Meta(), cfg, bound.Explored); err != nil {
			return err
		}
	}
	if err := checkOutputs(dirOut("-out", *out)); err != nil {
		return err
	}
	if dist != nil {
		return tl.ExploreDist(spec, cfg, prefix, opt, b, *dist, *out, *jsonOut, stdout, stderr)
	}
	return tl.ExploreBound(spec, cfg, prefix, opt, b, *out, *jsonOut, stdout, stderr)
}

// kindProps is -props (text, parsed as p) for the algorithm info: "all" is
// every generic property that fits its kind (model.Info.RunProps); a
// property named that does not fit it is refused, since its violation
// would say nothing about the algorithm (a lock elects nobody).
func kindProps(info *model.Info, text string, p model.Property) (model.Property, error) {
	fits := info.RunProps()
	if text == "all" {
		return fits, nil
	}
	if extra := p &^ fits; extra != 0 {
		why := "it elects " + info.Elects + ", which its claims check instead"
		switch {
		case info.Mutex:
			why = "it is a mutual-exclusion algorithm: it elects nobody"
		case info.Terms:
			why = "it is a term-based election: a deposed leader may act in an older term while a newer one leads; its " + info.InvariantName + " is checked in every state instead"
		}
		return 0, usagef("-props %s: %s does not apply to %s (%s); the properties that fit: %s", text, checker.FormatProps(extra), info.Name, why, checker.FormatProps(fits))
	}
	return p, nil
}

// probIgnored are the flags of explore that do not apply to a bound with
// probabilistic names: the Markov decision process is built whole,
// breadth-first, without reduction.
var probIgnored = []string{"bfs", "no-por", "shard", "counts", "workers", "max-depth", "props", "dist", "nats", "nats-embed", "dist-run", "checkpoint", "dist-timeout"}

// exploreProb is explore -bound with probabilistic names (Pmin[…],
// Emax[…], …): the configuration's Markov decision process, answered
// exactly (docs/PROBABILITY.md).
func exploreProb(tl runner.Tool, fs *flag.FlagSet, spec model.Spec, cfg *model.Config, prefix []model.Event, text string, maxStates int64, maxMem int64, out string, jsonOut bool, stdout, stderr io.Writer) error {
	set := explicit(fs)
	for _, name := range probIgnored {
		if set[name] {
			return usagef("-%s does not apply to a bound with probabilistic names (%s): its Markov decision process is built whole, breadth-first, without reduction (docs/PROBABILITY.md)", name, text)
		}
	}
	if maxStates < 0 {
		return usagef("-max-states %d is negative", maxStates)
	}
	if maxStates == 0 {
		maxStates = prob.DefaultMaxStates
	}
	if maxStates > math.MaxInt32 {
		return usagef("-max-states %d: a Markov decision process is built in memory, at most %d states", maxStates, math.MaxInt32)
	}
	b, err := parseBound(text, spec.Meta(), cfg, bound.Probabilistic)
	if err != nil {
		return err
	}
	if err := checkOutputs(dirOut("-out", out)); err != nil {
		return err
	}
	return tl.ExploreProb(spec, cfg, prefix, b, int(maxStates), maxMem, out, jsonOut, stdout, stderr)
}
