package checktest_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// TestRapidTB: Rapid takes any testing.TB, so a test can assert in-process
// that it fails on the broken toy (with a trace, its replay command and
// the Target's extra arguments) and passes the fixed one.
func TestRapidTB(t *testing.T) {
	checktest.NoFailFile(t)
	dir := t.TempDir()
	tg := toyTarget(toyBroken, dir)
	tg.Args = []string{"-broken", "-note=two words"}
	rec := &recorder{TB: t}
	checktest.Rapid(rec, tg)
	if !rec.failed || !strings.Contains(rec.text(), "[rapid] failed") {
		t.Fatalf("Rapid passed the broken toy:\n%s", rec.text())
	}
	path := tracePath(t, rec.text(), t.Name())
	if want := path + " -broken '-note=two words'\n"; !strings.Contains(rec.text()+"\n", want) {
		t.Errorf("the replay command does not end with the Target's Args %q:\n%s", want, rec.text())
	}
	if n := strings.Count(rec.text(), "trace: "); n != 1 {
		t.Errorf("the failure is reported %d times, want once:\n%s", n, rec.text())
	}
	checktest.Replay(t, toyBroken, path, checktest.StillFails)

	ok := &recorder{TB: t}
	checktest.Rapid(ok, toyTarget(toyFixed, t.TempDir()))
	if ok.failed {
		t.Errorf("Rapid fails the fixed toy:\n%s", ok.text())
	}
}

// TestCommandOf: a Target's Command makes the printed command; Args are
// appended to the go test command only (the default, or GoTestCommand
// set), never to a program's replay (CommandOf), which does not take the
// test's flags.
func TestCommandOf(t *testing.T) {
	for _, c := range []struct {
		command func(test, path string) string
		want    *regexp.Regexp
	}{
		{checktest.CommandOf("go run ./cmd/toy"), regexp.MustCompile(`(?m)replay: go run ./cmd/toy replay \S+\.json$`)},
		{checktest.GoTestCommand, regexp.MustCompile(`(?m)replay: go test -run \S+ -electlab.replay=\S+\.json -render mermaid$`)},
		{nil, regexp.MustCompile(`(?m)replay: go test -run \S+ -electlab.replay=\S+\.json -render mermaid$`)},
	} {
		tg := toyTarget(toyBroken, t.TempDir())
		tg.Command = c.command
		tg.Args = []string{"-render", "mermaid"}
		rec := &recorder{TB: t}
		checktest.Explore(rec, tg)
		if !c.want.MatchString(rec.text()) {
			t.Errorf("want a replay command matching %s:\n%s", c.want, rec.text())
		}
	}
}

// claimed is the toy with claims declared as data: HS-style behaviour
// claims, a bound of n(n+1)/2 sends (the toy's worst case, so it holds),
// a second bound of n sends (which it breaks), and a growth claim.
func claimed(spec *model.Algorithm[modeltest.ToyMaxState]) claim.Entry {
	st := []claim.Setting{asyncFIFO}
	return claim.Entry{Spec: spec, Claims: []claim.Claim{
		{ID: "T-1", Says: "one leader, the highest", Kind: claim.Behaviour, Props: model.Safety | model.Validity, NMin: 2, NMax: 4, Settings: st},
		{ID: "T-2", Says: "all agree, and terminate", Kind: claim.Behaviour, Props: model.Agreement | model.Termination, NMin: 2, NMax: 4, Settings: st,
			Custom: func(s model.System) error { return nil }},
		{ID: "T-3", Says: "at most n(n+1)/2 messages", Kind: claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
			Formula: func(p claim.Params) claim.Rat { return claim.RatInt(worstSends(int64(p.N))) }, FormulaText: "n(n+1)/2", NMin: 2, NMax: 4, Settings: st},
		{ID: "T-4", Says: "at most n messages", Kind: claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
			Formula: func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N)) }, FormulaText: "n", NMin: 2, NMax: 4, Settings: st},
		{ID: "T-5", Says: "quadratic", Kind: claim.Growth, Quantity: claim.Messages, Accounting: model.P2P, Order: 2, NMin: 2, NMax: 4, Settings: st},
	}}
}

