package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Timing is the execution model.
type Timing uint8

const (
	// Async: one event at a time, in any order the scheduler picks.
	Async Timing = iota
	// Sync: lock-step rounds. Every message sent in round r is delivered
	// in round r+1; a process receives all its messages of a round in one
	// step, as a batch; timers count rounds.
	Sync
)

var timingNames = [...]string{"async", "sync"}

// String returns the flag name.
func (t Timing) String() string { return timingNames[t] }

// Timeouts says when an armed timer may fire in async timing.
type Timeouts uint8

const (
	// Accurate: a timer fires only when no message is in flight (a
	// perfect failure detector).
	Accurate Timeouts = iota
	// Early: a timer may fire whenever it is armed.
	Early
	// DeadLate: a timer fires only when no message sent by a live process
	// is in flight; messages a crashed process sent (before its crash, or
	// forwarded by its control part) may still be in flight, arbitrarily
	// delayed. A live process is never wrongly suspected (its messages
	// are awaited: an accurate failure detector), but a dead process's
	// last messages may arrive after the timeouts that found it dead, as
	// on an asynchronous network — where generations and epochs must
	// fence stale probes, tokens, grants and releases. A recovered
	// process is live again: its messages in flight, older ones included,
	// are awaited again.
	DeadLate
)

var timeoutsNames = [...]string{"accurate", "early", "dead-late"}

// String returns the flag name.
func (t Timeouts) String() string { return timeoutsNames[t] }

// Net is the channel discipline.
type Net uint8

const (
	// FIFO: each directed link delivers in send order.
	FIFO Net = iota
	// Unordered: any message in flight on a link may be delivered next.
	Unordered
)

var netNames = [...]string{"fifo", "unordered"}

// String returns the flag name.
func (n Net) String() string { return netNames[n] }

// Physical is the physical network under a complete logical graph: which
// links a message really travels. It is a reading of the network, the
// tool's and not a paper's (catalog C-KAB-11: "a ring, where a broadcast
// costs n−1 link hops in P2P").
type Physical uint8

const (
	// Direct: every logical link is a physical link (the default; every
	// run before this option).
	Direct Physical = iota
	// PhysRing: a bidirectional ring of the processes in Topology.Order
	// under the logical complete graph. A unicast travels the shorter arc
	// (clockwise on a tie), one link hop per round under sync timing; a
	// multicast floods both ways and reaches each destination along its
	// shorter arc, its link hops the farthest clockwise destination's
	// distance plus the farthest counter-clockwise one's (n−1 for every
	// other process). Every link hop counts as one P2P send; a message is
	// handed only to its destination(s). Intermediate nodes relay in their
	// control part, crashed ones included (as Config.Forwarding's crashed
	// ring nodes do). The Lamport hop clock advances by the link hops.
	// Under async timing a message is still delivered in one event: the
	// hops change only the counts and the hop clock.
	PhysRing
	// PhysRingRT: PhysRing with every timer delay multiplied by the
	// ring's diameter ⌊n/2⌋ under sync timing, so that a wait of one
	// logical round trip (2 rounds) becomes the ring's round trip
	// 2·⌊n/2⌋ = 2·⌈(n−1)/2⌉. Under async timing it is PhysRing.
	PhysRingRT
)

var physicalNames = [...]string{"direct", "ring", "ring-rt"}

// String returns the flag name.
func (p Physical) String() string {
	if int(p) < len(physicalNames) {
		return physicalNames[p]
	}
	return "physical(" + strconv.Itoa(int(p)) + ")"
}

// parseName returns the index of s among names (the flag names, in the
// order of their constants), or the error unknown ("unknown timing") s
// (want want, the accepted names as the error lists them).
func parseName(unknown, want, s string, names ...string) (uint8, error) {
	if i := slices.Index(names, s); i >= 0 {
		return uint8(i), nil
	}
	return 0, fmt.Errorf("%s %q (want %s)", unknown, s, want)
}

// ParsePhysical parses "direct", "ring" or "ring-rt".
func ParsePhysical(s string) (Physical, error) {
	i, err := parseName("unknown physical network", "direct, ring or ring-rt", s, physicalNames[:]...)
	return Physical(i), err
}

// ParseTiming parses "sync" or "async".
func ParseTiming(s string) (Timing, error) {
	i, err := parseName("unknown timing", "sync or async", s, timingNames[:]...)
	return Timing(i), err
}

