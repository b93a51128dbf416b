package explore

import (
	"slices"
	"testing"

	"github.com/electlab/electlab/model"
)

// dropConfigs are the small configurations with a process crashed before
// the run: every registered algorithm on 3,1,2,4 with 4 crashed (every
// detector), and on a complete graph ids 1..n (n = 3, 4), the highest
// crashed, one detector or every live one, under eager and lazy
// detection, with accurate and early timeouts.
func dropConfigs(info *model.Info) []*model.Config {
	var out []*model.Config
	add := func(ids []model.ID, crashed model.ID, inits []model.ID, d model.Detection, to model.Timeouts) {
		out = append(out, &model.Config{Algo: info.Name, IDs: ids, Crashed: []model.ID{crashed}, Initiators: inits,
			Detect: d, Timeouts: to, Forwarding: info.Forwarding})
	}
	add([]model.ID{3, 1, 2, 4}, 4, nil, model.DetectEager, model.Accurate)
	if info.Topology != model.Complete {
		return out
	}
	for n := 3; n <= 4; n++ {
		ids := model.IDsUpTo(n)
		for _, inits := range [][]model.ID{nil, {1}} {
			for _, d := range []model.Detection{model.DetectEager, model.DetectLazy} {
				add(ids, model.ID(n), inits, d, model.Accurate)
			}
		}
		add(ids, model.ID(n), nil, model.DetectEager, model.Early)
	}
	return out
}

// dropAgree compares a reduced search with the full one on what the
// persistent sets keep: without counters, the final states; the minima,
// and the maxima when exact; whether the maxima are lower bounds; cycles
// and the violations. With counters and a cut cycle the final states and
// the maxima depend on the search order (docs/EXPLORE.md), so only the
// minima are compared then.
func dropAgree(red, full *Result) string {
	switch {
	case (red.Counts == nil) != (full.Counts == nil):
		return "counts"
	case red.CountsLowerBound != full.CountsLowerBound:
		return "lower bound flag"
	case red.Cycle != full.Cycle:
		return "cycle"
	case !slices.Equal(violationSet(red), violationSet(full)):
		return "violations"
	case !full.CountsLowerBound && red.Final != full.Final:
		return "final states"
	}
	if c, d := red.Counts, full.Counts; c != nil {
		for _, p := range [][2]Range{{c.Sends, d.Sends}, {c.Transmissions, d.Transmissions}, {c.Deliveries, d.Deliveries}, {c.SR, d.SR}, {c.Forwards, d.Forwards}} {
			if p[0].Min != p[1].Min || !full.CountsLowerBound && p[0].Max != p[1].Max {
				return "min/max"
			}
		}
	}
	return ""
}

// TestDropReductionExact: the persistent sets of deliveries to crashed
// processes (dropSet) keep the verdicts and the exact minima and maxima
// on every small configuration with a crashed process, for every
// registered algorithm and count mode, and reduce the states of the Bully
// family; a deliberately unsound set (the first delivery to a live process
// alone) is caught. -short: the complete-graph algorithms on the 3,1,2,4 ring
// and on 1,2,3 with every detector (eager and lazy), without per-process
// counts.
func TestDropReductionExact(t *testing.T) {
	reducedSome, caught, n := false, false, 0
	for _, spec := range testSpecs() {
		if testing.Short() && spec.Meta().Topology != model.Complete {
			continue
		}
		for k, cfg := range dropConfigs(spec.Meta()) {
			if testing.Short() && k > 2 {
				break
			}
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				continue
			}
			for _, c := range []CountMode{CountsNone, CountsTotal, CountsPerProcess} {
				if testing.Short() && c == CountsPerProcess {
					continue
				}
				full := Explore(s0, Options{Counts: c, NoPOR: true, MaxStates: 20000})
				if !full.Complete() {
					continue
				}
				red := Explore(s0, Options{Counts: c, MaxStates: 40000})
				n++
				if why := dropAgree(red, full); why != "" || !red.Complete() || red.NoReduction != "" {
					t.Errorf("%s counts=%s: reduced and full searches differ (%s): %d/%d states, %d/%d final, %v vs %v (%s)",
						cfg, c, why, red.States, full.States, red.Final, full.Final, red.Counts, full.Counts, red.NoReduction)
				}
				if red.States < full.States && red.StateReduction {
					reducedSome = true
				}
				if !caught {
					caught = dropAgree(Explore(s0, Options{Counts: c, brokenDrop: true, MaxStates: 40000}), full) != ""
				}
			}
		}
	}
	if n < 10 || !reducedSome {
		t.Errorf("%d comparisons, states reduced somewhere: %v", n, reducedSome)
	}
	if !caught {
		t.Error("the unsound set (the first delivery to a live process alone) was not caught")
	}
}
