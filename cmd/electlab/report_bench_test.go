package main

import (
	"testing"

	"github.com/electlab/electlab/internal/tally"
)

// BenchmarkClaimsReport measures the full default report, as `make claims`
// should produce it in one process: every claim, every setting and
// reading, the default seed and cases, the text table on stdout and the
// report directory (JSON, Markdown, HTML, plots, traces) with -out, and
// the reproductions of papers 000 and 003 (-reproduce 000,003). It is
// meant to stay within 60 s on 2 cores (issues 5, 15 and 35), and does not
// yet (docs/BENCHMARKS.md, "The claims report's CPU"):
//
//	go test ./cmd/electlab -run '^$' -bench ClaimsReport -benchtime 3x
//
// Besides the wall time (ns/op) it reports the executions checker.Execute
// ran, their events and the events of those that never reached a
// quiescent state (executions/op, events/op, unfinished-events/op:
// internal/tally), and the CPU time the process used
// per report (cpu-s/op, user + system), which a busy machine inflates
// less; claims runs its tasks (claims and reproduced tables) on every CPU
// (GOMAXPROCS), the tables first, so on an idle machine the wall time is
// about max(cpu-s/op / cores, the longest task, about 6 s). Measured on
// the 2-vCPU machine (Intel Xeon, Go 1.26) while other jobs shared it:
//
//	58 entries, 9 checked claims (commit 0b17cb8):  14.5 s/op,  6.7 cpu-s/op
//	64 entries with the Bully family (in progress): 24.6 s/op, 10.4 cpu-s/op
//	174 tasks (164 entries + 10 tables), -reproduce 000,003, branch speed
//	  (load average 4-4.5, under nice):              67.5 s/op, 75.0 cpu-s/op
//	  (the same report in three processes at main: 106 s wall, 117 CPU-s)
func BenchmarkClaimsReport(b *testing.B) {
	defer fakeClock(0)() // no progress lines in the timing
	cpu0 := cpuTime()
	tally.Reset()
	n := 0
	for b.Loop() {
		dir := b.TempDir()
		r := cli(b, "claims", "-out", dir, "-reproduce", "000,003")
		if r.code != 0 {
			b.Fatalf("claims failed:\n%s", r)
		}
		n++
	}
	if c := cpuTime(); c > 0 && n > 0 {
		b.ReportMetric((c-cpu0).Seconds()/float64(n), "cpu-s/op")
	}
	if n > 0 {
		// The work behind the time: the executions checker.Execute ran,
		// their events, and the events of those that never reached a
		// quiescent state (internal/tally).
		c := tally.Read()
		b.ReportMetric(float64(c.Executions)/float64(n), "executions/op")
		b.ReportMetric(float64(c.Events)/float64(n), "events/op")
		b.ReportMetric(float64(c.Unfinished)/float64(n), "unfinished-events/op")
	}
}
