package model_test

// Throughput benchmarks of the fast simulator (Sim) against a bare,
// hand-specialised loop that applies the same Chang–Roberts rules to the
// same ring with the same global FIFO order. See docs/BENCHMARKS.md.
//
//	go test ./model/ -run '^$' -bench 'ChangRoberts' -benchtime 3x -count 6

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/model"
)

// benchSeed is the fixed PCG seed of the ring permutation: every run of
// every benchmark sees the same ring.
const benchSeed1, benchSeed2 = 0xE1EC7, 0x1AB

// ringIDs returns a random permutation of 1..n drawn from a fixed-seed PCG
// source, in ring order.
func ringIDs(n int) []model.ID {
	r := rand.New(rand.NewPCG(benchSeed1, benchSeed2))
	ids := make([]model.ID, n)
	for i, v := range r.Perm(n) {
		ids[i] = model.ID(v + 1)
	}
	return ids
}

var (
	ringMu    sync.Mutex
	ringCache = map[int][]model.ID{}
)

// cachedRing returns ringIDs(n), computed once per n. Callers must not
// modify it (NewTopology copies it).
func cachedRing(n int) []model.ID {
	ringMu.Lock()
	defer ringMu.Unlock()
	ids, ok := ringCache[n]
	if !ok {
		ids = ringIDs(n)
		ringCache[n] = ids
	}
	return ids
}

// newCRSim builds the fast simulator for Chang–Roberts on the unidirectional
// ring of ids: every process initiates, async timing, default variant
// (swallow).
func newCRSim(tb testing.TB, ids []model.ID) *model.Sim[changroberts.State] {
	cfg := &model.Config{
		Algo:       changroberts.Algorithm.Name,
		IDs:        ids,
		Timing:     model.Async,
		Forwarding: changroberts.Algorithm.Forwarding,
	}
	sim, err := changroberts.Algorithm.NewFastSim(cfg)
	if err != nil {
		tb.Fatalf("NewFastSim: %v", err)
	}
	return sim
}

// checkCR fails tb unless res is a quiescent run in which every process
// agrees on leader n, the only coordinator being n.
func checkCR(tb testing.TB, ids []model.ID, res model.SimResult) {
	tb.Helper()
	n := model.ID(len(ids))
	if !res.Quiescent {
		tb.Fatalf("run not quiescent after %d events", res.Events)
	}
	if res.Faults != 0 {
		tb.Fatalf("%d faulty sends", res.Faults)
	}
	for i, v := range res.Views {
		if res.Status[i] != model.Live {
			tb.Fatalf("process %d is %v", ids[i], res.Status[i])
		}
		if v.Leader != n {
			tb.Fatalf("process %d holds leader %d, want %d", ids[i], v.Leader, n)
		}
		if v.Coordinator != (ids[i] == n) {
			tb.Fatalf("process %d: coordinator=%v", ids[i], v.Coordinator)
		}
	}
}

var (
	simDelivMu sync.Mutex
	simDeliv   = map[int]int64{}
)

// simDeliveries runs the Sim once on the n-ring (outside any timed region)
// and returns its delivery count, cached per n.
func simDeliveries(tb testing.TB, n int) int64 {
	simDelivMu.Lock()
	defer simDelivMu.Unlock()
	d, ok := simDeliv[n]
	if !ok {
		ids := cachedRing(n)
		res := newCRSim(tb, ids).Run(0)
		checkCR(tb, ids, res)
		d = res.Counts.Deliveries
		simDeliv[n] = d
	}
	return d
}

// benchLoop times run over b.N fresh instances: prepare builds one
// instance outside the timed region (then the garbage is collected), run
// is timed, check judges its delivery count (first says the first
// iteration) outside the timed region. It reports msgs/s and msgs/op.
func benchLoop(b *testing.B, prepare func() (run func() int64), check func(first bool, d int64)) {
	var total int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		run := prepare()
		runtime.GC() // do not charge the previous iteration's garbage to this one
		b.StartTimer()
		d := run()
		b.StopTimer()
		check(i == 0, d)
		total += d
		b.StartTimer()
	}
	b.StopTimer()
	if sec := b.Elapsed().Seconds(); sec > 0 {
		b.ReportMetric(float64(total)/sec, "msgs/s")
	}
	b.ReportMetric(float64(total)/float64(b.N), "msgs/op")
}

func benchSim(b *testing.B, n int) {
	ids := cachedRing(n)
	var res model.SimResult
	benchLoop(b, func() func() int64 {
		sim := newCRSim(b, ids)
		return func() int64 {
			res = sim.Run(0)
			return res.Counts.Deliveries
		}
	}, func(first bool, _ int64) {
		if first {
			checkCR(b, ids, res)
			simDelivMu.Lock()
			simDeliv[n] = res.Counts.Deliveries
			simDelivMu.Unlock()
		}
	})
}

// BenchmarkSimChangRoberts1M runs the Sim over a 1,000,000-process ring.
func BenchmarkSimChangRoberts1M(b *testing.B) { benchSim(b, 1_000_000) }

