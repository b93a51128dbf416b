package cli

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// allocated runs Main with args and returns its exit status, its stderr
// and the bytes the whole process allocated meanwhile (the test runs
// alone: it is not parallel).
func allocated(args []string) (code int, stderr string, bytes uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	code, _, stderr = run(args)
	runtime.ReadMemStats(&after)
	return code, stderr, after.TotalAlloc - before.TotalAlloc
}

// maxRefusalAlloc is what refusing a configuration over -max-mem may
// allocate: flag sets, the algorithm's lookup and the message, nothing
// proportional to n.
const maxRefusalAlloc = 2 << 20

// TestMemoryRefusedBeforeAllocation: every command that takes -n (or
// -ids) refuses a configuration whose estimate exceeds a tiny -max-mem
// with the estimate's message, before it builds anything proportional to
// n: the ids 1..n, the parsed -ids, the model's validation, a World or a
// simulator. A huge n (past the ids an int32 can name, near the int range)
// saturates the estimate instead of overflowing into a small or negative
// number that would pass the bound.
func TestMemoryRefusedBeforeAllocation(t *testing.T) {
	var ids strings.Builder
	for i := 1; i <= 300_000; i++ {
		if i > 1 {
			ids.WriteByte(',')
		}
		ids.WriteString(strconv.Itoa(i))
	}
	idList := ids.String()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-algo", "changroberts", "-engine", "world"}, "the World engine for n="},
		{[]string{"run", "-algo", "changroberts", "-engine", "sim"}, "the fast simulator for n="},
		{[]string{"run", "-algo", "changroberts"}, "the fast simulator for n="},
		{[]string{"run", "-algo", "changroberts", "-schedule", "random"}, "the World engine for n="},
		{[]string{"check", "-algo", "changroberts", "-schedules", "1"}, "the World engine for n="},
		{[]string{"explore", "-algo", "changroberts", "-max-states", "10"}, "an exhaustive search for n="},
		{[]string{"explore", "-algo", "bully", "-timing", "sync"}, "an exhaustive search for n="},
	} {
		for _, size := range []struct {
			flag, value, n string
		}{
			{"-n", "1000000", "1000000"},
			{"-n", "2000000000", "2000000000"},
			{"-ids", idList, "300000"},
		} {
			args := append(append([]string(nil), tc.args...), size.flag, size.value, "-max-mem", "1MiB", "-out", t.TempDir())
			if tc.args[0] == "run" {
				args = args[:len(args)-2] // run has no -out
			}
			name := strings.Join(tc.args, " ") + " " + size.flag + " " + size.n
			code, stderr, bytes := allocated(args)
			if code != 2 || !strings.Contains(stderr, tc.want+size.n+" needs about ") || !strings.Contains(stderr, "over -max-mem 1MiB") {
				t.Errorf("%s -max-mem 1MiB: exit status %d, stderr %q; want 2 and %q", name, code, stderr, tc.want+size.n+" needs about ...")
			}
			if bytes > maxRefusalAlloc {
				t.Errorf("%s -max-mem 1MiB: allocated %d bytes before refusing, want at most %d", name, bytes, maxRefusalAlloc)
			}
		}
	}
	// Past the int32 ids: saturated, still refused before allocation; with
	// no bound, the size limit refuses it.
	huge := strconv.Itoa(int(^uint(0) >> 1))
	code, stderr, bytes := allocated([]string{"run", "-algo", "changroberts", "-n", huge, "-max-mem", "1MiB"})
	if code != 2 || !strings.Contains(stderr, "needs more than 8.0EiB (estimate)") || bytes > maxRefusalAlloc {
		t.Errorf("run -n %s -max-mem 1MiB: exit status %d, %d bytes, stderr %q", huge, code, bytes, stderr)
	}
	code, stderr, bytes = allocated([]string{"explore", "-algo", "changroberts", "-n", huge, "-max-mem", "0"})
	if code != 2 || !strings.Contains(stderr, "more than 50000000 processes is not supported") || bytes > maxRefusalAlloc {
		t.Errorf("explore -n %s -max-mem 0: exit status %d, %d bytes, stderr %q", huge, code, bytes, stderr)
	}
}

// TestMemoryCheckAdmits: a configuration under -max-mem still runs (the
// early check refuses nothing the runner's own check would admit).
func TestMemoryCheckAdmits(t *testing.T) {
	for _, args := range [][]string{
		{"run", "-algo", "changroberts", "-n", "5000", "-max-mem", "64MiB"},
		{"run", "-algo", "changroberts", "-ids", "3,1,2", "-absent", "4", "-max-mem", "256MiB"},
		{"explore", "-algo", "changroberts", "-n", "3", "-max-mem", "1MiB", "-out", t.TempDir()},
		{"check", "-algo", "changroberts", "-n", "4", "-schedules", "2", "-max-mem", "256MiB", "-out", t.TempDir()},
	} {
		if code, _, stderr := run(args); code != 0 {
			t.Errorf("%s: exit status %d: %s", strings.Join(args, " "), code, stderr)
		}
	}
}
