// Package plots draws the plots of electlab's claims report (docs/REPORT.md,
// "Plots") with gonum.org/v1/plot. Importing it registers the drawer
// with the report:
//
//	import _ "github.com/electlab/electlab/cli/plots"
//
// cmd/electlab does. It is the only package of electlab that depends on
// gonum (and, through it, on fonts and a PDF writer), so a program of a
// user's own built on cli.Main, and every library package (model, checker,
// checker/checktest, checker/claims, cli), do not pull it: such a program
// writes `claims -out` reports without plots unless it imports this
// package too.
package plots

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/claim"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/electlab/electlab/internal/report"
)

func init() { report.SetDrawer(Drawer{}) }

// Drawer is the report's plot drawer (report.Drawer), registered by
// importing the package.
type Drawer struct{}

// figure is a gonum plot as a report.Figure.
type figure struct{ p *plot.Plot }

// fig wraps p (nil when there is no plot) and err.
func fig(p *plot.Plot, err error) (report.Figure, error) {
	if err != nil || p == nil {
		return nil, err
	}
	return figure{p}, nil
}

// Row draws row ri of a Bound or Growth claim (rowPlot).
func (Drawer) Row(c *report.Entry, ri int) (report.Figure, error) { return fig(rowPlot(c, ri)) }

// Table draws a Table claim (tablePlot).
func (Drawer) Table(c *report.Entry) (report.Figure, error) { return fig(tablePlot(c)) }

// Compare draws the comparison of ring elections (comparePlot).
func (Drawer) Compare(cmp *report.Comparison) (report.Figure, error) { return fig(comparePlot(cmp)) }

// plotW and plotH are the size of every plot.
const (
	plotW = 6 * vg.Inch
	plotH = 4 * vg.Inch
)

var (
	colMeasured = color.RGBA{R: 0x1f, G: 0x4e, B: 0x9a, A: 0xff} // blue
	colClaimed  = color.RGBA{R: 0xd9, G: 0x6c, B: 0x00, A: 0xff} // orange
	colViolates = color.RGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff} // red
	colFit      = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff} // grey
)