// TestClaimChecks: the checks built from the claims pass the fixed toy,
// catch the broken one (a behaviour claim) and a bound claim it breaks,
// and bad ids are errors naming the problem.
func TestClaimChecks(t *testing.T) {
	fixed, broken := claimed(toyFixed), claimed(toyBroken)
	ch, err := checktest.ClaimChecks(fixed, "T-1", "T-2", "T-3")
	if err != nil {
		t.Fatal(err)
	}
	if want := model.Safety | model.Validity | model.Agreement | model.Termination; ch.Props != want || ch.Bound == nil || ch.Custom == nil {
		t.Errorf("ClaimChecks = %+v, want props %v, a bound (T-3's) and a custom check", ch, want)
	}
	explore := func(spec model.Spec, ch checker.Checks) string {
		tg := toyTarget(spec, t.TempDir())
		tg.NMax, tg.Checks = 4, ch
		rec := &recorder{TB: t}
		checktest.Explore(rec, tg)
		return rec.text()
	}
	if out := explore(fixed, ch); out != "" {
		t.Errorf("the claims' checks fail the fixed toy:\n%s", out)
	}
	if out := explore(broken, ch); !strings.Contains(out, "validity violated") {
		t.Errorf("the claims' checks pass the broken toy:\n%s", out)
	}
	tight, err := checktest.ClaimChecks(fixed, "T-4")
	if err != nil {
		t.Fatal(err)
	}
	if out := explore(fixed, tight); !strings.Contains(out, checker.PropBound+" violated") {
		t.Errorf("the bound claim T-4 (n messages) does not catch the toy:\n%s", out)
	}
	for _, c := range []struct {
		spec claim.Entry
		ids  []string
		want string
	}{
		{fixed, nil, "two Bound claims (T-3, T-4)"},
		{fixed, []string{"T-9"}, `has no claim "T-9" (it has T-1, T-2, T-3, T-4, T-5)`},
		{fixed, []string{"T-5"}, "is a growth claim"},
		{claim.Entry{Spec: toyFixed}, nil, "declares no Behaviour or Bound claim"},
		{claim.Entry{}, nil, "nil spec"},
	} {
		if _, err := checktest.ClaimChecks(c.spec, c.ids...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ClaimChecks(%v): error %v, want one containing %q", c.ids, err, c.want)
		}
	}
}

// TestExplorePerConfig: each size's per-configuration results add up to
// the size's, and the size's ranges are their extremes.
func TestExplorePerConfig(t *testing.T) {
	tg := toyTarget(toyFixed, t.TempDir())
	tg.NMax = 4
	for _, sz := range checktest.Explore(t, tg) {
		if len(sz.PerConfig) != sz.Configs {
			t.Fatalf("n=%d: %d per-configuration results, %d configurations", sz.N, len(sz.PerConfig), sz.Configs)
		}
		var states, final int64
		lo, hi := sz.PerConfig[0].Counts.Sends.Min, sz.PerConfig[0].Counts.Sends.Max
		seen := map[string]bool{}
		for _, c := range sz.PerConfig {
			if len(c.Config.IDs) != sz.N || seen[c.Config.String()] {
				t.Errorf("n=%d: configuration %s (size or repeat)", sz.N, c.Config)
			}
			seen[c.Config.String()] = true
			states, final = states+c.States, final+c.Final
			lo, hi = min(lo, c.Counts.Sends.Min), max(hi, c.Counts.Sends.Max)
		}
		if states != sz.States || final != sz.Final || lo != sz.Counts.Sends.Min || hi != sz.Counts.Sends.Max {
			t.Errorf("n=%d: per configuration %d states, %d final, sends %d..%d; the size says %d, %d, %d..%d",
				sz.N, states, final, lo, hi, sz.States, sz.Final, sz.Counts.Sends.Min, sz.Counts.Sends.Max)
		}
	}
}
