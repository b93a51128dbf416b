package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"electlab/algos"
	"electlab/checker"
	"electlab/checker/claims"
	"electlab/internal/report"
	"electlab/model"
	"electlab/traces"
)

func specOf(s model.System) model.Spec {
	spec, _ := algos.Lookup(s.Info().Name)
	return spec
}

// cmdCheck searches adversarial schedules of one configuration for a
// property violation (`electlab check`), writing a trace of the first.
func cmdCheck(args []string, stdout, stderr io.Writer) error {
	a, err := parseCheckArgs(args, stderr)
	if err != nil {
		return err
	}
	spec, cfg, maxMem := a.spec, a.cfg, a.maxMem
	// The initial World and the running copy.
	if err := checkMem(2*worldBytes(spec, cfg), maxMem, "the World engine", cfg); err != nil {
		return err
	}
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		return usagef("%v", err)
	}
	opt := checker.Options{MaxSteps: a.maxSteps.options(), MaxMem: maxMem, MemProbe: heapInUse}
	defer boundMemory(maxMem)()
	eng := &claims.Engine{MaxSteps: a.maxSteps.resolve(cfg)}
	if a.schedule == "fifo" && a.count > 1 {
		a.count = 1 // the FIFO schedule is deterministic: one run covers it
	}
	capped, firstCap := 0, ""
	progress := checkProgress(stderr, a.count)
	for k := range a.count {
		progress(k)
		cs := a.caseFor(k)
		x := checker.Execute(s0, cs.Chooser(), a.checks, opt)
		if x.Violation == nil {
			if x.Capped {
				if capped == 0 {
					firstCap = fmt.Sprintf("seed %d stopped after %d events at %s", cs.Seed, len(x.Events), x.CapReason)
				}
				capped++
			}
			continue
		}
		return a.reportViolation(eng, cs, x, opt, k, stdout, stderr)
	}
	return a.reportNoViolation(capped, firstCap, stdout)
}

// checkStrategies are the -schedule values of check that name one
// adversary.
var checkStrategies = map[string]checker.Strategy{"random": checker.Uniform, "newest": checker.Newest, "oldest": checker.Oldest}

// checkArgs are the flags of `electlab check`, parsed and checked, and
// what they build: the configuration and the checks (with their
// description).
type checkArgs struct {
	cf        configFlags
	count     int
	claimID   string
	out       string
	staggered bool
	maxSteps  *stepsFlag
	maxMem    int64
	jsonOut   bool
	schedule  string
	spec      model.Spec
	info      *model.Info
	cfg       *model.Config
	checks    checker.Checks
	// what names what is checked (the generic properties or the claim).
	what string
}

// parseCheckArgs parses and checks check's flags.
func parseCheckArgs(args []string, stderr io.Writer) (*checkArgs, error) {
	a := &checkArgs{maxSteps: newStepsFlag()}
	fs := newFlagSet("check", "check -algo A (-ids 3,1,2 | -n N) [-schedules K] [-claim ID] [flags]", stderr)
	a.cf.register(fs)
	fs.IntVar(&a.count, "schedules", 1000, "number of adversarial schedules to try")
	fs.StringVar(&a.claimID, "claim", "", "check this claim's properties or bound instead of the generic ones (safety, agreement, validity, termination)")
	fs.StringVar(&a.out, "out", ".", "directory for the counterexample trace")
	fs.BoolVar(&a.staggered, "staggered", false, "let the adversary interleave initiations with deliveries")
	fs.Var(a.maxSteps, "max-steps", stepsUsage)
	maxMemS := memFlag(fs)
	fs.BoolVar(&a.jsonOut, "json", false, "print the result as JSON")
	fs.StringVar(&a.schedule, "schedule", "mix", "adversary: mix (rotate oldest-first, newest-first and uniform, FIFO first), or one of fifo, random, newest, oldest")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return nil, err
	}
	var prefix []model.Event
	var err error
	if a.spec, a.cfg, prefix, err = a.cf.build(fs); err != nil {
		return nil, err
	}
	if a.count < 1 {
		return nil, usagef("-schedules %d: need at least 1", a.count)
	}
	if a.maxMem, err = parseMem(*maxMemS); err != nil {
		return nil, err
	}
	if _, ok := checkStrategies[a.schedule]; !ok && a.schedule != "mix" && a.schedule != "fifo" {
		return nil, usagef("-schedule %q: want mix, fifo, random, newest or oldest", a.schedule)
	}
	if len(prefix) > 0 {
		return nil, usagef("check does not take scripted scenario events; use run -scenario, or drop the event lines")
	}
	if err := a.chooseChecks(); err != nil {
		return nil, err
	}
	return a, nil
}

