package proptest

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// MutexSuite is the property suite of a mutual-exclusion algorithm
// (central, decentral, ricartagrawala, tokenring): its crash-free
// settings, one crash, and rapid.
type MutexSuite struct {
	// Spec is the algorithm.
	Spec model.Spec
	// NMin and NMax bound the crash-free sizes; the crash run goes from
	// NMin to 4, the rapid run from NMin to 5.
	NMin, NMax int
	// Readings are joined by a comma to each demand reading ("once",
	// "twice") to make the crash-free variants (none: the demand reading
	// alone).
	Readings []string
	// Checks judges a crash-free run of setting st under variant, in
	// which every client asks demand times (1 or 2).
	Checks func(st claim.Setting, variant string, demand int) checker.Checks
	// Crash is the variant of the one-crash run; CrashInvariant (nil:
	// none) is checked in its every state.
	Crash          string
	CrashInvariant func(model.System) error
	// Rapid is the variant of the rapid run (MutexStaggered, demand 2).
	Rapid string
}

// Run runs the suite, each part a subtest: under every setting of
// MutexSettings every configuration of every crash-free variant (subtest
// setting/variant, judged by Checks); "one crash": one crash anywhere
// (MutexOneCrash) never breaks mutual exclusion, every lock history is
// linearizable (lockcheck.LinearizableLock); "rapid": rapid-drawn
// configurations and schedules of MutexStaggered judged by Checks.
func (ms MutexSuite) Run(t *testing.T) {
	t.Helper()
	for _, st := range MutexSettings() {
		for d, demand := range []string{"once", "twice"} {
			variants := []string{demand}
			if len(ms.Readings) > 0 {
				variants = nil
				for _, r := range ms.Readings {
					variants = append(variants, demand+","+r)
				}
			}
			for _, variant := range variants {
				t.Run(st.Name+"/"+variant, func(t *testing.T) {
					Check(t, Target{Spec: ms.Spec, Setting: st, Variant: variant, NMin: ms.NMin, NMax: ms.NMax, Checks: ms.Checks(st, variant, d+1)})
				})
			}
		}
	}
	t.Run("one crash", func(t *testing.T) {
		Check(t, Target{Spec: ms.Spec, Setting: MutexOneCrash, Variant: ms.Crash, NMin: ms.NMin, NMax: 4,
			Checks: checker.Checks{Custom: lockcheck.LinearizableLock, Invariant: ms.CrashInvariant}})
	})
	t.Run("rapid", func(t *testing.T) {
		Rapid(t, Target{Spec: ms.Spec, Setting: MutexStaggered, Variant: ms.Rapid, NMin: ms.NMin, NMax: 5, Checks: ms.Checks(MutexStaggered, ms.Rapid, 2)})
	})
}

// MutexChecks are the usual checks of a mutual-exclusion run: safety and
// termination, no two processes in their critical sections at once
// (lockcheck.MutualExclusion), the algorithm's own end-of-run checks
// custom, and every client's demand served.
func MutexChecks(demand int, custom ...func(model.System) error) checker.Checks {
	all := append([]func(model.System) error{lockcheck.MutualExclusion}, custom...)
	return checker.Checks{Props: model.Safety | model.Termination, Custom: claim.AllChecks(append(all, Served(demand))...)}
}

// MutexQuiet returns the end-of-run check of the states of a
// mutual-exclusion algorithm with state S: at quiescence without crashes
// (AtCrashFreeQuiescence) every process passes each, the algorithm's own
// check of its end state (id is the process's id), and then its client,
// whose phase is phase(st), is idle.
func MutexQuiet[S any](phase func(st S) mutex.Phase, each func(id model.ID, st S) error) func(model.System) error {
	return AtCrashFreeQuiescence(func(_ int, id model.ID, state any) error {
		st := state.(S)
		if err := each(id, st); err != nil {
			return err
		}
		if p := phase(st); p != mutex.Idle {
			return fmt.Errorf("at quiescence process %d is in phase %d", id, p)
		}
		return nil
	})
}
