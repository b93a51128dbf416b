package main

import (
	"io"

	"github.com/electlab/electlab/internal/runner"
)

// cmdReplay replays a trace file, verifies it and renders it (`electlab
// replay`).
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
	if *render != "none" && !runner.ValidRender(*render) {
		return usagef("-render %q: want text, mermaid, svg, shiviz or none", *render)
	}
	maxMem, err := parseMem(*maxMemS)
	if err != nil {
		return err
	}
	return runner.Replay(pos[0], *render, *outPath, maxMem, stdout, stderr)
}