// ParseTimeouts parses "accurate", "early" or "dead-late".
func ParseTimeouts(s string) (Timeouts, error) {
	i, err := parseName("unknown timeouts", "accurate, early or dead-late", s, timeoutsNames[:]...)
	return Timeouts(i), err
}

// ParseNet parses "fifo" or "unordered".
func ParseNet(s string) (Net, error) {
	i, err := parseName("unknown net", "fifo or unordered", s, netNames[:]...)
	return Net(i), err
}

// Detection is when a listed detector's crash detection (its "detect"
// event) may happen.
type Detection uint8

const (
	// DetectEager: every listed detector has a pending detection that the
	// run must take (the execution is not quiescent while one is pending):
	// every detector starts, at a time the scheduler picks.
	DetectEager Detection = iota
	// DetectLazy: a listed detector's detection is an adversary-chosen
	// event, enabled only while that process does not know a live
	// coordinator (its view's leader is none, or a process that is not
	// live). A detector that learns a live coordinator first never
	// detects, and the execution can end with its detection untaken
	// (Spin's semantics of an optional detection).
	DetectLazy
)

// String returns the flag name.
func (d Detection) String() string {
	if d == DetectLazy {
		return "lazy"
	}
	return "eager"
}

// ParseDetection parses "eager" or "lazy".
func ParseDetection(s string) (Detection, error) {
	i, err := parseName("unknown detection", "eager or lazy", s, "eager", "lazy")
	return Detection(i), err
}

// Config is everything that defines one execution apart from the schedule.
type Config struct {
	// Algo is the algorithm's name.
	Algo string `json:"algorithm"`
	// Variant is the variant as reading names ("" = defaults).
	Variant string `json:"variant"`
	// IDs lists the processes in ring order (the direction messages
	// travel) or, on a complete graph, in index order.
	IDs []ID `json:"ids"`
	// Initiators start the algorithm (a "detect" event each). Empty
	// means every live process.
	Initiators []ID `json:"initiators"`
	// Crashed are crashed before the run.
	Crashed []ID `json:"crashed,omitempty"`
	// Absent are not members at the start; each may join once (a "join"
	// event), at any time the adversary chooses, also once everything
	// else is over.
	Absent []ID `json:"absent,omitempty"`
	// Timing, Timeouts and Net are the execution model.
	Timing   Timing   `json:"-"`
	Timeouts Timeouts `json:"-"`
	Net      Net      `json:"-"`
	// Forwarding makes a crashed ring node's control part forward what it
	// receives to its successor (seed 001). Defaults to the algorithm's.
	Forwarding bool `json:"forwarding"`
	// CrashBudget is how many crash events the adversary may inject.
	CrashBudget int `json:"crash_budget,omitempty"`
	// Recovery lets crashed processes recover (a "recover" event).
	Recovery bool `json:"recovery,omitempty"`
	// CountInState includes the message counters in the World's
	// fingerprint, so exhaustive search keeps executions with different
	// counts apart (needed for exact min/max counts).
	CountInState bool `json:"-"`
	// Successive are the successive coordinator crashes of the run, in
	// order ([S3] §IX test 4: "After 2 times of GCoordinator crash"). Each
	// time the execution is quiescent and phases remain, the model crashes
	// the coordinator every live process holds (a "fail" event) and gives
	// the phase's live detectors a start input whose Input.Suspect is the
	// crashed process. Empty (the zero value) leaves the run as it was:
	// nothing crashes after quiescence.
	Successive []Phase `json:"successive,omitempty"`
	// Physical is the physical network under a complete logical graph
	// (Direct, the zero value, leaves every run as it was).
	Physical Physical `json:"-"`
	// Detect is when the detectors' detections happen (DetectEager, the
	// zero value, leaves every run as it was).
	Detect Detection `json:"-"`
}

// Phase is one successive coordinator crash (Config.Successive).
type Phase struct {
	// Detectors are the processes that detect this crash (a start input
	// each, at those still live). Empty means every live process.
	Detectors []ID `json:"detectors"`
}

// ClonePhases returns a deep copy of ps (nil for none).
func ClonePhases(ps []Phase) []Phase {
	if len(ps) == 0 {
		return nil
	}
	c := make([]Phase, len(ps))
	for i, p := range ps {
		c[i].Detectors = append([]ID(nil), p.Detectors...)
	}
	return c
}

