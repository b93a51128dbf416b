package report

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/internal/reproduce"
	"github.com/electlab/electlab/internal/reproduce/judge"
	"github.com/electlab/electlab/model"
)

// Schema is the version of the claims report's JSON schema
// (documented in docs/REPORT.md).
const Schema = 2

// Report is the JSON form of the claims report.
type Report struct {
	Tool     string        `json:"tool"`
	Schema   int           `json:"schema"`
	Seed     uint64        `json:"seed"`
	Cases    int           `json:"cases_per_size"`
	Verdicts VerdictCounts `json:"verdicts"`
	Claims   []Entry       `json:"claims"`
	// Comparison is the ring algorithms' comparison section (the full
	// report only: no -claim or -algo filter).
	Comparison *Comparison `json:"comparison,omitempty"`
	// Randomized is the randomized elections section: the Probability
	// claims' exact answers and the comparison with PRISM's case studies
	// (NewRandomized; absent without a Probability claim's row).
	Randomized *Randomized `json:"randomized,omitempty"`
	// Program is the command whose replay report.html's footer names
	// (render.ReplayCommand; "" is electlab).
	Program string `json:"-"`
}

// VerdictCounts counts the report's entries by verdict.
type VerdictCounts struct {
	Holds        int `json:"HOLDS"`
	Partial      int `json:"PARTIAL"`
	Refuted      int `json:"REFUTED"`
	Inconsistent int `json:"INCONSISTENT"`
	Ambiguous    int `json:"AMBIGUOUS"`
	Unchecked    int `json:"UNCHECKED"`
}

// Entry is one claim of the report, as checked for one algorithm (or
// UNCHECKED with the reason): what the paper says, the verdict and its rows.
type Entry struct {
	ID         string         `json:"id"`
	Algorithm  string         `json:"algorithm"`
	Source     string         `json:"source"`
	Says       string         `json:"says"`
	Formal     string         `json:"formal"`
	Kind       string         `json:"kind"`
	Claimed    string         `json:"claimed"`
	Accounting string         `json:"accounting,omitempty"`
	Verdict    claims.Verdict `json:"verdict"`
	Summary    string         `json:"summary"`
	// Unchecked are the parts of the claim the tool does not check (a
	// claim with one is PARTIAL at most).
	Unchecked []claim.ClaimPart `json:"unchecked_parts,omitempty"`
	// FixedReadings and MootReadings are the readings a composition
	// inherits from its parts that the claim is not checked under, with
	// the reason (claim.Claim): a fixed one makes the claim PARTIAL at
	// most, a moot one is declared not to matter to it.
	FixedReadings []claim.ClaimPart `json:"fixed_readings,omitempty"`
	MootReadings  []claim.ClaimPart `json:"moot_readings,omitempty"`
	// OwnVerdict is the verdict of the claim's own rows when it has parts
	// in the report (Parts): Verdict is then the worst of OwnVerdict and
	// the parts' verdicts (the composition rule, claims.Compose).
	OwnVerdict claims.Verdict `json:"own_verdict,omitempty"`
	// Parts are the claim's parts in the report ("ID.part" at any depth),
	// each with its own verdict.
	Parts []claims.PartVerdict `json:"parts,omitempty"`
	Rows  []claims.Row         `json:"rows"`
	// Plots are the SVG plots written for this entry (with -out only),
	// relative to the report directory.
	Plots []string `json:"plots,omitempty"`

	// claim is the registered claim (nil for an UNCHECKED catalog entry
	// no algorithm registers); spec is its algorithm.
	claim *claim.Claim
	spec  model.Spec
	// rowPlots[i] is the plot stem of row i ("" when it has none);
	// tablePlot is the stem of a Table claim's plot.
	rowPlots  []string
	tablePlot string
}

// EvidenceLabel marks a row at sizes the claim's sentence does not speak
// of (claims.Row.Evidence, the decided-sizes rule) in every format.
const EvidenceLabel = "evidence (not deciding): sizes the sentence does not speak of"

// Add appends an entry and counts its verdict.
func (rep *Report) Add(e Entry) {
	rep.Claims = append(rep.Claims, e)
	switch e.Verdict {
	case claims.Holds:
		rep.Verdicts.Holds++
	case claims.Partial:
		rep.Verdicts.Partial++
	case claims.Refuted:
		rep.Verdicts.Refuted++
	case claims.Inconsistent:
		rep.Verdicts.Inconsistent++
	case claims.Ambiguous:
		rep.Verdicts.Ambiguous++
	default:
		rep.Verdicts.Unchecked++
	}
}

