package checker

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"unsafe"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/tally"

	"github.com/electlab/electlab/model"
)

// Chooser picks the next event among the enabled ones. Random, rapid-driven,
// FIFO and replay schedules are all the same loop (Execute) with a
// different Chooser. enabled is never empty.
type Chooser interface {
	Choose(s model.System, enabled []model.Event) model.Event
}

// FIFO is the deterministic fair schedule (model.FairFIFO): pending coins
// first (answered with outcome 0), then pending initiations, then the
// oldest message in flight (async) or the next round (sync), then the
// timer with the earliest deadline (as the Sim does), then the next
// successive crash; it never injects a fault, but lets an absent process
// join once nothing else can happen. In the fair continuation of a run
// (Execute) a chooser that draws coins (Random, Rapid) draws them there
// too.
type FIFO struct{}

// Choose implements Chooser.
func (FIFO) Choose(s model.System, enabled []model.Event) model.Event {
	return model.FairFIFO(s, enabled)
}

// Strategy is how a Random chooser biases its picks.
type Strategy uint8

const (
	// Uniform picks uniformly among the enabled non-fault events.
	Uniform Strategy = iota
	// Newest prefers the most recently sent message (an adversary that
	// starves old messages, good at maximising counts).
	Newest
	// Oldest prefers the oldest message, with random faults.
	Oldest
)

// Random is a seeded adversarial chooser. It injects each enabled fault
// (crash, recover, join) with probability FaultRate per step, and starts
// pending initiators first unless Staggered. A pending coin is one choice
// among the others ("answer P's coin"), whose outcome it draws with the
// coin's weights. Its only randomness is its own PCG source.
type Random struct {
	// Rng is the chooser's source; seed it explicitly.
	Rng *rand.Rand
	// Strategy biases the choice among non-fault events.
	Strategy Strategy
	// FaultRate is the probability of injecting an enabled fault per step.
	FaultRate float64
	// Staggered lets initiations interleave with other events.
	Staggered bool
}

// NewRandom returns a Random chooser seeded with seed.
func NewRandom(seed uint64, st Strategy) *Random {
	return &Random{Rng: model.SeededRand(seed), Strategy: st, FaultRate: 0.15}
}

// Choose implements Chooser.
func (r *Random) Choose(s model.System, enabled []model.Event) model.Event {
	if !hasCoin(enabled) {
		return r.choose(s, enabled)
	}
	ev := r.choose(s, collapseCoins(enabled))
	if ev.Kind == model.EvCoin {
		ev.Seq = r.drawCoin(s, ev.P)
	}
	return ev
}

// choose is Choose among enabled, where each pending coin is one event.
func (r *Random) choose(s model.System, enabled []model.Event) model.Event {
	nf, faults := 0, 0
	var detect = -1
	for i, ev := range enabled {
		switch ev.Kind {
		case model.EvCrash, model.EvRecover, model.EvJoin:
			faults++
		default:
			nf++
			if ev.Kind == model.EvDetect && detect < 0 {
				detect = i
			}
		}
	}
	if detect >= 0 && !r.Staggered {
		return enabled[detect]
	}
	if faults > 0 && (nf == 0 || r.Rng.Float64() < r.FaultRate) {
		k := r.Rng.IntN(faults)
		for _, ev := range enabled {
			switch ev.Kind {
			case model.EvCrash, model.EvRecover, model.EvJoin:
				if k == 0 {
					return ev
				}
				k--
			}
		}
	}
	// Non-fault events.
	if r.Strategy != Uniform && r.Rng.IntN(4) != 0 {
		pick := s.OldestDelivery
		if r.Strategy == Newest {
			pick = s.NewestDelivery
		}
		if ev, ok := pick(); ok {
			return ev
		}
	}
	k := r.Rng.IntN(nf)
	for _, ev := range enabled {
		switch ev.Kind {
		case model.EvCrash, model.EvRecover, model.EvJoin:
			continue
		}
		if k == 0 {
			return ev
		}
		k--
	}
	return enabled[0]
}

