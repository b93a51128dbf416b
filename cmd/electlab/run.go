package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"electlab/checker"
	"electlab/model"
)

// runReport is the JSON output of `electlab run` (a contract: scripts rely
// on these field names).
type runReport struct {
	Algorithm    string              `json:"algorithm"`
	Variant      string              `json:"variant"`
	N            int                 `json:"n"`
	IDs          []model.ID          `json:"ids"`
	Options      runOptions          `json:"options"`
	Schedule     string              `json:"schedule"`
	Seed         uint64              `json:"seed"`
	Engine       string              `json:"engine"`
	Leader       model.ID            `json:"leader"`
	Agreed       bool                `json:"agreed"`
	Coordinators []model.ID          `json:"coordinators"`
	Quiescent    bool                `json:"quiescent"`
	Messages     model.MessageCounts `json:"messages"`
	Steps        int64               `json:"steps"`
	TimeHops     int64               `json:"time_hops"`
	Violations   []checker.Violation `json:"violations"`
	// Capped names the cap or bound that stopped the run before
	// quiescence (left out when none did): unfinished, not a verdict.
	Capped string `json:"capped,omitempty"`
	// MaxSteps is the step cap the run had (0 = none).
	MaxSteps int `json:"max_steps"`
}

type runOptions struct {
	Timing      string     `json:"timing"`
	Timeouts    string     `json:"timeouts"`
	Net         string     `json:"net"`
	Forwarding  bool       `json:"forwarding"`
	Initiators  []model.ID `json:"initiators"`
	Crashed     []model.ID `json:"crashed"`
	Absent      []model.ID `json:"absent"`
	CrashBudget int        `json:"crash_budget"`
	Recovery    bool       `json:"recovery"`
	// Successive is Config.Successive (left out when the run has none).
	Successive []model.Phase `json:"successive,omitempty"`
	// Physical is Config.Physical (left out for direct links).
	Physical string `json:"physical,omitempty"`
}

// physicalOption is p's name for the options, "" for direct links.
func physicalOption(p model.Physical) string {
	if p == model.Direct {
		return ""
	}
	return p.String()
}

// optionsTail is the options line's tail for successive crashes and a
// physical network ("" when the run has neither).
func optionsTail(o *runOptions) string {
	s := ""
	if len(o.Successive) > 0 {
		s += " successive=" + model.FormatPhases(o.Successive)
	}
	if o.Physical != "" {
		s += " physical=" + o.Physical
	}
	return s
}

// schedules are the -schedule values.
var schedules = []string{"fifo", "random", "newest", "oldest"}

func chooserFor(name string, seed uint64, staggered bool) (checker.Chooser, error) {
	var r *checker.Random
	switch name {
	case "fifo":
		return checker.FIFO{}, nil
	case "random":
		r = checker.NewRandom(seed, checker.Uniform)
	case "newest":
		r = checker.NewRandom(seed, checker.Newest)
	case "oldest":
		r = checker.NewRandom(seed, checker.Oldest)
	default:
		return nil, usagef("-schedule %q: want one of %s", name, strings.Join(schedules, ", "))
	}
	r.Staggered = staggered
	return r, nil
}

// cmdRun runs one execution and prints its summary (`electlab run`).
func cmdRun(args []string, stdout, stderr io.Writer) error {
	a, err := parseRunArgs(args, stderr)
	if err != nil {
		return err
	}
	rep := newRunReport(a)
	if a.useSim {
		err = runSim(a, &rep)
	} else {
		err = runWorld(a, &rep, stdout, stderr)
	}
	if err != nil {
		return err
	}
	var capped error
	if rep.Capped != "" {
		capped = &capError{fmt.Sprintf("run unfinished after %d events: cap reached (not a verdict): %s", rep.Steps, rep.Capped)}
	}
	if a.jsonOut {
		if err := writeJSON(stdout, rep); err != nil {
			return err
		}
		return capped
	}
	// A rendering is the whole of stdout: the summary goes to stderr.
	if a.render != "" {
		printRun(stderr, &rep)
	} else {
		printRun(stdout, &rep)
	}
	return capped
}

// runArgs are the flags of `electlab run`, parsed and checked, and what
// they build: the configuration, the scenario's scripted prefix, the
// chooser and the engine.
type runArgs struct {
	cf        configFlags
	jsonOut   bool
	schedule  string
	staggered bool
	maxSteps  *stepsFlag
	maxMem    int64
	engine    string
	tracePath string
	render    string
	spec      model.Spec
	cfg       *model.Config
	prefix    []model.Event
	ch        checker.Chooser
	// useSim selects the fast simulator (else the World engine).
	useSim bool
}

