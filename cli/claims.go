package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/internal/report"
	"github.com/electlab/electlab/internal/reproduce"
	"github.com/electlab/electlab/internal/runner"
)

// claimsArgs are the flags of `electlab claims`, parsed and checked: the
// engine configured by them, what to check and print, and the papers to
// reproduce beside the claims.
type claimsArgs struct {
	jsonOut, mdOut, compareOnly bool
	claimID, algo, outDir       string
	eng                         *claims.Engine
	// tl is the call's registry (the claims checked) and program.
	tl     runner.Tool
	papers []*reproduce.Paper
	// part, when set, makes the run part i of k of a split run (claims
	// -part): it runs only its tasks and writes a part file. merge makes
	// it claims -merge of the part files mergeFiles.
	part       *partSpec
	merge      bool
	mergeFiles []string
}

// claimsPartFlags are claims' flags that say how the work is split and
// where its output goes, not what it computes: a part's options (and the
// claims -merge rebuilds) leave them out.
var claimsPartFlags = []string{"part", "parts", "part-out", "out", "json", "md", "merge"}

// parseClaimsArgs parses and checks the flags of `electlab claims` (every
// registered claim with the verdict the tool computes; the report's JSON
// schema, report.Schema, is documented in docs/REPORT.md).
func parseClaimsArgs(tl runner.Tool, args []string, stderr io.Writer) (*claimsArgs, error) {
	a := &claimsArgs{eng: claims.DefaultEngine(), tl: tl}
	eng := a.eng
	fs := newFlagSet("claims", "claims [-json|-md] [-claim ID] [-algo A] [-compare] [-out DIR [-reproduce PAPERS]] [-seed S] [-cases K] [-part i/k|auto]  |  claims -merge PART.json...", stderr)
	fs.BoolVar(&a.jsonOut, "json", false, "print the report as JSON (schema in docs/REPORT.md)")
	fs.BoolVar(&a.mdOut, "md", false, "print the report as Markdown")
	fs.StringVar(&a.claimID, "claim", "", "check only this claim ID (e.g. C-RING1-5) and its parts (ID.part, whose verdicts compose into its own)")
	fs.StringVar(&a.algo, "algo", "", "check only the claims of this algorithm")
	fs.StringVar(&a.outDir, "out", "", "write report.json, report.md, report.html, the plots and every counterexample trace (with its renderings) under this directory")
	fs.Uint64Var(&eng.Seed, "seed", eng.Seed, "base seed of every sampled configuration and schedule")
	fs.IntVar(&eng.Cases, "cases", eng.Cases, "random configurations per size, beyond exhaustive enumeration")
	fs.IntVar(&eng.GrowthCases, "growth-cases", eng.GrowthCases, "random configurations per size for growth claims (long executions)")
	fs.IntVar(&eng.ExhaustiveLimit, "exhaustive-limit", eng.ExhaustiveLimit, "enumerate a size exhaustively when it has at most this many configurations")
	fs.IntVar(&eng.MaxN, "max-n", 0, "cap every claim's largest size (0 = the claim's own)")
	maxSteps := newStepsFlag()
	fs.Var(maxSteps, "max-steps", "cap on the events of one execution: auto (derived from its size: max(20000, 64·n²) events) or a number; 0 (no cap) is refused here, since one execution that never ends would stop the whole report. A cap that is reached is counted and shown, never a violation")
	reproList := fs.String("reproduce", "", "also reproduce these papers (comma-separated ids, e.g. 000,003) with -seed beside the claims and write reproduce-ID.txt and reproduce-ID.json under -out, the same bytes as `electlab reproduce -paper ID -seed S -out DIR`")
	fs.BoolVar(&a.compareOnly, "compare", false, "print only the comparison of the ring election algorithms (those of model.Info.Compare, an algorithm added through cli.Main included): sampled counts and exact worst cases; no claim is checked (the full report has the comparison after the claims)")
	fs.Int64Var(&eng.ExploreStates, "explore-states", eng.ExploreStates, "states the search of every schedule may store per claim row, at the sizes enumerated exhaustively (0 = sampled schedules only)")
	partText := fs.String("part", "", "run part i of k (i/k, 1-based) of the report's tasks (assigned by their tabled cost, longest first) and write a part file (-part-out) for claims -merge; auto: i/k from a Slurm job array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with -parts)")
	parts := fs.Int("parts", 0, "with -part auto under a Kubernetes Indexed Job: the number of parts k (the Job's completions)")
	partOut := fs.String("part-out", "", "with -part: the part file to write (default electlab-claims-part-I-of-K.json)")
	fs.BoolVar(&a.merge, "merge", false, "merge the part files of a split claims run (positional arguments) and print and write what the unsplit run does; takes only -out, -json and -md besides")
	pos, err := parseFlags(fs, args, 1<<20)
	if err != nil {
		return nil, err
	}
	if a.merge {
		if a.jsonOut && a.mdOut {
			return nil, usagef("-json and -md conflict: give one")
		}
		if err := mergeOnlyOf(fs, a.outDir, "json", "md", "out"); err != nil {
			return nil, err
		}
		a.mergeFiles = pos
		return a, nil
	}
	if len(pos) > 0 {
		return nil, usagef("%s: unexpected argument %q", fs.Name(), pos[0])
	}
	if a.part, err = parsePartFlags("claims", "report", claimsPartFlags, fs, *partText, *parts, *partOut); err != nil {
		return nil, err
	}
	if a.part != nil && a.mdOut {
		return nil, usagef("-md: a part prints no report; give -md to claims -merge, which prints it")
	}
	if !maxSteps.auto {
		eng.MaxSteps = maxSteps.n
	}
	if eng.ExploreStates < 0 {
		return nil, usagef("-explore-states %d is negative", eng.ExploreStates)
	}
	if a.jsonOut && a.mdOut {
		return nil, usagef("-json and -md conflict: give one")
	}
	if eng.Cases < 1 {
		return nil, usagef("-cases %d: need at least 1", eng.Cases)
	}
	switch {
	case eng.GrowthCases < 1:
		return nil, usagef("-growth-cases %d: need at least 1", eng.GrowthCases)
	case !maxSteps.auto && maxSteps.n == 0:
		return nil, usagef("-max-steps 0: the claims engine always caps its executions (one that never ended would stop the report); give auto or a number of events")
	case eng.ExhaustiveLimit < 0:
		return nil, usagef("-exhaustive-limit %d is negative", eng.ExhaustiveLimit)
	case eng.MaxN < 0 || eng.MaxN == 1:
		return nil, usagef("-max-n %d: want 0 (each claim's own sizes) or at least 2", eng.MaxN)
	}
	if a.compareOnly && (a.claimID != "" || a.algo != "" || *reproList != "") {
		return nil, usagef("-compare prints the comparison alone: it conflicts with -claim, -algo and -reproduce")
	}
	if a.algo != "" {
		if _, err := tl.Reg.Lookup(a.algo); err != nil {
			return nil, usagef("-algo: %v", err)
		}
	}
	if a.papers, err = reproducePapers(*reproList); err != nil {
		return nil, err
	}
	if a.part != nil {
		// A part writes its part file only (the merge writes the report
		// and the reproductions, under its -out).
		if err := checkOutputs(fileOut("-part-out", a.part.out)); err != nil {
			return nil, err
		}
		return a, nil
	}
	if len(a.papers) > 0 && a.outDir == "" {
		return nil, usagef("-reproduce needs -out (the reproductions are written there)")
	}
	if err := checkOutputs(dirOut("-out", a.outDir)); err != nil {
		return nil, err
	}
	return a, nil
}

