package report

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/electlab/electlab/checker/claims"
)

// The HTML report (report.html in the -out directory): one static page,
// its CSS inline, no script, no font and nothing else fetched from the
// network (a Content-Security-Policy forbids it); the plots and traces it
// links are relative files of the same directory. docs/REPORT.md
// describes what it shows.

// htmlReport is the data of the HTML template.
type htmlReport struct {
	// Program is the command whose replay the footer names
	// (Report.Program: a user's own program replays its algorithms).
	Program string
	Seed    uint64
	Cases   int
	Counts  []htmlCount
	Total   int
	Entries []htmlEntry
	// Compare is the ring algorithms' comparison (nil when absent).
	Compare *htmlCompare
	// Randomized is the randomized elections section (nil when absent).
	Randomized *htmlRandomized
}

type htmlCount struct {
	Verdict, Class string
	N              int
}

type htmlEntry struct {
	Anchor, ID, Algorithm, Source, Says, Formal, Kind, Claimed, Accounting string
	Verdict, Class, Summary, Measured, Evidence                            string
	// Traces are the counterexample traces of the entry's rows; CellTraces
	// the first of them (cellTraces), each labelled, that the claims
	// table's evidence cell links, and MoreTraces how many it leaves to
	// the entry's section.
	Traces     []htmlTrace
	CellTraces []htmlTrace
	MoreTraces int
	Rows       []htmlRow
	// Table is the plot of a Table claim.
	Table *htmlPlot
	// NoRows: an UNCHECKED entry without any row (not modelled yet).
	NoRows bool
}

type htmlRow struct {
	Num                                           int
	Setting, Variant, Model, Verdict, Class       string
	Outside, Evidence                             bool
	Points, Coverage, Arithmetic, Unfinished, Fit string
	Executions                                    int
	CE                                            *htmlTrace
	Plot                                          *htmlPlot
}

type htmlTrace struct {
	Row                          int
	N, Events                    int
	Config, Property, Message    string
	Setting                      string // shortened for the evidence cell
	JSON, Text, Mermaid, Reading string
	// SVG and ShiViz are the space-time diagram and the ShiViz log.
	SVG, ShiViz string
}

type htmlPlot struct {
	SVG, PNG, Alt, Caption string
}

// verdictClass is the CSS class of a verdict's colour.
func verdictClass(v claims.Verdict) string {
	switch v {
	case claims.Holds, claims.Partial, claims.Refuted, claims.Inconsistent, claims.Ambiguous:
		return "v-" + strings.ToLower(v.String())
	}
	return "v-unchecked"
}

// entryAnchor is the id of an entry's section: the claim ID, and the
// algorithm when there is one (C-RING1-7 is registered twice).
func entryAnchor(c *Entry) string {
	a := "claim-" + c.ID
	if c.Algorithm != "-" && c.Algorithm != "" {
		a += "-" + c.Algorithm
	}
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, a)
}

func newHTMLPlot(stem, alt, caption string) *htmlPlot {
	if stem == "" {
		return nil
	}
	return &htmlPlot{SVG: plotPath(stem, "svg"), PNG: plotPath(stem, "png"), Alt: alt, Caption: caption}
}

// cellTraces is how many counterexample traces the claims table's
// evidence cell links; the rest are counted ("… and N more") and linked
// from the entry's section.
const cellTraces = 3

