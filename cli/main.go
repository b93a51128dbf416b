package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/interrupt"
	"github.com/electlab/electlab/internal/report"
	"github.com/electlab/electlab/internal/runner"
)

// usageError is bad input from the user (exit status 2); the commands'
// work under internal/ returns the same kinds (internal/exit).
type usageError = exit.UsageError

func usagef(format string, args ...any) error { return exit.Usagef(format, args...) }

// command is one entry of the command table.
type command struct {
	name, help string
	run        func(tl runner.Tool, args []string, stdout, stderr io.Writer) error
}

// commands is the command table: dispatch, the usage and the
// unknown-command message all come from it.
func commands() []command {
	return []command{
		{"list", "algorithms, their variants (readings), options and claims", cmdList},
		{"run", "one execution and its summary", cmdRun},
		{"check", "adversarial search for a property violation; writes a trace on failure", parsed(parseCheckArgs)},
		{"explore", "exhaustive search of every schedule: states, min/max messages, verdicts", cmdExplore},
		{"replay", "replay a trace file, verify it and render it", cmdReplay},
		{"shrink", "shrink a recorded trace to a minimal one showing the same violation", cmdShrink},
		{"fit", "exact closed forms in n of a counter's min and max over every schedule (or of its sampled mean)", parsed(parseFitArgs)},
		{"claims", "every registered claim with the verdict the tool computes", parsed(parseClaimsArgs)},
		{"reproduce", "re-run a paper's experiments; its tables beside the printed numbers", cmdReproduce},
	}
}

// work is what a command's flags describe once parsed (runner.Check,
// runner.Fit): it runs, writing to stdout and stderr.
type work interface {
	Run(stdout, stderr io.Writer) error
}

// parsed is the command that parses its flags into work (parse) and runs
// it.
func parsed[W work](parse func(tl runner.Tool, args []string, stderr io.Writer) (W, error)) func(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
	return func(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
		w, err := parse(tl, args, stderr)
		if err != nil {
			return err
		}
		return w.Run(stdout, stderr)
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
	b.WriteString("\nRun \"electlab help <command>\" (or \"electlab <command> -h\") for the flags of a command.\n")
	b.WriteString("Exit status: 0 done; 1 a violation found (or a replay diverged); 2 bad input;\n3 internal error; 4 a cap or bound reached first (not a verdict);\n130 interrupted (Ctrl-C: what was done so far is printed; not a verdict).")
	return b.String()
}

// Main runs the electlab command line args (without the program name),
// writing to stdout and stderr, and returns the exit status (0 done; 1 a
// violation found, or a replay diverged; 2 bad input; 3 internal error; 4
// a cap or bound reached first: not a verdict; 130 interrupted by SIGINT,
// what was done so far printed: not a verdict). It never panics on user
// input. A first SIGINT stops the command at its next check (within about
// a second), a second exits the process at once with 130.
//
// extra are algorithms of your own, each with its claims (a registry
// entry: a *model.Algorithm[S] and its []claim.Claim): list, run, check,
// explore, replay, shrink and fit know them beside electlab's own, by
// their Info.Name, which must differ from every other algorithm's. claims
// checks their claims too, and its comparison of ring elections includes
// those whose Info.Compare is set; reproduce covers the papers' tables,
// electlab's own algorithms only. A user's command is one line:
//
//	func main() {
//		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr, claim.Entry{Spec: myring.Algorithm, Claims: myring.Claims}))
//	}
//
// With extra algorithms, the replay commands Main prints (check, explore,
// shrink) name this program, as os.Args[0] was typed (`go run PACKAGE`
// for a binary go run built), since stock electlab cannot replay traces
// of algorithms it does not know.
//
// Each call has its own registry (algos.Registry with extra): calls from
// several goroutines (tests) do not affect one another.
func Main(args []string, stdout, stderr io.Writer, extra ...claim.Entry) (code int) {
	// A command's -max-mem also lowers the Go runtime's memory limit
	// and raises the collector's GOGC (limitHeap); the caller's limit and
	// GOGC come back when it returns.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(gcPercent())
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "electlab: internal error: %v\n", r)
			code = 3
		}
	}()
	if len(args) > 0 && args[0] == "reproduce" {
		// The papers' tables: electlab's algorithms only. (claims checks
		// the extra algorithms' claims too, and compares those marked
		// model.Info.Compare with electlab's ring elections.)
		extra = nil
	}
	tl := runner.Tool{Reg: algos.Registry()}
	if len(extra) > 0 {
		reg, err := tl.Reg.With(extra...)
		if err != nil {
			return exitCode(usagef("cli.Main: %v", err), stderr)
		}
		// Stock electlab cannot replay the traces of these algorithms: the
		// replay commands the call prints name this program instead.
		tl = runner.Tool{Reg: reg, Program: ownProgram()}
	}
	if len(args) == 0 {
		fmt.Fprintf(stderr, "electlab: missing command (want %s; electlab help shows the usage)\n", commandNames())
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			return exitCode(commandHelp(tl, args[1:], stdout), stderr)
		}
		fmt.Fprintln(stdout, topUsage())
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			if c.name != "list" { // list is instant
				defer catchInterrupt(stderr)()
			}
			return exitCode(c.run(tl, args[1:], stdout, stderr), stderr)
		}
	}
	return exitCode(usagef("unknown command %q (want %s)", args[0], commandNames()), stderr)
}

