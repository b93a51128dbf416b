package traces

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/electlab/electlab/model"
)

// Layout of the SVG space-time diagram. Sizes are in CSS pixels; the font
// is the generic monospace family at 11px, whose advance is taken to be
// 6.6px (0.6em) for sizing boxes and wrapping text.
const (
	// SVGStepsPerPage is the most steps one page of the diagram shows;
	// longer traces are split into pages of equal size stacked in the
	// document, each repeating the process header.
	SVGStepsPerPage = 50
	// SVGMaxProcesses and SVGMaxSteps bound what is drawn as a diagram.
	// Beyond either the document is a one-page summary instead (the
	// counts, the faults, decisions and lost messages with their steps,
	// and the violation).
	SVGMaxProcesses = 32
	SVGMaxSteps     = 2000

	svgFont       = 11
	svgCharW10    = 66 // tenths of a pixel per character
	svgColW       = 120
	svgRowMin     = 30
	svgLineH      = 14
	svgEventDY    = 14 // from a row's top to its event point
	svgEndRowH    = 34
	svgLabelChars = 18 // longest message label drawn in full
	svgNoteChars  = 16 // longest annotation drawn in full
	svgMargin     = 12
	svgMinWidth   = 640
	svgPageGap    = 20
	svgHeadBand   = 44 // the process header of a page
	svgLegendRow  = 30
)

// Colours (fixed, so that the bytes are too).
const (
	svgInk       = "#222222"
	svgGrey      = "#777777"
	svgShade     = "#f3f4f6"
	svgMsgColor  = "#1f5fae"
	svgFwdColor  = "#7b3fa0"
	svgLostColor = "#9a9a9a"
	svgRed       = "#c62828"
	svgGreen     = "#2e7d32"
	svgBlue      = "#1565c0"
	svgOrange    = "#e67e00"
	svgGold      = "#ffd54f"
	svgGoldEdge  = "#a06800"
)

// RenderSVG renders t as a self-contained SVG space-time diagram: one
// vertical line per process, in ring order, labelled with its id; time
// flows down, one row per step, its number and event in the left margin.
// Each message is an arrow from its send point to its delivery point,
// labelled with its kind, payload and link sequence number; a message
// lost to a crashed or absent process ends in a cross (a bounced one also
// returns to its sender); a message a crashed node's control part
// forwards ends in an open head and continues as a dashed purple arrow
// from the crashed node; messages still in flight at the end are dotted.
// Starts, crashes, recoveries, joins and timer firings are marked on the
// process line (dashed while crashed, dotted while absent), each decision
// is a boxed leader=X (a coordinator's is gold and says so), observations
// are noted in grey, and the violation is a red rule across the diagram
// after its step (or at the end) with the property's name. Every element
// carries a <title> with the effect as the text table describes it.
//
// Traces longer than SVGStepsPerPage steps are split into pages of equal
// size, stacked as nested <svg> elements in one document; an arrow that
// crosses a page boundary is cut there and says where it goes or comes
// from. Traces beyond SVGMaxProcesses processes or SVGMaxSteps steps are
// summarised instead. The document has no script, link, style sheet, id or
// external font (generic monospace only), so it can be inlined in HTML as
// it is; its bytes are a function of t and rep. rep may be nil or partial.
func RenderSVG(t *Trace, rep *Replayed) string {
	if t == nil || t.Config == nil {
		return svgMessageDoc("electlab: no trace", []string{"The trace has no config: nothing to draw."})
	}
	order := processOrder(t, rep)
	if len(order) > SVGMaxProcesses || len(t.Steps) > SVGMaxSteps {
		return svgSummary(t, rep, order)
	}
	d := newSVGDiagram(t, rep, order)
	return d.render()
}

// svgDiagram is the laid-out diagram.
type svgDiagram struct {
	t     *Trace
	rep   *Replayed
	fl    *flow
	order []model.ID
	index map[model.ID]int // lookups only
	n     int              // steps
	// gutter is the width of the step column; width the document's.
	gutter, width int
	// rowTop[i] and rowH[i] place step i+1's row in global coordinates;
	// index n is the end row.
	rowTop, rowH []int
	// band[i] is the height of the violation band at the bottom of row i
	// (0 when the violation is not there).
	vioRow  int
	vioBand []string // the wrapped violation text
	anns    [][]svgAnn
	marks   [][]svgMark
	// changes[p] are process p's status changes, in step order.
	changes  [][]svgChange
	initial  []model.Status
	pages    [][2]int // [first, last+1) steps of each page
	stepText []string
}

type svgAnnStyle uint8

const (
	annPlain svgAnnStyle = iota
	annBad
	annObs
	annLeader
	annCoord
)

// svgAnn is a text annotation right of process p's line in a row; line is
// its position in the row's stack at p.
type svgAnn struct {
	p, line int
	text    string
	title   string
	style   svgAnnStyle
	// left puts it left of the line (right-aligned), where the event
	// point has no outgoing arrow.
	left bool
}

type svgMarkKind uint8

const (
	markDot svgMarkKind = iota
	markStart
	markCrash
	markRecover
	markJoin
	markTimer
	markForward
	markDecide
)

type svgMark struct {
	p     int
	kind  svgMarkKind
	title string
}

type svgChange struct {
	step   int
	status model.Status
}

