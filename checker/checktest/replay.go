package checktest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// Want is what Replay asserts about a trace.
type Want uint8

const (
	// StillFails asserts that the trace's schedule still shows a
	// violation of the property the trace records (a regression test for
	// a known counterexample, e.g. of a deliberately broken variant).
	StillFails Want = iota
	// NowPasses asserts that the trace's schedule shows no violation any
	// more (the algorithm was fixed) and that the run reaches quiescence.
	NowPasses
)

// String names w.
func (w Want) String() string {
	if w == NowPasses {
		return "NowPasses"
	}
	return "StillFails"
}

// Replay reads the trace file at path (the traces package's format, as
// Rapid, Explore, Fuzz and the electlab command write it) and asserts want
// about spec: the trace's configuration is built with spec, its events are
// applied in order (an event no longer enabled is skipped, as when the
// algorithm changed), the fair FIFO schedule finishes the run, and the
// generic properties (single-coordinator safety, agreement, validity,
// termination) are judged, or a built-in claim's checks when the recorded
// violation names one ("CLAIM/property"). A violation of a Target's own
// checks (Bound, Custom, Converge) needs them: use Target.Replay.
//
// The result is the execution replayed, for further assertions (e.g. a
// go-cmp diff of x.Final's states). A trace that replays exactly (same
// fingerprints) is logged as such; one that diverges is replayed all the
// same, and the log says where.
func Replay(t testing.TB, spec model.Spec, path string, want Want) *checker.Execution {
	t.Helper()
	tr := loadTrace(t, "checktest.Replay", spec, path)
	if tr == nil {
		return nil
	}
	tg := Target{Spec: spec}
	if tr.Violation != nil {
		switch tr.Violation.Property {
		case checker.PropBound, checker.PropCustom, "recovered-converge":
			t.Fatalf("checktest.Replay %s: its violation (%s) is a check of the Target that found it, which Replay does not know: call that Target's Replay method", path, tr.Violation.Property)
			return nil
		}
		var err error
		if tg.Checks, err = checker.ChecksFor(claim.EntryOf(spec), tr.Violation.Property); err != nil {
			t.Fatalf("checktest.Replay %s: %v", path, err)
			return nil
		}
	}
	return tg.assert(t, path, tr, want)
}

// Replay is the package's Replay with tg's checks (Checks, Bound,
// Converge) and tg.Spec: for traces whose violation is one of the
// target's own checks.
func (tg Target) Replay(t testing.TB, path string, want Want) *checker.Execution {
	t.Helper()
	tr := loadTrace(t, "checktest: Target.Replay", tg.Spec, path)
	if tr == nil {
		return nil
	}
	return tg.assert(t, path, tr, want)
}

// loadTrace loads the trace file at path for a replay of spec, or fails
// the test (and returns nil) when spec is nil or the file does not load;
// caller names the replaying function in the failure.
func loadTrace(t testing.TB, caller string, spec model.Spec, path string) *traces.Trace {
	t.Helper()
	if spec == nil {
		t.Fatalf("%s %s: nil spec", caller, path)
		return nil
	}
	tr, err := traces.Load(path)
	if err != nil {
		t.Fatalf("%s: %v", caller, err)
		return nil
	}
	return tr
}

func (tg *Target) assert(t testing.TB, path string, tr *traces.Trace, want Want) *checker.Execution {
	t.Helper()
	x, note, err := tg.rerun(tr)
	if err != nil {
		t.Fatalf("checktest: replay %s: %v", path, err)
		return nil
	}
	t.Logf("replay %s: %s", path, note)
	v := x.Violation
	switch {
	case want == NowPasses && v != nil:
		t.Errorf("replay %s: want NowPasses, but it still fails: %v\n%s", path, v, tg.render(x))
	case want == NowPasses && x.Capped:
		t.Errorf("replay %s: want NowPasses, but the run reached a cap (%s) before quiescence: cap reached, not a pass", path, x.CapReason)
	case want == StillFails && v == nil && x.Capped:
		t.Errorf("replay %s: want StillFails, but the run reached a cap (%s) before showing a violation: cap reached, not a verdict", path, x.CapReason)
	case want == StillFails && v == nil:
		t.Errorf("replay %s: want StillFails, but it now passes (no violation)%s", path, recorded(tr))
	case want == StillFails && tr.Violation != nil && !sameProperty(tr.Violation.Property, v.Property):
		t.Errorf("replay %s: want StillFails with the recorded %s violation, but it fails with another: %v", path, tr.Violation.Property, v)
	}
	return x
}

