// Package shrink minimises a violating execution while the same violation
// still shows: smaller configurations first (Case), then fewer events
// (Events, delta debugging by traces.Minimize). It is the one home of that
// verb; the claim engine, electlab check and shrink, the test kit and the
// explorer call it, each with its own caps (Options).
package shrink

import (
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// Keep names the violation a shrink keeps: a candidate fails when its
// run shows it.
type Keep struct {
	property, message string
	byMessage         bool
}

// Property keeps a violation of property p (any message).
func Property(p string) Keep { return Keep{property: p} }

// Of keeps a violation of v's property (any message).
func Of(v *checker.Violation) Keep { return Property(v.Property) }

// Exactly keeps a violation of property p with message m.
func Exactly(p, m string) Keep {
	return Keep{property: p, message: m, byMessage: true}
}

func (k Keep) holds(v *checker.Violation) bool {
	return v != nil && v.Property == k.property && (!k.byMessage || v.Message == k.message)
}

// Options are the caps and hooks of one shrink.
type Options struct {
	// Run are the options of each candidate's run: its fair completion
	// (checker.Complete), or for Case's smaller configurations the run of
	// the case's schedule (checker.Execute). When Stop is set, a
	// candidate's Run.Poll is replaced by Stop; the final run keeps Run as
	// given.
	Run checker.Options
	// Lenient replays each candidate leniently without completing it
	// (checker.Replay): the explorer's paths, whose violation shows on the
	// path itself. A candidate that cannot be replayed does not fail.
	Lenient bool
	// End, when set, judges each candidate's run again (a test kit's
	// end-of-run checks): its violation replaces the run's.
	End func(*checker.Execution) *checker.Violation
	// Budget bounds the work: the total events of the candidates judged
	// (0 = none). Once it is spent the shrink returns the shortest failing
	// list found so far (Result.Done false).
	Budget int64
	// Stop, when set, is asked before and after each candidate (and polled
	// during its run); once it reports true every further candidate is
	// judged not to fail, so the shrink returns the shortest failing list
	// found so far (Result.Stopped): how Ctrl-C ends a shrink.
	Stop func() bool
	// Progress, when set, is called before each candidate with the number
	// of candidates judged so far and the length of the shortest failing
	// list so far.
	Progress func(candidates, shortest int)
}

// Result is the outcome of Events.
type Result struct {
	// Events is the shrunk list (a subsequence of the events given), which
	// X runs.
	Events []model.Event
	// X is the run of the shrunk events (under Options.Run, without Stop);
	// nil when they cannot be replayed (Lenient).
	X *checker.Execution
	// Kept reports that X shows the violation kept. It is false only when
	// the events given do not show it, or for a nondeterministic step
	// function.
	Kept bool
	// Done reports that the budget did not end the shrink: unless Stopped,
	// no single event can be removed from Events (1-minimal).
	Done bool
	// Stopped reports that Options.Stop ended the shrink (perhaps not
	// minimal).
	Stopped bool
}

// Events removes events from events, run from s0 under checks, while the
// violation keep still shows (traces.MinimizeWithin within opt.Budget),
// and runs the result once more.
func Events(s0 model.System, events []model.Event, checks checker.Checks, keep Keep, opt Options) Result {
	copt := opt.Run
	if opt.Stop != nil {
		copt.Poll = func(int) bool { return opt.Stop() }
	}
	stopped := func() bool { return opt.Stop != nil && opt.Stop() }
	candidates, shortest := 0, len(events)
	fails := func(evs []model.Event) bool {
		if opt.Progress != nil {
			opt.Progress(candidates, shortest)
		}
		candidates++
		if stopped() {
			return false
		}
		failed := keep.holds(violation(run(s0, evs, checks, copt, opt))) && !stopped()
		if failed && len(evs) < shortest {
			shortest = len(evs)
		}
		return failed
	}
	evs, done := traces.MinimizeWithin(events, fails, opt.Budget)
	x := run(s0, evs, checks, opt.Run, opt)
	return Result{Events: evs, X: x, Kept: keep.holds(violation(x)), Done: done, Stopped: stopped()}
}

// run judges one list of events under o (opt says how).
func run(s0 model.System, evs []model.Event, checks checker.Checks, o checker.Options, opt Options) *checker.Execution {
	var x *checker.Execution
	if opt.Lenient {
		var err error
		if x, err = checker.Replay(s0, evs, checks, true); err != nil {
			return nil
		}
	} else {
		x = checker.Complete(s0, evs, checks, o)
	}
	if opt.End != nil {
		x.Violation = opt.End(x)
	}
	return x
}

func violation(x *checker.Execution) *checker.Violation {
	if x == nil {
		return nil
	}
	return x.Violation
}

// Case turns the violating execution x of case cs into a small
// counterexample: it first tries smaller initiator and dead sets
// (checker.SmallerConfigs of cs's setting), re-running cs's schedule
// (same seed and adversary, checker.Execute under opt.Run) while x's
// property still fails, then removes events (Events under opt).
func Case(spec model.Spec, checks checker.Checks, cs *checker.Case, x *checker.Execution, opt Options) *checker.Counterexample {
	keep := Of(x.Violation)
	fails := func(c *checker.Case) *checker.Execution {
		s0, err := spec.NewSystem(c.Config)
		if err != nil {
			return nil
		}
		if y := checker.Execute(s0, c.Chooser(), checks, opt.Run); keep.holds(y.Violation) {
			return y
		}
		return nil
	}
	best, bestX := cs, x
	for changed := true; changed; {
		changed = false
		for _, cand := range checker.SmallerConfigs(spec.Meta(), best.Config, cs.Setting) {
			c := *best
			c.Config = cand
			if y := fails(&c); y != nil {
				best, bestX, changed = &c, y, true
				break
			}
		}
	}
	s0 := bestX.Initial
	y := Events(s0, bestX.Events, checks, keep, opt).X
	return &checker.Counterexample{N: s0.N(), Config: best.Config, Events: y.Events, Violation: y.Violation, Initial: s0}
}