// BenchmarkNewSimChangRoberts1M builds the Sim of BenchmarkSimChangRoberts1M
// (NewFastSim: the configuration resolved, the topology with its ids in
// order, every process's initial state), which that benchmark leaves out
// of its timed region.
func BenchmarkNewSimChangRoberts1M(b *testing.B) {
	ids := cachedRing(1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		newCRSim(b, ids)
	}
}

// BenchmarkSimChangRoberts10K runs the Sim over a 10,000-process ring.
func BenchmarkSimChangRoberts10K(b *testing.B) { benchSim(b, 10_000) }

// bareMsg is one message in flight in the bare loop: the receiver's ring
// position and the candidate id; a negative candidate is a coord(-cand).
type bareMsg struct {
	pos, cand int32
}

// bareRing is the bare loop's state, preallocated outside the timed region.
type bareRing struct {
	ids    []int32
	sent   []bool
	leader []int32
	queue  fifo[bareMsg]
}

// fifo is the bare loops' global FIFO queue: a ring buffer of capacity n,
// enough as each start or delivery sends at most one message and each
// delivery consumes one, so that at most n are ever in flight.
type fifo[M any] struct {
	buf []M
	// head is the index of the oldest message; size the number queued
	// (0 <= head < len(buf), 0 <= size <= len(buf)).
	head, size int32
}

func newFIFO[M any](n int) fifo[M] { return fifo[M]{buf: make([]M, n)} }

// push queues m last.
func (q *fifo[M]) push(m M) {
	t := q.head + q.size
	if t >= int32(len(q.buf)) {
		t -= int32(len(q.buf))
	}
	q.buf[t] = m
	q.size++
}

// pop removes and returns the oldest message (size > 0).
func (q *fifo[M]) pop() M {
	m := q.buf[q.head]
	q.head++
	if q.head == int32(len(q.buf)) {
		q.head = 0
	}
	q.size--
	return m
}

func newBareRing(ids []model.ID) *bareRing {
	n := len(ids)
	r := &bareRing{ids: make([]int32, n), sent: make([]bool, n), leader: make([]int32, n), queue: newFIFO[bareMsg](n)}
	for i, id := range ids {
		r.ids[i] = int32(id)
	}
	return r
}

// run applies the Chang–Roberts rules (default reading: swallow) with a
// global FIFO queue: every process starts in index order, then messages
// are delivered oldest first. It returns the number of deliveries.
func (r *bareRing) run() (deliveries int64) {
	n := int32(len(r.ids))
	ids, sent, leader, q := r.ids, r.sent, r.leader, &r.queue
	next := func(p int32) int32 {
		if p+1 == n {
			return 0
		}
		return p + 1
	}
	for p := int32(0); p < n; p++ {
		sent[p] = true
		q.push(bareMsg{next(p), ids[p]})
	}
	for q.size > 0 {
		m := q.pop()
		deliveries++
		p, self := m.pos, ids[m.pos]
		if m.cand < 0 { // coord
			c := -m.cand
			if c == self {
				continue // the announcement has gone round: n hops
			}
			leader[p] = c
			q.push(bareMsg{next(p), m.cand})
			continue
		}
		switch x := m.cand; {
		case x == self:
			leader[p] = self
			q.push(bareMsg{next(p), -self})
		case self > x:
			if !sent[p] {
				sent[p] = true
				q.push(bareMsg{next(p), self})
			}
		default:
			q.push(bareMsg{next(p), x})
		}
	}
	return deliveries
}

// benchRingLoop times a bare loop (named name in its messages) over the
// n-ring: build makes a fresh instance outside the timed region and
// returns its run and the leader each process holds after it. Every
// iteration's delivery count and the first one's leaders are checked
// against the Sim's.
func benchRingLoop(b *testing.B, n int, name string, build func(ids []model.ID) (run func() int64, leader func(p int) model.ID)) {
	ids := cachedRing(n)
	want := simDeliveries(b, n)
	var leader func(p int) model.ID
	benchLoop(b, func() func() int64 {
		var run func() int64
		run, leader = build(ids)
		return run
	}, func(first bool, d int64) {
		if d != want {
			b.Fatalf("%s loop delivered %d messages, the Sim %d", name, d, want)
		}
		if first {
			for p := range ids {
				if l := leader(p); l != model.ID(n) {
					b.Fatalf("%s loop: process %d holds leader %d, want %d", name, ids[p], l, n)
				}
			}
		}
	})
}

func benchBare(b *testing.B, n int) {
	benchRingLoop(b, n, "bare", func(ids []model.ID) (func() int64, func(int) model.ID) {
		r := newBareRing(ids)
		return r.run, func(p int) model.ID { return model.ID(r.leader[p]) }
	})
}

// BenchmarkBareRingChangRoberts1M runs the bare loop over the same
// 1,000,000-process ring as BenchmarkSimChangRoberts1M.
func BenchmarkBareRingChangRoberts1M(b *testing.B) { benchBare(b, 1_000_000) }

// BenchmarkBareRingChangRoberts10K runs the bare loop over the same
// 10,000-process ring as BenchmarkSimChangRoberts10K.
func BenchmarkBareRingChangRoberts10K(b *testing.B) { benchBare(b, 10_000) }

