package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/scenario"
	"github.com/electlab/electlab/model"
)

// errHelp is returned when -h was asked for: the usage was printed.
var errHelp = errors.New("help requested")

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: electlab %s\n\nflags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, turning flag errors into usage errors, printing
// the usage on -h, and allowing at most `positional` positional arguments
// (flags may follow them: replay FILE -render mermaid).
func parseFlags(fs *flag.FlagSet, args []string, positional int) ([]string, error) {
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(out)
		fs.Usage()
		return nil, errHelp
	}
	if err != nil {
		return nil, usagef("%s: %v", fs.Name(), err)
	}
	rest := fs.Args()
	// Allow flags after positional arguments (replay FILE -render svg).
	var pos []string
	for len(rest) > 0 {
		pos = append(pos, rest[0])
		if err := fs.Parse(rest[1:]); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				fs.Usage()
				return nil, errHelp
			}
			return nil, usagef("%s: %v", fs.Name(), err)
		}
		rest = fs.Args()
	}
	if len(pos) > positional {
		return nil, usagef("%s: unexpected argument %q", fs.Name(), pos[positional])
	}
	return pos, nil
}

// parseTraceArgs parses args (parseFlags) around the one positional
// argument, the trace FILE, which it returns.
func parseTraceArgs(fs *flag.FlagSet, args []string) (string, error) {
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return "", err
	}
	if len(pos) != 1 {
		return "", usagef("%s: missing trace FILE", fs.Name())
	}
	return pos[0], nil
}

// modelFlags are the configuration flags every command that builds
// configurations registers, fit included: the algorithm, its readings and
// the execution model.
type modelFlags struct {
	algo, variant                               string
	timing, timeouts, net, forwarding, physical string
}

// register registers the model flags on fs: their one registration.
func (m *modelFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.algo, "algo", "", "algorithm (see electlab list)")
	fs.StringVar(&m.variant, "variant", "", "reading names, comma-separated (e.g. resend); default: the catalog's default readings")
	fs.StringVar(&m.timing, "timing", "async", "timing: async (one event at a time) or sync (lock-step rounds)")
	fs.StringVar(&m.timeouts, "timeouts", "accurate", "async timeouts: accurate (fire only when no message is in flight), early, or dead-late (fire only when no live process's message is in flight)")
	fs.StringVar(&m.net, "net", "fifo", "channels: fifo or unordered")
	fs.StringVar(&m.forwarding, "forwarding", "auto", "a crashed ring node's control part forwards: auto (the algorithm's default), true or false")
	fs.StringVar(&m.physical, "physical", "direct", "physical network under a complete graph: direct, ring (a bidirectional ring in -ids order: shorter-arc unicasts, two-way floods, a link hop per P2P send and per sync round) or ring-rt (ring, sync timers scaled by floor(n/2))")
}

// configFlags are the flags that define one execution: the model flags
// and the processes, faults and schedule.
type configFlags struct {
	modelFlags
	ids, initiators, crashed, absent string
	n                                int
	order                            string
	crashBudget                      int
	recovery                         bool
	successive                       string
	seed                             uint64
	scenario                         string
}

func (c *configFlags) register(fs *flag.FlagSet) {
	c.modelFlags.register(fs)
	fs.StringVar(&c.ids, "ids", "", "process ids in ring order (the direction messages travel), e.g. 3,1,2")
	fs.IntVar(&c.n, "n", 0, "number of processes, ids 1..n arranged by -order (when -ids is not given)")
	fs.StringVar(&c.order, "order", "asc", "arrangement of 1..n for -n: asc, desc or random (uses -seed)")
	fs.StringVar(&c.initiators, "initiators", "all", "initiators: all, or a comma-separated id list")
	fs.StringVar(&c.crashed, "crashed", "", "processes crashed before the run, comma-separated")
	fs.StringVar(&c.absent, "absent", "", "processes absent at the start that may join, comma-separated")
	fs.IntVar(&c.crashBudget, "crash-budget", 0, "crashes the adversary may inject during the run")
	fs.BoolVar(&c.recovery, "recovery", false, "crashed processes may recover")
	fs.StringVar(&c.successive, "successive", "", "successive coordinator crashes, one at each quiescence: phases separated by ';', each all or the detectors' ids (e.g. all;2,5)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed for random arrangements, schedules and the fast simulator's coins")
	fs.StringVar(&c.scenario, "scenario", "", "scenario file (config and scripted events); conflicts with the config flags")
}

