package model

// Sim, the fast simulator: the World's twin for one fixed schedule over
// large n (see Sim). Its message queue is in simqueue.go, its memory
// estimate in mem.go.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"unsafe"
)

// Simulator is the fast mutable simulator with its state type erased.
type Simulator interface {
	// Run executes until quiescence or until maxEvents events have been
	// applied (0 = no cap) and reports the outcome.
	Run(maxEvents int64) SimResult
}

// SimResult is the outcome of a Sim run.
type SimResult struct {
	// Quiescent is false when the run stopped at the event cap.
	Quiescent bool
	// Events is the number of events applied, as the World counts them:
	// deliveries, starts, timers and coins (async timing), or rounds,
	// starts and coins (sync timing), and the successive crashes.
	Events int64
	// Rounds is the number of lock-step rounds (sync timing).
	Rounds int64
	// Counts is the message accounting.
	Counts Counts
	// Views are the final views, by index.
	Views []View
	// Status are the final statuses, by index.
	Status []Status
	// LearnHops is each process's hop clock when its leader last changed.
	LearnHops []int32
	// Faults counts sends to non-members or to self (a broken algorithm).
	Faults int64
	// Coins is the number of coins answered (Outbox.Coin; each is one of
	// Events, as the World's "coin P = V").
	Coins int64
	// CoinFaults counts the model faults of coins (a broken algorithm), as
	// the World records them: a request that is not a coin's (bad
	// weights, or a second coin while one is pending), which is ignored,
	// and, in sync timing, a bounce lost because its sender waits for its
	// coin.
	CoinFaults int64
	// Capped, when not empty, names the bound that stopped the run before
	// quiescence ("the step cap of N events", "max-mem 1GiB" or
	// "interrupted").
	Capped string
	// Interrupted reports that the poll (SetPoll) stopped the run.
	Interrupted bool
}

// Sim runs an algorithm's step functions over large n with no copying and
// no fingerprints. Its scheduler is fixed: every initiator starts first (in
// index order), then messages are delivered oldest first (async timing), or
// round by round (sync timing); an armed timer fires only when no message is
// in flight, earliest first. This is the World's "fifo" schedule, so both
// give the same outcome for the same config (a test checks it).
//
// Coins (Outbox.Coin) are answered first, as FairFIFO answers them, but
// with outcomes drawn, not fixed: a pending coin is answered before any
// other event (in async timing right after the step that requested it, in
// sync timing after the round, lowest index first), its outcome drawn
// with DrawCoin from the Sim's own source, SeededRand of the seed SetSeed
// gives (0 when not set). The source serves the coins only (the schedule
// is fixed), one draw per coin, in the order the coins are answered: the
// same seed gives the same run. This is the World under FairFIFO with
// each chosen "coin P = V" redrawn by DrawCoin from that source (a test
// checks they agree). A process waits for its coin as in the World: in
// sync timing its due timers fire in a later round, after the coin, and a
// bounce to it in the round is lost (SimResult.CoinFaults).
type Sim[S any] struct {
	alg *Algorithm[S]
	r   *resolved
	// spareR is a resolved configuration nothing uses, whose storage
	// Reset fills (the one before the last Reset's).
	spareR *resolved
	states []S
	status []Status
	// procs holds the hop clock and cached leader of each process, side by
	// side, so that a step touches one cache line for both.
	procs  []simProc
	learn  []int32
	timers [][]timer
	// armed: some process has set a timer in this run (sticky); until
	// then a round skips the O(n) scan for due timers.
	armed bool
	// queue is the global FIFO of messages in flight (async timing).
	queue simQueue
	// next holds the messages of the next round (sync timing); spare is
	// the buffer of the round being delivered, reused.
	next, spare []Message
	// faults counts sends to non-members (a broken algorithm).
	faults int64
	counts Counts
	events int64
	rounds int64
	// sync caches r.cfg.Timing == Sync for the duration of a Run.
	sync bool
	out  Outbox
	// env is the scratch Env handed to every step (see step).
	env   Env
	batch [1]Message
	// maxMem is the memory bound (SetMaxMem; 0 = none); baseBytes the
	// estimate without the messages in flight; qwatch the queue length
	// beyond which the next step may grow the queue (then memOver
	// decides whether the grown queue still fits).
	maxMem, baseBytes int64
	qwatch            int
	// probe, when set (SetMemProbe), reports the memory in use; Run calls
	// it every probeEvery events.
	probe func() int64
	// poll, when set (SetPoll), is called every probeEvery events;
	// interrupted records that it stopped the run.
	poll        func(events int64) bool
	interrupted bool
	// coins[p] are the weights of process p's pending coin, nil when it
	// has none; coins is nil until a step requests one. ncoins is the
	// number pending, coinq their processes, in the order requested.
	coins  [][]uint32
	ncoins int
	coinq  []int32
	// holdCoins defers answering coins (during a sync round, and while
	// answerCoins answers); stopAt is Run's event cap (0 = none), which
	// answerCoins also stops at.
	holdCoins bool
	stopAt    int64
	// seed and rng are the coins' source (SetSeed); rng is made at the
	// first coin. nanswered and coinFaults are SimResult.Coins and
	// CoinFaults.
	seed                  uint64
	rng                   *rand.Rand
	nanswered, coinFaults int64
}

