package proptest

import (
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/model/lockcheck"
)

// Mutex runs the crash-free property tests of a mutual-exclusion
// algorithm: under every setting of MutexSettings, for each demand reading
// ("once", then "twice") joined by a comma to each of readings (none: the
// demand reading alone), every configuration at sizes nmin..nmax, in a
// subtest named setting/variant and judged by checks(setting, variant,
// demand) (demand 1 or 2).
func Mutex(t *testing.T, spec model.Spec, nmin, nmax int, readings []string, checks func(st model.Setting, variant string, demand int) checker.Checks) {
	t.Helper()
	for _, st := range MutexSettings() {
		for d, demand := range []string{"once", "twice"} {
			variants := []string{demand}
			if len(readings) > 0 {
				variants = nil
				for _, r := range readings {
					variants = append(variants, demand+","+r)
				}
			}
			for _, variant := range variants {
				t.Run(st.Name+"/"+variant, func(t *testing.T) {
					Check(t, Target{Spec: spec, Setting: st, Variant: variant, NMin: nmin, NMax: nmax, Checks: checks(st, variant, d+1)})
				})
			}
		}
	}
}

// MutexChecks are the usual checks of a mutual-exclusion run: safety and
// termination, no two processes in their critical sections at once
// (lockcheck.MutualExclusion), the algorithm's own end-of-run checks
// custom, and every client's demand served.
func MutexChecks(demand int, custom ...func(model.System) error) checker.Checks {
	all := append([]func(model.System) error{lockcheck.MutualExclusion}, custom...)
	return checker.Checks{Props: model.Safety | model.Termination, Custom: model.AllChecks(append(all, Served(demand))...)}
}

// MutexCrash checks that one crash anywhere (MutexOneCrash) never breaks
// mutual exclusion: every lock history of spec under variant, at sizes
// nmin..4, is linearizable (lockcheck.LinearizableLock), and inv (nil:
// none) holds in every state.
func MutexCrash(t *testing.T, spec model.Spec, variant string, nmin int, inv func(model.System) error) {
	t.Helper()
	Check(t, Target{Spec: spec, Setting: MutexOneCrash, Variant: variant, NMin: nmin, NMax: 4,
		Checks: checker.Checks{Custom: lockcheck.LinearizableLock, Invariant: inv}})
}
