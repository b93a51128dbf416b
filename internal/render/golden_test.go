package render

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/formula"
	"github.com/electlab/electlab/model"
)

// TestGolden renders small hand-built reports of run, check, explore, list
// and fit, as text and as their JSON documents, and compares them with
// testdata/render/render.txt; rewrite it (then review the diff) with
//
//	go test ./internal/render -run TestGolden -rewrite
//
// Commands, each naming a case of the tables below:
//
//	run case=NAME       PrintRun and the RunReport document
//	explore case=NAME   PrintExplore and the ExploreReport document
//	check case=NAME     the check outcome, as text and with -json
//	list case=NAME      PrintList and the ListReport document
//	fit case=NAME       PrintFit and the FitReport document
//
// The JSON documents are contracts (docs/CLI.md): a renamed field shows
// here as a changed golden, not only in the end-to-end tests.
func TestGolden(t *testing.T) {
	datadriven.RunTest(t, filepath.Join("..", "..", "testdata", "render", "render.txt"), func(t *testing.T, d *datadriven.TestData) string {
		var name string
		d.ScanArgs(t, "case", &name)
		var b strings.Builder
		doc := func(v any) {
			b.WriteString("json:\n")
			if err := WriteJSON(&b, v); err != nil {
				t.Fatal(err)
			}
		}
		switch d.Cmd {
		case "run":
			r := lookup(t, goldenRuns, name)
			PrintRun(&b, r)
			doc(r)
		case "explore":
			r := lookup(t, goldenExplores, name)
			PrintExplore(&b, "", r)
			doc(r)
		case "check":
			f := lookup(t, goldenChecks, name)
			f(&b, false)
			b.WriteString("json:\n")
			f(&b, true)
		case "list":
			r := lookup(t, goldenLists, name)
			PrintList(&b, r)
			doc(r)
		case "fit":
			r := lookup(t, goldenFits, name)(t)
			PrintFit(&b, r)
			doc(r)
		default:
			t.Fatalf("%s: unknown command %q", d.Pos, d.Cmd)
		}
		return b.String()
	})
}

func lookup[V any](t *testing.T, m map[string]V, name string) V {
	t.Helper()
	v, ok := m[name]
	if !ok {
		t.Fatalf("no case %q", name)
	}
	return v
}

var goldenOptions = Options{Timing: "async", Timeouts: "accurate", Net: "fifo", Forwarding: true,
	Initiators: []model.ID{}, Crashed: []model.ID{}, Absent: []model.ID{}}

