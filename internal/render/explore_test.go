package render

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
)

func events(t *testing.T, names ...string) []model.Event {
	t.Helper()
	var evs []model.Event
	for _, n := range names {
		e, err := model.ParseEvent(n)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e)
	}
	return evs
}

// partResult is a hand-made result of part 2 of 4 of a search.
func partResult(t *testing.T) *explore.Result {
	return &explore.Result{Shard: 1, Shards: 4, ShardDepth: 2, States: 5, Transitions: 9, MaxDepth: 4, Final: 2,
		Counts: &explore.CountRanges{Sends: explore.Range{Min: 3, Max: 7}, Transmissions: explore.Range{Min: 3, Max: 7},
			Deliveries: explore.Range{Min: 3, Max: 6}, SR: explore.Range{Min: 6, Max: 13}, Forwards: explore.Range{Max: 1}},
		CountsLowerBound: true, Cycle: true, MoreViolations: 1, MemEstimate: 4096, TableBytes: 80,
		Violations: []*explore.Violation{
			{Property: "termination", Message: "a fair livelock", Events: events(t, "detect 3", "deliver 3->1 #1"), CycleStart: 1, States: 2},
			{Property: "single-coordinator", Message: "two", Step: 2, Events: events(t, "detect 3", "detect 2"), CycleStart: -1, States: 1},
		},
		Fingerprints:      []uint64{0, 1, 127, 128, 1 << 40, math.MaxUint64 - 1, math.MaxUint64},
		FinalFingerprints: []uint64{128, math.MaxUint64},
	}
}

// TestExplorePartRoundTrip: a part's JSON document (explore -shard) reads
// back (explore -merge) into the mergeable result it was made from: the
// counts, the violations with their events, and every state key, the
// extremes of the key space included.
func TestExplorePartRoundTrip(t *testing.T) {
	res := partResult(t)
	rep := &ExploreReport{Search: ExploreSearch{}}
	FillExplore(rep, res, true, nil)
	var b strings.Builder
	if err := WriteJSON(&b, rep); err != nil {
		t.Fatal(err)
	}
	var back ExploreReport
	if err := json.Unmarshal([]byte(b.String()), &back); err != nil {
		t.Fatal(err)
	}
	got, err := ResultOf(&back)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, res) {
		t.Errorf("read back:\n%+v\nwant:\n%+v", got, res)
	}
}

// TestFillExplorePrefix: a search after a scenario's events reports each
// violation from the initial state: the events prefixed, the step and the
// cycle's start shifted (a violation at the end, step 0, stays there; a
// violation without a cycle keeps -1).
func TestFillExplorePrefix(t *testing.T) {
	rep := &ExploreReport{}
	FillExplore(rep, partResult(t), false, []string{"detect 1", "crash 4"})
	live, safe := rep.Violations[0], rep.Violations[1]
	if live.Step != 0 || live.CycleStart != 3 || strings.Join(live.Events, ", ") != "detect 1, crash 4, detect 3, deliver 3->1 #1" {
		t.Errorf("the livelock: %+v", live)
	}
	if safe.Step != 4 || safe.CycleStart != -1 || len(safe.Events) != 4 {
		t.Errorf("the safety violation: %+v", safe)
	}
	if rep.Fingerprints != nil || rep.Search.Shard != "2/4" || rep.Search.ShardDepth != 2 {
		t.Errorf("a part's report: fingerprints %v (only with part), shard %q depth %d", rep.Fingerprints, rep.Search.Shard, rep.Search.ShardDepth)
	}
}

// TestResultOfRefuses: a part keyed by another scheme (another electlab)
// or with damaged keys is refused with the reason.
func TestResultOfRefuses(t *testing.T) {
	part := func(edit func(f *ExploreFingerprintSet)) *ExploreReport {
		rep := &ExploreReport{}
		FillExplore(rep, partResult(t), true, nil)
		edit(rep.Fingerprints)
		return rep
	}
	for _, tc := range []struct {
		name string
		edit func(f *ExploreFingerprintSet)
		want string
	}{
		{"another scheme", func(f *ExploreFingerprintSet) { f.Keys = "statehash-0" }, "state keys of scheme statehash-0, this electlab's are " + explore.KeyScheme},
		{"no scheme", func(f *ExploreFingerprintSet) { f.Keys = "" }, "scheme unnamed"},
		{"not base64", func(f *ExploreFingerprintSet) { f.States = "!!" }, "illegal base64"},
		{"a cut varint", func(f *ExploreFingerprintSet) { f.Final = base64.StdEncoding.EncodeToString([]byte{0x80}) }, "bad fingerprint encoding"},
	} {
		if _, err := ResultOf(part(tc.edit)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	rep := part(func(*ExploreFingerprintSet) {})
	rep.Search.Shard = "5/4"
	if _, err := ResultOf(rep); err == nil || !strings.Contains(err.Error(), `bad shard "5/4"`) {
		t.Errorf("part 5 of 4: %v", err)
	}
}

// TestProblemKey: the parts of one search share its key whatever their
// index; another split, bound or configuration is another problem.
func TestProblemKey(t *testing.T) {
	base := func() *ExploreReport {
		return &ExploreReport{Algorithm: "changroberts", IDs: []model.ID{3, 1, 2}, Options: goldenOptions,
			Search: ExploreSearch{Order: "dfs", Shard: "1/4", ShardDepth: 2, MaxStates: 100}}
	}
	other := base()
	other.Search.Shard = "3/4"
	if ProblemKey(base()) != ProblemKey(other) {
		t.Errorf("parts 1/4 and 3/4 of one search have different keys")
	}
	for name, edit := range map[string]func(r *ExploreReport){
		"another split":  func(r *ExploreReport) { r.Search.Shard = "1/2" },
		"another depth":  func(r *ExploreReport) { r.Search.ShardDepth = 3 },
		"another bound":  func(r *ExploreReport) { r.Search.MaxStates = 99 },
		"other ids":      func(r *ExploreReport) { r.IDs = []model.ID{1, 2, 3} },
		"other options":  func(r *ExploreReport) { r.Options.Net = "unordered" },
		"another prefix": func(r *ExploreReport) { r.Prefix = []string{"detect 3"} },
	} {
		r := base()
		edit(r)
		if ProblemKey(r) == ProblemKey(base()) {
			t.Errorf("%s: the same key", name)
		}
	}
}

// TestConfigOf: a report's configuration reads back as the configuration
// searched (explore -merge re-checks the merged parts on it).
func TestConfigOf(t *testing.T) {
	cfg := &model.Config{Algo: "changroberts", Variant: "resend", IDs: []model.ID{3, 1, 2, 5}, Initiators: []model.ID{3, 5},
		Crashed: []model.ID{2}, Absent: []model.ID{7}, Timing: model.Sync, Timeouts: model.Early, Net: model.Unordered,
		Forwarding: false, CrashBudget: 1, Recovery: true, Successive: []model.Phase{{Detectors: []model.ID{1}}}}
	rep := NewExploreReport(changroberts.Algorithm.Meta(), cfg, explore.Options{}, &explore.Result{}, nil)
	if got := ConfigOf(rep); !reflect.DeepEqual(got, cfg) {
		t.Errorf("ConfigOf:\n%+v\nwant\n%+v", got, cfg)
	}
}
