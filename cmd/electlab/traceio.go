package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"electlab/checker"
	"electlab/internal/report"
	"electlab/traces"
)

// traceMaxEvents is the trace limit the CLI applies (traces.MaxEvents;
// a variable so that tests can lower it).
var traceMaxEvents = traces.MaxEvents

// traceTooLong is the summary printed instead of a trace file of more
// than traces.MaxEvents events: a file is complete or absent.
func traceTooLong(path string, events int, v *checker.Violation) string {
	what := "no violation"
	if v != nil {
		what = v.Error()
	}
	return fmt.Sprintf("trace not written to %s: the execution has %d events, over the trace limit of %d (summary: %s)", path, events, traceMaxEvents, what)
}

// saveCounterexample records ce (found checking claim, or the generic
// properties when claim is "") as a trace with snapshots and writes it
// atomically to path (with porcupine's visualization beside it when the
// counterexample's lock history is not linearizable). A trace over
// traces.MaxEvents events is not written: saved is false and note says so;
// snapshots over traces.SnapshotLimit are left out and note says that.
func saveCounterexample(path string, ce *checker.Counterexample, claim, note string) (saved bool, notes string, err error) {
	if len(ce.Events) > traceMaxEvents {
		return false, traceTooLong(path, len(ce.Events), ce.Violation), nil
	}
	t, err := traces.Record(ce.Initial, ce.Events, report.TraceViolation(ce.Violation, claim), note, traces.WithSnapshots(), traces.WithSnapshotLimit(traces.SnapshotLimit))
	if err != nil {
		return false, "", fmt.Errorf("recording the counterexample: %v", err)
	}
	if err := t.Save(path); err != nil {
		return false, "", usagef("cannot write %s: %v", path, err)
	}
	// Beside a mutual-exclusion counterexample whose lock history is not
	// linearizable: porcupine's visualization, PATH.lin.html.
	if _, err := checker.LockCounterexampleHTML(ce, strings.TrimSuffix(path, ".json")+".lin.html"); err != nil {
		return false, "", usagef("cannot write the linearizability visualization beside %s: %v", path, err)
	}
	if t.SnapshotsOmitted != "" {
		notes = fmt.Sprintf("%s written without per-step snapshots: %s", path, t.SnapshotsOmitted)
	}
	return true, notes, nil
}

// writeOutputs writes the execution as a trace file and/or prints its
// rendering, as -trace and -render ask; notes about the trace (left out,
// snapshots left out) go to stderr.
func writeOutputs(x *checker.Execution, tracePath, render string, stdout, stderr io.Writer) error {
	if tracePath == "" && render == "" {
		return nil
	}
	if len(x.Events) > traceMaxEvents {
		fmt.Fprintf(stderr, "electlab: %s\n", traceTooLong(tracePath, len(x.Events), x.Violation))
		if render != "" {
			fmt.Fprintf(stderr, "electlab: not rendered either: over the trace limit\n")
		}
		return nil
	}
	t, err := traces.Record(x.Initial, x.Events, report.TraceViolation(x.Violation, ""), "recorded by electlab run", traces.WithSnapshots(), traces.WithSnapshotLimit(traces.SnapshotLimit))
	if err != nil {
		return err
	}
	if tracePath != "" {
		if err := t.Save(tracePath); err != nil {
			return usagef("-trace %s: %v", tracePath, err)
		}
		if t.SnapshotsOmitted != "" {
			fmt.Fprintf(stderr, "electlab: %s written without per-step snapshots: %s\n", tracePath, t.SnapshotsOmitted)
		}
	}
	if render != "" {
		spec := specOf(x.Initial)
		rep, err := traces.Replay(spec, t)
		if err != nil {
			return err
		}
		if err := renderTo(stdout, render, t, rep); err != nil {
			return err
		}
	}
	return nil
}

// renderFormats are the values of -render (replay also takes none).
var renderFormats = []string{"text", "mermaid", "svg", "shiviz"}

// validRender reports whether format is one of renderFormats.
func validRender(format string) bool { return slices.Contains(renderFormats, format) }

// renderTo writes t's rendering in format: text (the step table),
// mermaid (a sequenceDiagram), svg (a space-time diagram) or shiviz (a
// log for the ShiViz visualizer, see docs/RENDERING.md).
func renderTo(w io.Writer, format string, t *traces.Trace, rep *traces.Replayed) error {
	var s string
	switch format {
	case "text":
		s = traces.RenderText(t, rep)
	case "mermaid":
		s = traces.RenderMermaid(t, rep)
	case "svg":
		s = traces.RenderSVG(t, rep)
	case "shiviz":
		s = traces.RenderShiViz(t, rep)
	default:
		return usagef("-render %q: want text, mermaid, svg or shiviz", format)
	}
	_, err := io.WriteString(w, s)
	return err
}
