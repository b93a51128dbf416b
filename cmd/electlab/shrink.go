package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"electlab/algos"
	"electlab/checker"
	"electlab/checker/explore"
	"electlab/model"
	"electlab/traces"
)

// traceLoadFactor is the estimated memory of a loaded trace per byte of
// its file (decoded steps, snapshots and the JSON decoder's buffers).
const traceLoadFactor = 4

// loadTraceBounded loads the trace file path after checking that its
// estimated memory (traceLoadFactor times its size, plus two Worlds of its
// configuration) fits maxMem (0 = none). Every error is a usage error.
func loadTraceBounded(path string, maxMem int64) (*traces.Trace, model.Spec, error) {
	if maxMem > 0 {
		if fi, err := os.Stat(path); err == nil && fi.Size()*traceLoadFactor > maxMem {
			return nil, nil, usagef("%s: loading this %s trace needs about %s (estimate), over -max-mem %s: raise -max-mem (0 for none)",
				path, formatSize(fi.Size()), formatSize(fi.Size()*traceLoadFactor), formatSize(maxMem))
		}
	}
	t, err := traces.Load(path)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	spec, err := algos.Lookup(t.Config.Algo)
	if err != nil {
		return nil, nil, usagef("%s: %v", path, err)
	}
	if err := checkMem(2*worldBytes(spec, t.Config), maxMem, "replaying the trace", t.Config); err != nil {
		return nil, nil, err
	}
	return t, spec, nil
}

// formatSize renders a byte count with a binary unit.
func formatSize(b int64) string { return explore.FormatBytes(b) }

// cmdShrink shrinks a trace file (written by run -trace, check or explore)
// to a 1-minimal schedule that shows the same violation, and writes it as
// a new trace.
func cmdShrink(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("shrink", "shrink FILE [-o FILE] [-budget N] [-max-mem SIZE]", stderr)
	outPath := fs.String("o", "", "write the shrunk trace here (default: FILE with .shrunk.json instead of .json)")
	budget := fs.Int64("budget", 20_000_000, "bound on the work of shrinking: the total events of the candidate executions replayed (0 = none); a shrink stopped by it says so")
	maxSteps := newStepsFlag()
	fs.Var(maxSteps, "max-steps", "cap on the events of each candidate's fair completion: auto (derived from n), 0 (none) or a number")
	maxMemS := memFlag(fs)
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("shrink: missing trace FILE")
	}
	if *budget < 0 {
		return usagef("-budget %d is negative", *budget)
	}
	maxMem, err := parseMem(*maxMemS)
	if err != nil {
		return err
	}
	in := pos[0]
	t, spec, err := loadTraceBounded(in, maxMem)
	if err != nil {
		return err
	}
	// The trace must replay exactly before it is shrunk.
	rep, err := traces.Replay(spec, t)
	var div *traces.DivergenceError
	var outErr *traces.OutcomeError
	switch {
	case errors.As(err, &div), errors.As(err, &outErr):
		return &findingError{fmt.Sprintf("%s: cannot shrink a trace that does not replay: %v", in, err)}
	case err != nil:
		return usagef("%s: %v", in, err)
	}
	claim, prop := "", ""
	checks := checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	if t.Violation != nil {
		if checks, err = checker.ChecksFor(spec.Meta(), t.Violation.Property); err != nil {
			return usagef("%s: %v", in, err)
		}
		prop = t.Violation.Property
		if c, p, ok := strings.Cut(prop, "/"); ok {
			claim, prop = c, p
		}
	}
	x, err := checker.Replay(rep.Initial, t.Events(), checks, false)
	if err != nil {
		return usagef("%s: %v", in, err)
	}
	switch {
	case x.Violation == nil:
		return usagef("%s shows no violation: nothing to shrink (shrink keeps a violation while removing events)", in)
	case prop == "":
		prop = x.Violation.Property
	case x.Violation.Property != prop:
		return &findingError{fmt.Sprintf("%s: the recorded violation (%s) reproduces as %s", in, t.Violation.Property, x.Violation.Error())}
	}
	opt := checker.Options{MaxSteps: maxSteps.options(), MaxMem: maxMem, MemProbe: heapInUse}
	defer boundMemory(maxMem)()
	fails := func(evs []model.Event) bool {
		y := checker.Complete(rep.Initial, evs, checks, opt)
		return y.Violation != nil && y.Violation.Property == prop
	}
	events, done := traces.MinimizeWithin(t.Events(), fails, *budget)
	y := checker.Complete(rep.Initial, events, checks, opt)
	if y.Violation == nil || y.Violation.Property != prop {
		return fmt.Errorf("shrinking %s lost its %s violation", in, prop)
	}
	note := fmt.Sprintf("shrunk by electlab shrink from %d to %d events", len(t.Steps), len(y.Events))
	if !done {
		note += fmt.Sprintf(" (stopped at -budget %d: may not be minimal)", *budget)
	}
	if t.Note != "" {
		note += "; the original: " + t.Note
	}
	out := *outPath
	if out == "" {
		out = strings.TrimSuffix(in, ".json") + ".shrunk.json"
	}
	ce := &checker.Counterexample{N: rep.Initial.N(), Config: t.Config, Events: y.Events, Violation: y.Violation, Initial: rep.Initial}
	saved, notes, err := saveCounterexample(out, ce, claim, note)
	if err != nil {
		return err
	}
	if !saved {
		return usagef("%s", notes)
	}
	if notes != "" {
		fmt.Fprintf(stderr, "electlab: %s\n", notes)
	}
	fmt.Fprintf(stdout, "shrunk %d events to %d: %s\ntrace: %s (replay with: electlab replay %s)\n", len(t.Steps), len(y.Events), y.Violation.Error(), out, out)
	if !done {
		fmt.Fprintf(stderr, "electlab: shrinking stopped at -budget %d replayed events: the trace may not be minimal\n", *budget)
	}
	return nil
}
