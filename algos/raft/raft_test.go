package raft

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

func state(s model.System, id model.ID) State { return s.State(s.Topo().IndexOf(id)).(State) }

// Reference: Ongaro & Ousterhout 2014, §5.2 — a server that times out
// first "increments its current term and transitions to candidate state",
// "votes for itself and issues RequestVote RPCs in parallel"; it wins with
// "votes from a majority of the servers in the full cluster for the same
// term", then "sends heartbeat messages to all of the other servers"; a
// leader's crash makes a follower time out and a later term elect.
// Under sync timing with T = 2, R = 2: 1 draws 0 (its timer fires in round
// 2), 2 and 3 draw 1 (round 3): 1 leads term 1 from round 4; heartbeats
// keep it there; once it crashes, a follower leads term 2.
func TestScenarioSync(t *testing.T) {
	cfg := &model.Config{IDs: model.IDsUpTo(3), Timing: model.Sync, CrashBudget: 1, Variant: Variant(2, 2, 3, 0, false)}
	s, err := Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// draw answers every pending coin: server id draws d[id].
	d := map[model.ID]int{1: 0, 2: 1, 3: 1}
	round := 0
	next := func() {
		t.Helper()
		round++
		modeltest.ApplyNamed(t, s, fmt.Sprintf("round %d", round))
		for _, id := range model.IDsUpTo(3) {
			if _, ok := s.(model.CoinSystem).PendingCoin(s.Topo().IndexOf(id)); ok {
				modeltest.ApplyNamed(t, s, fmt.Sprintf("coin %d = %d", id, d[id]))
			}
		}
	}
	modeltest.ApplyNamed(t, s, "detect 1", "coin 1 = 0", "detect 2", "coin 2 = 1", "detect 3", "coin 3 = 1")
	next()
	next()
	if st := state(s, 1); st.Role != Candidate || st.Term != 1 {
		t.Fatalf("after round 2, 1 is %v, want a candidate of term 1", st)
	}
	next() // 2 and 3 grant their votes
	next()
	if st := state(s, 1); st.Role != Leader || st.Led != 1<<1 {
		t.Fatalf("after round 4, 1 is %v, want the leader of term 1", st)
	}
	// Ten rounds of heartbeats (each re-arms the followers' timers): 1
	// stays the leader of term 1 and nobody campaigns.
	for range 10 {
		next()
		for _, id := range []model.ID{2, 3} {
			if st := state(s, id); st.Term != 1 || st.Role != Follower || st.Leader != 1 {
				t.Fatalf("round %d: %d is %v, want a follower of 1 in term 1", round, id, st)
			}
		}
	}
	modeltest.ApplyNamed(t, s, "crash 1")
	d[2], d[3] = 0, 1 // 2 times out first
	for range 10 {
		next()
	}
	if st := state(s, 2); st.Role != Leader || st.Led != 1<<2 || state(s, 3).Leader != 2 {
		t.Fatalf("after 1's crash: 2 is %v, 3 is %v; want 2 the leader of term 2, followed by 3", st, state(s, 3))
	}
	if err := ElectionSafety(s); err != nil {
		t.Fatal(err)
	}
}

// Reference: Figure 2, All Servers — "If RPC request or response contains
// term T > currentTerm: set currentTerm = T, convert to follower"; a
// deposed leader learns the newer term from the refusal of its heartbeat.
// MaxTerm: a server at MaxTerm does not campaign when its timer fires.
func TestStepDownAndMaxTerm(t *testing.T) {
	env := &model.Env{Self: 1, Index: 0, Variant: mustVariant(t, Variant(1, 2, 2, 0, false))}
	topo, err := model.NewTopology(model.Complete, model.IDsUpTo(3))
	if err != nil {
		t.Fatal(err)
	}
	env.Topo = topo
	var out model.Outbox
	out.Reset(1)
	leader := State{Started: true, Term: 1, Role: Leader, VotedFor: 1, Votes: 3, Leader: 1, Led: 1 << 1}
	got := step(env, leader, model.Input{Kind: model.InDeliver, Msgs: []model.Message{{Kind: Refuse, From: 2, To: 1, A: 2}}}, &out)
	if got.Role != Follower || got.Term != 2 || got.Leader != model.None || got.VotedFor != model.None || got.Led != leader.Led {
		t.Errorf("a leader of term 1 refused by a server of term 2 is %v, want a follower of term 2 (its Led kept)", got)
	}
	if !hasOutput(out.Outputs(), model.OutCancelTimer, Heartbeat) || !hasOutput(out.Outputs(), model.OutSetTimer, Election) {
		t.Errorf("the deposed leader's outputs %v: want its heartbeat timer cancelled and its election timer armed", out.Outputs())
	}
	out.Reset(1)
	atMax := State{Started: true, Term: 2}
	if got := step(env, atMax, model.Input{Kind: model.InTimer, Timer: Election}, &out); got != atMax || len(out.Outputs()) != 0 {
		t.Errorf("a follower at MaxTerm 2 whose timer fires: %v with outputs %v, want no change", got, out.Outputs())
	}
	out.Reset(1)
	if got := step(env, State{Started: true, Term: 1}, model.Input{Kind: model.InTimer, Timer: Election}, &out); got.Role != Candidate || got.Term != 2 {
		t.Errorf("a follower of term 1 whose timer fires (MaxTerm 2): %v, want a candidate of term 2", got)
	}
}

func mustVariant(t *testing.T, v string) []uint8 {
	t.Helper()
	p, err := Algorithm.ParseVariant(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func hasOutput(outs []model.Output, k model.OutputKind, timer uint8) bool {
	for _, o := range outs {
		if o.Kind == k && o.Timer == timer {
			return true
		}
	}
	return false
}

// Reference: §5.2, "Each server will vote for at most one candidate in a
// given term, on a first-come-first-served basis": of two RequestVotes of
// one term in a batch, the first is granted and the second refused; the
// broken voter (vote-twice) grants both.
func TestOneVotePerTerm(t *testing.T) {
	topo, err := model.NewTopology(model.Complete, model.IDsUpTo(3))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		broken bool
		want   [2]int32
	}{{false, [2]int32{1, 0}}, {true, [2]int32{1, 1}}} {
		env := &model.Env{Self: 1, Index: 0, Topo: topo, Variant: mustVariant(t, Variant(1, 2, 3, 0, c.broken))}
		var out model.Outbox
		out.Reset(1)
		in := model.Input{Kind: model.InDeliver, Msgs: []model.Message{{Kind: RequestVote, From: 2, To: 1, A: 1}, {Kind: RequestVote, From: 3, To: 1, A: 1}}}
		step(env, State{Started: true}, in, &out)
		var got [2]int32
		k := 0
		for _, o := range out.Outputs() {
			if o.Kind == model.OutSend && o.Msg.Kind == Vote && k < 2 {
				got[k] = o.Msg.B
				k++
			}
		}
		if k != 2 || got != c.want {
			t.Errorf("broken=%v: granted %v to 2 and 3 (%d replies), want %v", c.broken, got, k, c.want)
		}
	}
}

// The fast simulator (no coins yet: R = 1) agrees with the World under the
// fair FIFO schedule, sync and async, with a limited heartbeat budget so
// that runs end (every server reaches MaxTerm).
func TestSimMatchesWorld(t *testing.T) {
	for _, tm := range []model.Timing{model.Sync, model.Async} {
		for n := 3; n <= 5; n++ {
			modeltest.SimMatchesWorld(t, Algorithm, &model.Config{IDs: model.IDsUpTo(n), Timing: tm, Variant: Variant(1, 2, 3, 2, false)})
		}
	}
}
