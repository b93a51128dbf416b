package checktest

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
)

// Size is what Explore found at one number of processes, over every
// configuration of the setting at that size and every schedule of each.
type Size struct {
	// N is the number of processes.
	N int
	// Configs is the number of configurations searched (every
	// arrangement up to rotation on rings, every dead and initiator set
	// the setting allows).
	Configs int
	// States is the number of distinct states stored, summed over the
	// configurations; Final the number of distinct quiescent ones.
	States, Final int64
	// Counts are the exact minimum and maximum of every message count
	// over every complete execution of every configuration.
	Counts explore.CountRanges
	// CountsLowerBound is set when a cycle that sends messages was cut in
	// some configuration: the maxima are then lower bounds.
	CountsLowerBound bool
	// PerConfig is what each configuration gave, in the order searched
	// (that of checker.EnumerateConfigs): which arrangement, dead set or
	// initiator set reaches a size's minimum or maximum.
	PerConfig []ConfigResult
}

// ConfigResult is what Explore found on one configuration: every schedule
// of it.
type ConfigResult struct {
	// Config is the configuration searched.
	Config *model.Config
	// States is the number of distinct states stored; Final the number of
	// distinct quiescent ones.
	States, Final int64
	// Counts are the exact minimum and maximum of every message count
	// over its complete executions (zero when Final is 0).
	Counts explore.CountRanges
	// CountsLowerBound is set when a cycle that sends messages was cut:
	// the maxima are then lower bounds.
	CountsLowerBound bool
}

// Explore searches every schedule of every configuration of tg.Setting at
// each size NMin..NMax with the explorer (electlab/checker/explore: a
// depth-first search with sleep-set reduction, which keeps every reachable
// state, so its verdicts and min/max counts are exact), checking tg's
// checks at every state and tg.Bound at every quiescent state. It returns
// what each size gave (min/max counts included, over the size and per
// configuration: Size.PerConfig) and logs it.
//
// A violation fails t with a minimal trace written to tg.Dir and its replay
// command, as Rapid does, and the search stops there. A search cut by
// tg.MaxStates (or the explorer's memory bound, 256MiB), or a size with
// more configurations than tg.MaxConfigs, fails t as "cap reached": not a
// violation, but not a verdict either. Sizes before the stop are returned.
// With -electlab.replay=PATH, Explore replays PATH instead and returns nil.
func Explore(t testing.TB, tg Target) []Size {
	t.Helper()
	if err := tg.valid(); err != nil {
		t.Fatal(err)
		return nil
	}
	if tg.flagged(t) {
		return nil
	}
	maxConfigs := tg.MaxConfigs
	if maxConfigs <= 0 {
		maxConfigs = 2000
	}
	info := tg.Spec.Meta()
	o := new(owner)
	var out []Size
	for n := tg.NMin; n <= tg.NMax; n++ {
		sz := Size{N: n}
		stop := ""
		ok := checker.EnumerateConfigs(info, &tg.Setting, tg.Variant, n, maxConfigs, func(cfg *model.Config) bool {
			stop = tg.exploreOne(t, cfg, &sz, o)
			return stop == ""
		})
		if !ok && stop == "" {
			t.Errorf("checktest.Explore %s n=%d: cap reached: more than %d configurations (Target.MaxConfigs); sizes %d..%d not searched", info.Name, n, maxConfigs, n, tg.NMax)
			return out
		}
		if stop != "" {
			return out
		}
		t.Logf("%s n=%d: %s", info.Name, n, sz.summary())
		out = append(out, sz)
	}
	return out
}

