package report

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// The comparison section of the claims report (docs/REPORT.md,
// "Comparison"): the message counts of every ring election algorithm side
// by side, the seeds' rings and the classic O(n log n) ones beyond the
// seeds, measured in one setting. It is a measurement, not a verdict: the
// minimum, maximum and mean are over the sampled arrangements only.

// CompareAlgos are the ring algorithms compared, in the section's order.
var CompareAlgos = []string{"lelann", "changroberts", "ringpoll", "fceabr", "franklin", "peterson"}

// CompareSizes are the sizes measured; CompareTableSizes those the table
// shows.
var (
	CompareSizes      = []int{8, 16, 32, 64, 128, 256, 512}
	CompareTableSizes = []int{8, 64, 512}
)

// CompareSamples is the number of random arrangements per algorithm and
// size.
const CompareSamples = 20

// Comparison is the comparison section of the report.
type Comparison struct {
	// Setting says what was run and counted.
	Setting string `json:"setting"`
	// Samples is the number of random arrangements per algorithm and size.
	Samples int `json:"samples_per_size"`
	// Rows are the measurements, by algorithm (CompareAlgos order) then n.
	Rows []CompareRow `json:"rows"`
	// Plot is the comparison plot (with -out only), relative to the
	// report directory.
	Plot string `json:"plot,omitempty"`
}

// CompareRow is one algorithm at one size.
type CompareRow struct {
	Algorithm string  `json:"algorithm"`
	N         int     `json:"n"`
	Min       int64   `json:"min"`
	Max       int64   `json:"max"`
	Mean      float64 `json:"mean"`
}

// compareSetting describes the comparison's executions.
const compareSetting = "every process initiates, no failures, async FIFO links under the fair FIFO schedule (the fast simulator), " +
	"each algorithm in its default reading; %d uniformly random id arrangements per algorithm and size (seeded); " +
	"P2P messages, every kind (the announcements included); min, max and mean over the sampled arrangements, not a worst case"

// Compare measures every algorithm of CompareAlgos at every size of
// CompareSizes over samples random arrangements drawn from seed. The
// arrangements are the same for every algorithm.
func Compare(seed uint64, samples int) (*Comparison, error) {
	cmp := &Comparison{Setting: fmt.Sprintf(compareSetting, samples), Samples: samples}
	for _, name := range CompareAlgos {
		spec, err := algos.Lookup(name)
		if err != nil {
			return nil, err
		}
		for _, n := range CompareSizes {
			row, err := compareAt(spec, n, seed, samples)
			if err != nil {
				return nil, err
			}
			cmp.Rows = append(cmp.Rows, row)
		}
	}
	return cmp, nil
}

// compareAt measures spec at size n.
func compareAt(spec model.Spec, n int, seed uint64, samples int) (CompareRow, error) {
	name := spec.Meta().Name
	row := CompareRow{Algorithm: name, N: n}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	var sum int64
	for k := range samples {
		ids := make([]model.ID, n)
		for i := range ids {
			ids[i] = model.ID(i + 1)
		}
		rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		cfg := &model.Config{Algo: name, IDs: ids, Forwarding: spec.Meta().Forwarding}
		sim, err := spec.NewSim(cfg)
		if err != nil {
			return row, fmt.Errorf("comparison, %s at n=%d: %v", name, n, err)
		}
		res := sim.Run(int64(64*n*n + 20000))
		if !res.Quiescent {
			return row, fmt.Errorf("comparison, %s at n=%d: the run did not end (%s)", name, n, res.Capped)
		}
		c := res.Counts.Sends
		if k == 0 || c < row.Min {
			row.Min = c
		}
		row.Max = max(row.Max, c)
		sum += c
	}
	row.Mean = float64(sum) / float64(samples)
	return row, nil
}

// compareCell renders one algorithm at one size as "min / mean / max",
// or "-" when it was not measured.
func (cmp *Comparison) compareCell(algo string, n int) string {
	for _, r := range cmp.Rows {
		if r.Algorithm == algo && r.N == n {
			return fmt.Sprintf("%d / %.1f / %d", r.Min, r.Mean, r.Max)
		}
	}
	return "-"
}

