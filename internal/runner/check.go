package runner

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/checker/shrink"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// checkStrategies are the -schedule values of check that name one
// adversary.
var checkStrategies = map[string]checker.Strategy{"random": checker.Uniform, "newest": checker.Newest, "oldest": checker.Oldest}

// ValidCheckSchedule reports whether name is a -schedule value of check:
// mix, fifo, random, newest or oldest.
func ValidCheckSchedule(name string) bool {
	_, ok := checkStrategies[name]
	return ok || name == "mix" || name == "fifo"
}

// Check is a search of adversarial schedules of one configuration for a
// violation of Checks (`electlab check`).
type Check struct {
	// Tool names the program the printed replay command runs.
	Tool
	Spec   model.Spec
	Config *model.Config
	Checks checker.Checks
	// What names what is checked (the generic properties or the claim);
	// ClaimID is the claim checked ("" for the generic properties).
	What, ClaimID string
	// Count schedules from Seed, under Schedule (mix, fifo, random,
	// newest or oldest), Staggered or not.
	Count     int
	Seed      uint64
	Schedule  string
	Staggered bool
	// MaxSteps is checker.Options.MaxSteps; StepCap the resolved cap.
	MaxSteps, StepCap int
	MaxMem            int64
	// Out is the directory of the counterexample trace; JSON prints the
	// result as JSON.
	Out  string
	JSON bool
	// Bound, when set, is the -bound whose Checker is Checks.Bound: an
	// evaluation error it meets is bad input.
	Bound *bound.Bound
	// Part of Parts (1-based; Parts 0 for the whole check) runs only its
	// share of the schedules (PartRange) and writes a part file to PartOut
	// (CheckPart) instead of a verdict. Options are the check's options,
	// canonical (every flag set, as -name=value, in name order, without
	// -part, -parts, -part-out, -out and -json): a part records them, and
	// check -merge rebuilds the check from them.
	Part, Parts int
	PartOut     string
	Options     []string
}

// Run searches the schedules and prints the outcome: the first violation
// found (shrunk, its trace written under Out) is a finding; schedules
// stopped by a cap with nothing found are a cap error. With Parts set it
// runs part Part of Parts instead (runPart).
func (a *Check) Run(stdout, stderr io.Writer) error {
	if a.Parts > 0 {
		return a.runPart(stdout, stderr)
	}
	s0, opt, restore, err := a.start()
	if err != nil {
		return err
	}
	defer restore()
	r, err := a.search(s0, opt, 0, a.Count, stderr)
	switch {
	case err != nil:
		return err
	case r.interrupted:
		return a.reportInterrupted(r.done, r.capped, stdout)
	case r.x != nil:
		return a.reportViolation(r.cs, r.x, opt, r.k, stdout, stderr)
	}
	return a.reportNoViolation(r.capped, r.firstCap, stdout)
}

// start builds what a search of a runs from: the initial World, the
// options of its executions, and the memory bound in force until restore
// is called. It also fixes Count: the FIFO schedule is deterministic, so
// one run covers it.
func (a *Check) start() (s0 model.System, opt checker.Options, restore func(), err error) {
	if a.Schedule == "fifo" && a.Count > 1 {
		a.Count = 1
	}
	if s0, err = newSystem(a.Spec, a.Config, WorldRun, a.MaxMem); err != nil {
		return nil, opt, nil, err
	}
	opt = checker.Options{MaxSteps: a.MaxSteps, MaxMem: a.MaxMem, MemProbe: HeapInUse}
	return s0, opt, BoundMemory(a.MaxMem), nil
}

// searched is how a search of schedules [from, to) ended: done of them
// finished with no violation (capped of those at a cap, firstCap
// describing the first), then schedule k violated (cs and x, when x is
// not nil), or an interrupt stopped it, or every one finished.
type searched struct {
	done, capped int
	firstCap     string
	k            int
	cs           *checker.Case
	x            *checker.Execution
	interrupted  bool
}

