package explore

import (
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// Throughput of the exhaustive search, in states and transitions per
// second (docs/EXPLORE.md):
//
//	go test ./checker/explore -run '^$' -bench . -benchtime 3x -count 6
func benchExplore(b *testing.B, algo string, ids []model.ID, opt Options) {
	spec, err := algos.Lookup(algo)
	if err != nil {
		b.Fatal(err)
	}
	s0, err := spec.NewSystem(&model.Config{Algo: algo, IDs: ids, Forwarding: spec.Meta().Forwarding})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var r *Result
	for b.Loop() {
		r = Explore(s0, opt)
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(r.States)/sec, "states/s")
	b.ReportMetric(float64(r.Transitions)/sec, "transitions/s")
	b.ReportMetric(float64(r.States), "states")
}

func ring(n int) []model.ID {
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(i + 1)
	}
	return ids
}

// BenchmarkChangRoberts7 is the Spin comparison's model at n = 7:
// counters per process in the state, sleep sets.
func BenchmarkChangRoberts7(b *testing.B) {
	benchExplore(b, "changroberts", ring(7), Options{Counts: CountsPerProcess})
}

// BenchmarkChangRoberts7NoPOR is the same search without the reduction.
func BenchmarkChangRoberts7NoPOR(b *testing.B) {
	benchExplore(b, "changroberts", ring(7), Options{Counts: CountsPerProcess, NoPOR: true})
}

// BenchmarkLeLann5 is Le Lann's ring (n = 5, total counters).
func BenchmarkLeLann5(b *testing.B) {
	benchExplore(b, "lelann", ring(5), Options{Counts: CountsTotal})
}

// BenchmarkBully4 is the Bully algorithm on 4 processes, the highest
// crashed, every other one detecting.
func BenchmarkBully4(b *testing.B) {
	spec, _ := algos.Lookup("bully")
	s0, err := spec.NewSystem(&model.Config{Algo: "bully", IDs: ring(4), Crashed: []model.ID{4}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var r *Result
	for b.Loop() {
		r = Explore(s0, Options{Counts: CountsTotal})
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(r.States)/sec, "states/s")
	b.ReportMetric(float64(r.Transitions)/sec, "transitions/s")
	b.ReportMetric(float64(r.States), "states")
}