// explicit reports which flags were set on the command line.
func explicit(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// configNames are the flags a scenario file replaces.
var configNames = []string{"algo", "variant", "ids", "n", "order", "initiators", "crashed", "absent", "timing", "timeouts", "net", "forwarding", "crash-budget", "recovery", "successive", "physical"}

// fitsFunc is a command's up-front memory check (runner.CheckNeed) of
// spec on n processes (the members and the absent ones) under cfg, whose
// options are set but whose ids are not built yet.
type fitsFunc func(spec model.Spec, cfg *model.Config, n int) error

// build resolves the flags into an algorithm and a config (and the
// scenario's scripted events, if any). Every error is a usage error naming
// the offending value. fits (when not nil) is called once the number of
// processes is known from -n or from counting -ids and -absent, before
// anything proportional to it is built (the ids 1..n, the parsed -ids,
// the model's validation): a configuration over -max-mem is refused
// there. A scenario file's ids are parsed with the file (a line is at
// most 1 MiB), and the command checks them before it builds the World.
func (c *configFlags) build(reg claim.Registry, fs *flag.FlagSet, fits fitsFunc) (claim.Entry, *model.Config, []model.Event, error) {
	set := explicit(fs)
	if c.scenario != "" {
		for _, name := range configNames {
			if set[name] {
				return claim.Entry{}, nil, nil, usagef("-scenario conflicts with -%s: put the option in the scenario file", name)
			}
		}
		return loadScenario(reg, c.scenario)
	}
	spec, err := lookupAlgo(reg, c.algo, c.variant)
	if err != nil {
		return claim.Entry{}, nil, nil, err
	}
	info := spec.Meta()
	cfg := &model.Config{Algo: info.Name, Variant: c.variant, Forwarding: info.Forwarding,
		CrashBudget: c.crashBudget, Recovery: c.recovery}
	if cfg.Successive, err = model.ParsePhases(c.successive); err != nil {
		return claim.Entry{}, nil, nil, usagef("-successive: %v", err)
	}
	if cfg.Physical, err = model.ParsePhysical(c.physical); err != nil {
		return claim.Entry{}, nil, nil, usagef("-physical: %v", err)
	}
	var n int // the processes -ids or -n gives
	switch {
	case set["ids"] && set["n"]:
		return claim.Entry{}, nil, nil, usagef("-ids and -n conflict: give one")
	case c.ids != "":
		if set["order"] {
			return claim.Entry{}, nil, nil, usagef("-order applies to -n, not to -ids")
		}
		n = model.CountIDs(c.ids)
	case set["n"]:
		if c.n < 2 {
			return claim.Entry{}, nil, nil, usagef("-n %d: need at least 2 processes", c.n)
		}
		if c.order != "asc" && c.order != "desc" && c.order != "random" {
			return claim.Entry{}, nil, nil, usagef("-order %q: want asc, desc or random", c.order)
		}
		n = c.n
	default:
		return claim.Entry{}, nil, nil, usagef("missing -ids or -n")
	}
	if c.initiators != "all" {
		if cfg.Initiators, err = model.ParseIDs(c.initiators); err != nil {
			return claim.Entry{}, nil, nil, usagef("-initiators: %v", err)
		}
		if len(cfg.Initiators) == 0 {
			return claim.Entry{}, nil, nil, usagef("-initiators is empty: give all or a list of ids")
		}
	}
	if cfg.Crashed, err = model.ParseIDs(c.crashed); err != nil {
		return claim.Entry{}, nil, nil, usagef("-crashed: %v", err)
	}
	if cfg.Absent, err = model.ParseIDs(c.absent); err != nil {
		return claim.Entry{}, nil, nil, usagef("-absent: %v", err)
	}
	if err := parseTiming(cfg, c.timing, c.timeouts, c.net); err != nil {
		return claim.Entry{}, nil, nil, err
	}
	if err := parseForwarding(cfg, c.forwarding); err != nil {
		return claim.Entry{}, nil, nil, err
	}
	if c.crashBudget < 0 {
		return claim.Entry{}, nil, nil, usagef("-crash-budget %d is negative", c.crashBudget)
	}
	// The memory estimate, before the ids exist.
	if fits != nil {
		if err := fits(spec, cfg, n+len(cfg.Absent)); err != nil {
			return claim.Entry{}, nil, nil, err
		}
	}
	if c.ids != "" {
		if cfg.IDs, err = model.ParseIDs(c.ids); err != nil {
			return claim.Entry{}, nil, nil, usagef("-ids: %v", err)
		}
	} else {
		if c.n > 50_000_000 {
			return claim.Entry{}, nil, nil, usagef("-n %d: more than 50000000 processes is not supported", c.n)
		}
		cfg.IDs = orderedIDs(c.n, c.order, c.seed)
	}
	switch {
	case len(cfg.IDs) == 0:
		return claim.Entry{}, nil, nil, usagef("-ids is empty: give at least 2 process ids")
	case len(cfg.IDs) < 2:
		return claim.Entry{}, nil, nil, usagef("-ids %s: need at least 2 processes", model.FormatIDs(cfg.IDs))
	}
	for _, a := range cfg.Absent {
		for _, id := range cfg.IDs {
			if a == id {
				return claim.Entry{}, nil, nil, usagef("process %d is in both -ids and -absent", a)
			}
		}
	}
	// Let the model validate membership, duplicates and budgets.
	if err := model.Validate(info, cfg); err != nil {
		return claim.Entry{}, nil, nil, usagef("%v", err)
	}
	return spec, cfg, nil, nil
}

// orderedIDs is the ids 1..n arranged by -order (asc, desc or random
// under seed).
func orderedIDs(n int, order string, seed uint64) []model.ID {
	ids := model.IDsUpTo(n)
	if order == "desc" {
		slices.Reverse(ids)
	}
	if order == "random" {
		rng := rand.New(rand.NewPCG(seed, 0x5eed))
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	}
	return ids
}

// lookupAlgo resolves -algo among reg's algorithms and checks -variant's
// reading names against it.
func lookupAlgo(reg claim.Registry, algo, variant string) (claim.Entry, error) {
	if algo == "" {
		return claim.Entry{}, usagef("missing -algo (known: %s)", strings.Join(reg.Names(), ", "))
	}
	spec, err := reg.Lookup(algo)
	if err != nil {
		return claim.Entry{}, usagef("%v", err)
	}
	if _, err := spec.Meta().ParseVariant(variant); err != nil {
		return claim.Entry{}, usagef("%v", err)
	}
	return spec, nil
}

// parseTiming sets cfg's execution model from -timing, -timeouts and
// -net.
func parseTiming(cfg *model.Config, timing, timeouts, net string) error {
	var err error
	if cfg.Timing, err = model.ParseTiming(timing); err != nil {
		return usagef("-timing: %v", err)
	}
	if cfg.Timeouts, err = model.ParseTimeouts(timeouts); err != nil {
		return usagef("-timeouts: %v", err)
	}
	if cfg.Net, err = model.ParseNet(net); err != nil {
		return usagef("-net: %v", err)
	}
	return nil
}

// parseForwarding sets cfg.Forwarding from -forwarding: auto keeps the
// algorithm's default.
func parseForwarding(cfg *model.Config, forwarding string) error {
	switch forwarding {
	case "auto":
	case "true", "false":
		cfg.Forwarding = forwarding == "true"
	default:
		return usagef("-forwarding %q: want auto, true or false", forwarding)
	}
	return nil
}

// loadScenario reads and parses the scenario file path (-scenario), its
// algorithm one of reg's.
func loadScenario(reg claim.Registry, path string) (claim.Entry, *model.Config, []model.Event, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return claim.Entry{}, nil, nil, usagef("-scenario: %v", err)
	}
	spec, cfg, events, err := scenario.Parse(reg, path, data)
	if err != nil {
		return claim.Entry{}, nil, nil, usagef("%v", err)
	}
	return spec, cfg, events, nil
}

