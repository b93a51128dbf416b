package traces

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/internal/filetest"
	"github.com/electlab/electlab/model"
)

// rewriteDiagrams rewrites the golden renderings TestDiagrams compares.
const rewriteDiagrams = "go test ./traces -run TestDiagrams -rewrite"

// TestDiagrams checks the SVG and ShiViz renderings against the golden
// files testdata/traces/svg/NAME.svg and testdata/traces/shiviz/NAME.log
// (open them in a browser and in ShiViz to review them); rewrite them,
// and the summaries in diagrams.txt, with
//
//	go test ./traces -run TestDiagrams -rewrite
//
// Commands (in testdata/traces/diagrams.txt):
//
//	diagram name=NAME [render's arguments]     an execution, as for render
//	diagram name=NAME counterexample=FILE     a shipped counterexample
//	diagram name=NAME synthetic               one step with every kind of effect
//
// Each case also checks that the SVG is well-formed XML, self-contained,
// and shows every event and every effect of the trace, and that the
// ShiViz log parses under ShiVizParser with clocks ShiViz accepts.
func TestDiagrams(t *testing.T) {
	datadriven.RunTest(t, "../testdata/traces/diagrams.txt", func(t *testing.T, d *datadriven.TestData) string {
		if d.Cmd != "diagram" {
			d.Fatalf(t, "unknown command %q", d.Cmd)
		}
		var name, ce string
		synthetic := false
		rest := *d
		rest.CmdArgs = nil
		for _, a := range d.CmdArgs {
			switch a.Key {
			case "name":
				name = a.SingleVal(t)
			case "counterexample":
				ce = a.SingleVal(t)
			case "synthetic":
				synthetic = true
			default:
				rest.CmdArgs = append(rest.CmdArgs, a)
			}
		}
		if name == "" {
			d.Fatalf(t, "diagram needs name=NAME")
		}
		var tr *Trace
		var rep *Replayed
		var err error
		switch {
		case synthetic:
			tr, rep = allEffectsTrace()
		case ce != "":
			tr, rep, err = loadCounterexample(filepath.Join("..", "testdata", "counterexamples", ce))
		default:
			tr, rep, err = buildTrace(&rest)
		}
		if err != nil {
			return "error: " + err.Error() + "\n"
		}
		svg := RenderSVG(tr, rep)
		sv := RenderShiViz(tr, rep)
		if RenderSVG(tr, rep) != svg || RenderShiViz(tr, rep) != sv {
			t.Errorf("%s: the renderings are not deterministic", name)
		}
		var out strings.Builder
		fmt.Fprintf(&out, "svg/%s.svg: %s\n", name, checkSVG(t, tr, rep, svg))
		fmt.Fprintf(&out, "shiviz/%s.log: %s\n", name, checkShiViz(t, tr, rep, sv))
		filetest.Golden(t, filepath.Join("..", "testdata", "traces", "svg", name+".svg"), svg, rewriteDiagrams)
		filetest.Golden(t, filepath.Join("..", "testdata", "traces", "shiviz", name+".log"), sv, rewriteDiagrams)
		return out.String()
	})
}

// loadCounterexample loads and replays a trace file.
func loadCounterexample(path string) (*Trace, *Replayed, error) {
	tr, err := Load(path)
	if err != nil {
		return nil, nil, err
	}
	spec, err := algos.Registry().Lookup(tr.Config.Algo)
	if err != nil {
		return nil, nil, err
	}
	rep, err := Replay(spec, tr)
	return tr, rep, err
}

