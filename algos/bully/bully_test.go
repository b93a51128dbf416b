package bully

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: [S2] Bully slide — "Key Idea: select process with highest ID";
// "Several processes can initiate an election simultaneously". The old
// coordinator 6 crashed, every set of other crashed processes (two stay
// live) and every detector set, sync and async with accurate timeouts,
// under both conventions (AMB-B-1, AMB-B-2).
func TestElectsMaxLive(t *testing.T) {
	modeltest.ElectsMaxLiveAfterCoordinatorCrash(t, Algorithm, "default", ConventionB)
}

// Reference: [S4] §II eq.(1) — with one detector P in sync, convention B
// (the old coordinator never messaged, N live processes) gives exactly
// T_m(N, P) = (N−P+1)(N−P) + N − 1; convention A (ids 1..n, the crashed
// coordinator n messaged) gives (n−P)² + n − 2, since the ELECTION to n
// gets no OK and n sends no I-WON.
func TestCountsAgainstTm(t *testing.T) {
	modeltest.OneDetectorSends(t, Algorithm, ConventionB, 12,
		func(n, p int) int64 { return int64((n-p)*(n-p) + n - 2) },
		func(N, p int) int64 { return int64((N-p+1)*(N-p) + N - 1) }) // T_m(N, P)
}

// Reference: [S4] §II — "If a process that was previously down comes back
// up, it initiates an election procedure. If it happens to be the
// highest-numbered process currently running, it will win the election and
// take over the coordinator's job." After 4 has won, the old coordinator 5
// recovers and bullies its way back.
func TestRecoveredHighestTakesOver(t *testing.T) {
	cfg := &model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5), Crashed: modeltest.IDs(5), Initiators: modeltest.IDs(1), Timing: model.Sync, Recovery: true}
	s, err := Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	modeltest.ApplyNamed(t, s, "detect 1")
	modeltest.ApplyNamed(t, s, "round 1")
	modeltest.ApplyNamed(t, s, "round 2")
	modeltest.ApplyNamed(t, s, "recover 5")
	modeltest.Drive(t, s)
	modeltest.CheckElectedMax(t, s)
}

// Reference: [S4] §II.A — "When a new process joins the system: O(n²) =
// n² − 1": the lowest id joining a stable system starts an election that
// every process joins.
func TestLowestJoinerCostsNSquaredMinusOne(t *testing.T) {
	for n := 3; n <= 8; n++ {
		ids := model.IDsUpTo(n)
		// 1 is absent; n, the coordinator, is the initiator whose
		// detection is a no-op (no detector).
		cfg := &model.Config{IDs: ids[1:], Absent: ids[:1], Initiators: ids[n-1:], Timing: model.Sync}
		s, err := Algorithm.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		modeltest.ApplyFirst(t, s, 1000)
		modeltest.CheckElectedMax(t, s)
		if got, want := s.Counts().Sends, int64(n*n-1); got != want {
			t.Errorf("n=%d: %d sends, want %d", n, got, want)
		}
	}
}

// Reference: catalog AMB-B-4 — T1 must cover a round trip: with T1 = 1
// round every detector times out before the OKs arrive and two processes
// act as coordinator at once.
func TestShortT1BreaksSafety(t *testing.T) {
	cfg := &model.Config{IDs: modeltest.IDs(1, 2, 3, 4), Crashed: modeltest.IDs(4), Initiators: modeltest.IDs(1), Timing: model.Sync, Variant: "t1-1"}
	s, err := Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	two := false
	modeltest.ApplyFirstUntilQuiescent(t, s, func() { two = two || modeltest.Coordinators(s) > 1 })
	if !two {
		t.Error("T1 = 1 round never gave two coordinators")
	}
}

// Reference: [S2] "If a process receives an Election msg, it returns an OK
// and starts an election", read literally (AMB-B-5 "ok-restart"): every
// ELECTION restarts its receiver, so with five live processes the wave of
// restarts keeps re-arming the highest one's T1 until the lowest one's T2
// (3 rounds) expires and it starts a new wave: a cycle of 5 rounds in which
// nobody wins.
func TestRestartReadingNeverEnds(t *testing.T) {
	cfg := &model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6), Crashed: modeltest.IDs(6), Initiators: modeltest.IDs(1), Timing: model.Sync, Variant: "ok-restart"}
	s, err := Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var buf []model.Event
	for range 200 {
		buf = s.Enabled(buf[:0])
		if len(buf) == 0 {
			t.Fatal("the restart reading reached quiescence")
		}
		if err := s.Apply(buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	for i := range s.N() {
		if s.Status(i) == model.Live && s.View(i).Coordinator {
			t.Errorf("process %d won under the restart reading", s.Topo().Order[i])
		}
	}
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm, append(modeltest.HighestCrashed(),
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6), Crashed: modeltest.IDs(6), Variant: ConventionB},
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6), Crashed: modeltest.IDs(6), Initiators: modeltest.IDs(1, 2), Variant: "t1-1"},
	)...)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
