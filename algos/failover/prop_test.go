package failover_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/enhancedbully"
	"github.com/electlab/electlab/algos/failover"
	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/algos/modbully"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/internal/proptest"
	"github.com/electlab/electlab/model"
)

// Property tests of the composed services: no golden, no shipped trace.

// services are the compositions checked: the centralized lock over a
// complete-graph election and over a ring election, the token ring over a
// ring election.
func services() []model.Spec {
	return []model.Spec{
		failover.Central(bully.Algorithm),
		failover.Central(changroberts.Algorithm),
		failover.TokenRing(changroberts.Algorithm),
		failover.TokenRing(ringpoll.Algorithm),
	}
}

// TestClaims: the claims of every composition the registry lists (each
// service over each election) are well-formed and their variants parse.
func TestClaims(t *testing.T) {
	for _, specs := range [][]model.Spec{both(lelann.Algorithm), both(changroberts.Algorithm), both(ringpoll.Algorithm),
		both(bully.Algorithm), both(modbully.Algorithm), both(enhancedbully.Algorithm), both(kabashi.Algorithm)} {
		for _, spec := range specs {
			e := claim.EntryOf(spec)
			if len(e.Claims) == 0 {
				t.Errorf("%s registers no claim", spec.Meta().Name)
			}
			modeltest.ValidateClaims(t, e)
		}
	}
}

// both returns the two services over election e.
func both[E any](e *model.Algorithm[E]) []model.Spec {
	return []model.Spec{failover.Central(e), failover.TokenRing(e)}
}

// TestPropClaims: the claims' own properties (a linearizable lock history,
// no starvation, never two live election coordinators, termination under
// the fair continuation) with crashes injected at adversarial points, on
// every configuration at n = 3..4, within [S1]'s assumptions. Over
// Chang–Roberts a crash can leave the composition cycling (the claim
// engine reports it for those compositions); the elections checked here
// are the ones under which the services survive crashes. Left out: the
// Bully's AMB-B-5 ok-restart (a process in an election restarts on
// another ELECTION), under which the lock over the Bully can cycle after
// a crash (at n = 4, with the first coordinator crashed before the run,
// under the fair FIFO schedule without one more crash: the claim engine
// runs that schedule too, and reads C-SERVICE-1 AMBIGUOUS).
func TestPropClaims(t *testing.T) {
	skip := proptest.SkipRows(proptest.Skip{Claim: "C-SERVICE-1", Variant: "*ok-restart*"})
	for _, spec := range []model.Spec{failover.Central(bully.Algorithm), failover.TokenRing(ringpoll.Algorithm)} {
		t.Run(spec.Meta().Name, func(t *testing.T) {
			proptest.Each(t, proptest.ClaimTargets(claim.EntryOf(spec), 4, skip))
		})
	}
}

// TestPropNoCrash: without crashes the service's coordinator is the one
// [S1] names, "the highest-priority nonfailed process": at quiescence every
// live process holds the highest id, which alone acts as coordinator, and
// every request was served as often as asked.
func TestPropNoCrash(t *testing.T) {
	for _, spec := range services() {
		for _, timing := range []model.Timing{model.Sync, model.Async} {
			st := claim.Setting{Name: "no crash, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.AnyInitiators}
			proptest.Check(t, proptest.Target{Spec: spec, Setting: st, Variant: "twice", NMin: 3, NMax: 5, Seeds: 3,
				Checks: checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination,
					Custom: claim.AllChecks(lockcheck.MutualExclusion, proptest.OneCoordinatorAtEnd, proptest.Served(2))}})
		}
	}
}

// TestPropCrashRapid: rapid draws the configuration and every event,
// crashes included (one or two), and shrinks a failure: the lock history
// stays linearizable and the election part never has two live
// coordinators.
func TestPropCrashRapid(t *testing.T) {
	for _, budget := range []int{1, 2} {
		st := claim.Setting{Name: "async fifo, crashes", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, CrashBudget: budget, Staggered: true}
		proptest.Rapid(t, proptest.Target{Spec: failover.Central(bully.Algorithm), Setting: st, Variant: "twice", NMin: 3, NMax: 4,
			Checks: checker.Checks{Props: model.Safety, Custom: lockcheck.LinearizableLock}})
	}
}

