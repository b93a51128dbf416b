package fceabr

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// FCEABR-K ([S3] §VI–VII, Fig. 2/3/10; catalog A2, ALG-FCEABR-K) is the
// same step function as FCEABR: the message carries the coordinator and P
// alternatives A1..AP ([S3] Fig. 2), every node merges its id into a
// top-(P+1) list ([S3] §VI: "If its number is upper than each of those
// items, the process will replace it with them"), and on a coordinator
// crash a detector promotes A1 and shifts the list left ([S3] Fig. 10).
// Whether an SElection then re-elects the missing alternatives, or a full
// Election starts, is the trigger of AMB-HIER-1.
//
// Design. FCEABR is FCEABR-K with P = 1 ("By assigning 1 to K, the format
// will be the same as the format of FCEABR algorithm", [S3] §IV): one
// package, one state type and one step function serve both, so the two
// cannot drift apart. They are registered as two algorithms because their
// Infos differ: FCEABR keeps exactly catalog A1's ambiguities (its variant
// names, traces and shipped counterexamples are unchanged), and FCEABR-K
// adds two: AMB-HIER-1 (the trigger) and PARAM-P, the number of
// alternatives, declared as an ambiguity with readings p1 … p8 the way the
// mutual-exclusion algorithms declare their workload parameter
// (PARAM-DEMAND), so that a claim, a trace or a hierarchical composition
// names P as a variant ("p3"). The step reads P and the trigger from the
// variant when the Info declares them, and P = 1, trigger at-empty
// otherwise. A test checks that FCEABR-K under p1 gives the same events,
// counts and states as FCEABR.
//
// Scenarios are FCEABR's: an election (no coordinator known), or the best
// initial member crashed before the run, every process knowing the best
// initial member and the next P as (coordinator, A1..AP) from the
// previous election. Successive crashes of promoted alternatives are run
// with model.Config.Successive (see successive.go): the model crashes the
// agreed coordinator at each quiescence and the detectors' start names it,
// which tells the triggers apart crash by crash (C-HIER-6.*); without it a
// run handles one crash, and the triggers are told apart by how many
// alternatives the initial list holds.

// KAmbiguities are FCEABR-K's ambiguities: FCEABR's, then AMB-HIER-1 and
// PARAM-P (at the indices AmbTrigger and AmbP).
var KAmbiguities = append(append([]model.Ambiguity(nil), ambiguities...),
	model.Ambiguity{ID: "AMB-HIER-1", Question: "when does a new election start after a coordinator crash (C-HIER-6)?",
		Readings: []string{"at-empty", "all-failed", "k-minus-1"},
		Explain: []string{
			"[S3] Fig. 10 and §IX test 4: A1 replaces the coordinator; if alternatives remain the list shifts left (no message), else an SElection elects P new alternatives (for P = 1, FCEABR's SElection after every crash)",
			"[S3] §II \"postponed until the failure of all the coordinator alternatives\": only shifts; a full Election when the coordinator crashes with no alternative left",
			"[S0] §II (Gholipour) \"until k-1 alternatives will fail\" and [S3] §VII (K−1 crashes): an SElection as soon as at most one alternative remains after the shift",
		}},
	model.Ambiguity{ID: "PARAM-P", Question: "how many alternatives P does the coordinator have (a parameter, 1 ≤ P ≤ NS; not a reading of the text)?",
		Readings: []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"},
		Explain: []string{
			"P = 1: FCEABR", "P = 2 ([S3] §IX tests 2–4)", "P = 3 ([S3] §IX: \"GCoordinator has 3 alternatives\")",
			"P = 4", "P = 5", "P = 6", "P = 7", "P = 8",
		},
		Default: 2,
	})

// KVariant returns the variant string that selects P alternatives under
// FCEABR-K (for a composition or a reproduce driver), or an error for a P
// outside 1..MaxP.
func KVariant(p int) (string, error) {
	if p < 1 || p > MaxP {
		return "", fmt.Errorf("fceabrk: P = %d alternatives is outside 1..%d", p, MaxP)
	}
	return fmt.Sprintf("p%d", p), nil
}

// K is FCEABR-K as a pure step function (registered as "fceabrk"); P and
// the trigger are the readings of PARAM-P and AMB-HIER-1.
var K = &model.Algorithm[State]{
	Info: model.Info{
		Name:        "fceabrk",
		Title:       "FCEABR-K: FCEABR with a coordinator and P alternatives on a (virtual) bidirectional ring",
		Source:      "[S3] §VI–VII, Fig. 2/3/10; catalog A2",
		Topology:    model.BiRing,
		Kinds:       kinds,
		Ambiguities: KAmbiguities,
		// FCEABR with alternatives: every reading of FCEABR's is one of
		// FCEABR-K's.
		Parts: []model.Part{{Info: &Algorithm.Info}},
	},
	Init:   initState,
	Step:   step,
	View:   view,
	Encode: encode,
}