// svgStatusChanges is how the diagram shows each effect that changes a
// process's status: its mark, its annotation and the status after it.
var svgStatusChanges = map[model.EffectKind]struct {
	mark   svgMarkKind
	text   string
	style  svgAnnStyle
	status model.Status
}{
	model.CrashedP:  {markCrash, "crash", annBad, model.Crashed},
	model.Recovered: {markRecover, "recover", annPlain, model.Live},
	model.Joined:    {markJoin, "join", annPlain, model.Live},
}

func newSVGDiagram(t *Trace, rep *Replayed, order []model.ID) *svgDiagram {
	d := &svgDiagram{t: t, rep: rep, order: order, n: len(t.Steps), index: map[model.ID]int{}}
	for i, id := range order {
		d.index[id] = i
	}
	d.fl = buildFlow(t, rep)
	d.initial = make([]model.Status, len(order))
	for i := range order {
		d.initial[i] = initialStatus(t, rep, order, i)
	}
	d.changes = make([][]svgChange, len(order))
	d.anns = make([][]svgAnn, d.n)
	d.marks = make([][]svgMark, d.n)
	rowLines := d.annotate(d.outDirections())
	d.layoutStepColumn()
	d.layoutRows(rowLines)
	d.paginate()
	return d
}

// outDirections returns, for each step i with a send, outDir[i][p]: bit 1
// when an arrow leaves p's event point of step i rightwards, bit 2
// leftwards.
func (d *svgDiagram) outDirections() [][]uint8 {
	order := d.order
	outDir := make([][]uint8, d.n)
	for _, m := range d.fl.msgs {
		pf, ok1 := d.index[m.msg.From]
		pt, ok2 := d.index[m.msg.To]
		if m.sendStep < 0 || m.sendStep >= d.n || !ok1 || !ok2 {
			continue
		}
		if outDir[m.sendStep] == nil {
			outDir[m.sendStep] = make([]uint8, len(order))
		}
		if pt > pf {
			outDir[m.sendStep][pf] |= 1
		} else {
			outDir[m.sendStep][pf] |= 2
		}
	}
	return outDir
}

// annotate fills d.anns, d.marks and d.changes from the replayed effects
// and returns the number of annotation lines of each step's row.
func (d *svgDiagram) annotate(outDir [][]uint8) []int {
	order := d.order
	lines := make([]int, len(order)) // annotation lines at each process in the current row
	rowLines := make([]int, d.n)
	left := make([]bool, len(order))
	for i := 0; i < d.n && d.rep != nil && i < len(d.rep.Effects); i++ {
		clear(lines)
		add := func(p int, text, title string, style svgAnnStyle) {
			d.anns[i] = append(d.anns[i], svgAnn{p: p, line: lines[p], text: text, title: title, style: style})
			lines[p]++
			if style == annCoord {
				lines[p]++
			}
		}
		for _, e := range d.rep.Effects[i] {
			p, ok := d.index[e.P]
			if !ok {
				continue
			}
			title := "step " + strconv.Itoa(i+1) + ": " + DescribeEffect(e)
			mark := func(k svgMarkKind) { d.marks[i] = append(d.marks[i], svgMark{p: p, kind: k, title: title}) }
			switch e.Kind {
			case model.Sent, model.Delivered:
				mark(markDot)
			case model.Bounced:
				mark(markDot)
				add(p, "bounced", title, annBad)
			case model.Dropped:
				add(p, "dropped", title, annBad)
			case model.Forwarded:
				mark(markForward)
				add(p, "fwd "+e.Msg.Body(), title, annPlain)
			case model.Noted:
				mark(markDot)
				add(p, e.Tag+"="+strconv.Itoa(int(e.Val)), title, annObs)
			case model.Fired:
				mark(markTimer)
				add(p, "timer t"+strconv.Itoa(int(e.Val)), title, annPlain)
			case model.Started:
				mark(markStart)
				add(p, "start", title, annPlain)
			case model.CrashedP, model.Recovered, model.Joined:
				c := svgStatusChanges[e.Kind]
				mark(c.mark)
				add(p, c.text, title, c.style)
				d.changes[p] = append(d.changes[p], svgChange{i, c.status})
			case model.Decided:
				mark(markDecide)
				text := "leader=" + formatID(model.ID(e.Val))
				if e.Coord {
					add(p, text, title, annCoord)
				} else {
					add(p, text, title, annLeader)
				}
			}
		}
		for _, l := range lines {
			rowLines[i] = max(rowLines[i], l)
		}
		// The annotations go right of the line, or left when the only
		// arrows leaving the point go right and the gap on the left is
		// not taken by the previous process's annotations.
		for p := range order {
			left[p] = lines[p] > 0 && outDir[i] != nil && outDir[i][p] == 1 && !(p > 0 && lines[p-1] > 0 && !left[p-1])
		}
		for k := range d.anns[i] {
			d.anns[i][k].left = left[d.anns[i][k].p]
		}
	}
	return rowLines
}

// layoutStepColumn fills the step column's texts and sets the gutter and
// document widths.
func (d *svgDiagram) layoutStepColumn() {
	t, rep, order := d.t, d.rep, d.order
	d.stepText = make([]string, d.n)
	numW := len(strconv.Itoa(d.n))
	longest := len("end")
	for i, s := range t.Steps {
		d.stepText[i] = s.Event.String()
		if rep == nil || i >= len(rep.Effects) {
			d.stepText[i] += " (not replayed)"
		}
		longest = max(longest, len(d.stepText[i]))
	}
	d.gutter = svgMargin + textW(numW+2+longest) + svgMargin
	d.width = max(d.gutter+(len(order)+1)*svgColW+svgMargin, svgMinWidth)
}

