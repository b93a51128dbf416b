package checktest_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/model"
)

// recorder is a testing.TB that records failures instead of failing the
// test, so a test can check that the kit fails on a broken algorithm. Its
// Fatal does not stop the caller: the kit returns after every Fatal.
type recorder struct {
	testing.TB
	msgs   []string
	failed bool
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}
func (r *recorder) Error(args ...any)                 { r.Errorf("%s", fmt.Sprint(args...)) }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...) }
func (r *recorder) Failed() bool                      { return r.failed }
func (r *recorder) text() string                      { return strings.Join(r.msgs, "\n") }

// tracePath returns the path after "trace: " in the kit's report, and
// checks that the report names the replay command for it.
func tracePath(t *testing.T, report, test string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*trace: (\S+)$`).FindStringSubmatch(report)
	if m == nil {
		t.Fatalf("the report names no trace:\n%s", report)
	}
	path := m[1]
	want := fmt.Sprintf("replay: go test -run '^%s$' -electlab.replay=%s", test, path)
	if !strings.Contains(report, want) {
		t.Fatalf("the report does not say %q:\n%s", want, report)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the trace the report names: %v", err)
	}
	return path
}

func TestRapidPassesFixed(t *testing.T) {
	tg := toyTarget(toyFixed, t.TempDir())
	tg.Bound = withinWorst
	checktest.Rapid(t, tg)
}

// TestExploreExactCounts: the exhaustive search of the fixed toy passes,
// with the bound, and its exact min/max sends are the textbook ones: n (the
// highest process initiates alone) and n(n+1)/2.
func TestExploreExactCounts(t *testing.T) {
	tg := toyTarget(toyFixed, t.TempDir())
	tg.NMax = 4
	tg.Bound = withinWorst
	sizes := checktest.Explore(t, tg)
	if len(sizes) != 3 {
		t.Fatalf("Explore returned %d sizes, want 3 (n=2..4)", len(sizes))
	}
	for _, sz := range sizes {
		n := int64(sz.N)
		if sz.Configs == 0 || sz.Final == 0 {
			t.Errorf("n=%d: %d configurations, %d quiescent states: nothing judged", sz.N, sz.Configs, sz.Final)
		}
		if got := sz.Counts.Sends; got.Min != n || got.Max != worstSends(n) {
			t.Errorf("n=%d: sends %d..%d, want %d..%d", sz.N, got.Min, got.Max, n, worstSends(n))
		}
	}
}

// TestExploreCatchesBroken: the exhaustive search finds the off-by-one,
// writes a minimal trace and prints its replay command; the trace still
// fails with the broken toy and passes with the fixed one.
func TestExploreCatchesBroken(t *testing.T) {
	dir := t.TempDir()
	rec := &recorder{TB: t}
	checktest.Explore(rec, toyTarget(toyBroken, dir))
	if !rec.failed || strings.Contains(rec.text(), "cap reached") {
		t.Fatalf("Explore did not report a violation of the broken toy:\n%s", rec.text())
	}
	path := tracePath(t, rec.text(), t.Name())
	if filepath.Dir(path) != dir || filepath.Base(path) != checktest.FileName(t.Name()) {
		t.Errorf("trace written to %s, want %s", path, filepath.Join(dir, checktest.FileName(t.Name())))
	}
	x := checktest.Replay(t, toyBroken, path, checktest.StillFails)
	if x == nil || x.Violation == nil {
		t.Fatalf("Replay StillFails returned %v", x)
	}
	checktest.Replay(t, toyFixed, path, checktest.NowPasses)
	// The opposite assertions fail.
	for _, c := range []struct {
		name string
		want checktest.Want
		ok   bool
	}{{"broken", checktest.NowPasses, false}, {"fixed", checktest.StillFails, false}} {
		spec := toyBroken
		if c.name == "fixed" {
			spec = toyFixed
		}
		r := &recorder{TB: t}
		checktest.Replay(r, spec, path, c.want)
		if !r.failed {
			t.Errorf("Replay(%s, %s) passed", c.name, c.want)
		}
	}
}

// TestExploreCatchesBound: a bound the toy exceeds (n messages) is caught
// as a bound violation; its trace replays with the Target (package Replay
// refuses it: it does not know the bound).
func TestExploreCatchesBound(t *testing.T) {
	tg := toyTarget(toyFixed, t.TempDir())
	tg.NMax = 3
	tg.Bound = linear
	rec := &recorder{TB: t}
	checktest.Explore(rec, tg)
	if !strings.Contains(rec.text(), checker.PropBound+" violated") {
		t.Fatalf("Explore did not report the bound:\n%s", rec.text())
	}
	path := tracePath(t, rec.text(), t.Name())
	tg.Replay(t, path, checktest.StillFails)
	tg.Bound = withinWorst
	tg.Replay(t, path, checktest.NowPasses)
	r := &recorder{TB: t}
	checktest.Replay(r, toyFixed, path, checktest.StillFails)
	if !strings.Contains(r.text(), "Target") {
		t.Errorf("package Replay of a bound violation: %q", r.text())
	}
}

// TestExploreCapReached: a search cut by MaxStates fails as "cap reached",
// not as a violation, and writes no trace.
func TestExploreCapReached(t *testing.T) {
	dir := t.TempDir()
	tg := toyTarget(toyFixed, dir)
	tg.MaxStates = 3
	rec := &recorder{TB: t}
	if sizes := checktest.Explore(rec, tg); len(sizes) != 0 {
		t.Errorf("Explore returned %d sizes", len(sizes))
	}
	if !rec.failed || !strings.Contains(rec.text(), "cap reached") || strings.Contains(rec.text(), "violated") {
		t.Errorf("want a cap-reached failure, got:\n%s", rec.text())
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a cap reached wrote %d files", len(files))
	}
}

// Helpers run in a child process by the tests below (rapid and testing.F
// need a real test to fail).

func TestHelperRapidBroken(t *testing.T) {
	dir := os.Getenv("CHECKTEST_DIR")
	if dir == "" {
		t.Skip("run by TestRapidCatchesBroken")
	}
	tg := toyTarget(helperSpec(), dir)
	if os.Getenv("CHECKTEST_CAP") != "" {
		tg.MaxSteps = 2
	}
	if os.Getenv("CHECKTEST_LINEAR") != "" {
		tg.Bound = linear
	}
	checktest.Rapid(t, tg)
}

// helperSpec is the toy the helpers check: the broken one, or the fixed
// one when CHECKTEST_FIXED is set.
func helperSpec() model.Spec {
	if os.Getenv("CHECKTEST_FIXED") != "" {
		return toyFixed
	}
	return toyBroken
}

func FuzzHelperBroken(f *testing.F) {
	dir := os.Getenv("CHECKTEST_DIR")
	if dir == "" {
		f.Skip("run by TestFuzzCatchesBroken")
	}
	checktest.Fuzz(f, toyTarget(helperSpec(), dir))
}

// child runs this test binary on the test named test with args, the trace
// directory dir, and returns its output and whether it failed.
func child(t *testing.T, test, dir string, fixed bool, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^" + test + "$", "-test.v", "-rapid.nofailfile"}, args...)...)
	cmd.Env = append(os.Environ(), "CHECKTEST_DIR="+dir)
	if fixed {
		cmd.Env = append(cmd.Env, "CHECKTEST_FIXED=1")
	}
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return string(out), err != nil
}

// TestRapidCatchesBroken: Rapid fails on the broken toy with a trace and
// its replay command; that command (the test with -electlab.replay) shows
// the trace and fails; Replay agrees.
func TestRapidCatchesBroken(t *testing.T) {
	dir := t.TempDir()
	out, failed := child(t, "TestHelperRapidBroken", dir, false, "-rapid.checks=50")
	if !failed || !strings.Contains(out, "[rapid] failed") {
		t.Fatalf("Rapid passed the broken toy:\n%s", out)
	}
	path := tracePath(t, out, "TestHelperRapidBroken")
	checktest.Replay(t, toyBroken, path, checktest.StillFails)
	checktest.Replay(t, toyFixed, path, checktest.NowPasses)
	out, failed = child(t, "TestHelperRapidBroken", dir, false, "-electlab.replay="+path)
	if !failed || !strings.Contains(out, "still fails") || !strings.Contains(out, "replays exactly") || strings.Contains(out, "[rapid]") {
		t.Errorf("-electlab.replay did not replay the failing trace:\n%s", out)
	}
	// The rendering: one line per event.
	if !strings.Contains(out, "deliver") {
		t.Errorf("-electlab.replay printed no rendering:\n%s", out)
	}
	out, failed = child(t, "TestHelperRapidBroken", dir, true, "-electlab.replay="+path)
	if failed || !strings.Contains(out, "now passes") || strings.Contains(out, "[rapid]") {
		t.Errorf("-electlab.replay of the fixed toy did not pass:\n%s", out)
	}
}

// TestRapidCatchesBound: Rapid checks the user's bound on the fixed toy:
// a bound of n messages is exceeded as soon as another process than the
// highest initiates (the highest id's message alone makes n hops); the
// trace replays with the Target.
func TestRapidCatchesBound(t *testing.T) {
	t.Setenv("CHECKTEST_LINEAR", "1")
	dir := t.TempDir()
	out, failed := child(t, "TestHelperRapidBroken", dir, true, "-rapid.checks=100")
	if !failed || !strings.Contains(out, checker.PropBound+" violated at the end") {
		t.Fatalf("Rapid did not catch the bound:\n%s", out)
	}
	path := tracePath(t, out, "TestHelperRapidBroken")
	tg := toyTarget(toyFixed, dir)
	tg.Bound = linear
	tg.Replay(t, path, checktest.StillFails)
}

// TestRapidAllCapped: when every run stops at the cap, Rapid judged
// nothing at the end and fails, saying so (not as a violation).
func TestRapidAllCapped(t *testing.T) {
	t.Setenv("CHECKTEST_CAP", "1")
	dir := t.TempDir()
	out, failed := child(t, "TestHelperRapidBroken", dir, true, "-rapid.checks=20")
	if !failed || !strings.Contains(out, "none of the 20 runs reached quiescence (20 stopped by a cap)") || strings.Contains(out, "violated") {
		t.Errorf("Rapid with every run capped:\n%s", out)
	}
}

// TestFuzzCatchesBroken: the fuzz target's seed corpus already catches the
// broken toy (go test without -fuzz), with a trace whose replay command
// reruns the fuzz test.
func TestFuzzCatchesBroken(t *testing.T) {
	dir := t.TempDir()
	out, failed := child(t, "FuzzHelperBroken", dir, false)
	if !failed {
		t.Fatalf("Fuzz passed the broken toy:\n%s", out)
	}
	path := tracePath(t, out, "FuzzHelperBroken")
	checktest.Replay(t, toyBroken, path, checktest.StillFails)
	out, failed = child(t, "FuzzHelperBroken", dir, false, "-electlab.replay="+path)
	if !failed || !strings.Contains(out, "still fails") {
		t.Errorf("-electlab.replay did not replay the failing trace:\n%s", out)
	}
	out, failed = child(t, "FuzzHelperBroken", dir, true, "-electlab.replay="+path)
	if failed || !strings.Contains(out, "now passes") {
		t.Errorf("-electlab.replay of the fixed toy did not pass:\n%s", out)
	}
	// The fixed toy passes the seed corpus.
	if out, failed = child(t, "FuzzHelperBroken", t.TempDir(), true); failed {
		t.Errorf("Fuzz fails the fixed toy:\n%s", out)
	}
}

// TestSecondFailureKeepsFirstTrace: two calls failing in one test write
// two traces (NAME.json, NAME-2.json); neither overwrites the other.
func TestSecondFailureKeepsFirstTrace(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for range 2 {
		rec := &recorder{TB: t}
		checktest.Explore(rec, toyTarget(toyBroken, dir))
		paths = append(paths, tracePath(t, rec.text(), t.Name()))
	}
	want := []string{filepath.Join(dir, t.Name()+".json"), filepath.Join(dir, t.Name()+"-2.json")}
	if paths[0] != want[0] || paths[1] != want[1] {
		t.Errorf("trace paths %q, want %q", paths, want)
	}
}

// TestBadInput: a target that cannot run and a trace that cannot be read
// fail with an error naming the problem; nothing panics.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "electlab-trace/1", "algorithm": `), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func(testing.TB)
		want string
	}{
		{"nil spec", func(tb testing.TB) { checktest.Explore(tb, checktest.Target{NMin: 2, NMax: 3}) }, "Target.Spec is nil"},
		{"sizes", func(tb testing.TB) { checktest.Explore(tb, checktest.Target{Spec: toyFixed, NMin: 3, NMax: 2}) }, "want 1 <= NMin <= NMax"},
		{"variant", func(tb testing.TB) {
			checktest.Explore(tb, checktest.Target{Spec: toyFixed, NMin: 2, NMax: 2, Variant: "nope"})
		}, `unknown variant "nope"`},
		{"missing trace", func(tb testing.TB) {
			checktest.Replay(tb, toyFixed, filepath.Join(dir, "missing.json"), checktest.StillFails)
		}, "missing.json"},
		{"truncated trace", func(tb testing.TB) { checktest.Replay(tb, toyFixed, bad, checktest.StillFails) }, "bad.json"},
		{"nil spec replay", func(tb testing.TB) { checktest.Replay(tb, nil, bad, checktest.StillFails) }, "nil spec"},
	} {
		r := &recorder{TB: t}
		c.run(r)
		if !r.failed || !strings.Contains(r.text(), c.want) {
			t.Errorf("%s: got %q, want an error containing %q", c.name, r.text(), c.want)
		}
	}
}