// parseRunArgs parses and checks run's flags.
func parseRunArgs(args []string, stderr io.Writer) (*runArgs, error) {
	a := &runArgs{maxSteps: newStepsFlag()}
	fs := newFlagSet("run", "run -algo A (-ids 3,1,2 | -n N) [flags]", stderr)
	a.cf.register(fs)
	fs.BoolVar(&a.jsonOut, "json", false, "print the summary as JSON")
	fs.StringVar(&a.schedule, "schedule", "fifo", "schedule: fifo (fair, oldest message first), random, newest (adversarial: newest message first) or oldest")
	fs.BoolVar(&a.staggered, "staggered", false, "let a random schedule interleave initiations with deliveries")
	fs.Var(a.maxSteps, "max-steps", stepsUsage)
	maxMemS := memFlag(fs)
	fs.StringVar(&a.engine, "engine", "auto", "auto (fast simulator for n > 2000 under the fifo schedule), world, or sim")
	fs.StringVar(&a.tracePath, "trace", "", "write the execution as a trace file (world engine only)")
	fs.StringVar(&a.render, "render", "", "print the execution instead of the summary (which goes to stderr): text (step table), mermaid (sequenceDiagram), svg (space-time diagram) or shiviz (ShiViz log)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return nil, err
	}
	var err error
	if a.spec, a.cfg, a.prefix, err = a.cf.build(fs); err != nil {
		return nil, err
	}
	if a.ch, err = chooserFor(a.schedule, a.cf.seed, a.staggered); err != nil {
		return nil, err
	}
	if a.maxMem, err = parseMem(*maxMemS); err != nil {
		return nil, err
	}
	if a.render != "" && !validRender(a.render) {
		return nil, usagef("-render %q: want text, mermaid, svg or shiviz", a.render)
	}
	if a.render != "" && a.jsonOut {
		return nil, usagef("-render and -json conflict: -json prints only the JSON summary (write a trace with -trace and render it with replay)")
	}
	if err := a.chooseEngine(); err != nil {
		return nil, err
	}
	return a, nil
}

// chooseEngine picks the fast simulator or the World engine (-engine),
// rejecting the flags the simulator cannot honour.
func (a *runArgs) chooseEngine() error {
	cfg := a.cfg
	switch a.engine {
	case "auto":
		a.useSim = len(cfg.IDs) > 2000 && a.schedule == "fifo" && cfg.CrashBudget == 0 && !cfg.Recovery && len(cfg.Absent) == 0 && cfg.Physical == model.Direct && len(a.prefix) == 0 && a.tracePath == "" && a.render == ""
	case "sim":
		switch {
		case a.schedule != "fifo":
			return usagef("-engine sim runs the fixed fifo schedule only: it conflicts with -schedule %s", a.schedule)
		case len(a.prefix) > 0:
			return usagef("-engine sim runs the fixed fifo schedule only: it conflicts with the scenario's event lines")
		case a.tracePath != "":
			return usagef("-engine sim records no events: it conflicts with -trace")
		case a.render != "":
			return usagef("-engine sim records no events: it conflicts with -render")
		case cfg.CrashBudget > 0 || cfg.Recovery || len(cfg.Absent) > 0:
			return usagef("-engine sim runs fixed schedules only: it conflicts with -crash-budget, -recovery and -absent")
		}
		a.useSim = true
	case "world":
	default:
		return usagef("-engine %q: want auto, world or sim", a.engine)
	}
	return nil
}

// newRunReport is the report of a run before it runs: the algorithm, the
// configuration's options, the schedule and the step cap.
func newRunReport(a *runArgs) runReport {
	cfg := a.cfg
	rep := runReport{Algorithm: cfg.Algo, N: len(cfg.IDs) + len(cfg.Absent), IDs: cfg.IDs, Schedule: a.schedule, Seed: a.cf.seed,
		Options: runOptions{Timing: cfg.Timing.String(), Timeouts: cfg.Timeouts.String(), Net: cfg.Net.String(),
			Forwarding: cfg.Forwarding, Initiators: orEmpty(cfg.Initiators), Crashed: orEmpty(cfg.Crashed),
			Absent: orEmpty(cfg.Absent), CrashBudget: cfg.CrashBudget, Recovery: cfg.Recovery, Successive: cfg.Successive,
			Physical: physicalOption(cfg.Physical)},
		Violations: []checker.Violation{}}
	info := a.spec.Meta()
	v, _ := info.ParseVariant(cfg.Variant)
	rep.Variant = info.FormatVariant(v)
	rep.MaxSteps = a.maxSteps.resolve(cfg)
	return rep
}

