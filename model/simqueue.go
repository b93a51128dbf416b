package model

// The Sim's message queue in async timing: a FIFO ring buffer of compact,
// pointer-free messages (qmsg), with a side FIFO for the messages kept whole.

// qmsg is a message in flight in the async queue, stored compactly and
// without pointers (so the garbage collector does not scan the queue):
// the receiver's index instead of its ID, the kind's code instead of its
// pointer, and no Seq, Stamp or List. A message that does not fit (a
// nonzero Seq or Stamp, a List, or a Kind that is not the algorithm's own
// kind of that code) is kept whole in simQueue.extra and marked kind = -1.
type qmsg struct {
	from       ID
	hops, a, b int32
	// to is the receiver's index in the topology.
	to int32
	// kind is the kind's code, or -1 when the message is in extra.
	kind int32
}

// simQueue is a FIFO ring buffer of qmsg (its capacity a power of two),
// with a side FIFO of the messages that are kept whole. Both keep the
// global send order, so the side FIFO's oldest message belongs to the
// oldest qmsg marked -1.
type simQueue struct {
	buf       []qmsg
	head, n   int
	extra     []Message
	extraHead int
}

// reuse returns an empty queue with room for capacity messages (the
// power of two at or above it, at least 16), in q's storage when it is
// large enough (a qmsg holds no pointer, and every slot is written before
// it is read). A new Sim's queue is simQueue{}.reuse(n).
func (q simQueue) reuse(capacity int) simQueue {
	c := 16
	for c < capacity {
		c <<= 1
	}
	if cap(q.buf) < c {
		q.buf = make([]qmsg, c)
	}
	clear(q.extra[:cap(q.extra)])
	return simQueue{buf: q.buf[:c], extra: q.extra[:0]}
}

// push appends a slot to the queue and returns it, to be filled in.
func (q *simQueue) push() *qmsg {
	if q.n == len(q.buf) {
		q.grow()
	}
	e := &q.buf[(q.head+q.n)&(len(q.buf)-1)]
	q.n++
	return e
}

func (q *simQueue) grow() {
	c := 2 * len(q.buf)
	if c < 16 {
		c = 16
	}
	b := make([]qmsg, c)
	k := copy(b, q.buf[q.head:])
	copy(b[k:], q.buf[:q.head])
	q.buf, q.head = b, 0
}

func (q *simQueue) pushExtra(m Message) {
	q.extra = append(q.extra, m)
}

func (q *simQueue) popExtra() Message {
	m := q.extra[q.extraHead]
	q.extra[q.extraHead] = Message{}
	q.extraHead++
	if q.extraHead == len(q.extra) {
		q.extra, q.extraHead = q.extra[:0], 0
	} else if q.extraHead > 1<<10 && q.extraHead*2 > len(q.extra) {
		k := copy(q.extra, q.extra[q.extraHead:])
		clear(q.extra[k:])
		q.extra, q.extraHead = q.extra[:k], 0
	}
	return m
}
