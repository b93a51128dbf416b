// Package raft is the leader election of Raft (Ongaro and Ousterhout, "In
// Search of an Understandable Consensus Algorithm", USENIX ATC 2014, §5.2
// and Figure 2) alone, on a complete graph: terms, the follower, candidate
// and leader roles, RequestVote with its term, one vote per server and
// term, a majority makes a leader, any higher term seen makes a server a
// follower of that term, randomized election timeouts, and heartbeats
// (AppendEntries without entries) that reset the followers' timers.
//
// What the model keeps of Figure 2, rule by rule:
//
//   - "If RPC request or response contains term T > currentTerm: set
//     currentTerm = T, convert to follower" (Rules for Servers, All
//     Servers): every message carries its sender's term (Message.A), and
//     a higher one is adopted first, before the message is handled.
//   - RequestVote: "Reply false if term < currentTerm"; grant "if votedFor
//     is null or candidateId" (§5.2: "Each server will vote for at most
//     one candidate in a given term, on a first-come-first-served
//     basis"). The log clause of Figure 2 ("and candidate's log is at
//     least as up-to-date as receiver's log", §5.4.1) is vacuous here:
//     there are no logs, every log is empty, and every candidate's is as
//     up to date as every voter's.
//   - Followers: "If election timeout elapses without receiving
//     AppendEntries RPC from current leader or granting vote to
//     candidate: convert to candidate". A grant and a heartbeat of the
//     current term re-arm the election timer.
//   - Candidates: "increment currentTerm, vote for self, reset election
//     timer, send RequestVote RPCs to all other servers"; "If votes
//     received from majority of servers: become leader"; "If
//     AppendEntries RPC received from new leader: convert to follower";
//     "If election timeout elapses: start new election".
//   - Leaders: "send initial empty AppendEntries RPCs (heartbeat) to each
//     server; repeat during idle periods to prevent election timeouts"
//     (every round: the heartbeat timer is 1).
//
// Election timeouts are randomized as in §5.2 ("election timeouts are
// chosen randomly from a fixed interval"): each time a server arms its
// election timer it flips a fair coin of R outcomes (model.Outbox.Flip)
// and arms it for T + the outcome, a value of the discrete range [T, T+R)
// (parameters PARAM-RAFT-T and PARAM-RAFT-R; with R = 1 there is no coin).
// Under sync timing timers count rounds, so the draws decide who times out
// first; under async timing with early timeouts the scheduler fires
// timers when it likes, and the draws decide nothing.
//
// Bounds that keep the state space finite (stated, not Raft's):
//
//   - Terms stop at MaxTerm (PARAM-RAFT-MAXTERM): a server whose term is
//     MaxTerm does not start an election when its election timer fires
//     (it does not re-arm it either); it still votes, follows and leads in
//     MaxTerm. So a run may end with no leader once every live server has
//     reached MaxTerm.
//   - A leader sends at most Beats rounds of heartbeats in its term
//     (PARAM-RAFT-BEATS; "beats-any" means no limit). Under async timing
//     in-flight heartbeats would otherwise grow without bound.
//   - A follower answers an AppendEntries only to refuse it (term <
//     currentTerm), with its own term: the successful reply carries
//     nothing an election reads when there is no log.
//
// The variant "vote-twice" is a deliberately broken server (not Raft): it
// grants every RequestVote of its current term, ignoring votedFor. The
// tests show that the Election Safety check catches it.
//
// Each server records in its state the terms in which it became leader
// (State.Led, a ghost variable that no step reads), so that Election Safety
// (§5.2, Figure 3: "at most one leader can be elected in a given term") is
// a function of the encoded state: ElectionSafety.
//
// Message loss: the World never loses a message sent to a live process.
// Under async timing with early timeouts every message may stay in flight
// for ever while every timer fires, so every finite prefix of a run that
// loses messages is a prefix of a run of the model in which those messages
// are still in flight; a safety property such as Election Safety is
// refuted by a finite prefix, so checking every schedule of that model
// covers loss. Crashes are crash-stop (Config.CrashBudget, no recovery):
// the model's recovery resets a process to Init, which would forget the
// persistent currentTerm and votedFor that Raft keeps on stable storage.
//
// The generic single-coordinator property does not apply: a deposed leader
// of an older term may still act as leader while a newer one leads (it
// learns of the newer term from the next message it gets); Election Safety
// is about terms, and ElectionSafety checks it.
//
// # The first term under sync timing
//
// Let every server boot before round 1 (Booted), each drawing its first
// timeout, and let k servers share the least draw. In that round they
// become candidates of term 1 together. Every other server drew more, so
// its timer cannot fire before the next round, in which it receives the k
// RequestVotes in one batch (deliveries come before timers in a round) and
// grants the first, the candidate of lowest index (a batch is in sender
// order: the model's tie-break, where a real network would let one arrive
// first). So that candidate gets 1 + (n − k) votes and term 1 elects iff
// k ≤ n − ⌊n/2⌋: for n = 3 iff not all three draws are equal, probability
// 1 − 1/R²; a split needs more than a unique least timeout to fail. After a
// three-way split at n = 3 every server drew its next timeout in the same
// round, so the terms are independent trials and the term of the first
// leader is geometric, E = R²/(R²−1) (R ≥ 2) without the MaxTerm bound,
// Σ_{k=1}^{MaxTerm} R^(−2(k−1)) with it, MaxTerm counted for a run that
// ends without a leader. The tests
// check both against the exact analysis of the model (checker/prob and
// checker/mdp). Under async timing the scheduler decides when timers fire:
// with early timeouts it can make every server a candidate of term 1
// before any RequestVote arrives (the least probability that term 1
// elects is 0, the greatest 1); with accurate ones (no timer fires while
// a message is in flight) and no crash, term 1 always elects: the first
// candidate's RequestVotes and their grants are delivered before any other
// timer may fire.
package raft

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/electlab/electlab/model"
)

