package hsring_test

import (
	"bytes"
	"flag"
	"testing"

	"pgregory.net/rapid"

	"electlab/checker"
	"electlab/checker/explore"
	"electlab/model"

	"example.com/hsring"
)

// broken turns the tutorial's red run on: TestRapid checks the broken
// variant instead of the algorithm, and fails.
var broken = flag.Bool("broken", false, "check the deliberately broken variant in TestRapid (it fails)")

// checksOf gathers every claim of spec into one set of checks: the generic
// properties the behaviour claims name, their own end-of-run checks and the
// message bound.
func checksOf(spec model.Spec) checker.Checks {
	var ch checker.Checks
	var customs []func(model.System) error
	for i := range spec.Meta().Claims {
		c := &spec.Meta().Claims[i]
		switch c.Kind {
		case model.Behaviour:
			ch.Props |= c.Props
			if c.Custom != nil {
				customs = append(customs, c.Custom)
			}
		case model.Bound:
			ch.Bound = c
		}
	}
	ch.Custom = func(s model.System) error {
		for _, f := range customs {
			if err := f(s); err != nil {
				return err
			}
		}
		return nil
	}
	return ch
}

// property is the rapid property: rapid draws a setting of the claims, a
// ring size in nmin..nmax, an arrangement of ids and a set of initiators,
// then every event of the schedule; every claim is checked on the run.
func property(spec model.Spec, nmin, nmax int) func(*rapid.T) {
	info := spec.Meta()
	settings := info.Claims[0].Settings
	checks := checksOf(spec)
	return func(t *rapid.T) {
		st := rapid.SampledFrom(settings).Draw(t, "setting")
		cfg := checker.DrawConfig(t, info, &st, "", nmin, nmax)
		s0, err := spec.NewSystem(cfg)
		if err != nil {
			t.Fatalf("config %s: %v", cfg, err)
		}
		x := checker.Execute(s0, checker.NewRapid(t), checks, checker.Options{})
		if x.Violation != nil {
			t.Fatalf("%s\nconfig: %s\nevents: %v", x.Violation, cfg, x.Events)
		}
	}
}

// TestRapid checks every claim on rapid's adversarial schedules, n = 2..8.
func TestRapid(t *testing.T) {
	spec := model.Spec(hsring.Algorithm)
	if *broken {
		spec = hsring.Broken
	}
	rapid.Check(t, property(spec, 2, 8))
}

// FuzzSchedule is the same property under Go's fuzzer: the fuzzer's bytes
// drive rapid's draws (setting, size, arrangement, initiators, schedule).
func FuzzSchedule(f *testing.F) {
	f.Add(make([]byte, 4096))
	f.Add(bytes.Repeat([]byte("hirschberg-sinclair"), 256))
	f.Fuzz(rapid.MakeFuzz(property(hsring.Algorithm, 2, 8)))
}

// arrangements returns every ring of the ids 1..n up to rotation: id 1
// first, the others in every order ((n-1)! rings).
func arrangements(n int) [][]model.ID {
	var out [][]model.ID
	var rec func(ring []model.ID, rest []model.ID)
	rec = func(ring, rest []model.ID) {
		if len(rest) == 0 {
			out = append(out, append([]model.ID(nil), ring...))
			return
		}
		for i := range rest {
			others := append(append([]model.ID(nil), rest[:i]...), rest[i+1:]...)
			rec(append(ring, rest[i]), others)
		}
	}
	rest := make([]model.ID, 0, n-1)
	for id := 2; id <= n; id++ {
		rest = append(rest, model.ID(id))
	}
	rec([]model.ID{1}, rest)
	return out
}

// TestExplore explores every schedule of every arrangement of n = 3..5
// (every process an initiator, and process 1 alone), checking every claim
// at every state and keeping the exact min/max message counts; the
// largest count at each n must be within 8n(1+⌈log₂ n⌉).
func TestExplore(t *testing.T) {
	checks := checksOf(hsring.Algorithm)
	bound := hsring.Algorithm.Info.Claim("HS-4")
	for n := 3; n <= 5; n++ {
		var lo, hi int64 = -1, -1
		var states int64
		for _, ids := range arrangements(n) {
			for _, inits := range [][]model.ID{nil, {1}} {
				if inits == nil && n == 5 && testing.Short() {
					continue
				}
				cfg := &model.Config{IDs: ids, Initiators: inits, CountInState: true}
				s0, err := hsring.Algorithm.NewSystem(cfg)
				if err != nil {
					t.Fatal(err)
				}
				r := explore.Explore(s0, explore.Options{Counts: explore.CountsTotal, Checks: checks})
				if !r.Complete() || len(r.Violations) > 0 {
					t.Fatalf("%s: %s (incomplete: %q)", cfg, r.Verdict(), r.Incomplete)
				}
				states += r.States
				c := r.Counts.Of(bound.Accounting)
				if lo < 0 || c.Min < lo {
					lo = c.Min
				}
				hi = max(hi, c.Max)
			}
		}
		claimed := bound.Formula(model.Params{N: n})
		t.Logf("n=%d: %d arrangements, %d states; messages min %d, max %d; 8n(1+⌈log₂ n⌉) = %s", n, len(arrangements(n)), states, lo, hi, claimed)
		if !bound.Relation.Holds(hi, claimed) {
			t.Errorf("n=%d: max %d messages, bound %s", n, hi, claimed)
		}
	}
}

// TestClaimsEngine runs electlab's claims engine on every claim, as
// `electlab claims` does for the algorithms it ships (fewer cases): each
// claim HOLDS.
func TestClaimsEngine(t *testing.T) {
	e := &checker.Engine{Seed: 1, Cases: 20, ExhaustiveLimit: 30, MaxN: 6}
	for _, c := range hsring.Algorithm.Info.Claims {
		res := e.CheckClaim(hsring.Algorithm, &c)
		t.Logf("%s %s: %s", c.ID, res.Verdict, res.Summary)
		if res.Verdict != checker.Holds {
			t.Errorf("%s: %s, want %s", c.ID, res.Verdict, checker.Holds)
		}
	}
}
