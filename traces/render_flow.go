package traces

import (
	"slices"

	"github.com/electlab/electlab/model"
)

// flowMsg is one message of a replayed trace, followed from its send to
// what became of it. The SVG and ShiViz renderers draw (or clock) it.
type flowMsg struct {
	// msg is the message as sent (for a forward: the forwarded copy, whose
	// From is the crashed node).
	msg model.Message
	// sendStep and sendEff locate the Sent (or Forwarded) effect that put
	// it on its link: rep.Effects[sendStep][sendEff]; both are -1 when the
	// send is not part of the replay (a partial or synthetic replay).
	sendStep, sendEff int
	// endStep and endEff locate the effect that took it off its link;
	// both are -1 while it is still in flight at the end.
	endStep, endEff int
	// end is the kind of that effect: Delivered, Dropped, Bounced, or
	// Forwarded (it reached a crashed node whose control part forwarded
	// it on).
	end model.EffectKind
	// forwarded reports that the control part of a crashed node sent it.
	forwarded bool
}

// flowRef names the messages one effect concerns: in is the message it
// takes off a link (Delivered, Dropped, Bounced, and the message a
// Forwarded effect passes on), out the message it puts on one (Sent, and
// the copy a Forwarded effect sends). -1 means none.
type flowRef struct{ in, out int }

// flow is the message flow of a replayed trace.
type flow struct {
	// msgs lists every message in the order of its send (messages whose
	// send is not in the replay come when first seen).
	msgs []flowMsg
	// refs[i][j] is what effect j of step i+1 refers to.
	refs [][]flowRef
}

type msgKey struct {
	from, to model.ID
	seq      uint32
}

func keyOf(m model.Message) msgKey { return msgKey{m.From, m.To, m.Seq} }

// buildFlow matches every message effect of rep with the send it
// consumes. A Forwarded effect names the forwarded copy, not the message
// the crashed node received: that one is the delivery event's message
// (async timing) or, in a sync round, the oldest message in flight to the
// crashed node with the same kind and payload.
func buildFlow(t *Trace, rep *Replayed) *flow {
	f := &flow{}
	if rep == nil {
		return f
	}
	open := map[msgKey]int{} // lookups only, never iterated
	add := func(m model.Message, step, eff int, fwd bool) int {
		f.msgs = append(f.msgs, flowMsg{msg: m, sendStep: step, sendEff: eff, endStep: -1, endEff: -1, forwarded: fwd})
		k := len(f.msgs) - 1
		if step >= 0 {
			open[keyOf(m)] = k
		}
		return k
	}
	finish := func(k, step, eff int, kind model.EffectKind) {
		fm := &f.msgs[k]
		fm.endStep, fm.endEff, fm.end = step, eff, kind
		if open[keyOf(fm.msg)] == k {
			delete(open, keyOf(fm.msg))
		}
	}
	f.refs = make([][]flowRef, len(rep.Effects))
	for i, effs := range rep.Effects {
		var ev model.Event
		hasEv := i < len(t.Steps)
		if hasEv {
			ev = t.Steps[i].Event
		}
		f.refs[i] = make([]flowRef, len(effs))
		for j, e := range effs {
			r := flowRef{in: -1, out: -1}
			switch e.Kind {
			case model.Sent:
				r.out = add(e.Msg, i, j, false)
			case model.Delivered, model.Dropped, model.Bounced:
				k, ok := open[keyOf(e.Msg)]
				if !ok {
					k = add(e.Msg, -1, -1, false)
				}
				finish(k, i, j, e.Kind)
				r.in = k
			case model.Forwarded:
				k := -1
				if hasEv && ev.Kind == model.EvDeliver && ev.P == e.P {
					if x, ok := open[msgKey{ev.From, ev.P, ev.Seq}]; ok {
						k = x
					}
				} else {
					for x := range f.msgs {
						m := &f.msgs[x]
						if m.endStep < 0 && m.sendStep >= 0 && m.sendStep < i && m.msg.To == e.P &&
							m.msg.Kind == e.Msg.Kind && m.msg.A == e.Msg.A && m.msg.B == e.Msg.B && slices.Equal(m.msg.List, e.Msg.List) {
							k = x
							break
						}
					}
				}
				if k >= 0 {
					finish(k, i, j, model.Forwarded)
				}
				r.in = k
				r.out = add(e.Msg, i, j, true)
			}
			f.refs[i][j] = r
		}
	}
	return f
}

// processOrder is the order processes are drawn in: the topology's (ring
// order, absent processes included) when the replay has an initial World,
// else the config's ids then its absent ones.
func processOrder(t *Trace, rep *Replayed) []model.ID {
	if rep != nil && rep.Initial != nil {
		return rep.Initial.Topo().Order
	}
	if t.Config == nil {
		return nil
	}
	return append(append([]model.ID(nil), t.Config.IDs...), t.Config.Absent...)
}

// initialStatus is process i's (of order) status before the first step.
func initialStatus(t *Trace, rep *Replayed, order []model.ID, i int) model.Status {
	if rep != nil && rep.Initial != nil && i < rep.Initial.N() {
		return rep.Initial.Status(i)
	}
	if t.Config != nil {
		if slices.Contains(t.Config.Absent, order[i]) {
			return model.Absent
		}
		if slices.Contains(t.Config.Crashed, order[i]) {
			return model.Crashed
		}
	}
	return model.Live
}