// SetSeed sets the seed of the source the Sim draws coin outcomes from
// (SeededRand; 0 when not set). Call it before Run.
func (s *Sim[S]) SetSeed(seed uint64) { s.seed, s.rng = seed, nil }

// probeEvery is the number of events between two calls of a Sim's memory
// probe.
const probeEvery = 1 << 16

// SetMemProbe sets a function that reports the memory in use (the CLI
// reads the Go heap): with SetMaxMem, Run also stops, Capped, when it
// reports more than the bound, every probeEvery events. It sees what the
// estimate cannot (the slices inside process states) and changes only
// where a run that reaches the bound stops.
func (s *Sim[S]) SetMemProbe(probe func() int64) { s.probe = probe }

// SetPoll sets a function Run calls every probeEvery events with the
// events so far (the CLI prints progress and watches for SIGINT there):
// true stops the run, unfinished, SimResult.Interrupted. It must not
// change the run otherwise.
func (s *Sim[S]) SetPoll(poll func(events int64) bool) { s.poll = poll }

// checkpoint is Run's check every probeEvery events: true stops the run,
// interrupted by the poll or over the memory bound by the probe.
func (s *Sim[S]) checkpoint() bool {
	if s.poll != nil && s.poll(s.events) {
		s.interrupted = true
		return true
	}
	return s.probe != nil && s.maxMem > 0 && s.probe() > s.maxMem
}

// simProc is the Sim's bookkeeping of one process.
type simProc struct {
	// hops is the process's Lamport hop clock.
	hops int32
	// leader caches alg.View(state).Leader, so a step computes the view
	// of the new state only (View is a pure function of the state, and
	// only a step changes a state).
	leader ID
}

// NewSim builds the fast simulator for cfg (see Spec). Crash budgets,
// recovery and joins need the World; NewSim rejects them.
func (a *Algorithm[S]) NewSim(cfg *Config) (Simulator, error) { return a.NewFastSim(cfg) }

// NewFastSim builds the fast simulator for cfg with its type.
func (a *Algorithm[S]) NewFastSim(cfg *Config) (*Sim[S], error) {
	r, err := resolve(&a.Info, cfg)
	if err != nil {
		return nil, err
	}
	if err := fastSimRuns(cfg); err != nil {
		return nil, err
	}
	s := &Sim[S]{alg: a}
	s.init(r, &Sim[S]{})
	return s, nil
}

