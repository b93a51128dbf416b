package model

// The World's semantics: which events are enabled (Enabled, Quiescent), what
// applying one does (Apply, and the steps, sends, timers and successive
// crashes it runs), and the fair scheduler's choices (OldestDelivery,
// EarliestTimer). heldCoordinators, agreedLeader and earliestTimer serve the
// Sim too.

import (
	"fmt"
	"slices"
)

// Quiescent reports that no message is in flight, no timer is armed, no
// initiation or coin is pending and no successive crash is due
// (Config.Successive).
func (w *World[S]) Quiescent() bool {
	if !w.quiet() {
		return false
	}
	_, due := w.nextFail()
	return !due
}

// nextFail returns the coordinator the next successive crash crashes, and
// whether it is due: the network is quiet, a phase remains, and every live
// process holds that same live coordinator while another process is live.
// Apply stops the phases (with a model fault) when one remains and no
// coordinator is agreed.
func (w *World[S]) nextFail() (ID, bool) {
	if w.phasesLeft <= 0 || !w.quiet() {
		return None, false
	}
	l, err := agreedLeader(w.r.topo, w.status, w.held(), w.alg.Holds != nil)
	return l, err == nil
}

// held is, by index, the coordinator each live process holds for the
// successive crashes (Algorithm.Holds, or the view's leader).
func (w *World[S]) held() []ID {
	return heldCoordinators(w.alg, w.states, w.status, func(i int) ID { return w.views[i].Leader })
}

// heldCoordinators is, by index, the coordinator each live process holds
// for the successive crashes: Algorithm.Holds of its state, or, without
// Holds, leader(i), its view's leader. Crashed and absent processes hold
// None. The World passes its cached views, the Sim computes them.
func heldCoordinators[S any](alg *Algorithm[S], states []S, status []Status, leader func(i int) ID) []ID {
	h := make([]ID, len(states))
	for i := range states {
		if status[i] != Live {
			continue
		}
		if alg.Holds != nil {
			h[i] = alg.Holds(states[i])
		} else {
			h[i] = leader(i)
		}
	}
	return h
}

// agreedLeader returns the coordinator every live process holds (held, by
// index), when it is a live process and not the only live one; otherwise
// an error saying why (the successive crashes stop there: itself a
// finding). With hasHolds, processes that hold None are left out.
func agreedLeader(topo *Topology, status []Status, held []ID, hasHolds bool) (ID, error) {
	l, first, live, voters := None, None, 0, 0
	for i, st := range status {
		if st != Live {
			continue
		}
		live++
		v := held[i]
		if hasHolds && v == None {
			continue
		}
		voters++
		if voters == 1 {
			l, first = v, topo.Order[i]
		} else if v != l {
			return None, fmt.Errorf("live processes disagree on the coordinator (%d holds %d, %d holds %d)", first, l, topo.Order[i], v)
		}
	}
	if l == None {
		return None, fmt.Errorf("no live process holds a coordinator")
	}
	if j := topo.IndexOf(l); j < 0 || status[j] != Live {
		return None, fmt.Errorf("every live process holds coordinator %d, which is not live", l)
	}
	if live <= 1 {
		return None, fmt.Errorf("coordinator %d is the only live process", l)
	}
	return l, nil
}

// quiet reports that no message is in flight, no timer is armed and no
// initiation or coin is pending (Quiescent without the successive
// crashes).
func (w *World[S]) quiet() bool {
	if w.inflight > 0 || w.ncoins > 0 {
		return false
	}
	for i := range w.pending {
		if w.detectable(i) {
			return false
		}
		if len(w.timers[i]) > 0 && w.status[i] == Live {
			return false
		}
	}
	return true
}

// detectable reports that process i's "detect" event is enabled: i is
// live with a pending detection and no pending coin and, under lazy
// detection
// (Config.Detect), does not know a live coordinator (its view's leader is
// none or a process that is not live).
func (w *World[S]) detectable(i int) bool {
	if !w.pending[i] || w.status[i] != Live || w.waits(i) {
		return false
	}
	if w.r.cfg.Detect != DetectLazy {
		return true
	}
	l := w.views[i].Leader
	if l == None {
		return true
	}
	j := w.r.topo.IndexOf(l)
	return j < 0 || w.status[j] != Live
}

// whyNotDetectable says why process p's detection is not enabled.
func (w *World[S]) whyNotDetectable(p int) string {
	if w.pending[p] && w.status[p] == Live && w.waits(p) {
		return waitWhy
	}
	if w.pending[p] && w.status[p] == Live {
		return "lazy detection: the process knows a live coordinator"
	}
	return "no pending initiation at a live process"
}

// waits reports that process i has a pending coin: it takes no other
// input until the coin is answered (an EvCoin event).
func (w *World[S]) waits(i int) bool { return w.ncoins > 0 && w.coins[i] != nil }

// brokenCoinWait is a test hook (export_test.go): set, deliveries to a
// process that waits for its coin are enabled (a broken model that the
// coin tests must catch).
var brokenCoinWait bool

