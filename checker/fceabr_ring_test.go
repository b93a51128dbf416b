package checker_test

import (
	"strconv"
	"strings"
	"testing"

	"electlab/algos/fceabr"
	"electlab/algos/ringpoll"
	"electlab/checker"
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

// TestFCEABR13PartsCanFail: each part of C-FCEABR-13 registered on
// ringpoll holds, and is refuted when its formula or order is made one
// step too strong (so the check is not vacuous on this algorithm).
// Reference: [S0] §II.
func TestFCEABR13PartsCanFail(t *testing.T) {
	e := checker.DefaultEngine()
	e.Cases, e.GrowthCases = 30, 10
	for _, c := range ringpoll.Algorithm.Meta().Claims {
		if !strings.HasPrefix(c.ID, "C-FCEABR-13.") || c.NotModelled != "" {
			continue
		}
		c := c
		if res := e.CheckClaim(ringpoll.Algorithm, &c); res.Verdict != checker.Holds {
			t.Errorf("%s: %s (%s)", c.ID, res.Verdict, res.Summary)
		}
		broken := c
		switch c.Kind {
		case model.Growth:
			broken.Order = 1
		default:
			f := c.Formula
			broken.Formula = func(p model.Params) model.Rat { return model.RatInt(mustInt(f(p)) - 1) }
		}
		if res := e.CheckClaim(ringpoll.Algorithm, &broken); res.Verdict != checker.Refuted {
			t.Errorf("%s made one step too strong: %s, want REFUTED", c.ID, res.Verdict)
		}
	}
}

func mustInt(r model.Rat) int64 {
	v, err := strconv.ParseInt(r.String(), 10, 64)
	if err != nil {
		panic(err)
	}
	return v
}