// Message kinds. A is the sender's current term.
var (
	// RequestVote is a candidate's vote request (term).
	RequestVote = &model.Kind{Name: "requestvote", Args: 1}
	// Vote answers a RequestVote (term, granted: 1 or 0).
	Vote = &model.Kind{Name: "vote", Args: 2}
	// AppendEntries is a leader's heartbeat (term), without entries.
	AppendEntries = &model.Kind{Name: "appendentries", Args: 1}
	// Refuse answers an AppendEntries of an older term (the receiver's
	// term), so that a stale leader learns of the newer term.
	Refuse = &model.Kind{Name: "refuse", Args: 1}
)

var kinds = model.Number(RequestVote, Vote, AppendEntries, Refuse)

// Ambiguity indices (into model.Env.Variant).
const (
	// AmbVote is the vote rule: Raft's (once per term) or the broken one.
	AmbVote = iota
	// AmbR is PARAM-RAFT-R, the number of election timeout values.
	AmbR
	// AmbT is PARAM-RAFT-T, the least election timeout.
	AmbT
	// AmbMaxTerm is PARAM-RAFT-MAXTERM.
	AmbMaxTerm
	// AmbBeats is PARAM-RAFT-BEATS.
	AmbBeats
)

// Readings of AmbVote.
const (
	VoteOnce  uint8 = 0
	VoteTwice uint8 = 1
)

// Parameter ranges.
const (
	// MaxR is the widest timeout range a variant can name.
	MaxR = 8
	// MaxTermLimit is the largest MaxTerm a variant can name (State.Led
	// has a bit per term).
	MaxTermLimit = 8
)

// Timers.
const (
	// Election is the election timer.
	Election uint8 = 1
	// Heartbeat is the leader's heartbeat timer (1 round).
	Heartbeat uint8 = 2
)

// Role is a server's role (Figure 4).
type Role uint8

const (
	// Follower answers RequestVotes and heartbeats.
	Follower Role = iota
	// Candidate has started an election in its term.
	Candidate
	// Leader won its term's election and sends heartbeats.
	Leader
)

// String names the role.
func (r Role) String() string { return [...]string{"follower", "candidate", "leader"}[r] }