// waitWhy is why an event at a process that waits for its coin is not
// enabled.
const waitWhy = "the process waits for its coin (the next input it takes is the coin's outcome)"

// deliveryWaits reports that the head of l, or any of its messages, cannot
// be delivered now because a process it would step waits for its coin:
// its live receiver, or the sender it would bounce back to (a crashed or
// absent receiver that does not forward it, Algorithm.Bounce).
func (w *World[S]) deliveryWaits(l *link) bool {
	if w.ncoins == 0 || brokenCoinWait {
		return false
	}
	if w.coins[l.to] != nil {
		return true
	}
	if w.status[l.to] == Live || !w.alg.Bounce || w.coins[l.from] == nil {
		return false
	}
	_, fwd := forwardTarget(w.r.topo, w.r.forwarding && w.status[l.to] == Crashed, int(l.to), w.r.topo.Order[l.from])
	return !fwd
}

func (w *World[S]) liveCount() int {
	c := 0
	for _, s := range w.status {
		if s == Live {
			c++
		}
	}
	return c
}

// Enabled appends the enabled events to buf in canonical order: coin
// outcomes (by process, then outcome), initiations, deliveries (by link),
// timers, rounds, then faults. A process with a pending coin takes no
// other input until it is answered, and in sync timing no round starts
// while a coin is pending.
func (w *World[S]) Enabled(buf []Event) []Event {
	ids := w.r.topo.Order
	if w.ncoins > 0 {
		for i, c := range w.coins {
			for v := range c {
				buf = append(buf, Event{Kind: EvCoin, P: ids[i], Seq: uint32(v)})
			}
		}
	}
	detects := len(buf)
	for i := int(w.firstPending); i < len(w.pending); i++ {
		if w.detectable(i) {
			buf = append(buf, Event{Kind: EvDetect, P: ids[i]})
		}
	}
	// w.quiet(), from the detections just listed.
	quiet := w.inflight == 0 && len(buf) == detects && !w.anyTimer() && w.ncoins == 0
	if w.r.cfg.Timing == Sync {
		if !quiet && (w.inflight > 0 || w.anyTimer()) && w.ncoins == 0 {
			buf = append(buf, Event{Kind: EvRound, Seq: uint32(w.now + 1)})
		}
	} else {
		for li := range w.links {
			l := &w.links[li]
			if len(l.q) == 0 || w.ncoins > 0 && w.deliveryWaits(l) {
				continue
			}
			if w.r.cfg.Net == FIFO {
				buf = append(buf, Event{Kind: EvDeliver, From: ids[l.from], P: ids[l.to], Seq: l.q[0].Seq})
			} else {
				for _, m := range l.q {
					buf = append(buf, Event{Kind: EvDeliver, From: ids[l.from], P: ids[l.to], Seq: m.Seq})
				}
			}
		}
		if w.timersMayFire() {
			for i, ts := range w.timers {
				if w.status[i] != Live || w.waits(i) {
					continue
				}
				for _, t := range ts {
					buf = append(buf, Event{Kind: EvFire, P: ids[i], Timer: t.id})
				}
			}
		}
	}
	if !quiet && w.crashesLeft > 0 && w.started && w.liveCount() > 1 {
		for i, s := range w.status {
			if s == Live {
				buf = append(buf, Event{Kind: EvCrash, P: ids[i]})
			}
		}
	}
	if l, due := w.nextFail(); due {
		buf = append(buf, Event{Kind: EvFail, P: l})
	}
	if !w.r.cfg.Recovery && len(w.r.cfg.Absent) == 0 {
		// No process recovers, and none is absent (only the config's
		// absent processes ever are).
		return buf
	}
	for i, s := range w.status {
		if s == Crashed && w.r.cfg.Recovery && !quiet {
			buf = append(buf, Event{Kind: EvRecover, P: ids[i]})
		}
		// A join may also come when everything else is over: a process
		// joining a stable system ([S4]'s joins) is the common case.
		if s == Absent {
			buf = append(buf, Event{Kind: EvJoin, P: ids[i]})
		}
	}
	return buf
}

// timersMayFire reports whether, in async timing, an armed timer at a
// live process may fire now (Config.Timeouts): always under early
// timeouts; when no message is in flight under accurate ones; when no
// message sent by a live process is in flight under dead-late ones
// (computed only in that mode, O(links)).
func (w *World[S]) timersMayFire() bool {
	switch w.r.cfg.Timeouts {
	case Early:
		return true
	case DeadLate:
		return !w.liveInFlight()
	}
	return w.inflight == 0
}

// liveInFlight reports whether a message sent by a live process is in
// flight: one on a link whose sender (the process that put it there, a
// crashed ring node's control part for a forwarded one) is live.
func (w *World[S]) liveInFlight() bool {
	if w.inflight == 0 {
		return false
	}
	for li := range w.links {
		if l := &w.links[li]; len(l.q) > 0 && w.status[l.from] == Live {
			return true
		}
	}
	return false
}

