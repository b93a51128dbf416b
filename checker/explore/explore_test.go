package explore

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// testConfigs are the small configurations every registered algorithm is
// explored on by the exactness tests: rings of 3 and 4, several initiator
// sets, a crash budget, unordered channels, sync timing, a dead process.
func testConfigs(info *model.Info) []*model.Config {
	ids := modeltest.IDs
	base := func(i []model.ID) *model.Config {
		return &model.Config{Algo: info.Name, IDs: i, Forwarding: info.Forwarding}
	}
	var out []*model.Config
	add := func(c *model.Config) { out = append(out, c) }
	add(base(ids(2, 1)))
	c := base(ids(1, 2))
	c.Initiators = ids(1)
	add(c)
	add(base(ids(1, 2, 3)))
	add(base(ids(3, 1, 2)))
	c = base(ids(2, 4, 1, 3))
	add(c)
	c = base(ids(2, 4, 1, 3))
	c.Initiators = ids(1, 2)
	add(c)
	c = base(ids(3, 1, 2))
	c.CrashBudget = 1
	add(c)
	c = base(ids(3, 1, 2))
	c.Net = model.Unordered
	add(c)
	c = base(ids(3, 1, 2, 4))
	c.Timing = model.Sync
	add(c)
	c = base(ids(3, 1, 2, 4))
	c.Crashed = ids(4)
	add(c)
	c = base(ids(3, 1, 2))
	c.Timeouts = model.Early
	c.Initiators = ids(1)
	add(c)
	c = base(ids(3, 1, 2))
	c.Timeouts = model.DeadLate
	c.CrashBudget = 1
	add(c)
	return out
}

// testSpecs are the registered algorithms plus the explorer's test
// algorithms.
func testSpecs() []model.Spec {
	return append(slices.Clone(algos.Registry().Specs()), model.Spec(timerRing), model.Spec(twoCoords))
}

// violationSet is the sorted list of "property: message" of r.
func violationSet(r *Result) []string {
	var out []string
	for _, v := range r.Violations {
		out = append(out, v.Property+": "+v.Message)
	}
	slices.Sort(out)
	return out
}

// summary is everything that must not depend on the reduction, the order
// or the split of a search. The numbers of states and the maxima are exact
// only when no path was cut: a path stops at a safety violation and, with
// counts in the state, where a sending cycle closes (the maxima are then
// lower bounds); which states lie beyond such cuts depends on the order of
// the search. The verdicts, the minima and the violations found never do.
func summary(r *Result) string {
	if r.StateReduction {
		return reducedSummary(r)
	}
	return exactSummary(r)
}

// reducedSummary is what persistent sets keep: quiescent states, counts,
// cycles, end-of-run violations, and whether safety fails somewhere.
func reducedSummary(r *Result) string {
	c := "-"
	if r.Counts != nil {
		k := *r.Counts
		if r.CountsLowerBound {
			k.Sends.Max, k.Transmissions.Max, k.Deliveries.Max, k.SR.Max, k.Forwards.Max = 0, 0, 0, 0, 0
		}
		c = fmt.Sprintf("%+v", k)
	}
	var end []string
	safety := false
	for _, v := range r.Violations {
		if v.Step > 0 {
			safety = true
		} else {
			end = append(end, v.Property+": "+v.Message)
		}
	}
	slices.Sort(end)
	return fmt.Sprintf("final=%d counts=%s lower=%v cycle=%v incomplete=%q end=%q safety=%v",
		r.Final, c, r.CountsLowerBound, r.Cycle, r.Incomplete, end, safety)
}