// quickEnabler is model.World's shortcut for a random choice: where
// QuickEnabled applies, the enabled events are detections and deliveries
// at link heads, counted and indexed without listing them.
type quickEnabler interface {
	QuickEnabled() (first model.Event, detect, ok bool)
	EnabledCount() int
	EnabledAt(k int) model.Event
}

// owner is model.World's Own: a World that Execute runs on its own copy
// reuses its queue arrays in place (nothing but allocation changes).
type owner interface{ Own() }

// firstDetecter is model.World's FirstDetect: the first enabled
// detection in Enabled's order, in any configuration.
type firstDetecter interface {
	FirstDetect() (model.Event, bool)
}

// chooseQuick is r.Choose(s, s.Enabled(nil)) without listing the enabled
// events where s's QuickEnabled applies (applies false otherwise): the
// same event by the same draws (no fault event is enabled, so choose
// draws none for one); enabled false when no event is. forced reports
// that the event was the only one enabled (a delivery, with no detection
// pending and no timer, coin or fault possible): no schedule could have
// taken another.
func (r *Random) chooseQuick(s model.System) (ev model.Event, enabled, applies, forced bool) {
	// QuickEnabled looks for the first enabled detection where the
	// shortcut applies; elsewhere FirstDetect does, so that it is looked
	// for once per event.
	var first model.Event
	var detect bool
	q, ok := s.(quickEnabler)
	if ok {
		first, detect, ok = q.QuickEnabled()
	}
	if !ok {
		if f, ok := s.(firstDetecter); ok && !r.Staggered && quickHook != quickBroken {
			// choose takes the first enabled detection, whatever else is
			// enabled (a coin or a fault included), with no draw.
			if ev, ok := f.FirstDetect(); ok {
				return ev, true, true, false
			}
		}
		return model.Event{}, false, false, false
	}
	if detect && !r.Staggered {
		return first, true, true, false
	}
	n := q.EnabledCount()
	if n == 0 {
		return model.Event{}, false, true, false
	}
	forced = n == 1 && !detect || stuckHook == stuckBroken
	if r.Strategy != Uniform && (quickHook == quickBroken || r.Rng.IntN(4) != 0) {
		pick := s.OldestDelivery
		if r.Strategy == Newest {
			pick = s.NewestDelivery
		}
		if ev, ok := pick(); ok {
			return ev, true, true, forced
		}
	}
	return q.EnabledAt(r.Rng.IntN(n)), true, true, forced
}

// forcedRun is what Execute's random phase keeps of the stretch of forced
// events it is in (chooseQuick): where it began, and, once it has lasted
// forcedQuiet events, the fingerprints of its states. Only one event is
// enabled at each of its states, so the run from one of them is the same
// under every schedule, the fair FIFO continuation's included: a state
// that recurs closes a cycle that the run repeats forever (a lasso, as a
// revisited state of the fair continuation does), found without playing
// out the rest of the adversary's prefix first.
type forcedRun struct {
	from int // the first event of the stretch; -1 outside one
	seen map[uint64]int
}

// forcedQuiet is the number of forced events in a row after which the
// random phase looks for a recurring state in an execution of n
// processes: more than the forced tail of an election on a ring (the
// last lap and the announcement, under 3n events), so that an execution
// that ends does not pay a fingerprint for each of its last events.
func forcedQuiet(n int) int { return 4*n + 64 }

// step records the event about to be applied at step (0-based) of s,
// forced or not, and returns the livelock it closes ("" when none).
func (f *forcedRun) step(s model.System, forced bool, step int) string {
	if !forced {
		if f.from >= 0 {
			f.from = -1
			clear(f.seen)
		}
		return ""
	}
	if f.from < 0 {
		f.from = step
	}
	if step-f.from < forcedQuiet(s.N()) && stuckHook != stuckBroken {
		return ""
	}
	if f.seen == nil {
		f.seen = map[uint64]int{}
	}
	fp := s.FairFingerprint()
	if at, ok := f.seen[fp]; ok {
		return fmt.Sprintf("from step %d on only one event is ever enabled, and the state of step %d recurs at step %d (a cycle of %d events): no schedule ends the run", f.from, at, step, step-at)
	}
	f.seen[fp] = step
	return ""
}