var goldenRuns = map[string]*RunReport{
	// Elected, two message kinds (printed in name order, whatever the
	// map's), a bound that holds.
	"elected": {Algorithm: "changroberts", Variant: "swallow", N: 3, IDs: []model.ID{3, 1, 2}, Options: goldenOptions,
		Schedule: "fifo", Seed: 1, Engine: "world", Leader: 3, Agreed: true, Coordinators: []model.ID{3}, Quiescent: true,
		Messages: model.MessageCounts{Sends: 7, Transmissions: 7, Deliveries: 7,
			ByKind: map[string]model.KindCount{"elect": {Sends: 4}, "coord": {Sends: 3}}},
		Steps: 10, TimeHops: 5, Violations: []checker.Violation{},
		Bound: &BoundResult{Bound: "sends <= n*(n+1)/2 + n", Holds: true, LHS: "7", RHS: "9"}},
	// Agreed on a crashed leader, options with crashes, successive
	// crashes and a physical ring; a bound that fails.
	"leader-not-live": {Algorithm: "kabashi", Variant: "a", N: 4, IDs: []model.ID{1, 2, 3, 4},
		Options: Options{Timing: "sync", Timeouts: "early", Net: "unordered", Initiators: []model.ID{2}, Crashed: []model.ID{4},
			Absent: []model.ID{}, CrashBudget: 1, Recovery: true, Successive: []model.Phase{{}, {Detectors: []model.ID{1}}}, Physical: "ring"},
		Schedule: "random", Seed: 7, Engine: "world", Leader: 4, Agreed: true, LeaderNotLive: true, Coordinators: []model.ID{},
		Quiescent: true, Steps: 3, TimeHops: 1,
		Violations: []checker.Violation{{Property: "bound", Message: "sends 5 > 4"}},
		Bound:      &BoundResult{Bound: "sends <= n", Holds: false, LHS: "5", RHS: "4"}},
	// A step cap reached: unfinished, not a verdict.
	"capped": {Algorithm: "lelann", Variant: "default", N: 30, IDs: model.IDsUpTo(30), Options: goldenOptions,
		Schedule: "fifo", Seed: 1, Engine: "sim", Coordinators: []model.ID{}, Steps: 100, TimeHops: -1,
		Violations: []checker.Violation{}, Capped: "the step cap of 100 events", MaxSteps: 100},
	// Interrupted, with no agreement.
	"interrupted": {Algorithm: "lelann", Variant: "default", N: 3, IDs: []model.ID{1, 2, 3}, Options: goldenOptions,
		Schedule: "fifo", Seed: 1, Engine: "world", Coordinators: []model.ID{}, Steps: 2, TimeHops: -1,
		Violations: []checker.Violation{}, Capped: "interrupted"},
	// A mutual-exclusion run: no leader, coordinators or time lines; a
	// violation that is not quiescence.
	"mutex": {Algorithm: "central", Variant: "default", N: 3, IDs: []model.ID{1, 2, 3}, Options: goldenOptions,
		Schedule: "fifo", Seed: 1, Engine: "world", Kind: KindMutex, Coordinators: []model.ID{}, Quiescent: true, Steps: 12,
		Violations: []checker.Violation{{Property: "mutual-exclusion", Step: 9, Message: "1 and 2 hold the lock"}}},
}

var goldenExplores = map[string]*ExploreReport{
	// Complete, with message counts, a bound, a violation with its trace
	// and more not listed.
	"complete": {Algorithm: "changroberts", Variant: "swallow", N: 3, IDs: []model.ID{3, 1, 2}, Options: goldenOptions,
		Search: ExploreSearch{Order: "dfs", Detect: "eager", Props: "all", Reduction: "sleep-sets+persistent-sets", Counts: "all"},
		Prefix: []string{}, States: 120, Transitions: 300, MaxDepth: 14, FinalStates: 6,
		MinMessages: &ExploreCounts{Sends: 6, Transmissions: 6, Deliveries: 6, SR: 12},
		MaxMessages: &ExploreCounts{Sends: 9, Transmissions: 9, Deliveries: 9, SR: 18, Forwards: 1},
		Complete:    true, Verdict: "VIOLATED: bound",
		Violations: []ExploreViolation{{Property: "bound", Step: 0, Message: "sends 9 > 8", States: 2,
			Events: []string{"detect 3", "deliver 3->1 #1"}, CycleStart: -1, Trace: "out/ce.json"}},
		More: 2, MemEstimate: 1 << 20, TableBytes: 4096, BytesPerState: 34.1, HashCollisionBound: 3.9e-16, Bound: "sends <= 8"},
	// Cut by a bound, a part of a split search, lazy detection, some
	// properties only, no counts, a scenario's prefix, no reduction.
	"part": {Algorithm: "lelann", Variant: "default", N: 4, IDs: []model.ID{1, 2, 3, 4}, Options: goldenOptions,
		Search: ExploreSearch{Order: "bfs", Detect: "lazy", Props: "single-coordinator,validity", Reduction: "none", Counts: "none",
			MaxDepth: 20, MaxStates: 55, MaxMem: 64 << 10, Shard: "2/4", ShardDepth: 3},
		Prefix: []string{"detect 1"}, States: 55, Transitions: 80, MaxDepth: 9, Cycle: true,
		Incomplete: "max-states 55", Verdict: "no violation in the states explored (incomplete)",
		MemEstimate: 30 << 10, TableBytes: 2048, BytesPerState: 37.2, HashCollisionBound: 8.2e-17,
		NoReduction: "no reduction: the algorithm declares no independence"},
}