// NewK returns FCEABR-K as a model.Spec under the given name, for a
// composition that needs its own instance (the state type is exported, so
// a composition may also use K directly).
func NewK(name string) *model.Algorithm[State] {
	a := *K
	if name != "" {
		a.Name = name
	}
	return &a
}

// vmnRows is [S3] §IX's virtual ring: "16 messages are also exchanged
// among the sites to elect the GCoordinator and its alternatives" (NS = 8
// sites, one random starter, P = 3).
func vmnRows() []claim.PrintedRow {
	return []claim.PrintedRow{{Label: "[S3] §IX, NS = 8, FPN = 1, P = 3: 16 messages", Params: claim.Params{N: 8, Live: 8, Initiators: 1}, Printed: claim.RatInt(16)}}
}

var kClaims = []claim.Claim{
	{
		ID:          "C-FCEABOB-4.iii",
		Source:      "[S3] §IX; eq.(1)",
		Says:        `"16 messages are also exchanged among the sites to elect the GCoordinator and its alternatives, so 2180 messages are totally being passed."`,
		Formal:      "the printed 16 against [S3] eq.(1) VMN = (FPN−1)·(NS/FPN) + 2·NS at NS = 8, FPN = 1 (\"Election message is created by a random selected process\"), evaluated exactly; the measured count is C-FCEABOB-4.iii.measured",
		Kind:        claim.Table,
		Formula:     eq1,
		FormulaText: "VMN = (FPN-1)*(NS/FPN) + 2*NS",
		Rows:        vmnRows(),
	},
	{
		ID:     "C-FCEABOB-4.iii.measured",
		Source: "[S3] §IX; eq.(1)",
		Says:   `"16 messages are also exchanged among the sites to elect the GCoordinator and its alternatives"`,
		Formal: "the measured P2P count (Election + Coordinator) of FCEABR-K with P = 3 on a virtual ring of NS live ECoordinators, one starter, SYNC-LOCKSTEP, every id arrangement and starter (sampled at NS = 8), equals eq.(1) at (NS, FPN = 1), which at the sentence's NS = 8 the printed 16 equals (C-FCEABOB-4.iii); NS varies over 4..8 (a ring that holds the coordinator and its P = 3 alternatives); FPN is 1 by the sentence's own rule (\"Election message is created by a random selected process\"), FPN > 1 is C-FCEABR-3's (on FCEABR); each terminal rule (AMB-FCEABR-2)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     eq1,
		FormulaText: "VMN = (FPN-1)*(NS/FPN) + 2*NS",
		NMin:        4, NMax: 8,
		// The sentence speaks of NS = 8: NS = 4..7 are evidence (odd
		// NS is eq.(1)'s own problem, C-FCEABR-3's).
		DecidedSizes: []int{8},
		Vars: []claim.FormulaVar{{Name: "FPN", Of: func(p claim.Params) int64 { return int64(p.Initiators) },
			Fixed: "FPN = 1 by the sentence's own rule (\"Election message is created by a random selected process\"); FPN > 1 is C-FCEABR-3's"}},
		Settings: []claim.Setting{sync1},
		Variants: []string{"r1,p3", "r2,p3"},
	},
}

// kMoot are the readings FCEABR-K inherits from FCEABR that no claim of
// FCEABR-K's can exercise: its settings (an election from one starter on
// a ring with nobody crashed before the run, then successive crashes at
// quiescence) have no joins and no crash before the run.
var kMoot = []claim.ClaimPart{
	{Name: "AMB-FCEABR-9", Why: "a detector whose coordinator's first alternative is crashed before the run too: the claim's settings crash nobody before the run"},
	{Name: "AMB-FCEABR-10", Why: "what N means in [S0] eq.(1)/(2), a reading of the formulas that the step does not read: with nobody crashed before the run N is the live processes under either reading"},
	{Name: "AMB-FCEABR-11", Why: "whether a process that joins during the run takes part in crash handling: no setting of the claim has joins"},
}

// kCoverReadings declares kMoot in each of FCEABR-K's claims and checks
// every other reading it inherits from FCEABR with one variant of its own
// (model.Info.CoverReadings).
func kCoverReadings(cs []claim.Claim) []claim.Claim {
	info := &model.Info{Name: "fceabrk", Ambiguities: KAmbiguities, Parts: []model.Part{{Info: &Algorithm.Info}}}
	for i := range cs {
		if cs[i].Kind == claim.Table {
			continue
		}
		cs[i].MootReadings = append(cs[i].MootReadings, kMoot...)
		claim.CoverReadings(info, &cs[i])
	}
	return cs
}

// KClaims are the claims about K, as data (the registry, algos, pairs
// them with it).
var KClaims = kCoverReadings(append(append([]claim.Claim(nil), kClaims...), successiveClaims...))
