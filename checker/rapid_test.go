package checker_test

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/claim"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// behaviourProperty is the rapid property behind the tests below: rapid
// draws one of the algorithm's in-assumption settings of the Behaviour
// claims that check generic properties, with a variant, a configuration,
// and every event of the schedule. Rows (setting and variant) for which the
// claim engine ships a counterexample (the claim is REFUTED there, see
// testdata/counterexamples) are left out, and so is every row of a claim
// refuted within the paper's assumptions: rapid searches where the engine
// found nothing.
func behaviourProperty(spec claim.Entry, nmax int) func(*rapid.T) {
	targets := behaviourTargets(spec)
	return func(t *rapid.T) {
		if len(targets) == 0 {
			t.Skip("no behaviour claim")
		}
		tg := rapid.SampledFrom(targets).Draw(t, "setting")
		variant := tg.variant
		hi := tg.claim.NMax
		if hi > nmax {
			hi = nmax
		}
		info := spec.Meta()
		cfg := checker.DrawConfig(t, info, tg.setting, variant, tg.claim.NMin, hi)
		s0, err := spec.NewSystem(cfg)
		if err != nil {
			t.Fatalf("config %s: %v", cfg, err)
		}
		checks := checker.Checks{Props: tg.claim.Props, Custom: tg.claim.Custom, Invariant: tg.claim.Invariant}
		x := checker.Execute(s0, checker.NewRapid(t), checks, checker.Options{MaxSteps: 5000, FairAfter: 2500})
		if x.Violation != nil {
			t.Fatalf("%s, %s: %s\nconfig: %s\nevents: %v", tg.claim.ID, tg.setting.Name, x.Violation, cfg, x.Events)
		}
	}
}

// rapidTarget is one row the rapid behaviour search draws from.
type rapidTarget struct {
	claim   *claim.Claim
	setting *claim.Setting
	variant string
}

// behaviourTargets lists the rows behaviourProperty draws from (an
// algorithm may have none: every row of its behaviour claims refuted, or
// no such claim).
func behaviourTargets(spec claim.Entry) []rapidTarget {
	info := spec.Meta()
	type target = rapidTarget
	var targets []target
	for i := range spec.Claims {
		c := &spec.Claims[i]
		if c.Kind != claim.Behaviour || c.Props&(model.Agreement|model.Safety) == 0 && c.Invariant == nil {
			continue
		}
		// A reading the engine already refutes within the paper's
		// assumptions is not searched further: another refuting row adds
		// nothing (e.g. a failover service whose election, under that
		// reading, lets two coordinators act at once). The claim's other
		// readings are.
		for vi, variant := range c.CheckedVariants() {
			var rows []target
			refuted := false
			for j := range c.Settings {
				if c.Settings[j].Outside {
					continue
				}
				if shippedCounterexample(info, c, variant, vi*len(c.Settings)+j) {
					refuted = true
					continue
				}
				rows = append(rows, target{c, &c.Settings[j], variant})
			}
			if !refuted {
				targets = append(targets, rows...)
			}
		}
	}
	return targets
}

// shippedCounterexample reports whether the claim engine's counterexample
// to row number row of claim c (of info's algorithm, under variant) is
// shipped under testdata/counterexamples.
func shippedCounterexample(info *model.Info, c *claim.Claim, variant string, row int) bool {
	v, err := info.ParseVariant(variant)
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(counterexampleDir, claims.CounterexampleFile(c.ID, info.Name, info.FormatVariant(v), row)))
	return err == nil
}

// Reference: [S1] first paragraph and [S2] Ring-based Election: every
// algorithm's behaviour claims, on rapid-drawn arrangements, initiator
// sets, failed forwarders and schedules, up to n = 8.
func TestRapidBehaviourClaims(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(rapidNothingToSearch)) {
		if _, err := algos.Registry().Lookup(name); err != nil {
			t.Errorf("rapidNothingToSearch: %v", err)
		}
	}
	for _, spec := range algos.Registry().Algorithms {
		t.Run(spec.Meta().Name, func(t *testing.T) {
			name := spec.Meta().Name
			if len(behaviourTargets(spec)) > 0 {
				if why, ok := rapidNothingToSearch[name]; ok {
					t.Fatalf("rapidNothingToSearch lists %s (%s), but it has behaviour rows to search: remove it", name, why)
				}
				rapid.Check(t, behaviourProperty(spec, 8))
				return
			}
			why := noBehaviourClaim
			for _, c := range spec.Claims {
				if c.Kind == claim.Behaviour && c.Props&(model.Agreement|model.Safety) != 0 {
					why = everyRowRefuted
				}
			}
			if want, ok := rapidNothingToSearch[name]; !ok || want != why {
				t.Fatalf("%s: nothing for rapid to search (%s), but rapidNothingToSearch gives %q: list it only if no row is right", name, why, want)
			}
			t.Skip(why)
		})
	}
}

