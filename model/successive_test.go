package model_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/model"
)

// Reference: [S3] §IX test 4 (successive crashes): bad successive-crash
// input is refused with an error naming the offending value.
func TestSuccessiveConfigErrors(t *testing.T) {
	base := func(ps []model.Phase) *model.Config {
		return &model.Config{Algo: "fceabrk", IDs: []model.ID{3, 1, 6, 2}, Successive: ps}
	}
	for _, tc := range []struct {
		ps   []model.Phase
		want string
	}{
		{make([]model.Phase, 4), "4 successive crashes leave no live process: at most 3"},
		{[]model.Phase{{}, {Detectors: []model.ID{9}}}, "successive crash 2: detector process 9 is not a member"},
		{[]model.Phase{{Detectors: []model.ID{1, 1}}}, "successive crash 1: detector process 1 is listed twice"},
	} {
		err := model.Validate(&fceabr.K.Info, base(tc.ps))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", model.FormatPhases(tc.ps), err, tc.want)
		}
	}
	if err := model.Validate(&fceabr.K.Info, base(make([]model.Phase, 3))); err != nil {
		t.Errorf("3 successive crashes on 4 processes: %v", err)
	}
	for _, tc := range []struct{ in, want string }{
		{"all;;2", "successive crash 2 is empty"},
		{"all;x", "successive crash 2: process id \"x\" is not an integer"},
		{"0", "successive crash 1: process id 0 is not positive"},
	} {
		if _, err := model.ParsePhases(tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePhases(%q): err %v, want %q", tc.in, err, tc.want)
		}
	}
	ps, err := model.ParsePhases(" all ; 2,5 ")
	if err != nil || model.FormatPhases(ps) != "all;2,5" {
		t.Errorf("ParsePhases round trip: %v %q", err, model.FormatPhases(ps))
	}
	if ev, err := model.ParseEvent("fail 7"); err != nil || ev.Kind != model.EvFail || ev.P != 7 || ev.String() != "fail 7" {
		t.Errorf("ParseEvent(fail 7) = %v, %v", ev, err)
	}
}

// Reference: [S3] §IX test 4: the "fail" event is enabled only at
// quiescence, for the agreed coordinator; the World's encoding of a config
// without successive crashes is unchanged by the feature (the state added
// for it is appended only when the config has successive crashes), and
// Clone keeps the phases left.
func TestSuccessiveWorld(t *testing.T) {
	ids := []model.ID{3, 1, 6, 2, 5, 4}
	plain, err := fceabr.K.NewWorld(&model.Config{Variant: "p2", IDs: ids, Initiators: []model.ID{3}})
	if err != nil {
		t.Fatal(err)
	}
	succ, err := fceabr.K.NewWorld(&model.Config{Variant: "p2", IDs: ids, Initiators: []model.ID{3}, Successive: []model.Phase{{}}})
	if err != nil {
		t.Fatal(err)
	}
	p, s := plain.Encode(nil), succ.Encode(nil)
	if !bytes.HasPrefix(s, p) || len(s) == len(p) {
		t.Errorf("encoding with successive crashes %v should extend the plain one %v", s, p)
	}
	if err := succ.Apply(model.Event{Kind: model.EvFail, P: 6}); err == nil {
		t.Error("fail applied before the run was quiescent")
	}
	var buf []model.Event
	for _, w := range []model.System{plain, succ} {
		for !w.Quiescent() {
			buf = w.Enabled(buf[:0])
			ev := buf[0]
			if d, ok := w.OldestDelivery(); ok && ev.Kind != model.EvDetect {
				ev = d
			}
			if ev.Kind == model.EvFail {
				break
			}
			if err := w.Apply(ev); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !plain.Quiescent() || succ.Quiescent() {
		t.Fatalf("quiescent: plain %t (want true), successive %t (want false: a crash is due)", plain.Quiescent(), succ.Quiescent())
	}
	if en := succ.Enabled(nil); len(en) != 1 || en[0] != (model.Event{Kind: model.EvFail, P: 6}) {
		t.Fatalf("enabled %v, want [fail 6]", en)
	}
	if err := succ.Apply(model.Event{Kind: model.EvFail, P: 5}); err == nil {
		t.Error("fail 5 applied: 5 is not the agreed coordinator")
	}
	c := succ.Clone()
	if err := succ.Apply(model.Event{Kind: model.EvFail, P: 6}); err != nil {
		t.Fatal(err)
	}
	if c.Fingerprint() == succ.Fingerprint() || c.Enabled(nil)[0].Kind != model.EvFail {
		t.Error("the clone shares the phases left")
	}
	if succ.Status(2) != model.Crashed || len(succ.Enabled(nil)) != 5 {
		t.Errorf("after fail 6: status %v, enabled %v (want 6 crashed and 5 detections)", succ.Status(2), succ.Enabled(nil))
	}
}