// quickHook is a test hook (export_test.go): quickOff makes Execute list
// the enabled events at every step of its random phase, quickBroken makes
// chooseQuick skip a draw (a broken shortcut).
var quickHook int

const (
	quickOff = 1 + iota
	quickBroken
)

// stuckHook is a test hook (export_test.go): stuckOff makes Execute's
// random phase look for no forced cycle (forcedRun), stuckBroken counts
// every event it chooses as forced and looks from the first (a broken
// cycle detection).
var stuckHook int

const (
	stuckOff = 1 + iota
	stuckBroken
)

// Violation is a property that failed, and where.
type Violation struct {
	// Property names the property (PropSafety, ...).
	Property string `json:"property"`
	// Step is the 1-based number of the event after which the violation
	// was detected; 0 means at the end of the execution.
	Step int `json:"step"`
	// Message explains the violation.
	Message string `json:"message"`
}

// Error implements error.
func (v *Violation) Error() string {
	if v.Step > 0 {
		return fmt.Sprintf("%s violated after step %d: %s", v.Property, v.Step, v.Message)
	}
	return fmt.Sprintf("%s violated at the end: %s", v.Property, v.Message)
}

// Checks says what Execute checks.
type Checks struct {
	// Props are the generic properties checked.
	Props model.Property
	// Custom is checked at the end of the execution (when quiescent).
	Custom func(model.System) error
	// Invariant is checked after every event (a claim's property of
	// every instant).
	Invariant func(model.System) error
	// Bound, if set, is a bound checked at the end of a quiescent
	// execution: a Bound claim's (ClaimBound, which ChecksOf sets) or a
	// user's (electlab -bound: package checker/bound's Bound.Checker).
	Bound BoundCheck
}

// A BoundCheck judges a bound at the end of a quiescent execution, given
// the parameters of its start (p) and its final world (s). fail, when not
// nil, says the bound does not hold there: a PropBound violation with
// fail's message. err, when not nil, says the bound cannot be evaluated
// there (a user's bound that divides by zero on this execution): that is
// no verdict, and the run that met it stops with it (Execution.Err,
// CheckEnd's and Replay's error).
type BoundCheck func(p claim.Params, s model.System) (fail, err error)

// ClaimBound is the bound of claim c as a BoundCheck: its formula on the
// parameters of the start, against its measured quantity; nil when c is
// not a Bound claim. It never returns an evaluation error.
func ClaimBound(c *claim.Claim) BoundCheck {
	if c == nil || c.Kind != claim.Bound {
		return nil
	}
	return func(p claim.Params, s model.System) (fail, err error) {
		return checkBound(c, p, s), nil
	}
}

