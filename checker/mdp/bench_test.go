package mdp

import (
	"fmt"
	"math/big"
	"testing"
)

// walk is the symmetric random walk on 0..n, absorbed at both ends, one
// reward per step: E[steps from i] = i(n-i).
func walk(n int) (*MDP, []bool) {
	rows := make([]Action, n+1)
	for i := 1; i < n; i++ {
		rows[i] = Action{Reward: big.NewRat(1, 1), Next: []Transition{{To: i - 1, P: big.NewRat(1, 2)}, {To: i + 1, P: big.NewRat(1, 2)}}}
	}
	target := make([]bool, n+1)
	target[0], target[n] = true, true
	m := Chain(n/2, rows)
	return m, target
}

// walkMDP is a random walk on 0..n where the scheduler picks, at each
// inner state, a fair step or a bold one (+2 with 1/3, -1 with 2/3); 0 is a
// deadlock, n and n+1 are the goal.
func walkMDP(n int) (*MDP, []bool) {
	m := &MDP{Init: n / 2, States: make([][]Action, n+2)}
	for i := 1; i < n; i++ {
		m.States[i] = []Action{
			{Label: "fair", Reward: big.NewRat(1, 1), Next: []Transition{{To: i - 1, P: big.NewRat(1, 2)}, {To: i + 1, P: big.NewRat(1, 2)}}},
			{Label: "bold", Reward: big.NewRat(2, 1), Next: []Transition{{To: i - 1, P: big.NewRat(2, 3)}, {To: i + 2, P: big.NewRat(1, 3)}}},
		}
	}
	target := make([]bool, n+2)
	target[n], target[n+1] = true, true
	return m, target
}

// coins is the product of k coin MDPs: the state is the set of coins
// already showing heads, the scheduler picks which coin to flip next; coin
// i shows heads with probability 1/(i+2), and with probability 1/(4(i+2))
// the flip breaks everything (deadlock 2^k). One reward per flip.
func coins(k int) (*MDP, []bool) {
	full := 1<<k - 1
	broken := full + 1
	m := &MDP{Init: 0, States: make([][]Action, broken+1)}
	for s := range full {
		for i := range k {
			if s&(1<<i) != 0 {
				continue
			}
			d := int64(4 * (i + 2))
			m.States[s] = append(m.States[s], Action{Label: fmt.Sprint("flip", i), Reward: big.NewRat(1, 1), Next: []Transition{
				{To: s | 1<<i, P: big.NewRat(4, d)},
				{To: broken, P: big.NewRat(1, d)},
				{To: s, P: big.NewRat(d-5, d)},
			}})
		}
	}
	target := make([]bool, broken+1)
	target[full] = true
	return m, target
}

func TestBenchModels(t *testing.T) {
	m, tg := walk(10)
	e, err := Expect(m, tg, Min, DefaultLimits)
	if err != nil || e.Value[5].RatString() != "25" || e.Value[3].RatString() != "21" {
		t.Errorf("walk(10): E from 5 = %v, from 3 = %v (want 25, 21), %v", e.Value[5], e.Value[3], err)
	}
	for _, mk := range []func() (*MDP, []bool){func() (*MDP, []bool) { return walkMDP(20) }, func() (*MDP, []bool) { return coins(4) }} {
		m, _ := mk()
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
	}
}

func BenchmarkSolve(b *testing.B) {
	type model struct {
		name string
		mk   func() (*MDP, []bool)
	}
	lim := Limits{}
	for _, c := range []struct {
		model
		q func(*MDP, []bool) error
	}{
		{model{"chain-walk-1001/Emin", func() (*MDP, []bool) { return walk(1000) }}, func(m *MDP, t []bool) error { _, err := Expect(m, t, Min, lim); return err }},
		{model{"chain-walk-10001/Emin", func() (*MDP, []bool) { return walk(10000) }}, func(m *MDP, t []bool) error { _, err := Expect(m, t, Min, lim); return err }},
		{model{"mdp-walk-1002/Pmax", func() (*MDP, []bool) { return walkMDP(1000) }}, func(m *MDP, t []bool) error { _, err := Reach(m, t, Max, lim); return err }},
		{model{"mdp-walk-1002/Emin", func() (*MDP, []bool) { return walkMDP(1000) }}, func(m *MDP, t []bool) error { _, err := Expect(m, t, Min, lim); return err }},
		{model{"mdp-walk-10002/Pmax", func() (*MDP, []bool) { return walkMDP(10000) }}, func(m *MDP, t []bool) error { _, err := Reach(m, t, Max, lim); return err }},
		{model{"mdp-coins-1025/Pmax", func() (*MDP, []bool) { return coins(10) }}, func(m *MDP, t []bool) error { _, err := Reach(m, t, Max, lim); return err }},
		{model{"mdp-coins-1025/Emin", func() (*MDP, []bool) { return coins(10) }}, func(m *MDP, t []bool) error { _, err := Expect(m, t, Min, lim); return err }},
		{model{"mdp-coins-8193/Pmax", func() (*MDP, []bool) { return coins(13) }}, func(m *MDP, t []bool) error { _, err := Reach(m, t, Max, lim); return err }},
		{model{"mdp-coins-1025/Pmax-within-100", func() (*MDP, []bool) { return coins(10) }}, func(m *MDP, t []bool) error {
			_, err := ReachWithin(m, t, 100, Max, lim)
			return err
		}},
	} {
		m, t := c.mk()
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.q(m, t); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
