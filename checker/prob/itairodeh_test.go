package prob

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/model"
)

// irState is a process of the synchronous Itai–Rodeh election written for
// this test (the registered algorithm comes later): each attempt, every
// process draws a value from 0..K-1 and sends it to every other; a
// process that has every value of the attempt elects the owner of the
// greatest value drawn exactly once, or draws again when none was. The
// decisions read the values only (the processes are anonymous); ids are
// sent along only so that views can name the leader.
//
// The adversary starts the processes (detect events) when it likes, so a
// process may receive values before it has drawn its own (it then starts,
// keeping them), and one attempt ahead of it (a process one attempt ahead
// cannot be two: it needs this process's value to move on); the values
// carry the attempt's parity, and are counted per parity.
type irState struct {
	Attempt uint8       // the attempt's parity
	Val     int8        // this attempt's value, -1 while not drawn
	Started bool        // drawn at least once
	Cnt     [2][8]uint8 // per parity, how many processes drew each value
	Owner   [2][8]model.ID
	Got     [2]uint8 // per parity, values received from the others
	Leader  model.ID
	Coord   bool
}

var irVal = &model.Kind{Name: "val", Args: 2}

func itaiRodehSync(k int) *model.Algorithm[irState] { return itaiRodeh(k, false) }

// itaiRodeh is the algorithm; maxOnly makes a broken variant that elects
// only when the greatest value drawn was drawn once (not PRISM's
// condition: some value drawn once).
func itaiRodeh(k int, maxOnly bool) *model.Algorithm[irState] {
	decide := func(env *model.Env, s irState, out *model.Outbox) irState {
		a := s.Attempt
		if s.Val < 0 || int(s.Got[a]) < env.Topo.N()-1 {
			return s
		}
		for v := k - 1; v >= 0; v-- {
			if maxOnly && s.Cnt[a][v] > 1 {
				break
			}
			if s.Cnt[a][v] == 1 {
				s.Leader, s.Coord = s.Owner[a][v], s.Owner[a][v] == env.Self
				s.Cnt, s.Owner, s.Got, s.Val = [2][8]uint8{}, [2][8]model.ID{}, [2]uint8{}, -1
				return s
			}
		}
		s.Cnt[a], s.Owner[a], s.Got[a], s.Val = [8]uint8{}, [8]model.ID{}, 0, -1
		s.Attempt ^= 1
		out.Flip(k)
		return s
	}
	return &model.Algorithm[irState]{
		Info: model.Info{Name: "itairodeh-test", Title: "synchronous Itai–Rodeh (test)", Topology: model.Complete, Kinds: model.Number(irVal)},
		Init: func(env *model.Env) irState { return irState{Val: -1} },
		Step: func(env *model.Env, s irState, in model.Input, out *model.Outbox) irState {
			switch in.Kind {
			case model.InStart:
				if !s.Started {
					s.Started = true
					out.Flip(k)
				}
			case model.InCoin:
				a := s.Attempt
				s.Val = int8(in.Coin)
				s.Cnt[a][s.Val]++
				s.Owner[a][s.Val] = env.Self
				var others []model.ID
				for _, id := range env.Topo.Sorted() {
					if id != env.Self {
						others = append(others, id)
					}
				}
				out.Multicast(others, irVal, int32(s.Val), int32(a)<<16|int32(env.Self))
				return decide(env, s, out)
			case model.InDeliver:
				for _, m := range in.Msgs {
					a := uint8(m.B >> 16)
					s.Cnt[a][m.A]++
					s.Owner[a][m.A] = model.ID(m.B & 0xffff)
					s.Got[a]++
				}
				if !s.Started {
					s.Started = true
					out.Flip(k)
					return s
				}
				return decide(env, s, out)
			}
			return s
		},
		View: func(s irState) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
	}
}

// elected: a process acts as coordinator and every process names it.
func elected(s model.System) bool {
	var c model.ID
	for i := 0; i < s.N(); i++ {
		if s.View(i).Coordinator {
			c = s.Topo().Order[i]
		}
	}
	if c == model.None {
		return false
	}
	for i := 0; i < s.N(); i++ {
		if s.View(i).Leader != c {
			return false
		}
	}
	return true
}

