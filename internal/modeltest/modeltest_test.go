package modeltest_test

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Error(args ...any)         { r.errs = append(r.errs, fmt.Sprint(args...)) }
func (r *recorder) Errorf(f string, a ...any) { r.errs = append(r.errs, fmt.Sprintf(f, a...)) }

// ValidateClaims reports a malformed claim, a variant that does not
// parse and a spec with no claim, and nothing for a well-formed claim.
func TestValidateClaimsCatches(t *testing.T) {
	good := claim.Claim{ID: "ok", Source: "s", Says: "says", NotModelled: "why"}
	noSource := claim.Claim{ID: "bad", Says: "says", NotModelled: "why"}
	badVariant := good
	badVariant.ID, badVariant.Variants = "var", []string{"no-such-reading"}
	for _, tc := range []struct {
		claim claim.Claim
		want  int
	}{{good, 0}, {noSource, 1}, {badVariant, 1}} {
		spec := &model.Algorithm[struct{}]{Info: model.Info{Name: "x"}}
		r := &recorder{TB: t}
		modeltest.ValidateClaims(r, claim.Entry{Spec: spec, Claims: []claim.Claim{tc.claim}})
		if len(r.errs) != tc.want {
			t.Errorf("claim %s: %d errors %q, want %d", tc.claim.ID, len(r.errs), r.errs, tc.want)
		}
	}
	r := &recorder{TB: t}
	modeltest.ValidateClaims(r, claim.Entry{Spec: &model.Algorithm[struct{}]{Info: model.Info{Name: "x"}}})
	if len(r.errs) != 1 {
		t.Errorf("no claim: %d errors %q, want 1", len(r.errs), r.errs)
	}
}

// CrashSets enumerates every crash subset of the pool in mask order and
// skips those with too few live; Subsets lists every non-empty subset.
func TestCrashSetsAndSubsets(t *testing.T) {
	var got []string
	modeltest.CrashSets(modeltest.IDs(1, 2, 3), modeltest.IDs(9), 2, func(crashed, live []model.ID) {
		got = append(got, fmt.Sprint(crashed, live))
	})
	if want := "[[9] [1 2 3] [9 1] [2 3] [9 2] [1 3] [9 3] [1 2]]"; fmt.Sprint(got) != want {
		t.Errorf("CrashSets: %v, want %s", got, want)
	}
	if got, want := fmt.Sprint(modeltest.Subsets(modeltest.IDs(1, 2))), "[[1] [2] [1 2]]"; got != want {
		t.Errorf("Subsets: %s, want %s", got, want)
	}
}

// simOf is an algorithm whose fast simulator is another's: a simulator
// that has drifted from the World.
type simOf struct {
	model.Spec
	sim model.Spec
}

func (s simOf) NewSim(cfg *model.Config) (model.Simulator, error) { return s.sim.NewSim(cfg) }

// SimMatchesWorld can fail: a simulator that runs the broken toy beside
// the fixed toy's World is reported; the fixed toy's own is not.
func TestSimMatchesWorldCatches(t *testing.T) {
	fixed, broken := modeltest.ToyMax("toymax", false), modeltest.ToyMax("toymax", true)
	cfg := &model.Config{IDs: modeltest.IDs(3, 1, 4, 2)}
	r := &recorder{TB: t}
	modeltest.SimMatchesWorld(r, fixed, cfg)
	if len(r.errs) != 0 {
		t.Fatalf("the toy's own simulator: %q", r.errs)
	}
	r = &recorder{TB: t}
	modeltest.SimMatchesWorld(r, simOf{Spec: fixed, sim: broken}, cfg)
	if len(r.errs) == 0 {
		t.Error("a simulator of another algorithm matches the World")
	}
}
