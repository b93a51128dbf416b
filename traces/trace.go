package traces

import (
	"fmt"

	"github.com/electlab/electlab/model"
)

// Format is the version tag of the trace format this package reads and
// writes. Decode rejects any other.
const Format = "electlab-trace/1"

// Trace is one recorded execution: the config, the events with the World's
// fingerprint after each, the outcome, and optionally the violation found.
type Trace struct {
	// Config is the execution's config. Config.Algo and Config.Variant are
	// the trace's top-level "algorithm" and "variant".
	Config *model.Config
	// Steps are the events applied, in order.
	Steps []Step
	// Snapshots reports that every step carries a State.
	Snapshots bool
	// SnapshotsOmitted, when set, says why Record left the snapshots out
	// although they were asked for (WithSnapshotLimit); not encoded.
	SnapshotsOmitted string
	// Outcome is the outcome after the last event.
	Outcome model.Outcome
	// Violation is the property violation the trace demonstrates, or nil.
	Violation *Violation
	// Note is free text (e.g. how the trace was found).
	Note string
}

// Step is one event of a trace with what the World looked like after it.
type Step struct {
	// Event is the event applied.
	Event model.Event
	// Fingerprint is the World's fingerprint after the event.
	Fingerprint uint64
	// State is a readable snapshot of the World after the event; it is
	// present only in traces recorded WithSnapshots.
	State *Snapshot
}

// Violation is a property violation demonstrated by a trace.
type Violation struct {
	// Property names the violated property ("safety", a claim ID, ...).
	Property string `json:"property"`
	// Step is the 1-based index of the event after which the violation
	// was detected, or 0 when it was detected at the end of the trace.
	Step int `json:"step"`
	// Message explains the violation.
	Message string `json:"message"`
}

// Events returns the trace's events, in order.
func (t *Trace) Events() []model.Event {
	evs := make([]model.Event, len(t.Steps))
	for i, s := range t.Steps {
		evs[i] = s.Event
	}
	return evs
}

// Option changes how Record records a trace.
type Option func(*options)

type options struct {
	snapshots     bool
	snapshotLimit int64
}

// WithSnapshots makes Record store a readable Snapshot of the World after
// every event, so that a diverging replay can show a diff.
func WithSnapshots() Option { return func(o *options) { o.snapshots = true } }

// WithSnapshotLimit makes Record leave every snapshot out (Trace.Snapshots
// false, a reason in Trace.SnapshotsOmitted) once their estimated size
// (SnapshotSize) passes limit bytes, so that a long execution of many
// processes still gives a trace of bounded size. 0 means no limit.
func WithSnapshotLimit(limit int64) Option { return func(o *options) { o.snapshotLimit = limit } }

// MaxEvents is the largest number of events a trace file written by the
// CLI holds: a longer execution is summarised instead of written (see
// docs/CLI.md).
const MaxEvents = 1_000_000

// SnapshotLimit is the CLI's limit on the estimated size of a trace's
// snapshots (WithSnapshotLimit).
const SnapshotLimit = 64 << 20

// SnapshotSize estimates the encoded size of sn in bytes.
func SnapshotSize(sn *Snapshot) int64 {
	b := int64(64)
	for _, xs := range [][]string{sn.Status, sn.Views, sn.States, sn.InFlight} {
		for _, x := range xs {
			b += int64(len(x)) + 3
		}
	}
	return b
}

// EstimateBytes estimates the encoded size of a trace of steps events of
// n processes without snapshots (the event and fingerprint of each step).
func EstimateBytes(steps int) int64 { return 256 + int64(steps)*80 }

// Record builds the trace of applying events to s0, which must be the
// initial World of an execution (no event applied yet). s0 is cloned, not
// modified. Record re-applies the events to compute each fingerprint and
// the outcome; an event that is not enabled is an error naming its step.
// v (optional) must name a step between 0 and len(events).
func Record(s0 model.System, events []model.Event, v *Violation, note string, opts ...Option) (*Trace, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if s0 == nil {
		return nil, fmt.Errorf("record: no initial world")
	}
	if n := s0.Events(); n != 0 {
		return nil, fmt.Errorf("record: the world has already applied %d events; Record needs the initial world", n)
	}
	info := s0.Info()
	cfg := s0.Config().Clone()
	cfg.Algo = info.Name
	variant, err := info.ParseVariant(cfg.Variant)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	cfg.Variant = info.FormatVariant(variant)
	if v != nil {
		if v.Step < 0 || v.Step > len(events) {
			return nil, fmt.Errorf("record: violation step %d is outside 0..%d (the number of events)", v.Step, len(events))
		}
		vc := *v
		v = &vc
	}
	t := &Trace{Config: cfg, Steps: make([]Step, len(events)), Snapshots: o.snapshots, Violation: v, Note: note}
	s := s0.Clone()
	var size int64
	for i, ev := range events {
		if err := s.Apply(ev); err != nil {
			return nil, fmt.Errorf("record: step %d: %w", i+1, err)
		}
		t.Steps[i] = Step{Event: ev, Fingerprint: s.Fingerprint()}
		if t.Snapshots {
			sn := SnapshotOf(s)
			size += SnapshotSize(sn)
			if o.snapshotLimit > 0 && size > o.snapshotLimit {
				t.Snapshots = false
				t.SnapshotsOmitted = fmt.Sprintf("the snapshots of the %d steps would take more than %s; every step's fingerprint is kept", len(events), formatSize(o.snapshotLimit))
				for j := range t.Steps[:i] {
					t.Steps[j].State = nil
				}
				continue
			}
			t.Steps[i].State = sn
		}
	}
	t.Outcome = model.Summarize(s)
	return t, nil
}

// formatSize renders a byte count as MiB or bytes.
func formatSize(b int64) string {
	if b >= 1<<20 && b%(1<<20) == 0 {
		return fmt.Sprintf("%dMiB", b>>20)
	}
	return fmt.Sprintf("%d bytes", b)
}