func (w *World[S]) anyTimer() bool {
	if w.ntimers == 0 {
		return false
	}
	for i, ts := range w.timers {
		if len(ts) > 0 && w.status[i] == Live {
			return true
		}
	}
	return false
}

// Apply applies ev to w in place. It returns an error, and leaves w
// unchanged, when ev is not enabled.
func (w *World[S]) Apply(ev Event) error {
	topo := w.r.topo
	p := -1
	if ev.Kind != EvRound {
		p = topo.IndexOf(ev.P)
		if p < 0 {
			return fmt.Errorf("event %q: process %d is not a member", ev, ev.P)
		}
	}
	if w.unsized {
		w.stepRoom()
	}
	w.effects = w.effects[:0]
	switch ev.Kind {
	case EvDetect:
		if !w.detectable(p) {
			return notEnabled(ev, w.whyNotDetectable(p))
		}
		w.setPending(p, false) // detectable: it was true
		w.touch(p)
		w.tick()
		w.effects = append(w.effects, Effect{Kind: Started, P: ev.P})
		w.step(p, Input{Kind: InStart, Suspect: w.suspect})
	case EvDeliver:
		if err := w.deliver(ev, p); err != nil {
			return err
		}
	case EvFire:
		if w.r.cfg.Timing == Sync {
			return notEnabled(ev, "timers fire in rounds under sync timing")
		}
		if w.status[p] != Live || !w.hasTimer(p, ev.Timer) {
			return notEnabled(ev, "that timer is not armed at a live process")
		}
		if w.waits(p) {
			return notEnabled(ev, waitWhy)
		}
		if !w.timersMayFire() {
			why := "accurate timeouts fire only when no message is in flight"
			if w.r.cfg.Timeouts == DeadLate {
				why = "dead-late timeouts fire only when no message sent by a live process is in flight"
			}
			return notEnabled(ev, why)
		}
		w.tick()
		w.fire(p, ev.Timer)
	case EvCrash:
		if w.status[p] != Live || w.crashesLeft <= 0 || !w.started || w.liveCount() <= 1 || w.quiet() {
			return notEnabled(ev, "needs a live process, crash budget left, another live process and a started, running execution")
		}
		w.crashesLeft--
		w.tick()
		w.statusChanged()
		w.status[p] = Crashed
		w.setTimers(p, nil)
		w.touch(p)
		w.dropCoin(p)
		w.effects = append(w.effects, Effect{Kind: CrashedP, P: ev.P})
	case EvRecover:
		if w.status[p] != Crashed || !w.r.cfg.Recovery {
			return notEnabled(ev, "recovery needs a crashed process and the recovery option")
		}
		w.tick()
		w.statusChanged()
		w.status[p] = Live
		w.states[p] = w.alg.Init(&w.r.envs[p])
		w.touch(p)
		w.views[p] = w.alg.View(w.states[p])
		w.effects = append(w.effects, Effect{Kind: Recovered, P: ev.P, Coord: w.views[p].Coordinator})
		w.step(p, Input{Kind: InRecover})
	case EvJoin:
		if w.status[p] != Absent {
			return notEnabled(ev, "joining needs an absent process")
		}
		w.tick()
		w.statusChanged()
		w.status[p] = Live
		w.touch(p)
		w.effects = append(w.effects, Effect{Kind: Joined, P: ev.P, Coord: w.views[p].Coordinator})
		w.step(p, Input{Kind: InJoin})
	case EvRound:
		if w.r.cfg.Timing != Sync {
			return notEnabled(ev, "rounds exist only under sync timing")
		}
		if int64(ev.Seq) != w.now+1 || (w.inflight == 0 && !w.anyTimer()) {
			return notEnabled(ev, fmt.Sprintf("the next round is %d and needs a message in flight or an armed timer", w.now+1))
		}
		if w.ncoins > 0 {
			return notEnabled(ev, "a coin is pending (coins are answered between rounds)")
		}
		w.round()
	case EvFail:
		if l, due := w.nextFail(); !due || l != ev.P {
			return notEnabled(ev, "a successive crash needs a quiet execution, a phase left and every live process holding that coordinator")
		}
		w.fail(p)
	case EvCoin:
		c, ok := w.PendingCoin(p)
		if !ok {
			return notEnabled(ev, "the process has no pending coin")
		}
		if int(ev.Seq) >= len(c) {
			return notEnabled(ev, fmt.Sprintf("the pending coin has outcomes 0..%d", len(c)-1))
		}
		w.dropCoin(p)
		w.tick()
		w.step(p, Input{Kind: InCoin, Coin: int(ev.Seq)})
	default:
		return fmt.Errorf("event %q: unknown kind", ev)
	}
	if w.phasesLeft > 0 && w.quiet() {
		if _, err := agreedLeader(w.r.topo, w.status, w.held(), w.alg.Holds != nil); err != nil {
			// No coordinator to crash: the successive crashes stop here,
			// and the model reports why (a finding about the algorithm).
			w.faults = append(w.faults[:len(w.faults):len(w.faults)], fmt.Sprintf("event %d: %d successive crash(es) left undone: %v", w.events, w.phasesLeft, err))
			w.phasesLeft = 0
		}
	}
	return nil
}

