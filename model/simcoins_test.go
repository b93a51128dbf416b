package model_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Coins in the fast simulator: the Sim against the World, event for event
// where the coin values fix the run (the fair FIFO schedule with the coins
// redrawn from the Sim's source), and in distribution against the World's
// random schedule.

// tokenState is the state of tokenRingAlg.
type tokenState struct {
	Leader model.ID
	Coord  bool
}

var (
	tokenMsg   = &model.Kind{Name: "token"}
	electedMsg = &model.Kind{Name: "elected", Args: 1}
	tokenKinds = model.Number(tokenMsg, electedMsg)
)

// tokenRingAlg is a test-only randomized election on a unidirectional
// ring that flips a coin per round: the initiator holds a token; whoever
// holds it flips a coin of weights 1:3 (Outbox.Coin(1, 3)): outcome 1 makes
// it the coordinator, which announces itself around the ring, outcome 0
// passes the token on. With the token starting at index 0, process index
// i is elected with probability (3/4)(1/4)^i / (1 - (1/4)^n)
// (tokenLeaderP), whatever the schedule: one message is in flight at a
// time.
func tokenRingAlg() *model.Algorithm[tokenState] {
	return &model.Algorithm[tokenState]{
		Info: model.Info{Name: "tokenring", Topology: model.UniRing, Kinds: tokenKinds},
		Init: func(*model.Env) tokenState { return tokenState{} },
		Step: func(env *model.Env, s tokenState, in model.Input, out *model.Outbox) tokenState {
			switch in.Kind {
			case model.InStart:
				out.Coin(1, 3)
			case model.InCoin:
				if in.Coin == 1 {
					s.Leader, s.Coord = env.Self, true
					out.Send(env.Next(), electedMsg, int32(env.Self), 0)
				} else {
					out.Send(env.Next(), tokenMsg, 0, 0)
				}
			case model.InDeliver:
				m := in.Msgs[0]
				switch {
				case m.Kind == tokenMsg:
					out.Coin(1, 3)
				case model.ID(m.A) != env.Self:
					s.Leader = model.ID(m.A)
					out.Send(env.Next(), electedMsg, m.A, 0)
				}
			}
			return s
		},
		View: func(s tokenState) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
	}
}

// tokenLeaderP is the probability that tokenRingAlg elects the process of
// index i of n (the token starts at index 0).
func tokenLeaderP(i, n int) float64 {
	return 0.75 * math.Pow(0.25, float64(i)) / (1 - math.Pow(0.25, float64(n)))
}

func tokenConfig(n int, timing model.Timing) *model.Config {
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID((i+2)%n + 1) // not sorted: 3, 4, 5, 1, 2 for n = 5
	}
	return &model.Config{Algo: "tokenring", IDs: ids, Initiators: ids[:1], Timing: timing}
}

// logState is the state of coinLogAlg: the kinds of the inputs taken, in
// order.
type logState struct{ Log string }

var pingMsg = &model.Kind{Name: "ping"}

// coinLogAlg is a test-only algorithm on two processes that logs its
// inputs. The initiator (1) sends a ping and arms a timer due in 2 time
// units; 2 pings back; 1 flips a coin at the ping it receives. In async
// timing the coin is answered before the timer can fire; in sync timing
// 1 takes the ping in round 2, when its timer is due, and must take its
// coin (after the round) before the timer (in round 3).
func coinLogAlg() *model.Algorithm[logState] {
	return &model.Algorithm[logState]{
		Info: model.Info{Name: "coinlog", Topology: model.Complete, Kinds: model.Number(pingMsg)},
		Init: func(*model.Env) logState { return logState{} },
		Step: func(env *model.Env, s logState, in model.Input, out *model.Outbox) logState {
			s.Log += in.Kind.String() + " "
			switch in.Kind {
			case model.InStart:
				out.Send(2, pingMsg, 0, 0)
				out.SetTimer(0, 2)
			case model.InDeliver:
				if env.Self == 2 {
					out.Send(1, pingMsg, 0, 0)
				} else {
					out.Flip(2)
				}
			}
			return s
		},
		View: func(logState) model.View { return model.View{} },
	}
}

