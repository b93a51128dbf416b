package reproduce

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/model"
)

// sample is the random part of one run on a ring of n positions: the ids
// in ring order (a uniformly random permutation of 1..n, "Random numbers
// are assigned to each process", [S0] §VII), a random order of the
// positions from which the detectors are drawn, and the seed of the
// schedule of an async run.
type sample struct {
	ids []model.ID
	// order is a uniformly random permutation of the positions; the
	// detectors of a run are its first FPN eligible positions, so every
	// reading of a run sees the same draw (common random numbers) and each
	// scenario's detector set is uniform over its eligible processes.
	order []int
	// sched seeds the random schedule of an async run.
	sched uint64
	// runs caches the counts of the runs made on this sample, so that
	// readings that count different things in the same run (SElection
	// only and SElection + SCoordinator; sends and send+receive) share it.
	runs []cachedRun
}

type cachedRun struct {
	key    string
	counts *model.Counts
}

// cached returns the counts of the run named key, made by f on first use.
func (s *sample) cached(key string, f func() (*model.Counts, error)) (*model.Counts, error) {
	for _, r := range s.runs {
		if r.key == key {
			return r.counts, nil
		}
	}
	c, err := f()
	if err != nil {
		return nil, err
	}
	s.runs = append(s.runs, cachedRun{key, c})
	return c, nil
}

func newSample(rng *rand.Rand, n int) *sample {
	s := &sample{ids: make([]model.ID, n), order: rng.Perm(n), sched: rng.Uint64()}
	for i, p := range rng.Perm(n) {
		s.ids[i] = model.ID(p + 1)
	}
	return s
}

// coordinator is the best member: the highest id, n.
func (s *sample) coordinator() model.ID { return model.ID(len(s.ids)) }

// detectors returns fpn distinct processes drawn at random; with crash,
// the coordinator (crashed before the run) is never one.
func (s *sample) detectors(fpn int, crash bool) []model.ID {
	d := make([]model.ID, 0, fpn)
	for _, p := range s.order {
		if len(d) == fpn {
			break
		}
		if crash && s.ids[p] == s.coordinator() {
			continue
		}
		d = append(d, s.ids[p])
	}
	return d
}

// healed is the ring without the crashed coordinator, in ring order.
func (s *sample) healed() []model.ID {
	out := make([]model.ID, 0, len(s.ids)-1)
	for _, id := range s.ids {
		if id != s.coordinator() {
			out = append(out, id)
		}
	}
	return out
}

// Timing of a measured run.
type timing uint8

const (
	// syncT: lock-step rounds, [S0] §IV's "the end to end time between
	// each two process is the same" (the fast simulator, model.Sim).
	syncT timing = iota
	// asyncT: asynchronous FIFO links; every detector starts first (in a
	// random order), then each step delivers the head of a link chosen
	// uniformly at random among the non-empty ones (model.World, seeded
	// by the run's sample): the mean is over ids, detectors and schedules.
	asyncT
)

// counted selects what a measurement counts.
type counted uint8

const (
	// sends: point-to-point sends (P2P).
	sends counted = iota
	// sendRecv: sends plus receives (SR), [S0] Table 3's "send and
	// receive messages".
	sendRecv
)

func (c counted) String() string { return [...]string{"sends", "send+receive"}[c] }

// maxSteps caps one run: far beyond any count measured here (the counts
// are O(FPN·N)), it only turns a livelock into an error.
func maxSteps(n, fpn int) int64 { return int64(64*n*max(fpn, 1) + 1024) }

// count is the measured quantity of a finished run: the messages of kinds
// (all kinds when nil) under c.
func count(ct *model.Counts, kinds []*model.Kind, c counted) int64 {
	if kinds == nil {
		if c == sendRecv {
			return ct.Sends + ct.Deliveries
		}
		return ct.Sends
	}
	var v int64
	for _, k := range kinds {
		kc := ct.ByKind[k.Code]
		v += kc.Sends
		if c == sendRecv {
			v += kc.Deliveries
		}
	}
	return v
}

// sims holds, for each algorithm, a sync.Pool of the Sims that runs have
// finished with, for the next run to reset (model.Sim.Reset) instead of
// building its own: a table's thousands of runs then reuse a few Sims'
// storage. Which Sim a run gets changes nothing it returns (a reset Sim
// runs exactly as a new one: model's TestSimReset).
var sims sync.Map // *model.Algorithm[S] -> *sync.Pool of *model.Sim[S]