// deliver applies the delivery event ev to process index p (Apply's
// EvDeliver): it takes the message off its link, FIFO or not, and gives it
// to p. It returns an error, and leaves w unchanged, when ev is not enabled.
func (w *World[S]) deliver(ev Event, p int) error {
	if w.r.cfg.Timing == Sync {
		return notEnabled(ev, "deliveries happen in rounds under sync timing")
	}
	from := w.r.topo.IndexOf(ev.From)
	if from < 0 {
		return fmt.Errorf("event %q: process %d is not a member", ev, ev.From)
	}
	li, ok := w.findLink(int32(from), int32(p))
	if !ok {
		return notEnabled(ev, "no message in flight on that link")
	}
	l := &w.links[li]
	if w.deliveryWaits(l) {
		why := waitWhy
		if w.coins[l.to] == nil {
			why = "it would bounce back to its sender, which waits for its coin"
		}
		return notEnabled(ev, why)
	}
	k := -1
	for j, m := range l.q {
		if m.Seq == ev.Seq {
			k = j
			break
		}
		if w.r.cfg.Net == FIFO {
			break
		}
	}
	if k < 0 {
		return notEnabled(ev, "that message is not deliverable on its link")
	}
	m := l.q[k]
	w.staleLink(l)
	if k == 0 {
		if w.exclusive && l.owned && len(l.q) <= shiftMax {
			// The array is w's alone (Own): shift the rest down.
			l.q = l.q[:copy(l.q, l.q[1:])]
			l.q[:len(l.q)+1][len(l.q)] = Message{}
		} else {
			l.q = l.q[1:] // a reslice: the backing array may be shared (link.owned)
		}
		if !brokenHeads {
			w.pushHead(l)
		}
		if len(l.q) == 0 && !brokenBusy {
			w.busyL.add(li, -1)
		}
	} else if w.exclusive && l.owned {
		l.q = l.q[:k+copy(l.q[k:], l.q[k+1:])]
		l.q[:len(l.q)+1][len(l.q)] = Message{}
	} else {
		l.q = append(append(make([]Message, 0, len(l.q)), l.q[:k]...), l.q[k+1:]...)
		l.owned = true
	}
	w.inflight--
	w.tick()
	w.batch = append(w.batch[:0], m)
	w.receive(p, w.batch)
	return nil
}

// notEnabled is Apply's error for an event that is not enabled, and why.
func notEnabled(ev Event, why string) error {
	return fmt.Errorf("event %q is not enabled: %s", ev, why)
}

// fail applies the next successive crash: process p (the agreed
// coordinator) crashes, and the phase's live detectors get a pending start
// whose Input.Suspect is p.
func (w *World[S]) fail(p int) {
	k := len(w.r.cfg.Successive) - w.phasesLeft
	w.phasesLeft--
	w.tick()
	w.statusChanged()
	w.status[p] = Crashed
	w.setTimers(p, nil)
	w.touch(p)
	w.dropCoin(p)
	id := w.r.topo.Order[p]
	w.suspect = id
	w.effects = append(w.effects, Effect{Kind: CrashedP, P: id})
	w.observe(p, "fail", int32(k+1))
	det := w.r.cfg.Successive[k].Detectors
	for i := range w.status {
		if w.status[i] == Live && (len(det) == 0 || slices.Contains(det, w.r.topo.Order[i])) {
			if !w.pending[i] {
				w.setPending(i, true)
			}
			w.touch(i)
		}
	}
}

// dropCoin forgets process p's pending coin, if any (it crashed, or the
// coin is answered).
func (w *World[S]) dropCoin(p int) {
	if w.waits(p) {
		w.touch(p)
		w.coins[p] = nil
		w.ncoins--
	}
}

// tick advances the event counter (and the time in async timing).
func (w *World[S]) tick() {
	w.events++
	if w.r.cfg.Timing == Async {
		w.now = w.events
	}
}

func (w *World[S]) hasTimer(p int, id uint8) bool {
	for _, t := range w.timers[p] {
		if t.id == id {
			return true
		}
	}
	return false
}

func (w *World[S]) fire(p int, id uint8) {
	w.touch(p)
	ts := w.timers[p]
	for j, t := range ts {
		if t.id == id {
			w.setTimers(p, append(ts[:j:j], ts[j+1:]...))
			break
		}
	}
	w.effects = append(w.effects, Effect{Kind: Fired, P: w.r.topo.Order[p], Val: int32(id)})
	w.step(p, Input{Kind: InTimer, Timer: id})
}