// ParsePhases parses successive crashes as FormatPhases renders them:
// phases separated by ';', each "all" (every live process detects) or a
// list of detector ids. The error names the offending phase.
func ParsePhases(s string) ([]Phase, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var ps []Phase
	for k, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "all" {
			ps = append(ps, Phase{})
			continue
		}
		if part == "" {
			return nil, fmt.Errorf("successive crash %d is empty (want \"all\" or detector ids such as 2,5)", k+1)
		}
		ids, err := ParseIDs(part)
		if err != nil {
			return nil, fmt.Errorf("successive crash %d: %w", k+1, err)
		}
		ps = append(ps, Phase{Detectors: ids})
	}
	return ps, nil
}

// FormatPhases renders successive crashes as "all;2,5" (one phase per
// ';', "all" for every live process); ParsePhases reads it back.
func FormatPhases(ps []Phase) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		if len(p.Detectors) == 0 {
			parts[i] = "all"
		} else {
			parts[i] = FormatIDs(p.Detectors)
		}
	}
	return strings.Join(parts, ";")
}

// SetField sets the field of c that key names, from its text val, for the
// keys a scenario file and the golden tests' arguments share: variant,
// ids, crashed, absent (ParseIDs), timing, timeouts, net, successive
// (ParsePhases) and physical. known is false for any other key.
func (c *Config) SetField(key, val string) (known bool, err error) {
	switch key {
	case "variant":
		c.Variant = val
	case "ids":
		c.IDs, err = ParseIDs(val)
	case "crashed":
		c.Crashed, err = ParseIDs(val)
	case "absent":
		c.Absent, err = ParseIDs(val)
	case "timing":
		c.Timing, err = ParseTiming(val)
	case "timeouts":
		c.Timeouts, err = ParseTimeouts(val)
	case "net":
		c.Net, err = ParseNet(val)
	case "successive":
		c.Successive, err = ParsePhases(val)
	case "physical":
		c.Physical, err = ParsePhysical(val)
	default:
		return false, nil
	}
	return true, err
}

// Clone returns a deep copy of c.
func (c *Config) Clone() *Config {
	d := *c
	d.IDs = append([]ID(nil), c.IDs...)
	d.Initiators = append([]ID(nil), c.Initiators...)
	d.Crashed = append([]ID(nil), c.Crashed...)
	d.Absent = append([]ID(nil), c.Absent...)
	d.Successive = ClonePhases(c.Successive)
	return &d
}

// String renders the config as a one-line summary of its options.
func (c *Config) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "algo=%s", c.Algo)
	if c.Variant != "" {
		fmt.Fprintf(&b, " variant=%s", c.Variant)
	}
	fmt.Fprintf(&b, " ids=%s", FormatIDs(c.IDs))
	if len(c.Initiators) > 0 {
		fmt.Fprintf(&b, " initiators=%s", FormatIDs(c.Initiators))
	} else {
		b.WriteString(" initiators=all")
	}
	if len(c.Crashed) > 0 {
		fmt.Fprintf(&b, " crashed=%s", FormatIDs(c.Crashed))
	}
	if len(c.Absent) > 0 {
		fmt.Fprintf(&b, " absent=%s", FormatIDs(c.Absent))
	}
	fmt.Fprintf(&b, " timing=%s timeouts=%s net=%s forwarding=%s", c.Timing, c.Timeouts, c.Net, strconv.FormatBool(c.Forwarding))
	if c.CrashBudget > 0 {
		fmt.Fprintf(&b, " crash-budget=%d", c.CrashBudget)
	}
	if c.Recovery {
		b.WriteString(" recovery=true")
	}
	if len(c.Successive) > 0 {
		fmt.Fprintf(&b, " successive=%s", FormatPhases(c.Successive))
	}
	if c.Physical != Direct {
		fmt.Fprintf(&b, " physical=%s", c.Physical)
	}
	if c.Detect != DetectEager {
		fmt.Fprintf(&b, " detect=%s", c.Detect)
	}
	return b.String()
}

