package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"electlab/algos"
	"electlab/checker"
	"electlab/model"
)

func specOf(s model.System) model.Spec {
	spec, _ := algos.Lookup(s.Info().Name)
	return spec
}

func cmdCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("check", "check -algo A (-ids 3,1,2 | -n N) [-schedules K] [-claim ID] [flags]", stderr)
	var cf configFlags
	cf.register(fs)
	count := fs.Int("schedules", 1000, "number of adversarial schedules to try")
	claimID := fs.String("claim", "", "check this claim's properties or bound instead of the generic ones (safety, agreement, validity, termination)")
	out := fs.String("out", ".", "directory for the counterexample trace")
	staggered := fs.Bool("staggered", false, "let the adversary interleave initiations with deliveries")
	maxSteps := fs.Int("max-steps", 20000, "cap on the events of one execution")
	jsonOut := fs.Bool("json", false, "print the result as JSON")
	schedule := fs.String("schedule", "mix", "adversary: mix (rotate oldest-first, newest-first and uniform, FIFO first), or one of fifo, random, newest, oldest")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	spec, cfg, prefix, err := cf.build(fs)
	if err != nil {
		return err
	}
	if *count < 1 {
		return usagef("-schedules %d: need at least 1", *count)
	}
	if *maxSteps < 1 {
		return usagef("-max-steps %d: need at least 1", *maxSteps)
	}
	strategies := map[string]checker.Strategy{"random": checker.Uniform, "newest": checker.Newest, "oldest": checker.Oldest}
	if _, ok := strategies[*schedule]; !ok && *schedule != "mix" && *schedule != "fifo" {
		return usagef("-schedule %q: want mix, fifo, random, newest or oldest", *schedule)
	}
	if len(prefix) > 0 {
		return usagef("check does not take scripted scenario events; use run -scenario, or drop the event lines")
	}
	info := spec.Meta()
	checks := checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	what := "safety, agreement, validity, termination"
	if *claimID != "" {
		c := info.Claim(*claimID)
		if c == nil {
			return usagef("-claim %q: not a claim of algorithm %s (see electlab list)", *claimID, info.Name)
		}
		checks = checker.ChecksOf(c)
		if c.Kind == model.Bound {
			checks.Bound = c
		}
		if c.Kind == model.Growth {
			return usagef("-claim %s is a growth claim: it is checked over sizes by electlab claims, not on one config", c.ID)
		}
		what = c.ID + ": " + claimedText(c)
	}
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		return usagef("%v", err)
	}
	eng := &checker.Engine{MaxSteps: *maxSteps, Minimize: minimize}
	if *schedule == "fifo" && *count > 1 {
		*count = 1 // the FIFO schedule is deterministic: one run covers it
	}
	for k := range *count {
		cs := &checker.Case{Config: cfg, Seed: cf.seed + uint64(k), Strategy: checker.Strategy(k % 3), Staggered: *staggered}
		switch *schedule {
		case "mix":
			cs.FIFOOnly = k == 0 && !*staggered && cfg.CrashBudget == 0
		case "fifo":
			cs.FIFOOnly = true
		default:
			cs.Strategy = strategies[*schedule]
		}
		x := checker.Execute(s0, cs.Chooser(), checks, checker.Options{MaxSteps: *maxSteps})
		if x.Violation == nil {
			continue
		}
		ce := eng.Shrink(spec, checks, cs, x)
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return usagef("-out %s: %v", *out, err)
		}
		path := filepath.Join(*out, fmt.Sprintf("electlab-%s-%s-seed%d.json", info.Name, ce.Violation.Property, cs.Seed))
		note := fmt.Sprintf("found by electlab check (schedule %d of %d, seed %d), checking %s", k+1, *count, cs.Seed, what)
		if err := saveCounterexample(path, ce, *claimID, note); err != nil {
			return err
		}
		if *jsonOut {
			writeJSON(stdout, map[string]any{"violation": ce.Violation, "trace": path, "events": len(ce.Events), "schedules_tried": k + 1})
		} else {
			fmt.Fprintf(stdout, "VIOLATION after %d schedule(s): %s\ntrace: %s (%d events; replay with: electlab replay %s)\n", k+1, ce.Violation.Error(), path, len(ce.Events), path)
		}
		return &findingError{fmt.Sprintf("%s violated; trace written to %s", ce.Violation.Property, path)}
	}
	if *jsonOut {
		return writeJSON(stdout, map[string]any{"violation": nil, "schedules_tried": *count, "checked": what})
	}
	fmt.Fprintf(stdout, "no violation in %d schedules (seeds %d..%d) checking %s\n", *count, cf.seed, cf.seed+uint64(*count)-1, what)
	return nil
}