// State is one server's state.
type State struct {
	// Started: the server has taken its start input (it boots as a
	// follower of term 0 and arms its election timer).
	Started bool
	// Term is currentTerm.
	Term uint8
	// Role is the server's role in Term.
	Role Role
	// VotedFor is the candidate it voted for in Term (None: none yet).
	VotedFor model.ID
	// Votes are, for a candidate, the servers (bit = index) that granted
	// it their vote in Term, itself included.
	Votes uint16
	// Leader is the leader of Term it knows of (itself when leading).
	Leader model.ID
	// Beats is the number of heartbeat rounds a leader has sent in Term
	// under a limit (PARAM-RAFT-BEATS; always 0 without one).
	Beats uint8
	// Led has bit t set when the server became leader in term t: a ghost
	// variable for ElectionSafety, read by no step.
	Led uint16
}

// String renders the state for traces.
func (s State) String() string {
	return fmt.Sprintf("t%d %s voted=%d votes=%b leader=%d led=%b", s.Term, s.Role, s.VotedFor, s.Votes, s.Leader, s.Led)
}

// Algorithm is Raft's leader election.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:     "raft",
		Title:    "Raft leader election (Ongaro & Ousterhout): terms, RequestVote, one vote per term, randomized timeouts, heartbeats",
		Source:   "Ongaro & Ousterhout, In Search of an Understandable Consensus Algorithm, USENIX ATC 2014, §5.2 and Figure 2",
		Topology: model.Complete,
		Elects:   "first candidate to collect a majority of votes in its term",
		// A term-based election: none of the generic properties fits
		// (see the package doc); Election Safety is checked instead.
		Terms:         true,
		Invariant:     ElectionSafety,
		InvariantName: "election safety (at most one leader per term)",
		Kinds:         kinds,
		Ambiguities: []model.Ambiguity{
			{
				ID:       "AMB-RAFT-VOTE",
				Question: "how many votes does a server grant in a term?",
				Readings: []string{"vote-once", "vote-twice"},
				Explain: []string{
					"at most one, first come first served (§5.2; Figure 2: votedFor is null or candidateId)",
					"every RequestVote of its term, ignoring votedFor (not Raft: a broken server, which Election Safety must catch)",
				},
			},
			param("PARAM-RAFT-R", "how many election timeout values are there (the range [T, T+R))?", "r", 1, MaxR, 2, "%d value(s): a fair coin over T..T+%[1]d-1"),
			param("PARAM-RAFT-T", "what is the least election timeout T (rounds under sync timing)?", "t", 2, 4, 2, "T = %d"),
			param("PARAM-RAFT-MAXTERM", "what is the last term a server starts an election for?", "maxterm-", 1, MaxTermLimit, 3, "terms 1..%d"),
			{
				ID:       "PARAM-RAFT-BEATS",
				Question: "how many rounds of heartbeats does a leader send in its term?",
				// beats-2 by default: under async timing unlimited
				// heartbeats make the state space infinite.
				Default:  2,
				Readings: []string{"beats-any", "beats-1", "beats-2", "beats-3"},
				Explain: []string{
					"no limit: one round every round while it leads",
					"one (the initial heartbeat only)", "two", "three",
				},
			},
		},
	},
	Init:   func(env *model.Env) State { return State{} },
	Step:   step,
	View:   func(s State) model.View { return model.View{Leader: s.Leader, Coordinator: s.Role == Leader} },
	Encode: encode,
}

// param is a parameter of consecutive integer values lo..hi, named
// prefix+value, with the default def and an explanation format of the
// value.
func param(id, question, prefix string, lo, hi, def int, explain string) model.Ambiguity {
	a := model.Ambiguity{ID: id, Question: question, Default: def - lo}
	for v := lo; v <= hi; v++ {
		a.Readings = append(a.Readings, fmt.Sprintf("%s%d", prefix, v))
		a.Explain = append(a.Explain, fmt.Sprintf(explain, v))
	}
	return a
}

// Variant renders the parameter readings r (timeout values), t (least
// timeout), maxTerm and beats (0 = no limit), with vote-twice when broken:
// the variant string of a config.
func Variant(r, t, maxTerm, beats int, broken bool) string {
	parts := []string{fmt.Sprintf("r%d", r), fmt.Sprintf("t%d", t), fmt.Sprintf("maxterm-%d", maxTerm)}
	if beats == 0 {
		parts = append(parts, "beats-any")
	} else {
		parts = append(parts, fmt.Sprintf("beats-%d", beats))
	}
	if broken {
		parts = append(parts, "vote-twice")
	}
	return strings.Join(parts, ",")
}