// chooseChecks sets the checks: the generic properties, or -claim's
// properties or bound.
func (a *checkArgs) chooseChecks() error {
	a.info = a.spec.Meta()
	a.checks = checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	a.what = "safety, agreement, validity, termination"
	if a.claimID == "" {
		return nil
	}
	c := a.info.Claim(a.claimID)
	if c == nil {
		return usagef("-claim %q: not a claim of algorithm %s (see electlab list)", a.claimID, a.info.Name)
	}
	a.checks = checker.ChecksOf(c)
	if c.Kind == model.Bound {
		a.checks.Bound = c
	}
	if c.Kind == model.Growth {
		return usagef("-claim %s is a growth claim: it is checked over sizes by electlab claims, not on one config", c.ID)
	}
	a.what = c.ID + ": " + report.ClaimedText(c)
	return nil
}

// caseFor is schedule k of the search: its seed and adversary.
func (a *checkArgs) caseFor(k int) *checker.Case {
	cs := &checker.Case{Config: a.cfg, Seed: a.cf.seed + uint64(k), Strategy: checker.Strategy(k % 3), Staggered: a.staggered}
	switch a.schedule {
	case "mix":
		cs.FIFOOnly = k == 0 && !a.staggered && a.cfg.CrashBudget == 0
	case "fifo":
		cs.FIFOOnly = true
	default:
		cs.Strategy = checkStrategies[a.schedule]
	}
	return cs
}

// reportViolation shrinks the violation x found by schedule k, writes its
// trace (unless over the trace limit), prints it and returns the finding.
func (a *checkArgs) reportViolation(eng *claims.Engine, cs *checker.Case, x *checker.Execution, opt checker.Options, k int, stdout, stderr io.Writer) error {
	ce, shrunk := shrinkCheck(eng, a.spec, a.checks, cs, x, opt)
	if err := os.MkdirAll(a.out, 0o755); err != nil {
		return usagef("-out %s: %v", a.out, err)
	}
	path := filepath.Join(a.out, fmt.Sprintf("electlab-%s-%s-seed%d.json", a.info.Name, ce.Violation.Property, cs.Seed))
	note := fmt.Sprintf("found by electlab check (schedule %d of %d, seed %d), checking %s", k+1, a.count, cs.Seed, a.what)
	if shrunk != "" {
		note += "; " + shrunk
	}
	saved, notes, err := saveCounterexample(path, ce, a.claimID, note)
	if err != nil {
		return err
	}
	if notes != "" {
		fmt.Fprintf(stderr, "electlab: %s\n", notes)
	}
	if shrunk != "" {
		fmt.Fprintf(stderr, "electlab: %s\n", shrunk)
	}
	if !saved {
		path = ""
	}
	if a.jsonOut {
		writeJSON(stdout, map[string]any{"violation": ce.Violation, "trace": path, "events": len(ce.Events), "schedules_tried": k + 1})
	} else if saved {
		fmt.Fprintf(stdout, "VIOLATION after %d schedule(s): %s\ntrace: %s (%d events; replay with: electlab replay %s)\n", k+1, ce.Violation.Error(), path, len(ce.Events), path)
	} else {
		fmt.Fprintf(stdout, "VIOLATION after %d schedule(s): %s\n%s\n", k+1, ce.Violation.Error(), notes)
	}
	if !saved {
		return &findingError{fmt.Sprintf("%s violated; the trace (%d events) is over the trace limit and was not written", ce.Violation.Property, len(ce.Events))}
	}
	return &findingError{fmt.Sprintf("%s violated; trace written to %s", ce.Violation.Property, path)}
}

