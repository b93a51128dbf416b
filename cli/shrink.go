package cli

import (
	"io"

	"github.com/electlab/electlab/internal/runner"
)

// cmdShrink shrinks a trace file (written by run -trace, check or explore)
// to a 1-minimal schedule that shows the same violation, and writes it as
// a new trace.
func cmdShrink(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("shrink", "shrink FILE [-o FILE] [-budget N] [-max-mem SIZE]", stderr)
	outPath := fs.String("o", "", "write the shrunk trace here (default: FILE with .shrunk.json instead of .json)")
	budget := fs.Int64("budget", 20_000_000, "bound on the work of shrinking: the total events of the candidate executions replayed (0 = none); a shrink stopped by it says so")
	maxSteps := newStepsFlag()
	fs.Var(maxSteps, "max-steps", "cap on the events of each candidate's fair completion: auto (derived from n), 0 (none) or a number")
	maxMemS := memFlag(fs)
	path, err := parseTraceArgs(fs, args)
	if err != nil {
		return err
	}
	if *budget < 0 {
		return usagef("-budget %d is negative", *budget)
	}
	maxMem, err := parseMem(*maxMemS)
	if err != nil {
		return err
	}
	if err := checkTraceOutputs(path, fileOut("-o", runner.ShrinkOut(path, *outPath))); err != nil {
		return err
	}
	return tl.Shrink(path, *outPath, *budget, maxSteps.options(), maxMem, stdout, stderr)
}