// coinOrderAlg is a test-only algorithm on three processes whose coins in
// a sync round are requested out of index order: 1 sends a ping to 3 and
// arms a timer due in round 1; in round 1, 3 flips at the ping, then 1 at
// its timer. Each keeps its outcome (the World answers 1's coin first,
// the lowest index, and so must the Sim). In async timing 3's coin comes
// first.
func coinOrderAlg() *model.Algorithm[tokenState] {
	return &model.Algorithm[tokenState]{
		Info: model.Info{Name: "coinorder", Topology: model.Complete, Kinds: model.Number(pingMsg)},
		Init: func(*model.Env) tokenState { return tokenState{} },
		Step: func(env *model.Env, s tokenState, in model.Input, out *model.Outbox) tokenState {
			switch in.Kind {
			case model.InStart:
				out.Send(3, pingMsg, 0, 0)
				out.SetTimer(0, 1)
			case model.InDeliver, model.InTimer:
				out.Flip(8)
			case model.InCoin:
				s.Leader = model.ID(in.Coin + 1)
			}
			return s
		},
		View: func(s tokenState) model.View { return model.View{Leader: s.Leader} },
	}
}

// simRun runs spec's fast simulator on cfg with seed to quiescence.
func simRun[S any](t *testing.T, alg *model.Algorithm[S], cfg *model.Config, seed uint64) (model.SimResult, *model.Sim[S]) {
	t.Helper()
	sim, err := alg.NewFastSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sim.SetSeed(seed)
	res := sim.Run(100_000)
	if !res.Quiescent || res.Faults != 0 || res.CoinFaults != 0 {
		t.Fatalf("%s seed %d: sim quiescent %v, faults %d, coin faults %d, capped %q", cfg, seed, res.Quiescent, res.Faults, res.CoinFaults, res.Capped)
	}
	return res, sim
}