// Run checks the claims (and reproduces the papers) the flags ask for,
// writes the report under -out and prints it; or runs one part of them
// (-part), or merges the parts (-merge).
func (a *claimsArgs) Run(stdout, stderr io.Writer) error {
	if a.merge {
		return a.runMerge(stdout, stderr)
	}
	w := a.work()
	defer report.BatchGC()()
	if a.part != nil {
		return a.runPart(w, stdout, stderr)
	}
	// The tables the reproduce-checked claims and -reproduce need are
	// computed first (they are the longest tasks), then the comparison of
	// the ring algorithms of the registry in use (an algorithm added
	// through Main included; the full report only), then the claims, on
	// every CPU (internal/report).
	prog := report.NewProgress(stderr, len(w.Tasks))
	defer prog.Finish() // also when a check panics
	report.RunTasks(w.Tasks, report.Workers(), prog)
	return a.finish(w, prog, stdout, stderr)
}

// work lays out the run's tasks (report.Work).
func (a *claimsArgs) work() *report.Work {
	a.eng.Interrupted = interrupted
	return report.NewWork(a.tl.Reg, a.tl.Reg.Specs(), a.claimID, a.algo, a.compareOnly, a.papers, a.eng)
}

// finish makes the report of w's results once its tasks have run (in
// this process, or in parts and merged): it writes it under -out and
// prints it.
func (a *claimsArgs) finish(w *report.Work, prog *report.Progress, stdout, stderr io.Writer) error {
	eng := a.eng
	rep := report.Report{Tool: "electlab", Schema: report.Schema, Seed: eng.Seed, Cases: eng.Cases, Claims: []report.Entry{}, Program: a.tl.Program}
	for _, e := range w.Entries() {
		rep.Add(e)
	}
	if !w.Found {
		if a.claimID != "" {
			return usagef("-claim %q: no such claim%s (see electlab list)", a.claimID, forAlgo(a.algo))
		}
		return usagef("no claims registered%s", forAlgo(a.algo))
	}
	if cmp := w.Comparison(); cmp != nil && !interrupted() {
		c, err := cmp.Result()
		if err != nil {
			return err
		}
		rep.Comparison = c
	}
	rep.Randomized = report.NewRandomized(&rep)
	// A report directory that cannot be written (checked before the work,
	// but a file may be in the way) does not lose the report: it is
	// printed, then the error reported.
	var writeErr error
	if a.outDir != "" {
		writeErr = report.WriteDir(a.outDir, &rep, prog)
		if writeErr == nil && !report.HasDrawer() {
			fmt.Fprintf(stderr, "electlab: %s has no plots: this program does not import github.com/electlab/electlab/cli/plots, which draws them\n", a.outDir)
		}
		for _, p := range a.papers {
			if interrupted() {
				break // its tables may be unfinished: not written
			}
			if writeErr == nil {
				writeErr = writePaper(a.outDir, p, eng.Seed, w.Cache())
			}
		}
	}
	prog.Finish()
	if err := a.print(stdout, &rep); err != nil {
		return err
	}
	if writeErr != nil {
		return writeErr
	}
	return interruptedErr("the report above is incomplete (rows marked interrupted are UNCHECKED)")
}

