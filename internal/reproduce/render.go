package reproduce

import (
	"fmt"
	"io"
	"strings"
)

// WriteText renders the report as text: each table with its setup, each
// row's printed and formula values, the measured statistics per reading
// with their differences, the arithmetic notes and the findings.
func WriteText(w io.Writer, rep *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\npaper %s, seed %d\n", rep.Ref, rep.Title, rep.Paper, rep.Seed)
	for _, t := range rep.Tables {
		fmt.Fprintf(&b, "\n== %s ==\nsource: %s\nruns per row: %d\n", t.Title, t.Source, t.Runs)
		for _, s := range t.Setup {
			fmt.Fprintf(&b, "  * %s\n", s)
		}
		if strings.HasPrefix(t.ID, "fig") {
			writeCompact(&b, t)
		} else {
			writeRows(&b, t)
		}
		if len(t.Findings) > 0 {
			b.WriteString("findings:\n")
			for _, f := range t.Findings {
				fmt.Fprintf(&b, "  - %s\n", f)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeRows(b *strings.Builder, t *Table) {
	width := len("reading")
	for _, r := range t.Rows {
		for _, m := range r.Measured {
			width = max(width, len([]rune(m.Reading)))
		}
	}
	pad := func(s string, n int) string {
		if k := len([]rune(s)); k < n {
			return s + strings.Repeat(" ", n-k)
		}
		return s
	}
	for _, r := range t.Rows {
		fmt.Fprintf(b, "\n%s\n", r.Label)
		var ps []string
		for _, p := range r.Printed {
			s := fmt.Sprintf("%s %s", p.Column, p.Text)
			if p.Text != p.Exact && p.Text != num(p.Float) {
				s += " = " + exactText(&p)
			}
			ps = append(ps, s)
		}
		if len(ps) > 0 {
			fmt.Fprintf(b, "  printed: %s\n", strings.Join(ps, "; "))
		} else {
			b.WriteString("  printed: none (the figure is not in the text)\n")
		}
		var fs []string
		for _, f := range r.Formulas {
			fs = append(fs, f.Column+" = "+exactText(&f))
		}
		if len(fs) > 0 {
			fmt.Fprintf(b, "  formula: %s\n", strings.Join(fs, "; "))
		}
		fmt.Fprintf(b, "  %s %10s %12s %9s %9s %7s %7s  %s\n", pad("reading", width), "mean", "S_x²", "S_x", "S_x̄", "min", "max", "mean − printed / formula")
		for _, m := range r.Measured {
			st := m.Stats
			var ds []string
			for _, d := range m.Printed {
				ds = append(ds, diffText(d, false))
			}
			if m.Formula != nil {
				ds = append(ds, diffText(*m.Formula, true))
			}
			fmt.Fprintf(b, "  %s %10s %12s %9s %9s %7d %7d  %s\n", pad(m.Reading, width), num(st.Mean), num(st.Var), num(st.SD), num(st.SE), st.Min, st.Max, strings.Join(ds, "; "))
		}
		for _, n := range r.Notes {
			fmt.Fprintf(b, "  note: %s\n", n)
		}
	}
}

func diffText(d Diff, formula bool) string {
	s := fmt.Sprintf("%s %s", d.Column, signed(d.MeanMinus))
	switch {
	case formula && d.EveryRun:
		s += " (every run equal)"
	case d.MeanEqual:
		s += " (equal)"
	}
	return s
}

// writeCompact renders a figure: one line per row.
func writeCompact(b *strings.Builder, t *Table) {
	if len(t.Rows) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%5s %5s %10s", "N", "FPN", "eq.(1)")
	for _, m := range t.Rows[0].Measured {
		fmt.Fprintf(b, "  %s (mean ± S_x̄)", m.Reading)
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		f := ""
		if len(r.Formulas) > 0 {
			f = num(r.Formulas[0].Float)
		}
		fmt.Fprintf(b, "%5d %5d %10s", r.N, r.FPN, f)
		for _, m := range r.Measured {
			cell := fmt.Sprintf("%s ± %s", num(m.Stats.Mean), num(m.Stats.SE))
			fmt.Fprintf(b, "  %*s", len([]rune(m.Reading))+len(" (mean ± S_x̄)"), cell)
		}
		b.WriteString("\n")
	}
}

// exactText renders v's exact value, followed by its decimal value when
// it is a fraction ("7/2 = 3.5").
func exactText(v *Value) string {
	if strings.Contains(v.Exact, "/") {
		return v.Exact + " = " + num(v.Float)
	}
	return v.Exact
}
