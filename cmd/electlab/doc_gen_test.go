package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/electlab/electlab/reproduce"
)

// The generated sections of docs/REPRODUCE.md: each reproduced table as
// Markdown (`reproduce-PAPER-TABLE`), from the same runs as
// `electlab reproduce -paper PAPER` (seed 1, the paper's repetitions).
func init() {
	for _, p := range reproduce.Papers {
		for _, ts := range p.Tables {
			docGenerators["reproduce-"+p.ID+"-"+ts.ID] = func() string { return reproduceTableMD(p.ID, ts.ID) }
		}
	}
}

var (
	reproOnce    = map[string]*sync.Once{}
	reproReports = map[string]*reproduce.Report{}
	reproErrs    = map[string]error{}
	reproMu      sync.Mutex
)

// reproReport runs a paper's reproduction once per test binary.
func reproReport(paper string) (*reproduce.Report, error) {
	reproMu.Lock()
	once, ok := reproOnce[paper]
	if !ok {
		once = new(sync.Once)
		reproOnce[paper] = once
	}
	reproMu.Unlock()
	once.Do(func() {
		p, err := reproduce.Lookup(paper)
		if err == nil {
			reproReports[paper], err = reproduce.Reproduce(p, "", reproduce.Options{Seed: reproduce.DefaultSeed})
		}
		reproErrs[paper] = err
	})
	return reproReports[paper], reproErrs[paper]
}

// mdNum prints a number as the reproduce report does: at most three
// decimals, no trailing zeros.
func mdNum(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Sprint(v)
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

// reproduceTableMD renders one reproduced table: a Markdown table of the
// rows (printed values, formulas, the mean of each reading; one column per
// reading when every row has the same readings, else one line per row and
// reading with S_x, S_x̄ and min..max, also when the paper prints a
// standard deviation) and the tool's findings. The
// figures' rows (one per FPN) are left out: their findings say it.
func reproduceTableMD(paper, table string) string {
	rep, err := reproReport(paper)
	if err != nil {
		return "reproduce failed: " + err.Error()
	}
	var t *reproduce.Table
	for _, x := range rep.Tables {
		if x.ID == table {
			t = x
		}
	}
	if t == nil {
		return "no table " + table
	}
	var b strings.Builder
	cell := func(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
	printed := func(r reproduce.Row) string {
		var ps []string
		for _, p := range r.Printed {
			s := p.Column + " " + p.Text
			if _, err := strconv.ParseFloat(p.Text, 64); err != nil && p.Text != p.Exact && p.Text != mdNum(p.Float) {
				s += " = " + mdNum(p.Float)
			}
			ps = append(ps, s)
		}
		if len(ps) == 0 {
			return "none"
		}
		return strings.Join(ps, "; ")
	}
	formulas := func(r reproduce.Row) string {
		var fs []string
		for _, f := range r.Formulas {
			fs = append(fs, f.Column+" = "+mdNum(f.Float))
		}
		return strings.Join(fs, "; ")
	}
	fmt.Fprintf(&b, "%s (%d runs per row; `electlab reproduce -paper %s -table %s`):\n\n", t.Title, t.Runs, paper, t.ID)
	uniform := len(t.Rows) > 0
	var readings []string
	for i, r := range t.Rows {
		var names []string
		for _, m := range r.Measured {
			names = append(names, m.Reading)
		}
		if i == 0 {
			readings = names
		} else if !slices.Equal(names, readings) {
			uniform = false
		}
		for _, p := range r.Printed {
			if p.Column == "SD" {
				uniform = false // the spread is what the table is about
			}
		}
	}
	switch {
	case strings.HasPrefix(t.ID, "fig"):
		fmt.Fprintf(&b, "%d rows (FPN = 1..N), one column per reading: %s.\n", len(t.Rows), strings.Join(readings, "; "))
	case uniform:
		b.WriteString("| Row | printed | formula |")
		for _, r := range readings {
			b.WriteString(" " + cell(r) + " |")
		}
		b.WriteString("\n|---|---|---|" + strings.Repeat("---|", len(readings)) + "\n")
		for _, r := range t.Rows {
			fmt.Fprintf(&b, "| %s | %s | %s |", cell(r.Label), cell(printed(r)), cell(formulas(r)))
			for _, m := range r.Measured {
				b.WriteString(" " + mdNum(m.Stats.Mean) + " |")
			}
			b.WriteString("\n")
		}
	default:
		b.WriteString("| Row | printed | formula | reading | mean | S_x | S_x̄ | min..max |\n|---|---|---|---|---|---|---|---|\n")
		for _, r := range t.Rows {
			for i, m := range r.Measured {
				lab, pr, fo := cell(r.Label), cell(printed(r)), cell(formulas(r))
				if i > 0 {
					lab, pr, fo = "", "", ""
				}
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %d..%d |\n", lab, pr, fo, cell(m.Reading),
					mdNum(m.Stats.Mean), mdNum(m.Stats.SD), mdNum(m.Stats.SE), m.Stats.Min, m.Stats.Max)
			}
		}
	}
	if len(t.Findings) > 0 {
		b.WriteString("\nFound by the tool:\n\n")
		for _, f := range t.Findings {
			b.WriteString("* " + f + "\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}
