package model_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/model"
)

// lateKinds and lateAlg are a toy for the timeouts modes: 1 and 3 send each
// other a ping when they start, 2 arms timer 1.
var lateKinds = model.Kinds(model.KindSpec{Name: "ping"})

type lateState struct{}

var lateAlg = &model.Algorithm[lateState]{
	Info: model.Info{Name: "late", Topology: model.Complete, Kinds: lateKinds},
	Init: func(*model.Env) lateState { return lateState{} },
	Step: func(env *model.Env, s lateState, in model.Input, out *model.Outbox) lateState {
		if in.Kind != model.InStart {
			return s
		}
		switch env.Self {
		case 1:
			out.Send(3, lateKinds[0], 0, 0)
		case 2:
			out.SetTimer(1, 1)
		case 3:
			out.Send(1, lateKinds[0], 0, 0)
		}
		return s
	},
	View: func(lateState) model.View { return model.View{} },
}

// fireOf2 is the event of 2's timer.
var fireOf2 = model.Event{Kind: model.EvFire, P: 2, Timer: 1}

// fireAgrees reports whether fireOf2 is listed by w's Enabled, and checks
// that Apply (on a copy) accepts it exactly when it is listed, refusing it
// with the mode's reason (want) otherwise.
func fireAgrees(t *testing.T, w model.System, want string) bool {
	t.Helper()
	listed := slices.Contains(w.Enabled(nil), fireOf2)
	err := w.Clone().Apply(fireOf2)
	switch {
	case listed && err != nil:
		t.Errorf("%s: Enabled lists %q but Apply refuses it: %v", w.Config().Timeouts, fireOf2, err)
	case !listed && err == nil:
		t.Errorf("%s: Apply takes %q, which Enabled does not list", w.Config().Timeouts, fireOf2)
	case !listed && !strings.Contains(err.Error(), want):
		t.Errorf("%s: Apply refuses %q with %q, want it to say %q", w.Config().Timeouts, fireOf2, err, want)
	}
	return listed
}

// TestDeadLateTimeouts: under dead-late timeouts a timer does not fire
// while a message sent by a live process is in flight (to a live or a
// crashed receiver), and does while only messages a crashed process sent
// are; accurate timeouts wait for those too, early ones for nothing.
// Enabled and Apply agree at every step.
func TestDeadLateTimeouts(t *testing.T) {
	for _, tc := range []struct {
		timeouts model.Timeouts
		why      string
		// want: 2's timer may fire after the starts, after 1's crash,
		// and once 3's ping to the crashed 1 is dropped (only 1's ping
		// to 3 left in flight).
		want [3]bool
	}{
		{model.DeadLate, "dead-late timeouts fire only when no message sent by a live process is in flight", [3]bool{false, false, true}},
		{model.Accurate, "accurate timeouts fire only when no message is in flight", [3]bool{false, false, false}},
		{model.Early, "", [3]bool{true, true, true}},
	} {
		cfg := &model.Config{Algo: "late", IDs: []model.ID{1, 2, 3}, CrashBudget: 1, Timeouts: tc.timeouts}
		w, err := lateAlg.NewWorld(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var got [3]bool
		for k, evs := range [][]model.Event{
			{{Kind: model.EvDetect, P: 1}, {Kind: model.EvDetect, P: 2}, {Kind: model.EvDetect, P: 3}},
			{{Kind: model.EvCrash, P: 1}},
			{{Kind: model.EvDeliver, From: 3, P: 1, Seq: 1}},
		} {
			for _, ev := range evs {
				if err := w.Apply(ev); err != nil {
					t.Fatalf("%s: %v", tc.timeouts, err)
				}
			}
			got[k] = fireAgrees(t, w, tc.why)
		}
		if got != tc.want {
			t.Errorf("%s: 2's timer enabled after the starts, the crash, the drop = %v, want %v", tc.timeouts, got, tc.want)
		}
		if n := len(w.InFlight()); n != 1 {
			t.Errorf("%s: %d messages in flight at the end, want 1 (the crashed 1's ping to 3)", tc.timeouts, n)
		}
		if tc.want[2] {
			if err := w.Apply(fireOf2); err != nil {
				t.Errorf("%s: %v", tc.timeouts, err)
			}
		}
	}
}

// TestParseTimeouts: every mode's name parses back to it, and a bad one
// names the accepted ones.
func TestParseTimeouts(t *testing.T) {
	for _, m := range []model.Timeouts{model.Accurate, model.Early, model.DeadLate} {
		if got, err := model.ParseTimeouts(m.String()); err != nil || got != m {
			t.Errorf("ParseTimeouts(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := model.ParseTimeouts("late"); err == nil || !strings.Contains(err.Error(), "accurate, early or dead-late") {
		t.Errorf("ParseTimeouts(late): %v", err)
	}
}
