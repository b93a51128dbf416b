package kabashi

import (
	"fmt"
	"slices"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/claim/electcheck"
	"github.com/electlab/electlab/model"
)

// eq2 is [S4] eq.(2), "Worst case: 2b + (n − 1)", n the total number of
// processes and b per AMB-KAB-7.
func eq2(p claim.Params) claim.Rat { return claim.RatInt(2*B(p) + int64(p.N) - 1) }

// constant returns the formula that is v at every n.
func constant(v int64) func(claim.Params) claim.Rat {
	return func(claim.Params) claim.Rat { return claim.RatInt(v) }
}

// tableIProposed is [S4] Table I (worst case), column "proposed
// algorithm", by number of processes.
var tableIProposed = map[int]int64{5: 6, 10: 11, 20: 21}

// broadcastKinds are the kinds the algorithm only ever broadcasts.
var broadcastKinds = []*model.Kind{Election, Coordinator, Query}

// choices counts the distinct processes that made an observation tagged
// tag.
func choices(s model.System, tag string) []model.ID {
	var who []model.ID
	for _, o := range s.Observations() {
		if o.Tag != tag {
			continue
		}
		seen := false
		for _, w := range who {
			seen = seen || w == o.Proc
		}
		if !seen {
			who = append(who, o.Proc)
		}
	}
	return who
}

// oneInitiatorOneChooser is C-KAB-8's check: at most one process broadcast
// ELECTION, and at most one chose a coordinator (from the OKs, or by
// declaring itself).
func oneInitiatorOneChooser(s model.System) error {
	if w := choices(s, "election"); len(w) > 1 {
		return fmt.Errorf("%d processes initiated an election (broadcast ELECTION): %s", len(w), model.FormatIDs(w))
	}
	if w := choices(s, model.ObsChoose); len(w) > 1 {
		return fmt.Errorf("%d processes chose a coordinator or declared themselves: %s", len(w), model.FormatIDs(w))
	}
	return nil
}

// knowsNoIDs is C-KAB-9's check: no decision needed knowledge beyond the
// process's own id and the a-priori minimum.
func knowsNoIDs(s model.System) error {
	for _, o := range s.Observations() {
		if o.Tag != "knows" {
			continue
		}
		what := "the membership (every id)"
		if o.Val == 2 {
			what = "which processes are live"
		}
		return fmt.Errorf("process %d evaluated \"has the second minimum ID\" with knowledge of %s", o.Proc, what)
	}
	return nil
}

// joinChecks is C-KAB-10's check on a run of joins with no detector: (a)
// nobody broadcasts ELECTION; (c) a live joiner ends up knowing a
// coordinator; (b) when no process crashed during the run, every live
// process holds the lowest live id (so the joiner knows the current
// coordinator, or is it).
func joinChecks(s model.System) error {
	if w := choices(s, "election"); len(w) > 0 {
		return fmt.Errorf("(a) process %d broadcast ELECTION in a run of joins", w[0])
	}
	cfg := s.Config()
	crashed := false
	for i := range s.N() {
		id := s.Topo().Order[i]
		if s.Status(i) == model.Crashed && !slices.Contains(cfg.Crashed, id) {
			crashed = true
		}
		if slices.Contains(cfg.Absent, id) && s.Status(i) == model.Live && s.View(i).Leader == model.None {
			return fmt.Errorf("(c) the joiner %d never learns a coordinator", id)
		}
	}
	if crashed {
		return nil
	}
	min := electcheck.BestLive(s) // the lowest: kabashi elects the minimum
	for i := range s.N() {
		if s.Status(i) == model.Live && s.View(i).Leader != min {
			return fmt.Errorf("(b) process %d holds %d, but the lowest live id is %d", s.Topo().Order[i], s.View(i).Leader, min)
		}
	}
	return nil
}

// eq2OfTheRun is C-KAB-6 reading (iii): with b the number of broadcasts
// the run made, its BCAST1 count is at most 2b + (n − 1).
func eq2OfTheRun(s model.System) error {
	c := s.Counts()
	var b int64
	for _, k := range broadcastKinds {
		b += c.ByKind[k.Code].Transmissions
	}
	if got, bound := c.Transmissions, 2*b+int64(s.N())-1; got > bound {
		return fmt.Errorf("BCAST1 messages = %d, above 2b + (n-1) = %d with b = %d broadcasts in the run (n=%d)", got, bound, b, s.N())
	}
	return nil
}