// search runs schedules from..to-1 (indices among the Count of the whole
// check) from s0, in order, up to the first violation.
func (a *Check) search(s0 model.System, opt checker.Options, from, to int, stderr io.Writer) (searched, error) {
	var r searched
	progress := checkProgress(stderr, to-from)
	for k := from; k < to; k++ {
		progress(k - from)
		if Interrupted() {
			r.interrupted = true
			return r, nil
		}
		cs := a.caseFor(k)
		opt.Poll = intPoll(execPoll(stderr, fmt.Sprintf("check: schedule %d of %d", k+1, a.Count)))
		x := checker.Execute(s0, cs.Chooser(), a.Checks, opt)
		if x.Err != nil {
			return r, boundErr(a.Bound, x.Err)
		}
		if x.Interrupted {
			r.interrupted = true
			return r, nil
		}
		if x.Violation != nil {
			r.k, r.cs, r.x = k, cs, x
			return r, nil
		}
		if x.Capped {
			if r.capped == 0 {
				r.firstCap = fmt.Sprintf("seed %d stopped after %d events at %s", cs.Seed, len(x.Events), x.CapReason)
			}
			r.capped++
		}
		r.done++
	}
	return r, nil
}

// boundErr is err, the evaluation error of the -bound b that a run or a
// search met (checker.Execution.Err, explore.Result.Err), as bad input.
func boundErr(b *bound.Bound, err error) error {
	if b == nil {
		return exit.Usagef("the bound cannot be evaluated: %v", err)
	}
	return exit.Usagef("-bound %q: %v", b.String(), err)
}

// caseFor is schedule k of the search: its seed and adversary.
func (a *Check) caseFor(k int) *checker.Case {
	cs := &checker.Case{Config: a.Config, Seed: a.Seed + uint64(k), Strategy: checker.Strategy(k % 3), Staggered: a.Staggered}
	switch a.Schedule {
	case "mix":
		cs.FIFOOnly = k == 0 && !a.Staggered && a.Config.CrashBudget == 0
	case "fifo":
		cs.FIFOOnly = true
	default:
		cs.Strategy = checkStrategies[a.Schedule]
	}
	return cs
}

// reportViolation shrinks the violation x found by schedule k, writes its
// trace (unless over the trace limit), prints it and returns the finding.
// A trace that cannot be written under Out (validated before the search,
// but a file may be in the way) goes to a fallback file (SaveFinding):
// the finding is printed all the same, and the error names both paths.
func (a *Check) reportViolation(cs *checker.Case, x *checker.Execution, opt checker.Options, k int, stdout, stderr io.Writer) error {
	ce, shrunk := shrinkCheck(a.StepCap, a.Spec, a.Checks, cs, x, opt)
	name := fmt.Sprintf("electlab-%s-%s-seed%d.json", a.Spec.Meta().Name, ce.Violation.Property, cs.Seed)
	note := fmt.Sprintf("found by electlab check (schedule %d of %d, seed %d), checking %s", k+1, a.Count, cs.Seed, a.What)
	if shrunk != "" {
		note += "; " + shrunk
	}
	path, notes, writeErr, err := SaveFinding(a.Out, name, ce, a.ClaimID, note, stderr)
	if err != nil {
		return err
	}
	if notes != "" {
		fmt.Fprintf(stderr, "electlab: %s\n", notes)
	}
	if shrunk != "" {
		fmt.Fprintf(stderr, "electlab: %s\n", shrunk)
	}
	render.PrintCheckViolation(stdout, a.Program, a.JSON, ce.Violation, path, len(ce.Events), k+1, notes)
	return findingWritten(ce.Violation.Property, len(ce.Events), path, writeErr)
}

// findingWritten is the finding of check or explore: PROPERTY violated
// and where its trace is, or that it is over the trace limit, or (writeErr)
// why it is not where it was asked for and where it is instead.
func findingWritten(prop string, events int, path string, writeErr error) error {
	switch {
	case writeErr != nil && path != "":
		return exit.Findingf("%s violated; the trace could not be written (%v), so it was written to %s", prop, writeErr, path)
	case writeErr != nil:
		return exit.Findingf("%s violated; the trace could not be written (%v), so it is on stderr above", prop, writeErr)
	case path == "":
		return exit.Findingf("%s violated; the trace (%d events) is over the trace limit and was not written", prop, events)
	}
	return exit.Findingf("%s violated; trace written to %s", prop, path)
}