// worldRun runs the World on cfg to quiescence, choosing with choose; it
// returns the World and the number of coins answered.
func worldRun[S any](t *testing.T, alg *model.Algorithm[S], cfg *model.Config, choose func(model.System, []model.Event) model.Event) (*model.World[S], int64) {
	t.Helper()
	w, err := alg.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var coins int64
	var buf []model.Event
	for steps := 0; !w.Quiescent(); steps++ {
		if steps > 100_000 {
			t.Fatalf("%s: world not quiescent after %d events", cfg, steps)
		}
		buf = w.Enabled(buf[:0])
		ev := choose(w, buf)
		if ev.Kind == model.EvCoin {
			coins++
		}
		if err := w.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
	if f := w.Faults(); len(f) > 0 {
		t.Fatalf("%s: world faults %v", cfg, f)
	}
	return w, coins
}

// fifoDrawn is the World's schedule the Sim is: FairFIFO, with each coin
// it answers redrawn by model.DrawCoin from the Sim's source for seed.
func fifoDrawn(seed uint64) func(model.System, []model.Event) model.Event {
	rng := model.SeededRand(seed)
	return func(s model.System, en []model.Event) model.Event {
		ev := model.FairFIFO(s, en)
		if ev.Kind == model.EvCoin {
			w, _ := s.(model.CoinSystem).PendingCoin(s.Topo().IndexOf(ev.P))
			ev.Seq = model.DrawCoin(w, rng)
		}
		return ev
	}
}

// simMatchesDrawnWorld requires the Sim on cfg with seed and the World
// under fifoDrawn(seed) to agree exactly: events, coins, counts, views,
// statuses, learn-hop clocks. It returns the Sim's result.
func simMatchesDrawnWorld[S any](t *testing.T, alg *model.Algorithm[S], cfg *model.Config, seed uint64) model.SimResult {
	t.Helper()
	res, sim := simRun(t, alg, cfg, seed)
	w, coins := worldRun(t, alg, cfg, fifoDrawn(seed))
	where := fmt.Sprintf("%s %s seed %d", alg.Name, cfg, seed)
	if res.Events != w.Events() || res.Coins != coins {
		t.Errorf("%s: sim %d events, %d coins; world %d events, %d coins", where, res.Events, res.Coins, w.Events(), coins)
	}
	if wc := w.Counts(); res.Counts.Sends != wc.Sends || res.Counts.Deliveries != wc.Deliveries || res.Counts.Transmissions != wc.Transmissions {
		t.Errorf("%s: sim counts %+v, world %+v", where, res.Counts, *wc)
	}
	for i := range w.N() {
		if res.Views[i] != w.View(i) || res.Status[i] != w.Status(i) || res.LearnHops[i] != w.LearnHops(i) {
			t.Errorf("%s: process %d: sim %+v %v %d, world %+v %v %d", where, w.Topo().Order[i], res.Views[i], res.Status[i], res.LearnHops[i], w.View(i), w.Status(i), w.LearnHops(i))
		}
		if any(sim.State(i)) != w.State(i) {
			t.Errorf("%s: process %d: sim state %+v, world %+v", where, w.Topo().Order[i], sim.State(i), w.State(i))
		}
	}
	return res
}

// leaderIndex is the index of the agreed leader of a run (-1 when the
// live processes do not all hold the same one).
func leaderIndex(topo *model.Topology, views []model.View) int {
	l := views[0].Leader
	for _, v := range views {
		if v.Leader != l {
			return -1
		}
	}
	return topo.IndexOf(l)
}

// TestSimCoinsMatchWorld: the Sim with coins is the World's fair FIFO
// schedule with the coins drawn from the Sim's seeded source, exactly, in
// both timings, for the coin pair (two coins pending after a sync round),
// the token ring (a weighted coin per hop), coinLogAlg (a coin and a
// timer due in the same round) and coinOrderAlg (a round's coins
// requested out of index order); and the seed matters.
func TestSimCoinsMatchWorld(t *testing.T) {
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		leaders := map[int]bool{}
		coins := map[int64]bool{}
		for seed := range uint64(40) {
			res := simMatchesDrawnWorld(t, modeltest.CoinPairAlg(true, 0), &model.Config{Algo: "coinpair", IDs: []model.ID{1, 2}, Timing: timing}, seed)
			coins[res.Coins] = true
			for _, n := range []int{3, 5} {
				cfg := tokenConfig(n, timing)
				res := simMatchesDrawnWorld(t, tokenRingAlg(), cfg, seed)
				topo, _ := model.NewTopology(model.UniRing, cfg.IDs)
				leaders[leaderIndex(topo, res.Views)] = true
			}
			simMatchesDrawnWorld(t, coinLogAlg(), &model.Config{Algo: "coinlog", IDs: []model.ID{1, 2}, Initiators: []model.ID{1}, Timing: timing}, seed)
			simMatchesDrawnWorld(t, coinOrderAlg(), &model.Config{Algo: "coinorder", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1}, Timing: timing}, seed)
		}
		if len(leaders) < 3 || len(coins) < 3 {
			t.Errorf("%s: 40 seeds elected token-ring indexes %v and answered coin-pair coin counts %v: the seed does not reach the coins", timing, leaders, coins)
		}
	}
	// Same seed, same run.
	a, _ := simRun(t, tokenRingAlg(), tokenConfig(5, model.Async), 7)
	b, _ := simRun(t, tokenRingAlg(), tokenConfig(5, model.Async), 7)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("seed 7 twice: %+v, then %+v", a, b)
	}
}

// coinLogWant is coinLogAlg's initiator's log: its coin before its timer
// (and, in async timing, before anything else after the ping).
var coinLogWant = "start deliver coin timer "

