package model

// Env is what one process knows statically: who it is, the topology, and the
// variant of the algorithm in force. Its values never change for a process
// during a run; Step must not retain the pointer it is given (the fast
// simulator reuses one Env for every process).
type Env struct {
	// Self is the process's ID.
	Self ID
	// Index is the process's position in Topo.Order.
	Index int
	// Topo is the shared, immutable topology.
	Topo *Topology
	// Variant holds the chosen reading of each of the algorithm's
	// ambiguities, indexed like Algorithm.Ambiguities.
	Variant []uint8
	// Initial is every process's status at the start of the run, by
	// index: Absent ones are not members yet (they may join); the others
	// are the membership every process knows of, and its best id is the
	// coordinator everyone believed in before the run. Which of them were
	// Crashed before the run is knowledge no real process has: only a
	// reading that says it is an oracle may consult it. Shared; read only.
	Initial []Status
	// Shared is what Info.Prepare computed for this run from the topology
	// and the variant (nil when the algorithm has no Prepare). Shared by
	// every process; read only.
	Shared any
}

// InitialMembers appends the ids of the members at the start of the run
// (crashed ones included, absent ones not), in increasing order, to buf.
func (e *Env) InitialMembers(buf []ID) []ID {
	for _, id := range e.Topo.Sorted() {
		if e.Initial == nil || e.Initial[e.Topo.IndexOf(id)] != Absent {
			buf = append(buf, id)
		}
	}
	return buf
}

// Recipients lists the processes of the topology that keep accepts, in
// increasing order, leaving out those crashed before the run when
// notCrashed is set (a reading that may consult Initial). The slice is
// new (nil when empty): a multicast may keep it.
func (e *Env) Recipients(keep func(ID) bool, notCrashed bool) []ID {
	var d []ID
	for _, id := range e.Topo.Sorted() {
		if !keep(id) {
			continue
		}
		if notCrashed && e.Initial != nil && e.Initial[e.Topo.IndexOf(id)] == Crashed {
			continue
		}
		d = append(d, id)
	}
	return d
}

// InitialCoordinator is the coordinator every process believed in before
// the run: the best member at the start (the highest id, or the lowest
// when min is set).
func (e *Env) InitialCoordinator(min bool) ID {
	sorted := e.Topo.Sorted()
	for k := range sorted {
		id := sorted[len(sorted)-1-k]
		if min {
			id = sorted[k]
		}
		if e.Initial == nil || e.Initial[e.Topo.IndexOf(id)] != Absent {
			return id
		}
	}
	return None
}

// Next returns the ID of the process after this one in ring order.
func (e *Env) Next() ID { return e.Topo.Order[e.Topo.Next(e.Index)] }

// Prev returns the ID of the process before this one in ring order.
func (e *Env) Prev() ID { return e.Topo.Order[e.Topo.Prev(e.Index)] }

// N is the number of processes in the topology.
func (e *Env) N() int { return len(e.Topo.Order) }

// Reading returns the reading chosen for ambiguity number amb.
func (e *Env) Reading(amb int) uint8 { return reading(e.Variant, amb) }

// reading is variant[amb], or 0 (the first reading) past its end.
// ReadingOf is the reading of ambiguity amb in variant: 0, the first
// reading, when variant does not go that far (Env.Reading, claim.Params).
func ReadingOf(variant []uint8, amb int) uint8 { return reading(variant, amb) }

func reading(variant []uint8, amb int) uint8 {
	if amb < len(variant) {
		return variant[amb]
	}
	return 0
}

// InputKind says why a process takes a step.
type InputKind uint8

const (
	// InStart: the process initiates (it detected the coordinator's
	// failure, or it is an initiator of the election).
	InStart InputKind = iota
	// InDeliver: Msgs holds the messages delivered to the process in this
	// step (one in async timing; all of a round's messages in sync).
	InDeliver
	// InTimer: Timer fired.
	InTimer
	// InRecover: the process recovered from a crash; its state was reset
	// to Init before this step.
	InRecover
	// InJoin: the process joined the system; its state is Init's.
	InJoin
	// InBounce: Msgs[0] was sent by this process to a crashed process and
	// the network reports it undeliverable (only for algorithms that set
	// Algorithm.Bounce: a successor poll that finds a dead node).
	InBounce
)

var inputNames = [...]string{"start", "deliver", "timer", "recover", "join", "bounce"}

// String names the input kind.
func (k InputKind) String() string { return inputNames[k] }

// Input is one reason for a step, with the current time.
type Input struct {
	// Kind says what happened.
	Kind InputKind
	// Now is the time: the round number in sync timing, the number of
	// events applied so far in async timing.
	Now int64
	// Msgs are the delivered (or bounced) messages. Shared; read only.
	Msgs []Message
	// Timer is the timer that fired (InTimer).
	Timer uint8
	// Suspect is, for InStart, the process whose crash was detected: the
	// coordinator the model crashed for a successive crash
	// (Config.Successive). None keeps InStart's meaning of a run without
	// successive crashes (the initiators' start).
	Suspect ID
}

