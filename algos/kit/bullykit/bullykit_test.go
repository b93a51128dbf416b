package bullykit

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// Reference: [S4] §VI, Tables I and II, Bully column — T_m at the worst
// detector P = 1 and the best one P = N gives the printed 24, 99, 399 and
// 4, 9, 19 for 5, 10, 20 processes.
func TestTmPrintedRows(t *testing.T) {
	for _, tc := range []struct{ n, p, want int64 }{
		{5, 1, 24}, {10, 1, 99}, {20, 1, 399},
		{5, 5, 4}, {10, 10, 9}, {20, 20, 19},
	} {
		if got := Tm(tc.n, tc.p); got.Cmp(claim.RatInt(tc.want)) != 0 {
			t.Errorf("T_m(%d, %d) = %v, want %d", tc.n, tc.p, got, tc.want)
		}
	}
}

// Reference: model.Outbox.Multicast counts one transmission (BCAST1) per
// multicast, even to nobody — the family's Multicast sends none then.
func TestMulticastSkipsNobody(t *testing.T) {
	k := &model.Kind{Name: "x"}
	var out model.Outbox
	out.Reset(1)
	Multicast(&out, nil, k, 0)
	if n := len(out.Outputs()); n != 0 {
		t.Fatalf("a multicast to nobody left %d outputs", n)
	}
	Multicast(&out, []model.ID{2, 3}, k, 7)
	o := out.Outputs()
	if len(o) != 1 || o[0].Kind != model.OutMulticast || len(o[0].Dests) != 2 || o[0].Msg.A != 7 {
		t.Fatalf("got %+v, want one multicast of A=7 to 2 and 3", o)
	}
}

// Reference: the catalog's conventions A and B (docs/ARCHITECTURE.md, "The
// Bully family") — under ToLive the members crashed before the run are
// left out, under ToAll they are messaged.
func TestRecipientsReading(t *testing.T) {
	topo, err := model.NewTopology(model.Complete, []model.ID{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	initial := []model.Status{model.Live, model.Live, model.Live, model.Crashed}
	for _, tc := range []struct {
		reading uint8
		want    int
	}{{ToAll, 3}, {ToLive, 2}} {
		env := &model.Env{Self: 1, Topo: topo, Variant: []uint8{tc.reading}, Initial: initial}
		if got := Recipients(env, 0, func(id model.ID) bool { return id != env.Self }); len(got) != tc.want {
			t.Errorf("reading %d: recipients %v, want %d of them", tc.reading, got, tc.want)
		}
	}
}

// Reference: [S3] §II calls the process that starts the election the
// informer (modbully; the others say detector) — the shared settings carry
// the word they are given, with the values of the settings they replace.
func TestSettingsFor(t *testing.T) {
	s := SettingsFor("informer")
	if s.One.Name != "sync, one informer, the old coordinator crashed" || s.One.Initiators != claim.OneInitiator || !s.One.CoordinatorDead {
		t.Errorf("One = %+v", s.One)
	}
	if s.Staggered.Name != "async fifo, accurate timeouts, staggered informers, up to 1 more crashed" || !s.Staggered.Staggered || s.Staggered.MaxDead != 1 {
		t.Errorf("Staggered = %+v", s.Staggered)
	}
	if e := EarlyOutside("X"); e.Name != "async fifo, early timeouts (outside X)" || !e.Outside || e.Timeouts != model.Early {
		t.Errorf("EarlyOutside = %+v", e)
	}
}

// Reference: [S4] §II — at the start every process holds the old
// coordinator, the highest member (the lowest for a min-id algorithm,
// kabashi), and only that process acts as coordinator; an absent member
// is not the old coordinator. The view is the belief.
func TestInitialBelief(t *testing.T) {
	topo, err := model.NewTopology(model.Complete, []model.ID{2, 4, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	initial := []model.Status{model.Live, model.Absent, model.Live, model.Live}
	for _, tc := range []struct {
		minID bool
		old   model.ID
	}{{false, 3}, {true, 1}} {
		for _, self := range topo.Order {
			env := &model.Env{Self: self, Topo: topo, Initial: initial}
			b := InitialBelief(env, tc.minID)
			if b.Leader != tc.old || b.Coord != (self == tc.old) {
				t.Errorf("min=%v, process %d: belief %+v, want leader %d, coordinator %v", tc.minID, self, b, tc.old, self == tc.old)
			}
			if v := b.View(); v.Leader != b.Leader || v.Coordinator != b.Coord {
				t.Errorf("min=%v, process %d: view %+v of belief %+v", tc.minID, self, v, b)
			}
		}
	}
}

// Reference: [S4] §II, as TestInitialBelief — Init gives a State the
// initial belief through its Fields and leaves its other fields zero;
// Append encodes the belief as the family's Encode always began (flags,
// the coordinator bit when Coord, then the leader, little-endian).
func TestInitAndAppend(t *testing.T) {
	type state struct {
		Leader model.ID
		Coord  bool
		Other  int
	}
	fields := func(s *state) Fields { return Fields{Leader: &s.Leader, Coord: &s.Coord} }
	topo, err := model.NewTopology(model.Complete, []model.ID{2, 4, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, minID := range []bool{false, true} {
		for _, self := range topo.Order {
			env := &model.Env{Self: self, Topo: topo}
			s := Init(minID, fields)(env)
			want := InitialBelief(env, minID)
			if got := fields(&s).Belief(); got != want || s.Other != 0 {
				t.Errorf("min=%v, process %d: Init gave %+v, want belief %+v and the rest zero", minID, self, s, want)
			}
		}
	}
	for _, tc := range []struct {
		b      Belief
		flags  byte
		bit    byte
		expect []byte
	}{
		{Belief{Leader: 0x01020304, Coord: false}, 2, 4, []byte{9, 2, 4, 3, 2, 1}},
		{Belief{Leader: 5, Coord: true}, 2, 4, []byte{9, 6, 5, 0, 0, 0}},
		{Belief{Leader: 5, Coord: true}, 2, 8, []byte{9, 10, 5, 0, 0, 0}},
	} {
		if got := tc.b.Append([]byte{9}, tc.flags, tc.bit); string(got) != string(tc.expect) {
			t.Errorf("%+v.Append(flags %d, bit %d) = %v, want %v", tc.b, tc.flags, tc.bit, got, tc.expect)
		}
	}
}

// Reference: [S4] §II — a process coming back up no longer acts as
// coordinator and keeps the coordinator it held; a joiner holds none.
func TestComeUp(t *testing.T) {
	for _, tc := range []struct {
		k    model.InputKind
		want Belief
	}{{model.InRecover, Belief{Leader: 3}}, {model.InJoin, Belief{Leader: model.None}}} {
		b := Belief{Leader: 3, Coord: true}
		Fields{Leader: &b.Leader, Coord: &b.Coord}.ComeUp(tc.k)
		if b != tc.want {
			t.Errorf("%v: belief %+v, want %+v", tc.k, b, tc.want)
		}
	}
}
