package ringkit_test

import (
	"testing"

	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/model/ringkit"
)

// The log₂ formulas at small sizes and around powers of two.
func TestLog2(t *testing.T) {
	for _, tc := range []struct {
		n           int
		ceil, floor int64
	}{{0, 0, 0}, {1, 0, 0}, {2, 1, 1}, {3, 2, 1}, {4, 2, 2}, {5, 3, 2}, {8, 3, 3}, {9, 4, 3}, {64, 6, 6}, {65, 7, 6}} {
		if got := ringkit.CeilLog2(tc.n); got != tc.ceil {
			t.Errorf("CeilLog2(%d) = %d, want %d", tc.n, got, tc.ceil)
		}
		if got := ringkit.FloorLog2(tc.n); got != tc.floor {
			t.Errorf("FloorLog2(%d) = %d, want %d", tc.n, got, tc.floor)
		}
	}
}

// Step calls wake on a start input and receive on each delivered
// message, in order, and leaves the state alone on any other input.
func TestStep(t *testing.T) {
	wake := func(env *model.Env, s string, out *model.Outbox) string { return s + "w" }
	receive := func(env *model.Env, s string, m model.Message, out *model.Outbox) string {
		return s + string(rune('0'+m.A))
	}
	step := ringkit.Step(wake, receive)
	var out model.Outbox
	s := step(nil, "", model.Input{Kind: model.InStart}, &out)
	s = step(nil, s, model.Input{Kind: model.InDeliver, Msgs: []model.Message{{A: 1}, {A: 2}}}, &out)
	s = step(nil, s, model.Input{Kind: model.InTimer}, &out)
	if s != "w12" {
		t.Errorf("state %q, want %q", s, "w12")
	}
}
