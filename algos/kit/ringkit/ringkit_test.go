package ringkit_test

import (
	"errors"
	"testing"

	"github.com/electlab/electlab/algos/kit/ringkit"
	"github.com/electlab/electlab/model"
)

// The log₂ formulas meet their definitions for n = 1..300: 2^(c-1) < n ≤
// 2^c for c = CeilLog2(n), and 2^f ≤ n < 2^(f+1) for f = FloorLog2(n);
// both are 0 at n = 0.
func TestLog2(t *testing.T) {
	for n := 1; n <= 300; n++ {
		c, f := ringkit.CeilLog2(n), ringkit.FloorLog2(n)
		if n > 1<<c || (c > 0 && n <= 1<<(c-1)) {
			t.Errorf("CeilLog2(%d) = %d", n, c)
		}
		if n < 1<<f || n >= 1<<(f+1) {
			t.Errorf("FloorLog2(%d) = %d", n, f)
		}
	}
	if c, f := ringkit.CeilLog2(0), ringkit.FloorLog2(0); c != 0 || f != 0 {
		t.Errorf("CeilLog2(0) = %d, FloorLog2(0) = %d, want 0 and 0", c, f)
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

// observed is a System whose only answer is its observations: all
// SameAnnouncement reads.
type observed struct {
	model.System
	obs []model.Observation
}

func (o observed) Observations() []model.Observation { return o.obs }

// SameAnnouncement passes equal announcements, ignores other tags, and
// fails on two different announcements (naming both) and on an error of
// its per-announcement check: the C-SLIDE-3 (ringpoll) and C-RING1-3
// (lelann) checks can fail.
func TestSameAnnouncementCanFail(t *testing.T) {
	same := ringkit.SameAnnouncement("announce", "initiator", nil)
	agree := observed{obs: []model.Observation{
		{Proc: 1, Tag: "announce", Val: 5}, {Proc: 2, Tag: "other", Val: 9}, {Proc: 3, Tag: "announce", Val: 5}}}
	if err := same(agree); err != nil {
		t.Errorf("equal announcements: %v", err)
	}
	differ := observed{obs: []model.Observation{{Proc: 1, Tag: "announce", Val: 5}, {Proc: 3, Tag: "announce", Val: 4}}}
	err := same(differ)
	if want := "initiator 1 announced 5 but initiator 3 announced 4"; err == nil || err.Error() != want {
		t.Errorf("different announcements: got %v, want %q", err, want)
	}
	belowMax := ringkit.SameAnnouncement("announce", "process", func(o model.Observation) error {
		if model.ID(o.Val) != o.MaxLive {
			return errBelowMax
		}
		return nil
	})
	low := observed{obs: []model.Observation{{Proc: 1, Tag: "announce", Val: 1, MaxLive: 3}}}
	if err := belowMax(low); err != errBelowMax {
		t.Errorf("per-announcement check: got %v, want %v", err, errBelowMax)
	}
}

var errBelowMax = errors.New("announced below the maximum live id")
