package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The interrupt tests run the electlab binary as a child process and send
// it SIGINT (Ctrl-C): every command stops at its next check, prints what
// it has done, marked interrupted, and exits with status 130 (docs/CLI.md,
// "Interrupts and exit statuses"); a second SIGINT exits at once.

// childBinary is the electlab binary the interrupt tests run, built once
// into a temporary directory (removed by TestMain).
var childBinary struct {
	once      sync.Once
	dir, path string
	err       error
	out       []byte
}

// electlabBinary builds the binary on first use and returns its path.
func electlabBinary(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("SIGINT is sent with syscall.Kill")
	}
	childBinary.once.Do(func() {
		childBinary.dir, childBinary.err = os.MkdirTemp("", "electlab-interrupt-")
		if childBinary.err != nil {
			return
		}
		childBinary.path = filepath.Join(childBinary.dir, "electlab")
		cmd := exec.Command("go", "build", "-o", childBinary.path, ".")
		childBinary.out, childBinary.err = cmd.CombinedOutput()
	})
	if childBinary.err != nil {
		t.Fatalf("go build: %v\n%s", childBinary.err, childBinary.out)
	}
	return childBinary.path
}

// removeChildBinary removes the binary built for the interrupt tests.
func removeChildBinary() {
	if childBinary.dir != "" {
		os.RemoveAll(childBinary.dir)
	}
}

// child is a running electlab process; its stderr is read as it comes.
type child struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	mu     sync.Mutex
	stderr strings.Builder
	// wait is started once; finished is closed when it returned.
	waitOnce sync.Once
	finished chan struct{}
}

// startChild starts electlab args in a temporary directory.
func startChild(t *testing.T, args ...string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(electlabBinary(t), args...), finished: make(chan struct{})}
	c.cmd.Dir = t.TempDir()
	c.cmd.Stdout = &c.stdout
	c.cmd.Stderr = stderrWriter{c}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.cmd.Process.Kill()
		<-c.waited()
	})
	return c
}

// stderrWriter collects the child's stderr, safe to read meanwhile.
type stderrWriter struct{ c *child }

func (w stderrWriter) Write(p []byte) (int, error) {
	w.c.mu.Lock()
	defer w.c.mu.Unlock()
	return w.c.stderr.Write(p)
}

// waited is closed once the process has exited (Wait returned).
func (c *child) waited() chan struct{} {
	c.waitOnce.Do(func() {
		go func() {
			c.cmd.Wait()
			close(c.finished)
		}()
	})
	return c.finished
}

// waitStderr waits (up to a minute) for a stderr line containing want: the
// command has started its work.
func (c *child) waitStderr(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		got := strings.Contains(c.stderr.String(), want)
		c.mu.Unlock()
		if got {
			return
		}
		select {
		case <-c.waited():
			t.Fatalf("%s exited before printing %q:\nstdout:\n%s\nstderr:\n%s", c.cmd.Args, want, c.stdout.String(), c.errText())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("%s printed no %q within a minute:\n%s", c.cmd.Args, want, c.errText())
}

func (c *child) errText() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stderr.String()
}

// interrupt sends SIGINT.
func (c *child) interrupt(t *testing.T) {
	t.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
}

// exitWithin waits for the process to exit, at most d (a bound on a
// command that hangs, generous for a loaded machine: the command stops
// at its next check, within about a second), and returns its status.
func (c *child) exitWithin(t *testing.T, d time.Duration) int {
	t.Helper()
	select {
	case <-c.waited():
	case <-time.After(d):
		t.Fatalf("%s still running %v after SIGINT:\n%s", c.cmd.Args, d, c.errText())
	}
	return c.cmd.ProcessState.ExitCode() // -1: killed by the signal
}

// interruptDeadline bounds the exit after SIGINT.
const interruptDeadline = 20 * time.Second

