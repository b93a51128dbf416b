package cli

import (
	"io"

	"github.com/electlab/electlab/internal/runner"
)

// cmdReplay replays a trace file, verifies it and renders it (`electlab
// replay`).
func cmdReplay(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", "replay FILE [-render text|mermaid|svg|shiviz] [-o FILE]", stderr)
	render := fs.String("render", "text", "rendering: text (step table), mermaid (sequenceDiagram), svg (space-time diagram), shiviz (ShiViz log) or none")
	outPath := fs.String("o", "", "write the rendering to this file instead of stdout")
	maxMemS := memFlag(fs)
	path, err := parseTraceArgs(fs, args)
	if err != nil {
		return err
	}
	if *render != "none" && !runner.ValidRender(*render) {
		return usagef("-render %q: want text, mermaid, svg, shiviz or none", *render)
	}
	if *render == "none" && *outPath != "" {
		return usagef("-render none writes no rendering: it conflicts with -o (drop -o to only verify the trace)")
	}
	maxMem, err := parseMem(*maxMemS)
	if err != nil {
		return err
	}
	if err := checkTraceOutputs(path, fileOut("-o", *outPath)); err != nil {
		return err
	}
	return tl.Replay(path, *render, *outPath, maxMem, stdout, stderr)
}
