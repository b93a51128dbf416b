package checktest_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/cli"
)

// asProgram makes this test binary a user's command built on cli.Main
// with the broken toy among its algorithms (as examples/hsring/cmd/hsring
// is built with hsring's): with it set in the environment, the binary runs
// cli.Main instead of the tests.
const asProgram = "CHECKTEST_AS_PROGRAM"

func TestMain(m *testing.M) {
	if os.Getenv(asProgram) == "1" {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr, claim.Entry{Spec: toyBroken}))
	}
	os.Exit(m.Run())
}

// TestCommandOfRuns: with Target.Command = CommandOf(PROG) and the test's
// own flags in Target.Args, a failure prints `PROG replay PATH` without
// those flags (PROG does not take them), and that command, run as
// printed, replays the trace.
func TestCommandOfRuns(t *testing.T) {
	prog := os.Args[0]
	if strings.ContainsAny(prog, " \t'\"$`\\") {
		t.Skipf("test binary path %q needs quoting", prog)
	}
	tg := toyTarget(toyBroken, t.TempDir())
	tg.Command = checktest.CommandOf(prog)
	tg.Args = []string{"-broken"}
	rec := &recorder{TB: t}
	checktest.Explore(rec, tg)
	m := regexp.MustCompile(`(?m)replay: (.*)$`).FindStringSubmatch(rec.text())
	if m == nil {
		t.Fatalf("the failure prints no replay command:\n%s", rec.text())
	}
	if !strings.HasPrefix(m[1], prog+" replay ") || !strings.HasSuffix(m[1], ".json") {
		t.Errorf("replay command %q: want %s replay PATH, nothing after the path", m[1], prog)
	}
	cmd := exec.Command("sh", "-c", m[1])
	cmd.Env = append(os.Environ(), asProgram+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "replayed exactly") {
		t.Errorf("%s: %v, want the trace replayed:\n%s", m[1], err, out)
	}
}
