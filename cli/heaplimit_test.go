package cli

import (
	"io"
	"runtime/debug"
	"testing"
)

// TestLimitHeap: a -max-mem of 64 MiB or more lowers the Go runtime's
// memory limit for the command (so that the process stays near the bound
// its estimate keeps), a smaller one or a larger limit already in force
// leaves it, and Main gives the caller's limit back.
func TestLimitHeap(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	debug.SetMemoryLimit(1 << 40)
	limitHeap(1 << 20)
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("-max-mem 1MiB set the limit to %d", got)
	}
	limitHeap(256 << 20)
	if got := debug.SetMemoryLimit(-1); got != 256<<20 {
		t.Errorf("-max-mem 256MiB: limit %d", got)
	}
	limitHeap(512 << 20)
	if got := debug.SetMemoryLimit(-1); got != 256<<20 {
		t.Errorf("a larger -max-mem raised the limit to %d", got)
	}
	debug.SetMemoryLimit(1 << 40)
	if code := Main([]string{"explore", "-algo", "lelann", "-n", "3", "-max-mem", "128MiB", "-out", t.TempDir()}, io.Discard, io.Discard); code != 0 {
		t.Fatalf("explore: exit status %d", code)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("after Main the limit is %d, want the caller's %d", got, int64(1<<40))
	}
}
