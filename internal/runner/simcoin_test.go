package runner

import (
	"io"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// TestSimSeedsCoins: `run -engine sim` hands -seed (Run.Seed) to the fast
// simulator's coins: the coin pair's leader under each seed is the one
// model.Sim elects with that seed, and 20 seeds elect both processes (a
// Sim left at its default seed would elect the same one every time).
func TestSimSeedsCoins(t *testing.T) {
	alg := modeltest.CoinPairAlg(false, 0)
	cfg := &model.Config{Algo: "coinpair", IDs: []model.ID{1, 2}}
	seen := map[model.ID]bool{}
	for seed := range uint64(20) {
		rep := render.NewRunReport(alg, cfg, "fifo", seed, 0)
		if err := (&Run{Spec: alg, Config: cfg, Seed: seed}).Sim(&rep, io.Discard); err != nil {
			t.Fatal(err)
		}
		sim, err := alg.NewFastSim(cfg)
		if err != nil {
			t.Fatal(err)
		}
		sim.SetSeed(seed)
		want := sim.Run(0).Views[0].Leader
		if !rep.Agreed || rep.Leader != want || !rep.Quiescent {
			t.Fatalf("seed %d: run leader %d (agreed %v, quiescent %v), Sim with that seed %d", seed, rep.Leader, rep.Agreed, rep.Quiescent, want)
		}
		for _, v := range rep.Violations {
			// The coin pair elects either process: validity (the
			// highest id) is not its property, but a model fault is.
			if v.Property == checker.PropModel {
				t.Fatalf("seed %d: %v", seed, v)
			}
		}
		seen[rep.Leader] = true
	}
	if len(seen) != 2 {
		t.Errorf("20 seeds elected %v, want both processes", seen)
	}
}

// TestSimCoinFaultsReported: the fast simulator's coin faults (here a
// coin of one outcome at every start) are a model violation of the run.
func TestSimCoinFaultsReported(t *testing.T) {
	alg := &model.Algorithm[int]{
		Info: model.Info{Name: "badcoin", Topology: model.Complete, Kinds: model.Number(&model.Kind{Name: "m"})},
		Init: func(*model.Env) int { return 0 },
		Step: func(_ *model.Env, s int, in model.Input, out *model.Outbox) int {
			if in.Kind == model.InStart {
				out.Flip(1)
			}
			return s
		},
		View: func(int) model.View { return model.View{} },
	}
	cfg := &model.Config{Algo: "badcoin", IDs: []model.ID{1, 2}}
	rep := render.NewRunReport(alg, cfg, "fifo", 1, 0)
	if err := (&Run{Spec: alg, Config: cfg, Seed: 1}).Sim(&rep, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, v := range rep.Violations {
		if v.Property == checker.PropModel && strings.HasPrefix(v.Message, "2 coin faults") {
			return
		}
	}
	t.Errorf("violations %v, want a model violation for 2 coin faults", rep.Violations)
}

// TestEnginesAgreeOnCoins: under the fifo schedule both engines draw the
// coins from -seed the same way (checker.SeededFIFO, model.Sim.SetSeed):
// for every seed the World's run and the fast simulator's give the same
// leader, steps and messages; FIFO answering every coin with 0 (the
// schedule before) would not.
func TestEnginesAgreeOnCoins(t *testing.T) {
	alg := modeltest.CoinPairAlg(false, 0)
	cfg := &model.Config{Algo: "coinpair", IDs: []model.ID{1, 2}}
	run := func(seed uint64, ch checker.Chooser) (render.RunReport, render.RunReport) {
		w := render.NewRunReport(alg, cfg, "fifo", seed, 0)
		if err := (&Run{Spec: alg, Config: cfg, Seed: seed, Chooser: ch}).World(&w, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		s := render.NewRunReport(alg, cfg, "fifo", seed, 0)
		if err := (&Run{Spec: alg, Config: cfg, Seed: seed}).Sim(&s, io.Discard); err != nil {
			t.Fatal(err)
		}
		return w, s
	}
	differ := 0
	for seed := range uint64(20) {
		ch, err := Chooser("fifo", seed, false)
		if err != nil {
			t.Fatal(err)
		}
		w, s := run(seed, ch)
		if w.Leader != s.Leader || w.Steps != s.Steps || w.Messages.Sends != s.Messages.Sends {
			t.Errorf("seed %d: world leader %d in %d steps, sim leader %d in %d steps", seed, w.Leader, w.Steps, s.Leader, s.Steps)
		}
		if w, s := run(seed, checker.FIFO{}); w.Steps != s.Steps || w.Leader != s.Leader {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the fixed-outcome FIFO agreed with the simulator on every seed: the test cannot tell")
	}
}
