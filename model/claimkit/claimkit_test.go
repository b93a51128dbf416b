package claimkit

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// The async twin keeps every field but the name's first word, the timing
// and the links, and refuses a setting not named sync.
func TestAsyncFIFO(t *testing.T) {
	s := model.Setting{Name: "sync, one informer", Timing: model.Sync, Initiators: model.OneInitiator, MaxDead: 1, Recovery: true}
	want := model.Setting{Name: "async fifo, one informer", Timing: model.Async, Net: model.FIFO, Initiators: model.OneInitiator, MaxDead: 1, Recovery: true}
	if got := AsyncFIFO(s); got.Name != want.Name || got.Timing != want.Timing || got.Net != want.Net || got.Initiators != want.Initiators || got.MaxDead != want.MaxDead || !got.Recovery {
		t.Errorf("AsyncFIFO(%+v) = %+v, want %+v", s, got, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("AsyncFIFO of a setting named async: no panic")
		}
	}()
	AsyncFIFO(want)
}