// stepsFlag is -max-steps: "auto" (the default: a cap derived from the
// configuration, checker.ConfigStepCap), 0 (no cap) or a positive number of
// events. Every command and engine reads it the same way.
type stepsFlag struct {
	auto bool
	n    int
}

func newStepsFlag() *stepsFlag { return &stepsFlag{auto: true} }

func (f *stepsFlag) String() string {
	if f == nil || f.auto {
		return "auto"
	}
	return strconv.Itoa(f.n)
}

func (f *stepsFlag) Set(s string) error {
	if s == "auto" {
		f.auto, f.n = true, 0
		return nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want auto, 0 (no cap) or a number of events")
	}
	if v < 0 {
		return fmt.Errorf("%d is negative (want auto, 0 for no cap, or a number of events)", v)
	}
	f.auto, f.n = false, v
	return nil
}

// options returns the flag as checker.Options.MaxSteps: 0 (the derived
// default) for auto, checker.NoCap for 0.
func (f *stepsFlag) options() int {
	switch {
	case f.auto:
		return 0
	case f.n == 0:
		return checker.NoCap
	}
	return f.n
}

// resolve returns the cap in events for cfg (0 = none).
func (f *stepsFlag) resolve(cfg *model.Config) int {
	if f.auto {
		return checker.ConfigStepCap(cfg)
	}
	return f.n
}

