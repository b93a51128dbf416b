package traces

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/electlab/electlab/model"
)

// Snapshot is a readable picture of a World, stored per step by traces
// recorded WithSnapshots and diffed (go-cmp) when a replay diverges. It
// shows less than the fingerprint covers: armed timers and pending
// initiations are not visible through model.System. Pending coins are
// (model.CoinSystem), and listed only when some coin is pending.
type Snapshot struct {
	// Status is each process's status in ring order, e.g. "3:live".
	Status []string `json:"status"`
	// Views is each process's view in ring order, e.g. "3:leader=5,coord"
	// or "1:leader=none".
	Views []string `json:"views"`
	// States is each process's algorithm state in ring order, rendered
	// with fmt's %+v, e.g. "3:{Sent:true Leader:0 Elected:false}".
	States []string `json:"states"`
	// InFlight lists the messages in flight by link then age, as
	// Message.String plus the link sequence number: "3->1 elect(3) #1".
	InFlight []string `json:"in_flight"`
	// Coins lists the pending coins in ring order as "P:w0/w1/...", the
	// outcome weights of P's coin, e.g. "3:1/3"; absent when none is.
	Coins []string `json:"coins,omitempty"`
}

// SnapshotOf takes a Snapshot of s.
func SnapshotOf(s model.System) *Snapshot {
	order := s.Topo().Order
	sn := &Snapshot{Status: make([]string, len(order)), Views: make([]string, len(order)),
		States: make([]string, len(order)), InFlight: []string{}}
	for i, id := range order {
		p := strconv.Itoa(int(id)) + ":"
		sn.Status[i] = p + s.Status(i).String()
		sn.Views[i] = p + formatView(s.View(i))
		sn.States[i] = p + fmt.Sprintf("%+v", s.State(i))
	}
	for _, m := range s.InFlight() {
		sn.InFlight = append(sn.InFlight, formatMsg(m))
	}
	if cs, ok := s.(model.CoinSystem); ok && cs.PendingCoins() > 0 {
		for i, id := range order {
			if w, ok := cs.PendingCoin(i); ok {
				ws := make([]string, len(w))
				for v, x := range w {
					ws[v] = strconv.FormatUint(uint64(x), 10)
				}
				sn.Coins = append(sn.Coins, strconv.Itoa(int(id))+":"+strings.Join(ws, "/"))
			}
		}
	}
	return sn
}

// String renders the snapshot on four labelled lines.
func (sn *Snapshot) String() string {
	if sn == nil {
		return "(no snapshot)\n"
	}
	var b strings.Builder
	line := func(label string, xs []string, sep string) {
		b.WriteString(label)
		if len(xs) == 0 {
			b.WriteString("(none)")
		}
		b.WriteString(strings.Join(xs, sep))
		b.WriteByte('\n')
	}
	line("status:    ", sn.Status, " ")
	line("views:     ", sn.Views, " ")
	line("states:    ", sn.States, " ")
	line("in flight: ", sn.InFlight, ", ")
	if len(sn.Coins) > 0 {
		line("coins:     ", sn.Coins, " ")
	}
	return b.String()
}

// formatView renders a view as "leader=5,coord" or "leader=none".
func formatView(v model.View) string {
	s := "leader=" + formatID(v.Leader)
	if v.Coordinator {
		s += ",coord"
	}
	return s
}

// formatID renders an ID, with "none" for model.None.
func formatID(id model.ID) string {
	if id == model.None {
		return "none"
	}
	return strconv.Itoa(int(id))
}

// formatMsg renders a message with its link sequence number:
// "3->1 elect(3) #1".
func formatMsg(m model.Message) string {
	return m.String() + " #" + strconv.FormatUint(uint64(m.Seq), 10)
}