// rangeR, baseT, maxTerm and maxBeats read the parameters of env's variant.
func rangeR(env *model.Env) int    { return int(env.Reading(AmbR)) + 1 }
func baseT(env *model.Env) int64   { return int64(env.Reading(AmbT)) + 2 }
func maxTerm(env *model.Env) uint8 { return env.Reading(AmbMaxTerm) + 1 }
func maxBeats(env *model.Env) int  { return int(env.Reading(AmbBeats)) } // 0: no limit

func encode(s State, b []byte) []byte {
	started := byte(0)
	if s.Started {
		started = 1
	}
	return append(b, started, s.Term, byte(s.Role), byte(s.VotedFor), byte(s.VotedFor>>8),
		byte(s.Votes), byte(s.Votes>>8), byte(s.Leader), byte(s.Leader>>8), s.Beats, byte(s.Led), byte(s.Led>>8), ';')
}

// bit is the vote bit of process id.
func bit(env *model.Env, id model.ID) uint16 { return 1 << uint(env.Topo.IndexOf(id)) }

// majority is the least number of votes that elects among n servers.
func majority(n int) int { return n/2 + 1 }

// others lists every server but env's own (a new slice: a multicast keeps
// it).
func others(env *model.Env) []model.ID {
	return env.Recipients(func(id model.ID) bool { return id != env.Self }, false)
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	rearm := false
	switch in.Kind {
	case model.InStart, model.InJoin:
		// A server boots as a follower of term 0 with its election timer
		// armed (Figure 2; §5.2 "When servers start up, they begin as
		// followers").
		if !s.Started {
			s.Started, rearm = true, true
		}
	case model.InCoin:
		// The drawn election timeout: T + the outcome.
		if s.Role != Leader {
			out.SetTimer(Election, baseT(env)+int64(in.Coin))
		}
		return s
	case model.InTimer:
		switch {
		case in.Timer == Election && s.Role != Leader:
			if s.Term >= maxTerm(env) {
				// The bound: no election beyond MaxTerm.
				return s
			}
			s = campaign(env, s, out)
			rearm = s.Role != Leader
		case in.Timer == Heartbeat && s.Role == Leader:
			s = heartbeat(env, s, out)
		}
	case model.InDeliver:
		// A server that hears from another is up (under async timing a
		// message may reach it before its own start input): its first
		// message always re-arms its timer (it carries a term > 0).
		s.Started = true
		for _, m := range in.Msgs {
			var r bool
			s, r = receive(env, s, m, out)
			rearm = rearm || r
		}
	}
	if rearm && s.Role != Leader {
		armElection(env, out)
	}
	return s
}

// armElection (re-)arms the election timer at T + a fair draw of 0..R-1
// (the draw arrives as the server's next input, InCoin).
func armElection(env *model.Env, out *model.Outbox) {
	if r := rangeR(env); r >= 2 {
		out.Flip(r)
	} else {
		out.SetTimer(Election, baseT(env))
	}
}

// campaign starts an election: Figure 2, Candidates, "On conversion to
// candidate, start election: increment currentTerm, vote for self, reset
// election timer, send RequestVote RPCs to all other servers".
func campaign(env *model.Env, s State, out *model.Outbox) State {
	s.Term++
	s.Role, s.VotedFor, s.Votes, s.Leader, s.Beats = Candidate, env.Self, bit(env, env.Self), model.None, 0
	if d := others(env); len(d) > 0 {
		out.Multicast(d, RequestVote, int32(s.Term), 0)
	}
	return win(env, s, out)
}

