package runner

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// Explore searches every schedule of cfg (spec's algorithm) from the
// state after the scenario events prefix, as `electlab explore` does: it
// refuses a configuration whose least search is over opt.MaxMem, prints
// progress lines on stderr, writes the first violation's counterexample
// under out (a finding) and prints the report (JSON when jsonOut); a
// search cut by a bound with nothing found is a cap error.
func (tl Tool) Explore(spec model.Spec, cfg *model.Config, prefix []model.Event, opt explore.Options, out string, jsonOut bool, stdout, stderr io.Writer) error {
	return tl.ExploreBound(spec, cfg, prefix, opt, nil, out, jsonOut, stdout, stderr)
}

// ExploreBound is Explore that also checks the bound b (when not nil) at
// every quiescent state, with the generic properties: a state where it
// fails is a "bound" violation with its counterexample. b reads only the
// names exact over a search (bound.Explored), and the counters are kept
// in the state (at least opt.Counts total). An evaluation error of b is
// bad input.
func (tl Tool) ExploreBound(spec model.Spec, cfg *model.Config, prefix []model.Event, opt explore.Options, b *bound.Bound, out string, jsonOut bool, stdout, stderr io.Writer) error {
	return tl.explore(spec, cfg, prefix, opt, b, nil, out, jsonOut, stdout, stderr)
}

// explore is ExploreBound, distributed over d's ranks when d is not nil
// (ExploreDist).
func (tl Tool) explore(spec model.Spec, cfg *model.Config, prefix []model.Event, opt explore.Options, b *bound.Bound, d *Dist, out string, jsonOut bool, stdout, stderr io.Writer) error {
	if b != nil {
		props := opt.Checks.Props
		if props == 0 && opt.Checks.Invariant == nil {
			props = checker.AllProps // 0 with an invariant: that alone (-props none)
		}
		opt.Checks = checker.Checks{Props: props, Bound: b.Checker(), Invariant: opt.Checks.Invariant}
		if opt.Counts == explore.CountsNone {
			opt.Counts = explore.CountsTotal
		}
	}
	// The initial World, the search's working copies (at least the start
	// and one successor) and one state's enabled events.
	s0, err := newSystem(spec, cfg, Search, opt.MaxMem)
	if err != nil {
		return err
	}
	start, err := startAfter(s0, prefix)
	if err != nil {
		return err
	}
	opt.Progress = ProgressPrinter(stderr)
	opt.Stop = Interrupted
	var res *explore.Result
	if d == nil {
		res = explore.Explore(start, opt)
	} else {
		var printer bool
		if res, printer, err = d.search(start, opt, stderr); err != nil {
			return err
		}
		if !printer {
			// Rank 1 prints the result and writes the trace.
			fmt.Fprintf(stderr, "electlab: rank %d of %d done: %d states stored here; rank 1 prints the result\n", d.Rank+1, d.Ranks, res.Ranks[d.Rank].States)
			return nil
		}
	}
	if res.Err != nil {
		return boundErr(b, res.Err)
	}
	rep := render.NewExploreReport(spec.Meta(), cfg, opt, res, prefix)
	render.FillDist(rep, res)
	if b != nil {
		rep.Bound = b.String()
	}
	// The first violation's counterexample is written as a trace.
	var finding error
	if len(res.Violations) > 0 {
		v := res.Violations[0]
		events := append(append([]model.Event(nil), prefix...), v.Events...)
		cv := v.Checker()
		if cv.Step > 0 {
			cv.Step += len(prefix)
		}
		note := fmt.Sprintf("found by electlab explore (%s search, %d states)", rep.Search.Order, res.States)
		if v.CycleStart >= 0 {
			note += fmt.Sprintf("; a livelock: the events from number %d on form a cycle back to the state after event %d", len(prefix)+v.CycleStart+1, len(prefix)+v.CycleStart)
		}
		path, notes, writeErr, err := saveExploreTrace(out, spec.Meta().Name, &checker.Counterexample{Initial: s0, Events: events, Violation: cv}, note, stderr)
		if err != nil {
			return err
		}
		if notes != "" {
			fmt.Fprintf(stderr, "electlab: %s\n", notes)
		}
		rep.Violations[0].Trace = path
		finding = findingWritten(v.Property, len(events), path, writeErr)
	}
	if err := tl.printExplore(stdout, rep, jsonOut); err != nil {
		return err
	}
	if strings.HasPrefix(res.Incomplete, explore.Interrupted) {
		// What was found so far is printed (and a violation's trace
		// written), marked "search incomplete: interrupted".
		return exit.Interruptedf("interrupted: search incomplete after %d states (not a verdict)", res.States)
	}
	if finding == nil && res.Incomplete == explore.Bitstate {
		// A bitstate search that ran to its end: exit status 4 as a cap,
		// since it decides nothing either.
		return exit.Capf("bitstate search: no violation found, but states may have been missed (not a proof; not a verdict): about %.4g new states were expected to be taken for visited; run without -bitstate, or with a larger array, to decide", res.Bitstate.ExpectedOmitted)
	}
	if finding == nil && !rep.Complete {
		// A bound cut the search before it decided anything: the same
		// "cap reached (not a verdict)" as run and check (exit status 4).
		return exit.Capf("search incomplete: %s: cap reached (not a verdict); raise the bound to decide", rep.Incomplete)
	}
	return finding
}

// progressEvery is the interval between two progress lines.
const progressEvery = 2 * time.Second

// ProgressPrinter prints a progress line on stderr every two seconds once
// a search has run for two seconds, whether or not new states appear
// (the search calls it every few thousand transitions as well as every
// few thousand states): states, transitions, depth, phase and rates
// since the start and over the last interval. It is the only wall clock in
// electlab's output and never changes the results.
func ProgressPrinter(stderr io.Writer) func(explore.Progress) {
	return progressPrinterClock(stderr, time.Now)
}

