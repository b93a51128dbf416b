package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// asProgram makes this test binary a user's program built on Main (as
// examples/hsring/cmd/hsring is): with it set in the environment, the
// binary runs Main with the toy algorithms instead of the tests.
const asProgram = "ELECTLAB_CLI_TEST_PROGRAM"

func TestMain(m *testing.M) {
	if os.Getenv(asProgram) == "1" {
		os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr, toyFixed, toyBroken))
	}
	os.Exit(m.Run())
}

// runProgram runs sh -c command with this binary acting as the user's
// program and returns its exit status and output.
func runProgram(t *testing.T, command string) (int, string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	cmd.Env = append(os.Environ(), asProgram+"=1")
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

// TestOwnProgramReplays: check, explore and shrink run through a user's
// own program (Main with algorithms of the user's) print a replay command
// that names that program, not stock electlab (which does not know the
// algorithm), and that command, run as printed, replays the trace.
func TestOwnProgramReplays(t *testing.T) {
	dir := t.TempDir()
	self := shellQuoteTest(os.Args[0])
	replayWith := regexp.MustCompile(`replay with: (.*)\)\n`)
	for _, c := range []struct{ name, args string }{
		{"check", "check -algo toybroken -n 4 -schedules 200 -out " + filepath.Join(dir, "check")},
		{"explore", "explore -algo toybroken -n 3 -out " + filepath.Join(dir, "explore")},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out := runProgram(t, self+" "+c.args)
			if code != 1 {
				t.Fatalf("%s: exit status %d, want 1 (a violation)\n%s", c.args, code, out)
			}
			m := replayWith.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("%s prints no replay command:\n%s", c.args, out)
			}
			if !strings.HasPrefix(m[1], self+" replay ") {
				t.Errorf("the replay command %q does not name the program that wrote the trace (%s)", m[1], self)
			}
			code, rout := runProgram(t, m[1])
			if code != 0 || !strings.Contains(rout, "toybroken") || !strings.Contains(rout, "replayed exactly") {
				t.Fatalf("%s: exit status %d, want 0 and the trace replayed\n%s", m[1], code, rout)
			}
			// shrink's replay command too.
			trace := strings.TrimPrefix(m[1], self+" replay ")
			code, sout := runProgram(t, self+" shrink "+trace+" -o "+filepath.Join(dir, c.name+"-shrunk.json"))
			m = replayWith.FindStringSubmatch(sout)
			if code != 0 || m == nil {
				t.Fatalf("shrink %s: exit status %d, no replay command\n%s", trace, code, sout)
			}
			if code, rout := runProgram(t, m[1]); code != 0 || !strings.Contains(rout, "replayed exactly") {
				t.Errorf("%s: exit status %d, want 0 and the trace replayed\n%s", m[1], code, rout)
			}
		})
	}
	// Without algorithms of the user's, the command is electlab's own.
	code, out, _ := run([]string{"explore", "-algo", "lelann", "-ids", "3,1,2", "-net", "unordered", "-out", filepath.Join(dir, "own")})
	if code != 1 || !strings.Contains(out, "replay with: electlab replay ") {
		t.Errorf("explore of electlab's lelann: status %d, want 1 and `electlab replay`:\n%s", code, out)
	}
}

// shellQuoteTest quotes s for sh when it needs it.
func shellQuoteTest(s string) string {
	if strings.ContainsAny(s, " \t'\"$`\\") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// TestProgramName: the program a replay command names is os.Args[0] as
// typed, except go run's temporary binary: `go run PACKAGE` then.
func TestProgramName(t *testing.T) {
	for _, c := range []struct{ arg0, pkg, want string }{
		{"flood", "example.com/flood/cmd/flood", "flood"},
		{"./bin/flood", "example.com/flood/cmd/flood", "./bin/flood"},
		{"/usr/local/bin/flood", "example.com/flood/cmd/flood", "/usr/local/bin/flood"},
		{"/tmp/go-build1234/b001/exe/flood", "example.com/flood/cmd/flood", "go run example.com/flood/cmd/flood"},
		{"/tmp/go-build1234/b001/exe/main", "command-line-arguments", "main"},
		{"/root/.cache/go-build/79/79176d1a82d6-d/flood", "example.com/flood/cmd/flood", "go run example.com/flood/cmd/flood"},
		{"/tmp/go-build1234/b001/flood.test", "example.com/flood.test", "/tmp/go-build1234/b001/flood.test"},
		{"/home/me/my tools/flood", "x", "'/home/me/my tools/flood'"},
		{"", "", "electlab"},
	} {
		if got := programName(c.arg0, c.pkg); got != c.want {
			t.Errorf("programName(%q, %q) = %q, want %q", c.arg0, c.pkg, got, c.want)
		}
	}
	// A build cache set by GOCACHE, whatever its name (CI's clean cache).
	t.Setenv("GOCACHE", "/tmp/ci-cache")
	for _, c := range []struct{ arg0, want string }{
		{"/tmp/ci-cache/d4/d46e82cf-d/flood", "go run example.com/flood/cmd/flood"},
		{"/tmp/ci-cache-other/flood", "/tmp/ci-cache-other/flood"},
		{"/tmp/flood", "/tmp/flood"},
	} {
		if got := programName(c.arg0, "example.com/flood/cmd/flood"); got != c.want {
			t.Errorf("with GOCACHE=/tmp/ci-cache: programName(%q) = %q, want %q", c.arg0, got, c.want)
		}
	}
}