// allEffectsTrace is a made-up two-process trace whose steps hold every
// kind of effect (timers, recoveries, joins, bounces and forwards do not
// all occur in changroberts runs).
func allEffectsTrace() (*Trace, *Replayed) {
	k := &model.Kind{Name: "poll", Args: 2}
	m := func(from, to model.ID, seq uint32) model.Message {
		return model.Message{Kind: k, From: from, To: to, Seq: seq, A: 7, B: 8, List: []model.ID{4, 5}}
	}
	effs := [][]model.Effect{
		{{Kind: model.Started, P: 1}, {Kind: model.Sent, P: 1, Msg: m(1, 2, 1)}, {Kind: model.Sent, P: 1, Msg: m(1, 2, 2)}, {Kind: model.Sent, P: 1, Msg: m(1, 3, 1)}},
		{{Kind: model.CrashedP, P: 2}},
		{{Kind: model.Forwarded, P: 2, Msg: m(2, 3, 1)}},
		{{Kind: model.Dropped, P: 2, Msg: m(1, 2, 2)}},
		{{Kind: model.Delivered, P: 3, Msg: m(2, 3, 1)}, {Kind: model.Noted, P: 3, Tag: "seen", Val: 4}, {Kind: model.Decided, P: 3, Val: 3, Coord: true}},
		{{Kind: model.Fired, P: 1, Val: 1}, {Kind: model.Sent, P: 1, Msg: m(1, 2, 3)}},
		{{Kind: model.Recovered, P: 2}, {Kind: model.Decided, P: 2, Val: 0}},
		{{Kind: model.Bounced, P: 1, Msg: m(1, 2, 3)}},
		{{Kind: model.Joined, P: 4}, {Kind: model.Sent, P: 4, Msg: m(4, 1, 1)}},
		{{Kind: model.Delivered, P: 3, Msg: m(1, 3, 1)}, {Kind: model.Decided, P: 3, Val: 3}},
		{{Kind: model.Delivered, P: 1, Msg: m(4, 1, 1)}, {Kind: model.Decided, P: 1, Val: 3}},
	}
	evs := []model.Event{
		{Kind: model.EvDetect, P: 1}, {Kind: model.EvCrash, P: 2}, {Kind: model.EvDeliver, From: 1, P: 2, Seq: 1},
		{Kind: model.EvDeliver, From: 1, P: 2, Seq: 2}, {Kind: model.EvDeliver, From: 2, P: 3, Seq: 1},
		{Kind: model.EvFire, P: 1, Timer: 1}, {Kind: model.EvRecover, P: 2}, {Kind: model.EvDeliver, From: 1, P: 2, Seq: 3},
		{Kind: model.EvJoin, P: 4}, {Kind: model.EvDeliver, From: 1, P: 3, Seq: 1}, {Kind: model.EvDeliver, From: 4, P: 1, Seq: 1},
	}
	tr := &Trace{Config: &model.Config{Algo: "synthetic", IDs: []model.ID{1, 2, 3}, Absent: []model.ID{4}, Forwarding: true, CrashBudget: 1, Recovery: true},
		Violation: &Violation{Property: "made-up", Step: 8, Message: "a <made-up> violation & \"quotes\""},
		Note:      "every kind of effect, made up"}
	for _, ev := range evs {
		tr.Steps = append(tr.Steps, Step{Event: ev})
	}
	return tr, &Replayed{Effects: effs}
}

// svgDoc is what checkSVG reads from an SVG document.
type svgDoc struct {
	texts, titles []string
	pages         int
}

// parseSVG decodes the whole document with encoding/xml (strict), checks
// that it is self-contained and embeddable (one <svg> root in the SVG
// namespace; no script, style, foreignObject, link, id or external
// reference) and collects its <text> and <title> contents.
func parseSVG(doc string) (*svgDoc, error) {
	dec := xml.NewDecoder(strings.NewReader(doc))
	out := &svgDoc{}
	var stack []string
	var cur *strings.Builder
	roots := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 {
				roots++
				if tk.Name.Local != "svg" || tk.Name.Space != "http://www.w3.org/2000/svg" {
					return nil, fmt.Errorf("the root is <%s xmlns=%q>, want an SVG <svg>", tk.Name.Local, tk.Name.Space)
				}
			} else if tk.Name.Local == "svg" {
				out.pages++
			}
			switch tk.Name.Local {
			case "script", "style", "foreignObject", "a", "image", "use", "link":
				return nil, fmt.Errorf("<%s> makes the SVG depend on something else", tk.Name.Local)
			}
			for _, a := range tk.Attr {
				if a.Name.Local == "id" || a.Name.Local == "href" || a.Name.Local == "class" || a.Name.Local == "style" ||
					strings.HasPrefix(a.Name.Local, "on") || strings.Contains(a.Value, "url(") {
					return nil, fmt.Errorf("<%s %s=%q>: no ids, classes, styles, handlers or references", tk.Name.Local, a.Name.Local, a.Value)
				}
			}
			stack = append(stack, tk.Name.Local)
			if tk.Name.Local == "text" || tk.Name.Local == "title" {
				cur = &strings.Builder{}
			}
		case xml.CharData:
			if cur != nil {
				cur.Write(tk)
			}
		case xml.EndElement:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch top {
			case "text":
				out.texts = append(out.texts, cur.String())
				cur = nil
			case "title":
				out.titles = append(out.titles, cur.String())
				cur = nil
			}
		case xml.ProcInst, xml.Directive:
			return nil, fmt.Errorf("unexpected %T in the SVG (it must be embeddable in HTML as it is)", tk)
		}
	}
	if roots != 1 {
		return nil, fmt.Errorf("%d root elements", roots)
	}
	return out, nil
}