var goldenViolation = &checker.Violation{Property: "single-coordinator", Step: 34, Message: "5 and 4 are both coordinator"}

var goldenChecks = map[string]func(b *strings.Builder, jsonOut bool){
	"violation": func(b *strings.Builder, j bool) {
		PrintCheckViolation(b, "", j, goldenViolation, "out/ce.json", 34, 3, "")
	},
	// The counterexample was over the trace limit: notes say so.
	"violation-unwritten": func(b *strings.Builder, j bool) {
		PrintCheckViolation(b, "", j, goldenViolation, "", 2000000, 1, "trace not written to out/ce.json: over the trace limit")
	},
	"clean": func(b *strings.Builder, j bool) {
		PrintCheckClean(b, j, 100, 0, 1, "", "single-coordinator, termination")
	},
	"clean-capped": func(b *strings.Builder, j bool) {
		PrintCheckClean(b, j, 3, 2, 5, "the step cap of 100 events", "termination")
	},
	"interrupted-at-once": func(b *strings.Builder, j bool) { PrintCheckInterrupted(b, j, 0, 10, 0, 1, "termination") },
	"interrupted":         func(b *strings.Builder, j bool) { PrintCheckInterrupted(b, j, 4, 10, 1, 3, "termination") },
}

var goldenLists = map[string]*ListReport{
	"one": {
		Algorithms: []listAlgo{{Name: "toy", Title: "A toy ring", Source: "[S0] §1", Topology: "ring", Elects: "highest live id",
			Forwarding: true, Messages: []string{"elect", "coord"},
			Ambiguities: []listAmbiguity{{ID: "A-TOY-1", Question: "does a process forward a lower id?",
				Readings: []listReading{{Name: "swallow", Default: true, Meaning: "no"}, {Name: "resend", Meaning: "yes"}}}},
			Claims: []listClaim{{ID: "C-TOY-1", Kind: "bound", Source: "[S0] Thm 1", Says: "at most n(n+1)/2 sends", Formula: "n*(n+1)/2"},
				{ID: "C-TOY-2", Kind: "property", Source: "[S0] §2", Says: "one coordinator"}}},
			{Name: "bare", Title: "No readings, no claims", Source: "[S0] §3", Topology: "complete", Elects: "lowest live id",
				Messages: []string{}, Ambiguities: []listAmbiguity{}, Claims: []listClaim{}}},
		Options: listOptions([]string{"fifo", "random"}),
	},
}

