package model

import "fmt"

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
	// ambiguities, indexed like Algorithm.Ambiguities. Worlds and
	// simulators of the same variant share it: read only.
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
	// InCoin: the answer to the coin the process requested in an earlier
	// step (Outbox.Coin): Input.Coin holds the outcome.
	InCoin
)

var inputNames = [...]string{"start", "deliver", "timer", "recover", "join", "bounce", "coin"}

// String names the input kind.
func (k InputKind) String() string { return inputNames[k] }

// Input is one reason for a step, with the current time.
type Input struct {
	// Kind says what happened.
	Kind InputKind
	// Now is the time: the round number in sync timing, the number of
	// events applied so far in async timing.
	Now int64
	// Msgs are the delivered (or bounced) messages. Shared; read only;
	// valid only during the step: the array may be reused for the next
	// delivery, so a step that keeps a message keeps a copy of the
	// Message (a value; its List is shared and never changes).
	Msgs []Message
	// Timer is the timer that fired (InTimer).
	Timer uint8
	// Suspect is, for InStart, the process whose crash was detected: the
	// coordinator the model crashed for a successive crash
	// (Config.Successive). None keeps InStart's meaning of a run without
	// successive crashes (the initiators' start).
	Suspect ID
	// Coin is, for InCoin, the outcome of the process's coin: a value in
	// 0..k-1 for a coin of k weights.
	Coin int
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
	// OutCoin requests a random choice (Outbox.Coin): outcome v with
	// probability Weights[v]/sum(Weights). The answer is one of the
	// process's later inputs (InCoin), the next one it takes.
	OutCoin
)

// Output is one effect requested by a step. The model applies outputs in
// the order they were emitted, after the step returns.
//
// Its small fields come first, side by side, so that an Output stays small
// (Outbox.Send fills one per message on the simulator's hot path).
type Output struct {
	// Kind says which effect.
	Kind OutputKind
	// Timer (with Delay) describes a timer (OutSetTimer, OutCancelTimer).
	Timer uint8
	// Val (with Tag) describes an observation (OutObserve).
	Val int32
	// Msg is the message (OutSend, OutMulticast). From and To are set
	// by the Outbox helpers.
	Msg Message
	// Dests are the multicast destinations. Shared; read only.
	Dests []ID
	// Delay is the timer's delay (OutSetTimer).
	Delay int64
	// Tag is the observation's tag (OutObserve).
	Tag string
	// Weights are the outcome weights of a coin (OutCoin). Shared; read
	// only.
	Weights []uint32
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
	p := o.sendSlot()
	p.Msg = Message{Kind: k, From: o.self, To: to, A: a, B: b}
}

// sendSlot appends an OutSend output whose message the caller fills, and
// returns it. The slot is filled in place: building the 100-odd-byte
// Output in a temporary and copying it is measurably slower on the hot
// path (the copy waits for the temporary's smaller stores).
func (o *Outbox) sendSlot() *Output {
	if len(o.out) == cap(o.out) {
		o.out = append(o.out, Output{})
	} else {
		o.out = o.out[:len(o.out)+1]
	}
	p := &o.out[len(o.out)-1]
	p.Kind, p.Dests, p.Timer, p.Delay, p.Tag, p.Val, p.Weights = OutSend, nil, 0, 0, "", 0, nil
	return p
}

// SendMsg sends m (with its From replaced by the sender) to m.To.
func (o *Outbox) SendMsg(m Message) {
	p := o.sendSlot()
	p.Msg = m
	p.Msg.From = o.self
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

// Coin requests a random choice: the next input the process takes is
// InCoin with Input.Coin = v, v in 0..len(weights)-1 drawn with probability
// weights[v]/sum(weights); until then it takes no other input (deliveries
// to it and its timers wait). There must be 2 to MaxCoin weights, each at
// least 1, and a process may have only one coin pending: anything else is
// a model fault (World.Faults) and the request is ignored. The step stays
// pure: the model draws the coin (a schedule draws or picks the outcome,
// an exhaustive search branches on every one).
func (o *Outbox) Coin(weights ...uint32) {
	o.out = append(o.out, Output{Kind: OutCoin, Weights: append([]uint32(nil), weights...)})
}

// Flip requests a fair coin of k outcomes: Coin with k weights of 1.
func (o *Outbox) Flip(k int) {
	var w []uint32
	if k >= 2 && k <= MaxCoin {
		w = fairWeights[:k:k]
	} else {
		// A stand-in of k weights (0 when k < 0, MaxCoin+1 when k is
		// larger) that the model refuses: a fault.
		w = make([]uint32, max(min(k, MaxCoin+1), 0))
		for i := range w {
			w[i] = 1
		}
	}
	o.out = append(o.out, Output{Kind: OutCoin, Weights: w})
}

// MaxCoin is the most outcomes a coin may have.
const MaxCoin = 255

// fairWeights are MaxCoin weights of 1, shared (read only) by every Flip.
var fairWeights = func() (w [MaxCoin]uint32) {
	for i := range w {
		w[i] = 1
	}
	return w
}()

// coinFault says what is wrong with a coin's weights, or "" when nothing
// is: 2..MaxCoin weights, each at least 1.
func coinFault(weights []uint32) string {
	if len(weights) < 2 || len(weights) > MaxCoin {
		return fmt.Sprintf("a coin of %d outcome(s) (want 2..%d)", len(weights), MaxCoin)
	}
	for v, x := range weights {
		if x == 0 {
			return fmt.Sprintf("a coin whose outcome %d has weight 0 (want every weight >= 1)", v)
		}
	}
	return ""
}
