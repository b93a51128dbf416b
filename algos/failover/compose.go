package failover

import (
	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// service is what a coordinated service supplies to the generic composed
// step (compose): its state S holds the election part (a Core) next to the
// service's own fields, and these methods handle everything that is not
// the election's.
type service[E, S any] interface {
	// parts gives the election part of s, its hop clock monitor and the
	// epoch it serves in as coordinator (-1 when it does not); setParts
	// returns s with them replaced. (By value: a pointer into s passed
	// through this interface would move every step's state to the heap.)
	parts(s S) (core Core[E], clock, serving int32)
	setParts(s S, core Core[E], clock, serving int32) S
	// fresh reports whether the client has made no request yet (it asks
	// on the start input).
	fresh(s S) bool
	// serve starts serving as the coordinator elected in the epoch it
	// now serves in (see takeOver).
	serve(env *model.Env, s S, out *model.Outbox) S
	// stopServing stops serving as coordinator (serving -1) and drops the
	// service's coordinator state.
	stopServing(out *model.Outbox, s S) S
	// ask is the client's request.
	ask(env *model.Env, s S, out *model.Outbox) S
	// service handles a delivered service message (not the epoch notice).
	service(env *model.Env, s S, m model.Message, out *model.Outbox) S
	// bounced handles a service message reported undeliverable.
	bounced(env *model.Env, s S, m model.Message, out *model.Outbox) S
	// timer handles a service timer (TimerLeave and above).
	timer(env *model.Env, s S, t uint8, out *model.Outbox) S
}

// complete returns a, a composed service's algorithm, with the parts
// every composition has alike filled in: its step function is compose
// over c and v, and its View is the election's (a process is coordinator
// as its election says, see the package documentation).
func complete[E, S any](c *composer[E], v service[E, S], a model.Algorithm[S]) *model.Algorithm[S] {
	a.Step = func(env *model.Env, s S, in model.Input, out *model.Outbox) S {
		return compose(c, v, env, s, in, out)
	}
	a.View = func(s S) model.View {
		core, _, _ := v.parts(s)
		return c.elect.View(core.Elect)
	}
	return &a
}

// compose is the composed step of election + service: election messages,
// timers and inputs go to the election (with epochs, see the package
// documentation), after which the service may take over or stop serving;
// the rest goes to the service.
func compose[E, S any](c *composer[E], v service[E, S], env *model.Env, s S, in model.Input, out *model.Outbox) S {
	core, clock, serving := v.parts(s)
	if hops := maxHops(in.Msgs, clock); hops > clock {
		s = v.setParts(s, core, hops, serving)
	}
	// elect runs the election part on in, then lets the service react.
	elect := func(s S, step func(Core[E]) Core[E]) S {
		k, clock, serving := v.parts(s)
		s = v.setParts(s, step(k), clock, serving)
		return takeOver(c, v, env, s, out)
	}
	switch in.Kind {
	case model.InStart:
		// The initiators start the initial election (epoch 0) and make
		// their first request. An election algorithm that starts with a
		// known coordinator (the Bully family) has nothing to elect:
		// nobody has found it not responding yet.
		if c.elect.View(core.Elect).Leader == model.None {
			s = elect(s, func(k Core[E]) Core[E] { return c.innerStep(env, k, in, out) })
		}
		if v.fresh(s) {
			s = v.ask(env, s, out)
		}
	case model.InDeliver, model.InBounce:
		s = elect(s, func(k Core[E]) Core[E] { return c.deliverInner(env, k, in.Kind, in.Now, in.Msgs, out) })
		for _, m := range in.Msgs {
			if c.isInner(m) {
				continue
			}
			if in.Kind == model.InBounce {
				s = v.bounced(env, s, m, out)
			} else if m.Kind == c.notice {
				s = elect(s, func(k Core[E]) Core[E] { return c.onNotice(env, k, m, out) })
			} else {
				s = v.service(env, s, m, out)
			}
		}
	case model.InTimer:
		if in.Timer < TimerLeave {
			s = elect(s, func(k Core[E]) Core[E] {
				if in.Timer < 64 {
					k.Timers &^= 1 << in.Timer
				}
				return c.innerStep(env, k, in, out)
			})
		} else {
			s = v.timer(env, s, in.Timer, out)
		}
	case model.InRecover, model.InJoin:
		s = elect(s, func(k Core[E]) Core[E] { return c.innerStep(env, k, in, out) })
	}
	return s
}

// maxHops is the largest hop count of msgs, at least clock.
func maxHops(msgs []model.Message, clock int32) int32 {
	for _, m := range msgs {
		clock = max(clock, m.Hops)
	}
	return clock
}

// takeOver starts or stops serving as coordinator as the election's View
// and epoch say; compose runs it after every election step. A process
// the election makes coordinator of an epoch it does not serve in yet
// stops serving the old one and starts serving (v.serve); a process that
// is no longer coordinator, or serves an earlier epoch, stops.
func takeOver[E, S any](c *composer[E], v service[E, S], env *model.Env, s S, out *model.Outbox) S {
	core, _, serving := v.parts(s)
	coord := c.elect.View(core.Elect).Coordinator
	switch {
	case coord && serving != core.Epoch:
		s = v.stopServing(out, s)
		core, clock, _ := v.parts(s)
		s = v.setParts(s, core, clock, core.Epoch)
		out.Observe("serve", core.Epoch)
		return v.serve(env, s, out)
	case !coord && serving >= 0, serving >= 0 && serving != core.Epoch:
		s = v.stopServing(out, s)
	}
	return s
}

// newComposer builds the composer for elect and a service whose own kinds
// are kinds, values made for this composition: it numbers them, in this
// order, after the election's kinds and the epoch notice (see
// serviceKinds). It returns the composer and every kind of the
// composition.
func newComposer[E any](elect *model.Algorithm[E], kinds ...*model.Kind) (composer[E], []*model.Kind) {
	info := elect.Meta()
	notice := &model.Kind{Name: "epoch", Args: 1}
	ks := serviceKinds(info, notice, kinds...)
	return composer[E]{elect: elect, nInner: len(info.Kinds), notice: notice, demand: len(info.Ambiguities)}, ks
}

// demandOf is the number of requests each client makes (PARAM-DEMAND).
func (c *composer[E]) demandOf(env *model.Env) uint8 { return env.Reading(c.demand) + 1 }

// info is the composition's Info: the election's topology and network
// needs, the composition's kinds ks, and the election's ambiguities
// followed by PARAM-DEMAND.
func (c *composer[E]) info(name, title, source string, ks []*model.Kind) model.Info {
	info := c.elect.Meta()
	amb := append(append([]model.Ambiguity(nil), info.Ambiguities...), mutex.DemandAmbiguity)
	out := model.Info{
		Name:        name,
		Title:       title,
		Source:      source,
		Topology:    info.Topology,
		MinID:       info.MinID,
		Forwarding:  info.Forwarding,
		Bounce:      info.Bounce,
		Kinds:       ks,
		Ambiguities: amb,
		// The election is a part: its readings are the composition's.
		Parts: []model.Part{{Info: info}},
	}
	return out
}

// entry pairs the composition alg with its claims cs: every reading of
// the election is checked (one variant each) but the ones no source
// states (notInSources).
func entry(alg model.Spec, cs []claim.Claim) claim.Entry {
	info := alg.Meta()
	for i := range cs {
		c := &cs[i]
		for _, r := range info.InheritedReadings() {
			if why, ok := notInSources[r.Reading]; ok {
				c.MootReadings = append(c.MootReadings, claim.ClaimPart{Name: r.Reading, Why: why})
			}
		}
		claim.CoverReadings(info, c)
	}
	return claim.Entry{Spec: alg, Claims: cs}
}

// notInSources are the elections' readings that are no reading of their
// source (each registered to show why the source's rule is needed, and so
// described): a service built on the election as its source states it is
// not checked under them.
var notInSources = map[string]string{
	"t1-1": "AMB-B-4's T1 of one round, shorter than a round trip: not in the sources (registered to show why T1 must cover one, and checked by none of the bully's own claims)",
}
