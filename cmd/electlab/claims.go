package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"electlab/algos"
	"electlab/checker"
	"electlab/checker/explore"
	"electlab/model"
	"electlab/reproduce"
)

// ReportSchema is the version of the claims report's JSON schema
// (documented in docs/REPORT.md).
const ReportSchema = 2

// claimsReport is the JSON form of the claims report.
type claimsReport struct {
	Tool     string        `json:"tool"`
	Schema   int           `json:"schema"`
	Seed     uint64        `json:"seed"`
	Cases    int           `json:"cases_per_size"`
	Verdicts verdictCounts `json:"verdicts"`
	Claims   []claimEntry  `json:"claims"`
}

type verdictCounts struct {
	Holds        int `json:"HOLDS"`
	Partial      int `json:"PARTIAL"`
	Refuted      int `json:"REFUTED"`
	Inconsistent int `json:"INCONSISTENT"`
	Ambiguous    int `json:"AMBIGUOUS"`
	Unchecked    int `json:"UNCHECKED"`
}

type claimEntry struct {
	ID         string `json:"id"`
	Algorithm  string `json:"algorithm"`
	Source     string `json:"source"`
	Says       string `json:"says"`
	Formal     string `json:"formal"`
	Kind       string `json:"kind"`
	Claimed    string `json:"claimed"`
	Accounting string `json:"accounting,omitempty"`
	Verdict    string `json:"verdict"`
	Summary    string `json:"summary"`
	// Unchecked are the parts of the claim the tool does not check (a
	// claim with one is PARTIAL at most).
	Unchecked []model.ClaimPart `json:"unchecked_parts,omitempty"`
	Rows      []checker.Row     `json:"rows"`
	// Plots are the SVG plots written for this entry (with -out only),
	// relative to the report directory.
	Plots []string `json:"plots,omitempty"`

	// claim is the registered claim (nil for an UNCHECKED catalog entry
	// no algorithm registers); spec is its algorithm.
	claim *model.Claim
	spec  model.Spec
	// rowPlots[i] is the plot stem of row i ("" when it has none);
	// tablePlot is the stem of a Table claim's plot.
	rowPlots  []string
	tablePlot string
}

// add appends an entry and counts its verdict.
func (rep *claimsReport) add(e claimEntry) {
	rep.Claims = append(rep.Claims, e)
	switch e.Verdict {
	case checker.Holds:
		rep.Verdicts.Holds++
	case checker.Partial:
		rep.Verdicts.Partial++
	case checker.Refuted:
		rep.Verdicts.Refuted++
	case checker.Inconsistent:
		rep.Verdicts.Inconsistent++
	case checker.Ambiguous:
		rep.Verdicts.Ambiguous++
	default:
		rep.Verdicts.Unchecked++
	}
}

// claimedText states what a claim claims, from its data.
func claimedText(c *model.Claim) string {
	switch c.Kind {
	case model.Bound:
		s := fmt.Sprintf("%s messages %s %s", c.Accounting, c.Relation, c.FormulaText)
		if c.Quantity == model.Time {
			s = fmt.Sprintf("time %s %s", c.Relation, c.FormulaText)
		}
		if c.Tight {
			s += ", attained at every size"
		}
		return s
	case model.Growth:
		stat := ""
		if c.Stat != model.StatMax {
			stat = " (" + c.Stat.String() + ")"
		}
		if c.Quantity == model.Time {
			return fmt.Sprintf("time%s grows as %s", stat, c.OrderText())
		}
		return fmt.Sprintf("%s messages%s grow as %s", c.Accounting, stat, c.OrderText())
	case model.Table:
		return fmt.Sprintf("printed numbers = %s", c.FormulaText)
	}
	var props []string
	for _, p := range []struct {
		bit  model.Property
		name string
	}{{model.Safety, checker.PropSafety}, {model.Agreement, checker.PropAgreement}, {model.Validity, checker.PropValidity}, {model.Termination, checker.PropTermination}} {
		if c.Props&p.bit != 0 {
			props = append(props, p.name)
		}
	}
	if c.Invariant != nil {
		props = append(props, "the claim's own invariant (every instant)")
	}
	if c.Custom != nil {
		props = append(props, "the claim's own check")
	}
	return strings.Join(props, ", ")
}

