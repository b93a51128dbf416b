package traces

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/model"
)

// DescribeEffect renders one effect as the text step table shows it,
// e.g. "sent 3->1 elect(3) #1" or "decided 5: leader=5 (coordinator)".
func DescribeEffect(e model.Effect) string {
	p := strconv.Itoa(int(e.P))
	switch e.Kind {
	case model.Sent:
		return "sent " + formatMsg(e.Msg)
	case model.Forwarded:
		return "forwarded " + formatMsg(e.Msg) + " (by crashed " + p + ")"
	case model.Delivered:
		return "delivered " + formatMsg(e.Msg)
	case model.Dropped:
		return "dropped " + formatMsg(e.Msg) + " (" + p + " is down)"
	case model.Bounced:
		return "bounced " + formatMsg(e.Msg) + " (back to " + p + ")"
	case model.Noted:
		return "observed " + p + ": " + e.Tag + "=" + strconv.Itoa(int(e.Val))
	case model.Fired:
		return "fired " + p + " t" + strconv.Itoa(int(e.Val))
	case model.Started:
		return "started " + p
	case model.CrashedP:
		return "crashed " + p
	case model.Recovered:
		return "recovered " + p
	case model.Joined:
		return "joined " + p
	case model.Decided:
		return "decided " + p + ": " + decision(e)
	}
	return fmt.Sprintf("effect(%d) %s", e.Kind, p)
}

// decision renders a Decided effect: "leader=5 (coordinator)".
func decision(e model.Effect) string {
	s := "leader=" + formatID(model.ID(e.Val))
	if e.Coord {
		s += " (coordinator)"
	}
	return s
}

// violationText renders the violation, or "".
func violationText(v *Violation) string {
	if v == nil {
		return ""
	}
	where := "at the end"
	if v.Step > 0 {
		where = "after step " + strconv.Itoa(v.Step)
	}
	return "violation of " + v.Property + " " + where + ": " + v.Message
}