// TestSimCoinWaits: a process with a pending coin takes no other input
// until the coin: in coinLogAlg the initiator's log is start, deliver,
// coin, timer in both timings (sync: the timer due in the round of the
// coin's request fires in the next round). The broken Sim whose processes
// do not wait (model.BreakSimCoinWait) is caught in both timings.
func TestSimCoinWaits(t *testing.T) {
	cfg := func(timing model.Timing) *model.Config {
		return &model.Config{Algo: "coinlog", IDs: []model.ID{1, 2}, Initiators: []model.ID{1}, Timing: timing}
	}
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		_, sim := simRun(t, coinLogAlg(), cfg(timing), 1)
		if got := sim.State(0).Log; got != coinLogWant {
			t.Errorf("%s: initiator's inputs %q, want %q", timing, got, coinLogWant)
		}
	}
	// Async: a ping sent before the coin's request must wait behind the
	// coin; the initiator here flips at its start.
	early := &model.Algorithm[logState]{
		Info: model.Info{Name: "coinearly", Topology: model.Complete, Kinds: model.Number(pingMsg)},
		Init: func(*model.Env) logState { return logState{} },
		Step: func(env *model.Env, s logState, in model.Input, out *model.Outbox) logState {
			s.Log += in.Kind.String() + " "
			if in.Kind == model.InStart {
				out.Send(2, pingMsg, 0, 0)
				out.Flip(2)
			} else if in.Kind == model.InDeliver && env.Self == 2 {
				out.Send(1, pingMsg, 0, 0)
			}
			return s
		},
		View: func(logState) model.View { return model.View{} },
	}
	earlyCfg := &model.Config{Algo: "coinearly", IDs: []model.ID{1, 2}, Initiators: []model.ID{1}}
	if _, sim := simRun(t, early, earlyCfg, 1); sim.State(0).Log != "start coin deliver " {
		t.Errorf("async: initiator's inputs %q, want %q", sim.State(0).Log, "start coin deliver ")
	}

	model.BreakSimCoinWait(true)
	defer model.BreakSimCoinWait(false)
	if _, sim := simRun(t, early, earlyCfg, 1); sim.State(0).Log == "start coin deliver " {
		t.Errorf("broken wait, async: initiator's inputs %q, want the ping before the coin", sim.State(0).Log)
	}
	if _, sim := simRun(t, coinLogAlg(), cfg(model.Sync), 1); sim.State(0).Log == coinLogWant {
		t.Errorf("broken wait, sync: initiator's inputs %q, want the timer before the coin", sim.State(0).Log)
	}
}

// Distribution over seeds. For a frequency p̂ of N runs with success
// probability p, a bound of 5 standard deviations, 5·sqrt(p(1-p)/N),
// fails a correct draw with probability below 1e-6 (and the seeds are
// fixed: the test is deterministic); the broken draws below miss it by
// far more.

const coinRuns = 2000

// within5sd reports whether frequency got is within 5 standard deviations
// of p over n runs, and the bound.
func within5sd(got, p float64, n int) (bool, float64) {
	b := 5 * math.Sqrt(p*(1-p)/float64(n))
	return math.Abs(got-p) <= b, b
}

// tokenFreqs runs tokenRingAlg on n processes coinRuns times (run(seed)
// returns the leader's index) and returns each index's frequency.
func tokenFreqs(t *testing.T, n int, run func(seed uint64) int) []float64 {
	t.Helper()
	f := make([]float64, n)
	for seed := range uint64(coinRuns) {
		i := run(seed)
		if i < 0 {
			t.Fatalf("seed %d: no agreed leader", seed)
		}
		f[i] += 1.0 / coinRuns
	}
	return f
}

