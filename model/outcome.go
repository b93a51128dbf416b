package model

// Outcome summarises the end of an execution: what the checkers and the
// reports print.
type Outcome struct {
	// Leader is the leader every live process agrees on, or None.
	Leader ID `json:"leader"`
	// Agreed reports that every live process holds the same, non-None
	// leader.
	Agreed bool `json:"agreed"`
	// Coordinators lists the live processes acting as coordinator.
	Coordinators []ID `json:"coordinators"`
	// Quiescent reports that nothing but adversarial faults can happen.
	Quiescent bool `json:"quiescent"`
	// Events is the number of events applied.
	Events int64 `json:"steps"`
	// Messages is the message accounting.
	Messages MessageCounts `json:"messages"`
}

// MessageCounts is Counts with the per-kind counts keyed by kind name, for
// JSON output (encoding/json sorts map keys, so the output is stable).
type MessageCounts struct {
	Sends         int64                `json:"sends"`
	Transmissions int64                `json:"transmissions"`
	Deliveries    int64                `json:"deliveries"`
	Forwards      int64                `json:"forwards"`
	ByKind        map[string]KindCount `json:"by_kind"`
}

// NamedCounts converts c to MessageCounts using the algorithm's kind names.
func NamedCounts(info *Info, c *Counts) MessageCounts {
	mc := MessageCounts{Sends: c.Sends, Transmissions: c.Transmissions, Deliveries: c.Deliveries,
		Forwards: c.Forwards, ByKind: make(map[string]KindCount, len(info.Kinds))}
	for _, k := range info.Kinds {
		if k.Code < len(c.ByKind) {
			mc.ByKind[k.Name] = c.ByKind[k.Code]
		}
	}
	return mc
}

// Summarize computes the Outcome of s as it stands.
func Summarize(s System) Outcome {
	o := Outcome{Quiescent: s.Quiescent(), Events: s.Events(), Messages: NamedCounts(s.Info(), s.Counts()), Coordinators: []ID{}}
	o.Leader, o.Agreed = AgreedLeader(s)
	for i := range s.N() {
		if s.Status(i) == Live && s.View(i).Coordinator {
			o.Coordinators = append(o.Coordinators, s.Topo().Order[i])
		}
	}
	return o
}

// MeasuredTime is the Time quantity of s: the largest hop clock at which
// a live process last changed its leader (-1 when none ever learned one).
func MeasuredTime(s System) int64 {
	t := int64(-1)
	for i := range s.N() {
		if s.Status(i) == Live && int64(s.LearnHops(i)) > t {
			t = int64(s.LearnHops(i))
		}
	}
	return t
}

// AgreedLeader returns the leader every live process holds and true, or
// None and false when live processes disagree or some hold none.
func AgreedLeader(s Snapshot) (ID, bool) {
	leader, first := None, true
	for i := range s.N() {
		if s.Status(i) != Live {
			continue
		}
		l := s.View(i).Leader
		if first {
			leader, first = l, false
		} else if l != leader {
			return None, false
		}
	}
	return leader, !first && leader != None
}

// Snapshot is the part of a world the end-of-run checkers read. A System is
// a Snapshot; so is a Final built from a fast simulation.
type Snapshot interface {
	Info() *Info
	Topo() *Topology
	N() int
	Status(i int) Status
	View(i int) View
}

// Final is the end state of a fast simulation as a Snapshot.
type Final struct {
	// Alg describes the algorithm; T is the topology.
	Alg *Info
	T   *Topology
	// Views and Statuses are per process, by index.
	Views    []View
	Statuses []Status
}

// Info implements Snapshot.
func (f *Final) Info() *Info { return f.Alg }

// Topo implements Snapshot.
func (f *Final) Topo() *Topology { return f.T }

// N implements Snapshot.
func (f *Final) N() int { return len(f.Views) }

// Status implements Snapshot.
func (f *Final) Status(i int) Status { return f.Statuses[i] }

// View implements Snapshot.
func (f *Final) View(i int) View { return f.Views[i] }