// Reset makes s the Sim NewFastSim(cfg) would build for s's algorithm, in
// the storage s already has (its resolved configurations, process arrays
// and message buffers), so that a driver running many short simulations
// one after another does not build a Sim for each; on an error
// (NewFastSim's) s is unchanged. What a Run returned shares nothing with
// s; a state State returned may share storage Reset reuses (the
// topology), so a caller keeps none past a Reset. The settings
// of SetSeed, SetMaxMem, SetMemProbe and SetPoll are dropped, as on a
// new Sim. The one difference from a new Sim: the round buffers of sync
// timing keep the capacity earlier runs gave them, and SetMaxMem's
// estimate counts that memory (it is held).
func (s *Sim[S]) Reset(cfg *Config) error {
	r, err := resolveInto(&s.alg.Info, cfg, s.spareR)
	if err != nil {
		s.spareR = nil // garbage now
		return err
	}
	if err := fastSimRuns(cfg); err != nil {
		s.spareR = r // unused: storage for the next Reset
		return err
	}
	old := *s
	*s = Sim[S]{alg: old.alg, spareR: old.r}
	s.init(r, &old)
	return nil
}

// brokenSimReset is a test hook (export_test.go): set, Reset keeps the
// last run's learn-hop clocks.
var brokenSimReset bool

// fastSimRuns rejects a configuration the fast simulator cannot run.
func fastSimRuns(cfg *Config) error {
	if cfg.CrashBudget > 0 || cfg.Recovery || len(cfg.Absent) > 0 {
		return fmt.Errorf("the fast simulator runs fixed schedules only: crash budget, recovery and joins need the World")
	}
	if cfg.Detect != DetectEager {
		return fmt.Errorf("the fast simulator starts every detector: lazy detection needs the World")
	}
	if cfg.Physical != Direct {
		return fmt.Errorf("the fast simulator has direct links only: physical network %s needs the World", cfg.Physical)
	}
	return nil
}

// init makes s, holding only its algorithm (and Reset's spare resolved
// configuration), the initial Sim of r, taking storage from old (a Sim
// nothing uses any more, or a zero one).
func (s *Sim[S]) init(r *resolved, old *Sim[S]) {
	a := s.alg
	n := r.topo.N()
	s.r = r
	s.states, s.status = resize(old.states, n), resize(old.status, n)
	s.procs, s.timers = resize(old.procs, n), resize(old.timers, n)
	keepLearn := brokenSimReset && cap(old.learn) >= n
	if keepLearn {
		s.learn = old.learn[:n]
	} else {
		s.learn = resize(old.learn, n)
	}
	s.counts.ByKind = resize(old.counts.ByKind, len(a.Kinds))
	s.env = Env{Topo: r.topo, Variant: r.variant, Initial: r.initial, Shared: r.shared}
	s.out = old.out // every step resets it
	clear(old.next)
	clear(old.spare[:cap(old.spare)])
	s.next, s.spare = old.next[:0], old.spare[:0]
	if r.cfg.Timing != Sync {
		// Every initiator's start usually sends: room for n in flight.
		s.queue = old.queue.reuse(n)
	}
	for i := range n {
		s.states[i] = a.Init(&r.envs[i])
		s.procs[i].leader = a.View(s.states[i]).Leader
		if !keepLearn {
			s.learn[i] = -1
		}
		if r.crashed[i] {
			s.status[i] = Crashed
		}
	}
}

// SetMaxMem bounds the estimated memory of the run (0 = none): Run stops,
// with SimResult.Capped set, at the first step that could grow the message
// queue past it (async timing), or at the first round whose message
// buffers could (sync timing).
func (s *Sim[S]) SetMaxMem(bytes int64) {
	s.maxMem = bytes
	s.baseBytes = s.alg.SimBytes(len(s.states), s.r.cfg.Timing == Sync) - int64(len(s.queue.buf))*int64(unsafe.Sizeof(qmsg{}))
	s.qwatch = -1
	if bytes <= 0 {
		s.qwatch = int(^uint(0) >> 1)
	}
}

