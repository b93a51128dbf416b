package model_test

import (
	"reflect"
	"testing"

	"github.com/electlab/electlab/model"
)

// Send and SendMsg fill a reused outbox's slots in place: each message's
// Output is exactly the one a fresh outbox builds, whatever output of
// another kind the slot held before the Reset.
func TestOutboxSendReusesSlots(t *testing.T) {
	k := &model.Kind{Name: "m"}
	var o model.Outbox
	o.Reset(1)
	o.SetTimer(3, 7)
	o.Observe("tag", 5)
	o.Multicast([]model.ID{2, 3}, k, 1, 2)
	o.Coin(1, 2)
	o.Reset(4)
	o.Send(2, k, 8, 9)
	o.SendMsg(model.Message{Kind: k, From: 9, To: 3, A: 1, B: 2, List: []model.ID{5}})
	o.SendMsg(model.Message{Kind: k, To: 5})
	o.Observe("x", 1)
	want := []model.Output{
		{Kind: model.OutSend, Msg: model.Message{Kind: k, From: 4, To: 2, A: 8, B: 9}},
		{Kind: model.OutSend, Msg: model.Message{Kind: k, From: 4, To: 3, A: 1, B: 2, List: []model.ID{5}}},
		{Kind: model.OutSend, Msg: model.Message{Kind: k, From: 4, To: 5}},
		{Kind: model.OutObserve, Tag: "x", Val: 1},
	}
	if got := o.Outputs(); !reflect.DeepEqual(got, want) {
		t.Errorf("outputs of a reused outbox:\n got %+v\nwant %+v", got, want)
	}
}
