package cli

import (
	"io"

	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/internal/runner"
)

// cmdList lists the algorithms, their readings, options and claims
// (`electlab list`).
func cmdList(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("list", "list [-json]", stderr)
	jsonOut := fs.Bool("json", false, "print as JSON")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	rep := render.List(tl.Reg, runner.Schedules)
	if *jsonOut {
		return render.WriteJSON(stdout, rep)
	}
	render.PrintList(stdout, &rep)
	return nil
}
