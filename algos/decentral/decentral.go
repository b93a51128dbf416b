// Package decentral is the decentralized (voting) mutual-exclusion
// algorithm of seed 002's comparison table, in the textbook reading the
// catalog names (Tanenbaum & van Steen, after Lin et al.): the resource is
// replicated at every process, each replica has a coordinator that gives
// its vote to one requester at a time, and a process enters only with the
// votes of m coordinators. An attempt that collects a deny fails; the
// requester backs off and tries again (k attempts in all).
//
// Readings fixed here, as the catalog asks (C-MUTEX-2):
//   - m is the number of votes needed per attempt, a majority of the n
//     replicas (m = ⌊n/2⌋+1), so two quorums always share a coordinator;
//     a requester asks the m processes that follow it in ring (index)
//     order — itself excluded, so that every vote is a message.
//   - AMB-MUTEX-RELEASE: after a failed attempt the requester either
//     releases the votes it obtained (reading "release-obtained") or
//     keeps them and releases only after its successful attempt
//     ("release-on-success"); a successful entry releases all m votes
//     when it leaves.
//   - AMB-MUTEX-SEND: requests in parallel, or one after the other (the
//     next only after a grant; a deny ends the attempt at once).
//
// Clients are part of the model as in package central; besides "request",
// "enter" and "leave" a process observes "attempts" (k, at entry), "delay"
// and "cost" (requests sent, votes received and releases sent, over all
// attempts of the entry).
//
// Reference: [S2] comparison table, row "Decentralized" (3mk messages,
// delay 2m, problem "starvation"); catalog C-MUTEX-2 and A11
// ("decentralized voting (m-of-n coordinators, k attempts)").
package decentral

import (
	"strconv"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// Message kinds.
var (
	// Request is request(k): attempt number k asks for the receiver's
	// vote.
	Request = &model.Kind{Name: "request", Args: 1}
	// Grant is grant(k): the coordinator votes for attempt k.
	Grant = &model.Kind{Name: "grant", Args: 1}
	// Deny is deny(k): the coordinator's vote is taken.
	Deny = &model.Kind{Name: "deny", Args: 1}
	// Release gives the vote back.
	Release = &model.Kind{Name: "release"}
)

// kinds lists the message kinds above in code order (model.Number sets
// each Code to its position).
var kinds = model.Number(Request, Grant, Deny, Release)

// TimerRetry starts the next attempt after a failed one (the client
// cycle's timers are mutex.TimerLeave and mutex.TimerThink).
const TimerRetry uint8 = 3

// Backoff is the back-off after a failed attempt (the critical section's
// length and the pause before the next request are mutex.CSTime and
// mutex.ThinkTime).
const Backoff = 1

// Ambiguity indices (into model.Env.Variant); PARAM-DEMAND is
// mutex.AmbDemand.
const (
	// AmbSend is AMB-MUTEX-SEND (parallel or sequential requests).
	AmbSend = 1
	// AmbRelease is AMB-MUTEX-RELEASE (what a failed attempt releases).
	AmbRelease = 2
)

// Readings of AmbSend and AmbRelease.
const (
	Parallel         uint8 = 0
	Sequential       uint8 = 1
	ReleaseObtained  uint8 = 0
	ReleaseOnSuccess uint8 = 1
)

// ReleaseAmbiguity is AMB-MUTEX-RELEASE.
var ReleaseAmbiguity = model.Ambiguity{
	ID:       "AMB-MUTEX-RELEASE",
	Question: "after a failed attempt, does the requester release the votes it obtained (catalog C-MUTEX-2 policies (a) and (b))?",
	Readings: []string{"release-obtained", "release-on-success"},
	Explain: []string{
		"(a) every attempt releases the votes it obtained",
		"(b) only the successful attempt releases; votes of failed attempts stay given to the requester",
	},
	Default: 0,
}

// State is one process's state: its client part and its coordinator's
// vote. Masks are indexed by process index (n ≤ 64).
type State struct {
	// Phase is the client's phase (Waiting: an attempt is under way, or
	// backing off).
	Phase mutex.Phase
	// Asked is the number of requests made so far (≤ the demand).
	Asked uint8
	// Attempt is the current request's attempt number k (1-based,
	// saturating at 255; left out of Encode).
	Attempt uint8
	// Sent, Replied and Granted are the quorum members the current
	// attempt asked, that answered, and that voted for it. Invariant:
	// Granted ⊆ Replied ⊆ Sent ⊆ Quorum.
	Sent, Replied, Granted uint64
	// Held are the coordinators whose votes the requester holds from
	// earlier failed attempts (release-on-success only).
	Held uint64
	// Voted is this process's coordinator vote: the requester it granted
	// (None when free).
	Voted model.ID
	// Clock, ReqClock and Cost are monitors (history, left out of
	// Encode): the hop clock, its value at the request, and the messages
	// of the current entry over all its attempts.
	Clock, ReqClock, Cost int32
}

// Algorithm is decentralized voting as a pure step function.
var Algorithm = cycle.Algorithm(model.Algorithm[State]{
	Info: model.Info{
		Name:     "decentral",
		Mutex:    true,
		Title:    "Decentralized mutual exclusion: votes of m = ⌊n/2⌋+1 replica coordinators, k attempts",
		Source:   "[S2] comparison of four mutual exclusion algorithms, row Decentralized; catalog A11",
		Topology: model.Complete,
		Kinds:    kinds,
		Ambiguities: []model.Ambiguity{
			mutex.DemandAmbiguity,
			mutex.SendAmbiguity,
			ReleaseAmbiguity,
		},
	},
	Encode: func(s State, b []byte) []byte {
		// Attempt is left out: it only numbers the attempts (no stale
		// vote can arrive, see onVote), so a requester that keeps
		// failing revisits its state and the fair continuation sees the
		// livelock.
		b = append(b, byte(s.Phase), s.Asked)
		for _, v := range []int64{int64(s.Sent), int64(s.Replied), int64(s.Granted), int64(s.Held), int64(s.Voted)} {
			b = strconv.AppendInt(b, v, 10)
			b = append(b, ',')
		}
		return b
	},
})

// M is the number of votes needed: a majority of the n replicas.
func M(n int) int { return n/2 + 1 }

// Quorum is the mask of the m processes that follow self in index order.
func Quorum(env *model.Env) uint64 {
	var q uint64
	n := env.N()
	for k := 1; k <= M(n) && k < n; k++ {
		q |= 1 << uint((env.Index+k)%n)
	}
	return q
}

// cycle is the client cycle (package mutex) with the voting request,
// release, retry timer and messages; its Run is the step function.
var cycle = &mutex.Cycle[State]{Client: client, Ask: ask, Release: leave, Receive: receive, Timer: timer}

// client points at the client fields of s.
func client(s *State) mutex.Client {
	return mutex.Client{Phase: &s.Phase, Asked: &s.Asked, Clock: &s.Clock}
}

// timer handles the retry timer: a new attempt while still waiting.
func timer(env *model.Env, s State, t uint8, out *model.Outbox) State {
	if t == TimerRetry && s.Phase == mutex.Waiting {
		s = attempt(env, s, out)
	}
	return s
}

// receive handles one delivered message.
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	switch m.Kind {
	case Request:
		// A coordinator grants its vote when it is free (or already
		// given to this requester), else denies.
		if s.Voted == model.None || s.Voted == m.From {
			s.Voted = m.From
			out.Send(m.From, Grant, m.A, 0)
		} else {
			out.Send(m.From, Deny, m.A, 0)
		}
	case Release:
		if s.Voted == m.From {
			s.Voted = model.None
		}
	case Grant, Deny:
		s = onVote(env, s, m, out)
	}
	return s
}

