package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"electlab/checker"
	"electlab/internal/report"
	"electlab/model"
	"electlab/traces"
)

func cmdReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", "replay FILE [-render text|mermaid|svg|shiviz] [-o FILE]", stderr)
	render := fs.String("render", "text", "rendering: text (step table), mermaid (sequenceDiagram), svg (space-time diagram), shiviz (ShiViz log) or none")
	outPath := fs.String("o", "", "write the rendering to this file instead of stdout")
	maxMemS := memFlag(fs)
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("replay: missing trace FILE")
	}
	if *render != "none" && !validRender(*render) {
		return usagef("-render %q: want text, mermaid, svg, shiviz or none", *render)
	}
	maxMem, err := parseMem(*maxMemS)
	if err != nil {
		return err
	}
	t, spec, err := loadTraceBounded(pos[0], maxMem)
	if err != nil {
		return err
	}
	checks := checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	if t.Violation != nil {
		if checks, err = checker.ChecksFor(spec.Meta(), t.Violation.Property); err != nil {
			return usagef("%s: %v", pos[0], err)
		}
	}
	rep, err := traces.Replay(spec, t)
	var div *traces.DivergenceError
	var outErr *traces.OutcomeError
	switch {
	case errors.As(err, &div), errors.As(err, &outErr):
		return &findingError{fmt.Sprintf("%s: %v", pos[0], err)}
	case err != nil:
		return usagef("%s: %v", pos[0], err)
	}
	// Re-check the properties along the replayed events.
	x, err := checker.Replay(rep.Initial, t.Events(), checks, false)
	if err != nil {
		return usagef("%s: %v", pos[0], err)
	}
	var verdict string
	switch {
	case t.Violation == nil && x.Violation == nil:
		verdict = "replayed exactly; no violation"
	case t.Violation == nil:
		verdict = "replayed exactly; it shows a violation the trace does not record: " + x.Violation.Error()
	case x.Violation == nil:
		return &findingError{fmt.Sprintf("%s: the recorded violation (%s) does not reproduce", pos[0], t.Violation.Property)}
	case !checker.SameViolation(t.Violation.Property, t.Violation.Step, x.Violation):
		return &findingError{fmt.Sprintf("%s: the recorded violation (%s after step %d) reproduces as %s", pos[0], t.Violation.Property, t.Violation.Step, x.Violation.Error())}
	default:
		verdict = "replayed exactly; violation reproduced: " + x.Violation.Error()
	}
	var buf bytes.Buffer
	if *render != "none" {
		if err := renderTo(&buf, *render, t, rep); err != nil {
			return err
		}
	}
	if *outPath != "" {
		if err := report.WriteFileAtomic(*outPath, buf.Bytes()); err != nil {
			return usagef("-o %s: %v", *outPath, err)
		}
	} else {
		stdout.Write(buf.Bytes())
	}
	fmt.Fprintln(stderr, "electlab: "+verdict)
	return nil
}
