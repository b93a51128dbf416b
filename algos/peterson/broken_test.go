package peterson

import (
	"testing"

	"electlab/checker"
	"electlab/model"
)

// broken returns Peterson's algorithm with the phase decision replaced by
// stays (does the active process with temporary id tid stay active,
// carrying uid2, given uid2 and uid3?): same name and claims. Broken
// variants live here, in the tests only.
func broken(stays func(tid, uid2, uid3 model.ID) bool) *model.Algorithm[State] {
	return &model.Algorithm[State]{
		Info: Algorithm.Info, Init: Algorithm.Init, View: Algorithm.View, Encode: Algorithm.Encode,
		Step: func(env *model.Env, s State, in model.Input, out *model.Outbox) State {
			if in.Kind != model.InDeliver {
				return Step(env, s, in, out)
			}
			for _, m := range in.Msgs {
				if m.Kind != Elect || !s.Active || !s.HaveUID2 {
					s = receive(env, s, m, out)
					continue
				}
				v := model.ID(m.A)
				if stays(s.TID, s.UID2, v) {
					s.HaveUID2, s.TID, s.UID2 = false, s.UID2, model.None
					s.Phase++
					out.Observe(ObsPhase, int32(s.Phase))
					out.Send(env.Next(), Elect, int32(s.TID), 0)
				} else {
					s.Active, s.HaveUID2, s.UID2 = false, false, model.None
				}
			}
			return s
		},
	}
}

var (
	// uid2Only ignores uid3: a process stays active whenever its
	// predecessor's temporary id beats its own, so on a ring sorted by id
	// nearly every process survives each phase.
	uid2Only = broken(func(tid, uid2, uid3 model.ID) bool { return uid2 > tid })
	// minWins carries local minima instead of maxima: the winning
	// temporary id is the lowest id.
	minWins = broken(func(tid, uid2, uid3 model.ID) bool { return uid2 < tid && uid2 < uid3 })
	// faithful is the real decision through the same path.
	faithful = broken(func(tid, uid2, uid3 model.ID) bool { return uid2 > tid && uid2 > uid3 })
)

// Every claim holds on Peterson's algorithm (and on the faithful
// re-plumbing), and each is shown to fail on a broken variant.
func TestClaimsCatchBrokenVariants(t *testing.T) {
	e := checker.DefaultEngine()
	e.Cases, e.MaxN, e.ExhaustiveLimit = 40, 6, 800
	for _, tc := range []struct {
		claim  string
		broken *model.Algorithm[State]
	}{
		{"PETERSON-1", minWins},
		{"PETERSON-2", uid2Only},
		{"PETERSON-3", uid2Only},
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
