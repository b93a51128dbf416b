package model

import "strings"

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

// Property is a set of generic properties a claim checks.
type Property uint16

const (
	// Safety: at no instant do two live processes act as coordinator.
	Safety Property = 1 << iota
	// Agreement: at quiescence every live process believes in the same
	// leader, and it is not None.
	Agreement
	// Validity: the agreed leader is live and is the highest live ID (the
	// lowest for MinID algorithms).
	Validity
	// Termination: the execution reaches quiescence within the step cap
	// under a fair continuation.
	Termination
)

// IsParameter reports whether ambiguity a is a parameter of the
// algorithm (its ID starts with "PARAM-": SPN, SCAN, K, P, demand…), whose
// readings are parameter values, not readings of ambiguous text: a claim
// refuted at one parameter value is refuted, not ambiguous.
func (a *Ambiguity) IsParameter() bool { return strings.HasPrefix(a.ID, "PARAM-") }

// SplitVariant renders variant v as its readings of ambiguous text
// (FormatVariant without the parameters) and its parameter values ("" when
// the algorithm has none).
func (in *Info) SplitVariant(v []uint8) (reading, params string) {
	var rs, ps []string
	for i := range in.Ambiguities {
		a := &in.Ambiguities[i]
		r := a.Default
		if i < len(v) {
			r = int(v[i])
		}
		if a.IsParameter() {
			ps = append(ps, a.Readings[r])
		} else {
			rs = append(rs, a.Readings[r])
		}
	}
	reading = strings.Join(rs, ",")
	if reading == "" {
		reading = "default"
	}
	return reading, strings.Join(ps, ",")
}