// resolved is a Config checked against an algorithm and turned into the
// indices the World uses.
type resolved struct {
	cfg     *Config
	info    *Info
	topo    *Topology
	variant []uint8
	// variantOf is the Config.Variant variant was parsed from.
	variantOf string
	envs      []Env
	// shared is Info.Prepare's value for this run (nil without Prepare).
	shared    any
	initiator []bool
	crashed   []bool
	absent    []bool
	// initial is every process's status at the start (Env.Initial).
	initial    []Status
	forwarding bool
	// phys is cfg.Physical.
	phys Physical
}

// PreparedOf returns, when s is a *World[S], its parsed variant (shared:
// read only) and what Info.Prepare computed for its run (Env.Shared, nil
// without Prepare), so that a check reads them without parsing and
// preparing again; ok is false for any other System.
func PreparedOf[S any](s System) (variant []uint8, shared any, ok bool) {
	if w, isWorld := s.(*World[S]); isWorld {
		return w.r.variant, w.r.shared, true
	}
	return nil, nil, false
}

// lastVariants holds, for each algorithm's Info, the last variant text
// resolveInto parsed and its parse (a *parsed): the claims build hundreds
// of thousands of Worlds of one variant after another. A parsed variant
// is read only (resolved.variant, Env.Variant), so Worlds share it.
var lastVariants sync.Map

type parsed struct {
	text string
	v    []uint8
}

// parsedVariant is info.ParseVariant(text), the last one of info's kept.
func parsedVariant(info *Info, text string) ([]uint8, error) {
	if p, ok := lastVariants.Load(info); ok && (p.(*parsed).text == text || brokenVariantCache) {
		return p.(*parsed).v, nil
	}
	v, err := info.ParseVariant(text)
	if err == nil {
		lastVariants.Store(info, &parsed{text, v})
	}
	return v, err
}

// brokenVariantCache is a test hook (export_test.go): set, parsedVariant
// returns the last parse of info whatever the text (a broken cache the
// tests must catch).
var brokenVariantCache bool

// resolve validates cfg against info. Every error names the offending value.
func resolve(info *Info, cfg *Config) (*resolved, error) { return resolveInto(info, cfg, nil) }