// memOver reports that the message buffers may grow past maxMem within
// the next step (async) or round (sync).
func (s *Sim[S]) memOver() bool {
	if s.maxMem <= 0 {
		return false
	}
	if s.sync {
		return s.baseBytes+2*int64(cap(s.next)+cap(s.spare))*int64(unsafe.Sizeof(Message{})) > s.maxMem
	}
	l, fan := len(s.queue.buf), len(s.states)
	if s.queue.n+fan <= l {
		s.qwatch = l - fan
		return false
	}
	// The queue may double within the step: old and new buffers coexist.
	if s.baseBytes+3*int64(l)*int64(unsafe.Sizeof(qmsg{}))+int64(len(s.queue.extra))*int64(unsafe.Sizeof(Message{})) > s.maxMem {
		return true
	}
	s.qwatch = l
	return false
}

// Run executes the fixed schedule (see Sim).
func (s *Sim[S]) Run(maxEvents int64) SimResult {
	capped := func() bool { return maxEvents > 0 && s.events >= maxEvents }
	s.sync = s.r.cfg.Timing == Sync
	s.stopAt = max(maxEvents, 0)
	if s.maxMem == 0 {
		s.qwatch = int(^uint(0) >> 1)
	}
	over := false
	// next is the event count of the next cap or probe check.
	stop := int64(1<<63 - 1)
	if maxEvents > 0 {
		stop = maxEvents
	}
	probing := s.probe != nil && s.maxMem > 0 || s.poll != nil
	next := stop
	if probing {
		next = min(stop, s.events+probeEvery)
	}
	pending := false // an initiation was left undone at a cap or bound
	for i := range s.states {
		if s.r.initiator[i] && s.status[i] == Live {
			if capped() {
				pending = true
				break
			}
			if s.queue.n > s.qwatch && s.memOver() || probing && s.events >= next && s.checkpoint() {
				pending, over = true, true
				break
			}
			if probing && s.events >= next {
				next = min(stop, s.events+probeEvery)
			}
			s.events++
			s.step(i, s.r.topo.Order[i], Input{Kind: InStart})
		}
	}
	phase := 0
	for !over {
		if s.events >= next {
			if s.events >= stop {
				break
			}
			if s.checkpoint() {
				over = true
				break
			}
			next = min(stop, s.events+probeEvery)
		}
		if s.queue.n > s.qwatch && s.memOver() {
			over = true
			break
		}
		if s.sync {
			if s.maxMem > 0 && s.memOver() {
				over = true
				break
			}
			if len(s.next) == 0 && !s.anyTimer() {
				if !pending && s.fail(&phase) {
					continue
				}
				break
			}
			s.round()
			continue
		}
		if s.queue.n > 0 {
			s.deliverOldest()
			continue
		}
		if s.ncoins > 0 && brokenSimCoinWait {
			// The broken model answers coins as late as timers fire.
			s.answerCoins()
			continue
		}
		if !s.fireEarliest() {
			if !pending && s.fail(&phase) {
				continue
			}
			break
		}
	}
	// A coin is left pending only at the cap.
	quiet := s.queue.n == 0 && len(s.next) == 0 && !s.anyTimer() && s.ncoins == 0
	res := SimResult{Quiescent: !pending && (!capped() && !over || quiet),
		Events: s.events, Rounds: s.rounds, Counts: s.counts.clone(),
		Views: make([]View, len(s.states)), Status: append([]Status(nil), s.status...),
		LearnHops: append([]int32(nil), s.learn...), Faults: s.faults,
		Coins: s.nanswered, CoinFaults: s.coinFaults}
	for i := range s.states {
		res.Views[i] = s.alg.View(s.states[i])
	}
	switch {
	case res.Quiescent:
	case over && s.interrupted:
		res.Capped, res.Interrupted = "interrupted", true
	case over:
		res.Capped = "max-mem " + FormatBytes(s.maxMem)
	case capped():
		res.Capped = fmt.Sprintf("the step cap of %d events", maxEvents)
	}
	return res
}