// checkSVG checks the rendering of tr and returns a summary: the pages,
// and the counts of steps and messages drawn.
func checkSVG(t *testing.T, tr *Trace, rep *Replayed, svg string) string {
	t.Helper()
	doc, err := parseSVG(svg)
	if err != nil {
		t.Errorf("the SVG is not well-formed or not self-contained: %v", err)
		return "invalid"
	}
	if strings.Contains(svg, "electlab summary:") {
		return fmt.Sprintf("summary (%d steps, %d processes)", len(tr.Steps), len(processOrder(tr, rep)))
	}
	// Every step's event is in the step column, every effect in a title.
	texts := "\n" + strings.Join(doc.texts, "\n") + "\n"
	titles := strings.Join(doc.titles, "\n")
	for i, s := range tr.Steps {
		if !strings.Contains(texts, "\n"+s.Event.String()+"\n") && !strings.Contains(texts, "\n"+s.Event.String()+" (not replayed)\n") {
			t.Errorf("step %d's event %q is not in a <text> of the SVG", i+1, s.Event)
		}
		if rep == nil || i >= len(rep.Effects) {
			continue
		}
		for _, e := range rep.Effects[i] {
			if want := "step " + strconv.Itoa(i+1) + ": " + DescribeEffect(e); !strings.Contains(titles, want) {
				t.Errorf("effect %q is not in a <title> of the SVG", want)
			}
		}
	}
	if v := tr.Violation; v != nil && !strings.Contains(texts, v.Property) {
		t.Errorf("the violated property %q is not in a <text> of the SVG", v.Property)
	}
	fl := buildFlow(tr, rep)
	return fmt.Sprintf("%d page(s), %d steps, %d messages, %d titles", doc.pages, len(tr.Steps), len(fl.msgs), len(doc.titles))
}

// shivizRE is ShiVizParser in Go's syntax, applied as ShiViz applies it
// (global, multi-line).
var shivizRE = regexp.MustCompile(`(?m)` + strings.NewReplacer("(?<", "(?P<").Replace(ShiVizParser))

// checkShiViz parses the log as ShiViz does and checks what ShiViz
// checks: each host's clock starts at 1 and grows by 1, every clock entry
// names a host with that many events; and that the clocks are those of
// the trace: one event per effect, each message's receive event after its
// send event. It returns a summary.
func checkShiViz(t *testing.T, tr *Trace, rep *Replayed, log string) string {
	t.Helper()
	first, _, _ := strings.Cut(log, "\n")
	if !regexp.MustCompile(strings.NewReplacer("(?<", "(?P<").Replace(ShiVizDelimiter)).MatchString(first) {
		t.Errorf("the first line %q does not match ShiVizDelimiter", first)
	}
	type event struct {
		host  string
		clock map[string]int
	}
	var evs []event
	count := map[string]int{}
	var hosts []string
	for _, m := range shivizRE.FindAllStringSubmatch(strings.TrimSpace(log), -1) {
		host, clock := m[shivizRE.SubexpIndex("host")], m[shivizRE.SubexpIndex("clock")]
		var c map[string]int
		if err := json.Unmarshal([]byte(clock), &c); err != nil {
			t.Errorf("clock %q: %v", clock, err)
			continue
		}
		if _, ok := count[host]; !ok {
			hosts = append(hosts, host)
		}
		count[host]++
		if c[host] != count[host] {
			t.Errorf("event %q at %s: its own clock is %d, want %d (ShiViz needs 1, 2, 3, ...)", m[shivizRE.SubexpIndex("event")], host, c[host], count[host])
		}
		evs = append(evs, event{host, c})
	}
	for _, e := range evs {
		for h, v := range e.clock {
			if v < 1 || v > count[h] {
				t.Errorf("clock %v names %s=%d, but %s has %d events", e.clock, h, v, h, count[h])
			}
		}
	}
	want := 0
	if rep != nil {
		for _, effs := range rep.Effects {
			want += len(effs)
		}
	}
	if len(evs) != want {
		t.Errorf("the log has %d events, the trace %d effects", len(evs), want)
	}
	// Each receive's clock covers its send's.
	if rep != nil && len(evs) == want {
		fl := buildFlow(tr, rep)
		at := map[[2]int]int{} // (step, effect) -> event index
		n := 0
		for i, effs := range rep.Effects {
			for j := range effs {
				at[[2]int{i, j}] = n
				n++
			}
		}
		for _, m := range fl.msgs {
			if m.sendStep < 0 || m.endStep < 0 {
				continue
			}
			s, r := evs[at[[2]int{m.sendStep, m.sendEff}]], evs[at[[2]int{m.endStep, m.endEff}]]
			for h, v := range s.clock {
				if r.clock[h] < v {
					t.Errorf("message %s: the receive clock %v does not cover the send clock %v", formatMsg(m.msg), r.clock, s.clock)
				}
			}
		}
	}
	slices.Sort(hosts)
	return fmt.Sprintf("%d events, hosts %s", len(evs), strings.Join(hosts, ","))
}