// ask makes a request: its first attempt.
func ask(env *model.Env, s State, out *model.Outbox) State {
	s.Attempt = 0
	s.Cost, s.ReqClock = 0, s.Clock
	return attempt(env, s, out)
}

// attempt starts attempt number Attempt+1.
func attempt(env *model.Env, s State, out *model.Outbox) State {
	if s.Attempt < 255 {
		s.Attempt++
	}
	s.Sent, s.Replied, s.Granted = 0, 0, 0
	return sendNext(env, s, out)
}

// sendNext asks every quorum member not yet asked (parallel), or the next
// one in ring order (sequential).
func sendNext(env *model.Env, s State, out *model.Outbox) State {
	s.Cost += mutex.SendNext(env, Quorum(env), env.Index+1, env.Reading(AmbSend) == Sequential, &s.Sent, out, Request, int32(s.Attempt))
	return s
}

func onVote(env *model.Env, s State, m model.Message, out *model.Outbox) State {
	// A vote always answers the current attempt: a parallel attempt
	// waits for every vote, a sequential one has one request out.
	b, ok := mutex.Answer(env, s.Phase, s.Sent, &s.Replied, m.From)
	if !ok {
		return s
	}
	s.Cost++
	if m.Kind == Grant {
		s.Granted |= b
		if s.Granted == Quorum(env) {
			// m votes: enter.
			s.Held = 0
			client(&s).Enter(out)
			out.Observe("attempts", int32(s.Attempt))
			out.Observe(lockcheck.ObsDelay, s.Clock-s.ReqClock)
			return s
		}
		if env.Reading(AmbSend) == Sequential {
			return sendNext(env, s, out)
		}
	}
	// A deny fails the attempt: at once when sequential, when every vote
	// is in when parallel.
	if env.Reading(AmbSend) == Sequential || s.Replied == s.Sent {
		return fail(env, s, out)
	}
	return s
}

// fail ends a failed attempt: release what the reading says, back off.
func fail(env *model.Env, s State, out *model.Outbox) State {
	if env.Reading(AmbRelease) == ReleaseObtained {
		s = release(env, s, s.Granted, out)
	} else {
		s.Held |= s.Granted
	}
	s.Sent, s.Replied, s.Granted = 0, 0, 0
	out.SetTimer(TimerRetry, Backoff)
	return s
}

// release sends release to every process in mask.
func release(env *model.Env, s State, mask uint64, out *model.Outbox) State {
	for i, p := range env.Topo.Order {
		if mask&(1<<uint(i)) != 0 {
			s.Cost++
			out.Send(p, Release, 0, 0)
		}
	}
	return s
}

// leave is the process leaving its critical section.
func leave(env *model.Env, s State, out *model.Outbox) State {
	// Leaving, the process gives back the m votes.
	s = release(env, s, Quorum(env), out)
	out.Observe(lockcheck.ObsCost, s.Cost)
	return s
}
