package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"
)

// toyFixed and toyBroken are a user's algorithm, unknown to electlab:
// max-finding on a unidirectional ring (modeltest.ToyMax). The broken
// variant (a different name) also forwards the id just below its own, so
// the second-highest id can come back home too.
var (
	toyFixed  = claim.Entry{Spec: modeltest.ToyMax("toymax", false)}
	toyBroken = claim.Entry{Spec: modeltest.ToyMax("toybroken", true)}
)

// TestMainExtra: the commands know a user's algorithms passed to Main —
// list, run, explore, fit, check (which catches the broken one and writes a
// trace), replay and shrink of that trace — and only for that call.
func TestMainExtra(t *testing.T) {
	dir := t.TempDir()
	want := func(code int, args ...string) string {
		t.Helper()
		got, stdout, stderr := run(args, toyFixed, toyBroken)
		if got != code {
			t.Fatalf("%s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), got, code, stdout, stderr)
		}
		return stdout
	}
	if out := want(0, "list"); !strings.Contains(out, "toymax") || !strings.Contains(out, "toybroken") || !strings.Contains(out, "changroberts") {
		t.Errorf("list leaves out the extra algorithms or electlab's own:\n%s", out)
	}
	if out := want(0, "run", "-algo", "toymax", "-n", "5"); !strings.Contains(out, "leader") {
		t.Errorf("run -algo toymax:\n%s", out)
	}
	want(0, "explore", "-algo", "toymax", "-n", "4")
	// fit finds the minimum's formula (status 4: not the maximum's,
	// n(n+1)/2, whose degree 2 needs one size more than 2..5).
	if out := want(4, "fit", "-algo", "toymax", "-n", "2..5"); !strings.Contains(out, "min sends = 2n - 1") || !strings.Contains(out, "too few sizes for degree >= 2") {
		t.Errorf("fit -algo toymax:\n%s", out)
	}
	want(1, "explore", "-algo", "toybroken", "-n", "3", "-out", t.TempDir())
	want(0, "check", "-algo", "toymax", "-n", "5", "-schedules", "50", "-out", filepath.Join(dir, "fixed"))
	want(1, "check", "-algo", "toybroken", "-n", "4", "-schedules", "200", "-out", dir)
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("check wrote no trace to %s (%v)", dir, entries)
	}
	if out := want(0, "replay", files[0]); !strings.Contains(out, "toybroken") {
		t.Errorf("replay of the trace:\n%s", out)
	}
	want(0, "shrink", files[0], "-o", filepath.Join(dir, "shrunk.txt"))

	// Only for that call: without the extras the name is unknown.
	if code, _, stderr := run([]string{"run", "-algo", "toymax", "-n", "3"}); code != 2 || !strings.Contains(stderr, `unknown algorithm "toymax"`) {
		t.Errorf("run -algo toymax without the extra algorithm: status %d, %s", code, stderr)
	}
}

// TestMainExtraBadInput: a nil algorithm or a name already taken is bad
// input (exit status 2) naming the problem.
func TestMainExtraBadInput(t *testing.T) {
	clash := claim.Entry{Spec: modeltest.ToyMax("changroberts", false)}
	for _, c := range []struct {
		extra []claim.Entry
		want  string
	}{
		{[]claim.Entry{{}}, "extra algorithm 1 is nil"},
		{[]claim.Entry{clash}, `name "changroberts" is empty or already taken`},
		{[]claim.Entry{toyFixed, toyFixed}, `extra algorithm 2: name "toymax" is empty or already taken`},
	} {
		code, _, stderr := run([]string{"list"}, c.extra...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("status %d, stderr %q; want 2 and %q", code, stderr, c.want)
		}
	}
}
