package model_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// simResetter is a Sim of any state type.
type simResetter interface {
	model.Simulator
	Reset(cfg *model.Config) error
}

// simResetDiffs runs, for every registered algorithm, one Sim reset from
// configuration to configuration (every claim setting and variant, at a
// random size, in sync and async timing, those the Sim rejects included;
// every third run stopped at a small event cap) beside a new Sim for each, and returns where they differ: in the error,
// or in what Run returns. An algorithm whose every claim setting needs the
// World (joins) is logged.
func simResetDiffs(t *testing.T) []string {
	t.Helper()
	compared := 0
	rng := rand.New(rand.NewPCG(35, 1))
	var diffs []string
	reg := algos.Registry()
	for _, spec := range reg.Specs() {
		var pooled simResetter
		info := spec.Meta()
		for sp, c := range reg.Claims() {
			if sp.Meta().Name != info.Name {
				continue
			}
			for si := range c.Settings {
				for _, v := range c.CheckedVariants() {
					hi := max(c.NMin, min(c.NMax, 9))
					n := c.NMin + rng.IntN(hi-c.NMin+1)
					if len(c.Sizes) > 0 {
						n = c.Sizes[rng.IntN(len(c.Sizes))]
					}
					if st := &c.Settings[si]; st.Family != nil && st.Family(n, v).Count == 0 {
						continue
					}
					cfg := checker.RandomCase(rng, info, &c.Settings[si], v, n).Config
					for _, timing := range []model.Timing{cfg.Timing, 1 - cfg.Timing} {
						cfg := cfg.Clone()
						cfg.Timing = timing
						fresh, ferr := spec.NewSim(cfg)
						if pooled == nil {
							if ferr == nil {
								pooled = fresh.(simResetter)
								pooled.Run(20000)
							}
							continue
						}
						err := pooled.Reset(cfg)
						if fmt.Sprint(err) != fmt.Sprint(ferr) {
							diffs = append(diffs, fmt.Sprintf("%s: Reset's error %v, NewSim's %v", cfg, err, ferr))
							continue
						}
						if err != nil {
							continue
						}
						// Every third run stops at a small event cap, so that
						// the next Reset starts from a Sim stopped mid-run
						// (messages in flight, timers armed).
						limit := []int64{20000, 20000, 5 + int64(compared%17)}[compared%3]
						compared++
						if d := cmp.Diff(fresh.Run(limit), pooled.Run(limit)); d != "" {
							diffs = append(diffs, fmt.Sprintf("%s: a reset Sim's run differs from a new one's (-new +reset):\n%s", cfg, d))
						}
					}
				}
			}
		}
		if pooled == nil {
			// Every setting of its claims needs the World (joins).
			t.Logf("%s: no configuration of its claims runs in the Sim", info.Name)
		}
	}
	if compared < 100 {
		diffs = append(diffs, fmt.Sprintf("only %d reset Sims compared", compared))
	}
	t.Logf("%d reset Sims compared with new ones", compared)
	return diffs
}

// TestSimReset checks that a Sim reset to a configuration runs exactly as
// a new Sim of it, whatever ran in it before.
func TestSimReset(t *testing.T) {
	for _, d := range simResetDiffs(t) {
		t.Error(d)
	}
}

// TestSimResetCatches shows that TestSimReset catches a Reset that keeps
// part of the last run (its learn-hop clocks).
func TestSimResetCatches(t *testing.T) {
	model.BreakSimReset(true)
	defer model.BreakSimReset(false)
	if len(simResetDiffs(t)) == 0 {
		t.Fatal("a Reset that keeps the last run's learn-hop clocks went unnoticed")
	}
}
