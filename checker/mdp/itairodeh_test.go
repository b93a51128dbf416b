package mdp

import (
	"math/big"
	"testing"
)

// syncItaiRodeh builds, by hand, the Markov chain of one synchronous
// Itai-Rodeh election round on n processes with ids drawn from 1..k,
// with the semantics of PRISM's case study (prismmodelchecker/prism,
// prism-examples/leader/synchronous/leader6_2.pm): every process draws
// an id uniformly ([pick], which carries the num_rounds reward); the
// round succeeds ([done]) iff u1|...|uN, where u_i says process i's id
// differs from every other process's id -- some id was drawn by exactly
// one process (the leader is then the maximum such id); otherwise
// ([retry]) a new round starts. So success is "some id is unique", not
// "the maximum id is unique".
//
// State 0 starts a round; state 1+o is the outcome o (the ids written in
// base k); state 1+k^n is "elected", the target, a deadlock. Each round
// takes 2 steps: pick, then done or retry.
func syncItaiRodeh(n, k int) (*MDP, []bool) {
	outcomes := 1
	for range n {
		outcomes *= k
	}
	elected := 1 + outcomes
	rows := make([]Action, elected+1)
	pick := Action{Label: "pick", Reward: big.NewRat(1, 1)}
	for o := range outcomes {
		pick.Next = append(pick.Next, Transition{To: 1 + o, P: big.NewRat(1, int64(outcomes))})
		count := make([]int, k)
		for i, v := 0, o; i < n; i, v = i+1, v/k {
			count[v%k]++
		}
		next := 0
		for _, c := range count {
			if c == 1 {
				next = elected
			}
		}
		rows[1+o] = Action{Label: "decide", Next: []Transition{{To: next, P: big.NewRat(1, 1)}}}
	}
	rows[0] = pick
	m := Chain(0, rows)
	target := make([]bool, len(rows))
	target[elected] = true
	return m, target
}

// TestItaiRodehSync: the probability that a round fails is the number of
// id vectors in which no id occurs exactly once, over k^n. Counted in
// closed form by the shapes of such vectors: for n = 3 only "all equal"
// (k vectors); for n = 4 "all equal" (k) and "two pairs" (3 ways to pair
// the processes, k(k-1) ordered pairs of ids: 3k(k-1)). So q = 1 -
// fail/k^n, E[rounds] = 1/q, and P[elected within L rounds] = 1 - (1-q)^L,
// checked against the solver exactly.
func TestItaiRodehSync(t *testing.T) {
	for _, n := range []int{3, 4} {
		for k := 2; k <= 4; k++ {
			kn := int64(1)
			for range n {
				kn *= int64(k)
			}
			fail := int64(k)
			if n == 4 {
				fail += 3 * int64(k) * int64(k-1)
			}
			pFail := big.NewRat(fail, kn)
			qq := new(big.Rat).Sub(big.NewRat(1, 1), pFail)
			wantE := new(big.Rat).Inv(qq)
			m, target := syncItaiRodeh(n, k)
			sure, err := AlmostSure(m, target, Min)
			if err != nil || !sure[0] {
				t.Errorf("n=%d k=%d: election not almost sure under every scheduler (%v)", n, k, err)
			}
			for _, opt := range []Opt{Min, Max} {
				e, err := Expect(m, target, opt, DefaultLimits)
				if err != nil {
					t.Fatal(err)
				}
				if e.Inf[0] || e.Value[0].Cmp(wantE) != 0 {
					t.Errorf("n=%d k=%d E%s[rounds] = %s, closed form %s", n, k, opt, show(e.Value[0], e.Inf[0]), wantE.RatString())
				}
			}
			const rounds = 3
			b, err := ReachWithin(m, target, 2*rounds, Max, DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			miss := big.NewRat(1, 1)
			for l := 1; l <= rounds; l++ {
				miss.Mul(miss, pFail)
				want := new(big.Rat).Sub(big.NewRat(1, 1), miss)
				if got := b.Value[2*l][0]; got.Cmp(want) != 0 {
					t.Errorf("n=%d k=%d P[elected within %d rounds] = %s, closed form %s", n, k, l, got.RatString(), want.RatString())
				}
			}
		}
	}
	// Spot values by hand: n=3, k=2: q = 1 - 2/8 = 3/4, E = 4/3.
	m, target := syncItaiRodeh(3, 2)
	e, _ := Expect(m, target, Max, DefaultLimits)
	if e.Value[0].RatString() != "4/3" {
		t.Errorf("n=3 k=2: E[rounds] = %s, want 4/3", e.Value[0].RatString())
	}
}
