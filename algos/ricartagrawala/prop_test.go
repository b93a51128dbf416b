package ricartagrawala_test

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/algos/ricartagrawala"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// Property tests of Ricart–Agrawala: no golden, no shipped trace. Every
// set of requesting processes at n = 2..5 under the fair schedule and
// seeded adversarial ones, then rapid.

// quiet checks every process at quiescence without crashes: idle, no
// deferred reply left owed, its clock past every request it made.
var quiet = proptest.MutexQuiet(func(st ricartagrawala.State) mutex.Phase { return st.Phase },
	func(id model.ID, st ricartagrawala.State) error {
		if st.Deferred != 0 {
			return fmt.Errorf("at quiescence process %d still owes deferred replies (mask %b)", id, st.Deferred)
		}
		if st.Asked > 0 && st.L < st.TS {
			return fmt.Errorf("process %d's Lamport clock %d is behind its last request's timestamp %d", id, st.L, st.TS)
		}
		return nil
	})

func checks(demand int) checker.Checks {
	twoN1 := func(p claim.Params) claim.Rat { return claim.RatInt(int64(2 * (p.N - 1))) }
	return proptest.MutexChecks(demand,
		// Every request is answered by exactly one reply: none
		// deferred for ever, none sent twice.
		claim.AnswersOwed("request", "reply"),
		claim.EveryObservation(lockcheck.ObsCost, claim.Exactly, twoN1, "2(n-1)", "messages per entry/exit"),
		quiet)
}

// TestPropRicartAgrawala: every setting, one crash, rapid
// (proptest.MutexSuite).
func TestPropRicartAgrawala(t *testing.T) {
	proptest.MutexSuite{Spec: ricartagrawala.Algorithm, NMin: 2, NMax: 5, Readings: []string{"parallel", "sequential"}, Crash: "twice,parallel", Rapid: "twice,parallel",
		Checks: func(_ claim.Setting, _ string, demand int) checker.Checks { return checks(demand) }}.Run(t)
}

// TestPropRicartAgrawalaDelay: without contention the delay before entry
// is one round trip with parallel requests and n−1 round trips with
// sequential ones; the messages are 2(n−1) either way.
func TestPropRicartAgrawalaDelay(t *testing.T) {
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		for _, send := range []string{"parallel", "sequential"} {
			want := func(p claim.Params) claim.Rat { return claim.RatInt(2) }
			if send == "sequential" {
				want = func(p claim.Params) claim.Rat { return claim.RatInt(int64(2 * (p.N - 1))) }
			}
			st := claim.Setting{Timing: timing, Net: model.FIFO, Initiators: claim.OneInitiator}
			proptest.Check(t, proptest.Target{Spec: ricartagrawala.Algorithm, Setting: st, Variant: "once," + send, NMin: 2, NMax: 7,
				Checks: checker.Checks{Props: model.Termination, Custom: claim.AllChecks(
					claim.EveryObservation(lockcheck.ObsDelay, claim.Exactly, want, "delay", "delay before entry"),
					func(s model.System) error {
						if got, w := s.Counts().Sends, int64(2*(s.N()-1)); got != w {
							return fmt.Errorf("one entry sent %d messages, want 2(n-1) = %d", got, w)
						}
						return nil
					})}})
		}
	}
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: ricartagrawala.Algorithm, Claims: ricartagrawala.Claims})
}
