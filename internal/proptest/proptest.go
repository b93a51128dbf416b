// Package proptest drives property tests of the algorithm packages: every
// configuration of a setting at small sizes, each under the fair FIFO
// schedule and several seeded adversarial schedules (random, newest-first,
// oldest-first, with the setting's faults), or rapid-drawn configurations
// and schedules; every execution is judged by checker.Execute's properties
// plus the recovery rule (a process that recovered or joined holds the
// best live id at quiescence, when asked). Nothing here reads a golden
// file, a shipped trace or a transcript: a test fails only when a property
// fails on a fresh run. Rapid runs on the public test kit
// (electlab/checker/checktest), which users call for their own algorithms.
package proptest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// Target is one family of executions and what each must satisfy.
type Target struct {
	// Spec is the algorithm.
	Spec model.Spec
	// Setting fixes timing, channels, initiators and faults.
	Setting claim.Setting
	// Variant is the reading ("" = defaults).
	Variant string
	// NMin and NMax bound the sizes.
	NMin, NMax int
	// Checks are checked on every execution (Props, Custom, Invariant).
	Checks checker.Checks
	// Converge adds the recovery rule: every process that recovered or
	// joined during the run holds the best live id at quiescence.
	Converge bool
	// Seeds is the number of random schedules per configuration besides
	// FIFO (0 = 3).
	Seeds int
	// Limit caps the configurations run per size (0 = 3000); a size with
	// more runs an even sample of Limit of them (every k-th in the
	// enumeration order), and the log says so.
	Limit int
	// MaxSteps caps each execution (0 = 5000).
	MaxSteps int
	// Name labels the target in subtests (optional).
	Name string
}

// Stats counts what a Check run covered.
type Stats struct {
	// Executions is the number of executions; Quiescent how many reached
	// quiescence (where the end-of-run properties are judged).
	Executions, Quiescent int
}

func (tg *Target) checks(events []model.Event, s model.System) *checker.Violation {
	if !tg.Converge || !s.Quiescent() {
		return nil
	}
	if err := checker.ConvergedAfter(s, checker.RejoinedIn(events)); err != nil {
		return &checker.Violation{Property: "recovered-converge", Message: err.Error()}
	}
	return nil
}

func (tg *Target) opts() checker.Options {
	max := tg.MaxSteps
	if max <= 0 {
		max = 5000
	}
	return checker.Options{MaxSteps: max}
}

// run executes one configuration under ch and returns a failure text, or "".
func (tg *Target) run(cfg *model.Config, ch checker.Chooser, what string, st *Stats) string {
	s0, err := tg.Spec.NewSystem(cfg)
	if err != nil {
		return fmt.Sprintf("config %s rejected: %v", cfg, err)
	}
	x := checker.Execute(s0, ch, tg.Checks, tg.opts())
	st.Executions++
	if x.Quiescent {
		st.Quiescent++
	}
	v := x.Violation
	if v == nil {
		v = tg.checks(x.Events, x.Final)
	}
	if v == nil {
		return ""
	}
	return fmt.Sprintf("%s %s (%s): %v\nevents: %s", tg.Spec.Meta().Name, cfg, what, v, eventList(x.Events))
}

func eventList(evs []model.Event) string {
	parts := make([]string, 0, len(evs))
	for i, ev := range evs {
		if i == 80 {
			parts = append(parts, fmt.Sprintf("... (%d events)", len(evs)))
			break
		}
		parts = append(parts, ev.String())
	}
	return strings.Join(parts, ", ")
}

