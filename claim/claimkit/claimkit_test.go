package claimkit

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// The async twin keeps every field but the name's word "sync", the timing
// and the links, and refuses a setting whose name does not say sync.
func TestAsyncFIFO(t *testing.T) {
	s := claim.Setting{Name: "sync, one informer", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1, Recovery: true}
	want := claim.Setting{Name: "async fifo, one informer", Timing: model.Async, Net: model.FIFO, Initiators: claim.OneInitiator, MaxDead: 1, Recovery: true}
	if got := AsyncFIFO(s); got.Name != want.Name || got.Timing != want.Timing || got.Net != want.Net || got.Initiators != want.Initiators || got.MaxDead != want.MaxDead || !got.Recovery {
		t.Errorf("AsyncFIFO(%+v) = %+v, want %+v", s, got, want)
	}
	for _, c := range [][2]string{
		{"budget 1: the coordinator crashed; sync, any detector set", "budget 1: the coordinator crashed; async fifo, any detector set"},
		{"budget 2: one more crash during the SElection waves; sync", "budget 2: one more crash during the SElection waves; async fifo"},
		{"synchronous rounds, then sync", "synchronous rounds, then async fifo"},
	} {
		if got := AsyncFIFO(claim.Setting{Name: c[0], Timing: model.Sync}).Name; got != c[1] {
			t.Errorf("AsyncFIFO named the twin of %q %q, want %q", c[0], got, c[1])
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("AsyncFIFO of a setting named async: no panic")
		}
	}()
	AsyncFIFO(want)
}