// The reasons an algorithm gives rapid no behaviour row to search.
const (
	noBehaviourClaim = "no behaviour claim of agreement, safety or an invariant"
	everyRowRefuted  = "each behaviour claim refuted by a shipped counterexample or without a row within the assumptions"
)

// rapidNothingToSearch names the algorithms TestRapidBehaviourClaims skips,
// with the reason. Any other algorithm left without a row fails the test:
// a behaviour claim renamed, re-kinded or newly refuted must not quietly
// take its algorithm out of the rapid search.
var rapidNothingToSearch = map[string]string{
	"fceabrk":                noBehaviourClaim,
	"itairodeh-sync":         noBehaviourClaim, // its claims are probabilities (docs/PROBABILITY.md)
	"itairodeh-async":        noBehaviourClaim,
	"xie":                    noBehaviourClaim,
	"hierarchical":           noBehaviourClaim,
	"vnetjoin":               noBehaviourClaim,
	"decentral":              noBehaviourClaim,
	"fceabr":                 everyRowRefuted,
	"enhancedbully":          everyRowRefuted,
	"central+lelann":         everyRowRefuted,
	"central+changroberts":   everyRowRefuted,
	"tokenring+lelann":       everyRowRefuted,
	"tokenring+changroberts": everyRowRefuted,
	"tokenring+kabashi":      everyRowRefuted,
}

// recordingTB is a rapid.TB that records a failure instead of failing the
// test, so a test can require rapid to find a bug.
type recordingTB struct {
	testing.TB
	failed bool
	msg    strings.Builder
}

func (r *recordingTB) Helper()                           {}
func (r *recordingTB) Errorf(format string, args ...any) { r.fail(format, args...) }
func (r *recordingTB) Error(args ...any)                 { r.fail("%s", fmt.Sprint(args...)) }
func (r *recordingTB) Fatalf(format string, args ...any) { r.fail(format, args...); panic(stopTB{}) }
func (r *recordingTB) Fatal(args ...any)                 { r.fail("%s", fmt.Sprint(args...)); panic(stopTB{}) }
func (r *recordingTB) FailNow()                          { r.failed = true; panic(stopTB{}) }
func (r *recordingTB) Fail()                             { r.failed = true }
func (r *recordingTB) Failed() bool                      { return r.failed }
func (r *recordingTB) Logf(string, ...any)               {}
func (r *recordingTB) Log(...any)                        {}
func (r *recordingTB) fail(format string, args ...any) {
	r.failed = true
	fmt.Fprintf(&r.msg, format, args...)
}

type stopTB struct{}

// rapidFinds reports whether rapid.Check finds a failure of prop.
func rapidFinds(t *testing.T, prop func(*rapid.T)) (bool, string) {
	t.Helper()
	for name, val := range map[string]string{"rapid.nofailfile": "true", "rapid.shrinktime": "2s"} {
		old := flag.Lookup(name).Value.String()
		if err := flag.Set(name, val); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { flag.Set(name, old) })
	}
	r := &recordingTB{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(stopTB); !ok {
					panic(p)
				}
			}
		}()
		rapid.Check(r, prop)
	}()
	return r.failed, r.msg.String()
}

// The rapid-driven search must catch each broken variant.
func TestRapidCatchesBrokenVariants(t *testing.T) {
	for _, tc := range []struct {
		alg  *model.Algorithm[crState]
		want string
	}{
		{everyStarterCoordinator, checker.PropSafety},
		{lowestIgnoresCoord, checker.PropAgreement},
		{believesMinimum, checker.PropValidity},
		{coordNeverConsumed, checker.PropTermination},
	} {
		t.Run(tc.alg.Name, func(t *testing.T) {
			failed, msg := rapidFinds(t, behaviourProperty(claim.Entry{Spec: tc.alg, Claims: changroberts.Claims}, 6))
			if !failed {
				t.Fatalf("rapid did not catch %s", tc.alg.Name)
			}
			if !strings.Contains(msg, tc.want) {
				t.Errorf("rapid failed for another reason than %s:\n%s", tc.want, msg)
			}
		})
	}
}