// Check runs every configuration of tg at every size under FIFO and Seeds
// random schedules (strategies in turn). It fails t at the first violation,
// and when no execution reached quiescence (a property test that judged
// nothing at the end cannot pass).
func Check(t testing.TB, tg Target) Stats {
	t.Helper()
	var st Stats
	seeds := tg.Seeds
	if seeds <= 0 {
		seeds = 3
	}
	limit := tg.Limit
	if limit <= 0 {
		limit = 3000
	}
	info := tg.Spec.Meta()
	for n := tg.NMin; n <= tg.NMax; n++ {
		fail := ""
		k := uint64(0)
		// Count first; beyond limit, run every stride-th configuration
		// (an even sample, logged).
		total := 0
		if !checker.EnumerateConfigs(info, &tg.Setting, tg.Variant, n, 200000, func(*model.Config) bool { total++; return true }) {
			t.Logf("%s %s: n=%d has more than 200000 configurations; sizes %d..%d not checked", info.Name, tg.Setting.Name, n, n, tg.NMax)
			break
		}
		stride := (total + limit - 1) / limit
		if stride > 1 {
			t.Logf("%s %s: n=%d: %d configurations, every %d-th checked", info.Name, tg.Setting.Name, n, total, stride)
		}
		idx := -1
		ok := checker.EnumerateConfigs(info, &tg.Setting, tg.Variant, n, 200000, func(cfg *model.Config) bool {
			idx++
			if idx%stride != 0 {
				return true
			}
			if fail = tg.run(cfg, checker.FIFO{}, "fifo", &st); fail != "" {
				return false
			}
			for j := range seeds {
				k++
				seed := k*7919 + uint64(n)
				r := checker.NewRandom(seed, checker.Strategy(j%3))
				r.Staggered = tg.Setting.Staggered
				if fail = tg.run(cfg, r, fmt.Sprintf("random seed %d strategy %d", seed, j%3), &st); fail != "" {
					return false
				}
			}
			return true
		})
		if fail != "" {
			t.Fatal(fail)
		}
		if !ok {
			// Too many configurations to enumerate: the sizes above are
			// not covered, and the log says so.
			t.Logf("%s %s: n=%d has more than %d configurations; sizes %d..%d not checked", info.Name, tg.Setting.Name, n, limit, n, tg.NMax)
			break
		}
	}
	t.Logf("%s %s %q n=%d..%d: %d executions, %d quiescent", info.Name, tg.Setting.Name, tg.Variant, tg.NMin, tg.NMax, st.Executions, st.Quiescent)
	if st.Quiescent == 0 {
		t.Fatalf("%s: none of %d executions reached quiescence: the end-of-run properties judged nothing", info.Name, st.Executions)
	}
	return st
}

// Rapid runs rapid's property loop through the test kit (checktest.Rapid):
// a configuration of tg.Setting drawn by checker.DrawConfig and a schedule
// drawn event by event (checker.Rapid) for a third of tg.MaxSteps (0 =
// 600) events, then the fair FIFO continuation up to MaxSteps; rapid
// shrinks a failure, and the kit minimises it further and writes its
// trace to testdata/electlab/ with the command that replays it.
func Rapid(t *testing.T, tg Target) {
	t.Helper()
	max := tg.MaxSteps
	if max <= 0 {
		max = 600
	}
	checktest.Rapid(t, checktest.Target{Spec: tg.Spec, Setting: tg.Setting, Variant: tg.Variant, NMin: tg.NMin, NMax: tg.NMax,
		Checks: tg.Checks, Converge: tg.Converge, MaxSteps: max, Adversarial: max / 3})
}

// Served returns an end-of-run check for the mutual-exclusion algorithms:
// at quiescence, if no process crashed, every requesting process (the
// config's initiators) asked exactly demand times and entered as often,
// and no other process asked.
func Served(demand int) func(model.System) error {
	return func(s model.System) error {
		if !crashFreeQuiescent(s) {
			return nil
		}
		asked, entered := map[model.ID]int{}, map[model.ID]int{}
		for _, o := range s.Observations() {
			switch o.Tag {
			case lockcheck.ObsRequest:
				asked[o.Proc]++
			case lockcheck.ObsEnter:
				entered[o.Proc]++
			}
		}
		inits := s.Config().Initiators
		for _, p := range inits {
			if asked[p] != demand || entered[p] != demand {
				return fmt.Errorf("client %d asked %d and entered %d times, demand %d", p, asked[p], entered[p], demand)
			}
		}
		if len(asked) != len(inits) {
			return fmt.Errorf("%d processes asked, but %d request", len(asked), len(inits))
		}
		return nil
	}
}