// htmlData turns the report into the template's data.
func htmlData(rep *Report) *htmlReport {
	v := rep.Verdicts
	prog := rep.Program
	if prog == "" {
		prog = "electlab"
	}
	d := &htmlReport{Program: prog, Seed: rep.Seed, Cases: rep.Cases, Total: len(rep.Claims), Compare: rep.Comparison.html(), Randomized: rep.Randomized.html()}
	for _, c := range []struct {
		v claims.Verdict
		n int
	}{{claims.Holds, v.Holds}, {claims.Partial, v.Partial}, {claims.Refuted, v.Refuted}, {claims.Inconsistent, v.Inconsistent}, {claims.Ambiguous, v.Ambiguous}, {claims.Unchecked, v.Unchecked}} {
		d.Counts = append(d.Counts, htmlCount{Verdict: c.v.String(), Class: verdictClass(c.v), N: c.n})
	}
	for ci := range rep.Claims {
		c := &rep.Claims[ci]
		m, ev := headline(c)
		e := htmlEntry{Anchor: entryAnchor(c), ID: c.ID, Algorithm: c.Algorithm, Source: c.Source, Says: c.Says, Formal: c.Formal,
			Kind: c.Kind, Claimed: c.Claimed, Accounting: c.Accounting, Verdict: c.Verdict.String(), Class: verdictClass(c.Verdict),
			Summary: c.Summary, Measured: m, Evidence: ev, NoRows: len(c.Rows) == 0}
		if c.tablePlot != "" {
			e.Table = newHTMLPlot(c.tablePlot, c.ID+" "+c.Algorithm+": printed numbers against the formula", plotCaption(c, -1))
		}
		for ri := range c.Rows {
			r := &c.Rows[ri]
			hr := htmlRow{Num: ri + 1, Setting: r.Setting, Variant: r.Variant, Model: r.Model, Verdict: r.Verdict.String(),
				Class: verdictClass(r.Verdict), Outside: r.Outside, Evidence: r.Evidence, Points: pointsText(c, r), Coverage: r.Coverage,
				Arithmetic: r.Arithmetic, Executions: r.Executions}
			if r.Unfinished > 0 {
				hr.Unfinished = fmt.Sprintf("%d execution(s) never reached quiescence, so only instantaneous checks apply to them (first: %s)", r.Unfinished, r.UnfinishedWhy)
			}
			if ce := r.Counterexample; ce != nil {
				t := &htmlTrace{Row: ri + 1, N: ce.N, Events: len(ce.Events), Reading: r.Variant, Setting: cell(r.Setting, 40)}
				if ce.Config != nil {
					t.Config = ce.Config.String()
				}
				if ce.Violation != nil {
					t.Property, t.Message = ce.Violation.Property, ce.Violation.Message
				}
				if ce.TracePath != "" {
					t.JSON = ce.TracePath
					t.Text = renderingPath(ce.TracePath, ".txt")
					t.Mermaid = renderingPath(ce.TracePath, ".mmd")
					t.SVG = renderingPath(ce.TracePath, ".svg")
					t.ShiViz = renderingPath(ce.TracePath, ".shiviz.log")
				}
				hr.CE = t
				e.Traces = append(e.Traces, *t)
			}
			if ri < len(c.rowPlots) && c.rowPlots[ri] != "" {
				hr.Plot = newHTMLPlot(c.rowPlots[ri], fmt.Sprintf("%s %s row %d: measured against claimed over n", c.ID, c.Algorithm, ri+1), plotCaption(c, ri))
			}
			e.Rows = append(e.Rows, hr)
		}
		for _, t := range e.Traces {
			if t.JSON == "" {
				continue
			}
			if len(e.CellTraces) == cellTraces {
				e.MoreTraces++
				continue
			}
			e.CellTraces = append(e.CellTraces, t)
		}
		d.Entries = append(d.Entries, e)
	}
	return d
}

// HTML renders the report as one static HTML page.
func HTML(rep *Report) string {
	var b strings.Builder
	if err := htmlTemplate.Execute(&b, htmlData(rep)); err != nil {
		// The template and its data are the program's own: a failure
		// is a bug.
		panic(fmt.Sprintf("report.html: %v", err))
	}
	return b.String()
}