func recorded(tr *traces.Trace) string {
	if tr.Violation == nil {
		return " (the trace records no violation)"
	}
	return fmt.Sprintf("; the trace recorded %s violated: %s", tr.Violation.Property, tr.Violation.Message)
}

// sameProperty compares a recorded property ("CLAIM/property" or
// "property") with a re-checked one.
func sameProperty(recorded, got string) bool {
	if _, p, ok := strings.Cut(recorded, "/"); ok {
		recorded = p
	}
	return recorded == got
}

// rerun builds tr's configuration with tg.Spec and runs its events (those
// still enabled) then the fair FIFO schedule, judged by tg's checks. note
// says whether the trace replays exactly.
func (tg *Target) rerun(tr *traces.Trace) (x *checker.Execution, note string, err error) {
	info := tg.Spec.Meta()
	cfg := tr.Config.Clone()
	cfg.Algo = info.Name
	s0, err := tg.Spec.NewSystem(cfg)
	if err != nil {
		return nil, "", fmt.Errorf("the trace's configuration under %s: %w", info.Name, err)
	}
	switch {
	case tr.Config.Algo != info.Name:
		note = fmt.Sprintf("recorded with algorithm %q, replayed with %q", tr.Config.Algo, info.Name)
	default:
		if _, err := traces.Replay(tg.Spec, tr); err != nil {
			note = "the schedule is replayed, but not exactly: " + firstLine(err.Error())
		} else {
			note = "replays exactly (every fingerprint and the outcome as recorded)"
		}
	}
	return tg.complete(s0, tr.Events()), note, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// render is the text rendering (traces.RenderText) of execution x as it
// runs now.
func (tg *Target) render(x *checker.Execution) string {
	var tv *traces.Violation
	if v := x.Violation; v != nil {
		tv = &traces.Violation{Property: v.Property, Step: v.Step, Message: v.Message}
	}
	tr, err := traces.Record(x.Initial, x.Events, tv, "")
	if err != nil {
		return "(no rendering: " + err.Error() + ")"
	}
	rep, err := traces.Replay(tg.Spec, tr)
	if err != nil {
		return "(no rendering: " + err.Error() + ")"
	}
	return traces.RenderText(tr, rep)
}

// flagged handles -electlab.replay for Rapid, Explore and Fuzz: when the
// flag is set it replays the file with tg (a trace of another algorithm is
// left alone, and the log says so), prints its rendering, fails t when it
// still shows a violation, and reports true (the caller does not search).
func (tg *Target) flagged(t testing.TB) bool {
	t.Helper()
	path := *replayFlag
	if path == "" {
		return false
	}
	tr, err := traces.Load(path)
	if err != nil {
		t.Fatalf("-electlab.replay: %v", err)
		return true
	}
	if name := tg.Spec.Meta().Name; tr.Config.Algo != name {
		t.Logf("-electlab.replay %s: the trace is for algorithm %q; this target checks %q: not replayed here", path, tr.Config.Algo, name)
		return true
	}
	x, note, err := tg.rerun(tr)
	if err != nil {
		t.Fatalf("-electlab.replay %s: %v", path, err)
		return true
	}
	text := tg.render(x)
	switch {
	case x.Violation != nil:
		t.Errorf("-electlab.replay %s: %s\n%s\nstill fails: %v", path, note, text, x.Violation)
	case x.Capped:
		t.Errorf("-electlab.replay %s: %s\n%s\ncap reached (%s): no verdict", path, note, text, x.CapReason)
	default:
		t.Logf("-electlab.replay %s: %s\n%s\nno violation: the schedule now passes%s", path, note, text, recorded(tr))
	}
	return true
}
