package main

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain stops the progress clock for every test of the package: the
// CLI tests compare stderr across runs, and a loaded machine must not make
// a progress line appear in one of them. The tests of the progress line
// set their own clock (fakeClock).
func TestMain(m *testing.M) {
	now = func() time.Time { return time.Unix(1_000_000, 0) }
	os.Exit(m.Run())
}

// fakeClock replaces the progress clock with one that advances by step at
// every reading, and returns the function that restores it.
func fakeClock(step time.Duration) func() {
	var mu sync.Mutex
	t := time.Unix(1_000_000, 0)
	old := now
	now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(step)
		return t
	}
	return func() { now = old }
}

// TestClaimsProgress: a claims run that lasts more than a second reports
// its progress on stderr, one line per checked claim; stdout and the
// report files are the same bytes as without progress.
func TestClaimsProgress(t *testing.T) {
	args := func(dir string) []string {
		return []string{"claims", "-algo", "changroberts", "-max-n", "4", "-cases", "5", "-out", dir}
	}
	restore := fakeClock(0) // the clock stands still: never more than a second
	d1 := t.TempDir()
	quiet := cli(t, args(d1)...).mustCode(t, 0)
	restore()
	if quiet.stderr != "" {
		t.Errorf("a fast run wrote on stderr:\n%s", quiet)
	}

	restore = fakeClock(1500 * time.Millisecond) // every reading: +1.5 s
	d2 := t.TempDir()
	slow := cli(t, args(d2)...).mustCode(t, 0)
	restore()
	if slow.stdout != quiet.stdout {
		t.Errorf("the progress changed stdout")
	}
	lines := slow.stderrLines()
	checked := len(planClaims("", "changroberts"))
	if len(lines) != checked {
		t.Errorf("want one progress line per claim (%d), got:\n%s", checked, slow.stderr)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "electlab: checked ") || !strings.Contains(l, "/4 claims (C-RING1-") || strings.Contains(l, "\r") {
			t.Errorf("progress line %d: %q", i+1, l)
		}
	}
	if len(lines) > 0 && !strings.HasPrefix(lines[len(lines)-1], "electlab: checked 4/4 claims (C-RING1-7, changroberts)") {
		t.Errorf("the last progress line is %q", lines[len(lines)-1])
	}
	f1, f2 := listTree(t, d1), listTree(t, d2)
	if strings.Join(f1, " ") != strings.Join(f2, " ") {
		t.Fatalf("different files: %v vs %v", f1, f2)
	}
	for _, f := range f1 {
		b := readFile(t, d2+"/"+f)
		if !bytes.Equal(readFile(t, d1+"/"+f), b) {
			t.Errorf("%s differs with progress", f)
		}
		if bytes.Contains(b, []byte("electlab: checked")) {
			t.Errorf("%s holds a progress line", f)
		}
	}
}

// TestProgressTerminal: on a terminal the line is rewritten in place with
// \r (also by the refresh while a claim runs) and erased at the end.
func TestProgressTerminal(t *testing.T) {
	defer fakeClock(1500 * time.Millisecond)()
	oldTick := progressTick
	progressTick = time.Millisecond
	defer func() { progressTick = oldTick }()
	var mu sync.Mutex
	var buf bytes.Buffer
	w := writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	})
	p := &progress{w: w, total: 3, start: now(), terminal: true}
	p.startTicker()
	p.begin("C-A, x")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) { // a refresh naming C-A
		mu.Lock()
		refreshed := strings.Contains(buf.String(), "checking C-A")
		mu.Unlock()
		if refreshed || time.Now().After(deadline) {
			break
		}
	}
	p.done(1, "C-A, x", true)
	p.begin("C-B")
	p.done(2, "C-B", false)
	p.begin("C-C, y")
	p.done(3, "C-C, y", true)
	p.finish()
	p.finish() // idempotent
	mu.Lock()
	out := buf.String()
	mu.Unlock()
	if strings.Contains(out, "\n") {
		t.Errorf("a terminal progress line must not end lines: %q", out)
	}
	for _, want := range []string{"\relectlab: checked 0/3 claims, checking C-A, x", "\relectlab: checked 1/3 claims (C-A, x)", "\relectlab: checked 3/3 claims (C-C, y)"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in %q", want, out)
		}
	}
	if strings.Contains(out, "(C-B)") {
		t.Errorf("an unmodelled claim got its own line: %q", out)
	}
	last := out[strings.LastIndex(out[:len(out)-1], "\r"):]
	if strings.Trim(last, "\r ") != "" {
		t.Errorf("the line is not erased at the end: %q", last)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
