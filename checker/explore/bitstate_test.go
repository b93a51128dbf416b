package explore

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/model"
)

// safetyChecks are the generic properties but termination (a bitstate
// search runs no livelock search).
var safetyChecks = checkerChecks(model.Safety | model.Agreement | model.Validity)

// TestBitstateMatchesExhaustive: with an array far larger than the
// states, a bitstate search stores what the exhaustive unreduced search
// stores (states, transitions, final states, the violations), on every
// registered algorithm's small configurations; its result is still
// marked incomplete (Bitstate), never a proof, with a small expected
// miss.
func TestBitstateMatchesExhaustive(t *testing.T) {
	n := 0
	for _, spec := range testSpecs() {
		for k, cfg := range testConfigs(spec.Meta()) {
			if testing.Short() && k%4 != 0 {
				continue
			}
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				continue
			}
			opt := Options{NoPOR: true, Checks: safetyChecks, MaxStates: 20000}
			if spec.Meta().Invariant != nil {
				opt.Checks.Invariant = spec.Meta().Invariant
			}
			full := Explore(s0, opt)
			if !full.Complete() {
				continue
			}
			opt.Bitstate = 1 << 20
			bs := Explore(s0, opt)
			if bs.States != full.States || bs.Transitions != full.Transitions || bs.Final != full.Final ||
				!slices.Equal(violationSet(bs), violationSet(full)) {
				t.Errorf("%s %s: bitstate %d states %d transitions %d final %v; exhaustive %d %d %d %v", spec.Meta().Name, cfg,
					bs.States, bs.Transitions, bs.Final, violationSet(bs), full.States, full.Transitions, full.Final, violationSet(full))
			}
			if bs.Complete() || bs.Incomplete != Bitstate || bs.Bitstate == nil || bs.Bitstate.ExpectedOmitted > 0.01 {
				t.Errorf("%s %s: bitstate result incomplete %q, stats %+v", spec.Meta().Name, cfg, bs.Incomplete, bs.Bitstate)
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("only %d searches compared", n)
	}
}

// TestBitstateSmallArrayMisses: an array too small for the states loses
// some (fewer stored than the exhaustive search's), expects to, and says
// the result is no proof.
func TestBitstateSmallArrayMisses(t *testing.T) {
	s0 := crDesc(t, 6)
	full := Explore(s0, Options{NoPOR: true, Checks: safetyChecks})
	bs := Explore(s0, Options{NoPOR: true, Checks: safetyChecks, Bitstate: 1 << 10})
	if bs.States >= full.States {
		t.Errorf("1 KiB bitstate stored %d states, the exhaustive search %d", bs.States, full.States)
	}
	st := bs.Bitstate
	if st == nil || st.Bits != 8192 || st.Hashes != DefaultBitstateHashes || st.ExpectedOmitted < 1 || st.Coverage >= 1 {
		t.Errorf("stats %+v", st)
	}
	if v := bs.Verdict(); !strings.Contains(v, "not a proof") {
		t.Errorf("verdict %q", v)
	}
}

// TestExpectedOmitted: the estimate is the number of random keys a
// bitstate table takes for visited (a simulation over 20 seeds agrees
// within 3 standard errors), and Simpson's rule agrees with the exact sum.
// The comparison can fail: the estimate with one hash fewer is refuted.
func TestExpectedOmitted(t *testing.T) {
	const bitsN, keys, seeds = 1 << 16, 12000, 20
	seen := 0
	for s := range seeds {
		b := newBitTable(bitsN/8, 3)
		r := rand.New(rand.NewPCG(uint64(s), 7))
		for range keys {
			if b.testAndSet(r.Uint64()) {
				seen++
			}
		}
	}
	got := float64(seen) / seeds
	// Each key taken for visited is not stored: the estimate from the
	// keys stored (keys − got) is what the search would report.
	want := omittedAmong(int64(keys-got), bitsN, 3)
	se := math.Sqrt(want / seeds)
	if math.Abs(got-want) > 3*se {
		t.Errorf("simulated %.1f keys taken for visited, estimate %.1f (se %.1f)", got, want, se)
	}
	// Summing over the stored states only (the keys taken for visited
	// left out of the bits' fill) is refuted.
	if wrong := expectedOmitted(int64(keys-got), bitsN, 3); math.Abs(got-wrong) <= 3*se {
		t.Errorf("the estimate over the stored states alone (%.1f) is not refuted by %.1f", wrong, got)
	}
	exact := 0.0
	const n, m = 300000, 1 << 22
	for i := range n {
		exact += math.Pow(-math.Expm1(-3*float64(i)/m), 3)
	}
	if approx := expectedOmitted(n, m, 3); math.Abs(approx-exact) > 1e-4*exact {
		t.Errorf("Simpson %.6g, exact sum %.6g", approx, exact)
	}
}

// TestBitstateRefused: the searches a bitstate array cannot serve are
// refused with the reason, before any work.
func TestBitstateRefused(t *testing.T) {
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{Bitstate: 1 << 10, Checks: safetyChecks}, "sleep-set reduction"},
		{Options{Bitstate: 1 << 10, BFS: true, Checks: safetyChecks}, "breadth-first"},
		{Options{Bitstate: 1 << 10, NoPOR: true}, "termination"},
		{Options{Bitstate: 1 << 10, NoPOR: true, Checks: safetyChecks, Shards: 2}, "shard"},
		{Options{Bitstate: 4, NoPOR: true, Checks: safetyChecks}, "at least 8"},
	} {
		r := Explore(crDesc(t, 3), c.opt)
		if r.Err == nil || !strings.Contains(r.Err.Error(), c.want) || r.Complete() || r.Transitions != 0 {
			t.Errorf("%+v: err %v (want %q), %d transitions", c.opt, r.Err, c.want, r.Transitions)
		}
	}
}
