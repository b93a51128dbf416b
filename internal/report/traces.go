package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// traceRenderings are the files written beside each counterexample trace
// NAME.json of a report directory: NAME.txt (the step table `replay`
// prints), NAME.mmd (a Mermaid sequence diagram), NAME.svg (the space-time
// diagram report.html embeds) and NAME.shiviz.log (for ShiViz).
var traceRenderings = []struct {
	ext    string
	render func(*traces.Trace, *traces.Replayed) string
}{
	{".txt", traces.RenderText},
	{".mmd", traces.RenderMermaid},
	{".svg", traces.RenderSVG},
	{".shiviz.log", traces.RenderShiViz},
}

// renderingPath is the path of the rendering ext (".txt", ".mmd") of the
// trace file at path.
func renderingPath(path, ext string) string {
	return strings.TrimSuffix(path, ".json") + ext
}

// writeCounterexample records ce (found checking claim of spec) as a trace
// with snapshots and writes it to dir/traces/name, with its text and
// Mermaid renderings beside it (and porcupine's HTML visualization,
// NAME.lin.html, when its lock history is not linearizable). The renderings come from replaying the
// trace, so they show what `electlab replay` shows.
func writeCounterexample(dir, name string, ce *checker.Counterexample, claim, note string, spec model.Spec) error {
	t, err := traces.Record(ce.Initial, ce.Events, TraceViolation(ce.Violation, claim), note, traces.WithSnapshots())
	if err != nil {
		return fmt.Errorf("recording the counterexample to %s: %v", claim, err)
	}
	path := filepath.Join(dir, "traces", name)
	data, err := t.Marshal()
	if err != nil {
		return fmt.Errorf("encoding the counterexample to %s: %v", claim, err)
	}
	if err := outfile.WriteFile(path, data, nil); err != nil {
		return &DirError{Dir: dir, Err: err}
	}
	if spec == nil {
		spec, _ = algos.Registry().Lookup(ce.Initial.Info().Name)
	}
	rep, err := traces.Replay(spec, t)
	if err != nil {
		return fmt.Errorf("replaying the counterexample to %s: %v", claim, err)
	}
	for _, r := range traceRenderings {
		if err := outfile.WriteFile(renderingPath(path, r.ext), []byte(r.render(t, rep)), nil); err != nil {
			return &DirError{Dir: dir, Err: err}
		}
	}
	// A mutual-exclusion counterexample whose lock history is not
	// linearizable also gets porcupine's visualization, NAME.lin.html.
	if _, err := checker.LockCounterexampleHTML(ce, renderingPath(path, ".lin.html")); err != nil {
		return &DirError{Dir: dir, Err: err}
	}
	return nil
}

// countTraces is the number of counterexample traces rep's directory holds.
func countTraces(rep *Report) int {
	n := 0
	for ci := range rep.Claims {
		for ri := range rep.Claims[ci].Rows {
			if rep.Claims[ci].Rows[ri].Counterexample != nil {
				n++
			}
		}
	}
	return n
}

// TraceViolation converts a checker violation for a trace; claim names the
// claim whose checks found it ("" for the generic properties).
func TraceViolation(v *checker.Violation, claim string) *traces.Violation {
	if v == nil {
		return nil
	}
	prop := v.Property
	if claim != "" {
		prop = checker.ClaimProperty(claim, prop)
	}
	return &traces.Violation{Property: prop, Step: v.Step, Message: v.Message}
}