// set are the settings the family's claims share.
var set = bullykit.SettingsFor("detector")

// Settings shared by several claims.
var (
	oneDetector = claim.Setting{Name: "sync, one detector, the old coordinator (lowest id) and up to 2 more crashed", Timing: model.Sync,
		Initiators: claim.OneInitiator, CoordinatorDead: true, MaxDead: 2}
	asyncDetectors = claim.Setting{Name: "async fifo, accurate timeouts, any detector set, the old coordinator crashed", Timing: model.Async, Net: model.FIFO,
		Initiators: claim.AnyInitiators, CoordinatorDead: true}
	// syncOneDetector is oneDetector as the behaviour claims name it.
	syncOneDetector = claim.Setting{Name: "sync, one detector, the old coordinator and up to 2 more crashed", Timing: model.Sync,
		Initiators: claim.OneInitiator, CoordinatorDead: true, MaxDead: 2}
	secondMinDetects = claim.Setting{Name: "sync, the second minimum detects, the old coordinator crashed", Timing: model.Sync,
		Initiators: claim.NextBest, CoordinatorDead: true}
	joinStable = claim.Setting{Name: "sync, one process joins a stable system (coordinator live), no detector", Timing: model.Sync,
		Initiators: claim.NoDetector, Joins: 1}
	// joinGap is joinStable with ids 2..n+1: the minimum possible id 1 is
	// nobody's, so a joiner can be below the coordinator without being it.
	joinGap = claim.Setting{Name: "sync, one process joins a stable system, no detector, ids 2..n+1 (the minimum possible id 1 unused)", Timing: model.Sync,
		Initiators: claim.NoDetector, Joins: 1, FirstID: 2}
)

// counted are the sizes the counting claims check: every detector and
// crash set exhaustively up to 6, the tables' 10 and 20 sampled.
var counted = []int{3, 4, 5, 6, 10, 20}

// topoSizes are the sizes of C-KAB-11: exhaustive up to 6, the catalog's
// 10 and 20 sampled.
var topoSizes = []int{3, 4, 5, 6, 10, 20}

// physName names a physical network in a setting.
func physName(phys model.Physical) string {
	switch phys {
	case model.PhysRing:
		return "physical ring, T = 2 rounds"
	case model.PhysRingRT:
		return "physical ring, T = the ring's round trip"
	}
	return "complete graph"
}

// topoOne is C-KAB-11's one-detector setting on physical network phys.
func topoOne(phys model.Physical) claim.Setting {
	return claim.Setting{Name: physName(phys) + ", sync, one detector, the old coordinator and up to 1 more crashed", Timing: model.Sync,
		Initiators: claim.OneInitiator, CoordinatorDead: true, MaxDead: 1, Physical: phys}
}

// topoSettings are C-KAB-11's settings on physical network phys: one
// detector, simultaneous detectors, and (with async) any detector set
// under async timing.
func topoSettings(phys model.Physical, async bool) []claim.Setting {
	ss := []claim.Setting{topoOne(phys),
		{Name: physName(phys) + ", sync, two or more simultaneous detectors, the old coordinator crashed", Timing: model.Sync,
			Initiators: claim.ManyInitiators, CoordinatorDead: true, Physical: phys}}
	if async {
		ss = append(ss, claim.Setting{Name: physName(phys) + ", async fifo, accurate timeouts, any detector set, the old coordinator crashed", Timing: model.Async, Net: model.FIFO,
			Initiators: claim.AnyInitiators, CoordinatorDead: true, Physical: phys})
	}
	return ss
}

