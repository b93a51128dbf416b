package main

import "testing"

// BenchmarkClaimsReport measures the full default report, as `make claims`
// produces it: every claim, every setting and reading, the default seed
// and cases, the text table on stdout and the report directory (JSON,
// Markdown, HTML, plots, traces) with -out. It must stay within 60 s on 2
// cores (issue 5):
//
//	go test ./cmd/electlab -run '^$' -bench ClaimsReport -benchtime 3x
//
// Besides the wall time (ns/op) it reports the CPU time the process used
// per report (cpu-s/op, user + system), which a busy machine does not
// inflate; claims runs on every CPU (GOMAXPROCS), so on an idle machine
// the wall time is about max(cpu-s/op / cores, the longest claim, about
// 4 s for C-RING1-3). Measured on the 2-vCPU CI machine (Intel Xeon,
// Go 1.26) while other jobs shared it (load average 9-10):
//
//	58 entries, 9 checked claims (commit 0b17cb8):  14.5 s/op,  6.7 cpu-s/op
//	64 entries with the Bully family (in progress): 24.6 s/op, 10.4 cpu-s/op
func BenchmarkClaimsReport(b *testing.B) {
	defer fakeClock(0)() // no progress lines in the timing
	cpu0 := cpuTime()
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
}