// layoutRows places the rows, with the violation band under its step (or
// in the end row); rowLines[i] is the number of annotation lines of row i.
func (d *svgDiagram) layoutRows(rowLines []int) {
	t := d.t
	d.vioRow = -1
	if v := t.Violation; v != nil {
		d.vioRow = d.n
		if v.Step > 0 && v.Step <= d.n {
			d.vioRow = v.Step - 1
		}
		d.vioBand = wrapText(oneLine(violationText(v)), d.wrapChars())
	}
	d.rowTop = make([]int, d.n+1)
	d.rowH = make([]int, d.n+1)
	y := 0
	for i := 0; i <= d.n; i++ {
		h := svgEndRowH
		if i < d.n {
			h = max(svgRowMin, svgEventDY+4+svgLineH*rowLines[i])
		}
		if i == d.vioRow {
			h += d.bandH()
		}
		d.rowTop[i], d.rowH[i] = y, h
		y += h
	}
}

// paginate cuts the steps into pages of equal size.
func (d *svgDiagram) paginate() {
	k := max(1, (d.n+SVGStepsPerPage-1)/SVGStepsPerPage)
	per := max(1, (d.n+k-1)/k)
	for first := 0; first < d.n || (first == 0 && d.n == 0); first += per {
		d.pages = append(d.pages, [2]int{first, min(first+per, d.n)})
		if d.n == 0 {
			break
		}
	}
}

// textW is the width of n characters of the diagram's font.
func textW(n int) int { return (n*svgCharW10 + 9) / 10 }

// wrapChars is how many characters fit across the diagram.
func (d *svgDiagram) wrapChars() int { return (d.width - 2*svgMargin) * 10 / svgCharW10 }

func (d *svgDiagram) bandH() int { return 12 + svgLineH*len(d.vioBand) }

// x is process p's line. The first is a column width from the step
// column, so that annotations fit on its left.
func (d *svgDiagram) x(p int) int { return d.gutter + svgColW + p*svgColW }

// ev is step i's event point (global y); i == n is the end row's.
func (d *svgDiagram) ev(i int) int { return d.rowTop[i] + svgEventDY }

// wrapText splits s at spaces into lines of at most width characters
// (a longer word gets a line of its own).
func wrapText(s string, width int) []string {
	width = max(width, 20)
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

// clip shortens s to n characters, ending in "..." when cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-3]) + "..."
}

// xmlText escapes s for XML character data or an attribute value, drops
// characters XML cannot carry and makes it valid UTF-8.
func xmlText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&apos;")
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ff formats a coordinate with one decimal.
func ff(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if s == "-0.0" {
		s = "0.0"
	}
	return s
}

// svgOut accumulates the document.
type svgOut struct{ strings.Builder }

func (o *svgOut) f(format string, args ...any) {
	fmt.Fprintf(o, format, args...)
	o.WriteByte('\n')
}

// text writes a <text> element; attrs are extra attributes.
func (o *svgOut) text(x, y int, attrs, s string) {
	if attrs != "" {
		attrs = " " + attrs
	}
	o.f(`<text x="%d" y="%d"%s>%s</text>`, x, y, attrs, xmlText(s))
}