// goldenFits are built with formula's own fits (their text is
// formula's): the report only places them.
var goldenFits = map[string]func(t *testing.T) *FitReport{
	// Exact fits: the min equals the claim, the max differs from it
	// beyond the measured sizes; a cap stopped the range.
	"exact": func(t *testing.T) *FitReport {
		var mins, maxs []formula.Point
		r := &FitReport{Algorithm: "changroberts", Variant: "swallow", Quantity: "sends", Order: "every", Initiators: "all",
			Crashed: "none", Timing: "async", NMin: 2, NMax: 8}
		for n := 2; n <= 6; n++ {
			mn, mx := int64(2*n), int64(n*(n+1)/2+n)
			mins, maxs = append(mins, formula.IntPoint(n, mn)), append(maxs, formula.IntPoint(n, mx))
			r.Points = append(r.Points, FitPoint{N: n, Min: fmt.Sprint(mn), Max: fmt.Sprint(mx), Configs: n, States: int64(10 * n), MaxExact: n != 6})
		}
		r.Points[1].Violation = "termination: a livelock"
		r.Cap = &FitCap{N: 7, Reason: "max-states 100000"}
		r.Min = &FitSide{Fitted: mustFit(t, mins), Claim: &FitClaim{ID: "C-TOY-1", Claimed: "2n", Fitted: "2n", From: 2, To: 6, Measured: 6}}
		r.Max = &FitSide{Fitted: mustFit(t, maxs), Note: "the max is a lower bound at n=6",
			Claim: &FitClaim{ID: "C-TOY-2", Claimed: "n^2", Fitted: "n^2/2 + 3n/2", From: 2, To: 20, Measured: 6, DiffN: 7, DiffFitted: "35", DiffClaimed: "49"}}
		return r
	},
	// No formula fits the min; the claim cannot be compared; interrupted.
	"nofit": func(t *testing.T) *FitReport {
		return &FitReport{Algorithm: "lelann", Variant: "default", Quantity: "deliveries", Order: "asc", Initiators: "1",
			Crashed: "n-1", Timing: "sync", NMin: 2, NMax: 5,
			Points: []FitPoint{{N: 2, Min: "1", Max: "1", Configs: 1, States: 3, MaxExact: true}},
			Cap:    &FitCap{N: 3, Reason: "interrupted"},
			Min:    &FitSide{NoFit: true, Error: "no formula of the families fits", Claim: &FitClaim{ID: "C-TOY-3", Claimed: "n", Error: "no fitted formula to compare"}}}
	},
	// -mean: sampled runs whose every run at a size gave the same value:
	// the means are exact, and so is their fit. (A statistical fit's
	// floats are not in a golden: TestPrintFitStatistical.)
	"mean": func(t *testing.T) *FitReport {
		r, _ := meanReport(t, func(n int) []float64 { return []float64{float64(3 * n), float64(3 * n)} })
		return r
	},
}

// meanReport is a fit -mean report of n=2..7 whose runs at n gave
// values(n), and its mean fit.
func meanReport(t *testing.T, values func(n int) []float64) (*FitReport, *formula.MeanFitted) {
	t.Helper()
	r := &FitReport{Algorithm: "changroberts", Variant: "swallow", Quantity: "sends", Order: "every", Initiators: "all",
		Crashed: "none", Timing: "async", NMin: 2, NMax: 7, Statistical: true, Seed: 9}
	var samples []formula.Sample
	for n := 2; n <= 7; n++ {
		v := values(n)
		r.Runs = len(v)
		samples = append(samples, formula.Sample{N: n, Values: v})
		r.Points = append(r.Points, FitPoint{N: n, Configs: len(v)})
	}
	r.Points[0].Capped = 1
	m, err := formula.FitMean(samples, formula.FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r.Mean = &FitSide{}
	r.Mean.SetMean(m)
	return r, m
}

// TestPrintFitStatistical: a fit of means that vary is printed as an
// estimate ("~", STATISTICAL, each mean with its standard error and band)
// and marked statistical in the JSON; means that do not vary are exact
// ("=", every run the same).
func TestPrintFitStatistical(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values func(n int) []float64
		want   []string
		json   string
	}{
		{"varying", func(n int) []float64 { f := float64(n); return []float64{3*f - 1, 3 * f, 3*f + 1, 3 * f} },
			[]string{"STATISTICAL, not exact", "mean sends ~ ", "± ", "(standard error); fitted ", ", 95% band "}, `"statistical": true`},
		{"constant", func(n int) []float64 { return []float64{float64(3 * n), float64(3 * n)} },
			[]string{"STATISTICAL, not exact", "mean sends = ", "(every run the same); fitted "}, `"statistical": false`},
	} {
		r, _ := meanReport(t, tc.values)
		var b strings.Builder
		PrintFit(&b, r)
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: no %q in:\n%s", tc.name, w, b.String())
			}
		}
		var j strings.Builder
		if err := WriteJSON(&j, r); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(j.String(), tc.json) {
			t.Errorf("%s: the JSON lacks %s:\n%s", tc.name, tc.json, j.String())
		}
	}
}

func mustFit(t *testing.T, pts []formula.Point) *formula.Fitted {
	t.Helper()
	f, err := formula.Fit(pts, formula.FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}