// round runs one lock-step round: every message in flight is delivered,
// each receiver getting its batch in one step, then due timers fire.
func (w *World[S]) round() {
	w.events++
	w.now++
	w.busyL.reset()
	if w.ntimers > 0 && !brokenRoundTouch {
		// An armed timer is encoded relative to the round (due-now): the
		// new round changes the encoding of every process that has one
		// (the links, also relative, are all made stale below).
		for p := range w.timers {
			if len(w.timers[p]) > 0 {
				w.touch(p)
			}
		}
	}
	// Take every queue; messages sent during the round go to the next one.
	all := make([]Message, 0, w.inflight)
	if w.r.phys != Direct {
		// A physical ring: take only the messages due by this round.
		for li := range w.links {
			l := &w.links[li]
			k := 0
			for k < len(l.due) && l.due[k] <= w.now {
				k++
			}
			all = append(all, l.q[:k]...)
			if w.exclusive && l.owned {
				// The arrays are w's alone (Own): shift the rest down.
				n := copy(l.q, l.q[k:])
				copy(l.due, l.due[k:])
				clear(l.q[n:])
				l.q, l.due = l.q[:n], l.due[:n]
			} else {
				l.q, l.due = l.q[k:], l.due[k:] // reslices: the arrays may be shared (link.owned)
			}
			w.staleLink(l)
			w.inflight -= k
		}
	} else {
		for li := range w.links {
			l := &w.links[li]
			all = append(all, l.q...)
			w.staleLink(l)
			if w.exclusive && l.owned {
				clear(l.q)
				l.q = l.q[:0]
			} else {
				l.q, l.owned = nil, false
			}
		}
		w.inflight = 0
	}
	// Links are sorted by (to, from), so all is grouped by receiver.
	for start := 0; start < len(all); {
		to := w.r.topo.IndexOf(all[start].To)
		end := start + 1
		for end < len(all) && all[end].To == all[start].To {
			end++
		}
		w.receive(to, all[start:end:end])
		start = end
	}
	for p := range w.timers {
		if w.status[p] != Live || w.waits(p) {
			continue
		}
		for {
			fired := false
			for _, t := range w.timers[p] {
				if t.due <= w.now {
					w.fire(p, t.id)
					fired = true
					break
				}
			}
			if !fired || w.status[p] != Live || w.waits(p) {
				// A process that asked for a coin takes its due timers
				// in a later round, after the coin.
				break
			}
		}
	}
}

// receive hands msgs (all to process p) to p, or handles them at a crashed
// or absent p: forward, bounce or drop.
func (w *World[S]) receive(p int, msgs []Message) {
	if w.status[p] == Live {
		for k := range msgs {
			m := &msgs[k]
			w.counts.Deliveries++
			w.counts.ByKind[m.Kind.Code].Deliveries++
			if m.Hops > w.hops[p] {
				w.hops[p] = m.Hops
			}
			w.effects = append(w.effects, Effect{Kind: Delivered, P: m.To, Msg: *m})
		}
		w.step(p, Input{Kind: InDeliver, Msgs: msgs})
		return
	}
	topo := w.r.topo
	for _, m := range msgs {
		if next, ok := forwardTarget(topo, w.r.forwarding && w.status[p] == Crashed, p, m.From); ok {
			f := m
			f.From, f.To, f.Hops = topo.Order[p], topo.Order[next], m.Hops+1
			w.effects = append(w.effects, Effect{Kind: Forwarded, P: f.From, Msg: f})
			w.counts.Forwards++
			w.enqueue(p, next, f)
		} else if s := topo.IndexOf(m.From); w.alg.Bounce && w.status[s] == Live && w.waits(s) {
			// Only in a sync round (async deliveries wait): the sender
			// asked for a coin earlier in the round and cannot take the
			// bounce now.
			w.faults = append(w.faults[:len(w.faults):len(w.faults)], fmt.Sprintf("event %d: the bounce of %s to %d is lost: it waits for its coin", w.events, m.Body(), m.From))
			w.effects = append(w.effects, Effect{Kind: Dropped, P: m.To, Msg: m})
		} else if w.alg.Bounce && w.status[s] == Live {
			w.effects = append(w.effects, Effect{Kind: Bounced, P: m.From, Msg: m})
			w.step(s, Input{Kind: InBounce, Msgs: []Message{m}})
		} else {
			w.effects = append(w.effects, Effect{Kind: Dropped, P: m.To, Msg: m})
		}
	}
}