func exactSummary(r *Result) string {
	cut := r.CountsLowerBound
	for _, v := range r.Violations {
		cut = cut || v.Step > 0
	}
	c := "-"
	if r.Counts != nil {
		k := *r.Counts
		if cut {
			k.Sends.Max, k.Transmissions.Max, k.Deliveries.Max, k.SR.Max, k.Forwards.Max = 0, 0, 0, 0, 0
		}
		c = fmt.Sprintf("%+v", k)
	}
	states := fmt.Sprintf("states=%d final=%d", r.States, r.Final)
	if cut {
		states = "states=(cut)"
	}
	return fmt.Sprintf("%s counts=%s lower=%v cycle=%v incomplete=%q violations=%q more=%d",
		states, c, r.CountsLowerBound, r.Cycle, r.Incomplete, violationSet(r), r.MoreViolations)
}

// budget bounds each search of the exactness tests; a configuration whose
// full search does not finish within it is skipped (and counted), so new
// algorithms with large state spaces keep the tests fast.
const budget = 4000

// TestReductionExact: for every registered algorithm (and the test
// algorithms), on the small configurations whose full search fits the
// budget, the sleep-set search and the full search agree on states,
// quiescent states, min/max counts in every accounting, cycles and the set
// of violations, with each count mode. Every algorithm must have at least
// one configuration compared.
func TestReductionExact(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: make test-long runs it")
	}
	for _, spec := range testSpecs() {
		compared := 0
		tooBig := map[int]bool{}
		for _, cfg := range testConfigs(spec.Meta()) {
			s0, err := spec.NewSystem(cfg)
			if err != nil || tooBig[len(cfg.IDs)-1] {
				continue // a configuration the algorithm does not take, or too big
			}
			for _, counts := range []CountMode{CountsTotal, CountsNone, CountsPerProcess} {
				if counts != CountsTotal && len(cfg.IDs) > 3 {
					break
				}
				full := Explore(s0, Options{NoPOR: true, Counts: counts, MaxViolations: 1000, MaxStates: budget})
				if !full.Complete() {
					tooBig[len(cfg.IDs)] = true
					break
				}
				red := Explore(s0, Options{Counts: counts, MaxViolations: 1000, MaxStates: budget})
				if red.StateReduction && reducedSummary(full) != reducedSummary(red) || !red.StateReduction && summary(full) != summary(red) {
					t.Errorf("%s counts=%s:\nfull:    %s\nreduced: %s", cfg, counts, summary(full), summary(red))
				}
				if red.Transitions > full.Transitions {
					t.Errorf("%s: the reduction took more transitions (%d) than the full search (%d)", cfg, red.Transitions, full.Transitions)
				}
				if counts != CountsNone && full.Final > 0 && full.Counts == nil {
					t.Errorf("%s: no counts", cfg)
				}
				compared++
			}
		}
		if compared == 0 {
			t.Errorf("%s: no configuration small enough to compare the reduced and the full search (budget %d states)", spec.Meta().Name, budget)
		}
	}
}

// TestIndependence: every pair of events the explorer calls independent,
// in every state the search reaches, commutes to the same state and counts,
// and neither disables the other.
func TestIndependence(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: make test-long runs it")
	}
	for _, spec := range testSpecs() {
		pairs := 0
		for _, cfg := range testConfigs(spec.Meta()) {
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				continue
			}
			Explore(s0, Options{Counts: CountsTotal, MaxStates: budget / 4, checkIndependence: func(n int, errs []error, guard string) {
				pairs += n
				for k, err := range errs {
					if k == 3 {
						t.Errorf("… and %d more", len(errs)-3)
						break
					}
					t.Error(err)
				}
				if guard != "" {
					t.Errorf("%s: the reduction guard stopped the search (the independence relation does not fit this model): %s", s0.Config(), guard)
				}
			}})
		}
		t.Logf("%s: %d independent pairs verified", spec.Meta().Name, pairs)
		if pairs == 0 {
			t.Errorf("%s: no pair of events called independent was verified: the check judged nothing", spec.Meta().Name)
		}
	}
}

