package model

import (
	"fmt"
	"strings"
)

// Ambiguity is a question the source text leaves open. Each reading is a
// named variant of the algorithm; Default is the catalog's default reading.
type Ambiguity struct {
	// ID is the catalog's identifier, e.g. "AMB-R1-4".
	ID string
	// Question says what is ambiguous.
	Question string
	// Readings are the short names of the readings, unique within the
	// algorithm (e.g. "swallow", "resend").
	Readings []string
	// Explain describes each reading, parallel to Readings.
	Explain []string
	// Default is the index of the default reading.
	Default int
}

// Info is the non-generic description of an algorithm: everything about it
// except its step function. The CLI, the checkers and the claims report
// read it.
type Info struct {
	// Name is the flag name ("changroberts").
	Name string
	// Title is a one-line human title.
	Title string
	// Source cites the seed and section the algorithm comes from.
	Source string
	// Topology is the network the algorithm runs on.
	Topology TopologyKind
	// MinID is true for algorithms that elect the lowest live ID.
	MinID bool
	// Elects, when set, says which process the algorithm elects when it
	// is neither the highest nor the lowest live ID (Peterson's elects
	// the process holding the highest id as its temporary id); `electlab
	// list` shows it. The generic Validity property does not apply to
	// such an algorithm: its claims say what it checks instead.
	Elects string
	// Mutex marks a mutual-exclusion algorithm: it grants a lock and
	// elects nobody, so the election properties (agreement, validity, one
	// coordinator) do not apply to its runs (RunProps); its claims and
	// `electlab run` check mutual exclusion instead.
	Mutex bool
	// Terms marks a term-based election (Raft): a leader is elected per
	// term, and a deposed leader may still act in its older term while a
	// newer one leads, until a message tells it of the newer term. None of
	// the generic properties fits its runs (RunProps is empty): the one
	// coordinator at every instant is not its claim, nor agreement at a
	// quiescence its heartbeats may never reach. Its Invariant (Election
	// Safety) is checked in every state instead, and its claims say what
	// else is checked.
	Terms bool
	// Invariant is the algorithm's own step invariant, a function of the
	// processes' states that explore, run and check verify in every state
	// they reach: at most one live process in its critical section for a
	// mutual-exclusion algorithm (mutex.Cycle.Algorithm sets it), Election
	// Safety for a term-based election (Terms). It reads states, not a
	// history, so it needs no whole execution (the history checks of
	// lockcheck do). InvariantName names it for the user.
	Invariant func(s System) error
	// InvariantName names Invariant in summaries ("mutual exclusion",
	// "election safety (at most one leader per term)").
	InvariantName string
	// Compare puts the algorithm in the claims report's comparison of
	// ring elections (docs/REPORT.md, "Comparison"): a ring election that
	// elects with every process initiating and no failure, measured beside
	// the others of the registry in use (an algorithm given to cli.Main
	// included), in the registry's order.
	Compare bool
	// Forwarding is the default of Config.Forwarding: the control part of
	// a crashed ring node still forwards messages (seed 001).
	Forwarding bool
	// Bounce makes the network report a message sent to a crashed process
	// back to its sender (InBounce), as a successor poll does.
	Bounce bool
	// Kinds are the algorithm's message kinds, indexed by Kind.Code.
	Kinds []*Kind
	// Ambiguities are the named readings the algorithm can run under.
	Ambiguities []Ambiguity
	// Parts are the algorithms a composition runs inside it (the
	// hierarchy's FCEABOB and FCEABR-K, a service's election): every
	// ambiguity of a part is one of the composition's too (PartProblems).
	Parts []Part
	// Prepare, when set, computes once per run read-only data that every
	// process's Env carries as Env.Shared, e.g. a layout derived from the
	// topology and the variant that each step would otherwise recompute.
	// It must be a pure function of its arguments, and the value must
	// never be modified.
	Prepare func(t *Topology, variant []uint8) any
}

// Algorithm is one election algorithm as a struct of pure functions over a
// state value S. S must be a value whose slices (if any) are never modified
// in place: Step returns a new state, so the World can keep old states.
type Algorithm[S any] struct {
	Info
	// Init returns the initial state of a process.
	Init func(env *Env) S
	// Step handles one input and returns the next state; its effects are
	// appended to out. It must not read clocks, random sources, globals
	// that change, or anything but its arguments.
	Step func(env *Env, s S, in Input, out *Outbox) S
	// View exposes what the checkers observe of a state.
	View func(s S) View
	// Encode appends a canonical encoding of s to b. When nil, the model
	// uses fmt's %v rendering, which is canonical for structs without maps.
	Encode func(s S, b []byte) []byte
	// Holds, when set, names the coordinator a process holds for the
	// model's successive crashes (Config.Successive): the one the model
	// crashes next is the one every live process holding one (not None)
	// holds. Nil means View(s).Leader for every process. It lets a
	// composition say which processes' views name the coordinator (e.g.
	// the ring nodes of a hierarchy, for the GCoordinator).
	Holds func(s S) ID
}

// Meta returns the algorithm's description.
func (a *Algorithm[S]) Meta() *Info { return &a.Info }

// Spec is an algorithm with its state type erased: what the registry, the
// CLI and the checkers hold.
type Spec interface {
	// Meta describes the algorithm.
	Meta() *Info
	// NewSystem builds the initial World for cfg.
	NewSystem(cfg *Config) (System, error)
	// NewSim builds the fast mutable simulator for cfg.
	NewSim(cfg *Config) (Simulator, error)
}

// ParseVariant resolves a comma-separated list of reading names (e.g.
// "resend" or "resend,n-1") into one reading per ambiguity, defaults for
// the rest. "" and "default" mean all defaults.
func (in *Info) ParseVariant(s string) ([]uint8, error) {
	v := make([]uint8, len(in.Ambiguities))
	for i, a := range in.Ambiguities {
		v[i] = uint8(a.Default)
	}
	s = strings.TrimSpace(s)
	if s == "" || s == "default" {
		return v, nil
	}
	seen := make([]bool, len(in.Ambiguities))
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		found := false
		for i, a := range in.Ambiguities {
			for r, rn := range a.Readings {
				if rn == name {
					if seen[i] {
						return nil, fmt.Errorf("variant %q chooses two readings of %s", s, a.ID)
					}
					seen[i], v[i], found = true, uint8(r), true
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown variant %q for algorithm %s (known: %s)", name, in.Name, strings.Join(in.VariantNames(), ", "))
		}
	}
	return v, nil
}

// VariantNames lists every reading name of the algorithm.
func (in *Info) VariantNames() []string {
	var names []string
	for _, a := range in.Ambiguities {
		names = append(names, a.Readings...)
	}
	return names
}

// FormatVariant renders a variant as the list of its reading names, one
// per ambiguity, e.g. "swallow". It is "default" when there are none.
func (in *Info) FormatVariant(v []uint8) string {
	if len(in.Ambiguities) == 0 {
		return "default"
	}
	parts := make([]string, len(in.Ambiguities))
	for i, a := range in.Ambiguities {
		r := a.Default
		if i < len(v) {
			r = int(v[i])
		}
		parts[i] = a.Readings[r]
	}
	return strings.Join(parts, ",")
}

// Kind returns the algorithm's message kind called name, or nil.
func (in *Info) Kind(name string) *Kind {
	for _, k := range in.Kinds {
		if k.Name == name {
			return k
		}
	}
	return nil
}

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