func svgOpen(o *svgOut, w, h int, title string) {
	o.f(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" font-family="monospace" font-size="%d">`, w, h, w, h, svgFont)
	o.f(`<title>%s</title>`, xmlText(title))
	o.f(`<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`, w, h)
}

// svgMessageDoc is a one-page document of text lines.
func svgMessageDoc(title string, lines []string) string {
	var o svgOut
	h := 2*svgMargin + 20 + svgLineH*len(lines)
	w := svgMinWidth
	for _, l := range lines {
		w = max(w, 2*svgMargin+textW(utf8.RuneCountInString(l)))
	}
	svgOpen(&o, w, h, title)
	o.text(svgMargin, svgMargin+12, `font-size="13" font-weight="bold" fill="`+svgInk+`"`, title)
	for i, l := range lines {
		o.text(svgMargin, svgMargin+20+12+svgLineH*i, `fill="`+svgInk+`"`, l)
	}
	o.f(`</svg>`)
	return o.String()
}

func (d *svgDiagram) docTitle() string {
	s := "electlab space-time diagram: " + d.t.Config.Algo
	if d.t.Config.Variant != "" {
		s += " (" + d.t.Config.Variant + ")"
	}
	s += ", " + strconv.Itoa(len(d.order)) + " processes, " + strconv.Itoa(d.n) + " steps"
	if d.t.Violation != nil {
		s += "; " + oneLine(violationText(d.t.Violation))
	}
	return s
}

// headerLines is the text above the first page's process header.
type svgLine struct {
	text, attrs string
}

func (d *svgDiagram) headerLines() []svgLine {
	ch := d.wrapChars()
	var ls []svgLine
	title := d.t.Config.Algo
	if d.t.Config.Variant != "" {
		title += " (" + d.t.Config.Variant + ")"
	}
	ls = append(ls, svgLine{title, `font-size="13" font-weight="bold" fill="` + svgInk + `"`})
	for _, l := range wrapText(d.t.Config.String(), ch) {
		ls = append(ls, svgLine{l, `fill="` + svgInk + `"`})
	}
	if d.t.Note != "" {
		for _, l := range wrapText("note: "+oneLine(d.t.Note), ch) {
			ls = append(ls, svgLine{l, `fill="` + svgGrey + `" font-style="italic"`})
		}
	}
	if d.t.Violation != nil {
		for _, l := range d.vioBand {
			ls = append(ls, svgLine{l, `fill="` + svgRed + `" font-weight="bold"`})
		}
	}
	return ls
}

// legend items: a symbol drawer and a label.
var svgLegend = []struct {
	label string
	draw  func(o *svgOut, x, y int)
}{
	{"message kind(payload) #seq", func(o *svgOut, x, y int) {
		svgArrowLine(o, float64(x), float64(y), float64(x+22), float64(y), svgMsgColor, "", true, false)
	}},
	{"forwarded by a crashed node", func(o *svgOut, x, y int) {
		svgArrowLine(o, float64(x), float64(y), float64(x+22), float64(y), svgFwdColor, "6 3", true, false)
	}},
	{"lost", func(o *svgOut, x, y int) {
		svgArrowLine(o, float64(x), float64(y), float64(x+18), float64(y), svgLostColor, "4 3", false, false)
		svgCross(o, x+18, y, svgRed)
	}},
	{"in flight at the end", func(o *svgOut, x, y int) {
		svgArrowLine(o, float64(x), float64(y), float64(x+22), float64(y), svgLostColor, "1 3", false, false)
	}},
	{"start", func(o *svgOut, x, y int) { svgMarkAt(o, markStart, x+10, y) }},
	{"crash", func(o *svgOut, x, y int) { svgMarkAt(o, markCrash, x+10, y) }},
	{"recover", func(o *svgOut, x, y int) { svgMarkAt(o, markRecover, x+10, y) }},
	{"join", func(o *svgOut, x, y int) { svgMarkAt(o, markJoin, x+10, y) }},
	{"timer fired", func(o *svgOut, x, y int) { svgMarkAt(o, markTimer, x+10, y) }},
	{"crashed", func(o *svgOut, x, y int) { svgStatusLine(o, x, y, x+22, y, model.Crashed) }},
	{"absent", func(o *svgOut, x, y int) { svgStatusLine(o, x, y, x+22, y, model.Absent) }},
	{"decision", func(o *svgOut, x, y int) { svgBox(o, x, y, "leader=X", annLeader) }},
	{"coordinator", func(o *svgOut, x, y int) { svgBox(o, x, y, "leader=X", annCoord) }},
}

// legendLayout places the legend items in rows that fit the width; it
// returns each item's x and row, and the number of rows.
func (d *svgDiagram) legendLayout() (xs, rows []int, nrows int) {
	x, row := svgMargin, 0
	for _, it := range svgLegend {
		w := 28 + textW(len(it.label)) + 16
		if it.label == "decision" || it.label == "coordinator" {
			w += svgBoxW("leader=X", annCoord) - 14
		}
		if x+w > d.width-svgMargin && x > svgMargin {
			x, row = svgMargin, row+1
		}
		xs, rows = append(xs, x), append(rows, row)
		x += w
	}
	return xs, rows, row + 1
}

func (d *svgDiagram) render() string {
	var o svgOut
	hdr := d.headerLines()
	_, _, legendRows := d.legendLayout()
	firstHead := svgMargin + 18*len(hdr) + 6 + svgLegendRow*legendRows + 4
	heights := make([]int, len(d.pages))
	total := 0
	for k, pg := range d.pages {
		head := svgMargin + 18 + svgHeadBand
		if k == 0 {
			head += firstHead
		}
		body := d.rowTop[pg[1]] - d.rowTop[pg[0]]
		if k == len(d.pages)-1 {
			body += d.rowH[d.n]
		}
		heights[k] = head + body + svgMargin
		total += heights[k]
		if k > 0 {
			total += svgPageGap
		}
	}
	svgOpen(&o, d.width, total, d.docTitle())
	o.f(`<desc>%s</desc>`, xmlText("Time flows down, one row per step; one vertical line per process in ring order. "+
		"Generated by electlab from a replayed trace; see docs/RENDERING.md."))
	y := 0
	for k := range d.pages {
		if k > 0 {
			o.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#cccccc" stroke-width="1"/>`, svgMargin, y+svgPageGap/2, d.width-svgMargin, y+svgPageGap/2)
			y += svgPageGap
		}
		d.renderPage(&o, k, y, heights[k], hdr, firstHead)
		y += heights[k]
	}
	o.f(`</svg>`)
	return o.String()
}

// statusAt is process p's status just before step i's event.
func (d *svgDiagram) statusAt(p, i int) model.Status {
	s := d.initial[p]
	for _, c := range d.changes[p] {
		if c.step >= i {
			break
		}
		s = c.status
	}
	return s
}

// renderPage draws page k of the diagram at y0, h high; the first page
// carries the header lines hdr and the legend, firstHead high.
func (d *svgDiagram) renderPage(o *svgOut, k, y0, h int, hdr []svgLine, firstHead int) {
	pg := d.pages[k]
	last := k == len(d.pages)-1
	o.f(`<svg x="0" y="%d" width="%d" height="%d" viewBox="0 0 %d %d">`, y0, d.width, h, d.width, h)
	pageName := "steps " + strconv.Itoa(min(pg[0]+1, d.n)) + "-" + strconv.Itoa(pg[1]) + " of " + strconv.Itoa(d.n)
	if len(d.pages) > 1 {
		pageName += " (page " + strconv.Itoa(k+1) + " of " + strconv.Itoa(len(d.pages)) + ")"
	}
	o.f(`<title>%s</title>`, xmlText(pageName))
	top := svgMargin
	if k == 0 {
		d.renderLegend(o, hdr, top)
		top += firstHead
	}
	o.text(svgMargin, top+12, `fill="`+svgGrey+`"`, pageName)
	top += 18
	d.renderProcessHeads(o, pg[0], top+6)
	top += svgHeadBand
	// Global y ga..gb is drawn from local y top.
	ga := d.rowTop[pg[0]]
	gb := d.rowTop[pg[1]]
	if last {
		gb = d.rowTop[d.n] + d.rowH[d.n]
	}
	ly := func(g int) int { return top + g - ga }
	lyf := func(g float64) float64 { return float64(top) + g - float64(ga) }

	d.renderRows(o, pg, last, ly)
	d.renderProcessLines(o, pg, top-8, gb, ly)

	// Message lines, then marks and annotations, then the message labels,
	// each placed along its arrow where it covers the least of the
	// annotations, marks and labels already there.
	var labels []svgLabel
	o.f(`<g>`)
	for mi := range d.fl.msgs {
		if l, ok := d.renderMsg(o, mi, ga, gb, lyf); ok {
			labels = append(labels, l)
		}
	}
	o.f(`</g>`)
	taken := d.renderMarks(o, pg, ly)
	renderLabels(o, labels, taken)
	d.renderViolation(o, pg, last, ly)
	o.f(`</svg>`)
}

// renderLegend draws the document header lines hdr and the legend under
// them, from y top (the first page only).
func (d *svgDiagram) renderLegend(o *svgOut, hdr []svgLine, top int) {
	for i, l := range hdr {
		o.text(svgMargin, top+13+18*i, l.attrs, l.text)
	}
	ly := top + 18*len(hdr) + 6
	xs, rows, _ := d.legendLayout()
	o.f(`<g fill="%s">`, svgInk)
	for i, it := range svgLegend {
		cy := ly + svgLegendRow*rows[i] + 10
		o.f(`<g>`)
		it.draw(o, xs[i], cy)
		lx := xs[i] + 28
		if it.label == "decision" || it.label == "coordinator" {
			lx = xs[i] + svgBoxW("leader=X", annCoord) + 8
		}
		o.text(lx, cy+4, "", it.label)
		o.f(`</g>`)
	}
	o.f(`</g>`)
}

// renderProcessHeads draws the process header at y headY: the id in a box,
// and the status at step first (the page's start) when it is not live.
func (d *svgDiagram) renderProcessHeads(o *svgOut, first, headY int) {
	for p, id := range d.order {
		x := d.x(p)
		label := strconv.Itoa(int(id))
		w := textW(len(label)) + 12
		o.f(`<g><title>process %d</title>`, id)
		o.f(`<rect x="%d" y="%d" width="%d" height="18" rx="3" fill="#ffffff" stroke="%s" stroke-width="1.5"/>`, x-w/2, headY, w, svgInk)
		o.text(x, headY+13, `text-anchor="middle" font-weight="bold" fill="`+svgInk+`"`, label)
		o.f(`</g>`)
		if s := d.statusAt(p, first); s != model.Live {
			o.text(x, headY+32, `text-anchor="middle" fill="`+svgGrey+`" font-size="10"`, s.String())
		}
	}
}

// renderRows draws the row shading and the step column of page pg; ly maps
// global y to the page's.
func (d *svgDiagram) renderRows(o *svgOut, pg [2]int, last bool, ly func(int) int) {
	o.f(`<g>`)
	for i := pg[0]; i < pg[1]; i++ {
		if i%2 == 1 {
			o.f(`<rect x="0" y="%d" width="%d" height="%d" fill="%s"/>`, ly(d.rowTop[i]), d.width, d.rowH[i], svgShade)
		}
	}
	o.f(`</g>`)
	numRight := svgMargin + textW(len(strconv.Itoa(d.n)))
	o.f(`<g fill="%s">`, svgInk)
	for i := pg[0]; i < pg[1]; i++ {
		attrs := ""
		if d.vioRow == i {
			attrs = `fill="` + svgRed + `" font-weight="bold"`
		}
		yy := ly(d.ev(i)) + 4
		o.text(numRight, yy, `text-anchor="end" fill="`+svgGrey+`"`, strconv.Itoa(i+1))
		o.text(numRight+textW(2), yy, attrs, d.stepText[i])
	}
	if last {
		o.text(numRight+textW(2), ly(d.ev(d.n))+4, `fill="`+svgGrey+`"`, "end")
	}
	o.f(`</g>`)
}

// renderProcessLines draws the process lines of page pg from local y from
// to global y gb, styled by status.
func (d *svgDiagram) renderProcessLines(o *svgOut, pg [2]int, from0, gb int, ly func(int) int) {
	o.f(`<g>`)
	for p := range d.order {
		x := d.x(p)
		from := from0
		s := d.statusAt(p, pg[0])
		for _, c := range d.changes[p] {
			if c.step < pg[0] || c.step >= pg[1] {
				continue
			}
			to := ly(d.ev(c.step))
			svgStatusLine(o, x, from, x, to, s)
			from, s = to, c.status
		}
		svgStatusLine(o, x, from, x, ly(gb), s)
	}
	o.f(`</g>`)
}

// renderMarks draws the marks and annotations of page pg and returns the
// rectangles they cover.
func (d *svgDiagram) renderMarks(o *svgOut, pg [2]int, ly func(int) int) []svgRect {
	var taken []svgRect
	o.f(`<g>`)
	for i := pg[0]; i < pg[1]; i++ {
		yy := ly(d.ev(i))
		for _, m := range d.marks[i] {
			o.f(`<g><title>%s</title>`, xmlText(m.title))
			x := d.x(m.p)
			svgMarkAt(o, m.kind, x, yy)
			o.f(`</g>`)
			taken = append(taken, svgRect{float64(x - 5), float64(yy - 5), float64(x + 5), float64(yy + 5)})
		}
		for _, a := range d.anns[i] {
			by := yy + 12 + svgLineH*a.line // below the point: clear of arrows arriving from above
			text := clip(a.text, svgNoteChars)
			w := textW(utf8.RuneCountInString(text))
			if a.style == annLeader || a.style == annCoord {
				w = svgBoxW(text, a.style)
			}
			x := d.x(a.p) + 8
			if a.left {
				x = d.x(a.p) - 8 - w
			}
			o.f(`<g><title>%s</title>`, xmlText(a.title))
			switch a.style {
			case annLeader, annCoord:
				svgBox(o, x, by-4, text, a.style)
				h := 14
				if a.style == annCoord {
					h = 28
				}
				taken = append(taken, svgRect{float64(x), float64(by - 12), float64(x + w), float64(by - 12 + h)})
			default:
				attrs := `fill="` + svgInk + `"`
				switch a.style {
				case annBad:
					attrs = `fill="` + svgRed + `"`
				case annObs:
					attrs = `fill="` + svgGrey + `" font-style="italic"`
				}
				o.text(x, by, attrs, text)
				taken = append(taken, svgRect{float64(x), float64(by - 10), float64(x + w), float64(by + 3)})
			}
			o.f(`</g>`)
		}
	}
	o.f(`</g>`)
	return taken
}

// renderLabels draws the message labels, each placed along its arrow where
// it covers the least of taken (the annotations, marks and labels already
// there).
func renderLabels(o *svgOut, labels []svgLabel, taken []svgRect) {
	o.f(`<g>`)
	for _, l := range labels {
		r := placeLabel(l, taken)
		taken = append(taken, r)
		o.f(`<g><title>%s</title>`, xmlText(l.title))
		o.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="#ffffff" fill-opacity="0.85"/>`, ff(r.x0), ff(r.y0), ff(r.x1-r.x0), ff(r.y1-r.y0))
		o.f(`<text x="%s" y="%s" text-anchor="middle" fill="%s">%s</text>`, ff((r.x0+r.x1)/2), ff(r.y1-3), l.color, xmlText(l.text))
		o.f(`</g>`)
	}
	o.f(`</g>`)
}

// renderViolation draws the violation band when its row is on page pg.
func (d *svgDiagram) renderViolation(o *svgOut, pg [2]int, last bool, ly func(int) int) {
	if d.vioRow >= pg[0] && (d.vioRow < pg[1] || (last && d.vioRow == d.n)) {
		by := ly(d.rowTop[d.vioRow] + d.rowH[d.vioRow] - d.bandH())
		o.f(`<g><title>%s</title>`, xmlText(oneLine(violationText(d.t.Violation))))
		o.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2" stroke-dasharray="8 4"/>`, svgMargin, by+4, d.width-svgMargin, by+4, svgRed)
		for j, l := range d.vioBand {
			o.text(svgMargin, by+4+svgLineH*(j+1), `fill="`+svgRed+`" font-weight="bold"`, l)
		}
		o.f(`</g>`)
	}
}

