// Package cli is the electlab command as a library: Main runs a command
// line (list, run, check, explore, replay, shrink, fit, claims, reproduce) and
// returns its exit status, so that a main of your own runs every electlab
// command on your algorithms too:
//
//	package main
//
//	import (
//		"os"
//
//		"github.com/electlab/electlab/cli"
//
//		"example.com/myring"
//	)
//
//	func main() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr, myring.Algorithm)) }
//
// Then `go run ./cmd/myring list` shows myring beside electlab's own
// algorithms, `go run ./cmd/myring check -algo myring -n 5` searches it
// adversarially and writes a trace on failure, and `go run ./cmd/myring
// replay PATH` replays a trace of it (checktest.CommandOf makes the test
// kit print that command).
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
// interrupted by SIGINT (Ctrl-C), what was done so far printed, marked
// interrupted: no verdict (a second SIGINT exits at once).
//
// The package parses flags and wires: the work of run, check, explore,
// replay and shrink is in internal/runner, their outputs in
// internal/render, scenario files in internal/scenario, the claims report
// in internal/report, the papers' reproductions in internal/reproduce and
// the error kinds in internal/exit. docs/CLI.md is the manual of every
// command and flag.
package cli