// commandHelp prints, for `electlab help CMD`, what `electlab CMD -h`
// prints (its usage and flags), on stdout.
func commandHelp(tl runner.Tool, args []string, stdout io.Writer) error {
	if len(args) > 1 {
		return usagef("help: unexpected argument %q (want one command: electlab help run)", args[1])
	}
	if slices.Contains([]string{"help", "-h", "-help", "--help"}, args[0]) {
		fmt.Fprintln(stdout, topUsage())
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(tl, []string{"-h"}, stdout, stdout)
		}
	}
	return usagef("help: unknown command %q (want %s)", args[0], commandNames())
}

// exitCode prints err on stderr as one line and returns the exit status
// of its kind (0 for no error and for -h).
func exitCode(err error, stderr io.Writer) (code int) {
	if err == nil {
		return 0
	}
	var ue *usageError
	var fe *exit.FindingError
	var ie *exit.InterruptedError
	var ce *exit.CapError
	var de *report.DirError // the report directory (-out) cannot be written: bad input
	var msg string
	switch {
	case errors.Is(err, errHelp):
		return 0
	case errors.As(err, &ue):
		msg, code = ue.Msg, 2
	case errors.As(err, &de):
		msg, code = de.Error(), 2
	case errors.As(err, &fe):
		msg, code = fe.Msg, 1
	case errors.As(err, &ie):
		msg, code = ie.Msg, interrupt.Status
	case errors.As(err, &ce):
		msg, code = ce.Msg, 4
	default:
		msg, code = err.Error(), 3
	}
	fmt.Fprintln(stderr, "electlab: "+oneLine(msg))
	return code
}

// goRunBuilt tells whether the executable at path is one go run built:
// under a directory named go-build… (go run's temporary directory, or the
// default build cache where go run keeps the executables it built), or
// under the build cache the GOCACHE variable names.
func goRunBuilt(path string) bool {
	for _, el := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		if strings.HasPrefix(el, "go-build") {
			return true
		}
	}
	if c := os.Getenv("GOCACHE"); c != "" && c != "off" && filepath.IsAbs(path) {
		if rel, err := filepath.Rel(filepath.Clean(c), path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// ownProgram is how to run this program again, for the replay commands a
// call with algorithms of the user's prints (runner.Tool.Program): os.Args[0]
// as it was typed, or `go run PACKAGE` for a binary that go run built.
func ownProgram() string {
	pkg := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		pkg = bi.Path
	}
	return programName(os.Args[0], pkg)
}

// programName is the command that runs the program started as arg0 (main
// package pkg, "" when unknown): arg0 itself (a name found on PATH, or a
// path), except for an executable that `go run` built, in a temporary
// go-buildN directory or in the build cache (GOCACHE, …/go-build/…):
// then `go run PKG`, or the bare name when the package is unknown. A test
// binary (PKG.test) is named as started.
func programName(arg0, pkg string) string {
	if arg0 == "" {
		return "electlab"
	}
	if goRunBuilt(arg0) && !strings.HasSuffix(pkg, ".test") {
		if pkg != "" && pkg != "command-line-arguments" {
			return "go run " + pkg
		}
		return filepath.Base(arg0)
	}
	if strings.ContainsAny(arg0, " \t'\"$`\\") {
		return "'" + strings.ReplaceAll(arg0, "'", `'\''`) + "'"
	}
	return arg0
}

func oneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", " ") }
