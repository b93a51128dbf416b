package cli

import (
	"io"
	"strings"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/report"
	"github.com/electlab/electlab/internal/reproduce"
)

// report.Schema is the version of the claims report's JSON schema
// (documented in docs/REPORT.md).
func cmdClaims(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("claims", "claims [-json|-md] [-claim ID] [-algo A] [-compare] [-out DIR [-reproduce PAPERS]] [-seed S] [-cases K]", stderr)
	jsonOut := fs.Bool("json", false, "print the report as JSON (schema in docs/REPORT.md)")
	mdOut := fs.Bool("md", false, "print the report as Markdown")
	claimID := fs.String("claim", "", "check only this claim ID (e.g. C-RING1-5)")
	algo := fs.String("algo", "", "check only the claims of this algorithm")
	outDir := fs.String("out", "", "write report.json, report.md, report.html, the plots and every counterexample trace (with its renderings) under this directory")
	eng := claims.DefaultEngine()
	fs.Uint64Var(&eng.Seed, "seed", eng.Seed, "base seed of every sampled configuration and schedule")
	fs.IntVar(&eng.Cases, "cases", eng.Cases, "random configurations per size, beyond exhaustive enumeration")
	fs.IntVar(&eng.GrowthCases, "growth-cases", eng.GrowthCases, "random configurations per size for growth claims (long executions)")
	fs.IntVar(&eng.ExhaustiveLimit, "exhaustive-limit", eng.ExhaustiveLimit, "enumerate a size exhaustively when it has at most this many configurations")
	fs.IntVar(&eng.MaxN, "max-n", 0, "cap every claim's largest size (0 = the claim's own)")
	maxSteps := newStepsFlag()
	fs.Var(maxSteps, "max-steps", "cap on the events of one execution: auto (derived from its size: max(20000, 64·n²) events) or a number; 0 (no cap) is refused here, since one execution that never ends would stop the whole report. A cap that is reached is counted and shown, never a violation")
	reproList := fs.String("reproduce", "", "also reproduce these papers (comma-separated ids, e.g. 000,003) with -seed beside the claims and write reproduce-ID.txt and reproduce-ID.json under -out, the same bytes as `electlab reproduce -paper ID -seed S -out DIR`")
	compareOnly := fs.Bool("compare", false, "print only the comparison of the ring election algorithms (those of model.Info.Compare, an algorithm added through cli.Main included): sampled counts and exact worst cases; no claim is checked (the full report has the comparison after the claims)")
	exploreStates := fs.Int64("explore-states", claims.ClaimStates, "states the search of every schedule may store per claim row, at the sizes enumerated exhaustively (0 = sampled schedules only)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if !maxSteps.auto {
		eng.MaxSteps = maxSteps.n
	}
	if *exploreStates < 0 {
		return usagef("-explore-states %d is negative", *exploreStates)
	}
	eng.ExploreStates = *exploreStates
	if *jsonOut && *mdOut {
		return usagef("-json and -md conflict: give one")
	}
	if eng.Cases < 1 {
		return usagef("-cases %d: need at least 1", eng.Cases)
	}
	switch {
	case eng.GrowthCases < 1:
		return usagef("-growth-cases %d: need at least 1", eng.GrowthCases)
	case !maxSteps.auto && maxSteps.n == 0:
		return usagef("-max-steps 0: the claims engine always caps its executions (one that never ended would stop the report); give auto or a number of events")
	case eng.ExhaustiveLimit < 0:
		return usagef("-exhaustive-limit %d is negative", eng.ExhaustiveLimit)
	case eng.MaxN < 0 || eng.MaxN == 1:
		return usagef("-max-n %d: want 0 (each claim's own sizes) or at least 2", eng.MaxN)
	}
	if *compareOnly && (*claimID != "" || *algo != "" || *reproList != "") {
		return usagef("-compare prints the comparison alone: it conflicts with -claim, -algo and -reproduce")
	}
	if *algo != "" {
		if _, err := algos.Lookup(*algo); err != nil {
			return usagef("-algo: %v", err)
		}
	}
	papers, err := reproducePapers(*reproList)
	if err != nil {
		return err
	}
	if len(papers) > 0 && *outDir == "" {
		return usagef("-reproduce needs -out (the reproductions are written there)")
	}
	defer report.BatchGC()()
	intr := interruptFlag()
	defer intr.stop()
	eng.Interrupted = intr.poll
	rep := report.Report{Tool: "electlab", Schema: report.Schema, Seed: eng.Seed, Cases: eng.Cases, Claims: []report.Entry{}}
	var jobs []report.Job
	if !*compareOnly {
		jobs = report.Plan(*claimID, *algo)
	}
	found := len(jobs) > 0 || *compareOnly
	// The tables the reproduce-checked claims and -reproduce need are
	// computed once each, first (they are the longest tasks), beside the
	// claims, on every CPU (internal/report).
	cache := &reproduce.Cache{}
	for i := range jobs {
		jobs[i].SetCache(cache)
	}
	entries := make([]report.Entry, len(jobs))
	tasks := report.TableTasks(report.ReproTables(jobs, papers), eng.Seed, cache)
	// The full report compares the ring algorithms of the registry in use
	// (an algorithm added through Main included): its measurements run
	// beside the claims, after the tables.
	var cmp *report.PendingComparison
	if *claimID == "" && *algo == "" {
		cmp = report.NewPendingComparison(report.CompareSpecs(algos.All), eng.Seed, report.CompareSamples)
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
		if *claimID != "" {
			return usagef("-claim %q: no such claim%s (see electlab list)", *claimID, forAlgo(*algo))
		}
		return usagef("no claims registered%s", forAlgo(*algo))
	}
	if cmp != nil && !intr.poll() {
		c, err := cmp.Result()
		if err != nil {
			return err
		}
		rep.Comparison = c
	}
	if *outDir != "" {
		if err := report.WriteDir(*outDir, &rep, prog); err != nil {
			return err
		}
		for _, p := range papers {
			if err := writePaper(*outDir, p, eng.Seed, cache); err != nil {
				return err
			}
		}
	}
	prog.Finish()
	switch {
	case *compareOnly && !*jsonOut && rep.Comparison != nil:
		// The section alone, as the full report ends with it.
		text := rep.Comparison.Text()
		if *mdOut {
			text = rep.Comparison.Markdown()
		}
		if _, err := io.WriteString(stdout, strings.TrimPrefix(text, "\n")); err != nil {
			return err
		}
		return interruptedErr(intr)
	case *jsonOut:
		if err := writeJSON(stdout, rep); err != nil {
			return err
		}
		return interruptedErr(intr)
	case *mdOut:
		if _, err := io.WriteString(stdout, report.Markdown(&rep)); err != nil {
			return err
		}
		return interruptedErr(intr)
	}
	if _, err := io.WriteString(stdout, report.Text(&rep)); err != nil {
		return err
	}
	return interruptedErr(intr)
}

// interruptedErr reports an interrupted run: the report was printed (and
// written) with the unfinished rows UNCHECKED, "interrupted".
func interruptedErr(intr *interrupt) error {
	if intr.poll() {
		return &findingError{"interrupted: the report above is incomplete (rows marked interrupted are UNCHECKED)"}
	}
	return nil
}

// claimJob is one entry of the report to produce: a registered claim to
func forAlgo(a string) string {
	if a == "" {
		return ""
	}
	return " for algorithm " + a
}
