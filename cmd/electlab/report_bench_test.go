package main

import (
	"testing"
)

// BenchmarkClaimsReport measures the full default report, as `make claims`
// produces it: every claim, every setting and reading, the default seed
// and cases, the text table on stdout and the report directory (JSON,
// Markdown, HTML, plots, traces) with -out. It must stay within 60 s on 2
// cores (issue 5):
//
//	go test ./cmd/electlab -run '^$' -bench ClaimsReport -benchtime 3x
//
// 2 vCPUs (Intel Xeon, the CI machine), Go 1.26, 58 entries (9 checked):
// about 5.5 s per report (see docs/REPORT.md, Speed).
func BenchmarkClaimsReport(b *testing.B) {
	defer fakeClock(0)() // no progress lines in the timing
	for b.Loop() {
		dir := b.TempDir()
		r := cli(b, "claims", "-out", dir)
		if r.code != 0 {
			b.Fatalf("claims failed:\n%s", r)
		}
	}
}
