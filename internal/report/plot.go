package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/outfile"
)

// Plots of the report directory (docs/REPORT.md, "Plots"): one per row of
// a Bound or Growth claim that has measured points, named
// plots/CLAIM-ALGO-ROW.svg (ROW 1-based, as for counterexample traces),
// and one per Table claim, plots/CLAIM-ALGO-table.svg; each also as .png.
// Both are pure functions of the report: gonum's SVG and PNG backends
// write no timestamp and embed their fonts, so the same report gives the
// same bytes.
//
// The drawing itself is package cli/plots (gonum), which registers its
// Drawer with SetDrawer when it is imported: cmd/electlab imports it; a
// program of a user's own built on cli.Main draws the plots only if it
// imports cli/plots too, so that a library user does not pull gonum.
// Without a Drawer a report directory has no plots (HasDrawer; the
// claims command says so).

// Drawer draws the report's plots (cli/plots). Each returns nil when
// there is nothing to draw.
type Drawer interface {
	// Row draws row ri of a Bound or Growth claim.
	Row(c *Entry, ri int) (Figure, error)
	// Table draws a Table claim.
	Table(c *Entry) (Figure, error)
	// Compare draws the comparison of ring elections.
	Compare(cmp *Comparison) (Figure, error)
}

// Figure is a drawn plot.
type Figure interface {
	// Render writes the plot in format ext ("svg" or "png").
	Render(ext string) ([]byte, error)
}

// drawer is the registered Drawer (nil: no plots).
var drawer Drawer

// HasDrawer tells whether a Drawer is registered: without one, WriteDir
// writes no plots.
func HasDrawer() bool { return drawer != nil }

// SetDrawer registers d as the report's plot drawer; cli/plots calls it
// when imported. It is meant for package initialization, before any
// report is written.
func SetDrawer(d Drawer) { drawer = d }

// Claim is the registered claim of the entry (nil for an UNCHECKED
// catalog entry).
func (c *Entry) Claim() *claim.Claim { return c.claim }

// Cell shortens s to at most n runes, ending with "…" when cut.
func Cell(s string, n int) string { return cell(s, n) }

// plotFormats are the formats every plot is written in.
var plotFormats = []string{"svg", "png"}

// plotStem is the file name, without extension, of the plot of row
// (0-based) of claim for algo, or of a Table claim's plot when row < 0.
func plotStem(claim, algo string, row int) string {
	if row < 0 {
		return fmt.Sprintf("%s-%s-table", claim, algo)
	}
	return fmt.Sprintf("%s-%s-%d", claim, algo, row+1)
}

// plotPath is the report-relative path of a plot stem in format ext.
func plotPath(stem, ext string) string { return "plots/" + stem + "." + ext }

// writePlots draws every plot of rep under dir/plots and records the
// plots of each entry (Plots, rowPlots, tablePlot). The plots are built
// in report order, rendered on every CPU (each rendering depends only on
// its plot) and written in report order.
func writePlots(dir string, rep *Report, prog *Progress) error {
	type plotFile struct {
		stem string
		p    Figure
		data [][]byte // per plotFormats
		err  error
	}
	var files []*plotFile
	for ci := range rep.Claims {
		c := &rep.Claims[ci]
		c.Plots, c.rowPlots, c.tablePlot = nil, make([]string, len(c.Rows)), ""
		if drawer == nil {
			continue
		}
		add := func(stem string, p Figure, err error) error {
			if err != nil {
				return fmt.Errorf("plot %s: %v", stem, err)
			}
			if p != nil {
				files = append(files, &plotFile{stem: stem, p: p})
				c.Plots = append(c.Plots, plotPath(stem, "svg"))
			}
			return nil
		}
		switch c.Kind {
		case "bound", "growth", "probability":
			for ri := range c.Rows {
				stem := plotStem(c.ID, c.Algorithm, ri)
				p, err := drawer.Row(c, ri)
				if err := add(stem, p, err); err != nil {
					return err
				}
				if p != nil {
					c.rowPlots[ri] = stem
				}
			}
		case "table":
			stem := plotStem(c.ID, c.Algorithm, -1)
			p, err := drawer.Table(c)
			if err := add(stem, p, err); err != nil {
				return err
			}
			if p != nil {
				c.tablePlot = stem
			}
		}
	}
	tasks := make([]Task, len(files))
	for i, f := range files {
		tasks[i] = Task{label: f.stem, run: func() {
			for _, ext := range plotFormats {
				data, err := f.p.Render(ext)
				if err != nil {
					f.err = fmt.Errorf("plot %s.%s: %v", f.stem, ext, err)
					return
				}
				f.data = append(f.data, data)
			}
		}}
	}
	prog.Phase("rendered plot", len(tasks))
	RunTasks(tasks, Workers(), prog)
	for _, f := range files {
		if f.err != nil {
			return f.err
		}
		for k, ext := range plotFormats {
			if err := outfile.WriteFile(filepath.Join(dir, filepath.FromSlash(plotPath(f.stem, ext))), f.data[k], nil); err != nil {
				return &DirError{Dir: dir, Err: err}
			}
		}
	}
	return nil
}

// plotCaption describes a row's plot for the HTML report.
func plotCaption(c *Entry, ri int) string {
	if ri < 0 {
		return fmt.Sprintf("%s (%s): each printed number (cross) against the paper's formula %s at the same parameters (ring); red crosses differ.", c.ID, c.Algorithm, c.claim.FormulaText)
	}
	r := &c.Rows[ri]
	parts := []string{fmt.Sprintf("Row %d: %s, reading %s (%s).", ri+1, r.Setting, r.Variant, r.Model)}
	if c.claim != nil && c.claim.Kind == claim.Probability {
		parts = append(parts, "The exact answer of each query against its bound L (one mark per size and query), and the paper's formula at the same L (ring); red marks violate the claim.")
	} else if c.claim != nil && c.claim.Kind == claim.Growth {
		parts = append(parts, fmt.Sprintf("The %s measured per n; the dashed curves c·%s (claimed order) and c·n^%.2f%s (fitted on the upper half of the sizes) pass through the largest point.", c.claim.Stat, c.claim.OrderText(), r.Fit, LogSuffix(c.claim.LogOrder)))
		if len(r.Points) > 0 && r.Points[0].Claimed != "" {
			parts = append(parts, "The solid line is the paper's reference "+c.claim.FormulaText+" at the parameters of each worst case.")
		}
	} else {
		parts = append(parts, "Measured value per n against the claimed formula at the parameters of the case that gave it; red points violate the claim.")
	}
	if r.Verdict != claims.Holds {
		parts = append(parts, "Verdict "+r.Verdict.String()+".")
	}
	return strings.Join(parts, " ")
}

// LogSuffix renders a Growth claim's log factor after a power of n.
func LogSuffix(k int) string {
	switch k {
	case 0:
		return ""
	case 1:
		return "·log n"
	}
	return fmt.Sprintf("·(log n)^%d", k)
}
