package checktest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/model"
)

// TestInteraction runs the toy through every command of the interaction
// language (testdata/interaction/toymax.txt).
func TestInteraction(t *testing.T) {
	checktest.Interaction(t, "testdata/interaction", toyFixed)
}

// TestHelperInteraction runs Interaction on the path in
// CHECKTEST_INTERACTION, in a child process started by
// TestInteractionCanFail (a failing datadriven test must be a real one).
func TestHelperInteraction(t *testing.T) {
	path := os.Getenv("CHECKTEST_INTERACTION")
	if path == "" {
		t.Skip("run by TestInteractionCanFail")
	}
	checktest.Interaction(t, path, toyFixed)
}

// TestInteractionCanFail: an output that differs from the file's by one
// word, a mistake in the file and a path that names no file each fail
// the test with a message naming the file, the line and the problem.
func TestInteractionCanFail(t *testing.T) {
	good, err := os.ReadFile("testdata/interaction/toymax.txt")
	if err != nil {
		t.Fatal(err)
	}
	const outcome = "outcome: leader=3 agreed=true quiescent=true sends=4"
	if !strings.Contains(string(good), outcome) {
		t.Fatalf("testdata/interaction/toymax.txt has no line starting %q", outcome)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name, file string
		want       []string // in the failure's output
	}{
		{"wrong-output", strings.Replace(string(good), outcome, "outcome: leader=2 agreed=true quiescent=true sends=4", 1),
			[]string{"wrong-output.txt:", "output didn't match expected", "-outcome: leader=2", "+outcome: leader=3"}},
		{"unknown-command", "world algo=toymax ids=1,2\n----\nalgo=toymax ids=1,2 initiators=all timing=async timeouts=accurate net=fifo forwarding=false\n\nfrobnicate\n----\n",
			[]string{"unknown-command.txt:5:", `unknown command "frobnicate"`}},
		{"unknown-algo", "world algo=nosuch ids=1,2\n----\n",
			[]string{"unknown-algo.txt:1:", `unknown algorithm "nosuch" (known: toymax)`}},
		{"bad-arg", "world algo=toymax ids=1,2 tming=sync\n----\n",
			[]string{"bad-arg.txt:1:", "tming: unknown argument"}},
		{"bad-value", "world algo=toymax ids=1,x\n----\n",
			[]string{"bad-value.txt:1:", "ids:"}},
		{"bad-schedule", "world algo=toymax ids=1,2\n----\nalgo=toymax ids=1,2 initiators=all timing=async timeouts=accurate net=fifo forwarding=false\n\nrun schedule=lifo\n----\n",
			[]string{"bad-schedule.txt:5:", `unknown schedule "lifo"`}},
		{"bad-event", "world algo=toymax ids=1,2\n----\nalgo=toymax ids=1,2 initiators=all timing=async timeouts=accurate net=fifo forwarding=false\n\nstep\nleap 1\n----\n",
			[]string{"bad-event.txt:5:", `bad event "leap 1"`}},
		{"before-world", "run\n----\n",
			[]string{"before-world.txt:1:", "run before world"}},
		{"stray-argument", "world algo=toymax ids=1,2\n----\nalgo=toymax ids=1,2 initiators=all timing=async timeouts=accurate net=fifo forwarding=false\n\nstate full\n----\n",
			[]string{"stray-argument.txt:5:", "state takes no arguments"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".txt")
			if err := os.WriteFile(path, []byte(c.file), 0o644); err != nil {
				t.Fatal(err)
			}
			out, failed := interactionChild(t, path)
			if !failed {
				t.Fatalf("Interaction passed %s:\n%s\n%s", c.name, c.file, out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("the failure does not say %q:\n%s", w, out)
				}
			}
		})
	}
	t.Run("no-file", func(t *testing.T) {
		out, failed := interactionChild(t, filepath.Join(dir, "*.nosuch"))
		if !failed || !strings.Contains(out, "names no file") {
			t.Errorf("a path that names no file: failed=%v:\n%s", failed, out)
		}
	})
	t.Run("same-name", func(t *testing.T) {
		rec := &recorder{TB: t}
		env := checktest.NewInteractionEnv(toyFixed, toyFixed)
		datadriven.RunTestFromStringAny(rec, "world algo=toymax ids=1,2\n----\n", env.Handle)
		if !strings.Contains(rec.text(), `name "toymax" is empty or already taken`) {
			t.Errorf("two algorithms called toymax: %q", rec.text())
		}
	})
}

// interactionChild runs TestHelperInteraction on path in a child process
// and returns its output and whether it failed.
func interactionChild(t *testing.T, path string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperInteraction$", "-test.v")
	cmd.Env = append(os.Environ(), "CHECKTEST_INTERACTION="+path)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return string(out), err != nil
}

// TestInteractionEnvOwnCommand: a test of its own handles its commands
// and passes the others to Handle; NewWorld leaves the keys it names to
// the caller.
func TestInteractionEnvOwnCommand(t *testing.T) {
	env := checktest.NewInteractionEnv(toyFixed)
	var built model.System
	datadriven.RunTestFromString(t, `
world algo=toymax ids=1,3,2
----
algo=toymax ids=1,3,2 initiators=all timing=async timeouts=accurate net=fifo forwarding=false

sized algo=toymax ids=1,2 budget=9
----
2 processes

enabled
----
detect 1
detect 3
detect 2
`, func(t *testing.T, d *datadriven.TestData) string {
		if d.Cmd == "sized" {
			built = env.NewWorld(t, d, "budget")
			return "2 processes"
		}
		return env.Handle(t, d)
	})
	if built == nil || len(built.Config().IDs) != 2 || len(env.System.Config().IDs) != 3 {
		t.Errorf("NewWorld made its world the current one, or none")
	}
}
