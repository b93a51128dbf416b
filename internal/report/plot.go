package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/model"
)

// Plots of the report directory (docs/REPORT.md, "Plots"): one per row of
// a Bound or Growth claim that has measured points, named
// plots/CLAIM-ALGO-ROW.svg (ROW 1-based, as for counterexample traces),
// and one per Table claim, plots/CLAIM-ALGO-table.svg; each also as .png.
// Both are pure functions of the report: gonum's SVG and PNG backends
// write no timestamp and embed their fonts, so the same report gives the
// same bytes.

// plotW and plotH are the size of every plot.
const (
	plotW = 6 * vg.Inch
	plotH = 4 * vg.Inch
)

// plotFormats are the formats every plot is written in.
var plotFormats = []string{"svg", "png"}

var (
	colMeasured = color.RGBA{R: 0x1f, G: 0x4e, B: 0x9a, A: 0xff} // blue
	colClaimed  = color.RGBA{R: 0xd9, G: 0x6c, B: 0x00, A: 0xff} // orange
	colViolates = color.RGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff} // red
	colFit      = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff} // grey
)

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
		p    *plot.Plot
		data [][]byte // per plotFormats
		err  error
	}
	var files []*plotFile
	for ci := range rep.Claims {
		c := &rep.Claims[ci]
		c.Plots, c.rowPlots, c.tablePlot = nil, make([]string, len(c.Rows)), ""
		add := func(stem string, p *plot.Plot, err error) error {
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
		case "bound", "growth":
			for ri := range c.Rows {
				stem := plotStem(c.ID, c.Algorithm, ri)
				p, err := rowPlot(c, ri)
				if err := add(stem, p, err); err != nil {
					return err
				}
				if p != nil {
					c.rowPlots[ri] = stem
				}
			}
		case "table":
			stem := plotStem(c.ID, c.Algorithm, -1)
			p, err := tablePlot(c)
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
				data, err := renderPlot(f.p, ext)
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

// renderPlot draws p in format ext ("svg", "png").
func renderPlot(p *plot.Plot, ext string) ([]byte, error) {
	w, err := p.WriterTo(plotW, plotH, ext)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// parseRat parses a formula value as the report prints it ("14", "7/2").
func parseRat(s string) (float64, bool) {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	f, _ := r.Float64()
	return f, true
}

// newPlot returns an empty plot with the report's title and axes.
func newPlot(title, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Label.Text = "n (processes)"
	p.Y.Label.Text = ylabel
	p.X.Tick.Marker = niceTicks{max: 12, integer: true}
	p.Y.Tick.Marker = niceTicks{max: 6}
	p.Y.Min = 0
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Add(plotter.NewGrid())
	return p
}

// niceTicks puts major ticks at multiples of a round step (1, 2 or 5
// times a power of ten) giving at most about max ticks, integers only
// when integer is set (n is always an integer), and labels them without
// trailing zeros.
type niceTicks struct {
	max     int
	integer bool
}

func (t niceTicks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) || math.IsInf(min, 0) || math.IsInf(max, 0) {
		return nil
	}
	raw := (max - min) / float64(t.max)
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	step := pow
	for _, m := range []float64{1, 2, 5, 10} {
		if m*pow >= raw {
			step = m * pow
			break
		}
	}
	if t.integer && step < 1 {
		step = 1
	}
	var ts []plot.Tick
	for k := math.Ceil(min / step); k*step <= max+step*1e-9; k++ {
		v := k * step
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ts
}

// quantityLabel names a claim's measured quantity for the y axis.
func quantityLabel(c *Entry) string {
	if c.claim != nil && (c.claim.Kind == model.Bound || c.claim.Kind == model.Growth) && c.claim.Quantity == model.Time {
		return "time (link delays t_wc)"
	}
	if c.claim != nil {
		return c.claim.Accounting.String() + " messages"
	}
	return "messages"
}

// rowTitle is a plot's title: the claim, the row's setting and its
// reading.
func rowTitle(c *Entry, ri int) string {
	r := &c.Rows[ri]
	t := fmt.Sprintf("%s (%s) row %d: %s\n%s", c.ID, c.Algorithm, ri+1, r.Verdict, cell(r.Setting, 64))
	if r.Variant != "" && r.Variant != "-" {
		t += "\nreading " + cell(r.Variant, 56)
	}
	return t
}

func scatter(xys plotter.XYs, shape draw.GlyphDrawer, col color.Color, radius vg.Length) (*plotter.Scatter, error) {
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return nil, err
	}
	s.GlyphStyle = draw.GlyphStyle{Color: col, Radius: radius, Shape: shape}
	return s, nil
}

func line(xys plotter.XYs, col color.Color, dashed bool) (*plotter.Line, error) {
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	l.Color = col
	l.Width = vg.Points(1.5)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	return l, nil
}

// rowPlot draws row ri of a Bound or Growth claim: the measured value at
// each n (the largest over the executions, the smallest for an at-least
// bound) against the claimed formula evaluated at each n (at the
// parameters of the case that gave the measured value); measured points
// that violate the bound (or, for a tight bound, do not reach it) are red. A Growth row also shows the claimed
// order and the fitted exponent as curves through the largest point. It
// returns nil when the row has no points.
func rowPlot(c *Entry, ri int) (*plot.Plot, error) {
	r := &c.Rows[ri]
	if len(r.Points) == 0 || c.claim == nil {
		return nil, nil
	}
	cl := c.claim
	p := newPlot(rowTitle(c, ri), quantityLabel(c))
	what := "largest"
	if cl.Kind == model.Bound && cl.Relation == model.AtLeast {
		what = "smallest"
	}
	var measured, violating, claimed plotter.XYs
	for _, pt := range r.Points {
		xy := plotter.XY{X: float64(pt.N), Y: float64(pt.Measured)}
		if v, ok := parseRat(pt.Claimed); ok {
			claimed = append(claimed, plotter.XY{X: float64(pt.N), Y: v})
			if cl.Kind == model.Bound {
				if q, ok := new(big.Rat).SetString(pt.Claimed); ok && (!relationHolds(cl.Relation, pt.Measured, q) || cl.Tight && !relationHolds(model.Exactly, pt.Measured, q)) {
					violating = append(violating, xy)
					continue
				}
			}
		}
		measured = append(measured, xy)
	}
	if len(claimed) > 0 {
		l, err := line(claimed, colClaimed, false)
		if err != nil {
			return nil, err
		}
		s, err := scatter(claimed, draw.RingGlyph{}, colClaimed, vg.Points(3.5))
		if err != nil {
			return nil, err
		}
		p.Add(l, s)
		label := fmt.Sprintf("claimed: %s %s", cl.Relation, cell(cl.FormulaText, 40))
		if cl.Tight {
			label = fmt.Sprintf("claimed: %s = %s", what, cell(cl.FormulaText, 36))
		}
		if cl.Kind != model.Bound {
			label = "paper's reference " + cell(cl.FormulaText, 30)
		}
		p.Legend.Add(label, l, s)
	}
	if cl.Kind == model.Growth {
		last := r.Points[len(r.Points)-1]
		for _, curve := range []struct {
			k      float64
			label  string
			col    color.Color
			dashed bool
		}{
			{cl.Order, "claimed order: c·" + cl.OrderText(), colClaimed, true},
			{r.Fit, fmt.Sprintf("fitted: c·n^%.2f%s", r.Fit, logSuffix(cl.LogOrder)), colFit, true},
		} {
			if math.IsNaN(curve.k) || curve.k == 0 || last.Measured <= 0 {
				continue
			}
			shape := func(n float64) float64 { return math.Pow(n, curve.k) * math.Pow(math.Log(n), float64(cl.LogOrder)) }
			scale := float64(last.Measured) / shape(float64(last.N))
			var xys plotter.XYs
			for n := r.Points[0].N; n <= last.N; n++ {
				xys = append(xys, plotter.XY{X: float64(n), Y: scale * shape(float64(n))})
			}
			l, err := line(xys, curve.col, curve.dashed)
			if err != nil {
				return nil, err
			}
			if curve.col == colFit {
				l.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
			}
			p.Add(l)
			p.Legend.Add(curve.label, l)
		}
	}
	if len(measured) > 0 {
		s, err := scatter(measured, draw.CircleGlyph{}, colMeasured, vg.Points(3))
		if err != nil {
			return nil, err
		}
		p.Add(s)
		p.Legend.Add(fmt.Sprintf("measured (%s at each n)", what), s)
	}
	if len(violating) > 0 {
		s, err := scatter(violating, draw.CircleGlyph{}, colViolates, vg.Points(4))
		if err != nil {
			return nil, err
		}
		p.Add(s)
		p.Legend.Add("measured, violates the claim", s)
	}
	padX(p)
	return p, nil
}

// relationHolds is Relation.Holds against a parsed rational.
func relationHolds(rel model.Relation, measured int64, claimed *big.Rat) bool {
	c := claimed.Cmp(new(big.Rat).SetInt64(measured))
	switch rel {
	case model.AtMost:
		return c >= 0
	case model.AtLeast:
		return c <= 0
	}
	return c == 0
}

// padX widens the x range by half a size on each side, so the first and
// last points are not drawn on the axes, and leaves room above for the
// legend.
func padX(p *plot.Plot) {
	p.X.Min -= 0.5
	p.X.Max += 0.5
	p.Y.Max *= 1.25
}

// tablePlot draws a Table claim: the paper's formula evaluated exactly at
// each printed row's parameters against the number the paper prints, the
// rows that differ in red. Rows are placed at their n.
func tablePlot(c *Entry) (*plot.Plot, error) {
	if c.claim == nil || len(c.claim.Rows) == 0 {
		return nil, nil
	}
	cl := c.claim
	type pt struct {
		n                int
		formula, printed float64
		differs          bool
	}
	var pts []pt
	for _, pr := range cl.Rows {
		v := cl.Formula(pr.Params)
		pts = append(pts, pt{pr.Params.N, v.Float(), pr.Printed.Float(), v.Cmp(pr.Printed) != 0})
	}
	slices.SortStableFunc(pts, func(a, b pt) int { return a.n - b.n })
	var formula, agree, differ plotter.XYs
	for _, q := range pts {
		formula = append(formula, plotter.XY{X: float64(q.n), Y: q.formula})
		if q.differs {
			differ = append(differ, plotter.XY{X: float64(q.n), Y: q.printed})
		} else {
			agree = append(agree, plotter.XY{X: float64(q.n), Y: q.printed})
		}
	}
	title := fmt.Sprintf("%s (%s): %s\nprinted numbers against the paper's formula", c.ID, c.Algorithm, c.Verdict)
	p := newPlot(title, "value")
	s, err := scatter(formula, draw.RingGlyph{}, colClaimed, vg.Points(4))
	if err != nil {
		return nil, err
	}
	p.Add(s)
	p.Legend.Add("formula "+cell(cl.FormulaText, 36), s)
	for _, set := range []struct {
		xys   plotter.XYs
		col   color.Color
		label string
	}{{agree, colMeasured, "printed, equal"}, {differ, colViolates, "printed, differs"}} {
		if len(set.xys) == 0 {
			continue
		}
		s, err := scatter(set.xys, draw.CrossGlyph{}, set.col, vg.Points(4))
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Shape = draw.CrossGlyph{}
		p.Add(s)
		p.Legend.Add(set.label, s)
	}
	padX(p)
	return p, nil
}

// plotCaption describes a row's plot for the HTML report.
func plotCaption(c *Entry, ri int) string {
	if ri < 0 {
		return fmt.Sprintf("%s (%s): each printed number (cross) against the paper's formula %s at the same parameters (ring); red crosses differ.", c.ID, c.Algorithm, c.claim.FormulaText)
	}
	r := &c.Rows[ri]
	parts := []string{fmt.Sprintf("Row %d: %s, reading %s (%s).", ri+1, r.Setting, r.Variant, r.Model)}
	if c.claim != nil && c.claim.Kind == model.Growth {
		parts = append(parts, fmt.Sprintf("The %s measured per n; the dashed curves c·%s (claimed order) and c·n^%.2f%s (fitted on the upper half of the sizes) pass through the largest point.", c.claim.Stat, c.claim.OrderText(), r.Fit, logSuffix(c.claim.LogOrder)))
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

// logSuffix renders a Growth claim's log factor after a power of n.
func logSuffix(k int) string {
	switch k {
	case 0:
		return ""
	case 1:
		return "·log n"
	}
	return fmt.Sprintf("·(log n)^%d", k)
}
