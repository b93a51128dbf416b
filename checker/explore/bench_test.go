package explore

import (
	"syscall"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// Throughput of the exhaustive search, in states and transitions per
// second (docs/EXPLORE.md):
//
//	go test ./checker/explore -run '^$' -bench . -benchtime 3x -count 6
func benchExplore(b *testing.B, algo string, ids []model.ID, opt Options) {
	spec, err := algos.Registry().Lookup(algo)
	if err != nil {
		b.Fatal(err)
	}
	s0, err := spec.NewSystem(&model.Config{Algo: algo, IDs: ids, Forwarding: spec.Meta().Forwarding})
	if err != nil {
		b.Fatal(err)
	}
	benchSystem(b, s0, opt)
}

// BenchmarkChangRoberts7 is the Spin comparison's model at n = 7:
// counters per process in the state, sleep sets.
func BenchmarkChangRoberts7(b *testing.B) {
	benchExplore(b, "changroberts", model.IDsUpTo(7), Options{Counts: CountsPerProcess})
}

// BenchmarkChangRoberts7NoPOR is the same search without the reduction.
func BenchmarkChangRoberts7NoPOR(b *testing.B) {
	benchExplore(b, "changroberts", model.IDsUpTo(7), Options{Counts: CountsPerProcess, NoPOR: true})
}

// BenchmarkLeLann5 is Le Lann's ring (n = 5, total counters).
func BenchmarkLeLann5(b *testing.B) {
	benchExplore(b, "lelann", model.IDsUpTo(5), Options{Counts: CountsTotal})
}

// BenchmarkBully4 is the Bully algorithm on 4 processes, the highest
// crashed, every other one detecting.
func BenchmarkBully4(b *testing.B) {
	spec, _ := algos.Registry().Lookup("bully")
	s0, err := spec.NewSystem(&model.Config{Algo: "bully", IDs: model.IDsUpTo(4), Crashed: []model.ID{4}})
	if err != nil {
		b.Fatal(err)
	}
	benchSystem(b, s0, Options{Counts: CountsTotal})
}

// benchSystem times the search of s0 under opt and reports states/s,
// transitions/s, the states and the CPU time of the whole process per
// search (user and system, every thread: the workers and the collector),
// so that a parallel search's cost shows beside its wall time.
func benchSystem(b *testing.B, s0 model.System, opt Options) {
	b.ReportAllocs()
	var r *Result
	cpu0 := cpuSeconds(b)
	for b.Loop() {
		r = Explore(s0, opt)
	}
	cpu := cpuSeconds(b) - cpu0
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(r.States)/sec, "states/s")
	b.ReportMetric(float64(r.Transitions)/sec, "transitions/s")
	b.ReportMetric(float64(r.States), "states")
	b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
}

// cpuSeconds is the process's CPU time so far (getrusage).
func cpuSeconds(b *testing.B) float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// safetyOnly leaves out termination, so that a benchmark measures the main
// search and not the livelock search after it.
var safetyOnly = Options{Checks: checkerChecks(model.Safety | model.Agreement | model.Validity)}

// BenchmarkBFSChangRobertsDesc6Workers1 and …Workers2: the level-by-level
// search of Chang–Roberts on ids 6..1 (174,130 states, no counters) with
// one and two workers (-workers); the results are identical
// (TestWorkersIdentical), only the time may differ.
func BenchmarkBFSChangRobertsDesc6Workers1(b *testing.B) {
	opt := safetyOnly
	opt.BFS, opt.Workers = true, 1
	benchSystem(b, crDesc(b, 6), opt)
}

// BenchmarkBFSChangRobertsDesc6Workers2 is the same search with 2 workers.
func BenchmarkBFSChangRobertsDesc6Workers2(b *testing.B) {
	opt := safetyOnly
	opt.BFS, opt.Workers = true, 2
	benchSystem(b, crDesc(b, 6), opt)
}

// BenchmarkDFSChangRobertsDesc6NoPOR is the unreduced depth-first search of
// the same model (TestCanonicalStates' model; Spin stores 4 more states).
func BenchmarkDFSChangRobertsDesc6NoPOR(b *testing.B) {
	opt := safetyOnly
	opt.NoPOR = true
	benchSystem(b, crDesc(b, 6), opt)
}

// BenchmarkBully4Lazy is Bully n = 4, every live process a potential
// detector under lazy detection, total counters, no reduction (the row
// "min 3" of TestDetectLazyRows).
func BenchmarkBully4Lazy(b *testing.B) {
	opt := safetyOnly
	opt.NoPOR, opt.Counts = true, CountsTotal
	benchSystem(b, bullyDetect(b, 4, nil, model.DetectLazy), opt)
}

func checkerChecks(p model.Property) checker.Checks { return checker.Checks{Props: p} }

// BenchmarkBully6OneDetector is the model of the headline
// comparison with Spin: Bully, n = 6, the highest id crashed, process 1
// the only detector, total counters, no reduction (1,092,639 states),
// safety, agreement and validity only, as Spin's -DSAFETY run.
func BenchmarkBully6OneDetector(b *testing.B) {
	opt := safetyOnly
	opt.NoPOR, opt.Counts = true, CountsTotal
	benchSystem(b, bullyDetect(b, 6, []model.ID{1}, model.DetectEager), opt)
}