// ClaimTargets returns a Target for every setting and reading of every
// Behaviour claim of spec that checks something (generic properties, an
// end-of-run check or an invariant), at sizes from the claim's NMin to
// min(its NMax, nmax), with the claim's own checks. Settings outside the
// paper's assumptions are left out, and so are the claims whose NMin is
// above nmax (no size to check) and the (claim, setting, reading) rows
// skip names (rows the model refutes: the paper's statement, not the
// code's property). A setting where processes recover or join also
// checks that they converge on the best live id when the claim checks
// Validity.
func ClaimTargets(spec claim.Entry, nmax int, skip func(id, setting, variant string) bool) []Target {
	var out []Target
	eachClaimRow(spec, func(c *claim.Claim, st claim.Setting, v string) {
		if c.NMin > nmax || (skip != nil && skip(c.ID, st.Name, v)) {
			return
		}
		hi := c.NMax
		if hi > nmax {
			hi = nmax
		}
		out = append(out, Target{Spec: spec, Setting: st, Variant: v, NMin: c.NMin, NMax: hi,
			Checks:   checker.ChecksOf(c),
			Converge: (st.Recovery || st.Joins > 0) && c.Props&model.Validity != 0,
			Seeds:    2, Limit: 1500, Name: c.ID + "/" + st.Name + "/" + v})
	})
	return out
}

// eachClaimRow calls row for every (claim, setting, reading) row of
// ClaimTargets: every Behaviour claim of spec that checks something, every
// setting within the paper's assumptions, every checked reading.
func eachClaimRow(spec claim.Entry, row func(c *claim.Claim, st claim.Setting, variant string)) {
	for ci := range spec.Claims {
		c := &spec.Claims[ci]
		if c.Kind != claim.Behaviour || (c.Props == 0 && c.Custom == nil && c.Invariant == nil) {
			continue
		}
		for _, st := range c.Settings {
			if st.Outside {
				continue
			}
			for _, v := range c.CheckedVariants() {
				row(c, st, v)
			}
		}
	}
}

// aboveSizes names the claims of ClaimTargets' rows whose smallest size is
// above nmax, each with that size, in claim order.
func aboveSizes(spec claim.Entry, nmax int) []string {
	var out []string
	seen := map[string]bool{}
	eachClaimRow(spec, func(c *claim.Claim, _ claim.Setting, _ string) {
		if c.NMin > nmax && !seen[c.ID] {
			seen[c.ID] = true
			out = append(out, fmt.Sprintf("%s (n ≥ %d)", c.ID, c.NMin))
		}
	})
	return out
}

// Each runs t.Run(tg.Name, Check) for every target.
func Each(t *testing.T, tgs []Target) {
	t.Helper()
	if len(tgs) == 0 {
		t.Fatal("no target: the test would check nothing")
	}
	for _, tg := range tgs {
		t.Run(tg.Name, func(t *testing.T) { Check(t, tg) })
	}
}

// WithInvariant adds inv to every target's invariant (checked after every
// event) and returns the targets.
func WithInvariant(tgs []Target, inv func(model.System) error) []Target {
	for i := range tgs {
		tgs[i].Checks.Invariant = both(tgs[i].Checks.Invariant, inv)
	}
	return tgs
}

// WithCustom adds end to every target's end-of-run check.
func WithCustom(tgs []Target, end func(model.System) error) []Target {
	for i := range tgs {
		tgs[i].Checks.Custom = both(tgs[i].Checks.Custom, end)
	}
	return tgs
}

func both(a, b func(model.System) error) func(model.System) error {
	if a == nil {
		return b
	}
	return claim.AllChecks(a, b)
}

// OneCoordinatorAtEnd is an end-of-run check of an election: at quiescence
// the live processes acting as coordinator are exactly one, the leader
// every live process holds (a deposed coordinator does not go on acting).
// Transient overlaps (a higher process recovering or joining) are allowed;
// the end state is not.
func OneCoordinatorAtEnd(s model.System) error {
	if !s.Quiescent() {
		return nil
	}
	leader, ok := model.AgreedLeader(s)
	for i := range s.N() {
		if s.Status(i) != model.Live || !s.View(i).Coordinator {
			continue
		}
		if id := s.Topo().Order[i]; !ok || id != leader {
			return fmt.Errorf("at quiescence process %d acts as coordinator, but the agreed leader is %d", id, leader)
		}
	}
	if ok {
		if i := s.Topo().IndexOf(leader); i >= 0 && s.Status(i) == model.Live && !s.View(i).Coordinator {
			return fmt.Errorf("at quiescence every live process holds %d, which does not act as coordinator", leader)
		}
	}
	return nil
}

