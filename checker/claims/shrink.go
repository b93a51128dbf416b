package claims

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/shrink"
	"github.com/electlab/electlab/model"
)

// Shrink turns the violating execution x of case cs into a small
// counterexample (shrink.Case) under the engine's caps: smaller initiator
// and dead sets first, then fewer events while the same property still
// fails.
func (e *Engine) Shrink(spec model.Spec, checks checker.Checks, cs *checker.Case, x *checker.Execution) *checker.Counterexample {
	maxSteps, fairAfter := e.caps(x.Initial.N())
	// A run the caller stopped at its step cap and judged a termination
	// violation (electlab check) is shrunk under the same rule; the
	// claims engine's runs treat a reached cap as undecided.
	return shrink.Case(spec, checks, cs, x, shrink.Options{Run: checker.Options{MaxSteps: maxSteps, FairAfter: fairAfter, CapUndecided: !x.Capped}})
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
