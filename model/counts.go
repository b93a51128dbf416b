package model

// The exact message accounting of an execution: Counts, and KindCount per
// message kind.

// Counts is the exact message accounting of an execution.
type Counts struct {
	// Sends counts point-to-point sends: a multicast to k processes counts
	// k; messages to crashed processes and forwards by crashed ring nodes
	// count.
	Sends int64 `json:"sends"`
	// Transmissions counts a multicast as one.
	Transmissions int64 `json:"transmissions"`
	// Deliveries counts messages handed to a live process.
	Deliveries int64 `json:"deliveries"`
	// Forwards counts the sends (included in Sends) made by the control
	// part of crashed ring nodes.
	Forwards int64 `json:"forwards"`
	// ByKind holds the same counts per message kind, indexed by Kind.Code.
	ByKind []KindCount `json:"-"`
}

// KindCount is the accounting of one message kind.
type KindCount struct {
	Sends         int64 `json:"sends"`
	Transmissions int64 `json:"transmissions"`
	Deliveries    int64 `json:"deliveries"`
}

// Count returns the count under accounting a.
func (c *Counts) Count(a Accounting) int64 {
	switch a {
	case BCAST1:
		return c.Transmissions
	case SR:
		return c.Sends + c.Deliveries
	case Deliveries:
		return c.Deliveries
	}
	return c.Sends
}

func (c *Counts) clone() Counts {
	d := *c
	d.ByKind = append([]KindCount(nil), c.ByKind...)
	return d
}

// Accounting names how messages are counted (catalog §0.1).
type Accounting uint8

const (
	// P2P counts one per destination: a broadcast to k processes counts k;
	// messages to crashed processes count.
	P2P Accounting = iota
	// BCAST1 counts a broadcast as one transmission.
	BCAST1
	// SR counts sends plus receives (deliveries).
	SR
	// Deliveries counts messages delivered to live processes.
	Deliveries
)

// String names the accounting as the catalog does.
func (a Accounting) String() string { return [...]string{"P2P", "BCAST1", "SR", "deliveries"}[a] }
