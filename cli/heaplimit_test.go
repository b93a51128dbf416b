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

// TestLimitHeapGCPercent: under the limit a -max-mem sets, the collector's
// GOGC is boundedGCPercent, unless the environment sets GOGC; Main gives
// the caller's GOGC back, and a -max-mem that sets no limit (0, or below
// minHeapLimit) leaves GOGC alone.
func TestLimitHeapGCPercent(t *testing.T) {
	prevLimit := debug.SetMemoryLimit(-1)
	prevGC := gcPercent()
	defer debug.SetMemoryLimit(prevLimit)
	defer debug.SetGCPercent(prevGC)

	t.Setenv("GOGC", "")
	for _, c := range []struct {
		v    int64
		want int
	}{{0, 100}, {1 << 20, 100}, {256 << 20, boundedGCPercent}} {
		debug.SetMemoryLimit(1 << 40)
		debug.SetGCPercent(100)
		limitHeap(c.v)
		if got := gcPercent(); got != c.want {
			t.Errorf("-max-mem %d: GOGC %d, want %d", c.v, got, c.want)
		}
	}

	t.Setenv("GOGC", "100")
	debug.SetMemoryLimit(1 << 40)
	debug.SetGCPercent(100)
	limitHeap(256 << 20)
	if got := gcPercent(); got != 100 {
		t.Errorf("with GOGC=100 in the environment, -max-mem 256MiB set GOGC %d", got)
	}

	t.Setenv("GOGC", "")
	debug.SetMemoryLimit(1 << 40)
	debug.SetGCPercent(73)
	if code := Main([]string{"explore", "-algo", "lelann", "-n", "3", "-max-mem", "128MiB", "-out", t.TempDir()}, io.Discard, io.Discard); code != 0 {
		t.Fatalf("explore: exit status %d", code)
	}
	if got := gcPercent(); got != 73 {
		t.Errorf("after Main GOGC is %d, want the caller's 73", got)
	}
}