// step runs the algorithm's step function at p and applies its outputs.
func (w *World[S]) step(p int, in Input) {
	w.started = true
	w.touch(p)
	in.Now = w.now
	env := &w.r.envs[p]
	w.out.Reset(env.Self)
	w.states[p] = w.alg.Step(env, w.states[p], in, &w.out)
	before := w.views[p]
	w.views[p] = w.alg.View(w.states[p])
	if w.views[p] != before {
		if w.views[p].Leader != before.Leader {
			w.learn[p] = w.hops[p]
		}
		w.effects = append(w.effects, Effect{Kind: Decided, P: env.Self, Val: int32(w.views[p].Leader), Coord: w.views[p].Coordinator})
	}
	for _, o := range w.out.out {
		switch o.Kind {
		case OutSend:
			w.send(p, o.Msg, true)
		case OutMulticast:
			w.counts.Transmissions++
			w.counts.ByKind[o.Msg.Kind.Code].Transmissions++
			for _, d := range o.Dests {
				m := o.Msg
				m.To = d
				w.send(p, m, false)
			}
			if w.r.phys != Direct {
				// A flood on a physical ring: each copy counted one
				// send; the flood costs its link hops.
				extra := int64(w.r.floodHops(p, o.Dests) - w.r.floodDests(p, o.Dests))
				w.counts.Sends += extra
				w.counts.ByKind[o.Msg.Kind.Code].Sends += extra
			}
		case OutSetTimer:
			d := o.Delay
			if w.r.phys == PhysRingRT && w.r.cfg.Timing == Sync {
				d *= int64(w.r.topo.N() / 2)
			}
			w.setTimer(p, o.Timer, w.now+d)
		case OutCancelTimer:
			ts := w.timers[p]
			for j, t := range ts {
				if t.id == o.Timer {
					w.setTimers(p, append(ts[:j:j], ts[j+1:]...))
					break
				}
			}
		case OutObserve:
			w.observe(p, o.Tag, o.Val)
		case OutCoin:
			w.requestCoin(p, o.Weights)
		}
	}
}

// requestCoin makes weights process p's pending coin, or records a fault:
// the weights are not a coin's (coinFault), or p already has one pending.
func (w *World[S]) requestCoin(p int, weights []uint32) {
	why := coinFault(weights)
	if why == "" && w.waits(p) {
		why = "a second coin while one is pending"
	}
	if why != "" {
		w.faults = append(w.faults[:len(w.faults):len(w.faults)], fmt.Sprintf("event %d: process %d requested %s", w.events, w.r.topo.Order[p], why))
		return
	}
	if w.coins == nil {
		w.coins = make([][]uint32, len(w.states))
	}
	w.touch(p)
	w.coins[p] = weights
	w.ncoins++
}

// statusChanged clears liveKnown: the next observation scans the
// processes' statuses.
func (w *World[S]) statusChanged() {
	if !brokenLiveCache {
		w.liveKnown = false
	}
}

// noLiveCache is a test hook: set, every observation scans the processes
// (World.liveKnown is never set); brokenLiveCache, set, keeps liveKnown
// through changes of status (a broken cache).
var noLiveCache, brokenLiveCache bool

func (w *World[S]) observe(p int, tag string, val int32) {
	o := Observation{Event: w.events - 1, Proc: w.r.topo.Order[p], Tag: tag, Val: val}
	if n := len(w.obs); w.liveKnown && n > 0 {
		// No status changed since the last observation: its summary.
		last := &w.obs[n-1]
		o.LiveCount, o.MaxLive, o.MinLive = last.LiveCount, last.MaxLive, last.MinLive
		w.addObs(o)
		w.effects = append(w.effects, Effect{Kind: Noted, P: o.Proc, Tag: tag, Val: val})
		return
	}
	w.liveKnown = !noLiveCache
	for i, s := range w.status {
		if s != Live {
			continue
		}
		o.LiveCount++
		id := w.r.topo.Order[i]
		if id > o.MaxLive {
			o.MaxLive = id
		}
		if o.MinLive == None || id < o.MinLive {
			o.MinLive = id
		}
	}
	w.addObs(o)
	w.effects = append(w.effects, Effect{Kind: Noted, P: o.Proc, Tag: tag, Val: val})
}

// addObs appends o to w's observations. Copies of w hold obs with cap ==
// len, or a copy of it (obsMine), so the append never writes into theirs;
// an append that allocates gives w an array of its own, which w keeps as
// its own (obsMine) while exclusive.
func (w *World[S]) addObs(o Observation) {
	if len(w.obs) == cap(w.obs) {
		w.obsMine = w.exclusive
	}
	w.obs = append(w.obs, o)
}

// brokenObsReuse is a test hook (export_test.go): set, cloneInto refills
// the destination's observation array in place even when copies of the
// destination share it.
var brokenObsReuse bool

func (w *World[S]) setTimer(p int, id uint8, due int64) {
	ts := w.timers[p]
	for j := range ts {
		if ts[j].id == id {
			ts = append([]timer(nil), ts...)
			ts[j].due = due
			w.timers[p] = ts
			return
		}
	}
	w.setTimers(p, append(ts[:len(ts):len(ts)], timer{id: id, due: due}))
}

// setTimers replaces process p's armed timers by ts, keeping the count of
// armed timers (ntimers).
func (w *World[S]) setTimers(p int, ts []timer) {
	w.ntimers += len(ts) - len(w.timers[p])
	w.timers[p] = ts
}

