package tokenring_test

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/algos/tokenring"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// Property tests of the token ring: no golden, no shipped trace. Every set
// of requesting processes at n = 2..5 under the fair schedule and seeded
// adversarial ones, then rapid.

// oneToken is an invariant of every state of a crash-free run: exactly one
// token exists (held by one process or in flight), a process in its
// critical section holds it, a parked token is not in use, and every token
// and wake message goes to the sender's successor on the ring.
func oneToken(s model.System) error {
	tokens := 0
	for i := range s.N() {
		st := s.State(i).(tokenring.State)
		id := s.Topo().Order[i]
		if st.Has {
			tokens++
		}
		if st.Phase == mutex.InCS && !st.Has {
			return fmt.Errorf("process %d is in its critical section without the token", id)
		}
		if st.Parked && (!st.Has || st.Phase == mutex.InCS) {
			return fmt.Errorf("process %d has a parked token it does not hold or uses", id)
		}
	}
	for _, m := range s.InFlight() {
		if m.Kind == tokenring.Token {
			tokens++
		}
		i := s.Topo().IndexOf(m.From)
		if next := s.Topo().Order[s.Topo().Next(i)]; m.To != next {
			return fmt.Errorf("a %s message goes from %d to %d, not to its successor %d", m.Kind.Name, m.From, m.To, next)
		}
	}
	crashed := false
	for i := range s.N() {
		crashed = crashed || s.Status(i) != model.Live
	}
	if tokens != 1 && !crashed {
		return fmt.Errorf("%d tokens exist", tokens)
	}
	return nil
}

// quiet checks the end of a crash-free run: the token parked at one
// process, everybody idle.
func quiet(s model.System) error {
	if !s.Quiescent() {
		return nil
	}
	parked := 0
	for i := range s.N() {
		if s.Status(i) != model.Live {
			return nil
		}
		st := s.State(i).(tokenring.State)
		if st.Parked {
			parked++
		}
		if st.Phase != mutex.Idle {
			return fmt.Errorf("at quiescence process %d is in phase %d", s.Topo().Order[i], st.Phase)
		}
	}
	if parked != 1 {
		return fmt.Errorf("at quiescence %d parked tokens", parked)
	}
	return nil
}

// passes: every token message is an observed pass; every entry/exit costs
// between 1 and n passes (the idle lap is cut at n) and waits at most n−1
// passes after its request.
func passes(s model.System) error {
	var observed int64
	open := map[model.ID]int64{}
	for _, o := range s.Observations() {
		switch o.Tag {
		case "pass":
			observed++
		case lockcheck.ObsCost:
			if o.Val < 1 || int(o.Val) > s.N() {
				return fmt.Errorf("an entry/exit of %d cost %d passes, want 1..n = %d", o.Proc, o.Val, s.N())
			}
		case lockcheck.ObsRequest:
			open[o.Proc] = observed
		case lockcheck.ObsEnter:
			if d := observed - open[o.Proc]; d > int64(s.N()-1) {
				return fmt.Errorf("process %d waited %d passes after its request, more than n-1 = %d", o.Proc, d, s.N()-1)
			}
		}
	}
	if sent := s.Counts().ByKind[tokenring.Token.Code].Sends; sent != observed {
		return fmt.Errorf("%d token messages sent but %d passes observed", sent, observed)
	}
	return nil
}

func checks(demand int) checker.Checks {
	c := proptest.MutexChecks(demand, quiet, passes)
	c.Invariant = oneToken
	return c
}

// TestPropTokenRing: every setting, one crash (a lost token costs
// liveness only), rapid (proptest.MutexSuite).
func TestPropTokenRing(t *testing.T) {
	proptest.MutexSuite{Spec: tokenring.Algorithm, NMin: 2, NMax: 5, Crash: "twice", CrashInvariant: oneToken, Rapid: "twice",
		Checks: func(_ claim.Setting, _ string, demand int) checker.Checks { return checks(demand) }}.Run(t)
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: tokenring.Algorithm, Claims: tokenring.Claims})
}