// TestRenderCounterexamples renders every shipped counterexample in all
// four forms.
func TestRenderCounterexamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "counterexamples", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no shipped counterexamples: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			tr, rep, err := loadCounterexample(f)
			if err != nil {
				t.Fatal(err)
			}
			if s := RenderText(tr, rep); !strings.Contains(s, tr.Violation.Property) {
				t.Errorf("the text rendering lacks the violation:\n%s", s)
			}
			if s := RenderMermaid(tr, rep); !strings.HasPrefix(s, "sequenceDiagram\n") {
				t.Errorf("the Mermaid rendering is not a sequenceDiagram:\n%s", s)
			}
			checkSVG(t, tr, rep, RenderSVG(tr, rep))
			checkShiViz(t, tr, rep, RenderShiViz(tr, rep))
		})
	}
}

// TestRenderSVGEdges: empty, config-less and unreplayed traces, odd text,
// and the limits.
func TestRenderSVGEdges(t *testing.T) {
	for _, tc := range []struct {
		name string
		tr   *Trace
		rep  *Replayed
	}{
		{"nil", nil, nil},
		{"no config", &Trace{}, nil},
		{"no steps", &Trace{Config: &model.Config{Algo: "x", IDs: []model.ID{1, 2}}}, nil},
		{"not replayed", &Trace{Config: &model.Config{Algo: "x", IDs: []model.ID{1, 2}}, Steps: []Step{{Event: model.Event{Kind: model.EvDetect, P: 1}}},
			Violation: &Violation{Property: "p&<q>", Step: 7, Message: "bad\x00byte \xff and\nline"}, Note: "]]> <!-- --> &amp;"}, nil},
	} {
		svg := RenderSVG(tc.tr, tc.rep)
		if _, err := parseSVG(svg); err != nil {
			t.Errorf("%s: %v\n%s", tc.name, err, svg)
		}
		_ = RenderShiViz(tc.tr, tc.rep)
	}
	// Too many processes: a summary, still well-formed.
	ids := model.IDsUpTo(SVGMaxProcesses + 1)
	big := &Trace{Config: &model.Config{Algo: "x", IDs: ids}}
	svg := RenderSVG(big, nil)
	if _, err := parseSVG(svg); err != nil || !strings.Contains(svg, "electlab summary:") {
		t.Errorf("more than %d processes: want a well-formed summary, got %v:\n%s", SVGMaxProcesses, err, svg)
	}
}

// TestRenderSVGPages: a long trace is split into pages of equal size, no
// longer than SVGStepsPerPage, each with the process header.
func TestRenderSVGPages(t *testing.T) {
	steps := 2*SVGStepsPerPage + 1
	tr := &Trace{Config: &model.Config{Algo: "x", IDs: []model.ID{1, 2}}}
	effs := make([][]model.Effect, steps)
	k := &model.Kind{Name: "m"}
	for i := range steps {
		from, to := model.ID(1+i%2), model.ID(2-i%2)
		tr.Steps = append(tr.Steps, Step{Event: model.Event{Kind: model.EvDeliver, From: to, P: from, Seq: uint32(i)}})
		if i > 0 {
			effs[i] = append(effs[i], model.Effect{Kind: model.Delivered, P: from, Msg: model.Message{Kind: k, From: to, To: from, Seq: uint32(i)}})
		}
		effs[i] = append(effs[i], model.Effect{Kind: model.Sent, P: from, Msg: model.Message{Kind: k, From: from, To: to, Seq: uint32(i + 1)}})
	}
	svg := RenderSVG(tr, &Replayed{Effects: effs})
	doc, err := parseSVG(svg)
	if err != nil {
		t.Fatal(err)
	}
	if doc.pages != 3 {
		t.Errorf("%d steps: %d pages, want 3", steps, doc.pages)
	}
	for _, want := range []string{"steps 1-34 of 101 (page 1 of 3)", "steps 35-68 of 101 (page 2 of 3)", "steps 69-101 of 101 (page 3 of 3)"} {
		if !slices.Contains(doc.texts, want) {
			t.Errorf("no page header %q", want)
		}
	}
	if c := bytes.Count([]byte(svg), []byte(">2</text>")); c < 3 {
		t.Errorf("the process header is drawn %d times, want once per page", c)
	}
}