// send puts m (from live process p) on its link. single says whether it is
// a point-to-point send (counted as one transmission).
func (w *World[S]) send(p int, m Message, single bool) {
	to := w.r.topo.IndexOf(m.To)
	if to < 0 || to == p {
		w.faults = append(w.faults[:len(w.faults):len(w.faults)], fmt.Sprintf("event %d: process %d sent %s to a non-member or itself", w.events, w.r.topo.Order[p], m.Body()))
		return
	}
	if single {
		w.counts.Transmissions++
		w.counts.ByKind[m.Kind.Code].Transmissions++
	}
	m.Hops = w.hops[p] + 1
	if w.r.phys != Direct {
		h := int32(w.r.linkHops(p, to))
		m.Hops = w.hops[p] + h
		if single {
			// The shorter arc: one send per link hop (enqueue counts one).
			w.counts.Sends += int64(h - 1)
			w.counts.ByKind[m.Kind.Code].Sends += int64(h - 1)
		}
	}
	w.effects = append(w.effects, Effect{Kind: Sent, P: m.From, Msg: m})
	w.enqueue(p, to, m)
}

// enqueue appends m to link p->to, numbering it and counting the send.
func (w *World[S]) enqueue(p, to int, m Message) {
	w.counts.Sends++
	w.counts.ByKind[m.Kind.Code].Sends++
	li, ok := w.findLink(int32(p), int32(to))
	if !ok {
		w.links = append(w.links, link{})
		copy(w.links[li+1:], w.links[li:])
		w.busyL.reset() // positions shift
		w.links[li] = link{from: int32(p), to: int32(to)}
		if r := w.queueRoom(); r > 0 {
			w.links[li].q, w.links[li].owned = w.newQueue(0, r), true
		}
	}
	l := &w.links[li]
	w.staleLink(l)
	l.seq++
	w.stamp++
	m.Seq, m.Stamp = l.seq, w.stamp
	if !l.owned {
		// The arrays may be shared with a copy: append to new ones (a
		// free one of the pool when there is one, CloneIntoReusing).
		if a := w.pooled(len(l.q) + 1); a != nil {
			l.q = append(a, l.q...)
		} else {
			l.q = l.q[:len(l.q):len(l.q)]
		}
		l.due = l.due[:len(l.due):len(l.due)]
		l.owned = true
	} else if r := w.queueRoom(); len(l.q) == cap(l.q) && r > 0 {
		// A link this World keeps sending on: a delivery reslices the
		// head away, so the array runs out at its end after as many
		// sends as it holds; give the new one room for w.room more.
		q := w.newQueue(len(l.q), len(l.q)+max(len(l.q), r))
		copy(q, l.q)
		l.q = q
	}
	l.q = append(l.q, m)
	if len(l.q) == 1 {
		w.pushHead(l)
		w.busyL.add(li, 1)
	}
	if w.r.phys != Direct && w.r.cfg.Timing == Sync {
		l.due = append(l.due, w.now+int64(w.r.linkHops(p, to)))
	}
	w.inflight++
	if n := len(w.effects); n > 0 && (w.effects[n-1].Kind == Sent || w.effects[n-1].Kind == Forwarded) {
		w.effects[n-1].Msg.Seq, w.effects[n-1].Msg.Stamp = m.Seq, m.Stamp
	}
}

// queueRoom is the room a new ring World gives its queues (World.room).
const queueRoom = 4

// shiftMax bounds the queue an owned World (Own) shifts down in place
// when it delivers the head; a longer one is resliced, as in any World
// (a shift costs a copy of the queue).
const shiftMax = 16

// brokenLinkGuess is a test hook: set, findLink's guess takes a link
// into the right process from any sender (a broken guess).
var brokenLinkGuess bool

