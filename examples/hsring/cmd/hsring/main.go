// Command hsring is the electlab command with Hirschberg–Sinclair (package
// hsring) among its algorithms: every electlab command (list, run, check,
// explore, replay, shrink) works on it, by the name hsring.
//
//	go run ./cmd/hsring list
//	go run ./cmd/hsring explore -algo hsring -n 4
//	go run ./cmd/hsring replay testdata/broken-counterexample.json
package main

import (
	"io"
	"os"

	"github.com/electlab/electlab/cli"

	"example.com/hsring"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run is the command: cli.Main with hsring added.
func run(args []string, stdout, stderr io.Writer) int {
	return cli.Main(args, stdout, stderr, hsring.Entry)
}
