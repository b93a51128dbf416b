package checker_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/algos/central"
	"github.com/electlab/electlab/algos/failover"
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/algos/ricartagrawala"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim/electcheck"
	"github.com/electlab/electlab/model"
)

// The obligation, coordinator and recovery checks each catch a
// deliberately broken variant (and pass on the real algorithm).

func runFair(t *testing.T, spec model.Spec, cfg *model.Config, checks checker.Checks) *checker.Execution {
	t.Helper()
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return checker.Execute(s0, checker.FIFO{}, checks, checker.Options{MaxSteps: 2000})
}

func wantViolation(t *testing.T, x *checker.Execution, sub string) {
	t.Helper()
	if x.Violation == nil {
		t.Fatalf("no violation; want one mentioning %q", sub)
	}
	if !strings.Contains(x.Violation.Message, sub) {
		t.Fatalf("violation %v; want one mentioning %q", x.Violation, sub)
	}
}

// A Ricart–Agrawala process that forgets its deferred replies on leaving:
// AnswersOwed sees requests delivered without a reply.
func TestAnswersOwedCatchesForgottenDeferredReplies(t *testing.T) {
	broken := *ricartagrawala.Algorithm
	broken.Step = func(env *model.Env, s ricartagrawala.State, in model.Input, out *model.Outbox) ricartagrawala.State {
		if in.Kind == model.InTimer && in.Timer == mutex.TimerLeave {
			s.Deferred = 0
		}
		return ricartagrawala.Algorithm.Step(env, s, in, out)
	}
	cfg := &model.Config{Algo: "ricartagrawala", Variant: "once,parallel", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1, 2, 3}, Net: model.FIFO}
	checks := checker.Checks{Custom: claim.AnswersOwed("request", "reply")}
	if x := runFair(t, ricartagrawala.Algorithm, cfg, checks); x.Violation != nil || !x.Quiescent {
		t.Fatalf("the real algorithm: %v (quiescent %v)", x.Violation, x.Quiescent)
	}
	wantViolation(t, runFair(t, &broken, cfg, checks), "answers owed")
}

// A centralized lock whose clients and coordinator believe the coordinator
// is the second best member: the invariant sees grants from it.
func TestServedByInitialBestCatchesWrongCoordinator(t *testing.T) {
	broken := *central.Algorithm
	broken.Step = func(env *model.Env, s central.State, in model.Input, out *model.Outbox) central.State {
		e := *env
		e.Initial = make([]model.Status, env.N())
		copy(e.Initial, env.Initial)
		// The best member is hidden: the next one is taken for it.
		e.Initial[env.Topo.IndexOf(env.InitialCoordinator(false))] = model.Absent
		return central.Algorithm.Step(&e, s, in, out)
	}
	cfg := &model.Config{Algo: "central", Variant: "once", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1, 3}, Net: model.FIFO}
	checks := checker.Checks{Invariant: claim.ServedByInitialBest([]string{"grant"}, []string{"request", "release"})}
	if x := runFair(t, central.Algorithm, cfg, checks); x.Violation != nil {
		t.Fatalf("the real algorithm: %v", x.Violation)
	}
	wantViolation(t, runFair(t, &broken, cfg, checks), "the coordinator is the best member at the start, 3")
}

// A Bully process that does nothing when it joins keeps no coordinator (or
// a stale one): RecoveredConverge and ConvergedAfter see it.
func TestRecoveredConvergeCatchesStaleJoiner(t *testing.T) {
	broken := *bully.Algorithm
	broken.Step = func(env *model.Env, s bully.State, in model.Input, out *model.Outbox) bully.State {
		if in.Kind == model.InJoin || in.Kind == model.InRecover {
			return s
		}
		return bully.Algorithm.Step(env, s, in, out)
	}
	// 4 joins a stable system of 1..3 (nobody detects anything).
	cfg := &model.Config{Algo: "bully", IDs: []model.ID{1, 2, 3}, Absent: []model.ID{4}, Initiators: []model.ID{3}, Timing: model.Sync}
	checks := checker.Checks{Custom: checker.RecoveredConverge}
	x := runFair(t, bully.Algorithm, cfg, checks)
	if x.Violation != nil || !x.Quiescent {
		t.Fatalf("the real algorithm: %v (quiescent %v)", x.Violation, x.Quiescent)
	}
	if err := checker.ConvergedAfter(x.Final, checker.RejoinedIn(x.Events)); err != nil {
		t.Fatalf("the real algorithm: %v", err)
	}
	xb := runFair(t, &broken, cfg, checks)
	wantViolation(t, xb, "process 4 recovered or joined")
	if err := checker.ConvergedAfter(xb.Final, checker.RejoinedIn(xb.Events)); err == nil {
		t.Fatal("ConvergedAfter passed a joiner that never learned the coordinator")
	}
}

// A composed lock whose election View never reports the coordinator:
// ElectedBest sees that the elected process does not act as one.
func TestElectedBestCatchesCoordinatorNotActing(t *testing.T) {
	real := failover.Central(bully.Algorithm).Spec.(*model.Algorithm[failover.LockState[bully.State]])
	broken := *real
	broken.View = func(s failover.LockState[bully.State]) model.View {
		v := real.View(s)
		v.Coordinator = false
		return v
	}
	cfg := &model.Config{Algo: real.Info.Name, Variant: "once", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1, 2}, Timing: model.Sync}
	checks := checker.Checks{Custom: electcheck.ElectedBest}
	if x := runFair(t, real, cfg, checks); x.Violation != nil || !x.Quiescent {
		t.Fatalf("the real algorithm: %v (quiescent %v)", x.Violation, x.Quiescent)
	}
	xb := runFair(t, &broken, cfg, checks)
	if !xb.Quiescent {
		t.Fatal("the broken composition does not quiesce; the check is judged at quiescence only")
	}
	wantViolation(t, xb, "does not act as coordinator")
}
