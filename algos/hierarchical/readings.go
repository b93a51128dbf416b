package hierarchical

import (
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// The readings the hierarchy inherits from its parts (FCEABOB in every
// site, FCEABR-K on the virtual ring; model.Info.InheritedReadings) are
// readings of every claim about it: each is checked by a variant of the
// claim (coverReadings adds one variant per reading the claim's own
// variants leave out), or declared moot below where the claim's
// executions cannot exercise it, with the reason (claim.Claim.MootReadings).

// moot is one declaration of readings that cannot change a claim's
// executions.
func moot(name, why string) claim.ClaimPart { return claim.ClaimPart{Name: name, Why: why} }

var (
	// Every claim: no setting of the hierarchy's has joins, and N's
	// meaning in [S0]'s formulas is no rule of the step.
	mootJoiner = moot("AMB-FCEABR-11", "whether a process that joins during the run takes part in crash handling: no setting of the claim has joins")
	mootN      = moot("AMB-FCEABR-10", "what N means in [S0] eq.(1)/(2): a reading of FCEABR's formulas, which FCEABR's step does not read and the claim does not evaluate")

	// The initial election (the initial and startup scenarios, no
	// successive crashes): no coordinator crash is detected, the virtual
	// ring has one informer (the first site's ECoordinator starts it,
	// [S3] §VI's FPN = 1: learn) and no crash handling.
	mootInitial = []claim.ClaimPart{
		moot("AMB-HIER-1", "when a new election starts after a coordinator crash: in the initial election no coordinator crash is detected (a start input makes a site's informer)"),
		moot("AMB-FCEABR-1", "the kill rule between two ring informers: the initial election's ring has one informer, the first site's ECoordinator ([S3] §VI: FPN = 1)"),
		moot("AMB-FCEABR-5", "whether crash handling keeps its own state apart from the election's: the initial election has no crash handling"),
		moot("AMB-FCEABR-7", "whether a detector that has heard of a higher election still initiates: the initial election's ring has one informer, which starts before any ring message exists"),
		moot("AMB-FCEABR-9", "a detector whose coordinator and first alternative are both crashed: in the initial election no coordinator is known"),
		mootJoiner, mootN,
	}
	// All live: every process FCEABOB contacts replies in the first round.
	mootAllLive = []claim.ClaimPart{
		moot("AMB-FCEABOB-3", "which non-repliers are re-sent to: every process is live, so every contacted process replies"),
		moot("AMB-FCEABOB-4", "whether the Coordinator broadcast leaves the non-repliers out: every process is live, so there are none"),
		moot("AMB-FCEABOB-6", "whether the coordinator is fixed after the first resend round: every process is live, so there is no resend round"),
	}
	mootRingLive = moot("AMB-FCEABR-6", "how the ring is repaired around a crashed node: every ring node is live")
	// Measured on one informer per site: FCEABOB-5 acts only between two
	// informers of one site.
	mootOneInformer = moot("AMB-FCEABOB-5", "a suppression rule between two informers of one site (NOT IN [S3]): the claim measures executions with one informer per site only")
	// The stable scenario: the previous election's result is known, so
	// no site election runs: FCEABOB's step runs only at an initial
	// informer's start, on its round timer and on FCEABOB's messages, which
	// no process sends (step, siteStep).
	mootStable = func() []claim.ClaimPart {
		var out []claim.ClaimPart
		for _, id := range []string{"AMB-FCEABOB-1", "AMB-FCEABOB-2", "AMB-FCEABOB-3", "AMB-FCEABOB-4", "AMB-FCEABOB-5", "AMB-FCEABOB-6"} {
			out = append(out, moot(id, "a rule of FCEABOB's site election: in the stable scenario none runs (the previous election's result is known; no process sends FCEABOB's messages)"))
		}
		return out
	}()
	// One crash before the run (or successive crashes at quiescence):
	// FCEABR-9's monitor acts only on a first alternative crashed before
	// the run as well.
	mootMonitor = moot("AMB-FCEABR-9", "a detector whose coordinator's first alternative is crashed before the run too: the claim's settings crash at most one process before the run")
)

// join concatenates declarations.
func join(ps ...[]claim.ClaimPart) []claim.ClaimPart {
	var out []claim.ClaimPart
	for _, p := range ps {
		out = append(out, p...)
	}
	return out
}

// ringReadings declares every reading of FCEABR-K's ring (AMB-HIER-1 and
// AMB-FCEABR-*) moot for why.
func ringReadings(why string) []claim.ClaimPart {
	out := []claim.ClaimPart{moot("AMB-HIER-1", why)}
	for _, id := range []string{"AMB-FCEABR-1", "AMB-FCEABR-2", "AMB-FCEABR-3", "AMB-FCEABR-4", "AMB-FCEABR-5", "AMB-FCEABR-6", "AMB-FCEABR-7", "AMB-FCEABR-8", "AMB-FCEABR-9", "AMB-FCEABR-10", "AMB-FCEABR-11"} {
		out = append(out, moot(id, why))
	}
	return out
}

// coverReadings adds to each claim one variant per inherited reading it
// neither checks nor declares (model.Info.CoverReadings).
func coverReadings(cs []claim.Claim) []claim.Claim {
	info := &model.Info{Name: "hierarchical", Ambiguities: ambiguities, Parts: parts}
	for i := range cs {
		claim.CoverReadings(info, &cs[i])
	}
	return cs
}

// mootIn declares ps moot in every claim of cs.
func mootIn(ps []claim.ClaimPart, cs []claim.Claim) []claim.Claim {
	for i := range cs {
		cs[i].MootReadings = append(cs[i].MootReadings, ps...)
	}
	return cs
}

// ringFixed are FCEABR's readings of the ring's rules (AMB-FCEABR-1..8),
// not checked on the hierarchy's C-HIER-6.* (see triggerClaims).
var ringFixed = func() []claim.ClaimPart {
	var out []claim.ClaimPart
	for _, id := range []string{"AMB-FCEABR-1", "AMB-FCEABR-2", "AMB-FCEABR-3", "AMB-FCEABR-4", "AMB-FCEABR-5", "AMB-FCEABR-6", "AMB-FCEABR-7", "AMB-FCEABR-8"} {
		out = append(out, claim.ClaimPart{Name: id, Why: "a rule of the virtual ring's FCEABR-K: each of its readings is checked on the same statement on FCEABR-K itself (fceabrk's claim of the same ID), not on the hierarchy"})
	}
	return out
}()

// fixedIn declares ps fixed in every claim of cs.
func fixedIn(ps []claim.ClaimPart, cs []claim.Claim) []claim.Claim {
	for i := range cs {
		cs[i].FixedReadings = append(cs[i].FixedReadings, ps...)
	}
	return cs
}
