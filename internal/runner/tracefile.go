package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/report"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// TraceMaxEvents is the trace limit the CLI applies (traces.MaxEvents;
// a variable so that tests can lower it).
var TraceMaxEvents = traces.MaxEvents

// traceTooLong is the summary printed instead of a trace file of more
// than traces.MaxEvents events: a file is complete or absent.
func traceTooLong(path string, events int, v *checker.Violation) string {
	what := "no violation"
	if v != nil {
		what = v.Error()
	}
	return fmt.Sprintf("trace not written to %s: the execution has %d events, over the trace limit of %d (summary: %s)", path, events, TraceMaxEvents, what)
}

// SaveCounterexample records ce (found checking claim, or the generic
// properties when claim is "") as a trace with snapshots and writes it to
// path (internal/outfile: "-" is stdout), with porcupine's visualization
// beside it when the counterexample's lock history is not linearizable. A
// trace over traces.MaxEvents events is not written: saved is false and
// note says so; snapshots over traces.SnapshotLimit are left out and note
// says that.
func SaveCounterexample(path string, ce *checker.Counterexample, claim, note string, stdout io.Writer) (saved bool, notes string, err error) {
	data, t, notes, err := recordCounterexample(path, ce, claim, note)
	if err != nil || data == nil {
		return false, notes, err
	}
	if err := writeCounterexample(path, data, ce, stdout); err != nil {
		return false, "", exit.Usagef("cannot write %v", err)
	}
	if t.SnapshotsOmitted != "" {
		notes = fmt.Sprintf("%s written without per-step snapshots: %s", path, t.SnapshotsOmitted)
	}
	return true, notes, nil
}

// recordCounterexample records ce as SaveCounterexample writes it: its
// encoded trace, or nil data and a note when it is over the trace limit.
func recordCounterexample(path string, ce *checker.Counterexample, claim, note string) (data []byte, t *traces.Trace, notes string, err error) {
	if len(ce.Events) > TraceMaxEvents {
		return nil, nil, traceTooLong(path, len(ce.Events), ce.Violation), nil
	}
	t, err = traces.Record(ce.Initial, ce.Events, report.TraceViolation(ce.Violation, claim), note, traces.WithSnapshots(), traces.WithSnapshotLimit(traces.SnapshotLimit))
	if err != nil {
		return nil, nil, "", fmt.Errorf("recording the counterexample: %v", err)
	}
	if data, err = t.Marshal(); err != nil {
		return nil, nil, "", fmt.Errorf("recording the counterexample: %v", err)
	}
	return data, t, "", nil
}

// writeCounterexample writes the encoded trace data of ce to path and,
// when path is a regular file (not stdout, a device or a FIFO), the
// linearizability visualization beside it.
func writeCounterexample(path string, data []byte, ce *checker.Counterexample, stdout io.Writer) error {
	if err := outfile.WriteFile(path, data, stdout); err != nil {
		return err
	}
	if k, _, _ := outfile.Plan(path); k != outfile.Replace {
		return nil
	}
	// Beside a mutual-exclusion counterexample whose lock history is not
	// linearizable: porcupine's visualization, PATH.lin.html.
	if _, err := checker.LockCounterexampleHTML(ce, strings.TrimSuffix(path, ".json")+".lin.html"); err != nil {
		return fmt.Errorf("the linearizability visualization beside %s: %v", path, err)
	}
	return nil
}

