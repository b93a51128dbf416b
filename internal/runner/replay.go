package runner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/shrink"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// Replay replays the trace file path, verifies that it reproduces the
// recorded execution and violation (a finding when it does not), and
// writes its rendering (text, mermaid, svg, shiviz or none) to outPath or,
// when outPath is "", to stdout; the verdict goes to stderr. maxMem bounds
// the memory of loading and replaying (0 = none).
func (tl Tool) Replay(path, render, outPath string, maxMem int64, stdout, stderr io.Writer) error {
	t, spec, err := tl.LoadTraceBounded(path, maxMem)
	if err != nil {
		return err
	}
	checks, err := checksForTrace(spec, t)
	if err != nil {
		return exit.Usagef("%s: %v", path, err)
	}
	rep, err := replayTrace(path, spec, t, "")
	if err != nil {
		return err
	}
	if Interrupted() {
		return replayInterrupted(path)
	}
	// Re-check the properties along the replayed events.
	x, err := checker.Replay(rep.Initial, t.Events(), checks, false)
	if err != nil {
		return exit.Usagef("%s: %v", path, err)
	}
	if Interrupted() {
		return replayInterrupted(path)
	}
	var verdict string
	switch {
	case t.Violation == nil && x.Violation == nil:
		verdict = "replayed exactly; no violation"
	case t.Violation == nil:
		verdict = "replayed exactly; it shows a violation the trace does not record: " + x.Violation.Error()
	case x.Violation == nil:
		return exit.Findingf("%s: the recorded violation (%s) does not reproduce", path, t.Violation.Property)
	case !checker.SameViolation(t.Violation.Property, t.Violation.Step, x.Violation):
		return exit.Findingf("%s: the recorded violation (%s after step %d) reproduces as %s", path, t.Violation.Property, t.Violation.Step, x.Violation.Error())
	default:
		verdict = "replayed exactly; violation reproduced: " + x.Violation.Error()
	}
	var buf bytes.Buffer
	if render != "none" {
		if err := RenderTo(&buf, render, t, rep); err != nil {
			return err
		}
	}
	if Interrupted() {
		return replayInterrupted(path)
	}
	if outPath == "" {
		outPath = "-"
	}
	if err := outfile.WriteFile(outPath, buf.Bytes(), stdout); err != nil {
		return exit.Usagef("-o %v", err)
	}
	fmt.Fprintln(stderr, "electlab: "+verdict)
	return nil
}

// replayInterrupted is the outcome of a replay interrupted by SIGINT:
// no verdict, nothing rendered or written.
func replayInterrupted(path string) error {
	return exit.Interruptedf("interrupted: the replay of %s did not finish: nothing rendered or written (not a verdict)", path)
}

