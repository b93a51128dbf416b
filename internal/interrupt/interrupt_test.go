package interrupt

import (
	"bytes"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// eventually waits (up to 10 s) for cond.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// TestCatch: while a Catch is active, the first SIGINT sets the latch and
// says so on the writer, the second exits with Status; the next command's
// Catch starts with a clear latch.
func TestCatch(t *testing.T) {
	exits := make(chan int, 1)
	exitFn = func(code int) { exits <- code }
	defer func() { exitFn = osExit }()
	var w lockedBuffer
	stop := Catch(&w)
	if Requested() {
		t.Fatal("requested before any SIGINT")
	}
	syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	eventually(t, "the first SIGINT is latched", Requested)
	if !strings.Contains(w.String(), "electlab: interrupted: stopping") {
		t.Errorf("the first SIGINT is not acknowledged: %q", w.String())
	}
	syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	select {
	case code := <-exits:
		if code != Status || Status != 130 {
			t.Errorf("the second SIGINT exits with %d, want 130", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second SIGINT did not exit")
	}
	stop()
	stop() // idempotent
	stop = Catch(&w)
	defer stop()
	if Requested() {
		t.Error("a new Catch keeps the latch of the last command")
	}
}

// TestBeatWatch: the catcher's view of the Beats says "still inside one
// event" only after Quiet without a finished event, then once per Quiet,
// and starts over when an event finishes or the execution changes.
func TestBeatWatch(t *testing.T) {
	defer beatWhat.Store(nil)
	var b beatWatch
	t0 := time.Unix(0, 0)
	if b.sample(t0) || b.line(t0) != "" {
		t.Fatal("nothing Beat, yet the watch speaks")
	}
	Beat("check: schedule 1 of 1", 0)
	for _, c := range []struct {
		at   time.Duration
		beat int64 // -1: no Beat before the sample
		want bool
	}{
		{0, -1, false},
		{4 * time.Second, -1, false},
		{5 * time.Second, -1, true},
		{6 * time.Second, -1, false},
		{10 * time.Second, -1, true},
		{11 * time.Second, 7, false}, // an event finished: starts over
		{15 * time.Second, -1, false},
		{16 * time.Second, -1, true},
	} {
		if c.beat >= 0 {
			Beat("check: schedule 1 of 1", c.beat)
		}
		if got := b.sample(t0.Add(c.at)); got != c.want {
			t.Errorf("at %v: %v, want %v", c.at, got, c.want)
		}
	}
	if l := b.line(t0.Add(20 * time.Second)); l != "check: schedule 1 of 1: 7 events finished, event 8 running for 9s" {
		t.Errorf("line %q", l)
	}
	Beat("check: schedule 2 of 2", 7) // another execution: starts over
	if b.sample(t0.Add(30 * time.Second)) {
		t.Error("a new execution is said to be inside one event at once")
	}
}

// TestGraceExit: after the first SIGINT, a command that reaches no check
// within Grace is exited with Status, saying what was done; one that polls
// is left to finish.
func TestGraceExit(t *testing.T) {
	exits := make(chan int, 1)
	exitFn = func(code int) { exits <- code }
	defer func() { exitFn = osExit }()
	var w lockedBuffer
	stop := Catch(&w)
	Beat("run", 3)
	syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	select {
	case code := <-exits:
		if code != Status {
			t.Errorf("exit %d, want %d", code, Status)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no exit after the grace second without a poll")
	}
	if !strings.Contains(w.String(), "no check was reached within 1s") || !strings.Contains(w.String(), "done so far: run: 3 events finished") {
		t.Errorf("the forced exit says %q", w.String())
	}
	stop()

	stop = Catch(&w)
	defer stop()
	syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	eventually(t, "the SIGINT is latched", Requested) // a poll: the command winds down
	select {
	case code := <-exits:
		t.Fatalf("a command that polled was exited (%d)", code)
	case <-time.After(2 * Grace):
	}
}
