package checker_test

import (
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// lapKinds are changroberts' kinds plus "lap", whose two printed (and so
// encoded) fields are the winner and a lap count.
var lapKinds = model.Kinds(
	model.KindSpec{Name: "elect", Args: 1},
	model.KindSpec{Name: "coord", Args: 1},
	model.KindSpec{Name: "lap", Args: 2},
)

// coordCounts: after its announcement returns, the winner sends a "lap"
// message around the ring forever with a growing lap count, so no state
// ever repeats (an unbounded execution, not a provable cycle).
var coordCounts = func() *model.Algorithm[crState] {
	a := broken("broken-counting-laps", func(env *model.Env, s crState, in model.Input, out *model.Outbox) crState {
		if in.Kind == model.InDeliver {
			for _, m := range in.Msgs {
				switch {
				case m.Kind == lapKinds[2] && model.ID(m.A) == env.Self:
					out.Send(env.Next(), lapKinds[2], m.A, m.B+1)
					return s
				case m.Kind == lapKinds[2]:
					out.Send(env.Next(), lapKinds[2], m.A, m.B)
					return s
				case m.Kind == changroberts.Coord && model.ID(m.A) == env.Self:
					out.Send(env.Next(), lapKinds[2], m.A, 1)
					return s
				}
			}
		}
		return orig(env, s, in, out)
	}, nil)
	a.Kinds = append(append([]*model.Kind(nil), changroberts.Algorithm.Kinds...), lapKinds[2])
	return a
}()

// TestCapReachedIsNotAViolation: an execution stopped by its step cap is
// unfinished (Capped, no termination violation); one whose fair
// continuation repeats a state is a livelock (a termination violation).
// Both broken variants never terminate: the check tells them apart.
func TestCapReachedIsNotAViolation(t *testing.T) {
	cfg := fifoConfig(coordCounts.Name, model.Async, []model.ID{3, 1, 2}, nil)
	s0, err := coordCounts.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	x := checker.Execute(s0, checker.FIFO{}, allProps, checker.Options{MaxSteps: 300, FairAfter: 1})
	if x.Violation != nil || x.Quiescent || !x.Capped || x.CapReason != "the step cap of 300 events" || len(x.Events) != 300 {
		t.Errorf("an unbounded execution at its cap: violation %v, quiescent %v, capped %q, %d events; want unfinished, no violation",
			x.Violation, x.Quiescent, x.CapReason, len(x.Events))
	}
	// A cycle is still caught (checker cannot pass a livelock off as a cap).
	y := runFIFO(t, coordNeverConsumed, fifoConfig(coordNeverConsumed.Name, model.Async, []model.ID{3, 1, 2}, nil), allProps)
	if y.Violation == nil || y.Violation.Property != checker.PropTermination || y.Capped {
		t.Errorf("a fair cycle: violation %v, capped %q; want a termination violation", y.Violation, y.CapReason)
	}
	// The claims shrinker's completion keeps the same semantics.
	z := checker.Complete(s0, x.Events[:10], allProps, checker.Options{MaxSteps: 200})
	if z.Violation != nil || !z.Capped || z.CapReason == "" {
		t.Errorf("Complete of an unbounded prefix: violation %v, capped %q", z.Violation, z.CapReason)
	}
}

// TestStepCapScalesWithTheConfiguration: the default cap grows with n and
// the elections a configuration can cause, never below 20000, and covers
// LeLann's n² deliveries under every schedule at n = 120 (the issue's
// false termination violation at the old 20000 cap).
func TestStepCapScalesWithTheConfiguration(t *testing.T) {
	small := &model.Config{IDs: []model.ID{1, 2, 3}}
	if c := checker.ConfigStepCap(small); c != 20000 {
		t.Errorf("StepCap(n=3) = %d, want the floor 20000", c)
	}
	ids := model.IDsUpTo(120)
	big := &model.Config{IDs: ids}
	crash := &model.Config{IDs: ids, CrashBudget: 2, Recovery: true}
	if a, b := checker.ConfigStepCap(big), checker.ConfigStepCap(crash); a < 16*120*120 || b <= a {
		t.Errorf("StepCap(n=120) = %d, with crashes %d: want at least 16n² and growing with the crash budget", a, b)
	}
	huge := &model.Config{IDs: make([]model.ID, 50_000_000), CrashBudget: 1 << 30}
	if c := checker.ConfigStepCap(huge); c <= 0 {
		t.Errorf("StepCap overflows: %d", c)
	}
	// LeLann at n = 120, random order, adversarial schedules: no schedule
	// reaches the default cap.
	cfg := &model.Config{Algo: "lelann", IDs: ids, Forwarding: true}
	for i := range ids {
		cfg.IDs[i] = model.ID((i*37)%120 + 1)
	}
	s0, err := lelann.Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		x := checker.Execute(s0, checker.NewRandom(seed, checker.Strategy(seed%3)), allProps, checker.Options{})
		if x.Violation != nil || x.Capped || !x.Quiescent {
			t.Errorf("lelann n=120 seed %d: violation %v, capped %q after %d events", seed, x.Violation, x.CapReason, len(x.Events))
		}
	}
}

// TestExecuteKeepsMaxMem: a tiny memory bound stops the run unfinished,
// with an estimate within the bound; the bound is not a violation.
func TestExecuteKeepsMaxMem(t *testing.T) {
	ids := model.IDsUpTo(60)
	s0, err := lelann.Algorithm.NewSystem(&model.Config{Algo: "lelann", IDs: ids, Forwarding: true})
	if err != nil {
		t.Fatal(err)
	}
	// Room for the Worlds and a few thousand events, not for the run.
	bound := 2*checker.SystemBytes(s0) + 96<<10
	x := checker.Execute(s0, checker.FIFO{}, allProps, checker.Options{MaxMem: bound})
	if !x.Capped || !strings.HasPrefix(x.CapReason, "max-mem") || x.Violation != nil || x.MemEstimate > bound || len(x.Events) == 0 {
		t.Errorf("bound %d: capped %q, violation %v, estimate %d, %d events", bound, x.CapReason, x.Violation, x.MemEstimate, len(x.Events))
	}
	// A probe that reports more than the bound stops the run at once.
	y := checker.Execute(s0, checker.FIFO{}, allProps, checker.Options{MaxMem: 1 << 40, MemProbe: func() int64 { return 1 << 41 }})
	if !strings.HasPrefix(y.CapReason, "max-mem") || len(y.Events) != 0 {
		t.Errorf("probe over the bound: capped %q after %d events", y.CapReason, len(y.Events))
	}
	// Without a bound the run finishes.
	if z := checker.Execute(s0, checker.FIFO{}, allProps, checker.Options{}); !z.Quiescent || z.Capped {
		t.Errorf("unbounded: quiescent %v, capped %q", z.Quiescent, z.CapReason)
	}
}