// progressPrinterClock is progressPrinter with its clock (tests).
func progressPrinterClock(stderr io.Writer, now func() time.Time) func(explore.Progress) {
	t0 := now()
	last := t0
	var lastStates, lastTrans int64
	lastPhase, printed := "", false
	return func(p explore.Progress) {
		t := now()
		if p.Done {
			if printed {
				el := t.Sub(t0).Seconds()
				fmt.Fprintf(stderr, "electlab: explored %d states, %d transitions in %.1fs (%.0f states/s)\n", p.States, p.Transitions, el, float64(p.States)/el)
			}
			return
		}
		if t.Sub(t0) < progressEvery || t.Sub(last) < progressEvery {
			return
		}
		if p.Phase != lastPhase {
			lastStates, lastTrans, lastPhase = 0, 0, p.Phase
		}
		dt := t.Sub(last).Seconds()
		phase := ""
		if p.Phase != "" {
			phase = ", " + p.Phase
		}
		fmt.Fprintf(stderr, "electlab: %d states (+%.0f/s), %d transitions (+%.0f/s), depth %d%s, %.0fs elapsed, ETA unknown\n",
			p.States, float64(p.States-lastStates)/dt, p.Transitions, float64(p.Transitions-lastTrans)/dt, p.Depth, phase, t.Sub(t0).Seconds())
		last, lastStates, lastTrans, printed = t, p.States, p.Transitions, true
	}
}

// Merge reads the -json outputs of the parts of a split search and
// prints the merged report.
func (tl Tool) Merge(files []string, jsonOut bool, outDir string, stdout, stderr io.Writer) error {
	if len(files) == 0 {
		return exit.Usagef("-merge: give the part files (the -json outputs of explore -shard i/n)")
	}
	var parts []*explore.Result
	var first *render.ExploreReport
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return exit.Usagef("-merge: %v", err)
		}
		var r render.ExploreReport
		if err := json.Unmarshal(b, &r); err != nil {
			return exit.Usagef("-merge: %s: not an explore -json output: %v", f, err)
		}
		if r.Fingerprints == nil || r.Search.Shard == "" {
			return exit.Usagef("-merge: %s is not the output of a split search (explore -shard i/n -json)", f)
		}
		if first == nil {
			first = &r
		} else if key := render.ProblemKey(&r); key != render.ProblemKey(first) {
			return exit.Usagef("-merge: %s explores another problem than %s (%s vs %s)", f, files[0], key, render.ProblemKey(first))
		}
		res, err := render.ResultOf(&r)
		if err != nil {
			return exit.Usagef("-merge: %s: %v", f, err)
		}
		parts = append(parts, res)
	}
	m, err := explore.Merge(parts)
	if err != nil {
		return exit.Usagef("%v", err)
	}
	rep := *first
	rep.Violations, rep.Fingerprints = []render.ExploreViolation{}, nil
	rep.Search.Shard = ""
	render.FillExplore(&rep, m, false, nil)
	rep.Search.Shard = fmt.Sprintf("merged %d parts", len(parts))
	var finding error
	if len(m.Violations) > 0 {
		v := &rep.Violations[0]
		spec, err := tl.Reg.Lookup(rep.Algorithm)
		if err != nil {
			return exit.Usagef("-merge: %v", err)
		}
		cfg := render.ConfigOf(&rep)
		s0, err := spec.NewSystem(cfg)
		if err != nil {
			return exit.Usagef("-merge: %v", err)
		}
		var events []model.Event
		for _, name := range v.Events {
			ev, err := model.ParseEvent(name)
			if err != nil {
				return exit.Usagef("-merge: %v", err)
			}
			events = append(events, ev)
		}
		cv := &checker.Violation{Property: v.Property, Step: v.Step, Message: v.Message}
		path, notes, writeErr, err := saveExploreTrace(outDir, rep.Algorithm, &checker.Counterexample{Initial: s0, Events: events, Violation: cv}, "found by electlab explore (merged parts)", stderr)
		if err != nil {
			return err
		}
		if notes != "" {
			fmt.Fprintf(stderr, "electlab: %s\n", notes)
		}
		v.Trace = path
		finding = findingWritten(v.Property, len(events), path, writeErr)
	}
	if err := tl.printExplore(stdout, &rep, jsonOut); err != nil {
		return err
	}
	return finding
}

// saveExploreTrace writes explore's counterexample ce of algorithm algo
// under dir, as electlab-ALGO-PROPERTY-explore.json with note
// (SaveFinding, which falls back to another file when dir cannot hold
// it).
func saveExploreTrace(dir, algo string, ce *checker.Counterexample, note string, stderr io.Writer) (path, notes string, writeErr, err error) {
	return SaveFinding(dir, fmt.Sprintf("electlab-%s-%s-explore.json", algo, ce.Violation.Property), ce, "", note, stderr)
}

// printExplore prints explore's report rep, as JSON under jsonOut.
func (tl Tool) printExplore(stdout io.Writer, rep *render.ExploreReport, jsonOut bool) error {
	if jsonOut {
		return render.WriteJSON(stdout, rep)
	}
	render.PrintExplore(stdout, tl.Program, rep)
	return nil
}

// startAfter is the state after the scenario events prefix from s0 (s0
// itself when there are none); a prefix that does not apply is bad input.
func startAfter(s0 model.System, prefix []model.Event) (model.System, error) {
	if len(prefix) == 0 {
		return s0, nil
	}
	pre, err := checker.Replay(s0, prefix, checker.Checks{}, false)
	if err != nil {
		return nil, exit.Usagef("scenario: %v", err)
	}
	return pre.Final, nil
}
