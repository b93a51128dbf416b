// Command electlab runs, checks and replays coordinator-election algorithms
// over an explicit network model, and reports every claim of the source
// papers with a verdict computed by the tool.
//
// Usage:
//
//	electlab list                          algorithms, variants, options and claims
//	electlab run     -algo A -n N [...]     one execution and its summary
//	electlab check   -algo A -n N [...]     adversarial search; writes a trace on failure
//	electlab replay  FILE [-render text|mermaid]
//	electlab claims  [-json|-md] [-claim ID] [-algo A]
//	electlab reproduce -paper ID [-table T] [-runs R] [-seed S] [-json]
//
// Exit status: 0 success; 1 a property was violated (check) or a replay
// diverged; 2 bad input (flags, files); 3 an internal error.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// usageError is bad input from the user: exit status 2, one line on stderr.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// findingError is a verdict the user asked to be told about by exit status
// (a violation found by check, a diverging replay): exit status 1.
type findingError struct{ msg string }

func (e *findingError) Error() string { return e.msg }

const topUsage = `usage: electlab <command> [flags]

commands:
  list     algorithms, their variants (readings), options and claims
  run      one execution and its summary
  check    adversarial search for a property violation; writes a trace on failure
  explore  exhaustive search of every schedule: states, min/max messages, verdicts
  replay   replay a trace file, verify it and render it
  claims   every registered claim with the verdict the tool computes
  reproduce  re-run a paper's experiments; its tables beside the printed numbers

Run "electlab <command> -h" for the flags of a command.`

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
		fmt.Fprintln(stderr, "electlab: missing command (want list, run, check, replay or claims; electlab help shows the usage)")
		return 2
	}
	var err error
	switch args[0] {
	case "list":
		err = cmdList(args[1:], stdout, stderr)
	case "run":
		err = cmdRun(args[1:], stdout, stderr)
	case "check":
		err = cmdCheck(args[1:], stdout, stderr)
	case "explore":
		err = cmdExplore(args[1:], stdout, stderr)
	case "replay":
		err = cmdReplay(args[1:], stdout, stderr)
	case "claims":
		err = cmdClaims(args[1:], stdout, stderr)
	case "reproduce":
		err = cmdReproduce(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, topUsage)
		return 0
	default:
		err = usagef("unknown command %q (want list, run, check, replay or claims)", args[0])
	}
	return exitCode(err, stderr)
}

func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ue *usageError
	var fe *findingError
	switch {
	case errors.Is(err, errHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "electlab: "+oneLine(ue.msg))
		return 2
	case errors.As(err, &fe):
		fmt.Fprintln(stderr, "electlab: "+oneLine(fe.msg))
		return 1
	default:
		fmt.Fprintln(stderr, "electlab: "+oneLine(err.Error()))
		return 3
	}
}

func oneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", " ") }