// attempts counts process 1's draws: each answer to its coin.
func attempts(_ model.System, ev model.Event, _ model.System) int64 {
	if ev.Kind == model.EvCoin && ev.P == 1 {
		return 1
	}
	return 0
}

// successIR is P[an attempt elects] for n processes drawing from k values,
// counted over the k^n draws by a route of its own: some value drawn by
// exactly one process (PRISM's leader_sync case study's condition).
func successIR(n, k int) *big.Rat {
	good, total := int64(0), int64(0)
	draw := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			total++
			cnt := make([]int, k)
			for _, v := range draw {
				cnt[v]++
			}
			for _, c := range cnt {
				if c == 1 {
					good++
					return
				}
			}
			return
		}
		for v := 0; v < k; v++ {
			draw[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return big.NewRat(good, total)
}

// TestItaiRodehSyncExact: a step function that flips coins (Outbox.Flip),
// explored into its MDP (the adversary starts the processes in any order
// and answers their coins in any order), gives the exact expected number
// of attempts, 1/q for q counted over every draw, under every scheduler;
// a leader is elected with probability 1 under every scheduler (decided
// on the graph, before any number).
func TestItaiRodehSyncExact(t *testing.T) {
	for _, c := range []struct{ n, k int }{{3, 2}, {3, 3}, {3, 4}, {4, 2}, {4, 3}} {
		{
			n, k := c.n, c.k
			name := fmt.Sprintf("n=%d k=%d", n, k)
			ids := make([]model.ID, n)
			for i := range ids {
				ids[i] = model.ID(i + 1)
			}
			s0, err := itaiRodehSync(k).NewSystem(&model.Config{Algo: "itairodeh-test", IDs: ids, Timing: model.Sync})
			if err != nil {
				t.Fatal(err)
			}
			g, err := Build(s0, Options{Chance: Coins, Preds: []func(model.System) bool{elected}, Rewards: []Reward{attempts}})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			m := g.WithReward(0)
			sure, err := mdp.AlmostSure(m, g.Labels[0], mdp.Min)
			if err != nil {
				t.Fatal(err)
			}
			if !sure[m.Init] {
				t.Errorf("%s: election is not almost sure under every scheduler", name)
			}
			q := successIR(n, k)
			want := new(big.Rat).Inv(q)
			for _, opt := range []mdp.Opt{mdp.Min, mdp.Max} {
				r, err := mdp.Expect(m, g.Labels[0], opt, mdp.Limits{})
				if err != nil {
					t.Fatal(err)
				}
				if i := m.Init; r.Inf[i] || r.Value[i].Cmp(want) != 0 {
					t.Errorf("%s: E%s[attempts] = %v, want 1/q = %s", name, opt, r.Value[i], want.RatString())
				}
			}
			t.Logf("%s: %d states; E[attempts] = %s", name, g.States(), want.RatString())
		}
	}
}

// TestItaiRodehCatchesWrongCondition: an election that succeeds only when
// the greatest value is unique has another expectation than 1/q, and the
// exact comparison tells them apart.
func TestItaiRodehCatchesWrongCondition(t *testing.T) {
	s0, err := itaiRodeh(3, true).NewSystem(&model.Config{Algo: "itairodeh-test", IDs: []model.ID{1, 2, 3}, Timing: model.Sync})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Build(s0, Options{Chance: Coins, Preds: []func(model.System) bool{elected}, Rewards: []Reward{attempts}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := mdp.Expect(g.WithReward(0), g.Labels[0], mdp.Max, mdp.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := new(big.Rat).Inv(successIR(3, 3)); r.Inf[g.MDP.Init] || r.Value[g.MDP.Init].Cmp(want) == 0 {
		t.Errorf("the broken election gives %v (inf %v), as 1/q = %s: the check cannot tell them apart", r.Value[g.MDP.Init], r.Inf[g.MDP.Init], want.RatString())
	}
}