// TestInterrupt: every long command, interrupted once its work has
// started (a progress line on stderr), exits with status 130, prints a
// summary of the work done marked interrupted (stdout, or stderr for
// those whose result is a file) and says so on its last stderr line.
func TestInterrupt(t *testing.T) {
	for _, c := range []struct {
		name  string
		args  []string
		ready string // a stderr line that says the work has started
		// summary is in the output: stdout, or stderr when onErr.
		summary string
		onErr   bool
	}{
		{"run", []string{"run", "-algo", "changroberts", "-n", "100000", "-order", "desc"}, "electlab: run: ", "NOT quiescent: interrupted (not a verdict)", false},
		{"check schedules", []string{"check", "-algo", "bully", "-n", "6", "-schedules", "100000000"}, "electlab: check: ", "interrupted after ", false},
		{"check part", []string{"check", "-algo", "bully", "-n", "6", "-schedules", "100000000", "-part", "1/2"}, "electlab: check: ", "part 1/2: interrupted after ", false},
		{"check one long execution", []string{"check", "-algo", "changroberts", "-n", "20000", "-order", "desc", "-schedules", "1"}, "electlab: check: schedule 1 of 1: ", "interrupted during schedule 1 of 1", false},
		{"explore", []string{"explore", "-algo", "bully", "-n", "6"}, " states (+", "search incomplete: interrupted", false},
		{"fit", []string{"fit", "-algo", "bully", "-n", "2..9"}, " states (+", "interrupted  at n=", false},
		{"fit -mean", []string{"fit", "-algo", "changroberts", "-n", "2..9", "-mean", "-runs", "1000000"}, "electlab: fit: ", "interrupted  at n=", false},
		{"fit prob", []string{"fit", "-algo", "itairodeh-sync", "-variant", "k2", "-timing", "sync", "-n", "3..9", "-counter", "Emin[rounds until elected]"}, "electlab: fit: n=6, building", "interrupted  at n=6", false},
		{"reproduce", []string{"reproduce", "-paper", "000", "-table", "1", "-runs", "1000000"}, "waiting for: reproduce 000 table 1", "interrupted: tables reproduced in full: none", true},
		{"claims", []string{"claims", "-claim", "CR79-AVG"}, "waiting for: CR79-AVG", "interrupted after ", false},
		{"claims, the full report", []string{"claims"}, "electlab: checked ", "rows marked interrupted", true},
		{"claims part", []string{"claims", "-claim", "CR79-AVG", "-part", "1/1"}, "waiting for: CR79-AVG", "part 1/1: interrupted: no part written (not a verdict)", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := startChild(t, c.args...)
			p.waitStderr(t, c.ready)
			p.interrupt(t)
			code := p.exitWithin(t, interruptDeadline)
			stderr := p.errText()
			if code != 130 {
				t.Errorf("exit status %d, want 130\nstdout:\n%s\nstderr:\n%s", code, p.stdout.String(), stderr)
			}
			out := p.stdout.String()
			if c.onErr {
				out = stderr
			}
			if !strings.Contains(out, c.summary) {
				t.Errorf("no summary %q:\nstdout:\n%s\nstderr:\n%s", c.summary, p.stdout.String(), stderr)
			}
			// No file is left, partial or not (check's -out is the
			// working directory, where a trace would go).
			if files, _ := os.ReadDir(p.cmd.Dir); len(files) > 0 {
				t.Errorf("%d files left in the working directory, first %s", len(files), files[0].Name())
			}
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, "electlab: interrupted: ") || !strings.Contains(last, "(not a verdict") || strings.Contains(last, "stopping at the next check") {
				t.Errorf("last stderr line %q, want electlab: interrupted: ... (not a verdict)", last)
			}
		})
	}
}

// TestInterruptTwice: a second SIGINT exits at once, with status 130,
// while the first is still waiting for the command's next check (here
// the first event of bully with 100000 processes, which alone takes
// minutes: the World inserts every new link into a sorted slice).
func TestInterruptTwice(t *testing.T) {
	p := startChild(t, "check", "-algo", "bully", "-n", "100000", "-schedules", "1")
	time.Sleep(2 * time.Second) // SIGINT is caught from the command's start on
	p.interrupt(t)
	p.waitStderr(t, "electlab: interrupted: stopping")
	p.interrupt(t)
	if code := p.exitWithin(t, interruptDeadline); code != 130 {
		t.Errorf("exit status %d, want 130:\n%s", code, p.errText())
	}
	if strings.Contains(p.stdout.String(), "interrupted during") {
		t.Errorf("the second SIGINT waited for the summary:\n%s", p.stdout.String())
	}
}