// crashInCS is an adversary aimed at the lock's takeover: it runs the
// seeded random schedule without faults until a client that is not the
// coordinator has entered its critical section, then crashes the
// coordinator (the process that granted), then goes on at random, its
// timers in any order (a waiting client may suspect before the holder
// leaves). The new coordinator must rebuild the lock table (learn the
// holder) before it grants again.
type crashInCS struct {
	r    *checker.Random
	done bool
}

func (c *crashInCS) Choose(s model.System, enabled []model.Event) model.Event {
	if !c.done {
		entered := false
		for _, o := range s.Observations() {
			if o.Tag == lockcheck.ObsEnter && o.Proc != claim.InitialBest(s) {
				entered = true
			}
		}
		if entered {
			for _, ev := range enabled {
				if ev.Kind == model.EvCrash && ev.P == claim.InitialBest(s) {
					c.done = true
					return ev
				}
			}
		}
		var calm []model.Event
		for _, ev := range enabled {
			if ev.Kind != model.EvCrash {
				calm = append(calm, ev)
			}
		}
		if len(calm) > 0 {
			enabled = calm
		}
	}
	return c.r.Choose(s, enabled)
}

// TestPropTakeover: the coordinator crashes while a client holds the lock;
// whatever the order of the other events, the lock history stays
// linearizable (no grant before the holder is known) and every live
// client's request is served.
func TestPropTakeover(t *testing.T) {
	spec := failover.Central(bully.Algorithm)
	st := claim.Setting{Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, CrashBudget: 1}
	runs, crashed := 0, 0
	for n := 3; n <= 5; n++ {
		checker.EnumerateConfigs(spec.Meta(), &st, "twice", n, 1000, func(cfg *model.Config) bool {
			for seed := uint64(1); seed <= 8; seed++ {
				s0, err := spec.NewSystem(cfg)
				if err != nil {
					t.Fatal(err)
				}
				r := checker.NewRandom(seed*1009+uint64(n), checker.Uniform)
				r.FaultRate = 0
				ch := &crashInCS{r: r}
				x := checker.Execute(s0, ch, checker.Checks{Props: model.Safety, Custom: lockcheck.MutualExclusion}, checker.Options{MaxSteps: 4000})
				runs++
				if ch.done {
					crashed++
				}
				if x.Violation != nil {
					t.Fatalf("%s (seed %d): %v", cfg, seed, x.Violation)
				}
			}
			return true
		})
	}
	t.Logf("%d runs, %d with the coordinator crashed while a client held the lock", runs, crashed)
	if crashed == 0 {
		t.Fatal("the adversary never crashed a coordinator during a critical section")
	}
}

// lateDead is an adversary for dead-late timeouts: seeded uniform choices
// among the enabled events, crashes included, except that a message a
// crashed process sent is delivered only when no other event but a fault
// is enabled: a crashed process's last messages arrive as late as the
// model lets them, after the timeouts that found it dead. late counts the
// timers it fired while such a message was in flight.
type lateDead struct {
	r    *checker.Random
	late int
}

func (c *lateDead) Choose(s model.System, enabled []model.Event) model.Event {
	var rest []model.Event
	other := false
	for _, ev := range enabled {
		if ev.Kind == model.EvDeliver && s.Status(s.Topo().IndexOf(ev.From)) != model.Live {
			continue
		}
		rest = append(rest, ev)
		other = other || (ev.Kind != model.EvCrash && ev.Kind != model.EvRecover && ev.Kind != model.EvJoin)
	}
	if other {
		enabled = rest
	}
	ev := c.r.Choose(s, enabled)
	if ev.Kind == model.EvFire {
		for _, m := range s.InFlight() {
			if s.Status(s.Topo().IndexOf(m.From)) != model.Live {
				c.late++
				break
			}
		}
	}
	return ev
}