func simTokenLeader(t *testing.T, cfg *model.Config) func(uint64) int {
	topo, _ := model.NewTopology(model.UniRing, cfg.IDs)
	return func(seed uint64) int {
		res, _ := simRun(t, tokenRingAlg(), cfg, seed)
		return leaderIndex(topo, res.Views)
	}
}

// TestSimCoinWeights: the Sim draws by the coin's weights: the token
// ring's leader (a 1:3 coin per hop) is index i with frequency within 5
// standard deviations of tokenLeaderP(i, n) over 2000 seeds, for index 0
// (p = 0.762 for n = 3) and index 1. A draw that ignores the weights
// (model.BreakCoinDraw: 1:1, p = 0.571 for index 0) is caught.
func TestSimCoinWeights(t *testing.T) {
	const n = 3
	cfg := tokenConfig(n, model.Async)
	f := tokenFreqs(t, n, simTokenLeader(t, cfg))
	for i := range 2 {
		if ok, b := within5sd(f[i], tokenLeaderP(i, n), coinRuns); !ok {
			t.Errorf("leader index %d in %.4f of %d runs, want %.4f ± %.4f", i, f[i], coinRuns, tokenLeaderP(i, n), b)
		}
	}
	model.BreakCoinDraw(true)
	defer model.BreakCoinDraw(false)
	f = tokenFreqs(t, n, simTokenLeader(t, cfg))
	if ok, _ := within5sd(f[0], tokenLeaderP(0, n), coinRuns); ok {
		t.Errorf("broken draw (weights ignored): leader index 0 in %.4f of %d runs, within the bound of %.4f", f[0], coinRuns, tokenLeaderP(0, n))
	}
}

// TestSimCoinsLikeRandomWorld: the Sim and the World under the random
// schedule (checker.NewRandom, uniform) agree in distribution over 2000
// seeds each: the token ring's leader index frequencies (n = 4, both
// within 5 standard deviations of tokenLeaderP, and of each other within
// 5·sqrt(2) of them), and the coin pair's (process 1 elected: p = 1/2;
// coins per run: mean 4, as 2 per round over a geometric number of rounds
// of mean 2, variance of the count 8). Every run elects.
func TestSimCoinsLikeRandomWorld(t *testing.T) {
	const n = 4
	cfg := tokenConfig(n, model.Async)
	topo, _ := model.NewTopology(model.UniRing, cfg.IDs)
	fs := tokenFreqs(t, n, simTokenLeader(t, cfg))
	fw := tokenFreqs(t, n, func(seed uint64) int {
		w, _ := worldRun(t, tokenRingAlg(), cfg, checker.NewRandom(seed, checker.Uniform).Choose)
		views := make([]model.View, w.N())
		for i := range views {
			views[i] = w.View(i)
		}
		return leaderIndex(topo, views)
	})
	for i := range n {
		p := tokenLeaderP(i, n)
		okS, b := within5sd(fs[i], p, coinRuns)
		okW, _ := within5sd(fw[i], p, coinRuns)
		if !okS || !okW || math.Abs(fs[i]-fw[i]) > math.Sqrt2*b {
			t.Errorf("leader index %d: sim %.4f, random world %.4f; want %.4f ± %.4f each, apart by at most %.4f", i, fs[i], fw[i], p, b, math.Sqrt2*b)
		}
	}

	pair := &model.Config{Algo: "coinpair", IDs: []model.ID{1, 2}}
	var simOne, worldOne, simCoins, worldCoins float64
	for seed := range uint64(coinRuns) {
		res, _ := simRun(t, modeltest.CoinPairAlg(false, 0), pair, seed)
		w, coins := worldRun(t, modeltest.CoinPairAlg(false, 0), pair, checker.NewRandom(seed, checker.Uniform).Choose)
		if res.Views[0].Leader == 0 || res.Views[0].Leader != res.Views[1].Leader || w.View(0).Leader == 0 || w.View(0).Leader != w.View(1).Leader {
			t.Fatalf("seed %d: sim views %v, world %v %v: not elected", seed, res.Views, w.View(0), w.View(1))
		}
		if res.Views[0].Leader == 1 {
			simOne++
		}
		if w.View(0).Leader == 1 {
			worldOne++
		}
		simCoins += float64(res.Coins)
		worldCoins += float64(coins)
	}
	simOne, worldOne, simCoins, worldCoins = simOne/coinRuns, worldOne/coinRuns, simCoins/coinRuns, worldCoins/coinRuns
	if okS, b := within5sd(simOne, 0.5, coinRuns); !okS {
		t.Errorf("coin pair: sim elects 1 in %.4f of runs, want 0.5 ± %.4f", simOne, b)
	}
	if okW, b := within5sd(worldOne, 0.5, coinRuns); !okW {
		t.Errorf("coin pair: random world elects 1 in %.4f of runs, want 0.5 ± %.4f", worldOne, b)
	}
	cb := 5 * math.Sqrt(8.0/coinRuns)
	if math.Abs(simCoins-4) > cb || math.Abs(worldCoins-4) > cb {
		t.Errorf("coin pair: mean coins per run: sim %.3f, random world %.3f; want 4 ± %.3f", simCoins, worldCoins, cb)
	}
}

