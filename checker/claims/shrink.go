package claims

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// Shrink turns the violating execution x of case cs into a small
// counterexample: it first tries smaller initiator and dead sets
// (checker.SmallerConfigs, re-running the same schedule seed), then
// removes events while the same property still fails (traces.Minimize).
func (e *Engine) Shrink(spec model.Spec, checks checker.Checks, cs *checker.Case, x *checker.Execution) *checker.Counterexample {
	prop := x.Violation.Property
	// A run the caller stopped at its step cap and judged a termination
	// violation (electlab check) is shrunk under the same rule; the
	// claims engine's runs treat a reached cap as undecided.
	undecided := !x.Capped
	fails := func(c *checker.Case) *checker.Execution {
		s0, err := spec.NewSystem(c.Config)
		if err != nil {
			return nil
		}
		maxSteps, fairAfter := e.caps(s0.N())
		y := checker.Execute(s0, c.Chooser(), checks, checker.Options{MaxSteps: maxSteps, FairAfter: fairAfter, CapUndecided: undecided})
		if y.Violation != nil && y.Violation.Property == prop {
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
	events := bestX.Events
	s0 := bestX.Initial
	maxSteps, _ := e.caps(s0.N())
	events = traces.Minimize(events, func(evs []model.Event) bool {
		y := completeCapped(s0, evs, checks, maxSteps, undecided)
		return y.Violation != nil && y.Violation.Property == prop
	})
	y := completeCapped(s0, events, checks, maxSteps, undecided)
	events, bestX = y.Events, y
	return &checker.Counterexample{N: s0.N(), Config: best.Config, Events: events, Violation: bestX.Violation, Initial: s0}
}

// completeCapped is Complete under the engine's caps: maxSteps events at
// most (DefaultMaxSteps when not positive), a cap reached left undecided
// when capUndecided.
func completeCapped(s0 model.System, events []model.Event, checks checker.Checks, maxSteps int, capUndecided bool) *checker.Execution {
	if maxSteps <= 0 {
		maxSteps = checker.DefaultMaxSteps
	}
	return checker.Complete(s0, events, checks, checker.Options{MaxSteps: maxSteps, CapUndecided: capUndecided})
}

// CounterexampleFile is the file name of the counterexample of row number
// row (0-based) of claim's result for algo under the given reading.
func CounterexampleFile(claim, algo, reading string, row int) string {
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, reading)
	if len(safe) > maxReadingInName {
		// A composition names every reading it inherits: keep the name
		// under the file system's limit, unique by a hash of the whole.
		h := fnv.New32a()
		h.Write([]byte(reading))
		safe = fmt.Sprintf("%s_%08x", safe[:maxReadingInName-9], h.Sum32())
	}
	return fmt.Sprintf("%s-%s-%s-%d.json", claim, algo, safe, row+1)
}

// maxReadingInName is the longest reading a counterexample's file name
// holds whole (file names are limited to 255 bytes).
const maxReadingInName = 120
