package render

import (
	"fmt"
	"io"

	"github.com/electlab/electlab/checker"
)

// PrintCheckViolation prints check's finding: violation v found by
// schedule tried (1-based), its counterexample of events events written to
// path ("" when it was over the trace limit: notes says so; program
// replays it: ReplayCommand), as JSON when jsonOut.
func PrintCheckViolation(w io.Writer, program string, jsonOut bool, v *checker.Violation, path string, events, tried int, notes string) {
	switch {
	case jsonOut:
		WriteJSON(w, map[string]any{"violation": v, "trace": path, "events": events, "schedules_tried": tried})
	case path != "":
		fmt.Fprintf(w, "VIOLATION after %d schedule(s): %s\ntrace: %s (%d events; replay with: %s)\n", tried, v.Error(), path, events, ReplayCommand(program, path))
	default:
		fmt.Fprintf(w, "VIOLATION after %d schedule(s): %s\n%s\n", tried, v.Error(), notes)
	}
}

// PrintCheckClean prints the outcome of a check that found no violation
// in count schedules from seed, capped of them unfinished (firstCap
// describes the first), checking what; as JSON when jsonOut.
func PrintCheckClean(w io.Writer, jsonOut bool, count, capped int, seed uint64, firstCap, what string) error {
	switch {
	case jsonOut:
		return WriteJSON(w, map[string]any{"violation": nil, "schedules_tried": count, "schedules_unfinished": capped, "checked": what})
	case capped == 0:
		fmt.Fprintf(w, "no violation in %d schedules (seeds %d..%d) checking %s\n", count, seed, seed+uint64(count)-1, what)
	default:
		fmt.Fprintf(w, "no violation in %d finished schedules of %d (seeds %d..%d) checking %s\n", count-capped, count, seed, seed+uint64(count)-1, what)
		fmt.Fprintf(w, "unfinished   %d schedule(s) reached a cap (not a verdict; first: %s)\n", capped, firstCap)
	}
	return nil
}

// PrintCheckInterrupted prints the outcome of a check interrupted
// (SIGINT) after done of its total schedules, none of which violated
// anything (capped of them reached a cap): what was done, not a verdict.
func PrintCheckInterrupted(w io.Writer, jsonOut bool, done, total, capped int, seed uint64, what string) error {
	if jsonOut {
		return WriteJSON(w, map[string]any{"violation": nil, "interrupted": true, "schedules_tried": done, "schedules_planned": total, "schedules_unfinished": capped, "checked": what})
	}
	if done == 0 {
		fmt.Fprintf(w, "interrupted during schedule 1 of %d (seed %d), before any finished, checking %s (not a verdict)\n", total, seed, what)
		return nil
	}
	fmt.Fprintf(w, "interrupted after %d of %d schedules (seeds %d..%d): no violation in the %d finished, checking %s (not a verdict)\n", done, total, seed, seed+uint64(done)-1, done-capped, what)
	return nil
}

// PartViolation is the first violation a part of a split check found: at
// schedule index Schedule (from 0), of seed Seed.
type PartViolation struct {
	Schedule          int
	Seed              uint64
	Property, Message string
}

// PrintCheckPart prints what part (i/k) of a split check of count
// schedules from seed found in its schedules from..to-1 (indices from 0):
// the first violation v, or none (capped of them unfinished, firstCap the
// first), checking what; and the part file it wrote. Never a verdict:
// check -merge gives that.
func PrintCheckPart(w io.Writer, part string, count, from, to int, seed uint64, capped int, firstCap, what string, v *PartViolation, file string) {
	n := to - from
	span := func() string {
		return fmt.Sprintf("%d..%d of %d, seeds %d..%d", from+1, to, count, seed+uint64(from), seed+uint64(to)-1)
	}
	switch {
	case v != nil:
		fmt.Fprintf(w, "part %s: violation at schedule %d of %d (seed %d): %s violated: %s (not shrunk: the merge shrinks it and writes its trace)\n", part, v.Schedule+1, count, v.Seed, v.Property, v.Message)
	case n == 0:
		fmt.Fprintf(w, "part %s: no schedules: the %d schedule(s) of the check fall to other parts\n", part, count)
	case capped == 0:
		fmt.Fprintf(w, "part %s: no violation in %d schedules (%s) checking %s\n", part, n, span(), what)
	default:
		fmt.Fprintf(w, "part %s: no violation in %d finished schedules of %d (%s) checking %s\n", part, n-capped, n, span(), what)
		fmt.Fprintf(w, "unfinished   %d schedule(s) reached a cap (first: %s)\n", capped, firstCap)
	}
	fmt.Fprintf(w, "part written to %s (merge every part with check -merge for the verdict)\n", file)
}
