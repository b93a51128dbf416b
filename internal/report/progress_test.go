package report

import (
	"bytes"
	"fmt"
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
	SetClock(SteppingClock(0))
	os.Exit(m.Run())
}

// fakeClock replaces the progress clock with one that advances by step at
// every reading, and returns the function that restores it.
func fakeClock(step time.Duration) func() { return SetClock(SteppingClock(step)) }

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
	t0 := now()
	p := &Progress{w: w, total: 3, start: t0, phaseStart: t0, verb: "checked", terminal: true}
	p.startTicker()
	p.begin("C-A, x")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) { // a refresh naming C-A
		mu.Lock()
		refreshed := strings.Contains(buf.String(), "running C-A")
		mu.Unlock()
		if refreshed || time.Now().After(deadline) {
			break
		}
	}
	p.done("C-A, x", true)
	p.begin("C-B")
	p.done("C-B", false)
	p.begin("C-C, y")
	p.done("C-C, y", true)
	p.Finish()
	p.Finish() // idempotent
	mu.Lock()
	out := buf.String()
	mu.Unlock()
	if strings.Contains(out, "\n") {
		t.Errorf("a terminal progress line must not end lines: %q", out)
	}
	for _, want := range []string{"\relectlab: checked 0/3, running C-A, x (", "\relectlab: checked 1/3: C-A, x (", "\relectlab: checked 3/3: C-C, y ("} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in %q", want, out)
		}
	}
	if strings.Contains(out, ": C-B (") {
		t.Errorf("an unmodelled claim got its own line: %q", out)
	}
	last := out[strings.LastIndex(out[:len(out)-1], "\r"):]
	if strings.Trim(last, "\r ") != "" {
		t.Errorf("the line is not erased at the end: %q", last)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestProgressPhaseThrottled: off a terminal, a phase of many short
// steps (traces, plots) prints at most one line per progressTick, and
// always its last step, with no ETA on it.
func TestProgressPhaseThrottled(t *testing.T) {
	defer fakeClock(300 * time.Millisecond)()
	var buf bytes.Buffer
	p := NewProgress(&buf, 0)
	p.Phase("rendered plot", 100)
	for i := range 100 {
		p.step(fmt.Sprintf("plot-%d", i))
	}
	p.Finish()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	// Each step reads the clock twice or three times (0.6-0.9 s): about
	// one line every second or two steps, far fewer than 100.
	if len(lines) < 5 || len(lines) > 60 {
		t.Errorf("%d lines for 100 steps:\n%s", len(lines), buf.String())
	}
	for _, l := range lines[:len(lines)-1] {
		var k int
		if _, err := fmt.Sscanf(l, "electlab: rendered plot %d/100", &k); err != nil {
			t.Errorf("progress line %q: %v", l, err)
		}
		if eta := strings.Contains(l, ", ETA "); eta != (k >= 10) {
			t.Errorf("progress line %q: an ETA from a tenth of the steps on", l)
		}
	}
	if l := lines[len(lines)-1]; !strings.HasPrefix(l, "electlab: rendered plot 100/100: plot-99 (") || strings.Contains(l, "ETA") {
		t.Errorf("the last line is %q", l)
	}
}

// TestProgressWaitingFor: a step still running longer than the ETA of the
// steps done turns the ETA into "ETA unknown: waiting for" it, and off a
// terminal a silent spell of waitEvery while steps run prints a line
// naming them with their running times (make claims once said "ETA 2s"
// and then nothing for 265 s while one claim ran).
func TestProgressWaitingFor(t *testing.T) {
	var cmu sync.Mutex
	clock := time.Unix(1_000_000, 0)
	defer SetClock(func() time.Time { cmu.Lock(); defer cmu.Unlock(); return clock })()
	advance := func(d time.Duration) { cmu.Lock(); clock = clock.Add(d); cmu.Unlock() }
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
	text := func() string { mu.Lock(); defer mu.Unlock(); return buf.String() }
	t0 := now()
	p := &Progress{w: w, total: 10, start: t0, phaseStart: t0, verb: "checked"}
	p.begin("C-LONG")
	advance(time.Second)
	for i := range 8 {
		p.begin(fmt.Sprintf("C-%d", i))
		p.done(fmt.Sprintf("C-%d", i), true)
	}
	if out := text(); !strings.Contains(out, "checked 2/10: C-1 (1s elapsed, ETA 4s)") {
		t.Errorf("before the long step outlasts it, the ETA is the rate's:\n%s", out)
	}
	advance(100 * time.Second)
	p.begin("C-8")
	p.done("C-8", true)
	if out := text(); !strings.Contains(out, "checked 9/10: C-8 (101s elapsed, ETA unknown: waiting for C-LONG (running 101s))") {
		t.Errorf("want the ETA to give way to the long step:\n%s", out)
	}
	p.startTicker()
	advance(waitEvery)
	want := "checked 9/10, waiting for: C-LONG (running 106s) (106s elapsed"
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(text(), want) && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
	}
	p.Finish()
	if out := text(); !strings.Contains(out, want) {
		t.Errorf("no line naming the step still running (want %q):\n%s", want, out)
	}
}

// TestProgressETALongestRunning: the ETA is at least the time the cost
// table says the longest running step has left, where the rate of the
// short steps done would promise seconds; a step the table does not list
// leaves the rate's ETA (the comparison that shows the check can fail).
func TestProgressETALongestRunning(t *testing.T) {
	clock := time.Unix(1_000_000, 0)
	defer SetClock(func() time.Time { return clock })()
	saved := taskCosts
	defer func() { taskCosts = saved }()
	taskCosts = map[string]int64{"C-LONG, x": 60_000}
	for _, tc := range []struct {
		long, want string
	}{
		{"C-LONG, x", "checked 5/10: C-4 (6s elapsed, ETA 54s)"},
		{"C-UNTABLED, x", "checked 5/10: C-4 (6s elapsed, ETA 6s)"},
	} {
		var buf bytes.Buffer
		t0 := now()
		p := &Progress{w: &buf, total: 10, start: t0, phaseStart: t0, verb: "checked"}
		p.begin(tc.long)
		for i := range 5 {
			clock = clock.Add(time.Second)
			p.begin(fmt.Sprintf("C-%d", i))
			p.done(fmt.Sprintf("C-%d", i), true)
		}
		clock = clock.Add(time.Second)
		p.show("checked 5/10: C-4")
		if out := buf.String(); !strings.Contains(out, tc.want) {
			t.Errorf("%s running: want %q in\n%s", tc.long, tc.want, out)
		}
	}
}