// fail applies successive crash number *phase (Config.Successive) at
// quiescence, as the World's "fail" event does: the coordinator every live
// process holds crashes, then the phase's live detectors start, in index
// order, with that coordinator as Input.Suspect (one event each). It
// reports false when no phase remains, and, counting a fault, when no
// coordinator is agreed (the phases stop there).
func (s *Sim[S]) fail(phase *int) bool {
	ph := s.r.cfg.Successive
	if *phase >= len(ph) {
		return false
	}
	held := heldCoordinators(s.alg, s.states, s.status, func(i int) ID { return s.alg.View(s.states[i]).Leader })
	l, err := agreedLeader(s.r.topo, s.status, held, s.alg.Holds != nil)
	if err != nil {
		s.faults++
		*phase = len(ph)
		return false
	}
	det := ph[*phase].Detectors
	*phase++
	p := s.r.topo.IndexOf(l)
	s.status[p] = Crashed
	s.timers[p] = nil
	s.dropCoin(p)
	s.events++
	for i := range s.states {
		if s.status[i] == Live && (len(det) == 0 || slices.Contains(det, s.r.topo.Order[i])) {
			s.events++
			s.step(i, s.r.topo.Order[i], Input{Kind: InStart, Suspect: l})
		}
	}
	return true
}

// deliverOldest delivers the oldest message in flight (async timing).
func (s *Sim[S]) deliverOldest() {
	q := &s.queue
	e := &q.buf[q.head]
	q.head = (q.head + 1) & (len(q.buf) - 1)
	q.n--
	s.events++
	// The message is written field by field: building it in a temporary
	// and copying that (what a composite literal compiles to) stalls on
	// store forwarding, which costs more than the rest of this function.
	b, to := &s.batch[0], e.to
	if e.kind >= 0 {
		b.Kind = s.alg.Kinds[e.kind]
		b.From, b.To, b.Seq, b.Stamp = e.from, s.r.topo.Order[to], 0, 0
		b.Hops, b.A, b.B, b.List = e.hops, e.a, e.b, nil
	} else {
		*b = q.popExtra()
	}
	s.receive(int(to), s.batch[:])
}

func (s *Sim[S]) anyTimer() bool {
	for i, ts := range s.timers {
		if len(ts) > 0 && s.status[i] == Live {
			return true
		}
	}
	return false
}

// fireEarliest fires the armed timer with the earliest deadline (lowest
// index on ties); false when none is armed.
func (s *Sim[S]) fireEarliest() bool {
	bp, bj := earliestTimer(s.timers, s.status)
	if bp < 0 {
		return false
	}
	id := s.timers[bp][bj].id
	s.timers[bp] = slices.Delete(s.timers[bp], bj, bj+1)
	s.events++
	s.step(bp, s.r.topo.Order[bp], Input{Kind: InTimer, Timer: id})
	return true
}

// round delivers every message in flight as per-receiver batches, then
// fires due timers.
func (s *Sim[S]) round() {
	s.rounds++
	s.events++
	// Coins requested in the round are answered after it.
	s.holdCoins = true
	defer s.endRound()
	cur := s.next
	s.next = s.spare[:0]
	topo := s.r.topo
	slices.SortStableFunc(cur, func(a, b Message) int { return topo.IndexOf(a.To) - topo.IndexOf(b.To) })
	for start := 0; start < len(cur); {
		end := start + 1
		for end < len(cur) && cur[end].To == cur[start].To {
			end++
		}
		s.receive(topo.IndexOf(cur[start].To), cur[start:end:end])
		start = end
	}
	s.spare = cur[:0]
	if !s.armed {
		return
	}
	for p := range s.timers {
		for s.status[p] == Live && !s.blocked(p) {
			j := slices.IndexFunc(s.timers[p], func(t timer) bool { return t.due <= s.rounds })
			if j < 0 {
				break
			}
			id := s.timers[p][j].id
			s.timers[p] = slices.Delete(s.timers[p], j, j+1)
			s.step(p, s.r.topo.Order[p], Input{Kind: InTimer, Timer: id})
		}
	}
}

func (s *Sim[S]) now() int64 {
	if s.sync {
		return s.rounds
	}
	return s.events
}