// runSim runs the fast simulator (fifo schedule, no events recorded) and
// judges its final state for safety, agreement and validity.
func runSim(a *runArgs, rep *runReport) error {
	spec, cfg, maxMem := a.spec, a.cfg, a.maxMem
	info := spec.Meta()
	rep.Engine = "sim"
	if err := checkMem(simBytes(spec, cfg), maxMem, "the fast simulator", cfg); err != nil {
		return err
	}
	sim, err := spec.NewSim(cfg)
	if err != nil {
		return usagef("%v", err)
	}
	if b, ok := sim.(interface {
		SetMaxMem(int64)
		SetMemProbe(func() int64)
	}); ok {
		b.SetMaxMem(maxMem)
		b.SetMemProbe(heapInUse)
	}
	defer boundMemory(maxMem)()
	res := sim.Run(int64(rep.MaxSteps))
	rep.Capped = res.Capped
	topo, _ := model.NewTopology(info.Topology, append(append([]model.ID(nil), cfg.IDs...), cfg.Absent...))
	final := &model.Final{Alg: info, T: topo, Views: res.Views, Statuses: res.Status}
	rep.Leader, rep.Agreed = model.AgreedLeader(final)
	rep.Coordinators = []model.ID{}
	rep.TimeHops = -1
	for i, vw := range res.Views {
		if res.Status[i] == model.Live && vw.Coordinator {
			rep.Coordinators = append(rep.Coordinators, topo.Order[i])
		}
		if res.Status[i] == model.Live && int64(res.LearnHops[i]) > rep.TimeHops {
			rep.TimeHops = int64(res.LearnHops[i])
		}
	}
	rep.Quiescent, rep.Steps = res.Quiescent, res.Events
	rep.Messages = model.NamedCounts(info, &res.Counts)
	switch {
	case res.Capped != "":
		// Unfinished: not a verdict.
	case !res.Quiescent:
		rep.Violations = append(rep.Violations, checker.Violation{Property: checker.PropTermination, Message: fmt.Sprintf("not quiescent after %d events", res.Events)})
	default:
		for _, c := range []struct {
			name string
			f    func(model.Snapshot) error
		}{{checker.PropSafety, checker.SingleCoordinator}, {checker.PropAgreement, checker.Agreement}, {checker.PropValidity, checker.Validity}} {
			if err := c.f(final); err != nil {
				rep.Violations = append(rep.Violations, checker.Violation{Property: c.name, Message: err.Error()})
			}
		}
	}
	if res.Faults > 0 {
		rep.Violations = append(rep.Violations, checker.Violation{Property: checker.PropModel, Message: fmt.Sprintf("%d sends to non-members", res.Faults)})
	}
	return nil
}

// runWorld runs the World engine under the chosen schedule (after the
// scenario's scripted prefix), checking every property as it goes, and
// writes the trace or rendering asked for.
func runWorld(a *runArgs, rep *runReport, stdout, stderr io.Writer) error {
	spec, cfg, maxMem := a.spec, a.cfg, a.maxMem
	props := model.Safety | model.Agreement | model.Validity | model.Termination
	rep.Engine = "world"
	// The initial World and the running copy.
	if err := checkMem(2*worldBytes(spec, cfg), maxMem, "the World engine", cfg); err != nil {
		return err
	}
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		return usagef("%v", err)
	}
	defer boundMemory(maxMem)()
	x, err := runPrefixed(s0, a.prefix, a.ch, checker.Checks{Props: props}, checker.Options{MaxSteps: a.maxSteps.options(), MaxMem: maxMem, MemProbe: heapInUse})
	if err != nil {
		return err
	}
	rep.Capped = x.CapReason
	out := model.Summarize(x.Final)
	rep.Leader, rep.Agreed, rep.Coordinators = out.Leader, out.Agreed, out.Coordinators
	rep.Quiescent, rep.Steps, rep.Messages = out.Quiescent, out.Events, out.Messages
	rep.TimeHops = checker.MeasuredTime(x.Final)
	if x.Violation != nil {
		rep.Violations = append(rep.Violations, *x.Violation)
	}
	return writeOutputs(x, a.tracePath, a.render, stdout, stderr)
}