// reportInterrupted prints the outcome of a search interrupted before
// schedule k (none of the k before found a violation; capped of them
// reached a cap) and returns the interrupted error: no trace is written.
func (a *Check) reportInterrupted(k, capped int, stdout io.Writer) error {
	if err := render.PrintCheckInterrupted(stdout, a.JSON, k, a.Count, capped, a.Seed, a.What); err != nil {
		return err
	}
	return exit.Interruptedf("interrupted: %d of %d schedules finished (not a verdict)", k, a.Count)
}

// reportNoViolation prints the outcome of a search that found no
// violation; capped schedules (firstCap the first) make it a cap error.
func (a *Check) reportNoViolation(capped int, firstCap string, stdout io.Writer) error {
	count, seed := a.Count, a.Seed
	if err := render.PrintCheckClean(stdout, a.JSON, count, capped, seed, firstCap, a.What); err != nil {
		return err
	}
	if capped > 0 {
		return exit.Capf("%d of %d schedules unfinished: cap reached (not a verdict); raise -max-steps or -max-mem", capped, count)
	}
	return nil
}

// shrinkBudget bounds the work of shrinking one counterexample of check:
// the total events of the candidate executions judged.
const shrinkBudget = 20_000_000

// shrinkLimit is the length up to which check shrinks a counterexample as
// the claims engine does (smaller configurations, then a 1-minimal event
// list); a longer one is only minimized, within shrinkBudget.
const shrinkLimit = 2000

// shrinkCheck shrinks check's violating execution x. A short one goes
// through shrink.Case under the claims engine's caps (claims.Caps of the
// resolved step cap); a long one (a large n) only
// through a bounded minimization of its events, since every candidate
// replays the whole execution. note says when the result may not be
// minimal.
func shrinkCheck(stepCap int, spec model.Spec, checks checker.Checks, cs *checker.Case, x *checker.Execution, opt checker.Options) (*checker.Counterexample, string) {
	s0 := x.Initial
	if len(x.Events) <= shrinkLimit {
		maxSteps, fairAfter := claims.Caps(stepCap, 0, s0.N())
		return shrink.Case(spec, checks, cs, x, shrink.Options{Run: checker.Options{MaxSteps: maxSteps, FairAfter: fairAfter, CapUndecided: !x.Capped}}), ""
	}
	r := shrink.Events(s0, x.Events, checks, shrink.Of(x.Violation), shrink.Options{Run: opt, Budget: shrinkBudget})
	y := r.X
	if !r.Kept {
		// Cannot happen for a deterministic property; keep the original.
		y = x
	}
	note := ""
	if !r.Done {
		note = fmt.Sprintf("shrinking stopped at its budget of %d replayed events: the trace (%d of the %d events found) may not be minimal", shrinkBudget, len(y.Events), len(x.Events))
	}
	return &checker.Counterexample{N: s0.N(), Config: cs.Config, Events: y.Events, Violation: y.Violation, Initial: s0}, note
}

// checkProgress returns a function that check calls before schedule k:
// once the search has run two seconds it prints, every two seconds, a
// progress line on stderr (schedules done, rate, ETA), when stderr is a
// file (the process's own; not a buffer a caller inspects). It is a wall
// clock on stderr only; it never changes the results.
func checkProgress(stderr io.Writer, total int) func(k int) {
	return loopProgress(stderr, func(k int, el float64) {
		rate := float64(k) / el
		fmt.Fprintf(stderr, "electlab: check: %d of %d schedules, %.1f schedules/s, %.0fs elapsed, ETA %.0fs\n", k, total, rate, el, float64(total-k)/rate)
	})
}

// loopProgress returns a function a loop calls before its step k: once
// the loop has run progressEvery it calls line (with the seconds elapsed)
// at most every progressEvery, never before step 0, and only when stderr
// is a file (the process's own; not a buffer a caller inspects). It is a
// wall clock on stderr only; it never changes the results.
func loopProgress(stderr io.Writer, line func(k int, elapsed float64)) func(k int) {
	if _, ok := stderr.(*os.File); !ok {
		return func(int) {}
	}
	t0 := time.Now()
	last := t0
	return func(k int) {
		now := time.Now()
		if k == 0 || now.Sub(t0) < progressEvery || now.Sub(last) < progressEvery {
			return
		}
		last = now
		line(k, now.Sub(t0).Seconds())
	}
}