// RecoveryTargets are the recovery and join targets of an election
// algorithm of the Bully family: processes crashed before the run (the
// old coordinator among them) recover when the adversary chooses, or one
// process joins a stable system (nobody detects anything); at quiescence
// the live processes agree on the best live id, the recovered or joined
// ones included, and exactly it acts as coordinator. Reference: [S2] Bully
// slide, "Process initiates election if it just recovered from failure";
// [S4] §II, §II.A.
func RecoveryTargets(spec model.Spec, variant string, nmin, nmax int) []Target {
	props := model.Agreement | model.Validity | model.Termination
	checks := checker.Checks{Props: props, Custom: OneCoordinatorAtEnd}
	var out []Target
	for _, timing := range []model.Timing{model.Sync, model.Async} {
		rec := claim.Setting{Name: "recovery, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 1, Recovery: true}
		join := claim.Setting{Name: "join a stable system, " + timing.String(), Timing: timing, Net: model.FIFO, Initiators: claim.NoDetector, Joins: 1}
		for _, st := range []claim.Setting{rec, join} {
			out = append(out, Target{Spec: spec, Setting: st, Variant: variant, NMin: nmin, NMax: nmax, Checks: checks, Converge: true, Seeds: 6, Name: st.Name})
		}
	}
	return out
}

// Only keeps the targets whose Name contains one of subs.
func Only(tgs []Target, subs ...string) []Target {
	var out []Target
	for _, tg := range tgs {
		for _, s := range subs {
			if strings.Contains(tg.Name, s) {
				out = append(out, tg)
				break
			}
		}
	}
	return out
}

// The settings the mutual-exclusion packages' property tests run under:
// any set of requesting clients, in async FIFO, lock-step, staggered and
// unordered timing, and with one crash injected.
var (
	MutexAsync     = claim.Setting{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators}
	MutexSync      = claim.Setting{Name: "sync", Timing: model.Sync, Initiators: claim.AnyInitiators}
	MutexStaggered = claim.Setting{Name: "async staggered", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, Staggered: true}
	MutexUnordered = claim.Setting{Name: "async unordered", Timing: model.Async, Net: model.Unordered, Initiators: claim.AnyInitiators}
	MutexOneCrash  = claim.Setting{Name: "async one crash", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, CrashBudget: 1}
)

// MutexSettings are the crash-free settings above, in that order.
func MutexSettings() []claim.Setting {
	return []claim.Setting{MutexAsync, MutexSync, MutexStaggered, MutexUnordered}
}

// crashFreeQuiescent reports whether s is quiescent with every process
// live.
func crashFreeQuiescent(s model.System) bool {
	if !s.Quiescent() {
		return false
	}
	for i := range s.N() {
		if s.Status(i) != model.Live {
			return false
		}
	}
	return true
}

// AtCrashFreeQuiescence returns an end-of-run check that calls each on
// every process (its index, id and state) of a quiescent state in which
// no process crashed, stopping at the first error; other states pass.
func AtCrashFreeQuiescence(each func(i int, id model.ID, st any) error) func(model.System) error {
	return func(s model.System) error {
		if !crashFreeQuiescent(s) {
			return nil
		}
		for i := range s.N() {
			if err := each(i, s.Topo().Order[i], s.State(i)); err != nil {
				return err
			}
		}
		return nil
	}
}

// Claims is a package's TestPropClaims: the properties of every behaviour
// claim of spec, within the paper's assumptions, on every configuration
// at sizes up to nmax with fresh schedules (ClaimTargets: no golden, no
// shipped trace), each execution also judged by the end-of-run checks
// end. The rows a skip rule matches are left out (the test's doc comment
// says which and why); a rule that matches no row fails the test
// (NoStaleSkips), and so does, without -short, a rule that leaves out a
// row the claim engine does not refute (NoUnrefutedSkips). The rows of
// claims whose smallest size is above nmax are left out and logged.
func Claims(t *testing.T, spec claim.Entry, nmax int, skip []Skip, end ...func(model.System) error) {
	t.Helper()
	NoStaleSkips(t, spec, skip)
	if !testing.Short() {
		NoUnrefutedSkips(t, spec, nmax, skip)
	}
	if above := aboveSizes(spec, nmax); len(above) > 0 {
		t.Logf("left out, their smallest size above n = %d: %s", nmax, strings.Join(above, "; "))
	}
	tgs := ClaimTargets(spec, nmax, SkipRows(skip...))
	for _, e := range end {
		tgs = WithCustom(tgs, e)
	}
	Each(t, tgs)
}
