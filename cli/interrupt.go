package cli

import (
	"io"

	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/interrupt"
)

// catchInterrupt starts catching SIGINT for a command (internal/interrupt):
// the first stops the command's loops at their next poll, which print what
// was done so far, marked interrupted, and return an interrupted error
// (exit status 130); the second exits at once with 130. It returns the
// function that restores the default behaviour.
func catchInterrupt(stderr io.Writer) (stop func()) { return interrupt.Catch(stderr) }

// interrupted is the poll of the loops: SIGINT has arrived.
func interrupted() bool { return interrupt.Requested() }

// interruptedErr is the outcome of an interrupted command whose summary
// has been printed (nil when no SIGINT arrived).
func interruptedErr(what string) error {
	if interrupted() {
		return exit.Interruptedf("interrupted: %s (not a verdict)", what)
	}
	return nil
}