var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{"lower": strings.ToLower}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'">
<title>electlab claims report</title>
<link rel="icon" href="data:,">
<style>
:root { --holds: #1b7f3b; --partial: #5f8f3b; --refuted: #c62828; --inconsistent: #d96c00; --ambiguous: #6a3fa0; --unchecked: #6b6b6b; --line: #d0d4da; --soft: #f5f6f8; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1400px; padding: 1.2em 1.6em 4em; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1d2129; background: #fff; }
h1 { font-size: 1.7em; margin: 0.2em 0; }
h2 { font-size: 1.25em; margin: 0; }
td.id { white-space: nowrap; }
a { color: #1f4e9a; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
.lede { color: #444; max-width: 60em; }
.counts { display: flex; flex-wrap: wrap; gap: 0.6em; margin: 1em 0; padding: 0; list-style: none; }
.counts li { border: 1px solid var(--line); border-radius: 6px; padding: 0.4em 0.9em; background: var(--soft); }
.counts b { font-size: 1.3em; margin-right: 0.3em; }
.verdict { display: inline-block; padding: 0.05em 0.55em; border-radius: 4px; color: #fff; font-weight: 600; font-size: 0.85em; letter-spacing: 0.02em; white-space: nowrap; }
.v-holds { background: var(--holds); } .v-partial { background: var(--partial); } .v-refuted { background: var(--refuted); } .v-inconsistent { background: var(--inconsistent); }
.v-ambiguous { background: var(--ambiguous); } .v-unchecked { background: var(--unchecked); }
tr.v-row-holds td.vcell { border-left: 4px solid var(--holds); } tr.v-row-partial td.vcell { border-left: 4px solid var(--partial); } tr.v-row-refuted td.vcell { border-left: 4px solid var(--refuted); }
tr.v-row-inconsistent td.vcell { border-left: 4px solid var(--inconsistent); } tr.v-row-ambiguous td.vcell { border-left: 4px solid var(--ambiguous); }
tr.v-row-unchecked td.vcell { border-left: 4px solid var(--unchecked); }
table { border-collapse: collapse; width: 100%; margin: 0.6em 0 1em; }
th, td { border: 1px solid var(--line); padding: 0.35em 0.55em; vertical-align: top; text-align: left; }
th { background: var(--soft); font-weight: 600; }
td.evidence, td.points, td.coverage { font-size: 0.88em; }
.legend td { font-size: 0.9em; }
section.claim { border: 1px solid var(--line); border-radius: 8px; padding: 0.9em 1.1em; margin: 1.2em 0; }
section.claim.unchecked-only { padding: 0.5em 1.1em; }
section.claim header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.6em; }
blockquote { margin: 0.6em 0; padding: 0.2em 0.9em; border-left: 4px solid var(--line); color: #333; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1em; margin: 0.5em 0; }
dt { font-weight: 600; color: #444; }
dd { margin: 0; }
.outside { color: #8a5a00; font-style: italic; }
figure { margin: 0.8em 0; display: inline-block; max-width: 100%; vertical-align: top; }
figure img { width: 576px; max-width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
figcaption { font-size: 0.85em; color: #444; max-width: 576px; }
.ce { background: #fff5f5; border: 1px solid #f0c8c8; border-radius: 6px; padding: 0.3em 0.6em; margin-top: 0.3em; }
.toplink { font-size: 0.85em; margin-left: auto; }
footer { margin-top: 3em; color: #666; font-size: 0.85em; }
</style>
</head>
<body>
<header id="top">
<h1>electlab claims report</h1>
<p class="lede">Every claim of the catalog with the verdict the tool computes: claimed values are the papers' formulas evaluated in code, measured values come from running the models. Seed {{.Seed}}; {{.Cases}} random cases per size beyond exhaustive enumeration. {{.Total}} entries.</p>
<ul class="counts" id="counts">
{{- range .Counts}}
<li><b>{{.N}}</b><span class="verdict {{.Class}}">{{.Verdict}}</span></li>
{{- end}}
</ul>
<table class="legend">
<tr><td><span class="verdict v-holds">HOLDS</span></td><td>no execution violates the check within the paper's assumptions, and every part of the claim was checked by executions that reached it (coverage in each row)</td></tr>
<tr><td><span class="verdict v-partial">PARTIAL</span></td><td>every part checked holds, but the coverage is partial: a part of the claim (a table column, a sub-statement) is not checked, or executions stopped at the step cap before the termination promised was decided; the rows say which</td></tr>
<tr><td><span class="verdict v-refuted">REFUTED</span></td><td>an execution violates it: the shrunk counterexample is linked (trace, step table, Mermaid diagram)</td></tr>
<tr><td><span class="verdict v-inconsistent">INCONSISTENT</span></td><td>the paper's printed numbers differ from its own formula, whatever the simulation gives: the arithmetic, row by row (REFUTED is the model disagreeing with the paper)</td></tr>
<tr><td><span class="verdict v-ambiguous">AMBIGUOUS</span></td><td>the verdict depends on a named reading of the text: one verdict per reading</td></tr>
<tr><td><span class="verdict v-unchecked">UNCHECKED</span></td><td>not checked, with the reason (also: no execution reached the checked point)</td></tr>
</table>
</header>
<main>
<h2 id="summary">Claims</h2>
<table id="claims">
<thead><tr><th>Claim</th><th>Algorithm</th><th>Source</th><th>Claimed</th><th>Measured (largest n)</th><th>Verdict</th><th>Evidence</th></tr></thead>
<tbody>
{{- range .Entries}}
<tr class="claim-row v-row-{{lower .Verdict}}" data-claim="{{.ID}}" data-algorithm="{{.Algorithm}}" data-verdict="{{.Verdict}}">
<td class="id"><a href="#{{.Anchor}}">{{.ID}}</a></td><td>{{.Algorithm}}</td><td>{{.Source}}</td><td>{{.Claimed}}</td><td>{{.Measured}}</td>
<td class="vcell"><span class="verdict {{.Class}}">{{.Verdict}}</span></td>
<td class="evidence">{{.Evidence}}{{range .CellTraces}}<br><a href="{{.JSON}}">row {{.Row}} trace</a>: {{.Property}}, n={{.N}}, {{.Setting}}{{if and .Reading (ne .Reading "-")}}, reading {{.Reading}}{{end}} (<a href="{{.Text}}">steps</a>, <a href="{{.Mermaid}}">mermaid</a>){{end}}{{if .MoreTraces}}<br>… and {{.MoreTraces}} more (<a href="#{{.Anchor}}">in the claim's section</a>){{end}}</td>
</tr>
{{- end}}
</tbody>
</table>
{{range .Entries}}
<section class="claim{{if .NoRows}} unchecked-only{{end}}" id="{{.Anchor}}" data-claim="{{.ID}}" data-algorithm="{{.Algorithm}}">
<header><h2>{{.ID}}{{if ne .Algorithm "-"}} <span class="mono">({{.Algorithm}})</span>{{end}}</h2> <span class="verdict {{.Class}}">{{.Verdict}}</span><a class="toplink" href="#summary">back to the table</a></header>
{{- if .NoRows}}
<p>{{.Says}} — {{.Source}}. <b>Why unchecked:</b> {{.Summary}}</p>
{{- else}}
<p>{{.Summary}}</p>
<blockquote>{{.Says}}<br>— {{.Source}}</blockquote>
<dl>
<dt>Checked</dt><dd>{{.Formal}}</dd>
<dt>Claimed</dt><dd>{{.Claimed}}</dd>
<dt>Kind</dt><dd>{{.Kind}}{{if .Accounting}}, accounting {{.Accounting}}{{end}}</dd>
</dl>
<table class="rows">
<thead><tr><th>#</th><th>Setting</th><th>Reading</th><th>Model</th><th>Verdict</th><th>Measured</th><th>Coverage</th><th>Counterexample</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr class="row v-row-{{lower .Verdict}}">
<td>{{.Num}}</td><td>{{.Setting}}{{if .Outside}} <span class="outside">(outside the paper's assumptions; informative, does not decide the verdict)</span>{{end}}{{if .Evidence}} <span class="outside">(` + EvidenceLabel + `)</span>{{end}}</td>
<td>{{.Variant}}</td><td>{{.Model}}</td><td class="vcell"><span class="verdict {{.Class}}">{{.Verdict}}</span></td>
<td class="points">{{if .Arithmetic}}{{.Arithmetic}}{{else}}{{.Points}}{{end}}</td>
<td class="coverage">{{.Executions}} executions; {{.Coverage}}{{if .Unfinished}}<br>{{.Unfinished}}{{end}}</td>
<td>{{with .CE}}<div class="ce">n={{.N}}, {{.Events}} events{{if .Config}}, <span class="mono">{{.Config}}</span>{{end}}: <b>{{.Property}}</b> — {{.Message}}{{if .JSON}}<br><a href="{{.JSON}}">trace (JSON)</a> · <a href="{{.Text}}">step table</a> · <a href="{{.Mermaid}}">Mermaid diagram</a> · <a href="{{.SVG}}">space-time diagram</a> · <a href="{{.ShiViz}}">ShiViz log</a>{{end}}</div>{{else}}—{{end}}</td>
</tr>
{{- end}}
</tbody>
</table>
{{- with .Table}}
<figure class="plot"><a href="{{.SVG}}"><img class="plot" src="{{.SVG}}" alt="{{.Alt}}" width="576" height="384"></a><figcaption>{{.Caption}} <a href="{{.PNG}}">PNG</a></figcaption></figure>
{{- end}}
{{- range .Rows}}{{with .Plot}}
<figure class="plot"><a href="{{.SVG}}"><img class="plot" src="{{.SVG}}" alt="{{.Alt}}" width="576" height="384"></a><figcaption>{{.Caption}} <a href="{{.PNG}}">PNG</a></figcaption></figure>
{{- end}}{{end}}
{{- range .Rows}}{{with .CE}}{{if .SVG}}
<figure class="trace"><div style="overflow-x:auto"><a href="{{.SVG}}"><img class="diagram" src="{{.SVG}}" alt="space-time diagram of the counterexample of row {{.Row}}"></a></div><figcaption>Row {{.Row}}: the counterexample as a space-time diagram (n={{.N}}, {{.Events}} events, violation of {{.Property}} marked). <a href="{{.ShiViz}}">ShiViz log</a></figcaption></figure>
{{- end}}{{end}}{{end}}
{{- end}}
</section>
{{- end}}
{{- with .Randomized}}
<section class="randomized" id="randomized">
<header><h2>Randomized elections</h2><a class="toplink" href="#summary">back to the table</a></header>
<p>{{.Lede}}</p>
{{- range .Claims}}
<h3><a href="#{{.Anchor}}">{{.Line}}</a> <span class="verdict {{.Class}}">{{.Verdict}}</span></h3>
{{- if .Rows}}
<table class="rows answers">
<thead><tr><th>Row</th><th>n</th><th>Variant</th><th>Ids</th><th>States</th><th>Query</th><th>Min</th><th>Max</th><th>Formula</th><th>Agrees</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr class="{{if .Agrees}}v-row-holds{{else}}v-row-refuted{{end}}"><td>{{.Row}}</td><td>{{.N}}</td><td>{{.Variant}}</td><td>{{.IDs}}</td><td>{{.States}}</td><td class="mono">{{.Query}}</td><td>{{.Min}}</td><td>{{.Max}}</td><td>{{.Claimed}}</td><td class="vcell">{{.Agr}}</td></tr>
{{- end}}
</tbody>
</table>
{{- else}}
<p>No exact answer in this run (see the claim's rows).</p>
{{- end}}
{{- range .Plots}}
<figure class="plot-ref"><a href="{{.}}"><img class="plot-ref" src="{{.}}" alt="the exact answers against L" width="576" height="384"></a><figcaption>The exact answers against L, as drawn for the claim's row (<a href="{{.}}">{{.}}</a>).</figcaption></figure>
{{- end}}
{{- end}}
<h3>Against PRISM</h3>
<p>{{.Paragraph}}</p>
<table class="rows prism">
<thead><tr><th>(N, K)</th><th>PRISM states ({{.Source}})</th><th>electlab states</th></tr></thead>
<tbody>
{{- range .PRISM}}
<tr><td>({{.N}}, {{.K}})</td><td>{{.PRISM}}</td><td>{{.Electlab}}</td></tr>
{{- end}}
</tbody>
</table>
</section>
{{- end}}
{{- with .Compare}}
<section class="comparison" id="comparison">
<header><h2>Ring algorithms compared</h2><a class="toplink" href="#summary">back to the table</a></header>
<p>Messages per election, {{.Setting}}.</p>
{{- with .Plot}}
<figure class="plot"><a href="{{.SVG}}"><img class="plot" src="{{.SVG}}" alt="{{.Alt}}" width="576" height="384"></a><figcaption>{{.Caption}} <a href="{{.PNG}}">PNG</a></figcaption></figure>
{{- end}}
<table class="rows">
<thead><tr><th>Algorithm</th>{{range .Sizes}}<th>n={{.}} (min / mean / max)</th>{{end}}</tr></thead>
<tbody>
{{- range .Rows}}
<tr><td class="mono">{{.Algorithm}}</td>{{range .Cells}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
{{- with .Worst}}
<p>Exact worst case at small n: {{$.Compare.WorstSetting}}.</p>
<table class="rows">
<thead><tr><th>Algorithm</th><th>Sizes</th><th>Worst case (max messages)</th><th>Closed form</th></tr></thead>
<tbody>
{{- range .}}
<tr><td class="mono">{{.Algorithm}}</td><td>{{.Sizes}}</td><td>{{.Maxima}}</td><td>{{.Form}}</td></tr>
{{- end}}
</tbody>
</table>
{{- end}}
</section>
{{- end}}
</main>
<footer>Generated by <code>{{.Program}} claims -out</code>. The same seed gives the same bytes. Traces replay with <code>{{.Program}} replay FILE</code>.</footer>
</body>
</html>
`))
