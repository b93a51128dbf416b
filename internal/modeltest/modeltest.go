// Package modeltest holds test helpers shared by the algorithm packages:
// driving a World under the fair FIFO schedule, checking that the highest
// live id was elected, and comparing the fast simulator with the World.
// It imports only the model, so algorithm packages may use it in tests.
package modeltest

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// IDs converts ints to process IDs.
func IDs(v ...int) []model.ID {
	out := make([]model.ID, len(v))
	for i, x := range v {
		out[i] = model.ID(x)
	}
	return out
}

// RunFIFO builds the World of cfg and drives it to quiescence under the fair
// FIFO schedule (the Sim's schedule, model.FairFIFO): every pending
// initiation first, then the oldest message in flight (async) or the next
// round (sync), then the timer with the earliest deadline, then the next
// successive crash. It fails the test on a stuck world, a cap of 100000
// events or a model fault.
func RunFIFO(t testing.TB, spec model.Spec, cfg *model.Config) model.System {
	t.Helper()
	s := NewSystem(t, spec, cfg)
	Drive(t, s)
	return s
}

// Drive applies the fair FIFO schedule's events (model.FairFIFO) to s
// until it is quiescent: absent processes are left absent.
func Drive(t testing.TB, s model.System) {
	t.Helper()
	var buf []model.Event
	for steps := 0; !s.Quiescent(); steps++ {
		if steps > 100000 {
			t.Fatalf("%s: not quiescent after %d events", s.Config(), steps)
		}
		buf = s.Enabled(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("%s: stuck with no event to apply", s.Config())
		}
		ev := model.FairFIFO(s, buf)
		if err := s.Apply(ev); err != nil {
			t.Fatalf("%s: apply %s: %v", s.Config(), ev, err)
		}
	}
	if f := s.Faults(); len(f) > 0 {
		t.Fatalf("%s: model faults: %v", s.Config(), f)
	}
}

// CheckElectedMax checks that every live process holds the highest live id
// and that exactly that process acts as coordinator.
func CheckElectedMax(t testing.TB, s model.Snapshot) {
	t.Helper()
	max := model.None
	for i := range s.N() {
		if id := s.Topo().Order[i]; s.Status(i) == model.Live && id > max {
			max = id
		}
	}
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		id, v := s.Topo().Order[i], s.View(i)
		if v.Leader != max {
			t.Errorf("process %d holds leader %d, want %d", id, v.Leader, max)
		}
		if v.Coordinator != (id == max) {
			t.Errorf("process %d: coordinator=%v, want %v", id, v.Coordinator, id == max)
		}
	}
}

// SimMatchesWorld runs cfg in the fast simulator and in the World under
// the FIFO schedule and requires the same counts, statuses, views and
// learn-hop clocks. It is for algorithms without coins: the FIFO schedule
// answers every coin 0, the simulator draws them (model's
// simcoins_test.go compares the two with the coins redrawn).
func SimMatchesWorld(t testing.TB, spec model.Spec, cfg *model.Config) {
	t.Helper()
	w := RunFIFO(t, spec, cfg)
	sim, err := spec.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res := sim.Run(0)
	if !res.Quiescent || res.Faults != 0 {
		t.Fatalf("%s: sim quiescent=%v faults=%d", cfg, res.Quiescent, res.Faults)
	}
	wc := w.Counts()
	if res.Counts.Sends != wc.Sends || res.Counts.Deliveries != wc.Deliveries || res.Counts.Forwards != wc.Forwards || res.Counts.Transmissions != wc.Transmissions {
		t.Errorf("%s: sim counts %+v, world %+v", cfg, res.Counts, *wc)
	}
	for i := range w.N() {
		if res.Views[i] != w.View(i) || res.Status[i] != w.Status(i) {
			t.Errorf("%s: process %d: sim view %+v, world %+v", cfg, w.Topo().Order[i], res.Views[i], w.View(i))
		}
		if res.LearnHops[i] != w.LearnHops(i) {
			t.Errorf("%s: process %d: sim learn hops %d, world %d", cfg, w.Topo().Order[i], res.LearnHops[i], w.LearnHops(i))
		}
	}
}