// Markdown renders the comparison section.
func (cmp *Comparison) Markdown() string {
	var b strings.Builder
	b.WriteString("\n## Ring algorithms compared\n\n")
	fmt.Fprintf(&b, "Messages per election, %s.\n\n", cmp.Setting)
	if cmp.Plot != "" {
		fmt.Fprintf(&b, "![messages per election of every ring algorithm against n, log scales](%s)\n\n", cmp.Plot)
	}
	b.WriteString("| Algorithm |")
	for _, n := range CompareTableSizes {
		fmt.Fprintf(&b, " n=%d (min / mean / max) |", n)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(CompareTableSizes)) + "\n")
	for _, a := range CompareAlgos {
		fmt.Fprintf(&b, "| %s |", a)
		for _, n := range CompareTableSizes {
			fmt.Fprintf(&b, " %s |", cmp.compareCell(a, n))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Text renders the comparison section for the terminal.
func (cmp *Comparison) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nRing algorithms compared (messages per election, min / mean / max): %s\n", cmp.Setting)
	fmt.Fprintf(&b, "  %-14s", "algorithm")
	for _, n := range CompareTableSizes {
		fmt.Fprintf(&b, "  %-28s", fmt.Sprintf("n=%d", n))
	}
	b.WriteString("\n")
	for _, a := range CompareAlgos {
		fmt.Fprintf(&b, "  %-14s", a)
		for _, n := range CompareTableSizes {
			fmt.Fprintf(&b, "  %-28s", cmp.compareCell(a, n))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// comparePalette colours the algorithms of CompareAlgos.
var comparePalette = []color.RGBA{
	{R: 0x1f, G: 0x4e, B: 0x9a, A: 0xff}, {R: 0xd9, G: 0x6c, B: 0x00, A: 0xff}, {R: 0x2e, G: 0x7d, B: 0x32, A: 0xff},
	{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}, {R: 0x6a, G: 0x1b, B: 0x9a, A: 0xff}, {R: 0x55, G: 0x55, B: 0x55, A: 0xff},
}

// comparePlot draws the mean of every algorithm against n, with the
// sampled minimum and maximum as error bars, on log scales.
func (cmp *Comparison) comparePlot() (*plot.Plot, error) {
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
	for ai, a := range CompareAlgos {
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

// compareStem is the plot's file name without extension.
const compareStem = "comparison"

// writeComparePlot draws the comparison plot under dir/plots (SVG and
// PNG) and records it in cmp.Plot; nothing when cmp is nil.
func writeComparePlot(dir string, cmp *Comparison) error {
	if cmp == nil {
		return nil
	}
	p, err := cmp.comparePlot()
	if err != nil {
		return fmt.Errorf("plot %s: %v", compareStem, err)
	}
	for _, ext := range plotFormats {
		data, err := renderPlot(p, ext)
		if err != nil {
			return fmt.Errorf("plot %s.%s: %v", compareStem, ext, err)
		}
		if err := WriteFileAtomic(filepath.Join(dir, filepath.FromSlash(plotPath(compareStem, ext))), data); err != nil {
			return &DirError{Dir: dir, Err: err}
		}
	}
	cmp.Plot = plotPath(compareStem, "svg")
	return nil
}

// htmlCompare is the comparison section as the HTML template shows it.
type htmlCompare struct {
	Setting string
	Plot    *htmlPlot
	Sizes   []int
	Rows    []htmlCompareRow
}

type htmlCompareRow struct {
	Algorithm string
	Cells     []string
}

// html returns the comparison section's template data (nil for nil).
func (cmp *Comparison) html() *htmlCompare {
	if cmp == nil {
		return nil
	}
	h := &htmlCompare{Setting: cmp.Setting, Sizes: CompareTableSizes}
	if cmp.Plot != "" {
		h.Plot = newHTMLPlot(compareStem, "messages per election of every ring algorithm against n, log scales",
			"Mean messages per election against n (log scales), with the sampled minimum and maximum as bars.")
	}
	for _, a := range CompareAlgos {
		r := htmlCompareRow{Algorithm: a}
		for _, n := range CompareTableSizes {
			r.Cells = append(r.Cells, cmp.compareCell(a, n))
		}
		h.Rows = append(h.Rows, r)
	}
	return h
}
