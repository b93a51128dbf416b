package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/electlab/electlab/checker/claims"
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
}

// parseClaimsArgs parses and checks the flags of `electlab claims` (every
// registered claim with the verdict the tool computes; the report's JSON
// schema, report.Schema, is documented in docs/REPORT.md).
func parseClaimsArgs(tl runner.Tool, args []string, stderr io.Writer) (*claimsArgs, error) {
	a := &claimsArgs{eng: claims.DefaultEngine(), tl: tl}
	eng := a.eng
	fs := newFlagSet("claims", "claims [-json|-md] [-claim ID] [-algo A] [-compare] [-out DIR [-reproduce PAPERS]] [-seed S] [-cases K]", stderr)
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
	if _, err := parseFlags(fs, args, 0); err != nil {
		return nil, err
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
	var err error
	if a.papers, err = reproducePapers(*reproList); err != nil {
		return nil, err
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
// writes the report under -out and prints it.
func (a *claimsArgs) Run(stdout, stderr io.Writer) error {
	eng := a.eng
	defer report.BatchGC()()
	eng.Interrupted = interrupted
	rep := report.Report{Tool: "electlab", Schema: report.Schema, Seed: eng.Seed, Cases: eng.Cases, Claims: []report.Entry{}, Program: a.tl.Program}
	var jobs []report.Job
	if !a.compareOnly {
		jobs = report.Plan(a.tl.Reg, a.claimID, a.algo)
	}
	found := len(jobs) > 0 || a.compareOnly
	// The tables the reproduce-checked claims and -reproduce need are
	// computed once each, first (they are the longest tasks), beside the
	// claims, on every CPU (internal/report).
	cache := &reproduce.Cache{}
	for i := range jobs {
		jobs[i].SetCache(cache)
	}
	entries := make([]report.Entry, len(jobs))
	tasks := report.TableTasks(report.ReproTables(jobs, a.papers), eng.Seed, cache)
	// The full report compares the ring algorithms of the registry in use
	// (an algorithm added through Main included): its measurements run
	// beside the claims, after the tables.
	var cmp *report.PendingComparison
	if a.claimID == "" && a.algo == "" {
		cmp = report.NewPendingComparison(report.CompareSpecs(a.tl.Reg.Specs()), eng.Seed, report.CompareSamples)
		tasks = append(tasks, cmp.Tasks()...)
	}
	tasks = append(tasks, report.ClaimTasks(jobs, eng, entries)...)
	prog := report.NewProgress(stderr, len(tasks))
	defer prog.Finish() // also when a check panics
	report.RunTasks(tasks, report.Workers(), prog)
	for _, e := range report.JudgeFromParts(entries) {
		rep.Add(e)
	}
	if !found {
		if a.claimID != "" {
			return usagef("-claim %q: no such claim%s (see electlab list)", a.claimID, forAlgo(a.algo))
		}
		return usagef("no claims registered%s", forAlgo(a.algo))
	}
	if cmp != nil && !interrupted() {
		c, err := cmp.Result()
		if err != nil {
			return err
		}
		rep.Comparison = c
	}
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
				writeErr = writePaper(a.outDir, p, eng.Seed, cache)
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
