package fceabr

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// Successive crashes ([S3] §IX test 4, Fig. 10; catalog C-HIER-6). With
// model.Config.Successive the model crashes the agreed coordinator at each
// quiescence and gives the phase's detectors a start input naming it
// (Input.Suspect). A detector enters that crash's handling (newCrash) and
// runs [S3] Fig. 10's Crash_identify as in a single-crash run: promote A1,
// then shift, refill (SElection) or re-elect (Election) by AMB-HIER-1. The
// waves of a successive crash carry the crashed coordinator as their key
// (one more list entry, the epoch of AMB-FCEABR-5 "keyed by the crash"), so
// a process that hears of the crash first from a message enters the same
// crash's handling and promotes once per crash; the healed ring
// (AMB-FCEABR-6) bypasses every crashed coordinator a process has heard of.
// A detector that starts a wave records it: "refill" (SElection for new
// alternatives) or "reelect" (a full Election), with the crashed
// coordinator as value. The model records "fail" (the crash's number) at
// the crashed process. Runs without successive crashes are unchanged: no
// key, no observation, the same encoding.

// Reelection is the first new election of a run with successive crashes.
type Reelection struct {
	// Crash is the number (1, 2, …) of the successive crash whose handling
	// started it.
	Crash int
	// Full reports a full Election ("reelect"); otherwise an SElection
	// electing new alternatives ("refill").
	Full bool
}

// FirstReelection returns the first new election started after a
// successive crash, from the observations of a run; false when none was
// started. Crashes is the number of successive crashes the run made.
func FirstReelection(obs []model.Observation) (first Reelection, found bool, crashes int) {
	for _, o := range obs {
		switch o.Tag {
		case "fail":
			crashes = int(o.Val)
		case "refill", "reelect":
			if !found {
				first, found = Reelection{Crash: crashes, Full: o.Tag == "reelect"}, true
			}
		}
	}
	return first, found, crashes
}

// triggerStatement is one of C-HIER-6's four statements as a trigger
// predicate: the number of the crash, in the chain of the coordinator and
// its P alternatives, whose handling first starts a new election.
type triggerStatement struct {
	id, source, says, rule string
	at                     func(p int) int
}

// triggerStatements are the catalog's four statements of C-HIER-6.
var triggerStatements = []triggerStatement{
	{id: "C-HIER-6.gholipour", source: "[S0] §II (citing Gholipour)",
		says: `"there won't be any need to launch new election until k-1 alternatives will fail"`,
		rule: "the first new election follows crash max(1, P−1) (k = P alternatives; k−1 = 0 read as the first crash)",
		at:   func(p int) int { return max(1, p-1) }},
	{id: "C-HIER-6.postponed", source: "[S3] §II",
		says: `"a new election will be postponed until the failure of all the coordinator alternatives"`,
		rule: "the first new election follows crash P+1 (the coordinator, then its P alternatives, all crashed)",
		at:   func(p int) int { return p + 1 }},
	{id: "C-HIER-6.k-minus-1", source: "[S3] §VII",
		says: `"when the first ICoordinator and K-2 internal alternatives crash, first of all new coordinator election will be run in the site"`,
		rule: "the first new election follows crash 1 + (P−2) = P−1 (at least the first crash), K = P alternatives",
		at:   func(p int) int { return max(1, p-1) }},
	{id: "C-HIER-6.test4", source: "[S3] §IX test 4",
		says: `"After 2 times of GCoordinator crash, since there is no other alternatives in the virtual network, the Last GCoordinator lunched another election"`,
		rule: "with P = 2 alternatives the first new election follows crash 2: in general crash P (no alternative left after the shift)",
		at:   func(p int) int { return p }},
}