// resolveInto is resolve reusing the storage of into, a resolved
// configuration nothing uses any more, when it is not nil (into is then
// the result, or garbage on an error).
func resolveInto(info *Info, cfg *Config, into *resolved) (*resolved, error) {
	var old resolved
	if into != nil {
		old = *into
	}
	if cfg.Algo != "" && cfg.Algo != info.Name {
		return nil, fmt.Errorf("config is for algorithm %q, not %q", cfg.Algo, info.Name)
	}
	members := cfg.IDs
	if len(cfg.Absent) > 0 {
		members = append(append([]ID(nil), cfg.IDs...), cfg.Absent...)
	}
	topo, err := newTopologyInto(info.Topology, members, old.topo) // it copies members
	if err != nil {
		return nil, err
	}
	v := old.variant
	if into == nil || cfg.Variant != old.variantOf {
		if v, err = parsedVariant(info, cfg.Variant); err != nil {
			return nil, err
		}
	}
	if cfg.Physical > PhysRingRT {
		return nil, fmt.Errorf("unknown physical network %d (want direct, ring or ring-rt)", cfg.Physical)
	}
	if cfg.Detect > DetectLazy {
		return nil, fmt.Errorf("unknown detection %d (want eager or lazy)", cfg.Detect)
	}
	if cfg.Physical != Direct && info.Topology != Complete {
		return nil, fmt.Errorf("physical network %s needs a complete logical graph; %s runs on a %s", cfg.Physical, info.Name, info.Topology)
	}
	n := topo.N()
	r := into
	if r == nil {
		r = new(resolved)
		flags := make([]bool, 3*n)
		old.initiator, old.crashed, old.absent = flags[:n:n], flags[n:2*n:2*n], flags[2*n:]
	}
	*r = resolved{cfg: cfg, info: info, topo: topo, variant: v, variantOf: cfg.Variant,
		initiator: resize(old.initiator, n), crashed: resize(old.crashed, n), absent: resize(old.absent, n),
		initial: old.initial, envs: old.envs,
		forwarding: cfg.Forwarding, phys: cfg.Physical}
	mark := func(what string, ids []ID, set []bool) error {
		for _, id := range ids {
			i := topo.IndexOf(id)
			if i < 0 {
				return fmt.Errorf("%s process %d is not a member (ids %s)", what, id, SummarizeIDs(cfg.IDs))
			}
			if set[i] {
				return fmt.Errorf("%s process %d is listed twice", what, id)
			}
			set[i] = true
		}
		return nil
	}
	for _, id := range cfg.Absent {
		r.absent[topo.IndexOf(id)] = true
	}
	if err := mark("crashed", cfg.Crashed, r.crashed); err != nil {
		return nil, err
	}
	for _, id := range cfg.Crashed {
		if r.absent[topo.IndexOf(id)] {
			return nil, fmt.Errorf("crashed process %d is also absent", id)
		}
	}
	if err := mark("initiator", cfg.Initiators, r.initiator); err != nil {
		return nil, err
	}
	live := 0
	for i := range n {
		if !r.crashed[i] && !r.absent[i] {
			live++
		}
	}
	if live == 0 {
		return nil, fmt.Errorf("no live process: all of %s are crashed or absent", SummarizeIDs(topo.Order))
	}
	if len(cfg.Initiators) == 0 {
		for i := range n {
			r.initiator[i] = !r.crashed[i] && !r.absent[i]
		}
	} else {
		for _, id := range cfg.Initiators {
			i := topo.IndexOf(id)
			if r.crashed[i] {
				return nil, fmt.Errorf("initiator %d is crashed before the run", id)
			}
			if r.absent[i] {
				return nil, fmt.Errorf("initiator %d is absent at the start", id)
			}
		}
	}
	if cfg.CrashBudget < 0 || cfg.CrashBudget > live {
		return nil, fmt.Errorf("crash budget %d is outside 0..%d (the live processes)", cfg.CrashBudget, live)
	}
	if len(cfg.Successive) > 0 && len(cfg.Successive) > live-1 {
		return nil, fmt.Errorf("%d successive crashes leave no live process: at most %d (the live processes less one)", len(cfg.Successive), live-1)
	}
	for k, ph := range cfg.Successive {
		seen := make([]bool, n)
		if err := mark(fmt.Sprintf("successive crash %d: detector", k+1), ph.Detectors, seen); err != nil {
			return nil, err
		}
	}
	r.initial = resize(r.initial, n)
	for i := range n {
		switch {
		case r.absent[i]:
			r.initial[i] = Absent
		case r.crashed[i]:
			r.initial[i] = Crashed
		}
	}
	if info.Prepare != nil {
		r.shared = info.Prepare(topo, v)
	}
	r.envs = resize(r.envs, n)
	for i := range n {
		r.envs[i] = Env{Self: topo.Order[i], Index: i, Topo: topo, Variant: v, Initial: r.initial, Shared: r.shared}
	}
	return r, nil
}

// Validate checks cfg against the algorithm described by info: ids,
// membership of every listed process, the variant and the crash budget.
// The error names the offending value.
func Validate(info *Info, cfg *Config) error {
	_, err := resolve(info, cfg)
	return err
}

// linkHops is the number of physical link hops from index i to index j
// (1 on Direct links; the shorter arc on a physical ring).
func (r *resolved) linkHops(i, j int) int {
	if r.phys == Direct {
		return 1
	}
	n := r.topo.N()
	k := j - i
	if k < 0 {
		k += n
	}
	return min(k, n-k)
}

// floodHops is the number of physical link hops a multicast from index p
// to the member ids dests costs: the number of destinations on Direct
// links; on a physical ring, the farthest destination reached clockwise
// plus the farthest reached counter-clockwise (each along its shorter
// arc, clockwise on a tie). Non-members and p itself are left out.
func (r *resolved) floodHops(p int, dests []ID) int {
	n := r.topo.N()
	cw, ccw, k := 0, 0, 0
	for _, d := range dests {
		j := r.topo.IndexOf(d)
		if j < 0 || j == p {
			continue
		}
		k++
		c := j - p
		if c < 0 {
			c += n
		}
		if c <= n-c {
			cw = max(cw, c)
		} else {
			ccw = max(ccw, n-c)
		}
	}
	if r.phys == Direct {
		return k
	}
	return cw + ccw
}

// floodDests is the number of destinations of a multicast from index p to
// dests that are members other than p (the copies the World enqueues).
func (r *resolved) floodDests(p int, dests []ID) int {
	k := 0
	for _, d := range dests {
		if j := r.topo.IndexOf(d); j >= 0 && j != p {
			k++
		}
	}
	return k
}
