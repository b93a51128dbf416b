package checker

import (
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// LockCounterexampleHTML writes porcupine's visualization of a
// counterexample's lock history to path when the history is not
// linearizable; it reports whether it wrote one. The counterexample is
// completed under the fair schedule as the engine judged it.
func LockCounterexampleHTML(ce *Counterexample, path string) (bool, error) {
	if ce == nil || ce.Initial == nil {
		return false, nil
	}
	s := ce.Initial.Clone()
	var applied []model.Event
	for _, ev := range ce.Events {
		if s.Apply(ev) == nil {
			applied = append(applied, ev)
		}
	}
	h := lockcheck.LockHistoryOf(s, applied)
	if len(h.Ops) == 0 || h.Check() == nil {
		return false, nil
	}
	return true, h.VisualizeFile(path)
}