// Render draws the plot in format ext ("svg", "png"). A PNG is
// compressed at png.BestSpeed rather than gonum's default level, with the
// same pixels (TestRenderPNGPixels): drawing and encoding a plot took 17%
// less CPU time for a file 3% larger (BenchmarkRenderPNG), about 1.5
// CPU-s over the full report's 467 PNGs.
func (f figure) Render(ext string) ([]byte, error) {
	p := f.p
	w, err := p.WriterTo(plotW, plotH, ext)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if c, ok := w.(vgimg.PngCanvas); ok {
		return encodePNG(c, png.BestSpeed)
	}
	if _, err := w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// encodePNG encodes c's image as a PNG at the given compression level.
func encodePNG(c vgimg.PngCanvas, level png.CompressionLevel) ([]byte, error) {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: level}
	if err := enc.Encode(&b, c.Image()); err != nil {
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
func quantityLabel(c *report.Entry) string {
	if c.Claim() != nil && (c.Claim().Kind == claim.Bound || c.Claim().Kind == claim.Growth) && c.Claim().Quantity == claim.Time {
		return "time (link delays t_wc)"
	}
	if c.Claim() != nil {
		return c.Claim().Accounting.String() + " messages"
	}
	return "messages"
}

// rowTitle is a plot's title: the claim, the row's setting and its
// reading.
func rowTitle(c *report.Entry, ri int) string {
	r := &c.Rows[ri]
	t := fmt.Sprintf("%s (%s) row %d: %s\n%s", c.ID, c.Algorithm, ri+1, r.Verdict, report.Cell(r.Setting, 64))
	if r.Variant != "" && r.Variant != "-" {
		t += "\nreading " + report.Cell(r.Variant, 56)
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
func rowPlot(c *report.Entry, ri int) (*plot.Plot, error) {
	r := &c.Rows[ri]
	if cl := c.Claim(); cl != nil && cl.Kind == claim.Probability {
		return probPlot(c, ri)
	}
	if len(r.Points) == 0 || c.Claim() == nil {
		return nil, nil
	}
	cl := c.Claim()
	p := newPlot(rowTitle(c, ri), quantityLabel(c))
	what := "largest"
	if cl.Kind == claim.Bound && cl.Relation == claim.AtLeast {
		what = "smallest"
	}
	var measured, violating, claimed plotter.XYs
	for _, pt := range r.Points {
		xy := plotter.XY{X: float64(pt.N), Y: float64(pt.Measured)}
		if v, ok := parseRat(pt.Claimed); ok {
			claimed = append(claimed, plotter.XY{X: float64(pt.N), Y: v})
			if cl.Kind == claim.Bound {
				if q, ok := new(big.Rat).SetString(pt.Claimed); ok && (!relationHolds(cl.Relation, pt.Measured, q) || cl.Tight && !relationHolds(claim.Exactly, pt.Measured, q)) {
					violating = append(violating, xy)
					continue
				}
			}
		}
		measured = append(measured, xy)
	}
	if len(claimed) > 0 {
		label := fmt.Sprintf("claimed: %s %s", cl.Relation, report.Cell(cl.FormulaText, 40))
		if cl.Tight {
			label = fmt.Sprintf("claimed: %s = %s", what, report.Cell(cl.FormulaText, 36))
		}
		if cl.Kind != claim.Bound {
			label = "paper's reference " + report.Cell(cl.FormulaText, 30)
		}
		if err := addClaimed(p, claimed, label); err != nil {
			return nil, err
		}
	}
	if cl.Kind == claim.Growth {
		last := r.Points[len(r.Points)-1]
		for _, curve := range []struct {
			k      float64
			label  string
			col    color.Color
			dashed bool
		}{
			{cl.Order, "claimed order: c·" + cl.OrderText(), colClaimed, true},
			{r.Fit, fmt.Sprintf("fitted: c·n^%.2f%s", r.Fit, report.LogSuffix(cl.LogOrder)), colFit, true},
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
func relationHolds(rel claim.Relation, measured int64, claimed *big.Rat) bool {
	c := claimed.Cmp(new(big.Rat).SetInt64(measured))
	switch rel {
	case claim.AtMost:
		return c >= 0
	case claim.AtLeast:
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
func tablePlot(c *report.Entry) (*plot.Plot, error) {
	if c.Claim() == nil || len(c.Claim().Rows) == 0 {
		return nil, nil
	}
	cl := c.Claim()
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
	p.Legend.Add("formula "+report.Cell(cl.FormulaText, 36), s)
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

// comparePalette colours the compared algorithms, in order.
var comparePalette = []color.RGBA{
	{R: 0x1f, G: 0x4e, B: 0x9a, A: 0xff}, {R: 0xd9, G: 0x6c, B: 0x00, A: 0xff}, {R: 0x2e, G: 0x7d, B: 0x32, A: 0xff},
	{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}, {R: 0x6a, G: 0x1b, B: 0x9a, A: 0xff}, {R: 0x55, G: 0x55, B: 0x55, A: 0xff},
}

// comparePlot draws the mean of every algorithm against n, with the
// sampled minimum and maximum as error bars, on log scales.
func comparePlot(cmp *report.Comparison) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Ring algorithms: messages per election (mean, min–max over the sampled arrangements)"
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.X.Label.Text = "n (processes, log scale)"
	p.Y.Label.Text = "P2P messages (log scale)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Add(plotter.NewGrid())
	for ai, a := range cmp.Algorithms() {
		var pts plotter.XYs
		var errs plotter.YErrors
		for _, r := range cmp.Rows {
			if r.Algorithm != a {
				continue
			}
			pts = append(pts, plotter.XY{X: float64(r.N), Y: r.Mean})
			errs = append(errs, struct{ Low, High float64 }{r.Mean - float64(r.Min), float64(r.Max) - r.Mean})
		}
		if len(pts) == 0 {
			continue
		}
		col := comparePalette[ai%len(comparePalette)]
		// Dashed and solid lines alternate so that two algorithms with
		// the same counts (lelann and ringpoll: 2n² each) both show.
		l, err := line(pts, col, ai%3 == 0)
		if err != nil {
			return nil, err
		}
		s, err := scatter(pts, draw.CircleGlyph{}, col, vg.Points(2.5))
		if err != nil {
			return nil, err
		}
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{pts, errs})
		if err != nil {
			return nil, err
		}
		eb.Color = col
		p.Add(l, s, eb)
		p.Legend.Add(a, l, s)
	}
	if math.IsInf(p.Y.Min, 0) || p.Y.Min <= 0 {
		p.Y.Min = 1
	}
	return p, nil
}

// probPlot is a Probability row's plot: each exact answer of a query with
// a bound L (Pmin[elected within L rounds]) against L, beside the paper's
// formula at the same L; nil when no query has a bound.
func probPlot(c *report.Entry, ri int) (*plot.Plot, error) {
	r := &c.Rows[ri]
	cl := c.Claim()
	var exact, violating plotter.XYs
	claimed := map[int]plotter.XYs{} // per size: one line each
	var sizes []int
	for _, a := range r.Answers {
		if a.Within < 0 {
			continue
		}
		x := float64(a.Within)
		if v, ok := parseRat(a.Claimed); ok {
			if _, seen := claimed[a.N]; !seen {
				sizes = append(sizes, a.N)
			}
			claimed[a.N] = append(claimed[a.N], plotter.XY{X: x, Y: v})
		}
		v, ok := parseRat(a.Value)
		if !ok {
			continue
		}
		if a.Holds {
			exact = append(exact, plotter.XY{X: x, Y: v})
		} else {
			violating = append(violating, plotter.XY{X: x, Y: v})
		}
	}
	if len(exact)+len(violating) == 0 {
		return nil, nil
	}
	p := newPlot(rowTitle(c, ri), "exact answer")
	p.X.Label.Text = fmt.Sprintf("L (the bound of the queries' \"within L\"; one claimed line per n = %s)", joinInts(sizes))
	for i, n := range sizes {
		label := "" // one legend entry for every size's line
		if i == 0 {
			label = fmt.Sprintf("claimed: %s %s", cl.Relation, report.Cell(cl.FormulaText, 40))
		}
		if err := addClaimed(p, claimed[n], label); err != nil {
			return nil, err
		}
	}
	if len(exact) > 0 {
		s, err := scatter(exact, draw.CrossGlyph{}, colMeasured, vg.Points(3))
		if err != nil {
			return nil, err
		}
		p.Add(s)
		p.Legend.Add("exact, every scheduler and coin", s)
	}
	if len(violating) > 0 {
		s, err := scatter(violating, draw.CrossGlyph{}, colViolates, vg.Points(3.5))
		if err != nil {
			return nil, err
		}
		p.Add(s)
		p.Legend.Add("violates the claim", s)
	}
	padX(p)
	return p, nil
}

// addClaimed adds the claimed values (a line through rings) to p, with
// label in the legend (none when label is "").
func addClaimed(p *plot.Plot, claimed plotter.XYs, label string) error {
	l, err := line(claimed, colClaimed, false)
	if err != nil {
		return err
	}
	s, err := scatter(claimed, draw.RingGlyph{}, colClaimed, vg.Points(3.5))
	if err != nil {
		return err
	}
	p.Add(l, s)
	if label != "" {
		p.Legend.Add(label, l, s)
	}
	return nil
}

// joinInts renders sizes as "3, 4".
func joinInts(xs []int) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, fmt.Sprint(x))
	}
	return strings.Join(parts, ", ")
}