const stepsUsage = "cap on the events of one execution: auto (derived from n and the configuration: at least 20000, 16(n+2)^2 per possible election), 0 for no cap (then -max-mem bounds the run), or a number; a run that reaches it is unfinished (cap reached, not a verdict: exit status 4)"

// memFlag registers -max-mem on fs (default 1GiB).
func memFlag(fs *flag.FlagSet) *string {
	return fs.String("max-mem", "1GiB", "bound on the estimated memory (the World or simulator, recorded events, visited states), e.g. 512MiB, 4GiB; 0 = none. A configuration whose estimate exceeds it is refused (exit status 2); a run that reaches it stops, unfinished (exit status 4)")
}

// parseMem parses a -max-mem value and lowers the heap limit to it
// (limitHeap).
func parseMem(s string) (int64, error) {
	v, err := explore.ParseBytes(s)
	if err != nil {
		return 0, usagef("-max-mem: %v", err)
	}
	limitHeap(v)
	return v, nil
}

// minHeapLimit is the smallest -max-mem that limitHeap passes on to the
// Go runtime: below it the command's own estimate stops the work long
// before garbage matters, and a tiny limit would only make the collector
// run without pause.
const minHeapLimit = 64 << 20

// boundedGCPercent is the Go collector's GOGC while a command's memory
// limit is in force (limitHeap): the collector then runs when the heap has
// grown by four times the live data, or sooner when the heap nears the
// limit. With the default 100 it ran every time the heap doubled, and a
// breadth-first search, whose queue is live data full of pointers, spent
// about a third of its CPU marking it again and again (explore -bfs on
// Bully n = 6 with one detector: 34.8 CPU-s at GOGC=100, 23.9 at 400;
// docs/EXPLORE.md "Memory of the queue"). The limit, not the collector's
// pace, is what keeps the process near the bound.
const boundedGCPercent = 400

// limitHeap sets the Go runtime's soft memory limit to the -max-mem bound
// v (when it is at least minHeapLimit and below the limit in force), so
// that garbage is collected before the process outgrows the bound its
// estimate keeps: without it the heap may reach about twice the live
// data. Under that limit the collector's pace is boundedGCPercent, unless
// the environment sets GOGC. Main restores the previous limit and pace
// when the command returns.
func limitHeap(v int64) {
	if v >= minHeapLimit && v < debug.SetMemoryLimit(-1) {
		debug.SetMemoryLimit(v)
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(boundedGCPercent)
		}
	}
}

// gcPercent is the collector's GOGC in force (debug.SetGCPercent has no
// read-only form: it is set and set back).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}
