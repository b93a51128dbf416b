package checker_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// crashSetting is Chang–Roberts on n = 6 with failed forwarders (crash sets
// of up to 4 processes) and any initiator set, async FIFO.
var crashSetting = claim.Setting{Name: "bench", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, MaxDead: 4}

// rapidSchedules runs b.N rapid checks of prop and reports schedules/s.
func rapidSchedules(b *testing.B, prop func(*rapid.T)) {
	b.Helper()
	b.ReportAllocs()
	// One rapid.Check runs -rapid.checks cases (1000 here, see TestMain).
	const perCheck = 1000
	for b.Loop() {
		rapid.Check(b, prop)
	}
	b.ReportMetric(float64(b.N*perCheck)/b.Elapsed().Seconds(), "schedules/s")
}

// worker is what one rapid worker keeps across its schedules: one World,
// reset to each drawn configuration (model.Resetter), and the scratch
// storage of its executions.
type worker struct {
	spec    model.Spec
	w       model.Resetter
	scratch checker.Scratch
}

// next returns the initial World of cfg: the worker's World reset to it
// (built at the first call).
func (k *worker) next(cfg *model.Config) (model.System, error) {
	if k.w == nil {
		s, err := k.spec.NewSystem(cfg)
		if err != nil {
			return nil, err
		}
		k.w = s.(model.Resetter)
		return s, nil
	}
	if err := k.w.Reset(cfg); err != nil {
		return nil, err
	}
	return k.w, nil
}

// BenchmarkRapidChangRoberts6 is the generic path: rapid draws the
// arrangement, the crash set, the initiators and every event; the World
// applies the step functions and the checker checks single-coordinator
// safety after every event and agreement and validity at the end.
func BenchmarkRapidChangRoberts6(b *testing.B) {
	info := &changroberts.Algorithm.Info
	checks := checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	w := worker{spec: changroberts.Algorithm}
	rapidSchedules(b, func(t *rapid.T) {
		cfg := checker.DrawConfig(t, info, &crashSetting, "", 6, 6)
		s0, err := w.next(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if x := checker.Execute(s0, checker.NewRapid(t), checks, checker.Options{MaxSteps: 1000, InPlace: true, Scratch: &w.scratch}); x.Violation != nil {
			t.Fatal(x.Violation)
		}
	})
}

// BenchmarkRapidBareRing6 is the same search hand-specialised: one ring of
// six, rapid picks the permutation, the crash set, the initiators and each
// delivery among the non-empty links; the rules are inlined.
func BenchmarkRapidBareRing6(b *testing.B) {
	const n = 6
	rapidSchedules(b, func(t *rapid.T) {
		ids := rapid.Permutation([]int32{1, 2, 3, 4, 5, 6}).Draw(t, "ids")
		nd := rapid.IntRange(0, 4).Draw(t, "dead")
		var dead, sent, elected [n]bool
		var leader [n]int32
		for i := range nd {
			dead[i] = true
		}
		// links[i] is the FIFO queue from position i to i+1: (kind, value).
		type msg struct {
			coord bool
			v     int32
		}
		var links [n][]msg
		for i := range n {
			if !dead[i] && rapid.Bool().Draw(t, "initiates") {
				sent[i] = true
				links[i] = append(links[i], msg{false, ids[i]})
			}
		}
		var ready [n]int
		for steps := 0; steps < 1000; steps++ {
			k := 0
			for i := range n {
				if len(links[i]) > 0 {
					ready[k] = i
					k++
				}
			}
			if k == 0 {
				break
			}
			from := ready[rapid.IntRange(0, k-1).Draw(t, "event")]
			m := links[from][0]
			links[from] = links[from][1:]
			to := (from + 1) % n
			out := &links[to]
			switch {
			case dead[to]:
				*out = append(*out, m)
			case m.coord && m.v == ids[to]:
			case m.coord:
				leader[to] = m.v
				*out = append(*out, m)
			case m.v == ids[to]:
				elected[to], leader[to] = true, ids[to]
				*out = append(*out, msg{true, ids[to]})
			case ids[to] > m.v:
				if !sent[to] {
					sent[to] = true
					*out = append(*out, msg{false, ids[to]})
				}
			default:
				*out = append(*out, m)
			}
		}
		var max int32
		for i := range n {
			if !dead[i] && ids[i] > max {
				max = ids[i]
			}
		}
		anyInit := false
		for i := range n {
			anyInit = anyInit || sent[i]
		}
		for i := range n {
			if anyInit && !dead[i] && leader[i] != max {
				t.Fatalf("position %d holds %d, want %d", i, leader[i], max)
			}
		}
	})
}

// BenchmarkFairContinuationChangRoberts512 is one execution of Chang–Roberts
// on 512 processes, every one initiating, ids in a fixed shuffled order,
// async FIFO, run by the fair FIFO continuation from its first event (as
// the claims' executions run after their adversarial prefix): a
// continuation looks for a revisited state (a livelock) after every event,
// which is what CR79-AVG's executions at n = 512..1024 spend most of their
// time on.
func BenchmarkFairContinuationChangRoberts512(b *testing.B) {
	const n = 512
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID((i*211)%n + 1) // 211 is prime to 512: a permutation
	}
	cfg := &model.Config{Algo: "changroberts", IDs: ids, Timing: model.Async, Net: model.FIFO}
	s0, err := changroberts.Algorithm.NewSystem(cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		x := checker.Execute(s0, checker.FIFO{}, checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}, checker.Options{MaxSteps: -1, FairAfter: 1})
		if x.Violation != nil || !x.Quiescent {
			b.Fatalf("violation %v, quiescent %v", x.Violation, x.Quiescent)
		}
	}
}