// RenderText renders t as a step table: the config, then for each step
// its number, its event and its effects (from rep, which may be nil or a
// partial replay), then the outcome and the violation. The output is
// deterministic.
func RenderText(t *Trace, rep *Replayed) string {
	var b strings.Builder
	if t.Config != nil {
		b.WriteString(t.Config.String())
		b.WriteByte('\n')
	}
	if t.Note != "" {
		b.WriteString("note: " + oneLine(t.Note) + "\n")
	}
	b.WriteByte('\n')
	width := len("event")
	for _, s := range t.Steps {
		width = max(width, len(s.Event.String()))
	}
	num := len(strconv.Itoa(len(t.Steps)))
	num = max(num, len("step"))
	row := func(step, ev, eff string) {
		line := fmt.Sprintf("%*s  %-*s  %s", num, step, width, ev, eff)
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	row("step", "event", "effects")
	for i, s := range t.Steps {
		var effs []string
		switch {
		case rep == nil:
		case i < len(rep.Effects):
			for _, e := range rep.Effects[i] {
				effs = append(effs, DescribeEffect(e))
			}
			if len(effs) == 0 {
				effs = append(effs, "-")
			}
		default:
			effs = append(effs, "(not replayed)")
		}
		if len(effs) == 0 {
			effs = []string{""}
		}
		row(strconv.Itoa(i+1), s.Event.String(), effs[0])
		for _, e := range effs[1:] {
			row("", "", e)
		}
		if t.Violation != nil && t.Violation.Step == i+1 {
			row("", "", "!! "+oneLine(violationText(t.Violation)))
		}
	}
	b.WriteByte('\n')
	o := t.Outcome
	fmt.Fprintf(&b, "outcome: leader=%s agreed=%t coordinators=[%s] quiescent=%t steps=%d\n",
		formatID(o.Leader), o.Agreed, model.FormatIDs(o.Coordinators), o.Quiescent, o.Events)
	m := o.Messages
	fmt.Fprintf(&b, "messages: sends=%d transmissions=%d deliveries=%d forwards=%d\n",
		m.Sends, m.Transmissions, m.Deliveries, m.Forwards)
	kinds := make([]string, 0, len(m.ByKind))
	for k := range m.ByKind {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		c := m.ByKind[k]
		fmt.Fprintf(&b, "  %s: sends=%d transmissions=%d deliveries=%d\n", k, c.Sends, c.Transmissions, c.Deliveries)
	}
	if t.Violation != nil {
		b.WriteString(oneLine(violationText(t.Violation)))
		b.WriteByte('\n')
	}
	return b.String()
}

// oneLine replaces line breaks by spaces.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// mermaidText escapes free text for a Mermaid label: '#' and ';' become
// entity codes, angle brackets too, and line breaks spaces.
func mermaidText(s string) string {
	return strings.NewReplacer("#", "#35;", ";", "#59;", "<", "#lt;", ">", "#gt;",
		"\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// mermaidMsg labels a message arrow: "elect(3) #1". The body is escaped
// (list payloads contain ';'); the sequence number is not.
func mermaidMsg(m model.Message) string {
	return mermaidText(m.Body()) + " #" + strconv.FormatUint(uint64(m.Seq), 10)
}

// RenderMermaid renders t as a Mermaid sequenceDiagram: one participant
// per process in ring order (participant P3 as 3), an arrow per delivered
// message drawn at delivery (P3->>P1: elect(3) #1), an open arrow for a
// message reaching a crashed node that forwards it (P2-)P5: elect(2) #1
// (forwarded)), a crossed arrow per dropped or bounced message, notes for starts, crashes, recoveries, joins,
// timers, observations and decisions (Note over P5: leader=5
// (coordinator)), a spanning note per sync round, and the violation (with
// its step) as a final note spanning all participants. Effects come from rep (nil renders no steps). The output is
// deterministic.
func RenderMermaid(t *Trace, rep *Replayed) string {
	var b strings.Builder
	b.WriteString("sequenceDiagram\n")
	if t.Config == nil {
		return b.String()
	}
	var order []model.ID
	if rep != nil && rep.Initial != nil {
		order = rep.Initial.Topo().Order
	} else {
		order = append(append([]model.ID(nil), t.Config.IDs...), t.Config.Absent...)
	}
	part := func(id model.ID) string { return "P" + strconv.Itoa(int(id)) }
	for _, id := range order {
		fmt.Fprintf(&b, "    participant %s as %d\n", part(id), id)
	}
	line := func(format string, args ...any) {
		b.WriteString("    ")
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
	}
	note := func(id model.ID, text string) { line("Note over %s: %s", part(id), text) }
	span := ""
	if len(order) > 0 {
		span = part(order[0])
		if len(order) > 1 {
			span += "," + part(order[len(order)-1])
		}
	}
	for _, id := range t.Config.Crashed {
		note(id, "crashed before the run")
	}
	for _, id := range t.Config.Absent {
		note(id, "absent")
	}
	if rep != nil {
		for i, effs := range rep.Effects {
			ev := model.Event{Kind: model.EvRound + 1} // no event: matches no case below
			if i < len(t.Steps) {
				ev = t.Steps[i].Event
			}
			if ev.Kind == model.EvRound && span != "" {
				line("Note over %s: %s", span, mermaidText(ev.String()))
			}
			for _, e := range effs {
				switch e.Kind {
				case model.Delivered:
					line("%s->>%s: %s", part(e.Msg.From), part(e.Msg.To), mermaidMsg(e.Msg))
				case model.Forwarded:
					// The message reached a crashed node whose control part
					// forwards it; the forwarded copy is drawn when delivered.
					if ev.Kind == model.EvDeliver && ev.P == e.P {
						line("%s-)%s: %s #%d (forwarded)", part(ev.From), part(ev.P), mermaidText(e.Msg.Body()), ev.Seq)
					} else {
						note(e.P, "forwards "+mermaidText(e.Msg.Body())+" to "+strconv.Itoa(int(e.Msg.To)))
					}
				case model.Dropped:
					line("%s-x%s: %s (dropped)", part(e.Msg.From), part(e.Msg.To), mermaidMsg(e.Msg))
				case model.Bounced:
					line("%s-x%s: %s (bounced)", part(e.Msg.From), part(e.Msg.To), mermaidMsg(e.Msg))
				case model.Started:
					note(e.P, "start")
				case model.CrashedP:
					note(e.P, "crash")
				case model.Recovered:
					note(e.P, "recover")
				case model.Joined:
					note(e.P, "join")
				case model.Fired:
					note(e.P, "timer t"+strconv.Itoa(int(e.Val)))
				case model.Noted:
					note(e.P, mermaidText(e.Tag)+"="+strconv.Itoa(int(e.Val)))
				case model.Decided:
					note(e.P, decision(e))
				}
			}
		}
	}
	if t.Violation != nil && span != "" {
		line("Note over %s: %s", span, mermaidText(violationText(t.Violation)))
	}
	return b.String()
}
