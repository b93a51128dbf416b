package franklin

import (
	"testing"

	"electlab/checker"
	"electlab/model"
)

// brokenStep returns Franklin's step with the decision replaced by beats
// (does the active process with id self stay active against the ids l and
// r of its neighbours?). Broken variants live here, in the tests only.
func brokenStep(beats func(self, l, r model.ID) bool) func(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	return func(env *model.Env, s State, in model.Input, out *model.Outbox) State {
		if in.Kind != model.InDeliver {
			return Step(env, s, in, out)
		}
		for _, m := range in.Msgs {
			s = receiveWith(env, s, m, out, beats)
		}
		return s
	}
}

// receiveWith is receive with the decision beats.
func receiveWith(env *model.Env, s State, m model.Message, out *model.Outbox, beats func(self, l, r model.ID) bool) State {
	// Store the message as the real algorithm does, without deciding.
	active := s.Active && !s.Elected
	if !active || m.Kind == Leader || model.ID(m.A) == env.Self {
		return receive(env, s, m, out)
	}
	s = wake(env, s, out)
	id, r, side := model.ID(m.A), uint8(m.B>>1), m.B&1
	switch {
	case r == s.Round:
		s.Cur[side] = id
	case r == s.Round+1:
		s.Ahead[side] = id
	}
	for s.Active && s.Cur[cw] != model.None && s.Cur[ccw] != model.None {
		if beats(env.Self, s.Cur[cw], s.Cur[ccw]) {
			s.Round++
			s.Cur, s.Ahead = s.Ahead, [2]model.ID{}
			announceRound(env, s.Round, out)
			continue
		}
		s.Active = false
		for side, id := range s.Ahead {
			if id != model.None {
				send(env, int32(id), s.Round+1, int32(side), out)
			}
		}
		s.Cur, s.Ahead = [2]model.ID{}, [2]model.ID{}
	}
	return s
}

// broken returns Franklin with the decision beats: same name and claims.
func broken(beats func(self, l, r model.ID) bool) *model.Algorithm[State] {
	return &model.Algorithm[State]{Info: Algorithm.Info, Init: Algorithm.Init, Step: brokenStep(beats), View: Algorithm.View, Encode: Algorithm.Encode}
}

var (
	// oneSided stays active when it beats its left neighbour only: on a
	// ring sorted by id all but one process survive each round, so the
	// rounds and the messages grow linearly.
	oneSided = broken(func(self, l, r model.ID) bool { return self > l })
	// minWins keeps the lowest id active (the comparison turned round):
	// the lowest id is elected.
	minWins = broken(func(self, l, r model.ID) bool { return self < l && self < r })
	// the real decision through the same path, to show the path itself
	// is faithful.
	faithful = broken(func(self, l, r model.ID) bool { return self > l && self > r })
)

// smallEngine keeps the searches short.
func smallEngine() *checker.Engine {
	e := checker.DefaultEngine()
	e.Cases, e.MaxN, e.ExhaustiveLimit = 40, 6, 800
	return e
}

// Every claim holds on Franklin (and on the faithful re-plumbing), and each
// check is shown to fail on a broken variant: the one-sided decision
// breaks the round and message bounds, the turned-round comparison breaks
// validity.
func TestClaimsCatchBrokenVariants(t *testing.T) {
	e := smallEngine()
	for _, tc := range []struct {
		claim  string
		broken *model.Algorithm[State]
	}{
		{"FRANKLIN-1", minWins},
		{"FRANKLIN-2", oneSided},
		{"FRANKLIN-4", oneSided},
	} {
		c := Algorithm.Info.Claim(tc.claim)
		for _, alg := range []*model.Algorithm[State]{Algorithm, faithful, tc.broken} {
			res := e.CheckClaim(alg, c)
			want := checker.Holds
			if alg == tc.broken {
				want = checker.Refuted
			}
			t.Logf("%s: %s (%s)", c.ID, res.Verdict, res.Summary)
			if res.Verdict != want {
				t.Errorf("%s: verdict %s, want %s (%s)", c.ID, res.Verdict, want, res.Summary)
			}
		}
	}
}

// FRANKLIN-3's check counts each round's messages: it passes on Franklin's
// runs (exactly 2n per round) and fails when a round carries one more
// message than 2n, as a round whose id is relayed one hop too far would.
func TestPerRoundCatchesExtraMessage(t *testing.T) {
	c := Algorithm.Info.Claim("FRANKLIN-3")
	if res := smallEngine().CheckClaim(Algorithm, c); res.Verdict != checker.Holds {
		t.Fatalf("FRANKLIN-3 on franklin: %s (%s)", res.Verdict, res.Summary)
	}
	extra := broken(func(self, l, r model.ID) bool { return self > l && self > r })
	step := extra.Step
	extra.Step = func(env *model.Env, s State, in model.Input, out *model.Outbox) State {
		s2 := step(env, s, in, out)
		if in.Kind == model.InStart && !s.Started {
			// BUG: a round-1 message sent twice clockwise.
			send(env, int32(env.Self), 1, cw, out)
		}
		return s2
	}
	res := smallEngine().CheckClaim(extra, c)
	t.Logf("%s on the broken variant: %s (%s)", c.ID, res.Verdict, res.Summary)
	if res.Verdict != checker.Refuted {
		t.Errorf("FRANKLIN-3 on a round with an extra message: %s, want %s (%s)", res.Verdict, checker.Refuted, res.Summary)
	}
}
