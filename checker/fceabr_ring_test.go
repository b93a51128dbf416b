package checker_test

import (
	"testing"

	"electlab/algos/fceabr"
	"electlab/algos/ringpoll"
	"electlab/model"
	"electlab/model/modeltest"
)

// Reference: [S0] §II (basic Ring: every detector's packet collects the
// ids, then a Coordinator packet goes round) — the Ring values the FCEABR
// claims C-FCEABR-1.speed and C-FCEABR-1.messages compare with are those of
// algos/ringpoll with every process live (no polls): one detector's last
// process learns the coordinator at hop 2N−1, and FPN simultaneous
// detectors send 2N·FPN messages ("the numbers of packets will be twice
// more", C-FCEABR-13 (b)) with the last process learning no later.
func TestRingValuesOnRingpoll(t *testing.T) {
	for n := 3; n <= 12; n++ {
		ids := make([]model.ID, n)
		for i := range ids {
			ids[i] = model.ID((i+n/2)%n + 1)
		}
		for fpn := 1; fpn <= 2; fpn++ {
			cfg := &model.Config{IDs: ids, Initiators: ids[:fpn], Timing: model.Sync}
			w := modeltest.RunFIFO(t, ringpoll.Algorithm, cfg)
			if got, want := w.Counts().Sends, fceabr.RingMessages(n, fpn); got != want {
				t.Errorf("n=%d fpn=%d: ringpoll sends %d, RingMessages %d", n, fpn, got, want)
			}
			var last int32 = -1
			for i := range w.N() {
				last = max(last, w.LearnHops(i))
			}
			// With a second detector the last process may learn earlier
			// (two announcements), never later.
			if got, want := int64(last), fceabr.RingLatency(n); got > want || (fpn == 1 && got != want) {
				t.Errorf("n=%d fpn=%d: ringpoll latency %d, RingLatency %d", n, fpn, got, want)
			}
		}
	}
}