// TestIndependenceCanFail: the check reports a model that breaks the
// independence relation: an impure toy whose start input records a
// counter shared by every process, so that two starts at different
// processes (independent by their footprints) do not commute.
func TestIndependenceCanFail(t *testing.T) {
	shared := 0
	impure := toy("impure", "test: broken, processes share a counter", model.Complete,
		func(env *model.Env, s tstate, in model.Input, out *model.Outbox) tstate {
			if in.Kind == model.InStart {
				shared++
				s.Leader = model.ID(shared)
			}
			return s
		})
	s0 := modeltest.NewSystem(t, model.Spec(impure), &model.Config{Algo: "impure", IDs: []model.ID{1, 2, 3}})
	var pairs int
	var errs []error
	var guard string
	Explore(s0, Options{Counts: CountsTotal, MaxStates: 1000, checkIndependence: func(n int, e []error, g string) {
		pairs, errs, guard = n, e, g
	}})
	if len(errs) == 0 && guard == "" {
		t.Fatalf("impure toy: %d pairs verified, none reported not to commute and the guard did not stop the search", pairs)
	}
	t.Logf("impure toy: %d pairs verified, %d reported; guard: %q", pairs, len(errs), guard)
	// The guard alone (every search runs it, on the two Worlds it keeps
	// for its pairs) turns the reduction off for that model.
	if r := Explore(s0, Options{Counts: CountsTotal, MaxStates: 1000}); r.NoReduction == "" {
		t.Errorf("impure toy: the reduction guard did not turn the reduction off (%d states)", r.States)
	} else {
		t.Logf("impure toy, guard alone: %s", r.NoReduction)
	}
}

// TestBFSShortest: BFS finds the same violations as DFS, with traces no
// longer than DFS's minimized ones, and each trace replays to its
// violation.
func TestBFSShortest(t *testing.T) {
	spec := model.Spec(twoCoords)
	cfg := &model.Config{Algo: "twocoords", IDs: []model.ID{3, 1, 2, 4}}
	s0 := modeltest.NewSystem(t, spec, cfg)
	dfs := Explore(s0, Options{})
	bfs := Explore(s0, Options{BFS: true})
	if len(dfs.Violations) == 0 {
		t.Fatal("twocoords: no violation found")
	}
	if !slices.Equal(violationSet(dfs), violationSet(bfs)) {
		t.Errorf("DFS and BFS find different violations:\n%q\n%q", violationSet(dfs), violationSet(bfs))
	}
	for _, r := range []*Result{dfs, bfs} {
		for _, v := range r.Violations {
			if !v.Clean() {
				continue // only reachable after another violation
			}
			x, err := checker.Replay(s0, v.Events, checker.Checks{Props: model.Safety | model.Agreement | model.Validity}, false)
			if err != nil || x.Violation == nil || x.Violation.Property != v.Property || x.Violation.Message != v.Message || x.Violation.Step != v.Step {
				t.Errorf("trace of %s: %s does not replay to it (%v, %v)", v.Property, v.Message, err, x.Violation)
			}
		}
	}
	for i, v := range bfs.Violations {
		if d := dfs.Violations[slices.IndexFunc(dfs.Violations, func(w *Violation) bool { return w.Message == v.Message })]; v.Clean() && d.Clean() && len(v.Events) > len(d.Events) {
			t.Errorf("violation %d: BFS trace (%d events) longer than DFS's (%d)", i, len(v.Events), len(d.Events))
		}
	}
	// A safety violation needs two starts: the shortest trace has 2 events.
	if got := len(bfs.Violations[0].Events); got != 2 {
		t.Errorf("shortest single-coordinator violation: %d events, want 2", got)
	}
}

