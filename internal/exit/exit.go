// Package exit holds the kinds of error electlab's commands return, each
// mapped by cmd/electlab to its exit status: a Usage error (bad input:
// flags, files, a configuration over -max-mem) is 2, a Finding (a
// violation found, a replay that diverged) is 1, a Cap (a cap or bound
// reached before anything was found: no verdict) is 4, an Interrupted
// command (SIGINT: what was done so far printed, no verdict) is 130; any
// other error is an internal one (3).
//
// It imports nothing of the project; the packages under internal/ that do
// a command's work return these kinds so that the command only wires.
package exit

import "fmt"

// UsageError is bad input from the user: exit status 2, one line on
// stderr.
type UsageError struct{ Msg string }

// Error returns the message.
func (e *UsageError) Error() string { return e.Msg }

// Usagef is a UsageError with a formatted message.
func Usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}

// FindingError is a verdict the user asked to be told about by exit
// status (a violation found by check or explore, a diverging replay):
// exit status 1.
type FindingError struct{ Msg string }

// Error returns the message.
func (e *FindingError) Error() string { return e.Msg }

// Findingf is a FindingError with a formatted message.
func Findingf(format string, args ...any) error {
	return &FindingError{fmt.Sprintf(format, args...)}
}

// CapError says a cap or bound (-max-steps, -max-mem, -max-states, ...)
// stopped an execution or a search before it finished and nothing was
// found: not a verdict, exit status 4.
type CapError struct{ Msg string }

// Error returns the message.
func (e *CapError) Error() string { return e.Msg }

// Capf is a CapError with a formatted message.
func Capf(format string, args ...any) error {
	return &CapError{fmt.Sprintf(format, args...)}
}

// InterruptedError says the user interrupted the command (SIGINT, Ctrl-C)
// before it finished: what was done so far has been printed, marked
// interrupted, which is not a verdict; exit status 130 (as shells report
// a process killed by SIGINT).
type InterruptedError struct{ Msg string }

// Error returns the message.
func (e *InterruptedError) Error() string { return e.Msg }

// Interruptedf is an InterruptedError with a formatted message.
func Interruptedf(format string, args ...any) error {
	return &InterruptedError{fmt.Sprintf(format, args...)}
}
