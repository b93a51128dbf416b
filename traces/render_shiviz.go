package traces

import (
	"strconv"
	"strings"

	"github.com/electlab/electlab/model"
)

// ShiVizParser is the "log parsing regular expression" ShiViz
// (https://bestchai.bitbucket.io/shiviz/) needs for RenderShiViz's output.
// It is ShiViz's own default: each event takes two lines, its description
// then its host and vector clock.
const ShiVizParser = `(?<event>.*)\n(?<host>\S*) (?<clock>{.*})`

// ShiVizDelimiter is the "multiple executions regular expression" for
// several RenderShiViz logs concatenated in one file: each log starts with
// a line "=== LABEL ===", LABEL naming the config and the violation.
const ShiVizDelimiter = `^=== (?<trace>.*) ===$`

// RenderShiViz renders t as a log the ShiViz visualizer accepts with the
// parser ShiVizParser: a first line "=== LABEL ===" (the config and the
// violation; the execution's label under ShiVizDelimiter, ignored by the
// parser otherwise), then two lines per effect of rep, in the order they
// happened:
//
//	step 6 deliver 3->1 #1: delivered 3->1 elect(3) #1
//	P1 {"P3":1,"P1":2}
//
// The host is P followed by the process id. Every effect is an event of
// the process it happens at (a forward by a crashed node is an event of
// that node; a dropped message one of its receiver; a bounce one of the
// sender), and the vector clocks follow the trace: each event increments
// its host's entry, and the event that takes a message off its link
// (delivered, dropped, bounced, or forwarded by a crashed node) first
// merges the clock of the event that sent it, so ShiViz draws the
// message. A clock lists its non-zero entries in ring order. The output is
// deterministic; a trace without effects is the label line alone (ShiViz
// needs at least one event).
func RenderShiViz(t *Trace, rep *Replayed) string {
	var b strings.Builder
	label := "no trace config"
	if t != nil && t.Config != nil {
		label = t.Config.String()
		if t.Violation != nil {
			label += " | " + violationText(t.Violation)
		}
	}
	b.WriteString("=== " + oneLine(label) + " ===\n")
	if t == nil || t.Config == nil || rep == nil {
		return b.String()
	}
	order := processOrder(t, rep)
	index := map[model.ID]int{} // lookups only
	for i, id := range order {
		index[id] = i
	}
	fl := buildFlow(t, rep)
	clocks := make([][]int, len(order))
	for i := range clocks {
		clocks[i] = make([]int, len(order))
	}
	sent := make([][]int, len(fl.msgs)) // the clock of each message's send event
	for i, effs := range rep.Effects {
		ev := "?"
		if i < len(t.Steps) {
			ev = t.Steps[i].Event.String()
		}
		for j, e := range effs {
			p, ok := index[e.P]
			if !ok {
				continue
			}
			c := clocks[p]
			if r := fl.refs[i][j]; r.in >= 0 && sent[r.in] != nil {
				for h, v := range sent[r.in] {
					c[h] = max(c[h], v)
				}
			}
			c[p]++
			if r := fl.refs[i][j]; r.out >= 0 {
				sent[r.out] = append([]int(nil), c...)
			}
			b.WriteString("step " + strconv.Itoa(i+1) + " " + ev + ": " + oneLine(DescribeEffect(e)) + "\n")
			b.WriteString(shivizHost(order[p]) + " {")
			first := true
			for h, v := range c {
				if v == 0 {
					continue
				}
				if !first {
					b.WriteByte(',')
				}
				first = false
				b.WriteString(`"` + shivizHost(order[h]) + `":` + strconv.Itoa(v))
			}
			b.WriteString("}\n")
		}
	}
	return b.String()
}

// shivizHost names process id as a ShiViz host: "P3".
func shivizHost(id model.ID) string { return "P" + strconv.Itoa(int(id)) }