// ClaimedText states what a claim claims, from its data.
func ClaimedText(c *claim.Claim) string {
	switch c.Kind {
	case claim.Bound:
		s := fmt.Sprintf("%s messages %s %s", c.Accounting, c.Relation, c.FormulaText)
		if c.Quantity == claim.Time {
			s = fmt.Sprintf("time %s %s", c.Relation, c.FormulaText)
		}
		if c.Tight {
			s += ", attained at every size"
		}
		return s
	case claim.Growth:
		stat := ""
		if c.Stat != claim.StatMax {
			stat = " (" + c.Stat.String() + ")"
		}
		if c.Quantity == claim.Time {
			return fmt.Sprintf("time%s grows as %s", stat, c.OrderText())
		}
		return fmt.Sprintf("%s messages%s grow as %s", c.Accounting, stat, c.OrderText())
	case claim.Table:
		return fmt.Sprintf("printed numbers = %s", c.FormulaText)
	case claim.Probability:
		q := strings.Join(c.Queries, ", ")
		if len(c.Queries) > 2 {
			q = fmt.Sprintf("%s … %s (%d queries)", c.Queries[0], c.Queries[len(c.Queries)-1], len(c.Queries))
		}
		return fmt.Sprintf("exact %s %s %s", q, c.Relation, c.FormulaText)
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

// Job is one entry of the report to produce: a registered claim to
// check, or a catalog claim no algorithm registers (UNCHECKED, or judged
// by its reproduction).
type Job struct {
	claims.Target
	// repro, when set, checks the unregistered catalog entry through
	// `electlab reproduce` (reproduce/judge), with the tables of
	// cache (nil: none shared).
	repro *judge.Claim
	cache *reproduce.Cache
}

// Plan lists the report's entries (of reg's claims) in report order (claims.Walk): every
// catalog claim, in catalog order, once per algorithm that registers it
// (or once, UNCHECKED with the reason or judged by its reproduction, when
// none does), then the claims found in the seeds beyond the catalog;
// filtered by -claim and -algo.
func Plan(reg claim.Registry, claimID, algo string) []Job {
	var jobs []Job
	for _, t := range claims.Walk(reg, claimID, algo) {
		j := Job{Target: t}
		if t.Reg == nil {
			j.repro = judge.For(t.Entry.ID)
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// reproEntry is the entry of catalog claim ce, checked by reproducing its
// table (rc's judge, with the engine's seed).
func reproEntry(rc *judge.Claim, ce *claim.CatalogEntry, seed uint64, cache *reproduce.Cache) Entry {
	r := rc.Judge(seed, cache)
	return Entry{ID: rc.ID, Algorithm: "reproduce " + rc.Paper, Source: ce.Source, Says: ce.Title, Formal: rc.Rule(),
		Kind: "table", Claimed: r.Claimed, Verdict: r.Verdict, Summary: r.Summary, Rows: r.Rows}
}

// run checks the job's claim (or states why it is UNCHECKED).
func (j Job) run(eng *claims.Engine) Entry {
	if j.Reg == nil && j.repro != nil {
		return reproEntry(j.repro, j.Entry, eng.Seed, j.cache)
	}
	if j.Reg == nil {
		ce := j.Entry
		return Entry{ID: ce.ID, Algorithm: "-", Source: ce.Source, Says: ce.Title, Kind: "-", Claimed: "-",
			Verdict: claims.Unchecked, Summary: ce.Pending, Rows: []claims.Row{}}
	}
	return checkEntry(eng, j.Reg.Spec, j.Reg.Claim)
}

// checkEntry checks claim c of spec and returns its report entry.
func checkEntry(eng *claims.Engine, spec model.Spec, c *claim.Claim) Entry {
	res := eng.CheckClaim(spec, c)
	e := Entry{ID: c.ID, Algorithm: spec.Meta().Name, Source: c.Source, Says: c.Says, Formal: c.Formal,
		Kind: c.Kind.String(), Claimed: ClaimedText(c), Verdict: res.Verdict, Summary: res.Summary, Rows: res.Rows,
		claim: c, spec: spec}
	if e.Rows == nil {
		e.Rows = []claims.Row{}
	}
	if c.Kind == claim.Bound {
		e.Accounting = c.Accounting.String()
	}
	e.Unchecked = c.Unchecked
	e.FixedReadings, e.MootReadings = c.FixedReadings, c.MootReadings
	for _, col := range c.Columns {
		if col.NotChecked != "" {
			e.Unchecked = append(e.Unchecked, claim.ClaimPart{Name: col.Name + " column", Why: col.NotChecked})
		}
	}
	return e
}

// WriteDir writes the report directory: every counterexample trace
// with its text and Mermaid renderings (traces/), the plots (plots/),
// report.json, report.md and report.html. Each file is written whole or
// not at all; the same report gives the same bytes.
func WriteDir(dir string, rep *Report, prog *Progress) error {
	for _, sub := range []string{"traces", "plots"} {
		if err := outfile.MkdirAll(filepath.Join(dir, sub)); err != nil {
			return &DirError{Dir: dir, Err: err}
		}
	}
	prog.Phase("wrote trace", countTraces(rep))
	for ci := range rep.Claims {
		c := &rep.Claims[ci]
		for ri := range c.Rows {
			ce := c.Rows[ri].Counterexample
			if ce == nil {
				continue
			}
			name := claims.CounterexampleFile(c.ID, c.Algorithm, c.Rows[ri].Variant, ri)
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
	if err := writeComparePlot(dir, rep.Comparison); err != nil {
		return err
	}
	// The section links the rows' plots just drawn.
	rep.Randomized = NewRandomized(rep)
	var js bytes.Buffer
	if err := WriteJSON(&js, rep); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"report.json", js.Bytes()},
		{"report.md", []byte(Markdown(rep))},
		{"report.html", []byte(HTML(rep))},
	} {
		if err := outfile.WriteFile(filepath.Join(dir, f.name), f.data, nil); err != nil {
			return &DirError{Dir: dir, Err: err}
		}
	}
	return nil
}

// pointsText renders per-size measurements: "3:8≤8 4:11≤11".
func pointsText(c *Entry, r *claims.Row) string {
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
	if f := fittedText(c, r); f != "" {
		s += "; " + f
	}
	if c.Kind == "growth" {
		s += fmt.Sprintf("; fitted exponent %.2f", r.Fit)
		if r.FitNote != "" {
			s += " (" + r.FitNote + ")"
		}
	}
	return s
}

func evidenceText(r *claims.Row) string {
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
	if r.Verdict == claims.Refuted && r.FitNote != "" {
		s = "refuted by the fit: " + r.FitNote + "; " + s
	}
	if r.Unfinished > 0 {
		s += fmt.Sprintf("; %d execution(s) never reached quiescence, so only instantaneous checks apply to them (first: %s)", r.Unfinished, r.UnfinishedWhy)
	}
	if r.Partial != "" && !strings.Contains(r.Coverage, r.Partial) {
		s += "; " + r.Verdict.String() + ": " + r.Partial
	}
	return s
}

// headline summarises an entry's measurement and evidence in two short
// cells for the table.
func headline(c *Entry) (measured, evidence string) {
	if len(c.Rows) == 0 {
		// A claim judged from its parts (or not registered): its summary
		// is its evidence, not a count of executions it did not run.
		return "-", c.Summary
	}
	if c.Verdict == claims.Partial || c.Verdict == claims.Unchecked || (len(c.Parts) > 0 && c.Verdict != c.OwnVerdict) {
		// A verdict decided by a part (the composition rule) is
		// explained by its summary, which names the part first.
		m, _ := headlineMeasured(c)
		return m, c.Summary
	}
	execs, exhaustive := 0, 0
	for i := range c.Rows {
		execs += c.Rows[i].Executions
	}
	for i := range c.Rows {
		r := &c.Rows[i]
		if !r.Decides() {
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
		case r.Arithmetic != "" && r.Verdict != claims.Holds:
			return "-", r.Setting + ": " + r.Arithmetic
		case r.Verdict == claims.Refuted && r.FitNote != "":
			m, _ := headlineMeasured(c)
			return m, fmt.Sprintf("%s, reading %s: %s (%d executions)", r.Setting, r.Variant, r.FitNote, r.Executions)
		}
		_ = exhaustive
	}
	measured, _ = headlineMeasured(c)
	if c.Kind == "table" {
		return measured, fmt.Sprintf("%d printed numbers recomputed", len(c.Rows))
	}
	if c.Kind == "probability" {
		answers := 0
		for _, r := range c.Rows {
			answers += len(r.Answers)
		}
		return measured, fmt.Sprintf("%d exact answers (every scheduler and coin), %d settings x readings", answers, len(c.Rows))
	}
	return measured, fmt.Sprintf("%d executions, %d settings x readings", execs, len(c.Rows))
}

// headlineMeasured is the largest measured value of the first row with
// points ("-" when none).
func headlineMeasured(c *Entry) (measured string, ok bool) {
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

// Text renders the report as the plain-text table `claims` prints.
func Text(rep *Report) string {
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
		if c.Verdict == claims.Unchecked && len(c.Rows) == 0 {
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
			if r.Evidence {
				outside += " [" + EvidenceLabel + "]"
			}
			fmt.Fprintf(&b, "  - %s, reading %s, %s: %s%s\n", r.Setting, r.Variant, r.Model, r.Verdict, outside)
			if pt := pointsText(&c, r); pt != "-" {
				fmt.Fprintf(&b, "      measured: %s\n", pt)
			}
			fmt.Fprintf(&b, "      evidence: %s\n", evidenceText(r))
		}
	}
	if rep.Randomized != nil {
		b.WriteString(rep.Randomized.Text())
	}
	if rep.Comparison != nil {
		b.WriteString(rep.Comparison.Text())
	}
	return b.String()
}

// countsText renders the verdict counts: "59 HOLDS, 2 PARTIAL, …".
func countsText(v *VerdictCounts) string {
	return fmt.Sprintf("%d HOLDS, %d PARTIAL, %d REFUTED, %d INCONSISTENT, %d AMBIGUOUS, %d UNCHECKED",
		v.Holds, v.Partial, v.Refuted, v.Inconsistent, v.Ambiguous, v.Unchecked)
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// Markdown renders the report as Markdown (`claims -md`, report.md).
func Markdown(rep *Report) string {
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
			if r.Evidence {
				setting += " *(" + EvidenceLabel + ")*"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", mdEscape(setting), mdEscape(r.Variant), r.Model, r.Verdict, mdEscape(pointsText(&c, r)), mdEscape(evidenceText(r)))
		}
	}
	if rep.Randomized != nil {
		b.WriteString(rep.Randomized.Markdown())
	}
	if rep.Comparison != nil {
		b.WriteString(rep.Comparison.Markdown())
	}
	return b.String()
}

// JudgeFromParts applies the composition rule (claims.Compose) to the
// report's entries: an entry whose claim has parts in the same report
// (registered claims "ID.part", at any depth: C-KAB-5.P2P, C-FCEABR-1.speed,
// C-KAB-3.I.BCAST1) gets the worst of its own verdict and every
// part's own verdict (the parts that are readings of one sentence judged
// together: AMBIGUOUS when they disagree), keeps its own as OwnVerdict and
// lists its parts (Parts); its summary begins with the composition. A catalog claim no
// algorithm registers whole has no own verdict: it gets the worst of its
// parts. An unregistered entry whose parts are not in the report (a -algo
// filter) stays UNCHECKED.
func JudgeFromParts(entries []Entry) []Entry {
	own := make([]claims.Verdict, len(entries))
	for i := range entries {
		own[i] = entries[i].Verdict
	}
	for i := range entries {
		e := &entries[i]
		var parts []claims.PartVerdict
		for k, p := range entries {
			if claims.IsPartOf(p.ID, e.ID) {
				pv := claims.PartVerdict{ID: p.ID, Algorithm: p.Algorithm, Verdict: own[k]}
				if p.claim != nil {
					pv.Reading = p.claim.Reading
				}
				parts = append(parts, pv)
			}
		}
		if len(parts) == 0 {
			continue
		}
		registered := e.claim != nil || e.Algorithm != "-"
		var mine claims.Own
		if registered {
			mine.Verdict = own[i]
			if e.claim != nil {
				mine.Reading = e.claim.Reading
			}
		}
		v, line := claims.Compose(e.ID, mine, parts)
		e.Parts = parts
		if registered {
			e.OwnVerdict = own[i]
			e.Summary = line + "; own rows: " + e.Summary
		} else {
			e.Summary = "judged from its parts in this report: " + line
		}
		e.Verdict = v
	}
	return entries
}

// DirError is a failure to create or write the report directory Dir (the
// CLI's -out): a problem with the user's input, not with the report.
type DirError struct {
	Dir string
	Err error
}

// Error reads "-out DIR: cause", as the CLI prints it.
func (e *DirError) Error() string { return fmt.Sprintf("-out %s: %v", e.Dir, e.Err) }

// Unwrap returns the cause.
func (e *DirError) Unwrap() error { return e.Err }

// WriteJSON writes v as indented JSON and a newline, as every JSON output
// of electlab is written (render.WriteJSON).
func WriteJSON(w io.Writer, v any) error { return render.WriteJSON(w, v) }

// SetCache makes the job take the reproduced tables it needs from cache
// (computing those missing into it), so tables are shared between jobs.
func (j *Job) SetCache(cache *reproduce.Cache) { j.cache = cache }
