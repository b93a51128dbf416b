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