// msgTitle describes message mi: its send and its end, as the text table
// words them.
func (d *svgDiagram) msgTitle(mi int) string {
	m := &d.fl.msgs[mi]
	var parts []string
	if m.sendStep >= 0 {
		parts = append(parts, "step "+strconv.Itoa(m.sendStep+1)+": "+DescribeEffect(d.rep.Effects[m.sendStep][m.sendEff]))
	} else {
		parts = append(parts, "sent before the replayed steps: "+formatMsg(m.msg))
	}
	if m.endStep >= 0 {
		parts = append(parts, "step "+strconv.Itoa(m.endStep+1)+": "+DescribeEffect(d.rep.Effects[m.endStep][m.endEff]))
	} else {
		parts = append(parts, "still in flight at the end")
	}
	return strings.Join(parts, "; ")
}

// svgRect is an axis-aligned rectangle: x0 <= x1, y0 <= y1.
type svgRect struct{ x0, y0, x1, y1 float64 }

// overlap is the area a and b share.
func overlap(a, b svgRect) float64 {
	w := min(a.x1, b.x1) - max(a.x0, b.x0)
	h := min(a.y1, b.y1) - max(a.y0, b.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// svgLabel is a message label to place along the visible part of its
// arrow, from (x1,y1) to (x2,y2) in page coordinates.
type svgLabel struct {
	x1, y1, x2, y2 float64
	text, color    string
	title          string
}

// labelSpots are the fractions of an arrow tried for its label, best
// first.
var labelSpots = []float64{0.5, 0.38, 0.62, 0.26, 0.74, 0.16, 0.84}

// placeLabel returns the rectangle of l's label at the first spot along
// its arrow that overlaps nothing in taken, else at the spot that overlaps
// least.
func placeLabel(l svgLabel, taken []svgRect) svgRect {
	w := float64(textW(utf8.RuneCountInString(l.text)) + 4)
	best, bestArea := svgRect{}, -1.0
	for _, f := range labelSpots {
		mx, my := l.x1+(l.x2-l.x1)*f, l.y1+(l.y2-l.y1)*f
		if l.y1 == l.y2 {
			my -= 7 // a horizontal arrow: the label above it
		}
		r := svgRect{mx - w/2, my - 9, mx + w/2, my + 4}
		area := 0.0
		for _, t := range taken {
			area += overlap(r, t)
		}
		if bestArea < 0 || area < bestArea {
			best, bestArea = r, area
		}
		if area == 0 {
			break
		}
	}
	return best
}

// renderMsg draws the lines of message mi between global y ga and gb (ly
// maps them to the page) and returns its label, if any part is visible.
func (d *svgDiagram) renderMsg(o *svgOut, mi, ga, gb int, ly func(float64) float64) (svgLabel, bool) {
	m := &d.fl.msgs[mi]
	pf, ok1 := d.index[m.msg.From]
	pt, ok2 := d.index[m.msg.To]
	if !ok1 || !ok2 {
		return svgLabel{}, false
	}
	x1, x2 := float64(d.x(pf)), float64(d.x(pt))
	y2 := float64(d.ev(d.n))
	if m.endStep >= 0 {
		y2 = float64(d.ev(m.endStep))
	}
	y1 := y2
	if m.sendStep >= 0 {
		y1 = float64(d.ev(m.sendStep))
	}
	a, b := float64(ga), float64(gb)
	if y2 < a || y1 > b {
		return svgLabel{}, false
	}
	cutStart, cutEnd := false, false
	cx1, cy1, cx2, cy2 := x1, y1, x2, y2
	if y1 < a && y2 > y1 {
		cx1, cy1, cutStart = x1+(x2-x1)*(a-y1)/(y2-y1), a, true
	}
	if y2 > b && y2 > y1 {
		cx2, cy2, cutEnd = x1+(x2-x1)*(b-y1)/(y2-y1), b, true
	}
	lost := m.endStep >= 0 && (m.end == model.Dropped || m.end == model.Bounced)
	color, dash := svgMsgColor, ""
	switch {
	case m.forwarded:
		color, dash = svgFwdColor, "6 3"
	case m.endStep < 0:
		color, dash = svgLostColor, "1 3"
	case lost:
		color, dash = svgLostColor, "4 3"
	}
	title := d.msgTitle(mi)
	o.f(`<g><title>%s</title>`, xmlText(title))
	svgArrowLine(o, cx1, ly(cy1), cx2, ly(cy2), color, dash, !cutEnd && m.endStep >= 0 && !lost, m.end == model.Forwarded)
	if !cutEnd && lost {
		svgCross(o, int(x2), int(ly(y2)), svgRed)
		if m.end == model.Bounced {
			svgArrowLine(o, x2, ly(y2), x1, ly(y2), svgLostColor, "2 3", true, false)
		}
	}
	if cutEnd {
		o.f(`<text x="%s" y="%s" text-anchor="middle" fill="%s" font-size="9">%s</text>`, ff(cx2), ff(ly(cy2)-3), svgGrey, xmlText(d.endWhere(m)))
	}
	if cutStart {
		o.f(`<text x="%s" y="%s" text-anchor="middle" fill="%s" font-size="9">%s</text>`, ff(cx1), ff(ly(cy1)+10), svgGrey, "from step "+strconv.Itoa(m.sendStep+1))
	}
	o.f(`</g>`)
	label := clip(m.msg.Body(), svgLabelChars) + " #" + strconv.FormatUint(uint64(m.msg.Seq), 10)
	switch {
	case m.endStep < 0:
		label += " (in flight)"
	case m.end == model.Dropped:
		label += " (dropped)"
	case m.end == model.Bounced:
		label += " (bounced)"
	}
	return svgLabel{x1: cx1, y1: ly(cy1), x2: cx2, y2: ly(cy2), text: label, color: color, title: title}, true
}

func (d *svgDiagram) endWhere(m *flowMsg) string {
	if m.endStep < 0 {
		return "in flight to the end"
	}
	return "to step " + strconv.Itoa(m.endStep+1)
}

// svgArrowLine draws a line from (x1,y1) to (x2,y2), with an arrowhead at
// the end when head is set (open: an outlined head).
func svgArrowLine(o *svgOut, x1, y1, x2, y2 float64, color, dash string, head, open bool) {
	dx, dy := x2-x1, y2-y1
	l := dx*dx + dy*dy
	extra := ""
	if dash != "" {
		extra = ` stroke-dasharray="` + dash + `"`
	}
	if !head || l < 1 {
		o.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"%s/>`, ff(x1), ff(y1), ff(x2), ff(y2), color, extra)
		return
	}
	n := math.Sqrt(l) // correctly rounded everywhere: the bytes do not depend on the platform
	ux, uy := dx/n, dy/n
	const hl, hw = 9.0, 4.0
	bx, by := x2-ux*hl, y2-uy*hl
	o.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"%s/>`, ff(x1), ff(y1), ff(bx), ff(by), color, extra)
	fill := color
	if open {
		fill = "#ffffff"
	}
	o.f(`<polygon points="%s,%s %s,%s %s,%s" fill="%s" stroke="%s" stroke-width="1"/>`,
		ff(x2), ff(y2), ff(bx-uy*hw), ff(by+ux*hw), ff(bx+uy*hw), ff(by-ux*hw), fill, color)
}

func svgCross(o *svgOut, x, y int, color string) {
	o.f(`<path d="M%d %dL%d %dM%d %dL%d %d" stroke="%s" stroke-width="2.5"/>`, x-5, y-5, x+5, y+5, x-5, y+5, x+5, y-5, color)
}

func svgStatusLine(o *svgOut, x1, y1, x2, y2 int, s model.Status) {
	if y2 <= y1 && x2 <= x1 {
		return
	}
	switch s {
	case model.Crashed:
		o.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1.5" stroke-dasharray="5 4"/>`, x1, y1, x2, y2, svgRed)
	case model.Absent:
		o.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1.5" stroke-dasharray="1 4"/>`, x1, y1, x2, y2, svgLostColor)
	default:
		o.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1.5"/>`, x1, y1, x2, y2, svgInk)
	}
}

func svgMarkAt(o *svgOut, k svgMarkKind, x, y int) {
	switch k {
	case markDot, markDecide:
		o.f(`<circle cx="%d" cy="%d" r="3" fill="%s"/>`, x, y, svgInk)
	case markStart:
		o.f(`<circle cx="%d" cy="%d" r="5" fill="%s"/>`, x, y, svgGreen)
	case markCrash:
		svgCross(o, x, y, svgRed)
	case markRecover:
		o.f(`<circle cx="%d" cy="%d" r="6" fill="#ffffff" stroke="%s" stroke-width="2.5"/>`, x, y, svgGreen)
	case markJoin:
		o.f(`<rect x="%d" y="%d" width="10" height="10" fill="%s"/>`, x-5, y-5, svgBlue)
	case markTimer:
		o.f(`<path d="M%d %dL%d %dL%d %dL%d %dZ" fill="%s"/>`, x, y-6, x+6, y, x, y+6, x-6, y, svgOrange)
	case markForward:
		o.f(`<rect x="%d" y="%d" width="10" height="10" fill="#ffffff" stroke="%s" stroke-width="2"/>`, x-5, y-5, svgFwdColor)
	}
}

// svgBoxW is the width of a decision box for text.
func svgBoxW(text string, style svgAnnStyle) int {
	if style == annCoord {
		return textW(max(utf8.RuneCountInString(text), len("coordinator"))) + 8
	}
	return textW(utf8.RuneCountInString(text)) + 8
}

// svgBox draws a decision box from x whose first line's middle is at y:
// leader=X in blue, or on gold with "coordinator" under it.
func svgBox(o *svgOut, x, y int, text string, style svgAnnStyle) {
	w := svgBoxW(text, style)
	if style == annCoord {
		o.f(`<rect x="%d" y="%d" width="%d" height="28" rx="3" fill="%s" stroke="%s" stroke-width="2"/>`, x, y-8, w, svgGold, svgGoldEdge)
		o.text(x+4, y+4, `font-weight="bold" fill="`+svgInk+`"`, text)
		o.text(x+4, y+17, `font-weight="bold" fill="`+svgGoldEdge+`" font-size="10"`, "coordinator")
		return
	}
	o.f(`<rect x="%d" y="%d" width="%d" height="14" rx="3" fill="#ffffff" stroke="%s" stroke-width="1"/>`, x, y-8, w, svgBlue)
	o.text(x+4, y+3, `fill="`+svgBlue+`"`, text)
}

// svgSummary is the document for a trace too large to draw: the config,
// why it is summarised, the message counts, the steps of every fault,
// decision and lost message (at most svgSummaryLines), and the violation.
func svgSummary(t *Trace, rep *Replayed, order []model.ID) string {
	const svgSummaryLines = 200
	title := "electlab summary: " + t.Config.Algo
	var lines []string
	lines = append(lines, wrapText(t.Config.String(), 110)...)
	lines = append(lines, "",
		fmt.Sprintf("%d processes and %d steps: more than a readable space-time diagram holds (at most %d processes and %d steps).",
			len(order), len(t.Steps), SVGMaxProcesses, SVGMaxSteps),
		"Use -render text for every step, or -render shiviz (ShiViz can hide and collapse processes).", "")
	o := t.Outcome
	lines = append(lines, fmt.Sprintf("outcome: leader=%s agreed=%t coordinators=[%s] quiescent=%t steps=%d",
		formatID(o.Leader), o.Agreed, model.FormatIDs(o.Coordinators), o.Quiescent, o.Events))
	m := o.Messages
	lines = append(lines, fmt.Sprintf("messages: sends=%d transmissions=%d deliveries=%d forwards=%d", m.Sends, m.Transmissions, m.Deliveries, m.Forwards))
	if t.Violation != nil {
		lines = append(lines, wrapText(oneLine(violationText(t.Violation)), 110)...)
	}
	lines = append(lines, "", "faults, decisions and lost messages:")
	count := 0
	if rep != nil {
		for i, effs := range rep.Effects {
			for _, e := range effs {
				switch e.Kind {
				case model.CrashedP, model.Recovered, model.Joined, model.Decided, model.Dropped, model.Bounced:
				default:
					continue
				}
				if count < svgSummaryLines {
					lines = append(lines, "  step "+strconv.Itoa(i+1)+": "+DescribeEffect(e))
				}
				count++
			}
		}
	}
	if count > svgSummaryLines {
		lines = append(lines, fmt.Sprintf("  ... and %d more", count-svgSummaryLines))
	}
	if count == 0 {
		lines = append(lines, "  (none)")
	}
	return svgMessageDoc(title, lines)
}