// Options bound an execution.
type Options struct {
	// MaxSteps caps the number of events: 0 means the configuration's
	// default cap (ConfigStepCap), NoCap means none (the run ends at quiescence,
	// at a fair cycle or at MaxMem). A run that reaches its cap without
	// quiescence and without a fair cycle is not a verdict: it ends with
	// Execution.Capped set and no termination violation.
	MaxSteps int
	// MaxMem bounds the estimated memory of the execution in bytes (the
	// World, the events recorded, the fair continuation's visited states);
	// 0 means none. The run stops, Capped, before the estimate exceeds it,
	// or when MemProbe reports more.
	MaxMem int64
	// MemProbe, when set with MaxMem, is called every 1024 events and
	// returns the memory in use (the CLI reads the Go heap): it sees what
	// the estimate cannot, such as the slices inside process states. It
	// changes only where a run that reaches MaxMem stops.
	MemProbe func() int64
	// Params, when set, are the formula parameters of the execution's real
	// start (when s0 is a world in the middle of it).
	Params *claim.Params
	// InPlace runs the execution on s0 itself instead of a clone (the
	// fast path for rapid and benchmarks); Execution.Initial is then nil.
	InPlace bool
	// FairAfter is the number of events after which the fair FIFO
	// chooser takes over from the adversary (0 = half the step cap, or
	// half of ConfigStepCap when there is no cap). Termination is judged under
	// this fair continuation; a state revisited in it ends the run as a
	// livelock. Before it, a Random chooser's phase ends the same way
	// when, after 4n+64 events in a row each of which was the only one
	// enabled, a state of that stretch recurs: every schedule, the fair
	// one included, repeats that cycle for ever.
	FairAfter int
	// Poll, when set, is called after every event, before the next is
	// chosen, with the number of events applied so far (the CLI prints progress lines
	// and watches for SIGINT there: one event of a large World can take
	// long). Returning true stops the run at once:
	// Execution.Interrupted, unfinished, not a verdict (Capped, CapReason
	// "interrupted"). It must not change the run otherwise.
	Poll func(events int) bool
	// Scratch, when set, is storage Execute reuses from one run to the
	// next (a driver of many short runs, such as rapid's or the claims
	// engine's, allocates the enabled-event buffer, the event record and
	// the run's World once): the run's Execution.Events is then in it,
	// valid until the next run given the same Scratch, as is the
	// Execution Execute returns and its Final World (not run in place:
	// the copy of the start reuses the last run's Final, whose queue
	// arrays are recycled, so the next start must be neither that Final
	// nor a copy of it); a caller that keeps them copies them.
	Scratch *Scratch
	// CapUndecided is kept for its callers: a run stopped by a cap,
	// neither quiescent nor provably cycling, is always "cap reached",
	// undecided, not a termination violation (Execution.Capped), whether
	// it is set or not.
	CapUndecided bool
}

// Scratch is storage for Options.Scratch; its zero value is ready to use.
type Scratch struct {
	enabled, events []model.Event
	x               Execution
	// final is the last run's Final World when it was a copy of its
	// start (not run in place): the next copy reuses it.
	final model.System
}

// brokenScratchFinal is a test hook (export_test.go): set, a run given a
// Scratch starts from the last run's Final World as it is instead of a
// copy of its start (a broken reuse that TestScratchReuse catches).
var brokenScratchFinal bool

// reusingCloner is model.World's CloneIntoReusing.
type reusingCloner interface {
	CloneIntoReusing(dst model.System) model.System
}

// NoCap, as Options.MaxSteps, runs an execution without a step cap.
const NoCap = -1

// DefaultMaxSteps was the step cap of the claims engine's shrinker when it
// was given none (Execute derives its default from the configuration, see
// ConfigStepCap).
//
// Deprecated: nothing uses it: the shrinker (checker/shrink) takes its
// caps from its caller, the claims engine from claims.Caps.
const DefaultMaxSteps = 100000

// ConfigStepCap is the default cap on the events of one execution of cfg: a
// generous polynomial in n, the processes (absent ones included), times
// the elections the configuration can cause. Every algorithm in electlab
// sends O(n^2) messages per election (its declared worst case; Chang and
// Roberts, LeLann and Bully are the n^2 ones) and takes one event per
// delivery, initiation, timer or round, so 16 (n+2)^2 events per election
// leave a wide margin; an election is counted for the initial one, every
// crash the adversary may inject (and the recovery it allows), every
// successive coordinator crash and every join. The cap is at least 20000
// (the CLI's old constant) and at most math.MaxInt.
func ConfigStepCap(cfg *model.Config) int {
	n := float64(len(cfg.IDs) + len(cfg.Absent))
	elections := 1 + float64(cfg.CrashBudget) + float64(len(cfg.Successive)) + float64(len(cfg.Absent))
	if cfg.Recovery {
		elections += float64(cfg.CrashBudget)
	}
	c := 16 * (n + 2) * (n + 2) * elections
	switch {
	case c < 20000:
		return 20000
	case c >= float64(math.MaxInt/2):
		return math.MaxInt / 2
	}
	return int(c)
}

