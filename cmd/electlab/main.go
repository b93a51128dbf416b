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
// execution or search finished, with nothing found: no verdict.
//
// The command parses flags and wires: the work of run, check, explore,
// replay and shrink is in internal/runner, their outputs in
// internal/render, scenario files in internal/scenario, the claims report
// in internal/report and the error kinds in internal/exit.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/report"
)

// usageError is bad input from the user (exit status 2); the commands'
// work under internal/ returns the same kinds (internal/exit).
type usageError = exit.UsageError

func usagef(format string, args ...any) error { return exit.Usagef(format, args...) }

// findingError is a verdict the user asked to be told about by exit status
// (here: an interrupted claims report): exit status 1, as exit.FindingError.
type findingError struct{ msg string }

func (e *findingError) Error() string { return e.msg }

// command is one entry of the command table.
type command struct {
	name, help string
	run        func(args []string, stdout, stderr io.Writer) error
}

// commands is the command table: dispatch, the usage and the
// unknown-command message all come from it.
func commands() []command {
	return []command{
		{"list", "algorithms, their variants (readings), options and claims", cmdList},
		{"run", "one execution and its summary", cmdRun},
		{"check", "adversarial search for a property violation; writes a trace on failure", cmdCheck},
		{"explore", "exhaustive search of every schedule: states, min/max messages, verdicts", cmdExplore},
		{"replay", "replay a trace file, verify it and render it", cmdReplay},
		{"shrink", "shrink a recorded trace to a minimal one showing the same violation", cmdShrink},
		{"fit", "exact closed forms in n of a counter's min and max over every schedule (or of its sampled mean)", cmdFit},
		{"claims", "every registered claim with the verdict the tool computes", cmdClaims},
		{"reproduce", "re-run a paper's experiments; its tables beside the printed numbers", cmdReproduce},
	}
}

// commandNames lists the commands as "a, b, ... or z".
func commandNames() string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// topUsage is the usage printed by electlab help.
func topUsage() string {
	var b strings.Builder
	b.WriteString("usage: electlab <command> [flags]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-9s %s\n", c.name, c.help)
	}
	b.WriteString("\nRun \"electlab <command> -h\" for the flags of a command.\n")
	b.WriteString("Exit status: 0 done; 1 a violation found (or a replay diverged); 2 bad input;\n3 internal error; 4 a cap or bound reached first (not a verdict).")
	return b.String()
}

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

// realMain runs the command line args, writing to stdout and stderr, and
// returns the exit status. It never panics on user input.
func realMain(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "electlab: internal error: %v\n", r)
			code = 3
		}
	}()
	if len(args) == 0 {
		fmt.Fprintf(stderr, "electlab: missing command (want %s; electlab help shows the usage)\n", commandNames())
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, topUsage())
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return exitCode(c.run(args[1:], stdout, stderr), stderr)
		}
	}
	return exitCode(usagef("unknown command %q (want %s)", args[0], commandNames()), stderr)
}

func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ue *usageError
	var fe *exit.FindingError
	var lfe *findingError
	var ce *exit.CapError
	var de *report.DirError // the report directory (-out) cannot be written: bad input
	switch {
	case errors.Is(err, errHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "electlab: "+oneLine(ue.Msg))
		return 2
	case errors.As(err, &de):
		fmt.Fprintln(stderr, "electlab: "+oneLine(de.Error()))
		return 2
	case errors.As(err, &fe):
		fmt.Fprintln(stderr, "electlab: "+oneLine(fe.Msg))
		return 1
	case errors.As(err, &lfe):
		fmt.Fprintln(stderr, "electlab: "+oneLine(lfe.msg))
		return 1
	case errors.As(err, &ce):
		fmt.Fprintln(stderr, "electlab: "+oneLine(ce.Msg))
		return 4
	default:
		fmt.Fprintln(stderr, "electlab: "+oneLine(err.Error()))
		return 3
	}
}

func oneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", " ") }