// Shrink shrinks the trace file in (written by run -trace, check or
// explore) to a 1-minimal schedule that shows the same violation, within
// budget replayed events (0 = none), each candidate completed fairly
// within maxSteps events (checker.Options.MaxSteps), and writes it as a
// new trace to outPath (default: in with .shrunk.json for .json).
func (tl Tool) Shrink(in, outPath string, budget int64, maxSteps int, maxMem int64, stdout, stderr io.Writer) error {
	t, spec, err := tl.LoadTraceBounded(in, maxMem)
	if err != nil {
		return err
	}
	// The trace must replay exactly before it is shrunk.
	rep, err := replayTrace(in, spec, t, "cannot shrink a trace that does not replay: ")
	if err != nil {
		return err
	}
	claim, prop := "", ""
	checks, err := checksForTrace(spec, t)
	if err != nil {
		return exit.Usagef("%s: %v", in, err)
	}
	if t.Violation != nil {
		prop = t.Violation.Property
		if c, p, ok := strings.Cut(prop, "/"); ok {
			claim, prop = c, p
		}
	}
	x, err := checker.Replay(rep.Initial, t.Events(), checks, false)
	if err != nil {
		return exit.Usagef("%s: %v", in, err)
	}
	switch {
	case x.Violation == nil:
		return exit.Usagef("%s shows no violation: nothing to shrink (shrink keeps a violation while removing events)", in)
	case prop == "":
		prop = x.Violation.Property
	case x.Violation.Property != prop:
		return exit.Findingf("%s: the recorded violation (%s) reproduces as %s", in, t.Violation.Property, x.Violation.Error())
	}
	opt := checker.Options{MaxSteps: maxSteps, MaxMem: maxMem, MemProbe: HeapInUse}
	defer BoundMemory(maxMem)()
	// A SIGINT ends the shrinking as the budget does: every further
	// candidate is judged not to fail, and the shortest list found so
	// far, which still fails, is written.
	shortest := len(t.Steps)
	progress := loopProgress(stderr, func(k int, el float64) {
		fmt.Fprintf(stderr, "electlab: shrink: %d candidates replayed, shortest failing so far %d of %d events, %.0fs elapsed\n", k, shortest, len(t.Steps), el)
	})
	r := shrink.Events(rep.Initial, t.Events(), checks, shrink.Property(prop), shrink.Options{
		Run: opt, Budget: budget, Stop: Interrupted,
		Progress: func(k, s int) { shortest = s; progress(k) },
	})
	y, done := r.X, r.Done
	if !r.Kept {
		return fmt.Errorf("shrinking %s lost its %s violation", in, prop)
	}
	note := fmt.Sprintf("shrunk by electlab shrink from %d to %d events", len(t.Steps), len(y.Events))
	intr := r.Stopped
	switch {
	case intr:
		note += " (interrupted: may not be minimal)"
	case !done:
		note += fmt.Sprintf(" (stopped at -budget %d: may not be minimal)", budget)
	}
	if t.Note != "" {
		note += "; the original: " + t.Note
	}
	out := ShrinkOut(in, outPath)
	ce := &checker.Counterexample{N: rep.Initial.N(), Config: t.Config, Events: y.Events, Violation: y.Violation, Initial: rep.Initial}
	saved, notes, err := SaveCounterexample(out, ce, claim, note, stdout)
	if err != nil {
		return err
	}
	if !saved {
		return exit.Usagef("%s", notes)
	}
	if notes != "" {
		fmt.Fprintf(stderr, "electlab: %s\n", notes)
	}
	if out == "-" {
		// The trace is stdout: the summary goes to stderr.
		stdout = stderr
	}
	fmt.Fprintf(stdout, "shrunk %d events to %d: %s\ntrace: %s (replay with: %s)\n", len(t.Steps), len(y.Events), y.Violation.Error(), out, render.ReplayCommand(tl.Program, out))
	if intr {
		return exit.Interruptedf("interrupted: shrinking stopped early: the trace written may not be minimal (not a verdict)")
	}
	if !done {
		fmt.Fprintf(stderr, "electlab: shrinking stopped at -budget %d replayed events: the trace may not be minimal\n", budget)
	}
	return nil
}

// ShrinkOut is the path shrink writes the trace file in to: out, or by
// default in with .shrunk.json instead of .json.
func ShrinkOut(in, out string) string {
	if out == "" {
		out = strings.TrimSuffix(in, ".json") + ".shrunk.json"
	}
	return out
}

// replayTrace replays t, loaded from path, with spec (traces.Replay). A
// trace that diverges from its recorded execution or outcome is a finding
// (its message after diverged), any other failure bad input.
func replayTrace(path string, spec model.Spec, t *traces.Trace, diverged string) (*traces.Replayed, error) {
	rep, err := traces.Replay(spec, t)
	var div *traces.DivergenceError
	var outErr *traces.OutcomeError
	switch {
	case errors.As(err, &div), errors.As(err, &outErr):
		return nil, exit.Findingf("%s: %s%v", path, diverged, err)
	case err != nil:
		return nil, exit.Usagef("%s: %v", path, err)
	}
	return rep, nil
}

// checksForTrace returns the checks that reproduce t's recorded
// violation: a claim's checks, the algorithm's own (checker.KindGeneric),
// or (a "bound" violation found by -bound, whose message names the bound)
// those and that bound.
func checksForTrace(info claim.Entry, t *traces.Trace) (checker.Checks, error) {
	if t.Violation == nil {
		return checker.KindGeneric(info.Meta(), ""), nil
	}
	generic := checker.KindGeneric(info.Meta(), t.Violation.Property)
	if t.Violation.Property == checker.PropBound {
		if text, ok := bound.TextOf(t.Violation.Message); ok {
			b, err := bound.Parse(text, info.Meta(), t.Config.Timing == model.Sync, bound.Execution)
			if err != nil {
				return checker.Checks{}, fmt.Errorf("the recorded bound %q: %v", text, err)
			}
			check := b.Checker()
			generic.Bound = func(p claim.Params, s model.System) (fail, err error) {
				if fail, err = check(p, s); err != nil {
					err = fmt.Errorf("the recorded bound %q: %w", text, err)
				}
				return fail, err
			}
			return generic, nil
		}
	}
	return checker.ChecksFor(info, t.Violation.Property)
}
