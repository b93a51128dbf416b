package central_test

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/central"
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// Property tests of the centralized lock: no golden, no shipped trace.
// Every configuration at n = 2..5 (every set of requesting clients) under
// the fair schedule and seeded adversarial ones, then rapid.

// quiet checks the coordinator's lock table at quiescence without crashes:
// free, nobody queued, every client idle with its demand served.
var quiet = proptest.MutexQuiet(func(st central.State) mutex.Phase { return st.Phase },
	func(id model.ID, st central.State) error {
		if st.Holder != model.None || len(st.Queue) > 0 {
			return fmt.Errorf("at quiescence process %d still has holder %d, queue %v", id, st.Holder, st.Queue)
		}
		return nil
	})

func checks(demand int) checker.Checks {
	three := func(claim.Params) claim.Rat { return claim.RatInt(3) }
	c := proptest.MutexChecks(demand,
		claim.AnswersOwed("request", "grant"),
		claim.AnswersOwed("grant", "release"),
		claim.EveryObservation(lockcheck.ObsCost, claim.Exactly, three, "3", "messages per entry/exit"),
		quiet)
	// [S2] "select process with highest ID": the coordinator.
	c.Invariant = claim.ServedByInitialBest([]string{"grant"}, []string{"request", "release"})
	return c
}

// TestPropCentral: every setting, one crash, rapid (proptest.MutexSuite).
func TestPropCentral(t *testing.T) {
	proptest.MutexSuite{Spec: central.Algorithm, NMin: 2, NMax: 5, Crash: "twice", Rapid: "twice",
		Checks: func(_ claim.Setting, _ string, demand int) checker.Checks { return checks(demand) }}.Run(t)
}

// TestPropCentralDelay: without contention an entry of a client that is
// not the coordinator waits exactly 2 message times, and the coordinator's
// own entry costs nothing and waits 0.
func TestPropCentralDelay(t *testing.T) {
	two := func(claim.Params) claim.Rat { return claim.RatInt(2) }
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		st := claim.Setting{Timing: timing, Net: model.FIFO, Initiators: claim.OneInitiator}
		proptest.Check(t, proptest.Target{Spec: central.Algorithm, Setting: st, Variant: "once", NMin: 2, NMax: 6,
			Checks: checker.Checks{Props: model.Termination, Custom: claim.AllChecks(
				claim.EveryObservation(lockcheck.ObsDelay, claim.Exactly, two, "2", "delay before entry"),
				func(s model.System) error {
					// The coordinator (the highest id) enters locally:
					// no message at all.
					p := s.Config().Initiators[0]
					if p == claim.InitialBest(s) && s.Counts().Sends != 0 {
						return fmt.Errorf("the coordinator %d's own entry sent %d messages", p, s.Counts().Sends)
					}
					if p != claim.InitialBest(s) && s.Counts().Sends != 3 {
						return fmt.Errorf("client %d's entry sent %d messages, want 3", p, s.Counts().Sends)
					}
					return nil
				})}})
	}
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: central.Algorithm, Claims: central.Claims})
}