// eventsRoom is the capacity Execute gives the events of a run without a
// memory bound before the first one (a short adversarial run, such as
// rapid's, then records its events without growing the slice).
const eventsRoom = 32

// eventBytes and fairStateBytes are the estimated memory of one recorded
// event and of one visited state of the fair continuation.
const (
	eventBytes     = int64(unsafe.Sizeof(model.Event{}))
	fairStateBytes = 48
)

// memSizer is a System that estimates its memory (model.World does).
type memSizer interface{ MemBytes() int64 }

// SystemBytes estimates the memory s holds, in bytes (0 when s cannot
// say).
func SystemBytes(s model.System) int64 {
	if m, ok := s.(memSizer); ok {
		return m.MemBytes()
	}
	return 0
}

// Execution is the record of one run.
type Execution struct {
	// Initial is the world before the first event (not modified).
	Initial model.System
	// Final is the world after the last event.
	Final model.System
	// Events are the events applied, in order.
	Events []model.Event
	// Quiescent reports that the run ended with nothing left to do.
	Quiescent bool
	// Violation is the first property violated, or nil.
	Violation *Violation
	// Livelock, when not empty, says how the run was found to cycle
	// forever (the run stopped there, not quiescent): its fair
	// continuation revisited a state, or, in its random phase (Random), a
	// stretch of forced events did (forcedRun).
	Livelock string
	// NotApplicable reports that the claim's own end-of-run check found
	// the execution is not one it speaks of (claim.ErrNotApplicable): the
	// check was not reached.
	NotApplicable bool
	// Capped reports that a cap (MaxSteps or MaxMem) stopped the run
	// before quiescence and the fair continuation did not provably cycle:
	// the run is unfinished, "cap reached", which is not a verdict (no
	// termination violation). CapReason names the cap. A run stopped by
	// its bound's evaluation error (Err) is Capped too, though quiescent.
	Capped bool
	// CapReason names the cap that stopped the run ("the step cap of N
	// events", "max-mem 1GiB"); "" unless Capped.
	CapReason string
	// MemEstimate is the largest memory estimate of the run, in bytes.
	MemEstimate int64
	// Interrupted reports that Options.Poll stopped the run (Capped too,
	// with CapReason "interrupted").
	Interrupted bool
	// Err, when not nil, is the error that stopped the run at its end
	// without a verdict: the bound (Checks.Bound) cannot be evaluated on
	// the execution (a user's bound that divides by zero there). Such a
	// run is bad input, neither holding nor violated: Violation is nil and
	// the run is Capped too, with CapReason naming the error, so that a
	// caller that reads only Violation and Capped does not take it for a
	// run that holds.
	Err error
}

// boundError is the CapReason of a run stopped by err, a bound's
// evaluation error (Execution.Err).
func boundError(err error) string { return "the bound cannot be evaluated: " + err.Error() }

// fairNexter is a System that finds the fair schedule's next event
// without listing every enabled event (model.World.FairNext).
type fairNexter interface {
	FairNext(buf []model.Event) (model.Event, bool, []model.Event)
}

// Execute runs s0 (which is cloned, not modified) under ch, checking what
// checks asks after every event (instantaneous properties) and at the end.
func Execute(s0 model.System, ch Chooser, checks Checks, opt Options) *Execution {
	x := execute(s0, ch, checks, opt)
	tally.Execution(len(x.Events), x.Quiescent)
	return x
}