func cmdClaims(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("claims", "claims [-json|-md] [-claim ID] [-algo A] [-out DIR [-reproduce PAPERS]] [-seed S] [-cases K]", stderr)
	jsonOut := fs.Bool("json", false, "print the report as JSON (schema in docs/REPORT.md)")
	mdOut := fs.Bool("md", false, "print the report as Markdown")
	claimID := fs.String("claim", "", "check only this claim ID (e.g. C-RING1-5)")
	algo := fs.String("algo", "", "check only the claims of this algorithm")
	outDir := fs.String("out", "", "write report.json, report.md, report.html, the plots and every counterexample trace (with its renderings) under this directory")
	eng := checker.DefaultEngine()
	fs.Uint64Var(&eng.Seed, "seed", eng.Seed, "base seed of every sampled configuration and schedule")
	fs.IntVar(&eng.Cases, "cases", eng.Cases, "random configurations per size, beyond exhaustive enumeration")
	fs.IntVar(&eng.GrowthCases, "growth-cases", eng.GrowthCases, "random configurations per size for growth claims (long executions)")
	fs.IntVar(&eng.ExhaustiveLimit, "exhaustive-limit", eng.ExhaustiveLimit, "enumerate a size exhaustively when it has at most this many configurations")
	fs.IntVar(&eng.MaxN, "max-n", 0, "cap every claim's largest size (0 = the claim's own)")
	maxSteps := newStepsFlag()
	fs.Var(maxSteps, "max-steps", "cap on the events of one execution: auto (derived from its size: max(20000, 64·n²) events) or a number; 0 (no cap) is refused here, since one execution that never ends would stop the whole report. A cap that is reached is counted and shown, never a violation")
	reproList := fs.String("reproduce", "", "also reproduce these papers (comma-separated ids, e.g. 000,003) with -seed beside the claims and write reproduce-ID.txt and reproduce-ID.json under -out, the same bytes as `electlab reproduce -paper ID -seed S -out DIR`")
	exploreStates := fs.Int64("explore-states", explore.ClaimStates, "states the search of every schedule may store per claim row, at the sizes enumerated exhaustively (0 = sampled schedules only)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if !maxSteps.auto {
		eng.MaxSteps = maxSteps.n
	}
	if *exploreStates < 0 {
		return usagef("-explore-states %d is negative", *exploreStates)
	}
	if *exploreStates > 0 {
		explore.ForClaims(eng, *exploreStates)
	}
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
	defer batchGC()()
	eng.Minimize = minimize
	intr := interruptFlag()
	defer intr.stop()
	eng.Interrupted = intr.poll
	rep := claimsReport{Tool: "electlab", Schema: ReportSchema, Seed: eng.Seed, Cases: eng.Cases, Claims: []claimEntry{}}
	jobs := planClaims(*claimID, *algo)
	found := len(jobs) > 0
	// The tables the reproduce-checked claims and -reproduce need are
	// computed once each, first (they are the longest tasks), beside the
	// claims, on every CPU (report_parallel.go).
	cache := &reproduce.Cache{}
	for i := range jobs {
		jobs[i].cache = cache
	}
	entries := make([]claimEntry, len(jobs))
	tasks := append(tableTasks(reproTables(jobs, papers), eng.Seed, cache), claimTasks(jobs, eng, entries)...)
	prog := newProgress(stderr, len(tasks))
	defer prog.finish() // also when a check panics
	runTasks(tasks, reportWorkers(), prog)
	for _, e := range judgeFromParts(entries) {
		rep.add(e)
	}
	if !found {
		if *claimID != "" {
			return usagef("-claim %q: no such claim%s (see electlab list)", *claimID, forAlgo(*algo))
		}
		return usagef("no claims registered%s", forAlgo(*algo))
	}
	if *outDir != "" {
		if err := writeReportDir(*outDir, &rep, prog); err != nil {
			return err
		}
		for _, p := range papers {
			if err := writePaper(*outDir, p, eng.Seed, cache); err != nil {
				return err
			}
		}
	}
	prog.finish()
	switch {
	case *jsonOut:
		if err := writeJSON(stdout, rep); err != nil {
			return err
		}
		return interruptedErr(intr)
	case *mdOut:
		if _, err := io.WriteString(stdout, renderClaimsMarkdown(&rep)); err != nil {
			return err
		}
		return interruptedErr(intr)
	}
	if _, err := io.WriteString(stdout, renderClaimsText(&rep)); err != nil {
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
// check, or a catalog claim no algorithm registers (UNCHECKED).
type claimJob struct {
	reg   *algos.Registered
	entry *algos.CatalogEntry
	// repro, when set, checks the unregistered catalog entry through
	// `electlab reproduce` (report_reproduce.go), with the tables of
	// cache (nil: none shared).
	repro *reproClaim
	cache *reproduce.Cache
}

// planClaims lists the report's entries in report order: every catalog
// claim, in catalog order, once per algorithm that registers it (or once,
// UNCHECKED with the reason, when none does), then the claims found in the
// seeds beyond the catalog; filtered by -claim and -algo.
func planClaims(claimID, algo string) []claimJob {
	want := func(r algos.Registered) bool {
		return (claimID == "" || r.Claim.ID == claimID) && (algo == "" || r.Spec.Meta().Name == algo)
	}
	var jobs []claimJob
	for i := range algos.Catalog {
		ce := &algos.Catalog[i]
		if claimID != "" && ce.ID != claimID {
			continue
		}
		regs := algos.ClaimsFor(ce.ID)
		for _, r := range regs {
			if want(r) {
				jobs = append(jobs, claimJob{reg: &r})
			}
		}
		if len(regs) == 0 && algo == "" {
			jobs = append(jobs, claimJob{entry: ce, repro: reproFor(ce.ID)})
		}
	}
	for _, r := range algos.Extra() {
		if want(r) {
			jobs = append(jobs, claimJob{reg: &r})
		}
	}
	return jobs
}

// label names the job in progress lines.
func (j claimJob) label() string {
	if j.reg == nil {
		return j.entry.ID
	}
	return j.reg.Claim.ID + ", " + j.reg.Spec.Meta().Name
}

// run checks the job's claim (or states why it is UNCHECKED).
func (j claimJob) run(eng *checker.Engine) claimEntry {
	if j.reg == nil && j.repro != nil {
		return reproEntry(j.repro, &entryInfo{Source: j.entry.Source, Title: j.entry.Title}, eng.Seed, j.cache)
	}
	if j.reg == nil {
		ce := j.entry
		return claimEntry{ID: ce.ID, Algorithm: "-", Source: ce.Source, Says: ce.Title, Kind: "-", Claimed: "-",
			Verdict: checker.Unchecked, Summary: ce.Pending, Rows: []checker.Row{}}
	}
	return checkEntry(eng, j.reg.Spec, j.reg.Claim)
}

// checkEntry checks claim c of spec and returns its report entry.
func checkEntry(eng *checker.Engine, spec model.Spec, c *model.Claim) claimEntry {
	res := eng.CheckClaim(spec, c)
	e := claimEntry{ID: c.ID, Algorithm: spec.Meta().Name, Source: c.Source, Says: c.Says, Formal: c.Formal,
		Kind: c.Kind.String(), Claimed: claimedText(c), Verdict: res.Verdict, Summary: res.Summary, Rows: res.Rows,
		claim: c, spec: spec}
	if e.Rows == nil {
		e.Rows = []checker.Row{}
	}
	if c.Kind == model.Bound {
		e.Accounting = c.Accounting.String()
	}
	e.Unchecked = c.Unchecked
	for _, col := range c.Columns {
		if col.NotChecked != "" {
			e.Unchecked = append(e.Unchecked, model.ClaimPart{Name: col.Name + " column", Why: col.NotChecked})
		}
	}
	return e
}

func forAlgo(a string) string {
	if a == "" {
		return ""
	}
	return " for algorithm " + a
}

// writeReportDir writes the report directory: every counterexample trace
// with its text and Mermaid renderings (traces/), the plots (plots/),
// report.json, report.md and report.html. Each file is written whole or
// not at all; the same report gives the same bytes.
func writeReportDir(dir string, rep *claimsReport, prog *progress) error {
	for _, sub := range []string{"traces", "plots"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return usagef("-out %s: %v", dir, err)
		}
	}
	prog.phase("wrote trace", countTraces(rep))
	for ci := range rep.Claims {
		c := &rep.Claims[ci]
		for ri := range c.Rows {
			ce := c.Rows[ri].Counterexample
			if ce == nil {
				continue
			}
			name := checker.CounterexampleFile(c.ID, c.Algorithm, c.Rows[ri].Variant, ri)
			note := fmt.Sprintf("counterexample to %s (%s), setting %q, reading %s", c.ID, c.Algorithm, c.Rows[ri].Setting, c.Rows[ri].Variant)
			if err := writeCounterexample(dir, name, ce, c.ID, note, c.spec); err != nil {
				return err
			}
			ce.TracePath = filepath.ToSlash(filepath.Join("traces", name))
			prog.step(name)
		}
	}
	if err := writePlots(dir, rep, prog); err != nil {
		return err
	}
	var js bytes.Buffer
	if err := writeJSON(&js, rep); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"report.json", js.Bytes()},
		{"report.md", []byte(renderClaimsMarkdown(rep))},
		{"report.html", []byte(renderClaimsHTML(rep))},
	} {
		if err := writeFileAtomic(filepath.Join(dir, f.name), f.data); err != nil {
			return usagef("-out %s: %v", dir, err)
		}
	}
	return nil
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it, so path is complete or absent.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// pointsText renders per-size measurements: "3:8≤8 4:11≤11".
func pointsText(c *claimEntry, r *checker.Row) string {
	if len(r.Points) == 0 || c.Kind == "behaviour" {
		return "-"
	}
	var parts []string
	for _, p := range r.Points {
		if p.Claimed != "" {
			parts = append(parts, fmt.Sprintf("n=%d: %d (claimed %s)", p.N, p.Measured, p.Claimed))
		} else {
			parts = append(parts, fmt.Sprintf("n=%d: %d", p.N, p.Measured))
		}
	}
	s := strings.Join(parts, ", ")
	if c.Kind == "growth" {
		s += fmt.Sprintf("; fitted exponent %.2f", r.Fit)
		if r.FitNote != "" {
			s += " (" + r.FitNote + ")"
		}
	}
	return s
}

