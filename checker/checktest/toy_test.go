package checktest_test

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// toyFixed and toyBroken are the kit's own toy, modeltest.ToyMax:
// max-finding on a unidirectional ring, and its off-by-one variant, in
// which the second-highest id can come back home too.
var (
	toyFixed  = modeltest.ToyMax("toymax", false)
	toyBroken = modeltest.ToyMax("toymax", true)
)

// asyncFIFO is the toy's setting: asynchronous FIFO channels, any set of
// initiators, no crash.
var asyncFIFO = claim.Setting{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators}

// worstSends is the textbook worst case of the toy's messages when every
// process initiates: ids in decreasing order along the ring, the k-th
// highest id travels k hops, n(n+1)/2 in all.
func worstSends(n int64) int64 { return n * (n + 1) / 2 }

// withinWorst is a Bound: at most worstSends(n) messages.
func withinWorst(cfg *model.Config, c model.Counts) error {
	if n := int64(len(cfg.IDs)); c.Sends > worstSends(n) {
		return fmt.Errorf("%d sends > n(n+1)/2 = %d", c.Sends, worstSends(n))
	}
	return nil
}

// linear is a Bound that is too tight for the toy: at most n messages.
func linear(cfg *model.Config, c model.Counts) error {
	if n := int64(len(cfg.IDs)); c.Sends > n {
		return fmt.Errorf("%d sends > n = %d", c.Sends, n)
	}
	return nil
}

func toyTarget(spec model.Spec, dir string) checktest.Target {
	return checktest.Target{Spec: spec, Setting: asyncFIFO, NMin: 2, NMax: 5, Dir: dir}
}