// reportNoViolation prints the outcome of a search that found no
// violation; capped schedules (firstCap the first) make it a cap error.
func (a *checkArgs) reportNoViolation(capped int, firstCap string, stdout io.Writer) error {
	count, seed := a.count, a.cf.seed
	done := count - capped
	if a.jsonOut {
		if err := writeJSON(stdout, map[string]any{"violation": nil, "schedules_tried": count, "schedules_unfinished": capped, "checked": a.what}); err != nil {
			return err
		}
	} else if capped == 0 {
		fmt.Fprintf(stdout, "no violation in %d schedules (seeds %d..%d) checking %s\n", count, seed, seed+uint64(count)-1, a.what)
	} else {
		fmt.Fprintf(stdout, "no violation in %d finished schedules of %d (seeds %d..%d) checking %s\n", done, count, seed, seed+uint64(count)-1, a.what)
		fmt.Fprintf(stdout, "unfinished   %d schedule(s) reached a cap (not a verdict; first: %s)\n", capped, firstCap)
	}
	if capped > 0 {
		return &capError{fmt.Sprintf("%d of %d schedules unfinished: cap reached (not a verdict); raise -max-steps or -max-mem", capped, count)}
	}
	return nil
}

// shrinkBudget bounds the work of shrinking one counterexample of check:
// the total events of the candidate executions judged.
const shrinkBudget = 20_000_000

// shrinkLimit is the length up to which check shrinks a counterexample as
// the claims engine does (smaller configurations, then a 1-minimal event
// list); a longer one is only minimized, within shrinkBudget.
const shrinkLimit = 2000

// shrinkCheck shrinks check's violating execution x. A short one goes
// through the claims engine's shrinker; a long one (a large n) only
// through a bounded minimization, since every candidate replays the whole
// execution. note says when the result may not be minimal.
func shrinkCheck(eng *claims.Engine, spec model.Spec, checks checker.Checks, cs *checker.Case, x *checker.Execution, opt checker.Options) (*checker.Counterexample, string) {
	if len(x.Events) <= shrinkLimit {
		return eng.Shrink(spec, checks, cs, x), ""
	}
	prop := x.Violation.Property
	s0 := x.Initial
	events, done := traces.MinimizeWithin(x.Events, func(evs []model.Event) bool {
		y := checker.Complete(s0, evs, checks, opt)
		return y.Violation != nil && y.Violation.Property == prop
	}, shrinkBudget)
	y := checker.Complete(s0, events, checks, opt)
	if y.Violation == nil || y.Violation.Property != prop {
		// Cannot happen for a deterministic property; keep the original.
		y = x
	}
	note := ""
	if !done {
		note = fmt.Sprintf("shrinking stopped at its budget of %d replayed events: the trace (%d of the %d events found) may not be minimal", shrinkBudget, len(y.Events), len(x.Events))
	}
	return &checker.Counterexample{N: s0.N(), Config: cs.Config, Events: y.Events, Violation: y.Violation, Initial: s0}, note
}

// checkProgress returns a function that check calls before schedule k:
// once the search has run two seconds it prints, every two seconds, a
// progress line on stderr (schedules done, rate, ETA), when stderr is a
// file (the process's own; not a buffer a caller inspects). It is a wall
// clock on stderr only; it never changes the results.
func checkProgress(stderr io.Writer, total int) func(k int) {
	if _, ok := stderr.(*os.File); !ok {
		return func(int) {}
	}
	t0 := time.Now()
	last := t0
	return func(k int) {
		now := time.Now()
		if k == 0 || now.Sub(t0) < progressEvery || now.Sub(last) < progressEvery {
			return
		}
		last = now
		el := now.Sub(t0).Seconds()
		rate := float64(k) / el
		fmt.Fprintf(stderr, "electlab: check: %d of %d schedules, %.1f schedules/s, %.0fs elapsed, ETA %.0fs\n", k, total, rate, el, float64(total-k)/rate)
	}
}