func (s *Sim[S]) receive(p int, msgs []Message) {
	if s.status[p] == Live {
		pr := &s.procs[p]
		for i := range msgs {
			m := &msgs[i]
			s.counts.Deliveries++
			s.counts.ByKind[m.Kind.Code].Deliveries++
			if m.Hops > pr.hops {
				pr.hops = m.Hops
			}
		}
		s.step(p, msgs[0].To, Input{Kind: InDeliver, Msgs: msgs})
		return
	}
	topo := s.r.topo
	for _, m := range msgs {
		if next, ok := forwardTarget(topo, s.r.forwarding && s.status[p] == Crashed, p, m.From); ok {
			m.From = topo.Order[p]
			s.counts.Forwards++
			s.enqueue(p, &m, topo.Order[next], m.Hops+1)
		} else if sender := topo.IndexOf(m.From); s.alg.Bounce && s.status[sender] == Live && s.blocked(sender) {
			// Only in a sync round: the sender asked for a coin earlier
			// in the round and cannot take the bounce now (the World
			// records the same fault).
			s.coinFaults++
		} else if s.alg.Bounce && s.status[sender] == Live {
			s.step(sender, m.From, Input{Kind: InBounce, Msgs: []Message{m}})
		}
	}
}

// forwardTarget is where the control part of crashed ring node p forwards a
// message that came from `from`: onward in the direction of travel.
func forwardTarget(topo *Topology, forwarding bool, p int, from ID) (int, bool) {
	if !forwarding || topo.Kind == Complete {
		return 0, false
	}
	next := topo.Next(p)
	if topo.Kind == BiRing && from == topo.Order[next] {
		next = topo.Prev(p)
	}
	return next, true
}

// step runs process p (whose ID is self, passed in so the hot path reads no
// per-process table) on input in and applies its outputs.
func (s *Sim[S]) step(p int, self ID, in Input) {
	in.Now = s.now()
	// One scratch Env, rewritten before each step, instead of a million
	// scattered ones: the values a process sees never change (Step must
	// not retain env).
	// Topo and Variant were set once in NewFastSim: only the two scalar
	// fields change, so no pointer is written per step.
	s.env.Self, s.env.Index = self, p
	env := &s.env
	s.out.Reset(env.Self)
	st := s.alg.Step(env, s.states[p], in, &s.out)
	s.states[p] = st
	pr := &s.procs[p]
	if l := s.alg.View(st).Leader; l != pr.leader {
		pr.leader = l
		s.learn[p] = pr.hops
	}
	for i := range s.out.out {
		o := &s.out.out[i]
		switch o.Kind {
		case OutSend:
			s.counts.Transmissions++
			s.counts.ByKind[o.Msg.Kind.Code].Transmissions++
			s.enqueue(p, &o.Msg, o.Msg.To, pr.hops+1)
		case OutMulticast:
			s.counts.Transmissions++
			s.counts.ByKind[o.Msg.Kind.Code].Transmissions++
			for _, d := range o.Dests {
				s.enqueue(p, &o.Msg, d, pr.hops+1)
			}
		case OutSetTimer:
			s.armed = true
			s.timers[p] = setTimer(s.timers[p], o.Timer, in.Now+o.Delay)
		case OutCancelTimer:
			s.timers[p] = slices.DeleteFunc(s.timers[p], func(t timer) bool { return t.id == o.Timer })
		case OutCoin:
			s.requestCoin(p, o.Weights)
		}
	}
	if s.ncoins > 0 && !s.holdCoins && !(brokenSimCoinWait && !s.sync) {
		s.answerCoins()
	}
}

// requestCoin makes weights process p's pending coin, or counts a coin
// fault (and ignores the request), as the World's requestCoin does.
func (s *Sim[S]) requestCoin(p int, weights []uint32) {
	if coinFault(weights) != "" || s.waits(p) {
		s.coinFaults++
		return
	}
	if s.coins == nil {
		s.coins = make([][]uint32, len(s.states))
	}
	s.coins[p] = weights
	s.ncoins++
	s.coinq = append(s.coinq, int32(p))
}