func simPool[S any](alg *model.Algorithm[S]) *sync.Pool {
	p, _ := sims.LoadOrStore(alg, new(sync.Pool))
	return p.(*sync.Pool)
}

// fastSim returns a Sim of cfg: one from alg's pool, reset, or a new one.
func fastSim[S any](alg *model.Algorithm[S], cfg *model.Config) (*model.Sim[S], error) {
	if sim, ok := simPool(alg).Get().(*model.Sim[S]); ok {
		if err := sim.Reset(cfg); err != nil {
			simPool(alg).Put(sim) // unchanged
			return nil, err
		}
		return sim, nil
	}
	return alg.NewFastSim(cfg)
}

// run executes cfg to quiescence, in the fast simulator (sync) or in a
// World under a random FIFO schedule (async), and returns its counts.
func run[S any](alg *model.Algorithm[S], cfg *model.Config, t timing, sched uint64) (*model.Counts, error) {
	limit := maxSteps(len(cfg.IDs), len(cfg.Initiators))
	if t == syncT {
		cfg.Timing = model.Sync
		sim, err := fastSim(alg, cfg)
		if err != nil {
			return nil, err
		}
		res := sim.Run(limit)
		simPool(alg).Put(sim) // res shares nothing with it
		if !res.Quiescent || res.Faults != 0 {
			return nil, fmt.Errorf("%s: no quiescence within %d rounds (or %d faulty sends): %s", alg.Name, limit, res.Faults, cfg)
		}
		return &res.Counts, nil
	}
	cfg.Timing, cfg.Net = model.Async, model.FIFO
	w, err := alg.NewWorld(cfg)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(sched, 0x5eed))
	var buf []model.Event
	var steps int64
	for {
		buf = w.Enabled(buf[:0])
		if len(buf) == 0 {
			break
		}
		// Initiations first ("start together"), in a random order.
		k := 0
		for k < len(buf) && buf[k].Kind == model.EvDetect {
			k++
		}
		var ev model.Event
		if k > 0 {
			ev = buf[rng.IntN(k)]
		} else {
			ev = buf[rng.IntN(len(buf))]
		}
		if err := w.Apply(ev); err != nil {
			return nil, err
		}
		if steps++; steps > limit {
			return nil, fmt.Errorf("%s: no quiescence within %d steps: %s", alg.Name, limit, cfg)
		}
	}
	return w.Counts(), nil
}

// fceabrRun measures FCEABR on s: the election scenario (no coordinator, a
// ring of all n processes, fpn initiators; Election + Coordinator
// messages) or the crash scenario (the coordinator, id n, crashed before
// the run and bypassed by the healed ring, fpn detectors; SElection +
// SCoordinator, or SElection only with selOnly).
func fceabrRun(s *sample, fpn int, crash, selOnly bool, variant string, t timing, c counted) (int64, error) {
	cfg := &model.Config{Algo: "fceabr", Variant: variant, IDs: s.ids, Initiators: s.detectors(fpn, crash)}
	kinds := []*model.Kind{fceabr.Election, fceabr.Coordinator}
	if crash {
		cfg.Crashed = []model.ID{s.coordinator()}
		kinds = []*model.Kind{fceabr.SElection, fceabr.SCoordinator}
		if selOnly {
			kinds = kinds[:1]
		}
	}
	key := fmt.Sprintf("fceabr/%s/%d/%v/%d", variant, fpn, crash, t)
	ct, err := s.cached(key, func() (*model.Counts, error) { return run(fceabr.Algorithm, cfg, t, s.sched) })
	if err != nil {
		return 0, err
	}
	return count(ct, kinds, c), nil
}

// ringRun measures basic Ring ([S0] §II; catalog A8 ALG-RINGPOLL without
// polling cost): fpn independent elections, each an Election lap that
// collects every id and a Coordinator lap. With crash it runs on the
// healed ring (the crashed coordinator removed, so no poll is sent);
// lap is AMB-RP-2's reading ("" = the default, lap-initiator).
func ringRun(s *sample, fpn int, crash bool, lap string, t timing, c counted) (int64, error) {
	ids := s.ids
	if crash {
		ids = s.healed()
	}
	cfg := &model.Config{Algo: "ringpoll", Variant: lap, IDs: ids, Initiators: s.detectors(fpn, crash)}
	key := fmt.Sprintf("ringpoll/%s/%d/%v/%d", lap, fpn, crash, t)
	ct, err := s.cached(key, func() (*model.Counts, error) { return run(ringpoll.Algorithm, cfg, t, s.sched) })
	if err != nil {
		return 0, err
	}
	return count(ct, nil, c), nil
}
