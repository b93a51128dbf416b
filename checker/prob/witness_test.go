package prob

import (
	"testing"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// replay applies w's events to a clone of s0 and returns the states
// after each event (the start first).
func replay(t *testing.T, s0 model.System, w *Witness) []model.System {
	t.Helper()
	s := s0.Clone()
	out := []model.System{s.Clone()}
	for i, ev := range w.Events {
		if err := s.Apply(ev); err != nil {
			t.Fatalf("%s: event %d (%s) does not apply: %v", w.Query, i+1, ev, err)
		}
		out = append(out, s.Clone())
	}
	return out
}

// TestWitness: the scheduler attaining each extreme, as a path of events
// that replays: on the coin election that gives up after two ties, the
// most likely way to elect (one round, probability 1/4) and, for Pmin =
// 7/8, the most likely way to the state where electing has become
// impossible (three ties of two coins each, 1/64); on Bully with its
// coordinator crashed, the timeout cycle that makes Emax[sends] infinite,
// a lasso whose cycle returns to the state before it.
func TestWitness(t *testing.T) {
	s0, err := modeltest.CoinPairAlg(false, 2).NewSystem(&model.Config{Algo: "coinpair", IDs: []model.ID{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(s0, 0, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := ParseQuery("Pmax", "elected")
	w, err := a.Witness(q)
	if err != nil {
		t.Fatal(err)
	}
	states := replay(t, s0, w)
	if w.Prob.RatString() != "1/4" || !Elected(states[len(states)-1]) || w.Ends != "at elected" {
		t.Errorf("Pmax witness: %v, probability %s, ends %s", w.Events, w.Prob.RatString(), w.Ends)
	}
	q, _ = ParseQuery("Pmin", "elected")
	w, err = a.Witness(q)
	if err != nil {
		t.Fatal(err)
	}
	states = replay(t, s0, w)
	coins := 0
	for _, ev := range w.Events {
		if ev.Kind == model.EvCoin {
			coins++
		}
	}
	last := states[len(states)-1]
	if w.Prob.RatString() != "1/64" || coins != 6 || Elected(last) {
		t.Errorf("Pmin witness: %v, probability %s, %d coins", w.Events, w.Prob.RatString(), coins)
	}
	// From the path's end, no scheduler elects: Pmax there is 0.
	b, err := Analyze(last, 0, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := b.Answer("Pmax", "elected"); v.String() != "0" {
		t.Errorf("Pmin witness ends where Pmax[elected] = %s, want 0", v)
	}

	s0 = newSystem(t, "bully", model.Config{IDs: []model.ID{1, 2, 3}, Crashed: []model.ID{3}, Initiators: []model.ID{1}})
	a, err = Analyze(s0, 0, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	q, _ = ParseQuery("Emax", "sends")
	w, err = a.Witness(q)
	if err != nil {
		t.Fatal(err)
	}
	states = replay(t, s0, w)
	if w.Loop < 0 || w.Loop >= len(w.Events) {
		t.Fatalf("Emax[sends] witness: no cycle: %v (loop %d)", w.Events, w.Loop)
	}
	enc := func(s model.System) string { return string(s.Encode(nil)) }
	if enc(states[w.Loop]) != enc(states[len(states)-1]) {
		t.Errorf("the cycle from event %d does not return to the state before it: %v", w.Loop+1, w.Events)
	}
	q, _ = ParseQuery("Pmax", "elected within 3 steps")
	if _, err := a.Witness(q); err == nil {
		t.Error("a bounded query's witness was written")
	}
}
