package decentral_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/decentral"
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// Property tests of decentralized voting: no golden, no shipped trace.
// Every set of requesting processes at n = 3..5 under the fair schedule
// and seeded adversarial ones, then rapid.

// quiet checks every process at quiescence without crashes: idle, its
// vote free (every vote given was released), no vote held.
var quiet = proptest.MutexQuiet(func(st decentral.State) mutex.Phase { return st.Phase },
	func(id model.ID, st decentral.State) error {
		if st.Voted != model.None {
			return fmt.Errorf("at quiescence process %d's vote is still given to %d", id, st.Voted)
		}
		if st.Phase != mutex.Idle || st.Held != 0 {
			return fmt.Errorf("at quiescence process %d is in phase %d holding votes %b", id, st.Phase, st.Held)
		}
		return nil
	})

// accounting: at quiescence without crashes the entries' costs add up to
// every message sent (each entry counts its requests, the votes it
// received and its releases).
func accounting(s model.System) error {
	if !s.Quiescent() || len(s.Config().Crashed) > 0 || s.Config().CrashBudget > 0 {
		return nil
	}
	var sum int64
	for _, o := range s.Observations() {
		if o.Tag == lockcheck.ObsCost {
			sum += int64(o.Val)
		}
	}
	if got := s.Counts().Sends; got != sum {
		return fmt.Errorf("the entries' costs add up to %d messages, but %d were sent", sum, got)
	}
	return nil
}

// noContention: one requester (k = 1) costs exactly 3m messages and waits
// one round trip (parallel requests) or m round trips (sequential), m the
// majority ⌊n/2⌋+1.
func noContention(sequential bool) func(model.System) error {
	return func(s model.System) error {
		m := int64(decentral.M(s.N()))
		if 2*m <= int64(s.N()) {
			return fmt.Errorf("m = %d is not a majority of %d", m, s.N())
		}
		wantDelay := int64(2)
		if sequential {
			wantDelay = 2 * m
		}
		for _, o := range s.Observations() {
			switch {
			case o.Tag == lockcheck.ObsCost && int64(o.Val) != 3*m:
				return fmt.Errorf("the entry of %d cost %d messages, want 3m = %d", o.Proc, o.Val, 3*m)
			case o.Tag == lockcheck.ObsDelay && int64(o.Val) != wantDelay:
				return fmt.Errorf("the entry of %d waited %d message times, want %d", o.Proc, o.Val, wantDelay)
			case o.Tag == "attempts" && o.Val != 1:
				return fmt.Errorf("the entry of %d took %d attempts without contention", o.Proc, o.Val)
			}
		}
		return nil
	}
}

func TestPropDecentralNoContention(t *testing.T) {
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		for _, send := range []string{"parallel", "sequential"} {
			st := claim.Setting{Timing: timing, Net: model.FIFO, Initiators: claim.OneInitiator}
			proptest.Check(t, proptest.Target{Spec: decentral.Algorithm, Setting: st, Variant: "twice," + send, NMin: 3, NMax: 7,
				Checks: checker.Checks{Props: model.Termination, Custom: claim.AllChecks(lockcheck.MutualExclusion, quiet, accounting, noContention(send == "sequential"))}})
		}
	}
}

// checks judges every execution's lock history, and every quiescent one's
// obligations: every vote request answered once (by a grant or a deny),
// every vote returned, every request served. live adds termination under
// the fair continuation where [S2]'s "starvation" does not strike (with
// votes kept across attempts, or sequential requests in lock-step rounds,
// requesters can livelock, which C-MUTEX-5 reports).
func checks(demand int, live bool) checker.Checks {
	c := checker.Checks{
		Custom: claim.AllChecks(
			lockcheck.LinearizableLock,
			claim.AnswersOwed("request", "grant", "deny"),
			lockcheck.NoStarvation, quiet, proptest.Served(demand), accounting),
	}
	if live {
		c.Props = model.Termination
	}
	return c
}

// live: the readings and settings where no requester livelocks (the
// votes of a failed attempt are released, and requests go in parallel or
// the timing is asynchronous).
func live(st claim.Setting, variant string) bool {
	return strings.HasSuffix(variant, "release-obtained") && (st.Timing == model.Async || strings.Contains(variant, "parallel"))
}

// TestPropDecentral: safety (a linearizable lock history) and every vote
// request answered, under every setting; and, where [S2]'s "starvation"
// does not strike, every request enters with every vote returned; one
// crash and rapid (proptest.MutexSuite).
func TestPropDecentral(t *testing.T) {
	proptest.MutexSuite{Spec: decentral.Algorithm, NMin: 3, NMax: 5,
		Readings: []string{"parallel,release-obtained", "sequential,release-obtained", "parallel,release-on-success", "sequential,release-on-success"},
		Crash:    "twice,parallel,release-obtained", Rapid: "twice,parallel,release-on-success",
		Checks: func(st claim.Setting, variant string, demand int) checker.Checks {
			return checks(demand, live(st, variant))
		}}.Run(t)
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: decentral.Algorithm, Claims: decentral.Claims})
}
