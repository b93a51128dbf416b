package cli

import (
	"io"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/internal/report"
	"github.com/electlab/electlab/internal/runner"
	"github.com/electlab/electlab/model"
)

// parseCheckArgs parses and checks check's flags into the search to make
// (`electlab check`: search adversarial schedules of one configuration for
// a property violation, writing a trace of the first).
//
// With -part it is one part of a split check (runner.Check.Parts); with
// -merge, the merge of the parts' files (checkMerge).
func parseCheckArgs(tl runner.Tool, args []string, stderr io.Writer) (work, error) {
	a := &runner.Check{Tool: tl}
	var cf configFlags
	maxSteps := newStepsFlag()
	fs := newFlagSet("check", "check -algo A (-ids 3,1,2 | -n N) [-schedules K] [-claim ID] [-part i/k|auto] [flags]  |  check -merge PART.json...", stderr)
	cf.register(fs)
	fs.IntVar(&a.Count, "schedules", 1000, "number of adversarial schedules to try")
	fs.StringVar(&a.ClaimID, "claim", "", "check this claim's properties or bound instead of the generic ones (safety, agreement, validity, termination)")
	fs.StringVar(&a.Out, "out", ".", "directory for the counterexample trace")
	fs.BoolVar(&a.Staggered, "staggered", false, "let the adversary interleave initiations with deliveries")
	fs.Var(maxSteps, "max-steps", stepsUsage)
	maxMemS := memFlag(fs)
	fs.BoolVar(&a.JSON, "json", false, "print the result as JSON")
	boundText := fs.String("bound", "", "also check this bound on every execution, e.g. 'sends <= 3*n - 1' (the language: docs/FORMULA.md; the names: docs/CLI.md); a violation is a finding with a minimal trace")
	fs.StringVar(&a.Schedule, "schedule", "mix", "adversary: mix (rotate oldest-first, newest-first and uniform, FIFO first), or one of fifo, random, newest, oldest")
	partText := fs.String("part", "", "run part i of k (i/k, 1-based) of the schedules and write a part file (-part-out) for check -merge; auto: i/k from a Slurm job array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with -parts)")
	parts := fs.Int("parts", 0, "with -part auto under a Kubernetes Indexed Job: the number of parts k (the Job's completions)")
	partOut := fs.String("part-out", "", "with -part: the part file to write (default electlab-check-part-I-of-K.json)")
	merge := fs.Bool("merge", false, "merge the part files of a split check (positional arguments) and print what the unsplit check prints; takes only -out and -json besides")
	pos, err := parseFlags(fs, args, 1<<20)
	if err != nil {
		return nil, err
	}
	if *merge {
		if err := mergeOnly(fs, a.Out); err != nil {
			return nil, err
		}
		return &checkMerge{tl: tl, files: pos, out: a.Out, json: a.JSON}, nil
	}
	if len(pos) > 0 {
		return nil, usagef("%s: unexpected argument %q", fs.Name(), pos[0])
	}
	if err := parsePart(a, fs, *partText, *parts, *partOut); err != nil {
		return nil, err
	}
	var prefix []model.Event
	if a.MaxMem, err = parseMem(*maxMemS); err != nil {
		return nil, err
	}
	if a.Spec, a.Config, prefix, err = cf.build(tl.Reg, fs, worldFits(a.MaxMem)); err != nil {
		return nil, err
	}
	a.Seed, a.MaxSteps, a.StepCap = cf.seed, maxSteps.options(), maxSteps.resolve(a.Config)
	if a.Count < 1 {
		return nil, usagef("-schedules %d: need at least 1", a.Count)
	}
	if !runner.ValidCheckSchedule(a.Schedule) {
		return nil, usagef("-schedule %q: want mix, fifo, random, newest or oldest", a.Schedule)
	}
	if len(prefix) > 0 {
		return nil, usagef("check does not take scripted scenario events; use run -scenario, or drop the event lines")
	}
	if err := chooseChecks(a); err != nil {
		return nil, err
	}
	if err := addBound(a, *boundText, explicit(fs)["bound"]); err != nil {
		return nil, err
	}
	if a.Parts > 0 {
		// A part writes no trace (the merge does): only its part file.
		if err := checkOutputs(fileOut("-part-out", a.PartOut)); err != nil {
			return nil, err
		}
		return a, nil
	}
	if err := checkOutputs(dirOut("-out", a.Out)); err != nil {
		return nil, err
	}
	return a, nil
}

// worldFits is the memory check of a command that runs the World engine
// (check) under -max-mem maxMem.
func worldFits(maxMem int64) fitsFunc {
	return func(spec model.Spec, cfg *model.Config, n int) error {
		return runner.CheckNeed(spec, n, cfg.Timing == model.Sync, runner.WorldRun, maxMem)
	}
}

// chooseChecks sets the checks: the generic properties, or -claim's
// properties or bound.
func chooseChecks(a *runner.Check) error {
	info := a.Spec.Meta()
	a.Checks, a.What = runner.KindChecks(info), runner.KindWhat(info)
	if a.ClaimID == "" {
		return nil
	}
	c := claim.EntryOf(a.Spec).Claim(a.ClaimID)
	if c == nil {
		return usagef("-claim %q: not a claim of algorithm %s (see electlab list)", a.ClaimID, info.Name)
	}
	a.Checks = checker.ChecksOf(c)
	if c.Kind == claim.Growth {
		return usagef("-claim %s is a growth claim: it is checked over sizes by electlab claims, not on one config", c.ID)
	}
	a.What = c.ID + ": " + report.ClaimedText(c)
	return nil
}

// addBound adds -bound to the checks (it conflicts with -claim).
func addBound(a *runner.Check, text string, set bool) error {
	if !set {
		return nil
	}
	if a.ClaimID != "" {
		return usagef("-bound and -claim conflict: -bound is checked with the generic properties; check the claim on its own")
	}
	b, err := parseBound(text, a.Spec.Meta(), a.Config, bound.Execution)
	if err != nil {
		return err
	}
	a.Bound = b
	a.Checks.Bound = b.Checker()
	a.What += " and the bound " + b.String()
	return nil
}

// parseBound parses a -bound value for cfg's algorithm and timing.
func parseBound(text string, info *model.Info, cfg *model.Config, scope bound.Scope) (*bound.Bound, error) {
	b, err := bound.Parse(text, info, cfg.Timing == model.Sync, scope)
	if err != nil {
		return nil, usagef("-bound %q: %v", text, err)
	}
	return b, nil
}
