package runner

import (
	"fmt"
	"io"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// Schedules are the -schedule values.
var Schedules = []string{"fifo", "random", "newest", "oldest"}

// Chooser is the chooser of the -schedule value name with seed.
func Chooser(name string, seed uint64, staggered bool) (checker.Chooser, error) {
	var r *checker.Random
	switch name {
	case "fifo":
		// Coins are drawn from the seed, as the fast simulator draws them.
		return checker.NewSeededFIFO(seed), nil
	case "random":
		r = checker.NewRandom(seed, checker.Uniform)
	case "newest":
		r = checker.NewRandom(seed, checker.Newest)
	case "oldest":
		r = checker.NewRandom(seed, checker.Oldest)
	default:
		return nil, exit.Usagef("-schedule %q: want one of %s", name, strings.Join(Schedules, ", "))
	}
	r.Staggered = staggered
	return r, nil
}

// Run is one execution as `electlab run` makes it: the algorithm, its
// configuration, the scenario's scripted events, the schedule, the caps
// and what to write.
type Run struct {
	Spec   model.Spec
	Config *model.Config
	// Prefix is the scenario's scripted events, applied first.
	Prefix  []model.Event
	Chooser checker.Chooser
	// Seed is the seed of the fast simulator's coins (-seed; the World's
	// schedules draw theirs through Chooser).
	Seed uint64
	// MaxSteps is checker.Options.MaxSteps (0: derived; checker.NoCap).
	MaxSteps int
	MaxMem   int64
	// TracePath and Render are -trace and -render ("" for none).
	TracePath, Render string
	// Bound, when set, is judged on the execution (RunReport.Bound).
	Bound *bound.Bound
}

// judgeBound judges a.Bound on v into rep: a violated bound is also a
// violation of the run; an evaluation error is bad input.
func (a *Run) judgeBound(rep *render.RunReport, v bound.Values) error {
	if a.Bound == nil {
		return nil
	}
	ok, lhs, rhs, err := a.Bound.Eval(v)
	if err != nil {
		return exit.Usagef("-bound %q: %v", a.Bound.String(), err)
	}
	rep.Bound = &render.BoundResult{Bound: a.Bound.String(), Holds: ok, LHS: lhs.RatString(), RHS: rhs.RatString()}
	if !ok {
		rep.Violations = append(rep.Violations, checker.Violation{Property: checker.PropBound, Message: a.Bound.Check(v).Error()})
	}
	return nil
}

// Sim runs the fast simulator (fifo schedule, coins drawn from Seed, no
// events recorded) and
// judges its final state for safety, agreement and validity; a long run
// prints progress lines on stderr, and a SIGINT stops it (rep.Capped
// "interrupted").
func (a *Run) Sim(rep *render.RunReport, stderr io.Writer) error {
	spec, cfg, maxMem := a.Spec, a.Config, a.MaxMem
	info := spec.Meta()
	rep.Engine = "sim"
	rep.Invariant = "" // the simulator sees the final state only: no step invariant is checked
	if err := CheckNeed(spec, procs(cfg), cfg.Timing == model.Sync, SimRun, maxMem); err != nil {
		return err
	}
	sim, err := spec.NewSim(cfg)
	if err != nil {
		return exit.Usagef("%v", err)
	}
	if b, ok := sim.(interface {
		SetMaxMem(int64)
		SetMemProbe(func() int64)
	}); ok {
		b.SetMaxMem(maxMem)
		b.SetMemProbe(HeapInUse)
	}
	if p, ok := sim.(interface{ SetPoll(func(int64) bool) }); ok {
		p.SetPoll(execPoll(stderr, "run"))
	}
	if sd, ok := sim.(interface{ SetSeed(uint64) }); ok {
		sd.SetSeed(a.Seed)
	}
	defer BoundMemory(maxMem)()
	res := sim.Run(int64(rep.MaxSteps))
	rep.Capped = res.Capped
	topo, _ := model.NewTopology(info.Topology, append(append([]model.ID(nil), cfg.IDs...), cfg.Absent...))
	final := &model.Final{Alg: info, T: topo, Views: res.Views, Statuses: res.Status}
	rep.Leader, rep.Agreed = model.AgreedLeader(final)
	rep.LeaderNotLive = rep.Agreed && !leaderLive(final, rep.Leader)
	rep.Coordinators = []model.ID{}
	rep.TimeHops = -1
	for i, vw := range res.Views {
		if res.Status[i] == model.Live && vw.Coordinator {
			rep.Coordinators = append(rep.Coordinators, topo.Order[i])
		}
		if res.Status[i] == model.Live && int64(res.LearnHops[i]) > rep.TimeHops {
			rep.TimeHops = int64(res.LearnHops[i])
		}
	}
	rep.Quiescent, rep.Steps = res.Quiescent, res.Events
	rep.Messages = model.NamedCounts(info, &res.Counts)
	switch {
	case res.Capped != "":
		// Unfinished: not a verdict.
	case !res.Quiescent:
		rep.Violations = append(rep.Violations, checker.Violation{Property: checker.PropTermination, Message: fmt.Sprintf("not quiescent after %d events", res.Events)})
	default:
		props := info.RunProps()
		for _, c := range []struct {
			prop model.Property
			name string
			f    func(model.Snapshot) error
		}{{model.Safety, checker.PropSafety, checker.SingleCoordinator}, {model.Agreement, checker.PropAgreement, checker.Agreement}, {model.Validity, checker.PropValidity, checker.Validity}} {
			if props&c.prop == 0 {
				continue // not a property of the algorithm's kind
			}
			if err := c.f(final); err != nil {
				rep.Violations = append(rep.Violations, checker.Violation{Property: c.name, Message: err.Error()})
			}
		}
	}
	if res.Faults > 0 {
		rep.Violations = append(rep.Violations, checker.Violation{Property: checker.PropModel, Message: fmt.Sprintf("%d sends to non-members", res.Faults)})
	}
	if res.CoinFaults > 0 {
		rep.Violations = append(rep.Violations, checker.Violation{Property: checker.PropModel, Message: fmt.Sprintf("%d coin faults (a request that is not a coin's, a second coin while one is pending, or a bounce lost while its sender waits for its coin)", res.CoinFaults)})
	}
	if res.Capped == "" && res.Quiescent {
		v := bound.ConfigValues(cfg, res.Counts)
		v.Steps, v.TimeHops, v.Rounds = res.Events, rep.TimeHops, res.Rounds
		return a.judgeBound(rep, v)
	}
	return nil
}

// World runs the World engine under the chosen schedule (after the
// scenario's scripted prefix), checking every property as it goes, and
// writes the trace or rendering asked for.
func (a *Run) World(rep *render.RunReport, stdout, stderr io.Writer) error {
	spec, cfg, maxMem := a.Spec, a.Config, a.MaxMem
	checks := KindChecks(spec.Meta())
	rep.Engine = "world"
	// The initial World and the running copy.
	s0, err := newSystem(spec, cfg, WorldRun, maxMem)
	if err != nil {
		return err
	}
	defer BoundMemory(maxMem)()
	x, err := runPrefixed(s0, a.Prefix, a.Chooser, checks, checker.Options{MaxSteps: a.MaxSteps, MaxMem: maxMem, MemProbe: HeapInUse, Poll: intPoll(execPoll(stderr, "run"))})
	if err != nil {
		return err
	}
	rep.Capped = x.CapReason
	out := model.Summarize(x.Final)
	rep.Leader, rep.Agreed, rep.Coordinators = out.Leader, out.Agreed, out.Coordinators
	rep.LeaderNotLive = rep.Agreed && !leaderLive(x.Final, rep.Leader)
	rep.Quiescent, rep.Steps, rep.Messages = out.Quiescent, out.Events, out.Messages
	rep.TimeHops = checker.MeasuredTime(x.Final)
	if x.Violation != nil {
		rep.Violations = append(rep.Violations, *x.Violation)
	}
	if !x.Capped && x.Quiescent {
		if err := a.judgeBound(rep, bound.ValuesOf(checker.ParamsOf(s0), x.Final)); err != nil {
			return err
		}
	}
	if x.Interrupted {
		return nil // unfinished: no trace or rendering is written
	}
	return WriteOutputs(a.Spec, x, a.TracePath, a.Render, stdout, stderr)
}

// KindChecks are the checks that fit the algorithm's kind (Info.RunProps),
// what run and check verify by default: an election's properties; a
// mutual-exclusion algorithm's termination, its step invariant (at most
// one process in its critical section, Info.Invariant) and mutual
// exclusion over its clients' history; a term-based election's invariant
// (Election Safety) alone.
func KindChecks(info *model.Info) checker.Checks {
	c := checker.KindGeneric(info, "")
	if info.Mutex {
		c.Custom = lockcheck.MutualExclusion
	}
	return c
}

// KindWhat names KindChecks(info) for the user ("safety, agreement, ...").
func KindWhat(info *model.Info) string {
	var names []string
	for _, g := range []struct {
		p    model.Property
		name string
	}{{model.Safety, "safety"}, {model.Agreement, "agreement"}, {model.Validity, "validity"}, {model.Termination, "termination"}} {
		if info.RunProps()&g.p != 0 {
			names = append(names, g.name)
		}
	}
	if info.Mutex {
		names = append(names, "mutual exclusion (at most one process in its critical section at every step; the lock history linearizable; no starvation)")
	} else if info.Invariant != nil {
		names = append(names, info.InvariantName+" at every step")
	}
	return strings.Join(names, ", ")
}

// runPrefixed applies a scenario's scripted events, then continues with ch.
func runPrefixed(s0 model.System, prefix []model.Event, ch checker.Chooser, checks checker.Checks, opt checker.Options) (*checker.Execution, error) {
	if len(prefix) == 0 {
		return checker.Execute(s0, ch, checks, opt), nil
	}
	pre, err := checker.Replay(s0, prefix, checker.Checks{Props: checks.Props &^ (model.Agreement | model.Validity | model.Termination)}, false)
	if err != nil {
		return nil, exit.Usagef("scenario: %v", err)
	}
	if pre.Violation != nil {
		return pre, nil
	}
	rest := checker.Execute(pre.Final, ch, checks, opt)
	x := &checker.Execution{Initial: s0, Final: rest.Final, Events: append(pre.Events, rest.Events...), Quiescent: rest.Quiescent, Violation: rest.Violation,
		Livelock: rest.Livelock, Capped: rest.Capped, CapReason: rest.CapReason, MemEstimate: rest.MemEstimate, NotApplicable: rest.NotApplicable, Interrupted: rest.Interrupted}
	if x.Violation != nil && x.Violation.Step > 0 {
		x.Violation.Step += len(pre.Events)
	}
	return x, nil
}

// leaderLive tells whether process id is live at the end of a run (the
// summary's leader line: every live process may hold a crashed leader).
func leaderLive(s model.Snapshot, id model.ID) bool {
	i := s.Topo().IndexOf(id)
	return i >= 0 && s.Status(i) == model.Live
}