// ValidateClaims checks every claim of a: the claim is well-formed
// (Claim.Validate) and each variant it is checked under parses as a
// reading of a's algorithm. An algorithm with no claim fails: the test
// would check nothing.
func ValidateClaims(t testing.TB, a claim.Entry) {
	t.Helper()
	in := a.Meta()
	if len(a.Claims) == 0 {
		t.Errorf("%s registers no claim: nothing to validate", in.Name)
		return
	}
	for i := range a.Claims {
		c := &a.Claims[i]
		if err := c.Validate(); err != nil {
			t.Error(err)
		}
		for _, v := range c.Variants {
			if _, err := in.ParseVariant(v); err != nil {
				t.Errorf("claim %s: %v", c.ID, err)
			}
		}
	}
}

// CrashSets calls f once for every subset of pool (in mask order: bit i
// of the mask crashes pool[i]), with crashed = always followed by that
// subset and live = the rest of pool in pool order, skipping the subsets
// that leave fewer than minLive live. Each call gets fresh slices.
func CrashSets(pool, always []model.ID, minLive int, f func(crashed, live []model.ID)) {
	for dead := 0; dead < 1<<len(pool); dead++ {
		crashed := append([]model.ID(nil), always...)
		var live []model.ID
		for i, id := range pool {
			if dead&(1<<i) != 0 {
				crashed = append(crashed, id)
			} else {
				live = append(live, id)
			}
		}
		if len(live) < minLive {
			continue
		}
		f(crashed, live)
	}
}

// ElectsMaxLiveAfterCoordinatorCrash runs spec on ids 1..6 with the old
// coordinator 6 crashed, under every other crash set that leaves two or
// more live, every non-empty detector set among the live, each variant, in
// sync and async timing (FIFO schedule), and checks that the highest live
// id is elected (CheckElectedMax).
func ElectsMaxLiveAfterCoordinatorCrash(t testing.TB, spec model.Spec, variants ...string) {
	ids := IDs(1, 2, 3, 4, 5, 6)
	CrashSets(ids[:5], IDs(6), 2, func(crashed, live []model.ID) {
		for _, inits := range Subsets(live) {
			for _, variant := range variants {
				for _, timing := range []model.Timing{model.Sync, model.Async} {
					cfg := &model.Config{IDs: ids, Crashed: crashed, Initiators: inits, Timing: timing, Variant: variant}
					CheckElectedMax(t, RunFIFO(t, spec, cfg))
				}
			}
		}
	})
}

// OneDetectorSends runs spec in sync timing on ids 1..n, n = 2..nMax,
// with the coordinator n crashed and one detector P, 1 ≤ P < n, under
// convention A (the default variant: n is a member) and convention B
// (variant convB: N = n−1 live members), and compares the sends with
// wantA(n, P) and wantB(N, P).
func OneDetectorSends(t testing.TB, spec model.Spec, convB string, nMax int, wantA, wantB func(n, p int) int64) {
	t.Helper()
	for n := 2; n <= nMax; n++ {
		ids := model.IDsUpTo(n)
		for p := 1; p < n; p++ {
			a := &model.Config{IDs: ids, Crashed: ids[n-1:], Initiators: ids[p-1 : p], Timing: model.Sync}
			b := a.Clone()
			b.Variant = convB
			if got, want := RunFIFO(t, spec, a).Counts().Sends, wantA(n, p); got != want {
				t.Errorf("convention A, n=%d, P=%d: %d sends, want %d", n, p, got, want)
			}
			if got, want := RunFIFO(t, spec, b).Counts().Sends, wantB(n-1, p); got != want {
				t.Errorf("convention B, N=%d, P=%d: %d sends, want %d", n-1, p, got, want)
			}
		}
	}
}

// Subsets lists the non-empty subsets of ids in mask order (bit i of the
// mask takes ids[i]), each in ids order.
func Subsets(ids []model.ID) [][]model.ID {
	var out [][]model.ID
	for m := 1; m < 1<<len(ids); m++ {
		var s []model.ID
		for i, id := range ids {
			if m&(1<<i) != 0 {
				s = append(s, id)
			}
		}
		out = append(out, s)
	}
	return out
}

