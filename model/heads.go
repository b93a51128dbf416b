package model

// The heads heaps: the oldest and the newest message at the head of a
// link, for OldestDelivery and NewestDelivery (and so FairNext) under
// FIFO channels, without a scan of every link at each step (a fair
// continuation of n processes asks for the oldest delivery at every
// event).

// headEntry is a message that was at the head of link from->to when it
// was pushed: stamp is its send stamp (unique in a World).
type headEntry struct {
	stamp    uint32
	from, to int32
}

// heads holds the heads of the non-empty links in a min-heap and a
// max-heap by stamp. It is lazy: an entry is pushed when a message
// becomes the head of its link (sent on an empty link, or the head before
// it delivered) and left in the heaps when the message leaves; top drops
// the entries that are no longer heads as they surface. It is built at
// the first query (on); a copy of the World starts without it (cloneInto
// resets it), so a World that never asks pays a test per send and
// delivery.
type heads struct {
	on       bool
	min, max []headEntry
}

// before orders the heap: the oldest on top of min, the newest on top of
// max.
func before(a, b headEntry, newest bool) bool {
	if newest {
		return a.stamp > b.stamp
	}
	return a.stamp < b.stamp
}

func heapUp(h []headEntry, i int, newest bool) {
	for i > 0 {
		p := (i - 1) / 2
		if !before(h[i], h[p], newest) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func heapDown(h []headEntry, i int, newest bool) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && before(h[c+1], h[c], newest) {
			c++
		}
		if !before(h[c], h[i], newest) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// push records that the message stamped stamp is now the head of link
// from->to. When the heaps hold more than four entries per message in
// flight (the stale ones of messages delivered) they are turned off, and
// the next query rebuilds them: they stay within a constant factor of
// the messages in flight.
func (hs *heads) push(e headEntry, inflight int) {
	if !hs.on {
		return
	}
	if len(hs.min)+len(hs.max) > 8*inflight+128 {
		hs.reset()
		return
	}
	hs.min = append(hs.min, e)
	heapUp(hs.min, len(hs.min)-1, false)
	hs.max = append(hs.max, e)
	heapUp(hs.max, len(hs.max)-1, true)
}

// reset turns the heaps off, keeping their arrays.
func (hs *heads) reset() {
	hs.on = false
	hs.min, hs.max = hs.min[:0], hs.max[:0]
}

// pushHead records, when its heads heaps are on, that link l's head is
// new.
func (w *World[S]) pushHead(l *link) {
	if w.heads.on && len(l.q) > 0 {
		w.heads.push(headEntry{l.q[0].Stamp, l.from, l.to}, w.inflight)
	}
}

// buildHeads builds w's heads heaps from its links.
func (w *World[S]) buildHeads() {
	hs := &w.heads
	hs.reset()
	for li := range w.links {
		if l := &w.links[li]; len(l.q) > 0 {
			e := headEntry{l.q[0].Stamp, l.from, l.to}
			hs.min = append(hs.min, e)
			hs.max = append(hs.max, e)
		}
	}
	for i := len(hs.min)/2 - 1; i >= 0; i-- {
		heapDown(hs.min, i, false)
		heapDown(hs.max, i, true)
	}
	hs.on = true
}

// topHead returns the position in w.links of the link whose head is the
// oldest (newest) message in flight, and false when every link is empty;
// it builds the heaps when they are off.
func (w *World[S]) topHead(newest bool) (int, bool) {
	if !w.heads.on {
		w.buildHeads()
	}
	h := &w.heads.min
	if newest {
		h = &w.heads.max
	}
	for len(*h) > 0 {
		e := (*h)[0]
		if li, ok := w.findLink(e.from, e.to); ok && len(w.links[li].q) > 0 && w.links[li].q[0].Stamp == e.stamp {
			return li, true
		}
		last := len(*h) - 1
		(*h)[0] = (*h)[last]
		*h = (*h)[:last]
		heapDown(*h, 0, newest)
	}
	return -1, false
}

// brokenHeads is a test hook (export_test.go): set, a delivery does not
// record the next head of its link (a broken heads heap).
var brokenHeads bool
