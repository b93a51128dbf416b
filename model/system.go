package model

// System, a World with its state type erased, and what an execution reports
// beside its state: the consequences of the last event (Effect) and the
// observations made (Observation).

// Observation is one OutObserve output, stamped with when and where it was
// made and with the live extremes at that instant.
type Observation struct {
	// Event is the number of events applied before the observing one.
	Event int64
	// Proc is the observing process.
	Proc ID
	// Tag and Val are the observation.
	Tag string
	Val int32
	// MaxLive and MinLive are the highest and lowest live IDs at the time.
	MaxLive, MinLive ID
	// LiveCount is the number of live processes at the time.
	LiveCount int32
}

// EffectKind is the type of an Effect.
type EffectKind uint8

const (
	// Sent: Msg was put on a link by a live process.
	Sent EffectKind = iota
	// Forwarded: the control part of crashed Msg.From forwarded Msg.
	Forwarded
	// Delivered: Msg was handed to a live process.
	Delivered
	// Dropped: Msg reached a crashed or absent process and was lost.
	Dropped
	// Bounced: Msg was reported undeliverable to its sender.
	Bounced
	// Noted: an observation was made.
	Noted
	// Fired: a timer fired.
	Fired
	// Started, CrashedP, Recovered, Joined: process P changed state.
	Started
	CrashedP  // process P crashed
	Recovered // process P recovered
	Joined    // process P joined
	// Decided: process P's leader changed to Val.
	Decided
)

var effectNames = [...]string{"sent", "forwarded", "delivered", "dropped", "bounced", "noted", "fired", "started", "crashed", "recovered", "joined", "decided"}

// String names the effect kind.
func (k EffectKind) String() string { return effectNames[k] }

// Effect is one consequence of the last applied event, for renderers.
type Effect struct {
	Kind EffectKind
	// P is the process the effect happens at.
	P ID
	// Msg is the message concerned (Sent, Forwarded, Delivered, Dropped,
	// Bounced).
	Msg Message
	// Tag and Val describe an observation, a timer or a decision.
	Tag string
	Val int32
	// Coord reports, for Decided, whether P now acts as coordinator;
	// for Recovered and Joined, whether P's state before its recovery
	// (joining) step acts as coordinator (its initial state's view: a
	// coordinatorship it has not won since it came up).
	Coord bool
}

// System is a World with its state type erased: what the checkers, the
// schedulers, the traces and the CLI work on. Apply mutates in place;
// Clone gives an independent copy.
type System interface {
	// Info describes the algorithm; Config is the execution's config.
	Info() *Info
	Config() *Config
	// Topo is the topology; N the number of processes.
	Topo() *Topology
	N() int
	// Status, View and State describe process i (by index).
	Status(i int) Status
	View(i int) View
	State(i int) any
	// Enabled appends every enabled event to buf, in a canonical order.
	Enabled(buf []Event) []Event
	// Apply applies ev, or returns an error naming why it is not enabled.
	Apply(ev Event) error
	// Clone returns an independent copy.
	Clone() System
	// Quiescent reports that nothing more can happen except adversarial
	// faults: no message in flight, no armed timer, no pending initiation.
	Quiescent() bool
	// Counts is the message accounting so far.
	Counts() *Counts
	// Events is the number of events applied; Now the current time.
	Events() int64
	Now() int64
	// Hops is process i's Lamport hop clock; LearnHops its value when
	// i's leader last changed (-1 when it never had one).
	Hops(i int) int32
	LearnHops(i int) int32
	// Observations lists every observation made so far.
	Observations() []Observation
	// Effects lists the consequences of the last applied event.
	Effects() []Effect
	// InFlight lists the messages in flight, by link then age.
	InFlight() []Message
	// OldestDelivery and NewestDelivery name the delivery of the oldest
	// and of the newest deliverable message (async timing), if any.
	OldestDelivery() (Event, bool)
	NewestDelivery() (Event, bool)
	// EarliestTimer names the fire event of the armed timer with the
	// earliest deadline, if any (the fair scheduler's choice among
	// timers).
	EarliestTimer() (Event, bool)
	// Faults lists model errors caused by the algorithm (e.g. a send to
	// a non-member); a correct algorithm never has any.
	Faults() []string
	// Encode appends the canonical encoding of the state; Fingerprint
	// hashes it. FairFingerprint also tells apart the order of timer
	// deadlines, which the fair FIFO schedule depends on.
	Encode(b []byte) []byte
	Fingerprint() uint64
	FairFingerprint() uint64
}

// CoinSystem is a System whose processes may request coins (Outbox.Coin);
// World is one. PendingCoin returns the weights of process i's pending
// coin (outcome v has probability weights[v]/sum(weights); the events
// "coin P = v" answer it), and whether it has one; PendingCoins is the
// number of processes with a pending coin. A System that is not a
// CoinSystem never has a coin pending.
type CoinSystem interface {
	System
	PendingCoin(i int) (weights []uint32, ok bool)
	PendingCoins() int
}