// exploreOne searches cfg and adds what it found to sz; it returns "" to go
// on, or why the search stopped (t has failed).
func (tg *Target) exploreOne(t testing.TB, cfg *model.Config, sz *Size, o *owner) string {
	t.Helper()
	info := tg.Spec.Meta()
	s0, err := tg.Spec.NewSystem(cfg)
	if err != nil {
		t.Errorf("%s rejects configuration %s: %v", info.Name, cfg, err)
		return "config"
	}
	checks := tg.checks()
	if bf := tg.bounds(); bf != nil {
		checks.Custom = both(checks.Custom, func(s model.System) error {
			c := *s.Counts()
			c.ByKind = append([]model.KindCount(nil), c.ByKind...)
			return bf(s.Config().Clone(), c)
		})
	}
	maxStates := tg.MaxStates
	if maxStates <= 0 {
		maxStates = 1_000_000
	}
	r := explore.Explore(s0, explore.Options{Counts: explore.CountsTotal, Checks: checks, MaxStates: maxStates,
		MaxMem: exploreMem, MaxViolations: 1, JoinsBeforeEnd: len(cfg.Absent) > 0})
	if len(r.Violations) > 0 {
		tg.exploreViolation(t, s0, r.Violations[0], o)
		return "violation"
	}
	if !r.Complete() {
		t.Errorf("checktest.Explore %s %s: cap reached: %s (no violation in the %d states searched; not a verdict: raise Target.MaxStates or lower NMax)", info.Name, cfg, r.Incomplete, r.States)
		return "cap"
	}
	cr := ConfigResult{Config: cfg.Clone(), States: r.States, Final: r.Final, CountsLowerBound: r.CountsLowerBound}
	if r.Counts != nil && r.Final > 0 {
		cr.Counts = *r.Counts
		if sz.Final == 0 {
			sz.Counts = *r.Counts
		} else {
			sz.Counts = mergeRanges(sz.Counts, *r.Counts)
		}
	}
	sz.PerConfig = append(sz.PerConfig, cr)
	sz.Configs++
	sz.States += r.States
	sz.Final += r.Final
	sz.CountsLowerBound = sz.CountsLowerBound || r.CountsLowerBound
	return ""
}

// exploreViolation reports the explorer's violation v of s0: its schedule,
// judged again by tg (run then finished by the fair schedule), is minimised
// and written as a trace. A livelock found as a lasso that the fair FIFO
// schedule does not show is reported without a trace.
func (tg *Target) exploreViolation(t testing.TB, s0 model.System, v *explore.Violation, o *owner) {
	t.Helper()
	x := tg.complete(s0, v.Events)
	if x.Violation == nil {
		t.Errorf("checktest.Explore %s %s: %s violated: %s\nfound by the explorer (as a lasso: the cycle repeats from event %d); the fair FIFO completion of its schedule does not show it, so no trace was written\nevents: %s",
			tg.Spec.Meta().Name, s0.Config(), v.Property, v.Message, v.CycleStart+1, eventList(v.Events))
		return
	}
	tg.report(t, t.Name(), t.Name(), &failure{s0: s0, events: x.Events, v: x.Violation, how: "the explorer (exhaustive search)", owner: o})
}

func both(a, b func(model.System) error) func(model.System) error {
	if a == nil {
		return b
	}
	return claim.AllChecks(a, b)
}

func mergeRanges(a, b explore.CountRanges) explore.CountRanges {
	m := func(x, y explore.Range) explore.Range {
		return explore.Range{Min: min(x.Min, y.Min), Max: max(x.Max, y.Max)}
	}
	return explore.CountRanges{Sends: m(a.Sends, b.Sends), Transmissions: m(a.Transmissions, b.Transmissions),
		Deliveries: m(a.Deliveries, b.Deliveries), SR: m(a.SR, b.SR), Forwards: m(a.Forwards, b.Forwards)}
}

// summary is a one-line account of sz.
func (sz *Size) summary() string {
	s := fmt.Sprintf("%d configuration(s), %d states, %d quiescent; sends %d..%d, deliveries %d..%d",
		sz.Configs, sz.States, sz.Final, sz.Counts.Sends.Min, sz.Counts.Sends.Max, sz.Counts.Deliveries.Min, sz.Counts.Deliveries.Max)
	if sz.CountsLowerBound {
		s += " (maxima are lower bounds: a sending cycle was cut)"
	}
	return s
}

// exploreMem is the memory bound of one search Explore runs (the same
// 256MiB the claim engine gives its searches).
const exploreMem = 256 << 20