// waits reports that process p has a pending coin.
func (s *Sim[S]) waits(p int) bool { return s.ncoins > 0 && s.coins[p] != nil }

// blocked reports that process p takes no input now: it waits for its coin
// (always false in the broken model of brokenSimCoinWait).
func (s *Sim[S]) blocked(p int) bool { return s.waits(p) && !brokenSimCoinWait }

// brokenSimCoinWait is a test hook (export_test.go): set, a Sim's process
// does not wait for its coin: async deliveries and timers go first (the
// coin is answered as late as a timer fires), and its due timers fire in
// the round that requested it (a broken model the coin tests must catch).
var brokenSimCoinWait bool

// dropCoin forgets process p's pending coin, if any (it crashed).
func (s *Sim[S]) dropCoin(p int) {
	if s.waits(p) {
		s.coins[p] = nil
		s.ncoins--
		s.coinq = slices.DeleteFunc(s.coinq, func(q int32) bool { return int(q) == p })
	}
}

// endRound answers the coins requested in a round (sync timing), after it.
func (s *Sim[S]) endRound() {
	s.holdCoins = false
	if s.ncoins > 0 {
		s.answerCoins()
	}
}

// answerCoins answers the pending coins, the lowest index first, as
// FairFIFO picks them (a process that asks again at its answer is still
// the lowest), each one event, its outcome drawn from the Sim's source.
// It stops, leaving coins pending, at Run's event cap.
func (s *Sim[S]) answerCoins() {
	if s.rng == nil {
		s.rng = SeededRand(s.seed)
	}
	s.holdCoins = true
	defer func() { s.holdCoins = false }()
	q := s.coinq
	slices.Sort(q)
	for k, p := range q {
		for s.coins[p] != nil {
			if s.stopAt > 0 && s.events >= s.stopAt {
				s.coinq = append(s.coinq[:0], q[k:]...)
				return
			}
			w := s.coins[p]
			s.coins[p] = nil
			s.ncoins--
			s.nanswered++
			s.events++
			s.step(int(p), s.r.topo.Order[p], Input{Kind: InCoin, Coin: int(DrawCoin(w, s.rng))})
			if s.coins[p] != nil {
				// Asked again at its answer: requestCoin queued it again.
				s.coinq = s.coinq[:len(s.coinq)-1]
			}
		}
	}
	s.coinq = q[:0]
}

func setTimer(ts []timer, id uint8, due int64) []timer {
	for j := range ts {
		if ts[j].id == id {
			ts[j].due = due
			return ts
		}
	}
	return append(ts, timer{id: id, due: due})
}

// enqueue sends *m with its To replaced by to and its Hops by hops; p is
// the index of the sender (of the forwarding node, for a forward), so a
// message to p's ring successor needs no look-up of its receiver.
func (s *Sim[S]) enqueue(p int, m *Message, to ID, hops int32) {
	topo := s.r.topo
	idx := topo.Next(p)
	if topo.Order[idx] != to {
		idx = topo.IndexOf(to)
	}
	if idx < 0 || to == m.From {
		s.faults++
		return
	}
	code := m.Kind.Code
	s.counts.Sends++
	s.counts.ByKind[code].Sends++
	if s.sync {
		c := *m
		c.To, c.Hops = to, hops
		s.next = append(s.next, c)
		return
	}
	kind := int32(code)
	if m.Seq != 0 || m.Stamp != 0 || m.List != nil || s.alg.Kinds[code] != m.Kind {
		c := *m
		c.To, c.Hops = to, hops
		s.queue.pushExtra(c)
		kind = -1
	}
	e := s.queue.push()
	e.from, e.hops, e.a, e.b, e.to, e.kind = m.From, hops, m.A, m.B, int32(idx), kind
}

// State returns process i's current state (by index into the topology's
// order), for drivers that read an end state beyond the View.
func (s *Sim[S]) State(i int) S { return s.states[i] }