// BenchmarkBully6OneDetectorLivelock is the same search followed by the
// livelock search (termination checked too, electlab's default).
func BenchmarkBully6OneDetectorLivelock(b *testing.B) {
	benchSystem(b, bullyDetect(b, 6, []model.ID{1}, model.DetectEager), Options{NoPOR: true, Counts: CountsTotal})
}

// BenchmarkBFSChangRoberts9Workers1 and …Workers2: the measure of
// -workers (issue 35) on the Spin table's Chang–Roberts ids 1..9 with
// per-process counters, unreduced (552,256 states): wall time and CPU with
// one worker and two. (The issue names n = 10, 2,091,520 states: measured
// with the command line in docs/EXPLORE.md, since a benchmark run of it
// holds gigabytes.)
func BenchmarkBFSChangRoberts9Workers1(b *testing.B) { benchCR9(b, 1) }

// BenchmarkBFSChangRoberts9Workers2 is the same search with 2 workers.
func BenchmarkBFSChangRoberts9Workers2(b *testing.B) { benchCR9(b, 2) }

func benchCR9(b *testing.B, workers int) {
	opt := safetyOnly
	opt.BFS, opt.Workers, opt.Counts = true, workers, CountsPerProcess
	benchExplore(b, "changroberts", model.IDsUpTo(9), opt)
}

// BenchmarkBFSBully6OneDetectorWorkers1 and …Workers2: the same measure on
// the Spin table's Bully n = 6, one detector, without counters (1,092,457
// states; with them Bully's cycles that send make the breadth-first graph
// infinite).
func BenchmarkBFSBully6OneDetectorWorkers1(b *testing.B) { benchBully6BFS(b, 1) }

// BenchmarkBFSBully6OneDetectorWorkers2 is the same search with 2 workers.
func BenchmarkBFSBully6OneDetectorWorkers2(b *testing.B) { benchBully6BFS(b, 2) }

func benchBully6BFS(b *testing.B, workers int) {
	opt := safetyOnly
	opt.BFS, opt.Workers = true, workers
	benchSystem(b, bullyDetect(b, 6, []model.ID{1}, model.DetectEager), opt)
}

// BenchmarkDFSChangRobertsDesc6NoPORCounts is the Spin table's unreduced
// row of Chang–Roberts on ids 6..1 (electlab -algo changroberts -n 6
// -order desc -no-por -counts=per-process, safety only).
func BenchmarkDFSChangRobertsDesc6NoPORCounts(b *testing.B) {
	opt := safetyOnly
	opt.NoPOR, opt.Counts = true, CountsPerProcess
	benchSystem(b, crDesc(b, 6), opt)
}

// BenchmarkDFSChangRobertsDesc7NoPORCounts is the same row at n = 7
// (2,393,008 states), the measure of the unreduced search.
func BenchmarkDFSChangRobertsDesc7NoPORCounts(b *testing.B) {
	opt := safetyOnly
	opt.NoPOR, opt.Counts = true, CountsPerProcess
	benchSystem(b, crDesc(b, 7), opt)
}

// BenchmarkBitstateBully5LazyExhaustive, …Spread and …Blocked: the cost
// of a bitstate search against the exhaustive one, in each layout (issue
// 35, build item 5): Bully n = 5, the highest id crashed, every live
// process a potential detector under lazy detection, no reduction, safety
// only, with a 1 GiB array (above the caches: this machine's L3 holds 260
// MiB). The three store the same states; cpu-s/op and states/s compare
// them (docs/EXPLORE.md):
//
//	go test ./checker/explore -run '^$' -bench 'BitstateBully5Lazy' -benchtime 1x -count 6
func BenchmarkBitstateBully5LazyExhaustive(b *testing.B) { benchBitstateBully5(b, 0, "") }

// BenchmarkBitstateBully5LazySpread is the search with a 1 GiB array,
// the k = 3 bits of a state at 3 places of it.
func BenchmarkBitstateBully5LazySpread(b *testing.B) {
	benchBitstateBully5(b, 1<<30, BitstateSpread)
}

// BenchmarkBitstateBully5LazyBlocked is the same with the 3 bits in one
// 64-byte block.
func BenchmarkBitstateBully5LazyBlocked(b *testing.B) {
	benchBitstateBully5(b, 1<<30, BitstateBlocked)
}

func benchBitstateBully5(b *testing.B, size int64, layout BitstateLayout) {
	opt := safetyOnly
	opt.NoPOR, opt.Bitstate, opt.BitstateLayout = true, size, layout
	benchSystem(b, bullyDetect(b, 5, nil, model.DetectLazy), opt)
}

// BenchmarkBitTableSpread and …Blocked: one testAndSet of a random key in
// a 1 GiB array (4,000,000 keys leave a hash factor above 2,000): the
// layouts' own cost, without a search around them:
//
//	go test ./checker/explore -run '^$' -bench 'BitTable' -benchtime 4000000x -count 6
func BenchmarkBitTableSpread(b *testing.B) { benchBitTable(b, BitstateSpread) }

// BenchmarkBitTableBlocked is the same with the blocked layout.
func BenchmarkBitTableBlocked(b *testing.B) { benchBitTable(b, BitstateBlocked) }

func benchBitTable(b *testing.B, layout BitstateLayout) {
	t := newBitTable(1<<30, DefaultBitstateHashes, layout)
	for i := range t.words {
		t.words[i] = 0 // fault the pages in before the clock starts
	}
	b.ResetTimer()
	for i := uint64(0); b.Loop(); i++ {
		t.testAndSet(mix64(i ^ 0x9e3779b97f4a7c15))
	}
}