// TestInterruptInsideOneStep: one event that runs for minutes (the first
// event of bully with 100000 processes: no poll runs inside it) is not
// silent (the catcher says it is still inside one event) and one SIGINT
// still ends the command: no check is reached within the grace second,
// so the catcher prints what was done and exits 130.
func TestInterruptInsideOneStep(t *testing.T) {
	p := startChild(t, "check", "-algo", "bully", "-n", "100000", "-schedules", "1")
	p.waitStderr(t, "electlab: check: schedule 1 of 1: still inside one event (")
	p.interrupt(t)
	if code := p.exitWithin(t, interruptDeadline); code != 130 {
		t.Errorf("exit status %d, want 130:\n%s", code, p.errText())
	}
	if e := p.errText(); !strings.Contains(e, "no check was reached within 1s of Ctrl-C") || !strings.Contains(e, "done so far: check: schedule 1 of 1: ") || !strings.Contains(e, " events finished, event ") {
		t.Errorf("the forced exit does not say what was done:\n%s", e)
	}
}

// TestInterruptReplay: replay checks for SIGINT only between its phases
// (load, replay, check, render), each of which is short for a file; one
// that waits on its input (here a named pipe that a writer keeps open
// after half a trace) reaches no check, and the catcher ends it within the
// grace second: status 130, no -o file.
func TestInterruptReplay(t *testing.T) {
	dir := t.TempDir()
	fifo, out := filepath.Join(dir, "trace.json"), filepath.Join(dir, "out.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	p := startChild(t, "replay", fifo, "-o", out)
	// Opening the pipe for writing returns once the child has opened it
	// for reading: the command has started (and catches SIGINT).
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.WriteString("{\n  \"tool\": \"electlab\",\n"); err != nil {
		t.Fatal(err)
	}
	p.interrupt(t)
	if code := p.exitWithin(t, interruptDeadline); code != 130 {
		t.Errorf("exit status %d, want 130:\n%s", code, p.errText())
	}
	if e := p.errText(); !strings.Contains(e, "electlab: interrupted: ") || !strings.Contains(e, "(not a verdict)") {
		t.Errorf("the interrupted replay does not say so:\n%s", e)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the interrupted replay left %s (%v)", out, err)
	}
}

// TestInterruptShrink: an interrupted shrink writes the shortest failing
// trace found so far, complete (it replays, with its violation), says it
// may not be minimal and exits 130.
func TestInterruptShrink(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "v.json"), filepath.Join(dir, "v.shrunk.json")
	// A Le Lann violation on unordered channels, 1058 events long: its
	// shrinking replays candidates for several seconds.
	cli(t, "run", "-algo", "lelann", "-n", "40", "-net", "unordered", "-schedule", "newest", "-seed", "3", "-trace", in).mustCode(t, 0)
	p := startChild(t, "shrink", in, "-o", out)
	p.waitStderr(t, "electlab: shrink: ")
	p.interrupt(t)
	code := p.exitWithin(t, interruptDeadline)
	stderr := p.errText()
	if code != 130 || !strings.Contains(p.stdout.String(), "shrunk 1058 events to ") || !strings.Contains(stderr, "electlab: interrupted: shrinking stopped early") {
		t.Fatalf("exit status %d (want 130)\nstdout:\n%s\nstderr:\n%s", code, p.stdout.String(), stderr)
	}
	r := cli(t, "replay", out, "-render", "none").mustCode(t, 0)
	if !strings.Contains(r.stderr, "violation reproduced: single-coordinator") {
		t.Errorf("the trace written does not replay its violation:\n%s", r)
	}
}
