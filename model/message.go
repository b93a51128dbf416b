package model

import (
	"strconv"
	"strings"
)

// Kind describes one message type of an algorithm. Algorithms declare their
// kinds once, as package-level values numbered by Number (or built by
// Kinds), so a Kind is compared by pointer and never allocated at run time.
type Kind struct {
	// Name is the stable lower-case name used in traces ("elect").
	Name string
	// Args is how many of the integer payload fields (A, B) are printed.
	Args int
	// Code is the kind's index in its algorithm's kind list; message
	// accounting by kind is indexed by it.
	Code int
}

// KindSpec declares a message kind for Kinds: its name and its arity.
type KindSpec struct {
	Name string
	Args int
}

// Kinds builds an algorithm's kind list, numbering the kinds in order.
func Kinds(specs ...KindSpec) []*Kind {
	ks := make([]*Kind, len(specs))
	for i, s := range specs {
		ks[i] = &Kind{Name: s.Name, Args: s.Args, Code: i}
	}
	return ks
}

// Number makes an algorithm's kind list from kinds declared one by one,
// setting each kind's Code to its position, and returns it. An algorithm
// calls it once, in a package-level declaration, so that its kinds are
// numbered before any message is built:
//
//	var (
//		Elect = &model.Kind{Name: "elect", Args: 1}
//		Coord = &model.Kind{Name: "coord", Args: 1}
//	)
//	var kinds = model.Number(Elect, Coord)
func Number(kinds ...*Kind) []*Kind {
	for i, k := range kinds {
		k.Code = i
	}
	return kinds
}

// Message is one message on one directed link. It is a small value; its
// List, when present, is never modified after the message is sent.
type Message struct {
	// Kind is the message type.
	Kind *Kind
	// From and To are the sender and the receiver.
	From, To ID
	// Seq is the message's number on its link (1 for the first message
	// ever sent from From to To). The model sets it; events name a
	// message by link and Seq.
	Seq uint32
	// Stamp is the model's global send counter at the time of sending;
	// it orders messages by age for the FIFO scheduler.
	Stamp uint32
	// Hops is the length of the longest causal chain of messages ending
	// with this one (the sender's Lamport hop clock plus one).
	Hops int32
	// A and B are the integer payload (e.g. the candidate id).
	A, B int32
	// List is an optional list payload (e.g. the ids collected by a ring
	// election). Shared and immutable.
	List []ID
}

// String renders the message compactly and stably: "3->4 elect(5)".
func (m Message) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(m.From)))
	b.WriteString("->")
	b.WriteString(strconv.Itoa(int(m.To)))
	b.WriteByte(' ')
	b.WriteString(m.Body())
	return b.String()
}

// Body renders the message without its endpoints: "elect(5)".
func (m Message) Body() string {
	var b strings.Builder
	name := "?"
	args := 0
	if m.Kind != nil {
		name, args = m.Kind.Name, m.Kind.Args
	}
	b.WriteString(name)
	if args == 0 && m.List == nil {
		return b.String()
	}
	b.WriteByte('(')
	sep := false
	if args >= 1 {
		b.WriteString(strconv.Itoa(int(m.A)))
		sep = true
	}
	if args >= 2 {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(int(m.B)))
	}
	if m.List != nil {
		if sep {
			b.WriteByte(';')
		}
		b.WriteString(FormatIDs(m.List))
	}
	b.WriteByte(')')
	return b.String()
}
