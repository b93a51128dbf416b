package traces

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/electlab/electlab/model"
)

// Replayed is the result of replaying a trace.
type Replayed struct {
	// Initial is the initial World, untouched.
	Initial model.System
	// Final is the World after the last replayed event.
	Final model.System
	// Effects holds, for each replayed step (index i for step i+1), the
	// consequences of its event, copied from model.System.Effects.
	Effects [][]model.Effect
	// Outcome is the outcome of Final.
	Outcome model.Outcome
}

// DivergenceError reports that a replayed World's fingerprint differs from
// the recorded one.
type DivergenceError struct {
	// Step is the 1-based index of the first diverging step.
	Step int
	// Event is that step's event.
	Event model.Event
	// Recorded and Replayed are the two fingerprints.
	Recorded, Replayed uint64
	// State is a snapshot of the replayed World after the step.
	State *Snapshot
	// Diff is cmp.Diff(recorded snapshot, replayed snapshot) when the
	// trace has snapshots, else "".
	Diff string
}

// Error explains the divergence with the snapshot diff, or with the
// replayed state when the trace has no snapshots.
func (e *DivergenceError) Error() string {
	msg := fmt.Sprintf("replay diverges at step %d (%s): the world's fingerprint is %s, the trace recorded %s",
		e.Step, e.Event, formatFP(e.Replayed), formatFP(e.Recorded))
	switch {
	case e.Diff != "":
		return msg + "\nsnapshot diff (-recorded +replayed):\n" + clipText(e.Diff)
	case e.State != nil:
		return msg + "\nreplayed state:\n" + clipText(e.State.String())
	}
	return msg
}

// Limits of the text a replay error shows (the Diff fields keep it all):
// a diff of the states of 100000 processes is megabytes.
const (
	// shownLines is the most lines shown.
	shownLines = 24
	// shownLineChars is the most characters shown of one line.
	shownLineChars = 160
)

// clipText is s cut to shownLines lines of at most shownLineChars
// characters each, saying what was left out ("… 7 more lines", "… 5210
// more characters").
func clipText(s string) string {
	lines := strings.SplitAfter(strings.TrimSuffix(s, "\n"), "\n")
	var b strings.Builder
	for i, l := range lines {
		if i == shownLines {
			fmt.Fprintf(&b, "… %d more lines\n", len(lines)-i)
			break
		}
		l = strings.TrimSuffix(l, "\n")
		if n := utf8.RuneCountInString(l); n > shownLineChars {
			k, cut := 0, 0
			for cut = range l {
				if k == shownLineChars {
					break
				}
				k++
			}
			l = fmt.Sprintf("%s… %d more characters", l[:cut], n-shownLineChars)
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// OutcomeError reports that a replay reached a different outcome than the
// trace recorded.
type OutcomeError struct {
	// Diff is cmp.Diff(recorded, replayed).
	Diff string
}

// Error explains the mismatch with the diff.
func (e *OutcomeError) Error() string {
	return "replay: the outcome differs from the recorded one (-recorded +replayed):\n" + clipText(e.Diff)
}

// Replay rebuilds the World of t's config with spec, applies each event
// and checks the fingerprint after it and, at the end, the outcome. An
// event that is not enabled gives an error naming the step, the event and
// Apply's reason; the first fingerprint mismatch gives a *DivergenceError.
// On error the returned Replayed (when not nil) holds the steps replayed
// before the failure, so a prefix can still be rendered. The trace's
// violation is not re-checked: that is the checker's job.
func Replay(spec model.Spec, t *Trace) (*Replayed, error) {
	if t == nil || t.Config == nil {
		return nil, fmt.Errorf("replay: no trace config")
	}
	if name := spec.Meta().Name; t.Config.Algo != name {
		return nil, fmt.Errorf("replay: the trace is for algorithm %q, not %q", t.Config.Algo, name)
	}
	s, err := spec.NewSystem(t.Config.Clone())
	if err != nil {
		return nil, fmt.Errorf("replay: trace config: %w", err)
	}
	rep := &Replayed{Initial: s.Clone(), Final: s, Effects: make([][]model.Effect, 0, len(t.Steps))}
	for i, st := range t.Steps {
		if err := s.Apply(st.Event); err != nil {
			rep.Outcome = model.Summarize(s)
			return rep, fmt.Errorf("replay: step %d: %w", i+1, err)
		}
		rep.Effects = append(rep.Effects, append([]model.Effect(nil), s.Effects()...))
		if fp := s.Fingerprint(); fp != st.Fingerprint {
			rep.Outcome = model.Summarize(s)
			e := &DivergenceError{Step: i + 1, Event: st.Event, Recorded: st.Fingerprint, Replayed: fp, State: SnapshotOf(s)}
			if st.State != nil {
				e.Diff = cmp.Diff(st.State, e.State, cmpopts.EquateEmpty())
				if e.Diff == "" {
					e.Diff = "(the snapshots agree: the difference is in timers, pending initiations or the state encoding)\n"
				}
			}
			return rep, e
		}
	}
	rep.Outcome = model.Summarize(s)
	if d := cmp.Diff(t.Outcome, rep.Outcome, cmpopts.EquateEmpty()); d != "" {
		return rep, &OutcomeError{Diff: d}
	}
	return rep, nil
}

// Lenient applies events to a clone of s0, skipping those that are not
// enabled when their turn comes, and returns the resulting World and the
// events actually applied. Minimization candidates (see Minimize) may
// disable later events; a fails function built on Lenient judges them
// anyway.
func Lenient(s0 model.System, events []model.Event) (model.System, []model.Event) {
	s := s0.Clone()
	applied := make([]model.Event, 0, len(events))
	for _, ev := range events {
		if s.Apply(ev) == nil {
			applied = append(applied, ev)
		}
	}
	return s, applied
}
