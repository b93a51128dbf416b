package plots

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/vgimg"
)

// samplePlot is a plot like a report row's: a measured and a claimed
// line with their points, a legend and the grid.
func samplePlot(t testing.TB) figure {
	p := newPlot("C-EXAMPLE-1, changroberts: messages", "messages")
	var measured, claimed plotter.XYs
	for n := 3; n <= 24; n++ {
		measured = append(measured, plotter.XY{X: float64(n), Y: float64(n * (n + 1) / 2)})
		claimed = append(claimed, plotter.XY{X: float64(n), Y: float64(n * n)})
	}
	for _, l := range []struct {
		name string
		pts  plotter.XYs
	}{{"measured", measured}, {"claimed", claimed}} {
		line, points, err := plotter.NewLinePoints(l.pts)
		if err != nil {
			t.Fatal(err)
		}
		p.Add(line, points)
		p.Legend.Add(l.name, line, points)
	}
	return figure{p}
}

// decode decodes a PNG.
func decode(t testing.TB, data []byte) image.Image {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestRenderPNGPixels: Render's PNG (png.BestSpeed) holds exactly the
// pixels of gonum's own PNG writer (the default level): only the
// compression differs.
func TestRenderPNGPixels(t *testing.T) {
	f := samplePlot(t)
	got, err := f.Render("png")
	if err != nil {
		t.Fatal(err)
	}
	w, err := f.p.WriterTo(plotW, plotH, "png")
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if _, err := w.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want.Bytes()) {
		t.Fatal("Render wrote gonum's default encoding byte for byte: the compression level was not applied")
	}
	a, b := decode(t, got), decode(t, want.Bytes())
	if a.Bounds() != b.Bounds() {
		t.Fatalf("bounds %v, gonum's %v", a.Bounds(), b.Bounds())
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel (%d,%d) differs from gonum's PNG", x, y)
			}
		}
	}
	if svg, err := f.Render("svg"); err != nil || !bytes.HasPrefix(svg, []byte("<?xml")) {
		t.Fatalf("Render(svg) = %.40q, %v", svg, err)
	}
}

// BenchmarkRenderPNG draws a report-like plot and encodes it at gonum's
// default level and at Render's (png.BestSpeed), reporting the file size:
//
//	go test ./cli/plots -run '^$' -bench RenderPNG -count 6
func BenchmarkRenderPNG(b *testing.B) {
	f := samplePlot(b)
	for _, lv := range []struct {
		name  string
		level png.CompressionLevel
	}{{"default", png.DefaultCompression}, {"best-speed", png.BestSpeed}} {
		b.Run(lv.name, func(b *testing.B) {
			var size int
			for b.Loop() {
				w, err := f.p.WriterTo(plotW, plotH, "png")
				if err != nil {
					b.Fatal(err)
				}
				data, err := encodePNG(w.(vgimg.PngCanvas), lv.level)
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64(size), "bytes/file")
		})
	}
}