// TestLivelock: a token circulating forever is a fair livelock, reported as
// a lasso that replays; ping-pong that a pending stop would end is a cycle
// but not a livelock (unfair).
func TestLivelock(t *testing.T) {
	s0 := modeltest.NewSystem(t, tokenRing, &model.Config{Algo: "token", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1}})
	for _, opt := range []Options{{}, {NoPOR: true}, {Counts: CountsTotal}, {BFS: true}} {
		r := Explore(s0, opt)
		if !r.Cycle || len(r.Violations) == 0 || r.Violations[0].Property != checker.PropTermination {
			t.Fatalf("token ring %+v: want a livelock, got %s", opt, summary(r))
		}
		v := r.Violations[0]
		if v.CycleStart < 0 || v.CycleStart >= len(v.Events) {
			t.Fatalf("lasso cycle start %d of %d events", v.CycleStart, len(v.Events))
		}
		// The cycle returns to the state where it starts.
		w := s0.Clone()
		var at uint64
		for i, ev := range v.Events {
			if i == v.CycleStart {
				at = w.Fingerprint()
			}
			if err := w.Apply(ev); err != nil {
				t.Fatal(err)
			}
		}
		if w.Fingerprint() != at {
			t.Errorf("the lasso's cycle does not return to its start: %v", v.Events)
		}
		if opt.Counts == CountsTotal && !r.CountsLowerBound {
			t.Errorf("a sending cycle with counts must make the maxima lower bounds")
		}
	}
	// Without termination (-props, Spin's -DSAFETY) there is no livelock
	// search: the cycle is seen, no violation reported.
	r := Explore(s0, Options{Checks: checker.Checks{Props: model.Safety | model.Agreement | model.Validity}})
	if !r.Cycle || len(r.Violations) != 0 {
		t.Errorf("token ring, termination not checked: want a cycle and no violation, got %s", summary(r))
	}
	s0 = modeltest.NewSystem(t, pingStop, &model.Config{Algo: "pingstop", IDs: []model.ID{1, 2, 3}})
	for _, opt := range []Options{{}, {NoPOR: true}} {
		r := Explore(s0, opt)
		if !r.Cycle || len(r.Violations) != 0 {
			t.Errorf("ping-stop %+v: want a cycle and no livelock, got %s", opt, summary(r))
		}
	}
}

// TestBounds: each bound ends the search with a partial verdict naming it.
func TestBounds(t *testing.T) {
	spec, _ := algos.Registry().Lookup("ringpoll")
	s0 := modeltest.NewSystem(t, spec, &model.Config{Algo: "ringpoll", IDs: []model.ID{1, 2, 3, 4, 5}})
	for _, tc := range []struct {
		opt  Options
		want string
	}{
		{Options{MaxStates: 100}, "max-states 100"},
		{Options{MaxDepth: 5}, "max-depth 5"},
		{Options{MaxMem: 1 << 20}, "max-mem 1MiB"},
		{Options{BFS: true, MaxDepth: 5}, "max-depth 5"},
		{Options{BFS: true, MaxStates: 100}, "max-states 100"},
	} {
		r := Explore(s0, tc.opt)
		if r.Incomplete != tc.want {
			t.Errorf("%+v: incomplete %q, want %q", tc.opt, r.Incomplete, tc.want)
		}
		if !strings.Contains(r.Verdict(), "search incomplete: "+tc.want) || !strings.HasPrefix(r.Verdict(), "no violation in the ") {
			t.Errorf("verdict %q", r.Verdict())
		}
		if tc.opt.MaxStates > 0 && r.States > tc.opt.MaxStates {
			t.Errorf("%d states stored beyond the bound %d", r.States, tc.opt.MaxStates)
		}
	}
}

// TestShardMerge: the parts of a split search merge into the unsplit
// result, for every registered algorithm.
func TestShardMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: make test-long runs it")
	}
	merged := 0
	for _, spec := range testSpecs() {
		for k, cfg := range testConfigs(spec.Meta()) {
			if k%3 != 0 {
				continue
			}
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				continue
			}
			whole := Explore(s0, Options{Counts: CountsTotal, MaxViolations: 1000, MaxStates: budget})
			if !whole.Complete() {
				continue
			}
			merged++
			for _, n := range []int{2, 5} {
				var parts []*Result
				for i := range n {
					parts = append(parts, Explore(s0, Options{Counts: CountsTotal, Shard: i, Shards: n, MaxViolations: 1000}))
				}
				m, err := Merge(parts)
				if err != nil {
					t.Fatal(err)
				}
				if whole.StateReduction && reducedSummary(m) != reducedSummary(whole) || !whole.StateReduction && summary(m) != summary(whole) {
					t.Errorf("%s in %d parts:\nwhole:  %s\nmerged: %s", cfg, n, summary(whole), summary(m))
				}
			}
		}
	}
	// (75 today; none of the tokenring+X services has a configuration
	// here small enough.)
	if merged < 40 {
		t.Errorf("only %d searches split and merged: too few configurations fit the budget", merged)
	}
	if _, err := Merge([]*Result{{Shards: 2}, {Shards: 2}}); err == nil {
		t.Error("merging part 1/2 twice: no error")
	}
}