// runPrefixed applies a scenario's scripted events, then continues with ch.
func runPrefixed(s0 model.System, prefix []model.Event, ch checker.Chooser, checks checker.Checks, opt checker.Options) (*checker.Execution, error) {
	if len(prefix) == 0 {
		return checker.Execute(s0, ch, checks, opt), nil
	}
	pre, err := checker.Replay(s0, prefix, checker.Checks{Props: checks.Props &^ (model.Agreement | model.Validity | model.Termination)}, false)
	if err != nil {
		return nil, usagef("scenario: %v", err)
	}
	if pre.Violation != nil {
		return pre, nil
	}
	rest := checker.Execute(pre.Final, ch, checks, opt)
	x := &checker.Execution{Initial: s0, Final: rest.Final, Events: append(pre.Events, rest.Events...), Quiescent: rest.Quiescent, Violation: rest.Violation,
		Livelock: rest.Livelock, Capped: rest.Capped, CapReason: rest.CapReason, MemEstimate: rest.MemEstimate, NotApplicable: rest.NotApplicable}
	if x.Violation != nil && x.Violation.Step > 0 {
		x.Violation.Step += len(pre.Events)
	}
	return x, nil
}

func orEmpty(ids []model.ID) []model.ID {
	if ids == nil {
		return []model.ID{}
	}
	return ids
}

func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func printRun(w io.Writer, r *runReport) {
	fmt.Fprintf(w, "algorithm    %s (variant %s)\n", r.Algorithm, r.Variant)
	fmt.Fprintf(w, "processes    n=%d, ids %s\n", r.N, abbreviate(model.FormatIDs(r.IDs)))
	inits := "all"
	if len(r.Options.Initiators) > 0 {
		inits = model.FormatIDs(r.Options.Initiators)
	}
	fmt.Fprintf(w, "options      timing=%s timeouts=%s net=%s forwarding=%t initiators=%s crashed=%s crash-budget=%d%s\n",
		r.Options.Timing, r.Options.Timeouts, r.Options.Net, r.Options.Forwarding, abbreviate(inits), orNone(r.Options.Crashed), r.Options.CrashBudget, optionsTail(&r.Options))
	fmt.Fprintf(w, "schedule     %s (seed %d, %s engine)\n", r.Schedule, r.Seed, r.Engine)
	if r.Agreed {
		fmt.Fprintf(w, "leader       %d, agreed by every live process\n", r.Leader)
	} else {
		fmt.Fprintf(w, "leader       no agreement\n")
	}
	fmt.Fprintf(w, "coordinators %s\n", orNone(r.Coordinators))
	kinds := make([]string, 0, len(r.Messages.ByKind))
	for k := range r.Messages.ByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var per []string
	for _, k := range kinds {
		per = append(per, fmt.Sprintf("%s %d", k, r.Messages.ByKind[k].Sends))
	}
	fmt.Fprintf(w, "messages     sends %d (%s), transmissions %d, deliveries %d, forwarded by crashed nodes %d\n",
		r.Messages.Sends, strings.Join(per, ", "), r.Messages.Transmissions, r.Messages.Deliveries, r.Messages.Forwards)
	q := "quiescent"
	switch {
	case r.Capped != "":
		q = "NOT quiescent: cap reached (not a verdict): " + r.Capped
	case !r.Quiescent:
		q = "NOT quiescent"
	}
	fmt.Fprintf(w, "steps        %d (%s)\n", r.Steps, q)
	fmt.Fprintf(w, "time         %d link delays (longest causal message chain to the last decision)\n", r.TimeHops)
	if len(r.Violations) == 0 {
		fmt.Fprintf(w, "violations   none\n")
	}
	for _, v := range r.Violations {
		fmt.Fprintf(w, "violation    %s\n", v.Error())
	}
}

func orNone(ids []model.ID) string {
	if len(ids) == 0 {
		return "none"
	}
	return abbreviate(model.FormatIDs(ids))
}

// abbreviate shortens very long id lists for the terminal, saying so.
func abbreviate(s string) string {
	const max = 120
	if len(s) <= max {
		return s
	}
	return s[:max] + fmt.Sprintf("... (%d characters; use -json for all)", len(s))
}
