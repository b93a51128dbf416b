package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSpinScriptPick: `make bench-spin` (testdata/spin/run.sh, which needs
// Spin and gcc, so it is not run here) gives each cell the median of REPS
// alternated runs of one tool, and fails when those runs disagree on
// states, transitions or counts. Its pick function, run in bash on
// crafted results: the median by CPU time (field 2), the lower middle of
// an even number, the first run that did not finish, and MISMATCH when the
// runs differ in anything but their CPU time, resident size and pan's
// timings (a pick that compared only the states would miss the
// differing counts below).
func TestSpinScriptPick(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bench-spin's script is bash: ", err)
	}
	src, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "spin", "run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	fn := regexp.MustCompile(`(?ms)^pick\(\) \{\n.*?^\}\n`).Find(src)
	if fn == nil {
		t.Fatal("testdata/spin/run.sh has no pick function")
	}
	// states cpu minS maxS minD maxD unbounded transitions rssKiB
	const a, b, c = "10 0.50 1 2 3 4 0 20 100", "10 0.30 1 2 3 4 0 20 90", "10 0.40 1 2 3 4 0 20 95"
	for _, tc := range []struct {
		runs []string
		want string
	}{
		{[]string{a, b, c}, c},
		{[]string{a, b}, b},
		{[]string{a}, a},
		{[]string{a, "timeout", c}, "timeout"},
		{[]string{a, b, "spin-error"}, "spin-error"},
		{[]string{a, "11 0.30 1 2 3 4 0 20 90"}, "MISMATCH"},                           // states
		{[]string{a, "10 0.30 1 2 3 5 0 20 90", c}, "MISMATCH"},                        // a count
		{[]string{a, "10 0.30 1 2 3 4 1 20 90", c}, "MISMATCH"},                        // unbounded
		{[]string{a, "10 0.30 1 2 3 4 0 21 90"}, "MISMATCH"},                           // transitions
		{[]string{a + " 7.10 0.5", b + " 7.30 0.5", c + " 7.20 0.4"}, c + " 7.20 0.4"}, // pan's extra fields
	} {
		cmd := exec.Command(bash, append([]string{"-c", string(fn) + `pick "$@"`, "pick"}, tc.runs...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("pick %q: %v\n%s", tc.runs, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tc.want {
			t.Errorf("pick %q = %q, want %q", tc.runs, got, tc.want)
		}
	}
}

// TestSpinScriptReps: a REPS that is not a positive number is refused,
// naming it, before anything is installed or run. Only refused values are
// tried, and with a PATH that holds nothing but dirname: were the check
// gone, the script would stop at once, unable to find spin or apt-get,
// instead of installing and running the whole comparison.
func TestSpinScriptReps(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bench-spin's script is bash: ", err)
	}
	dirname, err := exec.LookPath("dirname")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(dirname, filepath.Join(bin, "dirname")); err != nil {
		t.Fatal(err)
	}
	for _, reps := range []string{"0", "x", "-1", "1.5"} {
		cmd := exec.Command(bash, filepath.Join(repoRoot, "testdata", "spin", "run.sh"))
		cmd.Env = []string{"PATH=" + bin, "REPS=" + reps}
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "REPS="+reps) {
			t.Errorf("REPS=%q: %v, %s; want exit status 2 naming it", reps, err, out)
		}
	}
}