// SaveFinding writes the counterexample ce of a finding (check, explore)
// as dir/name (SaveCounterexample), and never loses it: when dir or the
// file cannot be written, the trace goes to a new file in os.TempDir
// (or, failing that too, to stderr) and writeErr says why the intended
// path failed. path is where the trace is ("" when it is over the trace
// limit, or only on stderr); err is a failure to record it.
func SaveFinding(dir, name string, ce *checker.Counterexample, claim, note string, stderr io.Writer) (path, notes string, writeErr, err error) {
	path = filepath.Join(dir, name)
	data, t, notes, err := recordCounterexample(path, ce, claim, note)
	if err != nil || data == nil {
		return "", notes, nil, err
	}
	snapNote := func(p string) string {
		if t.SnapshotsOmitted == "" {
			return ""
		}
		return fmt.Sprintf("%s written without per-step snapshots: %s", p, t.SnapshotsOmitted)
	}
	if writeErr = outfile.MkdirAll(dir); writeErr == nil {
		if writeErr = writeCounterexample(path, data, ce, nil); writeErr == nil {
			return path, snapNote(path), nil, nil
		}
	}
	// The finding is not lost: a file of its own in the temporary
	// directory, else the trace on stderr.
	if f, err := os.CreateTemp("", strings.TrimSuffix(name, ".json")+"-*.json"); err == nil {
		f.Close()
		if err := writeCounterexample(f.Name(), data, ce, nil); err == nil {
			return f.Name(), snapNote(f.Name()), writeErr, nil
		}
		os.Remove(f.Name())
	}
	fmt.Fprintf(stderr, "electlab: the trace, which no file could hold:\n%s", data)
	return "", snapNote("the trace"), writeErr, nil
}

// WriteOutputs writes the execution as a trace file and/or prints its
// rendering, as -trace and -render ask; notes about the trace (left out,
// snapshots left out) go to stderr.
func WriteOutputs(spec model.Spec, x *checker.Execution, tracePath, render string, stdout, stderr io.Writer) error {
	if tracePath == "" && render == "" {
		return nil
	}
	if len(x.Events) > TraceMaxEvents {
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
		data, err := t.Marshal()
		if err != nil {
			return err
		}
		if err := outfile.WriteFile(tracePath, data, stdout); err != nil {
			return exit.Usagef("-trace %v", err)
		}
		if t.SnapshotsOmitted != "" {
			fmt.Fprintf(stderr, "electlab: %s written without per-step snapshots: %s\n", tracePath, t.SnapshotsOmitted)
		}
	}
	if render != "" {
		rep, err := traces.Replay(spec, t)
		if err != nil {
			return err
		}
		if err := RenderTo(stdout, render, t, rep); err != nil {
			return err
		}
	}
	return nil
}

// renderFormats are the values of -render (replay also takes none).
var renderFormats = []string{"text", "mermaid", "svg", "shiviz"}

// ValidRender reports whether format is one of renderFormats.
func ValidRender(format string) bool { return slices.Contains(renderFormats, format) }

// RenderTo writes t's rendering in format: text (the step table),
// mermaid (a sequenceDiagram), svg (a space-time diagram) or shiviz (a
// log for the ShiViz visualizer, see docs/RENDERING.md).
func RenderTo(w io.Writer, format string, t *traces.Trace, rep *traces.Replayed) error {
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
		return exit.Usagef("-render %q: want text, mermaid, svg or shiviz", format)
	}
	_, err := io.WriteString(w, s)
	return err
}

// traceLoadFactor is the estimated memory of a loaded trace per byte of
// its file (decoded steps, snapshots and the JSON decoder's buffers).
const traceLoadFactor = 4

// LoadTraceBounded loads the trace file path after checking that its
// estimated memory (traceLoadFactor times its size, plus two Worlds of its
// configuration) fits maxMem (0 = none). Every error is a usage error.
func (tl Tool) LoadTraceBounded(path string, maxMem int64) (*traces.Trace, claim.Entry, error) {
	if maxMem > 0 {
		if fi, err := os.Stat(path); err == nil && fi.Size()*traceLoadFactor > maxMem {
			return nil, claim.Entry{}, exit.Usagef("%s: loading this %s trace needs about %s (estimate), over -max-mem %s: raise -max-mem (0 for none)",
				path, explore.FormatBytes(fi.Size()), explore.FormatBytes(fi.Size()*traceLoadFactor), explore.FormatBytes(maxMem))
		}
	}
	t, err := traces.Load(path)
	if err != nil {
		return nil, claim.Entry{}, exit.Usagef("%v", err)
	}
	spec, err := tl.Reg.Lookup(t.Config.Algo)
	if err != nil {
		return nil, claim.Entry{}, exit.Usagef("%s: %v", path, err)
	}
	if err := CheckMem(2*WorldBytes(spec, t.Config), maxMem, "replaying the trace", t.Config); err != nil {
		return nil, claim.Entry{}, err
	}
	return t, spec, nil
}