// TestDeterministic: two searches give the same result, traces included.
func TestDeterministic(t *testing.T) {
	s0 := modeltest.NewSystem(t, twoCoords, &model.Config{Algo: "twocoords", IDs: []model.ID{3, 1, 2, 4}})
	a := Explore(s0, Options{Counts: CountsPerProcess})
	b := Explore(s0, Options{Counts: CountsPerProcess})
	if summary(a) != summary(b) || a.Transitions != b.Transitions || a.MaxDepth != b.MaxDepth {
		t.Fatalf("two runs differ:\n%s\n%s", summary(a), summary(b))
	}
	for i := range a.Violations {
		if !slices.Equal(a.Violations[i].Events, b.Violations[i].Events) {
			t.Errorf("violation %d: traces differ", i)
		}
	}
}

func TestParse(t *testing.T) {
	for s, want := range map[string]int64{"1GiB": 1 << 30, "512MiB": 512 << 20, "1000": 1000, "2KB": 2000, "3G": 3 << 30} {
		if got, err := ParseBytes(s); err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "x", "-1", "1.5GiB", "GiB", "99999999999TiB"} {
		if _, err := ParseBytes(s); err == nil {
			t.Errorf("ParseBytes(%q): no error", s)
		}
	}
	if i, n, err := ParseShard("2/8"); err != nil || i != 1 || n != 8 {
		t.Errorf("ParseShard(2/8) = %d, %d, %v", i, n, err)
	}
	for _, s := range []string{"0/2", "3/2", "1", "a/b", "1/0", "01/2"} {
		if _, _, err := ParseShard(s); err == nil {
			t.Errorf("ParseShard(%q): no error", s)
		}
	}
	for _, m := range []CountMode{CountsNone, CountsTotal, CountsPerProcess} {
		if got, err := ParseCountMode(m.String()); err != nil || got != m {
			t.Errorf("ParseCountMode(%s)", m)
		}
	}
	if FormatBytes(1<<30) != "1GiB" || FormatBytes(1536) != "1.5KiB" {
		t.Errorf("FormatBytes: %s %s", FormatBytes(1<<30), FormatBytes(1536))
	}
}

// TestStorageReport: the stored states' memory is the visited table's,
// at most 3/4 full, 16 bytes a slot, and the collision bound is
// s(s-1)/2 pairs at 2^-64 each.
func TestStorageReport(t *testing.T) {
	s0 := modeltest.NewSystem(t, tokenRing, &model.Config{Algo: "token", IDs: []model.ID{1, 2, 3}, Initiators: []model.ID{1}})
	r := Explore(s0, Options{NoPOR: true})
	if r.States == 0 || r.TableBytes%16 != 0 || r.TableBytes < r.States*16*4/3 || r.TableBytes > r.MemEstimate {
		t.Errorf("%d states in a table of %d bytes (peak estimate %d)", r.States, r.TableBytes, r.MemEstimate)
	}
	for _, tc := range []struct {
		s    int64
		want float64
	}{{1, 0}, {2, 1.0 / (1 << 64)}, {100000000, 99999999 * 1e8 / 2 / (1 << 64)}} {
		if got := CollisionBound(tc.s); got != tc.want {
			t.Errorf("CollisionBound(%d) = %g, want %g", tc.s, got, tc.want)
		}
	}
}
