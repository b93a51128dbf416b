package raft

import (
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// safetyChecks checks Election Safety after every event, and nothing else:
// the generic single-coordinator property does not apply to Raft (a
// deposed leader of an older term may still act as leader while a newer
// one leads; §5.2 allows it), nor do the end-of-run ones (with unlimited
// heartbeats a run never ends).
var safetyChecks = checker.Checks{Invariant: ElectionSafety}

// safetyCase is one configuration the explorer searches.
type safetyCase struct {
	n      int
	timing model.Timing
	to     model.Timeouts
	crash  int
	r, max int // timeout values, MaxTerm
	beats  int // 0: no limit
	long   bool
}

func (c safetyCase) config(broken bool) *model.Config {
	return &model.Config{IDs: model.IDsUpTo(c.n), Timing: c.timing, Timeouts: c.to, CrashBudget: c.crash,
		Variant: Variant(c.r, 2, c.max, c.beats, broken)}
}

// safetyCases: sync timing (timers count rounds, every draw of the
// timeouts explored) with unlimited heartbeats; async timing with early
// timeouts (a timer fires whenever the scheduler likes, with any message
// in flight: delays, and so losses, of every message; see the package doc)
// with one round of heartbeats per leader, since in-flight heartbeats
// would grow without bound. Crashes: up to a minority (crash-stop).
var safetyCases = []safetyCase{
	{n: 3, timing: model.Sync, crash: 1, r: 2, max: 3},
	{n: 3, timing: model.Sync, crash: 1, r: 3, max: 3},
	{n: 3, timing: model.Async, to: model.Early, crash: 1, r: 1, max: 1, beats: 1},
	{n: 3, timing: model.Async, to: model.Early, crash: 1, r: 2, max: 1, beats: 1},
	{n: 4, timing: model.Sync, crash: 1, r: 2, max: 3},
	{n: 5, timing: model.Sync, crash: 2, r: 2, max: 2, long: true},
	{n: 3, timing: model.Async, to: model.Early, crash: 1, r: 1, max: 2, beats: 1, long: true},
	{n: 4, timing: model.Async, to: model.Early, crash: 1, r: 1, max: 1, beats: 1, long: true},
}

// TestElectionSafety: the explorer searches every schedule, crash set and
// coin of each safety case to the end and finds no two servers that
// became leader in a common term. -short leaves out the long cases.
func TestElectionSafety(t *testing.T) {
	for _, c := range safetyCases {
		if c.long && testing.Short() {
			continue
		}
		cfg := c.config(false)
		s0, err := Algorithm.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := explore.Explore(s0, explore.Options{Checks: safetyChecks, MaxStates: 20_000_000})
		t.Logf("%s: %s (%d transitions)", cfg, r.Verdict(), r.Transitions)
		if !r.Complete() || len(r.Violations) > 0 {
			t.Errorf("%s: %s", cfg, r.Verdict())
		}
	}
}

// TestElectionSafetyCatchesVoteTwice: with servers that vote for every
// candidate of their term (vote-twice), the explorer finds two leaders of
// one term in every short safety case (-short: those of 3 servers, the
// async one without coins); the counterexample (depth-first, minimized)
// is written as a trace, read back, replays to the same
// fingerprints (traces.Replay), and re-checked (checker.Replay) shows the
// same violation at the same step; without its last event it shows none.
func TestElectionSafetyCatchesVoteTwice(t *testing.T) {
	for _, c := range safetyCases {
		if c.long || testing.Short() && (c.n > 3 || c.timing == model.Async && c.r > 1) {
			continue
		}
		cfg := c.config(true)
		s0, err := Algorithm.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := explore.Explore(s0, explore.Options{Checks: safetyChecks, MaxStates: 20_000_000})
		if len(r.Violations) == 0 {
			t.Errorf("%s: vote-twice not caught: %s", cfg, r.Verdict())
			continue
		}
		v := r.Violations[0]
		t.Logf("%s: %s; counterexample of %d events", cfg, r.Verdict(), len(v.Events))
		if v.Property != checker.PropCustom || !v.Clean() {
			t.Errorf("%s: violation %s (clean %v), want a clean %s", cfg, v.Property, v.Clean(), checker.PropCustom)
		}
		replayCounterexample(t, s0, v)
	}
}

// replayCounterexample writes v's trace, reads it back and replays it.
func replayCounterexample(t *testing.T, s0 model.System, v *explore.Violation) {
	t.Helper()
	tr, err := traces.Record(s0, v.Events, &traces.Violation{Property: v.Property, Step: v.Step, Message: v.Message}, "election safety counterexample", traces.WithSnapshots())
	if err != nil {
		t.Fatal(err)
	}
	data, err := tr.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := traces.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := traces.Replay(Algorithm, back); err != nil {
		t.Fatalf("the trace does not replay: %v", err)
	}
	x, err := checker.Replay(s0, back.Events(), safetyChecks, false)
	if err != nil {
		t.Fatal(err)
	}
	if !checker.SameViolation(back.Violation.Property, back.Violation.Step, x.Violation) || x.Violation.Message != v.Message {
		t.Fatalf("replay shows %+v, the trace recorded %+v", x.Violation, back.Violation)
	}
	short := back.Events()[:len(back.Events())-1]
	if y, err := checker.Replay(s0, short, safetyChecks, false); err != nil || y.Violation != nil {
		t.Fatalf("without its last event the trace shows %+v (err %v), want no violation", y.Violation, err)
	}
}
