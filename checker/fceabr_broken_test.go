package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

type fcState = fceabr.State

var fcOrig = fceabr.Algorithm.Step

// selfSurrogate: the lowest process takes itself for the surrogate once it
// has heard anything. The leader (the coordinator) is untouched, so only
// the claims' own checks of the (coordinator, surrogate) pair can see it.
var selfSurrogate = brokenAfter(fceabr.Algorithm, "broken-self-surrogate", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	if env.Self == 1 && in.Kind == model.InDeliver && s.Coord != env.Self {
		s.Alts[0] = env.Self
	}
	return s
})

// ownIDForgotten: a terminal leaves its own id out of the merge (as the
// top2-msgs reading does), so a terminal that is itself the maximum or the
// second maximum computes a wrong pair.
var ownIDForgotten = brokenCopy(fceabr.Algorithm, "broken-terminal-merge", func(env *model.Env, s fcState, in model.Input, out *model.Outbox) fcState {
	v := append([]uint8(nil), env.Variant...)
	v[fceabr.AmbMerge] = fceabr.Top2Ms
	e := *env
	e.Variant = v
	return fcOrig(&e, s, in, out)
})

// Reference: [S0] §IV/§V, "since election result of these two processes are
// same as each other" (C-FCEABR-11) and §IX "Each process could tolerate
// one failure" (C-FCEABR-10, sync, healed ring, n ≥ 4 where the default
// reading holds): each claim's own check refutes a broken variant.
func TestFCEABRChecksCatchBrokenVariants(t *testing.T) {
	info := &fceabr.Algorithm.Info
	c11 := *claimOf(t, info, "C-FCEABR-11")
	c11.Variants, c11.Settings = nil, c11.Settings[:2]
	c10 := *claimOf(t, info, "C-FCEABR-10")
	c10.Variants, c10.Settings, c10.NMin = nil, c10.Settings[:1], 4
	refutesAll(t, smallEngine(), fceabr.Algorithm, []brokenCase{
		{&c11, selfSurrogate, checker.PropCustom},
		{&c11, ownIDForgotten, checker.PropCustom},
		{&c10, selfSurrogate, checker.PropCustom},
	})
}