// Claims are the catalog's claims about the proposed algorithm, as data.
// The formulas are the paper's, evaluated exactly; no result is stored.
var Claims = []claim.Claim{
	{
		ID:      "C-KAB-4",
		Reading: "a broadcast counted as one message (BCAST1)",
		Source:  "[S4] §VI, eq.(2), Table I",
		Says:    `"It reduces the number of messages required: … Worst case: 2b + (n − 1) … where, b is the number of broadcast messages, n is the total number of processes"`,
		Formal: "the maximum BCAST1 count over single detectors, crash sets containing the coordinator and sets of simultaneous detectors (sync, T = 2 rounds; async) equals 2b + (n − 1), " +
			"under each reading of b (AMB-KAB-7: b = 2 broadcasts, or b = 1, one broadcast's BCAST1 cost, which gives Table I's 6, 11, 21) and of the detector's wait (AMB-KAB-2)",
		Kind:     claim.Bound,
		Quantity: claim.Messages, Accounting: model.BCAST1, Relation: claim.AtMost, Tight: true,
		Formula:     eq2,
		FormulaText: "2b+(n-1)",
		NMin:        3, NMax: 20, Sizes: counted,
		Settings: []claim.Setting{oneDetector, set.Many, asyncDetectors},
		Variants: []string{"wait,b-broadcasts", "wait,b-bcast1", "abort,b-broadcasts", "abort,b-bcast1"},
	},
	{
		ID:      "C-KAB-4.P2P",
		Reading: "messages counted point to point (P2P)",
		Source:  "[S4] §VI, eq.(2)",
		Says:    `"Worst case: 2b + (n − 1)"`,
		Formal:  "as C-KAB-4, counted point to point (a broadcast to the other n − 1 processes counts n − 1): b = 2 broadcasts, or b = n − 1, one broadcast's P2P cost",
		Kind:    claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost, Tight: true,
		Formula:     eq2,
		FormulaText: "2b+(n-1)",
		NMin:        3, NMax: 20, Sizes: counted,
		Settings: []claim.Setting{oneDetector, set.Many},
		Variants: []string{"wait,b-broadcasts", "wait,b-p2p", "abort,b-broadcasts", "abort,b-p2p"},
	},
	{
		ID:     "C-KAB-4.best",
		Source: "[S4] §VI, Table II",
		Says:   `"It reduces the number of messages required: Best case: 1"; Table II, proposed algorithm: 1, 1, 1`,
		Formal: "the minimum BCAST1 count over detectors (one detector, the old coordinator crashed, sync) is 1",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.BCAST1, Relation: claim.AtLeast, Tight: true,
		Formula:     constant(1),
		FormulaText: "1",
		NMin:        3, NMax: 20, Sizes: counted,
		Settings: []claim.Setting{set.One},
		Variants: []string{"wait", "abort"},
	},
	{
		ID:     "C-KAB-4.join",
		Source: "[S4] §VI",
		Says:   `"In the case when a new process joins the system: Best case: 1; Worst case: 3"`,
		Formal: "a process joins a stable system (the coordinator live, nobody detects a failure): the maximum BCAST1 count over every joiner id (below or above the coordinator, the minimum possible id included, " +
			"and with ids 2..n+1, where a joiner can be below the coordinator without having the minimum possible id) is 3",
		Kind: claim.Bound, Quantity: claim.Messages, Accounting: model.BCAST1, Relation: claim.AtMost, Tight: true,
		Formula:     constant(3),
		FormulaText: "3",
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{joinStable, joinGap},
	},
	{
		ID:     "C-KAB-4.joinbest",
		Source: "[S4] §VI",
		Says:   `"In the case when a new process joins the system: Best case: 1"`,
		Formal: "as C-KAB-4.join: the minimum BCAST1 count over every joiner id is 1",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.BCAST1, Relation: claim.AtLeast, Tight: true,
		Formula:     constant(1),
		FormulaText: "1",
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{joinStable, joinGap},
	},
	{
		ID:      "C-KAB-5",
		Reading: "a broadcast counted as one message (BCAST1)",
		Source:  "[S4] Table II; §VI",
		Says:    `"The process with the second minimum ID does not start an election procedure, but automatically becomes the coordinator."; Table II, proposed algorithm: 1, 1, 1`,
		Formal:  "the second-minimum process detects the crash: it sends exactly 1 message (BCAST1), and every live process adopts it",
		Kind:    claim.Bound, Quantity: claim.Messages, Accounting: model.BCAST1, Relation: claim.Exactly,
		Props:       model.Agreement | model.Validity,
		Formula:     constant(1),
		FormulaText: "1",
		NMin:        5, NMax: 20, Sizes: []int{5, 10, 20},
		Settings: []claim.Setting{secondMinDetects},
	},
	{
		ID:      "C-KAB-5.P2P",
		Reading: "messages counted point to point (P2P)",
		Source:  "[S4] Table II; §VI",
		Says:    `Table II, proposed algorithm: 1, 1, 1`,
		Formal:  "as C-KAB-5, counted point to point: the second minimum's one broadcast against Table II's 1",
		Kind:    claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Props:       model.Agreement | model.Validity,
		Formula:     constant(1),
		FormulaText: "1",
		NMin:        5, NMax: 20, Sizes: []int{5, 10, 20},
		Settings: []claim.Setting{secondMinDetects},
	},
	{
		ID:     "C-KAB-6",
		Source: "[S4] §VI, eq.(2) and Table I",
		Says:   `"Worst case: 2b + (n − 1) … where, b is the number of broadcast messages"; Table I, proposed algorithm: 6, 11, 21`,
		Formal: "Table I's proposed column against eq.(2) evaluated exactly under each reading of b (AMB-KAB-7): (i) b = 2, the broadcasts of the worst-case path; " +
			"(ii) b = the cost of one broadcast, 1 under BCAST1 and n − 1 under P2P. Reading (iii), b = the broadcasts of the run itself, is C-KAB-6.run; " +
			"the measured worst cases under each reading are C-KAB-4 and C-KAB-4.P2P",
		Kind:        claim.Table,
		Formula:     eq2,
		FormulaText: "2b+(n-1)",
		Rows: func() []claim.PrintedRow {
			var rows []claim.PrintedRow
			for _, r := range []struct {
				label   string
				reading uint8
			}{{"(i) b = 2 broadcasts", BBroadcasts}, {"(ii) b = 1, BCAST1", BOneBCAST1}, {"(ii) b = n-1, P2P", BOneP2P}} {
				for _, n := range []int{5, 10, 20} {
					v := make([]uint8, AmbB+1)
					v[AmbB] = r.reading
					rows = append(rows, claim.PrintedRow{Label: fmt.Sprintf("Table I, n=%d, reading %s", n, r.label),
						Params: claim.Params{N: n, Variant: v}, Printed: claim.RatInt(tableIProposed[n])})
				}
			}
			return rows
		}(),
	},
	{
		ID:     "C-KAB-6.run",
		Source: "[S4] §VI, eq.(2)",
		Says:   `"Worst case: 2b + (n − 1) … where, b is the number of broadcast messages"`,
		Formal: "reading (iii) of b: with b the number of broadcasts a run makes, its BCAST1 count is at most 2b + (n − 1); every detector set and crash set, sync and async",
		Kind:   claim.Behaviour,
		Custom: eq2OfTheRun,
		NMin:   3, NMax: 6,
		Settings: []claim.Setting{
			set.AnyDead,
			asyncDetectors,
		},
		Variants: []string{"wait", "abort"},
	},
	{
		ID:     "C-KAB-7",
		Source: "[S4] Abstract; §IV intro and step 6; §VII \"Safe\"",
		Says:   `"it ensures that the system has only one coordinator at any given time"; step 6: "This ensures that we have only one coordinator at any given time."`,
		Formal: "in every reachable state at most one live process acts as coordinator: one detector and several simultaneous ones, crash sets containing the coordinator, " +
			"sync (T = 2 rounds) and async (arbitrary delays: early timeouts, a false suspicion of a live coordinator), joins of every joiner id with the coordinator live or crashed; both readings of AMB-KAB-2",
		Kind:  claim.Behaviour,
		Props: model.Safety,
		NMin:  3, NMax: 6,
		Settings: []claim.Setting{
			syncOneDetector,
			set.Many,
			{Name: "async fifo, early timeouts, any detector set, the coordinator live (a false suspicion)", Timing: model.Async, Net: model.FIFO, Timeouts: model.Early,
				Initiators: claim.AnyInitiators},
			joinStable,
			set.JoinElect,
		},
		Variants: []string{"wait", "abort"},
	},
	{
		ID:     "C-KAB-8",
		Source: "[S4] §VII",
		Says:   `"Unlike the Bully Algorithm, only one process initiates an election procedure and determines the coordinator."`,
		Formal: "per coordinator failure, at most one process broadcasts ELECTION and at most one process chooses a coordinator from the responses or declares itself; one detector and simultaneous detectors, sync",
		Kind:   claim.Behaviour,
		Custom: oneInitiatorOneChooser,
		NMin:   3, NMax: 6,
		Settings: []claim.Setting{
			syncOneDetector,
			set.Many,
		},
		Variants: []string{"wait", "abort"},
	},
	{
		ID:     "C-KAB-9",
		Source: "[S4] §VI; rules 1a/3a and the pseudocode",
		Says:   `"The processes do not need to know the ID of any process."`,
		Formal: "every decision is taken with no knowledge beyond the process's own id and the a-priori minimum id (the step records what \"has the second minimum ID\" needed: " +
			"the membership under reading (a), liveness under (c), nothing under (b)), and the election still ends with every live process holding the lowest live id; " +
			"memberships with gaps in the live ids (crash sets), every detector, under each reading of AMB-KAB-1",
		Kind:   claim.Behaviour,
		Props:  model.Agreement | model.Validity,
		Custom: knowsNoIDs,
		NMin:   3, NMax: 6,
		Settings: []claim.Setting{
			{Name: "sync, one detector, the old coordinator and up to 2 more crashed (gaps in the live ids)", Timing: model.Sync,
				Initiators: claim.OneInitiator, CoordinatorDead: true, MaxDead: 2},
			{Name: "sync, one detector, the old coordinator crashed, ids 2..n+1 (a gap at the minimum possible id)", Timing: model.Sync,
				Initiators: claim.OneInitiator, CoordinatorDead: true, FirstID: 2},
		},
		Variants: []string{"second-static", "second-fixed", "second-live"},
	},
	{
		ID:     "C-KAB-10",
		Source: "[S4] §VI",
		Says:   `"There is no need to start a new election when a new process joins the system."; "There is no need to update the minimum ID that the process may take."`,
		Formal: "runs of joins with no detector: (a) on a join no ELECTION is broadcast; (b) the joiner ends up knowing the current coordinator, or becomes coordinator if its id is smaller " +
			"(with no crash during the run, every live process holds the lowest live id); (c) with the coordinator crashing at join time (nobody answers the QUERY), " +
			"does the joiner ever learn a coordinator? Every joiner id; both readings of AMB-KAB-6",
		Kind:   claim.Behaviour,
		Props:  model.Termination,
		Custom: joinChecks,
		NMin:   3, NMax: 8,
		Settings: []claim.Setting{
			joinStable,
			{Name: "sync, one process joins a stable system and the coordinator may crash at join time, no detector", Timing: model.Sync,
				Initiators: claim.NoDetector, Joins: 1, CrashBudget: 1},
			{Name: "async fifo, one process joins a stable system and the coordinator may crash at join time, no detector", Timing: model.Async, Net: model.FIFO,
				Initiators: claim.NoDetector, Joins: 1, CrashBudget: 1},
		},
		Variants: []string{"join-wait", "join-self"},
	},
	{
		ID:     "C-KAB-11",
		Source: "[S4] §VI",
		Says:   `"It is suitable for different process topologies."`,
		Formal: "the sparse topology: the algorithm's logical complete graph on a physical bidirectional ring (the tool's reading: a unicast travels the shorter arc, a broadcast floods both ways in n − 1 link hops, " +
			"crashed nodes still relay, one link hop per sync round), with the literal wait T = 2 rounds: liveness, every run ends with every live process holding the lowest live id; " +
			"one detector and simultaneous ones, the old coordinator and up to one more crashed, sync and async. " +
			"The complete graph is C-KAB-11.complete, the wait scaled to the ring's round trip C-KAB-11.ring-rt, safety on each topology C-KAB-11.safety, the counts C-KAB-11.bcast and C-KAB-11.P2P",
		Kind:  claim.Behaviour,
		Props: model.Agreement | model.Validity | model.Termination,
		NMin:  3, NMax: 20, Sizes: topoSizes,
		Settings: topoSettings(model.PhysRing, true),
	},
	{
		ID:     "C-KAB-11.safety",
		Source: "[S4] §VI; §IV step 6",
		Says:   `"It is suitable for different process topologies."; step 6: "This ensures that we have only one coordinator at any given time."`,
		Formal: "in every reachable state at most one live process acts as coordinator, on each topology: the complete graph, the physical ring with T = 2 rounds, the physical ring with T scaled to its round trip; " +
			"the settings of C-KAB-11",
		Kind:  claim.Behaviour,
		Props: model.Safety,
		NMin:  3, NMax: 20, Sizes: topoSizes,
		Settings: append(append(topoSettings(model.Direct, true), topoSettings(model.PhysRing, true)...), topoSettings(model.PhysRingRT, false)...),
	},
	{
		ID:     "C-KAB-11.complete",
		Source: "[S4] §VI",
		Says:   `"It is suitable for different process topologies."`,
		Formal: "as C-KAB-11 (liveness) on the complete graph the algorithm is written for (direct links, T = 2 rounds, one round trip)",
		Kind:   claim.Behaviour,
		Props:  model.Agreement | model.Validity | model.Termination,
		NMin:   3, NMax: 20, Sizes: topoSizes,
		Settings: topoSettings(model.Direct, true),
	},
	{
		ID:     "C-KAB-11.ring-rt",
		Source: "[S4] §VI",
		Says:   `"It is suitable for different process topologies."`,
		Formal: "as C-KAB-11 (liveness) on the physical ring, with the wait T scaled to the ring's round trip: 2·⌊n/2⌋ = 2·⌈(n − 1)/2⌉ rounds (the tool's reading; sync only: under async timing it is C-KAB-11's ring)",
		Kind:   claim.Behaviour,
		Props:  model.Agreement | model.Validity | model.Termination,
		NMin:   3, NMax: 20, Sizes: topoSizes,
		Settings: topoSettings(model.PhysRingRT, false),
	},
	{
		ID:     "C-KAB-11.bcast",
		Source: "[S4] §VI; catalog C-KAB-11",
		Says:   `"It is suitable for different process topologies."; catalog: "a ring, where a broadcast costs n−1 link hops in P2P"`,
		Formal: "one broadcast costs n − 1 P2P sends on each topology: the second minimum detects the crash and broadcasts COORDINATOR once (C-KAB-5's run), counted point to point, on the complete graph and on the physical ring (each link hop one send)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Props:       model.Agreement | model.Validity,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N) - 1) },
		FormulaText: "n-1",
		NMin:        5, NMax: 20, Sizes: []int{5, 10, 20},
		Settings: []claim.Setting{
			{Name: "complete graph, sync, the second minimum detects, the old coordinator crashed", Timing: model.Sync,
				Initiators: claim.NextBest, CoordinatorDead: true},
			{Name: "physical ring, sync, the second minimum detects, the old coordinator crashed", Timing: model.Sync,
				Initiators: claim.NextBest, CoordinatorDead: true, Physical: model.PhysRing},
		},
	},
	{
		ID:     "C-KAB-11.P2P",
		Source: "[S4] §VI, eq.(2); catalog C-KAB-11",
		Says:   `"It is suitable for different process topologies."; "Worst case: 2b + (n − 1)"`,
		Formal: "the worst-case P2P count of one detector's election (the maximum over detectors and crash sets: the old coordinator and up to one more) on each topology — the complete graph, " +
			"the physical ring with T = 2 rounds, the physical ring with T scaled to its round trip — grows as eq.(2) does with b = n − 1, one broadcast's P2P cost (AMB-KAB-7 b-p2p): linearly in n; sync, fitted over the upper half of the sizes",
		Kind: claim.Growth, Order: 1,
		Quantity: claim.Messages, Accounting: model.P2P,
		Formula:     eq2,
		FormulaText: "2b+(n-1)",
		NMin:        3, NMax: 12, Sizes: []int{3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
		Settings: []claim.Setting{
			topoOne(model.Direct), topoOne(model.PhysRing), topoOne(model.PhysRingRT),
		},
		Variants: []string{"b-p2p"},
	},
	{
		ID:          "C-KAB-12",
		Kind:        claim.Behaviour,
		Source:      "[S4] §I",
		Says:        `"if two or more processes send messages at the same time, their messages will collide and they will not arrive at their destination."`,
		Formal:      "a statement about a shared-medium physical layer: two or more sends \"at the same time\" are all lost",
		NotModelled: "not modelled, for three reasons. (1) It is a definition of a channel, not a property of an algorithm: a collision channel built to drop simultaneous sends makes the sentence true by construction, and a check of it could not fail. (2) The only check that could fail, [S4]'s election run over such a channel, is excluded by [S4] §II's own assumptions, \"The communication subsystem does not fail\" and \"There are no transmission errors\" (a collided message is a transmission error), and by the algorithm itself: the detector's broadcast is answered by every lower-id live process in the same round, so with two or more repliers every answer collides; such runs would be outside the paper's assumptions, which never decide a verdict, so the claim would stay UNCHECKED. (3) The model has no such channel: it would need a notion of \"the same time\" (only lock-step rounds have one; in async timing one event happens at a time, so the sentence is vacuous there), one shared medium instead of the complete graph's independent links (a send destroys every other send of its round, on any link), and message loss (every Net here, fifo or unordered, is reliable: a message sent is delivered unless its receiver is crashed)",
	},
}