// TestPropLateMessages: the claims' dead-late rows (a crashed process's
// messages may arrive after the timeouts that found it dead) under the
// adversary that delays them most (lateDead), many seeds per
// configuration: a stale token, probe answer, grant, query or release
// that a service takes instead of discarding shows here as two tokens, two
// holders or a lock history that is not linearizable.
func TestPropLateMessages(t *testing.T) {
	for _, spec := range []model.Spec{failover.Central(bully.Algorithm), failover.TokenRing(ringpoll.Algorithm)} {
		for _, tg := range lateTargets(t, spec) {
			t.Run(tg.Name, func(t *testing.T) {
				runs, late := 0, 0
				for n := tg.NMin; n <= tg.NMax; n++ {
					checker.EnumerateConfigs(spec.Meta(), &tg.Setting, tg.Variant, n, 1000, func(cfg *model.Config) bool {
						for seed := uint64(1); seed <= 40; seed++ {
							s0, err := spec.NewSystem(cfg)
							if err != nil {
								t.Fatal(err)
							}
							r := checker.NewRandom(seed*7919+uint64(n), checker.Uniform)
							r.Staggered = tg.Setting.Staggered
							ch := &lateDead{r: r}
							x := checker.Execute(s0, ch, tg.Checks, checker.Options{MaxSteps: 5000})
							runs++
							late += ch.late
							if x.Violation != nil {
								t.Fatalf("%s (seed %d): %v\nevents: %v", cfg, seed, x.Violation, x.Events)
							}
						}
						return true
					})
				}
				t.Logf("%d runs, %d timers fired while a crashed process's message was in flight", runs, late)
				if late == 0 {
					t.Fatal("no timer fired while a crashed process's message was in flight: the adversary delayed nothing")
				}
			})
		}
	}
}

// lateTargets are the claim rows of spec with dead-late timeouts within
// the assumptions, at n = 3..4.
func lateTargets(t *testing.T, spec model.Spec) []proptest.Target {
	var tgs []proptest.Target
	for _, tg := range proptest.ClaimTargets(claim.EntryOf(spec), 4, nil) {
		if tg.Setting.Timeouts == model.DeadLate {
			tgs = append(tgs, tg)
		}
	}
	if len(tgs) == 0 {
		t.Fatalf("%s: no claim row with dead-late timeouts within the assumptions", spec.Meta().Name)
	}
	return tgs
}

// TestPropLateSearch: the claims' dead-late rows at n = 3, every schedule
// searched (sleep sets; at most 20000 states and 1000 events deep per
// configuration, as the claims engine does) for a step that breaks the
// claim's invariant or safety: the schedules that make a stale message
// count are rare, and the seeded ones of TestPropLateMessages need not
// meet them.
func TestPropLateSearch(t *testing.T) {
	for _, spec := range []model.Spec{failover.Central(bully.Algorithm), failover.TokenRing(ringpoll.Algorithm)} {
		for _, tg := range lateTargets(t, spec) {
			t.Run(tg.Name, func(t *testing.T) {
				configs, states := 0, int64(0)
				checker.EnumerateConfigs(spec.Meta(), &tg.Setting, tg.Variant, 3, 1000, func(cfg *model.Config) bool {
					s0, err := spec.NewSystem(cfg)
					if err != nil {
						t.Fatal(err)
					}
					r := explore.Explore(s0, explore.Options{Checks: tg.Checks, MaxStates: 20000, MaxDepth: 1000, MaxViolations: 1})
					configs++
					states += r.States
					for _, v := range r.Violations {
						if v.CycleStart < 0 && v.Clean() {
							t.Fatalf("%s: %s: %s\nevents: %v", cfg, v.Property, v.Message, v.Events)
						}
					}
					return true
				})
				t.Logf("%d configurations, %d states searched", configs, states)
				if configs == 0 {
					t.Fatal("no configuration searched")
				}
			})
		}
	}
}
