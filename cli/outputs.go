package cli

import (
	"os"

	"github.com/electlab/electlab/internal/outfile"
)

// output is one output location of a command, by its flag: a file (-o,
// -trace) or a directory (-out); an empty path is none.
type output struct {
	flag, path string
	dir        bool
}

// fileOut and dirOut are a command's output file and output directory.
func fileOut(flag, path string) output { return output{flag: flag, path: path} }
func dirOut(flag, path string) output  { return output{flag: flag, path: path, dir: true} }

// checkOutputs checks every output location of a command before its work
// starts (outfile.Check, outfile.CheckDir): a location that cannot be
// written (a directory given as a file, a file given as a directory, a
// directory where no file can be created) is bad input, found before
// any work is done rather than after it.
func checkOutputs(outs ...output) error {
	for _, o := range outs {
		if o.path == "" {
			continue
		}
		check := outfile.Check
		if o.dir {
			check = outfile.CheckDir
		}
		if err := check(o.path); err != nil {
			return usagef("%s %v", o.flag, err)
		}
	}
	return nil
}

// checkTraceOutputs is checkOutputs for a command that reads the trace
// file in (replay, shrink): a missing or unreadable input is reported
// first, by the command, as its own error.
func checkTraceOutputs(in string, outs ...output) error {
	if _, err := os.Stat(in); err != nil {
		return nil
	}
	return checkOutputs(outs...)
}