// reelectsAt is the check of one statement: the run made all its
// successive crashes, and the first new election (SElection for new
// alternatives or a full Election) followed crash number at(P), P read
// from the run by pOf.
func reelectsAt(st triggerStatement, pOf func(model.System) int) func(model.System) error {
	return func(s model.System) error {
		want := len(s.Config().Successive)
		first, found, crashes := FirstReelection(s.Observations())
		if crashes != want {
			return fmt.Errorf("%d of %d successive crashes made", crashes, want)
		}
		p := pOf(s)
		at := st.at(p)
		if at > crashes {
			//lint:ignore ST1005 P is [S3]'s name for the process (a capital in the paper)
			return fmt.Errorf("P = %d: the statement's crash %d is beyond the %d crashes of the run", p, at, crashes)
		}
		if !found {
			//lint:ignore ST1005 P is [S3]'s name for the process (a capital in the paper)
			return fmt.Errorf("P = %d: no new election in %d successive crashes; %s says crash %d starts one", p, crashes, st.source, at)
		}
		if first.Crash != at {
			kind := "an SElection for new alternatives"
			if first.Full {
				kind = "a full Election"
			}
			//lint:ignore ST1005 P is [S3]'s name for the process (a capital in the paper)
			return fmt.Errorf("P = %d: the first new election (%s) follows crash %d; %s says crash %d", p, kind, first.Crash, st.source, at)
		}
		return nil
	}
}

// syncSucc is lock-step rounds: an election from one starter, then P_max+1
// = 4 successive crashes of the agreed coordinator, each detected by every
// live process ("each process in the network which finds it out", [S3]
// §VII).
var syncSucc = claim.Setting{Name: "sync, election from one starter, then 4 successive coordinator crashes, each detected by every live process", Timing: model.Sync, Initiators: claim.OneInitiator, Successive: 4}

// triggerVariants are the AMB-HIER-1 readings at P = 1, 2, 3.
var triggerVariants = TriggerVariants("")

// TriggerVariants are the AMB-HIER-1 readings at P = 1, 2, 3, each after
// prefix (readings of the caller's other ambiguities and a comma, or "").
func TriggerVariants(prefix string) []string {
	var vs []string
	for _, t := range []string{"at-empty", "all-failed", "k-minus-1"} {
		for _, p := range []string{"p1", "p2", "p3"} {
			vs = append(vs, prefix+t+","+p)
		}
	}
	return vs
}

// TriggerClaims are C-HIER-6's four statements as claims over successive
// crashes, one claim per statement (IDs C-HIER-6.gholipour, .postponed,
// .k-minus-1, .test4), each checked on runs of setting st at n processes
// under every variant: the readings of AMB-HIER-1 under which a statement
// holds name the reading it is. scope describes the runs for the formal
// statement; pOf reads P from a run. FCEABR-K registers them, and so does
// the hierarchy (on its virtual ring).
func TriggerClaims(scope string, st claim.Setting, n int, variants []string, pOf func(model.System) int) []claim.Claim {
	var cs []claim.Claim
	for _, ts := range triggerStatements {
		cs = append(cs, claim.Claim{
			ID:     ts.id,
			Source: ts.source + "; catalog C-HIER-6, AMB-HIER-1",
			Says:   ts.says,
			Formal: scope + ": " + ts.rule +
				"; a new election is the first SElection for new alternatives or full Election a detector starts. Under each AMB-HIER-1 reading and P = 1, 2, 3: the statements as predicates coincide with a reading where it holds for every P",
			Kind:     claim.Behaviour,
			Props:    model.Termination,
			Custom:   reelectsAt(ts, pOf),
			NMin:     n,
			NMax:     n,
			Settings: []claim.Setting{st},
			Variants: variants,
		})
	}
	return cs
}

// successiveClaims are TriggerClaims on FCEABR-K.
var successiveClaims = TriggerClaims("FCEABR-K on a ring of 6, an election from one starter, then 4 successive crashes of the agreed coordinator (the model crashes the coordinator every live process holds at each quiescence; every live process detects)",
	syncSucc, 6, triggerVariants, func(s model.System) int { return model.StateOf[State](s, 0).p() })