// stepRing drives changroberts.Algorithm.Step directly from a bare FIFO
// ring buffer: the cost of the pure-function API itself (a per-process
// Env, the state passed and returned by value, an Input with a one-message
// batch, the Outbox) with no simulator around it: no accounting, hop
// clocks, views, statuses or fault checks. It is the floor under any
// simulator that runs the algorithm through its Step function.
type stepRing struct {
	envs   []model.Env
	states []changroberts.State
	queue  fifo[stepMsg]
}

// stepMsg is a message in flight in stepRing: the receiver's position,
// the kind (0 elect, 1 coord) and the payload.
type stepMsg struct {
	pos  int32
	kind int32
	a    int32
}

func newStepRing(tb testing.TB, ids []model.ID) *stepRing {
	n := len(ids)
	topo, err := model.NewTopology(model.UniRing, ids)
	if err != nil {
		tb.Fatal(err)
	}
	variant := []uint8{changroberts.Swallow}
	r := &stepRing{envs: make([]model.Env, n), states: make([]changroberts.State, n), queue: newFIFO[stepMsg](n)}
	for i := range n {
		r.envs[i] = model.Env{Self: ids[i], Index: i, Topo: topo, Variant: variant}
		r.states[i] = changroberts.Algorithm.Init(&r.envs[i])
	}
	return r
}

func (r *stepRing) run() (deliveries int64) {
	alg := changroberts.Algorithm
	kinds := alg.Kinds
	n := int32(len(r.envs))
	order := r.envs[0].Topo.Order
	q := &r.queue
	var out model.Outbox
	batch := make([]model.Message, 1)
	apply := func(p int32) {
		next := p + 1
		if next == n {
			next = 0
		}
		for _, o := range out.Outputs() {
			if o.Kind != model.OutSend {
				continue
			}
			if o.Msg.To != order[next] {
				panic("changroberts sent off the ring")
			}
			q.push(stepMsg{pos: next, kind: int32(o.Msg.Kind.Code), a: o.Msg.A})
		}
	}
	for p := range n {
		env := &r.envs[p]
		out.Reset(env.Self)
		r.states[p] = alg.Step(env, r.states[p], model.Input{Kind: model.InStart}, &out)
		apply(p)
	}
	for q.size > 0 {
		m := q.pop()
		deliveries++
		p := m.pos
		prev := p - 1
		if prev < 0 {
			prev = n - 1
		}
		env := &r.envs[p]
		batch[0] = model.Message{Kind: kinds[m.kind], From: order[prev], To: env.Self, A: m.a}
		out.Reset(env.Self)
		r.states[p] = alg.Step(env, r.states[p], model.Input{Kind: model.InDeliver, Now: deliveries, Msgs: batch}, &out)
		apply(p)
	}
	return deliveries
}

func benchStep(b *testing.B, n int) {
	benchRingLoop(b, n, "step", func(ids []model.ID) (func() int64, func(int) model.ID) {
		r := newStepRing(b, ids)
		return r.run, func(p int) model.ID { return changroberts.Algorithm.View(r.states[p]).Leader }
	})
}

// BenchmarkStepAPIChangRoberts1M drives the algorithm's Step function from
// a bare loop over the same 1,000,000-process ring (the API's floor).
func BenchmarkStepAPIChangRoberts1M(b *testing.B) { benchStep(b, 1_000_000) }

// BenchmarkStepAPIChangRoberts10K is the same over the 10,000-process ring.
func BenchmarkStepAPIChangRoberts10K(b *testing.B) { benchStep(b, 10_000) }

// TestBareRingMatchesSim checks, at a size quick enough for every test run,
// that the bare, step and floor loops and the Sim agree on the delivery
// count and (bare and floor loops) the leader.
func TestBareRingMatchesSim(t *testing.T) {
	for _, n := range []int{2, 3, 17, 1000} {
		ids := ringIDs(n)
		res := newCRSim(t, ids).Run(0)
		checkCR(t, ids, res)
		r := newBareRing(ids)
		if d := r.run(); d != res.Counts.Deliveries {
			t.Fatalf("n=%d: bare loop delivered %d, the Sim %d", n, d, res.Counts.Deliveries)
		}
		if d := newStepRing(t, ids).run(); d != res.Counts.Deliveries {
			t.Fatalf("n=%d: step loop delivered %d, the Sim %d", n, d, res.Counts.Deliveries)
		}
		for _, outbox := range []bool{false, true} {
			f := newFloorRing(ids)
			d := f.run
			if outbox {
				d = f.runOut
			}
			if d := d(); d != res.Counts.Deliveries {
				t.Fatalf("n=%d: floor loop (outbox %v) delivered %d, the Sim %d", n, outbox, d, res.Counts.Deliveries)
			}
			for p, st := range f.states {
				if st.leader != int32(n) {
					t.Fatalf("n=%d: floor loop (outbox %v): process %d holds leader %d", n, outbox, ids[p], st.leader)
				}
			}
		}
		for p, l := range r.leader {
			if l != int32(n) {
				t.Fatalf("n=%d: bare loop: process %d holds leader %d", n, ids[p], l)
			}
		}
	}
}
