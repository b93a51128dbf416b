package hsring

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// fifoSends is one election of the claims report's comparison setting
// (every process initiating, no failure, the fair FIFO schedule of the
// fast simulator): its messages.
func fifoSends(t *testing.T, ids []model.ID) int64 {
	t.Helper()
	sim, err := Algorithm.NewSim(&model.Config{Algo: "hsring", IDs: slices.Clone(ids)})
	if err != nil {
		t.Fatal(err)
	}
	res := sim.Run(int64(64*len(ids)*len(ids) + 20000))
	if !res.Quiescent {
		t.Fatalf("%s: the run did not end", model.FormatIDs(ids))
	}
	return res.Counts.Sends
}

// TestWorstCaseBesideBound measures the worst case of the comparison's
// setting beside HS-4's bound 8n(1+⌈log₂ n⌉): at n=8 over every
// arrangement (exact), at n=64 over the ascending, descending and
// bit-reversed rings and 2000 random ones (a lower bound of the worst
// case). The log is the numbers the claims report's comparison does not
// show (go test -run TestWorstCaseBesideBound -v).
func TestWorstCaseBesideBound(t *testing.T) {
	var worst8 int64
	checktest.RingArrangements(8, func(ids []model.ID) { worst8 = max(worst8, fifoSends(t, ids)) })
	asc := model.IDsUpTo(64)
	desc := slices.Clone(asc)
	slices.Reverse(desc)
	cands := [][]model.ID{asc, desc, checktest.BitReversal(64)}
	rng := rand.New(rand.NewPCG(1, 64))
	for range 2000 {
		ids := slices.Clone(asc)
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		cands = append(cands, ids)
	}
	var worst64 int64
	which := -1
	for k, ids := range cands {
		if c := fifoSends(t, ids); c > worst64 {
			worst64, which = c, k
		}
	}
	for _, c := range []struct {
		n     int
		worst int64
	}{{8, worst8}, {64, worst64}} {
		if b := MessageBound(claim.Params{N: c.n}); claim.RatInt(c.worst).Cmp(b) > 0 {
			t.Errorf("n=%d: %d messages, above 8n(1+⌈log₂ n⌉) = %s", c.n, c.worst, b)
		}
	}
	t.Logf("hsring n=8: %d (every arrangement), bound %s; n=64: %d (candidate %d of asc, desc, bit-reversed, 2000 random), bound %s",
		worst8, MessageBound(claim.Params{N: 8}), worst64, which, MessageBound(claim.Params{N: 64}))
}