// execute is Execute before its tally.
func execute(s0 model.System, ch Chooser, checks Checks, opt Options) *Execution {
	max := opt.MaxSteps
	switch {
	case max == 0:
		max = ConfigStepCap(s0.Config())
	case max < 0:
		max = math.MaxInt
	}
	fairAfter := opt.FairAfter
	if fairAfter <= 0 {
		fairAfter = max / 2
		if opt.MaxSteps < 0 {
			fairAfter = ConfigStepCap(s0.Config()) / 2
		}
	}
	x := &Execution{}
	if sc := opt.Scratch; sc != nil {
		x = &sc.x
		*x = Execution{}
	}
	x.Initial, x.Final = s0, s0
	switch r, ok := s0.(reusingCloner); {
	case opt.InPlace:
		x.Initial = nil
	case ok && opt.Scratch != nil && opt.Scratch.final != nil:
		if brokenScratchFinal {
			x.Final = opt.Scratch.final // the last run's end, not a copy of s0
		} else {
			x.Final = r.CloneIntoReusing(opt.Scratch.final)
		}
		opt.Scratch.final = x.Final
	case opt.Scratch != nil:
		x.Final = s0.Clone()
		opt.Scratch.final = x.Final
	default:
		x.Final = s0.Clone()
	}
	if o, ok := x.Final.(owner); ok && !opt.InPlace {
		// The run's own copy: its queue arrays can be reused in place.
		o.Own()
	}
	// The parameters of the start serve only the bound checks: they are
	// taken before the run (s0 may be run in place) and only for them.
	var params claim.Params
	switch {
	case opt.Params != nil:
		params = *opt.Params
	case checks.Bound != nil:
		params = ParamsOf(s0)
	}
	s := x.Final
	// The enabled events of a step: room for a delivery or a detection
	// and a crash per process and a few more before it grows.
	var buf []model.Event
	if opt.Scratch != nil {
		buf = opt.Scratch.enabled[:0]
		x.Events = opt.Scratch.events[:0]
		defer func() { opt.Scratch.enabled, opt.Scratch.events = buf, x.Events }()
	}
	if cap(buf) == 0 {
		buf = make([]model.Event, 0, min(2*s0.N()+8, 64))
	}
	// In the fair phase the FIFO chooser is deterministic, so a revisited
	// state means the execution cycles forever (a lasso).
	var seen map[uint64]int
	// In the random phase, a stretch of forced events can close one too.
	stuck := forcedRun{from: -1}
	// The memory estimate is taken every memEvery events; between two
	// estimates the events and visited states grow by at most memEvery
	// each, which the check reserves room for.
	const memEvery = 1024
	var base int64
	if opt.MaxMem > 0 {
		base = SystemBytes(s0)
		if !opt.InPlace {
			base *= 2
		}
	}
	for len(x.Events) < max {
		if opt.Poll != nil && len(x.Events) > 0 && opt.Poll(len(x.Events)) {
			x.CapReason, x.Interrupted = "interrupted", true
			break
		}
		if opt.MaxMem > 0 && len(x.Events)%memEvery == 0 {
			m := base + int64(cap(x.Events))*eventBytes + int64(len(seen)+len(stuck.seen))*fairStateBytes
			if w := SystemBytes(s); w > 0 {
				m += w - SystemBytes(s0)
			}
			x.MemEstimate = max64(x.MemEstimate, m)
			// Room for the next memEvery events and states, and for the
			// event slice doubling.
			if opt.MemProbe != nil {
				m = max64(m, opt.MemProbe())
			}
			if m+int64(memEvery)*(eventBytes+fairStateBytes)+int64(cap(x.Events))*eventBytes > opt.MaxMem {
				x.CapReason = "max-mem " + model.FormatBytes(opt.MaxMem)
				break
			}
		}
		var ev model.Event
		if len(x.Events) >= fairAfter {
			var enabled bool
			if f, ok := s.(fairNexter); ok {
				ev, enabled, buf = f.FairNext(buf)
			} else if buf = s.Enabled(buf[:0]); len(buf) > 0 {
				ev, enabled = FIFO{}.Choose(s, buf), true
			}
			if !enabled {
				break
			}
			if seen == nil {
				seen = map[uint64]int{}
			}
			fp := s.FairFingerprint()
			if at, ok := seen[fp]; ok {
				x.Livelock = fmt.Sprintf("the fair FIFO continuation revisits the state of step %d at step %d (a cycle of %d events)", at, len(x.Events), len(x.Events)-at)
				break
			}
			seen[fp] = len(x.Events)
			if d, ok := ch.(coinDrawer); ok && ev.Kind == model.EvCoin {
				// A drawn coin: the continuation is no longer a
				// function of the state, so a state seen before it
				// does not close a cycle.
				ev.Seq = d.drawCoin(s, ev.P)
				clear(seen)
			}
		} else {
			quick := false
			if r, ok := ch.(*Random); ok && quickHook != quickOff {
				var enabled, forced bool
				if ev, enabled, quick, forced = r.chooseQuick(s); quick && !enabled {
					break
				}
				if stuckHook != stuckOff {
					if x.Livelock = stuck.step(s, quick && forced, len(x.Events)); x.Livelock != "" {
						break
					}
				}
			}
			if !quick {
				if buf = s.Enabled(buf[:0]); len(buf) == 0 {
					break
				}
				ev = ch.Choose(s, buf)
			}
		}
		if err := s.Apply(ev); err != nil {
			x.Violation = &Violation{Property: PropModel, Step: len(x.Events) + 1, Message: err.Error()}
			return x
		}
		if cap(x.Events) == 0 && opt.MaxMem == 0 {
			// Room for a short run's events at the first one (with a
			// memory bound the capacity is part of the estimate, so it
			// grows as it always did; a run of no event keeps nil).
			x.Events = make([]model.Event, 0, min(max, eventsRoom))
		}
		x.Events = append(x.Events, ev)
		if v := CheckStep(s, checks, len(x.Events)); v != nil {
			x.Violation = v
			return x
		}
	}
	x.Quiescent = s.Quiescent()
	if !x.Quiescent && x.Livelock == "" && x.CapReason == "" && len(x.Events) >= max {
		x.CapReason = fmt.Sprintf("the step cap of %d events", max)
	}
	if x.CapReason != "" && !x.Quiescent {
		// Unfinished, not a verdict: only the instantaneous checks (done
		// above) apply; termination is not judged (whatever
		// Options.CapUndecided says).
		x.Capped = true
		return x
	}
	x.CapReason, x.Interrupted = "", false // quiescent: finished after all
	x.Violation, x.NotApplicable, x.Err = checkEndNA(params, s, checks, x.Quiescent)
	if x.Err != nil {
		x.Capped, x.CapReason = true, boundError(x.Err)
	}
	if x.Violation != nil && x.Livelock != "" {
		x.Violation.Message = x.Livelock
	}
	return x
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// CheckStep checks the instantaneous properties after step number step.
func CheckStep(s model.System, checks Checks, step int) *Violation {
	if err := NoModelFaults(s); err != nil {
		return &Violation{Property: PropModel, Step: step, Message: err.Error()}
	}
	if err := EarnedCoordinator(s); err != nil {
		return &Violation{Property: PropEarned, Step: step, Message: err.Error()}
	}
	if checks.Props&model.Safety != 0 {
		if err := SingleCoordinator(s); err != nil {
			return &Violation{Property: PropSafety, Step: step, Message: err.Error()}
		}
	}
	if checks.Invariant != nil {
		if err := checks.Invariant(s); err != nil {
			return &Violation{Property: PropCustom, Step: step, Message: err.Error()}
		}
	}
	return nil
}

// ChecksOf is what an execution of claim c checks: its generic
// properties, its end-of-run check, its invariant and, for a Bound
// claim, its bound (ClaimBound).
func ChecksOf(c *claim.Claim) Checks {
	return Checks{Props: c.Props, Custom: c.Custom, Invariant: c.Invariant, Bound: ClaimBound(c)}
}

// CheckEnd checks the end-of-execution properties of the run from s0 to
// s. err is the bound's evaluation error (BoundCheck), which is no
// verdict: the violation is then nil.
func CheckEnd(s0, s model.System, checks Checks, quiescent bool) (_ *Violation, err error) {
	v, _, err := checkEndNA(ParamsOf(s0), s, checks, quiescent)
	return v, err
}

// checkEndNA is CheckEnd from the parameters p of the start, also
// reporting whether the claim's own check found the execution is not one
// it speaks of (claim.ErrNotApplicable).
func checkEndNA(p claim.Params, s model.System, checks Checks, quiescent bool) (_ *Violation, notApplicable bool, err error) {
	if !quiescent {
		if checks.Props&model.Termination != 0 {
			return &Violation{Property: PropTermination, Message: fmt.Sprintf("not quiescent after %d events (fair FIFO continuation)", s.Events())}, false, nil
		}
		return nil, false, nil
	}
	if checks.Props&model.Agreement != 0 {
		if err := Agreement(s); err != nil {
			return &Violation{Property: PropAgreement, Message: err.Error()}, false, nil
		}
	}
	if checks.Props&model.Validity != 0 {
		if err := Validity(s); err != nil {
			return &Violation{Property: PropValidity, Message: err.Error()}, false, nil
		}
	}
	if checks.Custom != nil {
		err := checks.Custom(s)
		notApplicable = errors.Is(err, claim.ErrNotApplicable)
		if err != nil && !notApplicable {
			return &Violation{Property: PropCustom, Message: err.Error()}, false, nil
		}
	}
	if checks.Bound != nil {
		fail, err := checks.Bound(p, s)
		if err != nil {
			return nil, notApplicable, err
		}
		if fail != nil {
			return &Violation{Property: PropBound, Message: fail.Error()}, notApplicable, nil
		}
	}
	return nil, notApplicable, nil
}

// Replay applies events to a clone of s0, stopping at the first event that
// is not enabled (strict) or skipping such events (lenient). It returns the
// execution with its checks evaluated, or an error: an event not enabled
// (strict), or the bound's evaluation error (BoundCheck; the execution is
// then returned too, with Err set).
func Replay(s0 model.System, events []model.Event, checks Checks, lenient bool) (*Execution, error) {
	x := &Execution{Initial: s0, Final: s0.Clone()}
	for i, ev := range events {
		if err := x.Final.Apply(ev); err != nil {
			if lenient {
				continue
			}
			return nil, fmt.Errorf("step %d: %w", i+1, err)
		}
		x.Events = append(x.Events, ev)
		if v := CheckStep(x.Final, checks, len(x.Events)); v != nil {
			x.Violation = v
			return x, nil
		}
	}
	x.Quiescent = x.Final.Quiescent()
	x.Violation, x.Err = CheckEnd(x.Initial, x.Final, checks, x.Quiescent)
	if x.Err != nil {
		x.Capped, x.CapReason = true, boundError(x.Err)
		return x, x.Err
	}
	return x, nil
}

// Complete replays events leniently on a clone of s0 (skipping the events
// that are not enabled) and finishes the execution under the fair FIFO
// schedule within opt's caps, so that end-of-run properties are judged on
// a complete execution; a livelock ends it at the first revisited state (a
// lasso: prefix and one cycle). It is what shrinking judges candidates by.
func Complete(s0 model.System, events []model.Event, checks Checks, opt Options) *Execution {
	x := &Execution{Initial: s0, Final: s0.Clone()}
	s := x.Final
	for _, ev := range events {
		if s.Apply(ev) != nil {
			continue
		}
		x.Events = append(x.Events, ev)
		if v := CheckStep(s, checks, len(x.Events)); v != nil {
			x.Violation = v
			return x
		}
	}
	p := ParamsOf(s0)
	rest := opt
	rest.FairAfter, rest.InPlace, rest.Params = 1, true, &p
	switch {
	case opt.MaxSteps == 0:
		rest.MaxSteps = max(ConfigStepCap(s0.Config())-len(x.Events), 0) + 1
	case opt.MaxSteps > 0:
		rest.MaxSteps = max(opt.MaxSteps-len(x.Events), 0) + 1
	}
	r := Execute(s, FIFO{}, checks, rest)
	if r.Violation != nil && r.Violation.Step > 0 {
		r.Violation.Step += len(x.Events)
	}
	x.Events = append(x.Events, r.Events...)
	x.Quiescent, x.Violation, x.Livelock, x.Capped, x.CapReason, x.Interrupted, x.Err = r.Quiescent, r.Violation, r.Livelock, r.Capped, r.CapReason, r.Interrupted, r.Err
	return x
}