// runPart runs part i of k of w: only its tasks (report.Work.PartTasks),
// then writes their results to the part file and prints one line of what
// it ran, never a verdict. A part that finished exits 0 (claims -merge
// gives the report); an interrupted one writes no part file.
func (a *claimsArgs) runPart(w *report.Work, stdout, stderr io.Writer) error {
	if !w.Found {
		return a.finish(w, nil, io.Discard, io.Discard) // the unsplit run's error
	}
	i, k := a.part.i, a.part.k
	part := fmt.Sprintf("%d/%d", i, k)
	mine := w.PartTasks(i, k)
	prog := report.NewProgress(stderr, len(mine))
	defer prog.Finish()
	report.RunTasks(w.Select(mine), report.Workers(), prog)
	prog.Finish()
	if interrupted() {
		fmt.Fprintf(stdout, "part %s: interrupted: no part written (not a verdict)\n", part)
		return exit.Interruptedf("interrupted: part %s not written to %s (not a verdict)", part, a.part.out)
	}
	p, err := w.Part(i, k, a.part.options)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := render.WriteJSON(&buf, p); err != nil {
		return err
	}
	if err := outfile.WriteFile(a.part.out, buf.Bytes(), stdout); err != nil {
		return usagef("-part-out %v", err)
	}
	if a.part.out == "-" {
		return nil // the part file is stdout's one output
	}
	if a.jsonOut {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	var mineCost, all int64
	split := w.Split()
	for j, pi := range w.Assign(k) {
		c := report.TaskCost(w.Tasks[split[j]].Label())
		all += c
		if pi == i {
			mineCost += c
		}
	}
	if len(mine) == 0 {
		fmt.Fprintf(stdout, "part %s: no tasks: the %d task(s) of the claims run fall to other parts\n", part, p.Tasks)
	} else {
		fmt.Fprintf(stdout, "part %s: ran %d of the %d tasks of the claims run (tabled cost %.1f of %.1f CPU-s)\n", part, len(mine), p.Tasks, float64(mineCost)/1000, float64(all)/1000)
	}
	fmt.Fprintf(stdout, "part written to %s (merge every part with claims -merge for the report)\n", a.part.out)
	return nil
}

// runMerge is claims -merge: it reads and checks the parts
// (report.ReadClaimsParts), rebuilds the run from their options as the
// unsplit command line would (with the merge's -out, -json and -md), puts
// the parts' results in place, runs the tasks the parts leave to the
// merge and makes the report as the unsplit run does.
func (a *claimsArgs) runMerge(stdout, stderr io.Writer) error {
	ps, err := report.ReadClaimsParts(a.mergeFiles)
	if err != nil {
		return err
	}
	p := ps[0]
	var extra []string
	if a.outDir != "" {
		extra = append(extra, "-out", a.outDir)
	}
	if a.jsonOut {
		extra = append(extra, "-json")
	}
	if a.mdOut {
		extra = append(extra, "-md")
	}
	args, err := mergeArgs(p.File(), p.Options, claimsPartFlags, extra)
	if err != nil {
		return err
	}
	b, err := parseClaimsArgs(a.tl, args, io.Discard)
	if err != nil {
		return usagef("-merge: %s: its options do not build a claims run here: %v", p.File(), err)
	}
	if b.part != nil || b.merge {
		return usagef("-merge: %s: its options do not build a claims run here", p.File())
	}
	w := b.work()
	defer report.BatchGC()()
	if err := w.Load(ps); err != nil {
		return err
	}
	local := w.Local()
	prog := report.NewProgress(stderr, len(local))
	defer prog.Finish()
	report.RunTasks(w.Select(local), report.Workers(), prog)
	return b.finish(w, prog, stdout, stderr)
}

// print prints the report as the flags ask: the comparison alone
// (-compare), JSON, Markdown or text.
func (a *claimsArgs) print(stdout io.Writer, rep *report.Report) error {
	var text string
	switch {
	case a.compareOnly && !a.jsonOut && rep.Comparison != nil:
		// The section alone, as the full report ends with it.
		text = rep.Comparison.Text()
		if a.mdOut {
			text = rep.Comparison.Markdown()
		}
		text = strings.TrimPrefix(text, "\n")
	case a.jsonOut:
		return writeJSON(stdout, *rep)
	case a.mdOut:
		text = report.Markdown(rep)
	default:
		text = report.Text(rep)
	}
	_, err := io.WriteString(stdout, text)
	return err
}

// forAlgo is the phrase naming -algo a in a message (" for algorithm a"),
// empty without -algo.
func forAlgo(a string) string {
	if a == "" {
		return ""
	}
	return " for algorithm " + a
}