// win makes a candidate with a majority the leader of its term: it sends
// its first heartbeat at once (Figure 2, Leaders: "Upon election: send
// initial empty AppendEntries RPCs (heartbeat) to each server").
func win(env *model.Env, s State, out *model.Outbox) State {
	if s.Role != Candidate || bits.OnesCount16(s.Votes) < majority(env.N()) {
		return s
	}
	s.Role, s.Leader, s.Led = Leader, env.Self, s.Led|1<<s.Term
	out.CancelTimer(Election)
	return heartbeat(env, s, out)
}

// heartbeat sends one round of heartbeats and arms the next, within the
// leader's budget (PARAM-RAFT-BEATS).
func heartbeat(env *model.Env, s State, out *model.Outbox) State {
	b := maxBeats(env)
	if b > 0 && int(s.Beats) >= b {
		return s
	}
	if b > 0 {
		s.Beats++ // counted only against a limit: the state stays finite
	}
	if d := others(env); len(d) > 0 {
		out.Multicast(d, AppendEntries, int32(s.Term), 0)
	}
	if b == 0 || int(s.Beats) < b {
		out.SetTimer(Heartbeat, 1)
	}
	return s
}

// receive handles one message; rearm says the election timer must be
// re-armed (a vote granted, a heartbeat of the current leader, or a leader
// that stepped down).
func receive(env *model.Env, s State, m model.Message, out *model.Outbox) (State, bool) {
	rearm := false
	term := uint8(m.A)
	if term > s.Term {
		// All Servers: "If RPC request or response contains term T >
		// currentTerm: set currentTerm = T, convert to follower".
		if s.Role == Leader {
			out.CancelTimer(Heartbeat)
			rearm = true
		}
		s.Term, s.Role, s.VotedFor, s.Votes, s.Leader, s.Beats = term, Follower, model.None, 0, model.None, 0
	}
	switch m.Kind {
	case RequestVote:
		// RequestVote RPC, Receiver implementation: "Reply false if term <
		// currentTerm"; "If votedFor is null or candidateId, and
		// candidate's log is at least as up-to-date as receiver's log,
		// grant vote" (the log clause is vacuous: no logs).
		grant := term == s.Term && (s.VotedFor == model.None || s.VotedFor == m.From || env.Reading(AmbVote) == VoteTwice)
		if grant {
			s.VotedFor = m.From
			rearm = true
		}
		g := int32(0)
		if grant {
			g = 1
		}
		out.Send(m.From, Vote, int32(s.Term), g)
	case Vote:
		if s.Role == Candidate && term == s.Term && m.B == 1 {
			s.Votes |= bit(env, m.From)
			s = win(env, s, out)
		}
	case AppendEntries:
		switch {
		case term < s.Term:
			// AppendEntries RPC: "Reply false if term < currentTerm".
			out.Send(m.From, Refuse, int32(s.Term), 0)
		case s.Role != Leader:
			// Candidates: "If AppendEntries RPC received from new
			// leader: convert to follower"; a follower's timer is reset.
			s.Role, s.Votes, s.Leader = Follower, 0, m.From
			rearm = true
		}
	case Refuse:
		// Its only content is the higher term, adopted above.
	}
	return s, rearm
}

// ElectionSafety is Raft's Election Safety (§5.2; Figure 3: "at most one
// leader can be elected in a given term") as a function of the state: no
// two servers, live or crashed, have become leader in a common term
// (State.Led). The error names the term and the two servers.
func ElectionSafety(s model.System) error {
	n := s.N()
	for i := 0; i < n; i++ {
		a := model.StateOf[State](s, i).Led
		if a == 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if c := a & model.StateOf[State](s, j).Led; c != 0 {
				ids := s.Topo().Order
				return fmt.Errorf("election safety: %d and %d both became leader in term %d", ids[i], ids[j], bits.TrailingZeros16(c))
			}
		}
	}
	return nil
}

// LedTerm reports whether some server became leader in term t.
func LedTerm(s model.System, t int) bool {
	for i := 0; i < s.N(); i++ {
		if model.StateOf[State](s, i).Led&(1<<uint(t)) != 0 {
			return true
		}
	}
	return false
}

// AnyLeader reports whether some server has become leader in some term.
func AnyLeader(s model.System) bool {
	for i := 0; i < s.N(); i++ {
		if model.StateOf[State](s, i).Led != 0 {
			return true
		}
	}
	return false
}