func evidenceText(r *checker.Row) string {
	if r.Arithmetic != "" {
		return r.Arithmetic
	}
	if ce := r.Counterexample; ce != nil {
		where := ""
		if ce.TracePath != "" {
			where = ce.TracePath + ", "
		}
		return fmt.Sprintf("counterexample (%s%d events, n=%d, %s): %s", where, len(ce.Events), ce.N, ce.Config.String(), ce.Violation.Error())
	}
	s := fmt.Sprintf("%d executions; %s", r.Executions, r.Coverage)
	if r.Verdict == checker.Refuted && r.FitNote != "" {
		s = "refuted by the fit: " + r.FitNote + "; " + s
	}
	if r.Unfinished > 0 {
		s += fmt.Sprintf("; %d execution(s) never reached quiescence, so only instantaneous checks apply to them (first: %s)", r.Unfinished, r.UnfinishedWhy)
	}
	if r.Partial != "" && !strings.Contains(r.Coverage, r.Partial) {
		s += "; " + r.Verdict + ": " + r.Partial
	}
	return s
}

// headline summarises an entry's measurement and evidence in two short
// cells for the table.
func headline(c *claimEntry) (measured, evidence string) {
	if len(c.Rows) == 0 {
		// A claim judged from its parts (or not registered): its summary
		// is its evidence, not a count of executions it did not run.
		return "-", c.Summary
	}
	if c.Verdict == checker.Partial || c.Verdict == checker.Unchecked {
		m, _ := headlineMeasured(c)
		return m, c.Summary
	}
	execs, exhaustive := 0, 0
	for i := range c.Rows {
		execs += c.Rows[i].Executions
	}
	for i := range c.Rows {
		r := &c.Rows[i]
		if r.Outside {
			continue
		}
		switch {
		case r.Counterexample != nil:
			ce := r.Counterexample
			m := "-"
			if n := len(r.Points); n > 0 && r.Points[n-1].Claimed != "" {
				p := r.Points[n-1]
				m = fmt.Sprintf("n=%d: %d (claimed %s)", p.N, p.Measured, p.Claimed)
				if ce.Violation.Property != checker.PropBound {
					// Refuted by another property (named in the
					// evidence): the bound itself is met.
					m = fmt.Sprintf("n=%d: %d (claimed %s; bound met)", p.N, p.Measured, p.Claimed)
				}
			}
			where := fmt.Sprintf("%d-event trace", len(ce.Events))
			if ce.TracePath != "" {
				where = ce.TracePath
			}
			return m, fmt.Sprintf("counterexample at n=%d (%s), reading %s: %s", ce.N, where, r.Variant, ce.Violation.Property)
		case r.Arithmetic != "" && r.Verdict != checker.Holds:
			return "-", r.Setting + ": " + r.Arithmetic
		case r.Verdict == checker.Refuted && r.FitNote != "":
			m, _ := headlineMeasured(c)
			return m, fmt.Sprintf("%s, reading %s: %s (%d executions)", r.Setting, r.Variant, r.FitNote, r.Executions)
		}
		_ = exhaustive
	}
	measured, _ = headlineMeasured(c)
	if c.Kind == "table" {
		return measured, fmt.Sprintf("%d printed numbers recomputed", len(c.Rows))
	}
	return measured, fmt.Sprintf("%d executions, %d settings x readings", execs, len(c.Rows))
}

