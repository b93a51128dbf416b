package model

import (
	"fmt"
	"strconv"
	"strings"
)

// EventKind is the type of an Event.
type EventKind uint8

const (
	// EvDetect: process P initiates (detects the coordinator's failure).
	EvDetect EventKind = iota
	// EvDeliver: the message number Seq on link From->P is delivered.
	EvDeliver
	// EvFire: timer Timer of process P fires.
	EvFire
	// EvCrash: process P crashes (crash-stop until a recover event).
	EvCrash
	// EvRecover: crashed process P recovers with its initial state.
	EvRecover
	// EvJoin: absent process P joins.
	EvJoin
	// EvRound: lock-step round number Seq (sync timing).
	EvRound
	// EvFail: the model crashes process P, the coordinator every live
	// process holds, for the next successive crash (Config.Successive);
	// the phase's detectors then have pending "detect" events.
	EvFail
	// EvCoin: process P's pending coin (Outbox.Coin) comes out as Seq,
	// and P takes it as its input (InCoin).
	EvCoin
)

var eventNames = [...]string{"detect", "deliver", "fire", "crash", "recover", "join", "round", "fail", "coin"}

// Event is one thing that can happen in a World. Events are named by
// content (link and sequence number, process, timer), never by their
// position in an enabled list, so a trace stays valid and readable.
type Event struct {
	// Kind is the type of event.
	Kind EventKind
	// P is the process the event happens at (the receiver of a delivery).
	P ID
	// From is the sender of a delivered message.
	From ID
	// Seq is the message's number on its link (EvDeliver), the round
	// number (EvRound) or the coin's outcome (EvCoin).
	Seq uint32
	// Timer is the timer that fires (EvFire).
	Timer uint8
}

// String returns the stable name: "deliver 3->4 #2", "fire 3 t1",
// "crash 5", "detect 2", "round 7", "recover 5", "join 9", "fail 8",
// "coin 3 = 1".
func (e Event) String() string {
	switch e.Kind {
	case EvDeliver:
		return "deliver " + strconv.Itoa(int(e.From)) + "->" + strconv.Itoa(int(e.P)) + " #" + strconv.FormatUint(uint64(e.Seq), 10)
	case EvFire:
		return "fire " + strconv.Itoa(int(e.P)) + " t" + strconv.Itoa(int(e.Timer))
	case EvRound:
		return "round " + strconv.FormatUint(uint64(e.Seq), 10)
	case EvCoin:
		return "coin " + strconv.Itoa(int(e.P)) + " = " + strconv.FormatUint(uint64(e.Seq), 10)
	default:
		if int(e.Kind) < len(eventNames) {
			return eventNames[e.Kind] + " " + strconv.Itoa(int(e.P))
		}
		return "event(" + strconv.Itoa(int(e.Kind)) + ")"
	}
}

// ParseEvent parses an event name produced by Event.String. The error
// quotes the offending text.
func ParseEvent(s string) (Event, error) {
	f := strings.Fields(s)
	bad := func(why string) (Event, error) { return Event{}, fmt.Errorf("bad event %q: %s", s, why) }
	if len(f) == 0 {
		return bad("empty")
	}
	num := func(t string) (int64, bool) {
		v, err := strconv.ParseInt(t, 10, 32)
		return v, err == nil && v >= 0
	}
	switch f[0] {
	case "deliver":
		if len(f) != 3 || !strings.HasPrefix(f[2], "#") {
			return bad("want \"deliver FROM->TO #SEQ\"")
		}
		a, b, ok := strings.Cut(f[1], "->")
		from, ok1 := num(a)
		to, ok2 := num(b)
		seq, ok3 := num(f[2][1:])
		if !ok || !ok1 || !ok2 || !ok3 || from == 0 || to == 0 || seq == 0 {
			return bad("want \"deliver FROM->TO #SEQ\" with positive numbers")
		}
		return Event{Kind: EvDeliver, From: ID(from), P: ID(to), Seq: uint32(seq)}, nil
	case "fire":
		if len(f) != 3 || !strings.HasPrefix(f[2], "t") {
			return bad("want \"fire P tN\"")
		}
		p, ok1 := num(f[1])
		t, ok2 := num(f[2][1:])
		if !ok1 || !ok2 || p == 0 || t > 255 {
			return bad("want \"fire P tN\" with a positive process and a timer 0..255")
		}
		return Event{Kind: EvFire, P: ID(p), Timer: uint8(t)}, nil
	case "round":
		if len(f) != 2 {
			return bad("want \"round R\"")
		}
		r, ok := num(f[1])
		if !ok {
			return bad("round number is not a non-negative integer")
		}
		return Event{Kind: EvRound, Seq: uint32(r)}, nil
	case "coin":
		if len(f) != 4 || f[2] != "=" {
			return bad("want \"coin P = V\"")
		}
		p, ok1 := num(f[1])
		v, ok2 := num(f[3])
		if !ok1 || p == 0 {
			return bad("process is not a positive integer")
		}
		if !ok2 || v >= MaxCoin {
			return bad(fmt.Sprintf("coin outcome %q is not an integer 0..%d", f[3], MaxCoin-1))
		}
		return Event{Kind: EvCoin, P: ID(p), Seq: uint32(v)}, nil
	}
	for k, name := range eventNames {
		if name == f[0] && EventKind(k) != EvDeliver && EventKind(k) != EvFire && EventKind(k) != EvRound && EventKind(k) != EvCoin {
			if len(f) != 2 {
				return bad("want \"" + name + " P\"")
			}
			p, ok := num(f[1])
			if !ok || p == 0 {
				return bad("process is not a positive integer")
			}
			return Event{Kind: EventKind(k), P: ID(p)}, nil
		}
	}
	return bad("unknown event kind " + strconv.Quote(f[0]))
}