// findLink returns the position of link from->to in w.links, or where it
// would be inserted.
func (w *World[S]) findLink(from, to int32) (int, bool) {
	// First a guess: links are ordered by destination, so on a ring, a
	// bidirectional ring or a complete graph whose links are all open,
	// the link into process to starts at to·len(links)/n. A guess that
	// names the link is the answer (links are unique); otherwise the
	// binary search, whose probes of a large World's links miss the cache.
	if n := len(w.states); n > 0 {
		g := int(to) * len(w.links) / n
		for k := g; k < len(w.links) && k < g+2; k++ {
			if l := &w.links[k]; (l.from == from || brokenLinkGuess) && l.to == to {
				return k, true
			}
		}
	}
	lo, hi := 0, len(w.links)
	for lo < hi {
		mid := (lo + hi) / 2
		l := &w.links[mid]
		if l.to < to || (l.to == to && l.from < from) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(w.links) && w.links[lo].from == from && w.links[lo].to == to
}

// InFlight lists the messages in flight, by link then age.
func (w *World[S]) InFlight() []Message {
	var ms []Message
	for _, l := range w.links {
		ms = append(ms, l.q...)
	}
	return ms
}

// EachInFlight yields the messages in flight, by link then age: InFlight
// without copying them into a new slice (an invariant checked at every
// step reads them).
func (w *World[S]) EachInFlight(yield func(Message) bool) {
	for i := range w.links {
		for _, m := range w.links[i].q {
			if !yield(m) {
				return
			}
		}
	}
}

// earliestTimer is the position (process index p, index j in timers[p])
// of the armed timer with the earliest deadline at a live process: the
// lowest process index on ties, then the timer armed first; -1, -1 when
// none is armed. World and Sim fire timers in this order.
func earliestTimer(timers [][]timer, status []Status) (p, j int) {
	p, j = -1, -1
	for q, ts := range timers {
		if status[q] != Live {
			continue
		}
		for k, t := range ts {
			if p < 0 || t.due < timers[p][j].due {
				p, j = q, k
			}
		}
	}
	return p, j
}

// EarliestTimer returns the fire event of the armed timer with the earliest
// deadline at a live process (the lowest index on ties, then the timer
// armed first), or false when none is armed. It is the fair scheduler's
// choice among timers, as in Sim.
func (w *World[S]) EarliestTimer() (Event, bool) {
	status := w.status
	if w.ncoins > 0 {
		// Processes that wait for their coin fire no timer now.
		status = slices.Clone(status)
		for i := range status {
			if w.waits(i) {
				status[i] = Crashed
			}
		}
	}
	bp, bj := earliestTimer(w.timers, status)
	if bp < 0 {
		return Event{}, false
	}
	return Event{Kind: EvFire, P: w.r.topo.Order[bp], Timer: w.timers[bp][bj].id}, true
}

// OldestDelivery returns the delivery event of the oldest message in flight
// (the fair FIFO scheduler's choice), or false when none is deliverable.
func (w *World[S]) OldestDelivery() (Event, bool) { return w.extremeDelivery(false) }

// TwoCoordinators returns the first two live processes (in index order)
// whose views act as coordinator, and true, or false when at most one
// does: checker.SingleCoordinator on a World, without an interface call
// per process.
func (w *World[S]) TwoCoordinators() (a, b ID, two bool) {
	first := -1
	for i := range w.views {
		if w.views[i].Coordinator && w.status[i] == Live {
			if first >= 0 {
				return w.r.topo.Order[first], w.r.topo.Order[i], true
			}
			first = i
		}
	}
	return None, None, false
}

// FairNext is the fair schedule's next event, FairFIFO(w, w.Enabled(buf)),
// and false when no event is enabled; buf is scratch space for the
// enabled events, returned grown. Under async timing with no pending coin
// or initiation the fair schedule delivers the oldest message in flight,
// which it finds without listing every enabled event (a fair continuation
// of n processes would otherwise list O(n) events at every step).
func (w *World[S]) FairNext(buf []Event) (Event, bool, []Event) {
	if w.ncoins == 0 && w.npending == 0 {
		// FairFIFO's first case (a coin or an initiation listed first)
		// cannot apply: its second is the oldest delivery.
		if ev, ok := w.extremeDelivery(false); ok {
			return ev, true, buf
		}
	}
	buf = w.Enabled(buf[:0])
	if len(buf) == 0 {
		return Event{}, false, buf
	}
	return FairFIFO(w, buf), true, buf
}

// NewestDelivery returns the delivery event of the most recently sent
// deliverable message (the head of its link under FIFO channels), or false
// when none is deliverable.
func (w *World[S]) NewestDelivery() (Event, bool) { return w.extremeDelivery(true) }

func (w *World[S]) extremeDelivery(newest bool) (Event, bool) {
	if w.r.cfg.Timing == Sync {
		return Event{}, false
	}
	if w.r.cfg.Net == FIFO && w.ncoins == 0 {
		// The oldest (newest) deliverable message is the oldest (newest)
		// head of a link: the top of the heads heap (stamps are unique).
		if li, ok := w.topHead(newest); ok {
			l := &w.links[li]
			return Event{Kind: EvDeliver, From: w.r.topo.Order[l.from], P: w.r.topo.Order[l.to], Seq: l.q[0].Seq}, true
		}
		return Event{}, false
	}
	return w.scanDelivery(newest)
}

// scanDelivery is extremeDelivery by a scan of every link (and
// extremeDelivery itself where the heads heap does not apply: reliable
// non-FIFO channels, or a pending coin that holds deliveries back).
func (w *World[S]) scanDelivery(newest bool) (Event, bool) {
	if w.r.cfg.Timing == Sync {
		return Event{}, false
	}
	bl, bk := -1, -1
	var bestStamp uint32
	for li := range w.links {
		q := w.links[li].q
		if len(q) > 0 && w.ncoins > 0 && w.deliveryWaits(&w.links[li]) {
			continue
		}
		for k := range q {
			if w.r.cfg.Net == FIFO && k > 0 {
				break
			}
			st := q[k].Stamp
			if bl < 0 || (newest && st > bestStamp) || (!newest && st < bestStamp) {
				bl, bk, bestStamp = li, k, st
			}
		}
	}
	if bl < 0 {
		return Event{}, false
	}
	l := &w.links[bl]
	return Event{Kind: EvDeliver, From: w.r.topo.Order[l.from], P: w.r.topo.Order[l.to], Seq: l.q[bk].Seq}, true
}