// headlineMeasured is the largest measured value of the first row with
// points ("-" when none).
func headlineMeasured(c *claimEntry) (measured string, ok bool) {
	for i := range c.Rows {
		r := &c.Rows[i]
		if n := len(r.Points); n > 0 && c.Kind != "behaviour" {
			p := r.Points[n-1]
			measured = fmt.Sprintf("n=%d: %d", p.N, p.Measured)
			if p.Claimed != "" {
				measured += " (claimed " + p.Claimed + ")"
			}
			if c.Kind == "growth" {
				measured += fmt.Sprintf(", exponent %.2f", r.Fit)
			}
			break
		}
	}
	if measured == "" {
		return "-", false
	}
	return measured, true
}

// cell shortens s to at most n runes for a table cell, marking the cut.
func cell(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func renderClaimsText(rep *claimsReport) string {
	var b strings.Builder
	fmt.Fprintf(&b, "electlab claims report (seed %d, %d random cases per size beyond exhaustive enumeration)\n", rep.Seed, rep.Cases)
	fmt.Fprintf(&b, "verdicts: %s\n\n", countsText(&rep.Verdicts))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CLAIM\tALGORITHM\tVERDICT\tCLAIMED\tMEASURED (largest n)\tEVIDENCE")
	for i := range rep.Claims {
		c := &rep.Claims[i]
		m, ev := headline(c)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", c.ID, c.Algorithm, c.Verdict, cell(c.Claimed, 40), cell(m, 32), cell(ev, 90))
	}
	tw.Flush()
	b.WriteString("\nDetails (every setting and reading; the full evidence is in -json, -md and -out):\n")
	for _, c := range rep.Claims {
		if c.Verdict == checker.Unchecked && len(c.Rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s (%s) — %s: %s\n", c.ID, c.Algorithm, c.Verdict, c.Summary)
		fmt.Fprintf(&b, "  %s says %s\n  checked: %s\n", c.Source, c.Says, c.Formal)
		for _, p := range c.Unchecked {
			fmt.Fprintf(&b, "  not checked: %s (%s)\n", p.Name, p.Why)
		}
		for i := range c.Rows {
			r := &c.Rows[i]
			outside := ""
			if r.Outside {
				outside = " [outside the paper's assumptions; informative]"
			}
			fmt.Fprintf(&b, "  - %s, reading %s, %s: %s%s\n", r.Setting, r.Variant, r.Model, r.Verdict, outside)
			if pt := pointsText(&c, r); pt != "-" {
				fmt.Fprintf(&b, "      measured: %s\n", pt)
			}
			fmt.Fprintf(&b, "      evidence: %s\n", evidenceText(r))
		}
	}
	return b.String()
}

// countsText renders the verdict counts: "59 HOLDS, 2 PARTIAL, …".
func countsText(v *verdictCounts) string {
	return fmt.Sprintf("%d HOLDS, %d PARTIAL, %d REFUTED, %d INCONSISTENT, %d AMBIGUOUS, %d UNCHECKED",
		v.Holds, v.Partial, v.Refuted, v.Inconsistent, v.Ambiguous, v.Unchecked)
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func renderClaimsMarkdown(rep *claimsReport) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# electlab claims report\n\nSeed %d; %d random cases per size beyond exhaustive enumeration. Every verdict below was computed by running the models; claimed values are the papers' formulas evaluated in code.\n\n", rep.Seed, rep.Cases)
	fmt.Fprintf(&b, "**%s**\n\n", countsText(&rep.Verdicts))
	b.WriteString("| Claim | Algorithm | Source | Claimed | Verdict |\n|---|---|---|---|---|\n")
	for _, c := range rep.Claims {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | **%s** |\n", c.ID, c.Algorithm, mdEscape(c.Source), mdEscape(c.Claimed), c.Verdict)
	}
	for _, c := range rep.Claims {
		fmt.Fprintf(&b, "\n## %s (%s): %s\n\n%s\n\n> %s — %s\n\nChecked: %s\n\n", c.ID, c.Algorithm, c.Verdict, c.Summary, mdEscape(c.Says), mdEscape(c.Source), mdEscape(c.Formal))
		for _, p := range c.Unchecked {
			fmt.Fprintf(&b, "Not checked: %s (%s)\n\n", mdEscape(p.Name), mdEscape(p.Why))
		}
		b.WriteString("| Setting | Reading | Model | Verdict | Measured | Evidence |\n|---|---|---|---|---|---|\n")
		for i := range c.Rows {
			r := &c.Rows[i]
			setting := r.Setting
			if r.Outside {
				setting += " *(outside the paper's assumptions)*"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", mdEscape(setting), mdEscape(r.Variant), r.Model, r.Verdict, mdEscape(pointsText(&c, r)), mdEscape(evidenceText(r)))
		}
	}
	return b.String()
}

// judgeFromParts gives a catalog claim that no algorithm registers as a
// whole, but that is checked in parts (registered claims "ID.part", e.g.
// C-FCEABR-1.speed and C-FCEABR-1.messages), the verdict of its parts in
// the same report: REFUTED if a part is refuted, else INCONSISTENT, else
// AMBIGUOUS, else UNCHECKED if a part is, else PARTIAL if a part is, else
// HOLDS. An entry whose parts
// are not in the report (a -claim or -algo filter) stays UNCHECKED.
func judgeFromParts(entries []claimEntry) []claimEntry {
	rank := map[string]int{checker.Holds: 0, checker.Partial: 1, checker.Unchecked: 2, checker.Ambiguous: 3, checker.Inconsistent: 4, checker.Refuted: 5}
	for i := range entries {
		e := &entries[i]
		if e.claim != nil || e.Verdict != checker.Unchecked || e.Algorithm != "-" {
			continue
		}
		var parts []string
		worst := ""
		for _, p := range entries {
			if !strings.HasPrefix(p.ID, e.ID+".") {
				continue
			}
			parts = append(parts, fmt.Sprintf("%s (%s): %s", p.ID, p.Algorithm, p.Verdict))
			if worst == "" || rank[p.Verdict] > rank[worst] {
				worst = p.Verdict
			}
		}
		if len(parts) == 0 {
			continue
		}
		e.Verdict = worst
		e.Summary = "judged from its parts in this report: " + strings.Join(parts, "; ")
	}
	return entries
}
