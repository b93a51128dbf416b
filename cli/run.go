package cli

import (
	"io"

	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/internal/runner"
	"github.com/electlab/electlab/model"
)

// cmdRun runs one execution and prints its summary (`electlab run`).
func cmdRun(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
	a, err := parseRunArgs(tl, args, stderr)
	if err != nil {
		return err
	}
	rep := render.NewRunReport(a.run.Spec, a.run.Config, a.schedule, a.cf.seed, a.maxSteps.resolve(a.run.Config))
	if a.useSim {
		err = a.run.Sim(&rep, stderr)
	} else {
		err = a.run.World(&rep, stdout, stderr)
	}
	if err != nil {
		return err
	}
	var capped error
	switch {
	case rep.Capped == "interrupted":
		capped = exit.Interruptedf("interrupted: run unfinished after %d events (not a verdict)", rep.Steps)
	case rep.Capped != "":
		capped = exit.Capf("run unfinished after %d events: cap reached (not a verdict): %s", rep.Steps, rep.Capped)
	}
	if capped == nil && rep.Bound != nil && !rep.Bound.Holds {
		capped = exit.Findingf("the bound %s is violated: %s against %s", rep.Bound.Bound, rep.Bound.LHS, rep.Bound.RHS)
	}
	if a.jsonOut {
		if err := render.WriteJSON(stdout, rep); err != nil {
			return err
		}
		return capped
	}
	// A rendering (or a trace) is the whole of stdout: the summary goes to
	// stderr.
	if a.run.Render != "" || a.run.TracePath == "-" {
		render.PrintRun(stderr, &rep)
	} else {
		render.PrintRun(stdout, &rep)
	}
	return capped
}

// runArgs are the flags of `electlab run`, parsed and checked, and the
// execution they describe.
type runArgs struct {
	cf        configFlags
	jsonOut   bool
	schedule  string
	staggered bool
	maxSteps  *stepsFlag
	engine    string
	run       runner.Run
	// useSim selects the fast simulator (else the World engine).
	useSim bool
}

// parseRunArgs parses and checks run's flags.
func parseRunArgs(tl runner.Tool, args []string, stderr io.Writer) (*runArgs, error) {
	a := &runArgs{maxSteps: newStepsFlag()}
	fs := newFlagSet("run", "run -algo A (-ids 3,1,2 | -n N) [flags]", stderr)
	a.cf.register(fs)
	fs.BoolVar(&a.jsonOut, "json", false, "print the summary as JSON")
	fs.StringVar(&a.schedule, "schedule", "fifo", "schedule: fifo (fair, oldest message first), random, newest (adversarial: newest message first) or oldest")
	fs.BoolVar(&a.staggered, "staggered", false, "let a random schedule interleave initiations with deliveries")
	fs.Var(a.maxSteps, "max-steps", stepsUsage)
	maxMemS := memFlag(fs)
	boundText := fs.String("bound", "", "judge this bound on the execution, e.g. 'sends <= 3*n - 1' (docs/FORMULA.md; the names: docs/CLI.md); violated: exit status 1")
	fs.StringVar(&a.engine, "engine", "auto", "auto (fast simulator for n > 2000 under the fifo schedule), world, or sim")
	fs.StringVar(&a.run.TracePath, "trace", "", "write the execution as a trace file (world engine only)")
	fs.StringVar(&a.run.Render, "render", "", "print the execution instead of the summary (which goes to stderr): text (step table), mermaid (sequenceDiagram), svg (space-time diagram) or shiviz (ShiViz log)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return nil, err
	}
	var err error
	r := &a.run
	if r.MaxMem, err = parseMem(*maxMemS); err != nil {
		return nil, err
	}
	if r.Spec, r.Config, r.Prefix, err = a.cf.build(tl.Reg, fs, a.fits); err != nil {
		return nil, err
	}
	if r.Chooser, err = runner.Chooser(a.schedule, a.cf.seed, a.staggered); err != nil {
		return nil, err
	}
	r.Seed = a.cf.seed
	r.MaxSteps = a.maxSteps.options()
	if r.Render != "" && !runner.ValidRender(r.Render) {
		return nil, usagef("-render %q: want text, mermaid, svg or shiviz", r.Render)
	}
	if r.Render != "" && a.jsonOut {
		return nil, usagef("-render and -json conflict: -json prints only the JSON summary (write a trace with -trace and render it with replay)")
	}
	if r.TracePath == "-" && (r.Render != "" || a.jsonOut) {
		return nil, usagef("-trace - writes the trace to stdout: it conflicts with -render and -json, which print there too")
	}
	if err := checkOutputs(fileOut("-trace", r.TracePath)); err != nil {
		return nil, err
	}
	if err := a.chooseEngine(); err != nil {
		return nil, err
	}
	if explicit(fs)["bound"] {
		if r.Bound, err = parseBound(*boundText, r.Spec.Meta(), r.Config, bound.Execution); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// chooseEngine picks the fast simulator or the World engine (-engine),
// rejecting the flags the simulator cannot honour.
func (a *runArgs) chooseEngine() error {
	cfg, r := a.run.Config, &a.run
	switch a.engine {
	case "auto":
		a.useSim = a.simFor(cfg, len(cfg.IDs)+len(cfg.Absent))
	case "sim":
		switch {
		case a.schedule != "fifo":
			return usagef("-engine sim runs the fixed fifo schedule only: it conflicts with -schedule %s", a.schedule)
		case len(r.Prefix) > 0:
			return usagef("-engine sim runs the fixed fifo schedule only: it conflicts with the scenario's event lines")
		case r.TracePath != "":
			return usagef("-engine sim records no events: it conflicts with -trace")
		case r.Render != "":
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

// simFor reports whether -engine picks the fast simulator for n processes
// (members and absent ones) under cfg: sim, or auto for more than 2000
// processes under the fifo schedule, when the simulator can honour every
// flag.
func (a *runArgs) simFor(cfg *model.Config, n int) bool {
	r := &a.run
	switch a.engine {
	case "sim":
		return true
	case "auto":
		return n > 2000 && a.schedule == "fifo" && cfg.CrashBudget == 0 && !cfg.Recovery && len(cfg.Absent) == 0 && cfg.Physical == model.Direct && len(r.Prefix) == 0 && r.TracePath == "" && r.Render == ""
	}
	return false
}

// fits is run's memory check, before the ids exist: the estimate of the
// engine simFor picks for n processes.
func (a *runArgs) fits(spec model.Spec, cfg *model.Config, n int) error {
	w := runner.WorldRun
	if a.simFor(cfg, n) {
		w = runner.SimRun
	}
	return runner.CheckNeed(spec, n, cfg.Timing == model.Sync, w, a.run.MaxMem)
}

// writeJSON writes v as indented JSON (render.WriteJSON).
func writeJSON(w io.Writer, v any) error { return render.WriteJSON(w, v) }