// View is what the checkers observe of a process state.
type View struct {
	// Leader is the coordinator this process currently believes in
	// (None when it knows of none).
	Leader ID
	// Coordinator reports that the process currently acts as coordinator.
	Coordinator bool
}

// ObsChoose is the observation tag of a process that chooses the
// coordinator by its own rule, Val the one chosen (e.g. [S4]'s detector
// that takes the smallest OK, or the minimum id that declares itself at
// once). A process that chooses itself in its recovery (or joining) step
// has won there, though its view is the one its initial state had: the
// step invariant checker.EarnedCoordinator reads it.
const ObsChoose = "choose"

// OutputKind is the type of an Output.
type OutputKind uint8

const (
	// OutSend sends Msg to Msg.To.
	OutSend OutputKind = iota
	// OutMulticast sends Msg to every ID in Dests: one transmission,
	// len(Dests) point-to-point sends.
	OutMulticast
	// OutSetTimer arms Timer to fire after Delay time units (rounds in
	// sync timing). Re-arming replaces the previous deadline.
	OutSetTimer
	// OutCancelTimer disarms Timer.
	OutCancelTimer
	// OutObserve records an observation (Tag, Val) for the checkers,
	// e.g. "own message returned". It changes nothing in the network.
	OutObserve
)

// Output is one effect requested by a step. The model applies outputs in
// the order they were emitted, after the step returns.
type Output struct {
	// Kind says which effect.
	Kind OutputKind
	// Msg is the message (OutSend, OutMulticast). From and To are set
	// by the Outbox helpers.
	Msg Message
	// Dests are the multicast destinations. Shared; read only.
	Dests []ID
	// Timer and Delay describe a timer (OutSetTimer, OutCancelTimer).
	Timer uint8
	Delay int64
	// Tag and Val describe an observation (OutObserve).
	Tag string
	Val int32
}

// Outbox collects the outputs of one step. A step function appends to it
// and never performs an effect itself.
type Outbox struct {
	self ID
	out  []Output
}

// Reset empties the outbox for a step of process self.
func (o *Outbox) Reset(self ID) { o.self, o.out = self, o.out[:0] }

// Outputs returns the outputs collected so far.
func (o *Outbox) Outputs() []Output { return o.out }

// Send sends a message of kind k with payload a, b to process to.
func (o *Outbox) Send(to ID, k *Kind, a, b int32) {
	// Fill the slot in place: building the 100-odd-byte Output in a
	// temporary and copying it is measurably slower on the hot path.
	if len(o.out) == cap(o.out) {
		o.out = append(o.out, Output{})
	} else {
		o.out = o.out[:len(o.out)+1]
	}
	p := &o.out[len(o.out)-1]
	p.Kind, p.Dests, p.Timer, p.Delay, p.Tag, p.Val = OutSend, nil, 0, 0, "", 0
	p.Msg = Message{Kind: k, From: o.self, To: to, A: a, B: b}
}

// SendMsg sends m (with its From replaced by the sender) to m.To.
func (o *Outbox) SendMsg(m Message) {
	m.From = o.self
	o.out = append(o.out, Output{Kind: OutSend, Msg: m})
}

// Multicast sends one message of kind k to every process in dests. dests
// must not be modified afterwards.
func (o *Outbox) Multicast(dests []ID, k *Kind, a, b int32) {
	o.out = append(o.out, Output{Kind: OutMulticast, Dests: dests, Msg: Message{Kind: k, From: o.self, A: a, B: b}})
}

// SetTimer arms timer t to fire after delay time units.
func (o *Outbox) SetTimer(t uint8, delay int64) {
	o.out = append(o.out, Output{Kind: OutSetTimer, Timer: t, Delay: delay})
}

// CancelTimer disarms timer t.
func (o *Outbox) CancelTimer(t uint8) {
	o.out = append(o.out, Output{Kind: OutCancelTimer, Timer: t})
}

// Emit re-emits x, an output that another step (a composed algorithm's,
// run on a scratch outbox) recorded, as one of this step's: a message's
// sender becomes this outbox's process, everything else is kept.
func (o *Outbox) Emit(x Output) {
	if x.Kind == OutSend || x.Kind == OutMulticast {
		x.Msg.From = o.self
	}
	o.out = append(o.out, x)
}

// Observe records the observation (tag, val) for the checkers.
func (o *Outbox) Observe(tag string, val int32) {
	o.out = append(o.out, Output{Kind: OutObserve, Tag: tag, Val: val})
}