// TestSimCoinCap: a step cap stops the Sim at exactly that many events,
// also inside a chain of coins (a coin left pending is not quiescence).
func TestSimCoinCap(t *testing.T) {
	for _, timing := range []model.Timing{model.Async, model.Sync} {
		cfg := tokenConfig(5, timing)
		full, _ := simRun(t, tokenRingAlg(), cfg, 3)
		for limit := int64(1); limit < full.Events; limit++ {
			sim, err := tokenRingAlg().NewFastSim(cfg)
			if err != nil {
				t.Fatal(err)
			}
			sim.SetSeed(3)
			res := sim.Run(limit)
			if res.Events != limit || res.Quiescent || res.Capped != fmt.Sprintf("the step cap of %d events", limit) {
				t.Errorf("%s: cap %d: %d events, quiescent %v, capped %q", timing, limit, res.Events, res.Quiescent, res.Capped)
			}
		}
	}
}

// badCoinAlg requests, at its start, a coin of one outcome (not a coin),
// then a fair coin, then a second one while that is pending: two coin
// faults, as the World records them.
func badCoinAlg() *model.Algorithm[logState] {
	return &model.Algorithm[logState]{
		Info: model.Info{Name: "badcoin", Topology: model.Complete, Kinds: model.Number(pingMsg)},
		Init: func(*model.Env) logState { return logState{} },
		Step: func(env *model.Env, s logState, in model.Input, out *model.Outbox) logState {
			s.Log += in.Kind.String() + " "
			if in.Kind == model.InStart {
				out.Flip(1)
				out.Flip(2)
				out.Flip(3)
			}
			return s
		},
		View: func(logState) model.View { return model.View{} },
	}
}

// TestSimCoinFaults: the Sim counts the coin faults the World records and
// ignores the bad requests as it does (one coin answered per process).
func TestSimCoinFaults(t *testing.T) {
	cfg := &model.Config{Algo: "badcoin", IDs: []model.ID{1, 2}}
	sim, err := badCoinAlg().NewFastSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res := sim.Run(0)
	w, err := badCoinAlg().NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	choose := fifoDrawn(0)
	for !w.Quiescent() {
		if err := w.Apply(choose(w, w.Enabled(nil))); err != nil {
			t.Fatal(err)
		}
	}
	if !res.Quiescent || res.CoinFaults != 4 || len(w.Faults()) != 4 || res.Coins != 2 || sim.State(0).Log != "start coin " {
		t.Errorf("sim: quiescent %v, %d coin faults, %d coins, log %q; world faults %q; want 4 faults (2 a process) in both, 2 coins", res.Quiescent, res.CoinFaults, res.Coins, sim.State(0).Log, w.Faults())
	}
}
