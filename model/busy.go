package model

// The random chooser's shortcut: the enabled events of an async World
// with FIFO channels and no coin, timer or fault event are its enabled
// detections and one delivery per non-empty link, in Enabled's order;
// QuickEnabled, EnabledCount and EnabledAt give their number and the k-th
// without listing them (a random phase of n processes would otherwise
// list O(n) events at every step). A Fenwick tree over the links' being
// non-empty finds the k-th non-empty link.

// busyLinks is a Fenwick tree over w.links: t[i] (1-based) sums the
// non-empty flags of its range. It is lazy like heads: built at the first
// query (on), kept by enqueue and deliver, and turned off when a link is
// added (positions shift), by a round (sync timing) and in a copy.
type busyLinks struct {
	on bool
	t  []int32
}

func (b *busyLinks) reset() { b.on, b.t = false, b.t[:0] }

// add adds d at link position li.
func (b *busyLinks) add(li int, d int32) {
	if !b.on {
		return
	}
	for i := li + 1; i < len(b.t); i += i & -i {
		b.t[i] += d
	}
}

// total is the number of non-empty links.
func (b *busyLinks) total() int {
	s := int32(0)
	for i := len(b.t) - 1; i > 0; i -= i & -i {
		s += b.t[i]
	}
	return int(s)
}

// find is the position of the k-th (from 0) non-empty link.
func (b *busyLinks) find(k int) int {
	pos, rem := 0, int32(k+1)
	step := 1
	for step*2 < len(b.t) {
		step *= 2
	}
	for ; step > 0; step /= 2 {
		if pos+step < len(b.t) && b.t[pos+step] < rem {
			pos += step
			rem -= b.t[pos]
		}
	}
	return pos
}

// busy builds the tree when it is off.
func (w *World[S]) busy() *busyLinks {
	b := &w.busyL
	if b.on {
		return b
	}
	b.t = append(b.t[:0], make([]int32, len(w.links)+1)...)
	for li := range w.links {
		if len(w.links[li].q) > 0 {
			b.t[li+1]++
		}
	}
	for i := 1; i < len(b.t); i++ {
		if j := i + i&-i; j < len(b.t) {
			b.t[j] += b.t[i]
		}
	}
	b.on = true
	return b
}

// quick reports whether w's enabled events are only detections and
// deliveries at the heads of FIFO links (async timing, no pending coin,
// no armed timer, no crash budget, recovery, absent process or successive
// crash).
func (w *World[S]) quick() bool {
	c := w.r.cfg
	return c.Timing == Async && c.Net == FIFO && w.ncoins == 0 && w.ntimers == 0 && w.crashesLeft <= 0 &&
		!c.Recovery && len(c.Absent) == 0 && w.phasesLeft <= 0
}

// QuickEnabled reports, when it applies (ok: every enabled event is a
// detection or a delivery at the head of a FIFO link), the first enabled
// event when it is a detection, and whether it is.
func (w *World[S]) QuickEnabled() (first Event, detect, ok bool) {
	if !w.quick() {
		return Event{}, false, false
	}
	first, detect = w.FirstDetect()
	return first, detect, true
}

// FirstDetect returns the first enabled detection in Enabled's order, and
// false when none is enabled (in any configuration).
func (w *World[S]) FirstDetect() (Event, bool) {
	found, ev := false, Event{}
	for i := int(w.firstPending); i < len(w.pending); i++ {
		if w.detectable(i) {
			found, ev = true, Event{Kind: EvDetect, P: w.r.topo.Order[i]}
			if !brokenFirstDetect {
				break
			}
		}
	}
	return ev, found
}

// brokenFirstDetect is a test hook (export_test.go): set, FirstDetect
// returns the last enabled detection instead of the first.
var brokenFirstDetect bool

// EnabledCount is len(w.Enabled(nil)) where QuickEnabled applies.
func (w *World[S]) EnabledCount() int {
	return w.detections() + w.busy().total()
}

// detections is the number of enabled detections.
func (w *World[S]) detections() int {
	n := 0
	for i := int(w.firstPending); i < len(w.pending); i++ {
		if w.detectable(i) {
			n++
		}
	}
	return n
}

// EnabledAt is w.Enabled(nil)[k] where QuickEnabled applies, for k below
// EnabledCount.
func (w *World[S]) EnabledAt(k int) Event {
	for i := int(w.firstPending); i < len(w.pending); i++ {
		if w.detectable(i) {
			if k == 0 {
				return Event{Kind: EvDetect, P: w.r.topo.Order[i]}
			}
			k--
		}
	}
	l := &w.links[w.busy().find(k)]
	return Event{Kind: EvDeliver, From: w.r.topo.Order[l.from], P: w.r.topo.Order[l.to], Seq: l.q[0].Seq}
}

// brokenBusy is a test hook (export_test.go): set, a delivery that empties
// its link does not say so to the tree (a broken count).
var brokenBusy bool
