package mdp

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// q parses a rational such as "2/7".
func q(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

// to is a transition to state t with probability p ("1/2").
func to(t int, p string) Transition { return Transition{To: t, P: q(p)} }

// act is an action with a reward ("" for none) and a distribution.
func act(label, reward string, next ...Transition) Action {
	a := Action{Label: label, Next: next}
	if reward != "" {
		a.Reward = q(reward)
	}
	return a
}

func targets(n int, ts ...int) []bool {
	t := make([]bool, n)
	for _, s := range ts {
		t[s] = true
	}
	return t
}

func show(v *big.Rat, inf bool) string {
	if inf {
		return "inf"
	}
	if v == nil {
		return "nil"
	}
	return v.RatString()
}

// want compares the values of res at the listed states ("inf" for an
// infinite expectation) and returns the first difference.
func want(res *Result, vals map[int]string) error {
	for s := range len(res.Value) {
		w, ok := vals[s]
		if !ok {
			continue
		}
		if got := show(res.Value[s], res.Inf[s]); got != w {
			return fmt.Errorf("state %d: value %s, want %s", s, got, w)
		}
	}
	return nil
}

// TestCoinFlip: a coin with P[heads] = p flipped until heads; one reward
// per flip. E[flips] = 1/p: 2 for p = 1/2, 7/2 for p = 2/7. A chain, so
// Min and Max agree; P[heads eventually] = 1.
func TestCoinFlip(t *testing.T) {
	for _, c := range []struct{ p, tails, want string }{{"1/2", "1/2", "2"}, {"2/7", "5/7", "7/2"}, {"1", "", "1"}} {
		next := []Transition{to(1, c.p)}
		if c.tails != "" {
			next = append(next, to(0, c.tails))
		}
		m := Chain(0, []Action{act("flip", "1", next...), {}})
		tg := targets(2, 1)
		for _, opt := range []Opt{Min, Max} {
			e, err := Expect(m, tg, opt, DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if err := want(e, map[int]string{0: c.want, 1: "0"}); err != nil {
				t.Errorf("p=%s E%s: %v", c.p, opt, err)
			}
			if !slices.Equal(e.Sched, []int{0, -1}) {
				t.Errorf("p=%s E%s: scheduler %v", c.p, opt, e.Sched)
			}
			r, err := Reach(m, tg, opt, DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if err := want(r, map[int]string{0: "1", 1: "1"}); err != nil {
				t.Errorf("p=%s P%s: %v", c.p, opt, err)
			}
		}
	}
}

// gambler is the gambler's ruin on 0..4 started at 2, winning each bet
// with probability 1/3; 0 (ruin) is a deadlock, 4 the goal, each bet has
// reward 1.
func gambler() *MDP {
	rows := make([]Action, 5)
	for i := 1; i <= 3; i++ {
		rows[i] = act("bet", "1", to(i+1, "1/3"), to(i-1, "2/3"))
	}
	return Chain(2, rows)
}

// TestGamblersRuin: P[reach 4 from i] = (1-r^i)/(1-r^4) with r = q/p = 2:
// i=1: -1/-15 = 1/15, i=2: -3/-15 = 1/5, i=3: -7/-15 = 7/15. Expected bets
// until 0 or 4: D1 = 1 + D2/3, D3 = 1 + 2*D2/3, D2 = 1 + D3/3 + 2*D1/3
// = 2 + 4*D2/9, so D2 = 18/5, D1 = 11/5, D3 = 17/5. Until 4 alone the
// expectation is infinite (ruin has positive probability; the deadlock 0
// never reaches 4).
func TestGamblersRuin(t *testing.T) {
	m := gambler()
	for _, opt := range []Opt{Min, Max} {
		r, err := Reach(m, targets(5, 4), opt, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if err := want(r, map[int]string{0: "0", 1: "1/15", 2: "1/5", 3: "7/15", 4: "1"}); err != nil {
			t.Errorf("P%s: %v", opt, err)
		}
		if !slices.Equal(r.Sched, []int{-1, 0, 0, 0, -1}) {
			t.Errorf("P%s: scheduler %v", opt, r.Sched)
		}
		e, err := Expect(m, targets(5, 0, 4), opt, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if err := want(e, map[int]string{0: "0", 1: "11/5", 2: "18/5", 3: "17/5", 4: "0"}); err != nil {
			t.Errorf("E%s duration: %v", opt, err)
		}
		e, err = Expect(m, targets(5, 4), opt, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if err := want(e, map[int]string{0: "inf", 1: "inf", 2: "inf", 3: "inf", 4: "0"}); err != nil {
			t.Errorf("E%s to 4: %v", opt, err)
		}
	}
	path, p, err := MostLikelyPath(m, targets(5, 4), []int{-1, 0, 0, 0, -1})
	if err != nil || !slices.Equal(path, []int{2, 3, 4}) || p.RatString() != "1/9" {
		t.Errorf("most likely path %v %v %v, want [2 3 4] 1/9", path, p, err)
	}
}

// ecMDP has the end component {0, 1}: at 0, "loop" goes to 1 and "try"
// reaches the goal 2 with 1/2 (else the deadlock 3); at 1, "back" returns
// to 0 and "try" reaches 2 with 1/3 (else 3). Pmax(0) = max(x1, 1/2) and
// Pmax(1) = max(x0, 1/3), whose least solution is x0 = x1 = 1/2, attained
// by (try, back). Pmin(0) = Pmin(1) = 0 by looping for ever. The
// scheduler that takes action 0 everywhere is improper (it loops), so
// policy iteration must not start there.
func ecMDP() *MDP {
	return &MDP{Init: 0, States: [][]Action{
		{act("loop", "", to(1, "1")), act("try", "", to(2, "1/2"), to(3, "1/2"))},
		{act("back", "", to(0, "1")), act("try", "", to(2, "1/3"), to(3, "2/3"))},
		{act("stay", "", to(2, "1"))},
		{},
	}}
}

func checkEndComponentPmax() error {
	r, err := Reach(ecMDP(), targets(4, 2), Max, DefaultLimits)
	if err != nil {
		return err
	}
	if err := want(r, map[int]string{0: "1/2", 1: "1/2", 2: "1", 3: "0"}); err != nil {
		return err
	}
	if !slices.Equal(r.Sched, []int{1, 0, -1, -1}) {
		return fmt.Errorf("scheduler %v, want [1 0 -1 -1]", r.Sched)
	}
	return nil
}

func TestEndComponentPmax(t *testing.T) {
	if err := checkEndComponentPmax(); err != nil {
		t.Fatal(err)
	}
	r, err := Reach(ecMDP(), targets(4, 2), Min, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := want(r, map[int]string{0: "0", 1: "0", 2: "1", 3: "0"}); err != nil {
		t.Errorf("Pmin: %v", err)
	}
	if !slices.Equal(r.Sched, []int{0, 0, -1, -1}) {
		t.Errorf("Pmin scheduler %v, want [0 0 -1 -1] (loop for ever)", r.Sched)
	}
	z, _ := Zero(ecMDP(), targets(4, 2), Min)
	as, _ := AlmostSure(ecMDP(), targets(4, 2), Max)
	if !slices.Equal(z, []bool{true, true, false, true}) || !slices.Equal(as, []bool{false, false, true, false}) {
		t.Errorf("Zero(Min) %v AlmostSure(Max) %v", z, as)
	}
}

// zeroEC has the zero-reward end component {0, 1}: at 0, "free" goes to 1
// (reward 0) and "pay" reaches the goal 2 for 3; at 1, "free" goes back to
// 0 (reward 0) and "pay" reaches 2 for 1. Emin(1) = min(x0, 1), Emin(0) =
// min(x1, 3): over the schedulers that reach 2 with probability 1,
// Emin(0) = Emin(1) = 1, by (free, pay). Looping for free costs 0 but never
// reaches 2, so it is not a candidate (its expectation is infinite) -- and
// at 1 the two actions tie (0 + x0 = 1 = 1 + 0), so the lowest-index
// optimal action "free" would loop: the scheduler must take "pay".
// Emax is infinite at 0 and 1: looping avoids 2 for ever.
func zeroEC() *MDP {
	return &MDP{Init: 0, States: [][]Action{
		{act("free", "0", to(1, "1")), act("pay", "3", to(2, "1"))},
		{act("free", "0", to(0, "1")), act("pay", "1", to(2, "1"))},
		{},
	}}
}

func checkZeroRewardEC() error {
	e, err := Expect(zeroEC(), targets(3, 2), Min, DefaultLimits)
	if err != nil {
		return err
	}
	if err := want(e, map[int]string{0: "1", 1: "1", 2: "0"}); err != nil {
		return err
	}
	if !slices.Equal(e.Sched, []int{0, 1, -1}) {
		return fmt.Errorf("scheduler %v, want [0 1 -1]", e.Sched)
	}
	return nil
}

func TestZeroRewardEndComponentEmin(t *testing.T) {
	if err := checkZeroRewardEC(); err != nil {
		t.Fatal(err)
	}
}

// TestEmaxInfinite: in zeroEC a scheduler loops for ever between 0 and 1,
// so Emax is infinite there and finite (0) only at the goal; the reported
// scheduler must avoid the goal with positive probability (it loops).
func TestEmaxInfinite(t *testing.T) {
	e, err := Expect(zeroEC(), targets(3, 2), Max, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := want(e, map[int]string{0: "inf", 1: "inf", 2: "0"}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.Sched, []int{0, 0, -1}) {
		t.Errorf("scheduler %v, want [0 0 -1] (loops)", e.Sched)
	}
	as, _ := AlmostSure(zeroEC(), targets(3, 2), Min)
	if !slices.Equal(as, []bool{false, false, true}) {
		t.Errorf("AlmostSure(Min) %v", as)
	}
	// With the loop removed at 1 every scheduler reaches 2: Emax(1) = 1,
	// Emax(0) = max(0 + 1, 3) = 3.
	m := zeroEC()
	m.States[1] = m.States[1][1:]
	e, err = Expect(m, targets(3, 2), Max, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := want(e, map[int]string{0: "3", 1: "1"}); err != nil {
		t.Error(err)
	}
}

// TestStepBoundedNeedsMemory: at 0, "slow" goes to 1, from which the goal
// 2 is reached with 9/10 (else the deadlock 3); "fast" reaches 2 with 1/2
// and otherwise returns to 0. With k steps left at 0:
//
//	k=1: slow 0, fast 1/2 -> fast, V1 = 1/2
//	k=2: slow 9/10, fast 1/2 + V1/2 = 3/4 -> slow, V2 = 9/10
//	k=3: slow 9/10, fast 1/2 + V2/2 = 19/20 -> fast, V3 = 19/20
//
// The two memoryless schedulers give 9/10 (always slow) and 7/8 (always
// fast) within 3 steps, both less than 19/20: the optimum needs to know
// the steps left.
func TestStepBoundedNeedsMemory(t *testing.T) {
	m := &MDP{Init: 0, States: [][]Action{
		{act("slow", "", to(1, "1")), act("fast", "", to(2, "1/2"), to(0, "1/2"))},
		{act("go", "", to(2, "9/10"), to(3, "1/10"))},
		{},
		{},
	}}
	tg := targets(4, 2)
	b, err := ReachWithin(m, tg, 3, Max, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for k := range 4 {
		got = append(got, b.Value[k][0].RatString())
	}
	if !slices.Equal(got, []string{"0", "1/2", "9/10", "19/20"}) {
		t.Errorf("Pmax within k from 0: %v", got)
	}
	if b.Sched[3][0] != 1 || b.Sched[2][0] != 0 || b.Sched[1][0] != 1 || b.Sched[0][0] != -1 {
		t.Errorf("step-dependent scheduler at 0: %v %v %v", b.Sched[1][0], b.Sched[2][0], b.Sched[3][0])
	}
	if b.Sched[3][2] != -1 || b.Sched[3][3] != -1 {
		t.Errorf("target/deadlock entries %v", b.Sched[3])
	}
	for a := range 2 {
		mem := memorylessWithin(m, tg, []int{a, 0, -1, -1}, 3)
		if mem[0].Cmp(b.Value[3][0]) >= 0 {
			t.Errorf("memoryless scheduler %d reaches %s within 3, not below the optimum", a, mem[0].RatString())
		}
	}
}

// TestDeadlock: a non-target deadlock never reaches the target
// (probability 0, infinite expectation, both extremes); a target deadlock
// has probability 1 and expectation 0; both have scheduler -1.
func TestDeadlock(t *testing.T) {
	m := &MDP{Init: 0, States: [][]Action{
		{act("a", "1", to(1, "1/2"), to(2, "1/2")), act("b", "2", to(2, "1"))},
		{},
		{},
	}}
	tg := targets(3, 2)
	for _, opt := range []Opt{Min, Max} {
		r, e, b := solveAll(t, m, tg, 2, opt)
		// Pmin(0) = 1/2 by a, Pmax(0) = 1 by b; Emin(0) = 2 (only b
		// reaches 2 surely), Emax(0) = inf (a misses with 1/2).
		wp, we := map[Opt]string{Min: "1/2", Max: "1"}[opt], map[Opt]string{Min: "2", Max: "inf"}[opt]
		if err := want(r, map[int]string{0: wp, 1: "0", 2: "1"}); err != nil {
			t.Errorf("P%s: %v", opt, err)
		}
		if err := want(e, map[int]string{0: we, 1: "inf", 2: "0"}); err != nil {
			t.Errorf("E%s: %v", opt, err)
		}
		if b.Value[2][0].RatString() != wp || b.Value[2][1].Sign() != 0 {
			t.Errorf("P%s within 2: %v", opt, b.Value[2])
		}
		if r.Sched[1] != -1 || r.Sched[2] != -1 || e.Sched[1] != -1 || e.Sched[2] != -1 {
			t.Errorf("%s: deadlock scheduler entries %v %v", opt, r.Sched, e.Sched)
		}
		wa := map[Opt]int{Min: 0, Max: 1}[opt]
		if r.Sched[0] != wa || e.Sched[0] != 1-wa {
			t.Errorf("%s: scheduler at 0: P %d E %d", opt, r.Sched[0], e.Sched[0])
		}
	}
}

// TestMostLikelyPath: the direct edge 0->3 has 1/10, the detour 0->1->3
// has 9/10 * 1 and 0->2->3 has 0 (2 is a deadlock on a dead end).
func TestMostLikelyPath(t *testing.T) {
	m := Chain(0, []Action{
		act("", "", to(3, "1/10"), to(1, "3/10"), to(1, "3/5")),
		act("", "", to(3, "1")),
		{},
		{},
	})
	path, p, err := MostLikelyPath(m, targets(4, 3), []int{0, 0, -1, -1})
	if err != nil || !slices.Equal(path, []int{0, 1, 3}) || p.RatString() != "9/10" {
		t.Errorf("got %v %v %v, want [0 1 3] 9/10", path, p, err)
	}
	path, p, err = MostLikelyPath(m, targets(4, 2), []int{0, 0, -1, -1})
	if err != nil || path != nil || p.Sign() != 0 {
		t.Errorf("unreachable target: %v %v %v", path, p, err)
	}
	path, _, _ = MostLikelyPath(m, targets(4, 0), []int{0, 0, -1, -1})
	if !slices.Equal(path, []int{0}) {
		t.Errorf("initial target: %v", path)
	}
	if _, _, err := MostLikelyPath(m, targets(4, 3), []int{0, 1, -1, -1}); err == nil || !strings.Contains(err.Error(), "state 1") {
		t.Errorf("bad scheduler: %v", err)
	}
}

// TestValidate: each malformed MDP is rejected by a message naming the
// problem and the state.
func TestValidate(t *testing.T) {
	good := func() *MDP {
		return &MDP{Init: 0, States: [][]Action{{act("a", "1", to(1, "1/2"), to(0, "1/2"))}, {act("b", "", to(1, "1"))}}}
	}
	cases := []struct {
		name   string
		break_ func(m *MDP)
		want   string
	}{
		{"no states", func(m *MDP) { m.States = nil }, "no states"},
		{"init", func(m *MDP) { m.Init = 2 }, "initial state 2 out of range"},
		{"negative prob", func(m *MDP) { m.States[1][0].Next = []Transition{to(1, "3/2"), to(0, "-1/2")} }, `state 1 action 0 ("b"): probability -1/2 to state 0 is not positive`},
		{"zero prob", func(m *MDP) { m.States[1][0].Next = append(m.States[1][0].Next, to(0, "0")) }, "state 1 action 0 (\"b\"): probability 0 to state 0"},
		{"nil prob", func(m *MDP) { m.States[1][0].Next[0].P = nil }, "state 1 action 0 (\"b\"): nil probability"},
		{"sum", func(m *MDP) { m.States[0][0].Next[1].P = q("1/3") }, `state 0 action 0 ("a"): probabilities sum to 5/6, not 1`},
		{"range", func(m *MDP) { m.States[1][0].Next[0].To = 5 }, "state 1 action 0 (\"b\"): successor 5 out of range 0..1"},
		{"negative range", func(m *MDP) { m.States[1][0].Next[0].To = -1 }, "state 1 action 0 (\"b\"): successor -1 out of range"},
		{"reward", func(m *MDP) { m.States[1][0].Reward = q("-1") }, `state 1 action 0 ("b"): negative reward -1`},
		{"empty", func(m *MDP) { m.States[1][0].Next = nil }, `state 1 action 0 ("b"): empty distribution`},
	}
	if err := good().Validate(); err != nil {
		t.Fatalf("good MDP rejected: %v", err)
	}
	for _, c := range cases {
		m := good()
		c.break_(m)
		err := m.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", c.name, err, c.want)
		}
		if _, err := Reach(m, make([]bool, len(m.States)), Max, DefaultLimits); err == nil {
			t.Errorf("%s: Reach accepted the MDP", c.name)
		}
	}
	if _, err := Reach(good(), targets(3, 0), Max, DefaultLimits); err == nil || !strings.Contains(err.Error(), "target has 3 entries for 2 states") {
		t.Errorf("target length: %v", err)
	}
}

// TestLimits: every limit is checked before the work and named.
func TestLimits(t *testing.T) {
	m := gambler()
	tg := targets(5, 4)
	for _, c := range []struct {
		lim  Limits
		want string
	}{
		{Limits{MaxStates: 4}, "5 states exceed Limits.MaxStates (4)"},
		{Limits{MaxTransitions: 5}, "6 transitions exceed Limits.MaxTransitions (5)"},
		{Limits{MaxBits: 1}, "state 1 action 0: probability to state 2 has more than Limits.MaxBits (1) bits"},
	} {
		if _, err := Reach(m, tg, Max, c.lim); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Reach %+v: %v, want %q", c.lim, err, c.want)
		}
		if _, err := Expect(m, tg, Max, c.lim); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Expect %+v: %v, want %q", c.lim, err, c.want)
		}
	}
	if _, err := ReachWithin(m, tg, 11, Max, Limits{MaxSteps: 10}); err == nil || !strings.Contains(err.Error(), "step bound 11 exceeds Limits.MaxSteps (10)") {
		t.Errorf("MaxSteps: %v", err)
	}
	if _, err := Reach(m, tg, Max, Limits{MaxStates: 5, MaxTransitions: 6, MaxBits: 2}); err != nil {
		t.Errorf("at the limits: %v", err)
	}
}

// TestDeterministic: the same query twice gives the same values and
// schedulers (the elimination and the path search use maps; their
// iteration order must not show).
func TestDeterministic(t *testing.T) {
	m, tg := coins(5)
	run := func() string {
		var b strings.Builder
		for _, opt := range []Opt{Min, Max} {
			r, e, bd := solveAll(t, m, tg, 5, opt)
			path, p, err := MostLikelyPath(m, tg, r.Sched)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprint(&b, r.Value, r.Sched, e.Value, e.Inf, e.Sched, bd.Value, bd.Sched, path, p)
		}
		return b.String()
	}
	first := run()
	for range 5 {
		if run() != first {
			t.Fatal("two runs of the same queries differ")
		}
	}
}

// solveAll answers Reach, Expect and ReachWithin (steps) for opt.
func solveAll(t *testing.T, m *MDP, tg []bool, steps int, opt Opt) (*Result, *Result, *Bounded) {
	t.Helper()
	r, err := Reach(m, tg, opt, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Expect(m, tg, opt, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReachWithin(m, tg, steps, opt, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	return r, e, b
}
