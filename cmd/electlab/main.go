// Command electlab runs, checks and replays coordinator-election algorithms
// over an explicit network model, and reports every claim of the source
// papers with a verdict computed by the tool.
//
// Usage:
//
//	electlab list                          algorithms, variants, options and claims
//	electlab run     -algo A -n N [...]     one execution and its summary
//	electlab check   -algo A -n N [...]     adversarial search; writes a trace on failure
//	electlab explore -algo A -n N [...]     exhaustive search of every schedule
//	electlab replay  FILE [-render text|mermaid]
//	electlab shrink  FILE [-o FILE]        shrink a recorded trace's violation
//	electlab fit     -algo A -n LO..HI [...]  exact formulas of a counter's min and max
//	electlab claims  [-json|-md] [-claim ID] [-algo A]
//	electlab reproduce -paper ID [-table T] [-runs R] [-seed S] [-json]
//
// Exit status: 0 success; 1 a property was violated (check, explore) or a
// replay diverged; 2 bad input (flags, files, a configuration over
// -max-mem); 3 an internal error; 4 a cap or bound was reached before an
// execution or search finished, with nothing found: no verdict; 130
// interrupted (SIGINT, Ctrl-C): what was done so far is printed, marked
// interrupted, no verdict (a second SIGINT exits at once).
//
// The command is package cli's Main (electlab/cli), which a main of your
// own can call with algorithms of yours; this package's tests hold the
// command's end-to-end tests and the doc harness (doc_test.go).
package main

import (
	"io"
	"os"

	command "github.com/electlab/electlab/cli"
	_ "github.com/electlab/electlab/cli/distnet" // explore -dist's network (NATS)
	_ "github.com/electlab/electlab/cli/plots"   // the claims report's plots (gonum)
)

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

// realMain is the command with electlab's own algorithms: cli.Main.
func realMain(args []string, stdout, stderr io.Writer) int {
	return command.Main(args, stdout, stderr)
}