// ApplyNamed parses each event (as model.ParseEvent reads it) and applies
// it to s in order, failing the test on the first error.
func ApplyNamed(t testing.TB, s interface{ Apply(model.Event) error }, events ...string) {
	t.Helper()
	for _, name := range events {
		ev, err := model.ParseEvent(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
}

// ApplyFirst applies the first enabled event of s again and again, until
// no event is enabled or max+1 events have been applied.
func ApplyFirst(t testing.TB, s model.System, max int) {
	t.Helper()
	var buf []model.Event
	for steps := 0; ; steps++ {
		buf = s.Enabled(buf[:0])
		if len(buf) == 0 || steps > max {
			return
		}
		if err := s.Apply(buf[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// ApplyFirstUntilQuiescent applies the first enabled event of s until s is
// quiescent, calling after (when not nil) after each event.
func ApplyFirstUntilQuiescent(t testing.TB, s model.System, after func()) {
	t.Helper()
	var buf []model.Event
	for !s.Quiescent() {
		buf = s.Enabled(buf[:0])
		if err := s.Apply(buf[0]); err != nil {
			t.Fatal(err)
		}
		if after != nil {
			after()
		}
	}
}

// Coordinators counts the live processes of s acting as coordinator.
func Coordinators(s model.Snapshot) int {
	n := 0
	for i := range s.N() {
		if s.Status(i) == model.Live && s.View(i).Coordinator {
			n++
		}
	}
	return n
}

// SimMatchesWorldTimings runs SimMatchesWorld on each configuration, first
// in async then in sync timing (the configuration's Timing is replaced).
func SimMatchesWorldTimings(t testing.TB, spec model.Spec, cfgs ...model.Config) {
	t.Helper()
	for _, cfg := range cfgs {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			c := cfg
			c.Timing = timing
			SimMatchesWorld(t, spec, &c)
		}
	}
}

// RingArrangements calls f with every arrangement of the ids 1..n on a
// ring up to rotation: n first, then each permutation of 1..n-1 ((n-1)!
// arrangements). f must not keep the slice.
func RingArrangements(n int, f func(ids []model.ID)) {
	rest := model.IDsUpTo(n - 1)
	var rec func(k int)
	rec = func(k int) {
		if k == len(rest) {
			f(append([]model.ID{model.ID(n)}, rest...))
			return
		}
		for i := k; i < len(rest); i++ {
			rest[k], rest[i] = rest[i], rest[k]
			rec(k + 1)
			rest[k], rest[i] = rest[i], rest[k]
		}
	}
	rec(0)
}

// BitReversal is the arrangement of 1..n (n a power of two) whose i-th id
// is the bit reversal of i, plus one: its local maxima are every other
// process and form a bit-reversal arrangement again, so each round of a
// neighbour-comparison ring election halves the active processes exactly.
func BitReversal(n int) []model.ID {
	k := bits.Len(uint(n)) - 1
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(bits.Reverse(uint(i))>>(bits.UintSize-k)) + 1
	}
	return ids
}

// CrashFreeRings are the configurations on which the crash-free ring
// elections (franklin, peterson) compare the simulator with the World
// (SimMatchesWorldTimings): a scrambled ring of 7 with every process and
// with one process initiating, the smallest ring, and the bit-reversal
// ring of 8.
func CrashFreeRings() []model.Config {
	return []model.Config{
		{IDs: IDs(4, 2, 7, 1, 5, 3, 6)},
		{IDs: IDs(4, 2, 7, 1, 5, 3, 6), Initiators: IDs(2)},
		{IDs: IDs(2, 1)},
		{IDs: IDs(8, 1, 5, 3, 7, 2, 6, 4)},
	}
}

// HighestCrashed are the Bully family's configurations for the engines'
// comparison (SimMatchesWorldTimings): the highest id crashed before the
// run, with one detector, with a second crash and three detectors, and
// on a scrambled complete graph with every live process detecting; each
// test adds its own readings.
func HighestCrashed() []model.Config {
	return []model.Config{
		{IDs: IDs(1, 2, 3, 4, 5, 6, 7), Crashed: IDs(7), Initiators: IDs(2)},
		{IDs: IDs(1, 2, 3, 4, 5, 6, 7), Crashed: IDs(7, 6), Initiators: IDs(1, 3, 5)},
		{IDs: IDs(3, 1, 2, 5, 4), Crashed: IDs(5)},
	}
}

// SingleInitiators runs spec on ids once with every process initiating
// and then with each single initiator, in async and in sync timing, under
// the fair FIFO schedule; it calls check on each single-initiator run and
// fails the test when such a run does not send as many messages as the
// run with every process initiating (the initiator's messages wake every
// other process, which then takes part as if it had initiated).
func SingleInitiators(t testing.TB, spec model.Spec, ids []model.ID, check func(cfg *model.Config, w model.System)) {
	t.Helper()
	all := RunFIFO(t, spec, &model.Config{IDs: ids}).Counts().Sends
	for _, init := range ids {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			cfg := &model.Config{IDs: ids, Initiators: []model.ID{init}, Timing: timing}
			w := RunFIFO(t, spec, cfg)
			check(cfg, w)
			if got := w.Counts().Sends; got != all {
				t.Errorf("%s: %d messages, want %d as with every process initiating", cfg, got, all)
			}
		}
	}
}

// RingWorstCases measures spec's message count with every process
// initiating under the fair FIFO schedule: worst8 is the most over every
// arrangement of 1..8 (RingArrangements; 5040 runs), rev64 the count on
// the bit-reversal ring of 64 (BitReversal), and random64 the most over
// 300 seeded random rings of 64. It logs them next to the claimed bound.
func RingWorstCases(t testing.TB, spec model.Spec, claimed func(n int) fmt.Stringer) (worst8, rev64, random64 int64) {
	t.Helper()
	RingArrangements(8, func(ids []model.ID) {
		worst8 = max(worst8, RunFIFO(t, spec, &model.Config{IDs: ids}).Counts().Sends)
	})
	t.Logf("n=8: worst case %d messages over all 5040 arrangements; claimed <= %s", worst8, claimed(8))
	const n, samples = 64, 300
	rev64 = RunFIFO(t, spec, &model.Config{IDs: BitReversal(n)}).Counts().Sends
	rng := rand.New(rand.NewPCG(64, 1))
	var sum int64
	for range samples {
		ids := model.IDsUpTo(n)
		rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		c := RunFIFO(t, spec, &model.Config{IDs: ids}).Counts().Sends
		random64, sum = max(random64, c), sum+c
	}
	t.Logf("n=64: bit-reversal arrangement %d messages; %d random arrangements: max %d, mean %.1f; claimed <= %s", rev64, samples, random64, float64(sum)/samples, claimed(n))
	return worst8, rev64, random64
}

// RingWorstCasesExact runs RingWorstCases beside the claimed bound and
// checks that the worst case at n = 8 and the bit-reversal ring of 64 cost
// exactly exact(n) messages (text is exact's formula, for the errors), and
// that no random ring of 64 costs more than the bit-reversal one.
func RingWorstCasesExact(t testing.TB, spec model.Spec, bound func(claim.Params) claim.Rat, text string, exact func(n int) int64) {
	t.Helper()
	worst, rev, hi := RingWorstCases(t, spec, func(n int) fmt.Stringer { return bound(claim.Params{N: n}) })
	if want := exact(8); worst != want {
		t.Errorf("n=8: worst case %d, want %s = %d", worst, text, want)
	}
	if want := exact(64); rev != want || hi > rev {
		t.Errorf("n=64: bit reversal %d (want %d), random max %d", rev, want, hi)
	}
}

// CheckFormula checks that formula f, what it computes named by what (for
// the errors), evaluates at each n of sizes (claim.Params{N: n}) to the
// text want[i].
func CheckFormula(t testing.TB, what string, f func(claim.Params) claim.Rat, sizes []int, want ...string) {
	t.Helper()
	if len(want) != len(sizes) {
		t.Fatalf("%s: %d sizes but %d values", what, len(sizes), len(want))
	}
	for i, n := range sizes {
		if got := f(claim.Params{N: n}).String(); got != want[i] {
			t.Errorf("n=%d: %s %s, want %s", n, what, got, want[i])
		}
	}
}

// CrashSetRuns runs spec under the fair FIFO schedule on base.IDs (with
// base's other fields) once for every crash set of those ids that leaves
// minLive or more live (CrashSets), each initiator set that inits picks
// among the live, each of variants and both timings, in that nesting; it
// checks that every live process holds the highest live id
// (CheckElectedMax) and then calls check on the run.
func CrashSetRuns(t testing.TB, spec model.Spec, base model.Config, minLive int, inits func(live []model.ID) [][]model.ID, variants []string, check func(cfg *model.Config, w model.System)) {
	t.Helper()
	CrashSets(base.IDs, nil, minLive, func(crashed, live []model.ID) {
		for _, initiators := range inits(live) {
			for _, variant := range variants {
				for _, timing := range []model.Timing{model.Async, model.Sync} {
					cfg := base
					cfg.Crashed, cfg.Initiators, cfg.Timing, cfg.Variant = crashed, initiators, timing, variant
					w := RunFIFO(t, spec, &cfg)
					CheckElectedMax(t, w)
					check(&cfg, w)
				}
			}
		}
	})
}

// Observed counts the observations tagged tag made so far in s.
func Observed(s model.System, tag string) int {
	k := 0
	for _, o := range s.Observations() {
		if o.Tag == tag {
			k++
		}
	}
	return k
}
