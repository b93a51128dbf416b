package fceabob

import (
	"fmt"
	"slices"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/claim/claimkit"
	"github.com/electlab/electlab/model"
)

// kParam is K at a formula's parameters (the PARAM-K reading in force).
func kParam(p claim.Params) int64 {
	var r uint8 = defaultK
	if len(p.Variant) > AmbK {
		r = p.Variant[AmbK]
	}
	return int64(KOf(r, p.N))
}

// kSystem is K in the execution s.
func kSystem(s model.System) int {
	v, err := s.Info().ParseVariant(s.Config().Variant)
	if err != nil {
		return 0
	}
	return KOf(v[AmbK], s.N())
}

// Eq2 is [S3] eq.(2): SMN = 2·SCAN + SPN − 1.
func Eq2(spn, scan int64) claim.Rat { return claim.RatInt(2*scan + spn - 1) }

// Eq3 is [S3] eq.(3) as first printed: SMN = SCAN + 2·SCAN·(SPN/SCAN),
// evaluated exactly as a rational.
func Eq3(spn, scan int64) claim.Rat { return claim.RatFrac(scan*scan+2*scan*spn, scan) }

// Eq3Simplified is eq.(3)'s printed second line: SCAN + 2·SPN.
func Eq3Simplified(spn, scan int64) claim.Rat { return claim.RatInt(scan + 2*spn) }

// Alpha is a choice of [S3] Table 1's time constants α2 (one message
// transmission) and β2 (one processing step), as fractions num/den.
type Alpha struct{ A2n, A2d, B2n, B2d int64 }

// Eq15 is [S3] eq.(15): CC2 = 2·SCAN·α2 + SPN.
func Eq15(spn, scan int64, a Alpha) claim.Rat {
	return claim.RatFrac(2*scan*a.A2n+spn*a.A2d, a.A2d)
}

// Eq16 is [S3] eq.(16): CC2 = (2·SPN + SCAN)·α2.
func Eq16(spn, scan int64, a Alpha) claim.Rat {
	return claim.RatFrac((2*spn+scan)*a.A2n, a.A2d)
}

// Eq17 is [S3] eq.(17): PT2 = (SPN/SCAN)·β2.
func Eq17(spn, scan int64, a Alpha) claim.Rat {
	return claim.RatFrac(spn*a.B2n, scan*a.B2d)
}

// Eq18 is [S3] eq.(18): ECT2 = (2·SPN + SCAN)·α2 + (SPN/SCAN)·β2.
func Eq18(spn, scan int64, a Alpha) claim.Rat {
	return claim.RatFrac((2*spn+scan)*a.A2n*scan*a.B2d+spn*a.B2n*a.A2d, a.A2d*scan*a.B2d)
}

var unit = Alpha{1, 1, 1, 1}

// atUnit is the time formula eq at a formula's parameters (SPN = N, SCAN
// = K) with α2 = β2 = 1.
func atUnit(eq func(spn, scan int64, a Alpha) claim.Rat) func(claim.Params) claim.Rat {
	return func(p claim.Params) claim.Rat { return eq(int64(p.N), kParam(p), unit) }
}

// eqByNumber evaluates eq.(15) … (18) by number.
func eqByNumber(eq int, spn, scan int64, a Alpha) claim.Rat {
	switch eq {
	case 15:
		return Eq15(spn, scan, a)
	case 16:
		return Eq16(spn, scan, a)
	case 17:
		return Eq17(spn, scan, a)
	default:
		return Eq18(spn, scan, a)
	}
}

// kVariant returns the Params.Variant of PARAM-K = k (other ambiguities at
// their defaults).
func kVariant(k int) []uint8 {
	v := make([]uint8, len(ambiguities))
	for i, a := range ambiguities {
		v[i] = uint8(a.Default)
	}
	v[AmbK] = uint8(k - 1)
	return v
}

// kBelowN: the claim's range SCAN < SPN.
func kBelowN(s model.System) bool { return kSystem(s) < s.N() }

// lone: the informer is the only live process at the start (eq.(3)'s
// scenario: "all the process in the network are crashed except informer").
func lone(s model.System) bool {
	return len(s.Config().Crashed) == s.N()-1 && kBelowN(s)
}

// inSites: n is the SPN of one of the paper's sites.
func inSites(s model.System) bool { return SitesK(s.N()) > 0 }

var (
	sync1    = claim.Setting{Name: "sync, all live, one informer", Timing: model.Sync, Initiators: claim.OneInitiator}
	async1   = claimkit.AsyncFIFO(sync1)
	syncLone = claim.Setting{Name: "sync, every crash set (down to the informer alone), one informer", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1 << 20, MinLive: 1}
	asyncLon = claimkit.AsyncFIFO(syncLone)
	asyncLat = claim.Setting{Name: "async fifo, early timeouts (replies arriving after the timeout: lost to the informer), every crash set, one informer", Timing: model.Async, Net: model.FIFO, Timeouts: model.Early, Initiators: claim.OneInitiator, MaxDead: 1 << 20, MinLive: 1}
	// syncTop keeps the search linear in n for large sizes: the dead sets
	// are the d highest ids, d = 0 … SPN−1 (d = SPN−1 leaves the lowest
	// process alone: eq.(3)'s scenario).
	syncTop = claim.Setting{Name: "sync, the d highest crashed (d = 0 … SPN−1), one informer", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1 << 20, MinLive: 1, DeadNextBest: true}
	// The Fig. 5 narrative: one dead process, 12.
	syncFig5C  = claim.Setting{Name: "sync, Fig. 5, 12 crashed", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1}
	asyncFig5C = claimkit.AsyncFIFO(syncFig5C)
	syncFig5L  = claim.Setting{Name: "sync, Fig. 5, 12's reply lost (12 unavailable, then recovers)", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1, Recovery: true}
	asyncFig5L = claimkit.AsyncFIFO(syncFig5L)
)

// siteSizes are the SPNs of Sites, increasing.
func siteSizes() []int {
	var ns []int
	for _, s := range Sites {
		ns = append(ns, s.SPN)
	}
	slices.Sort(ns)
	return ns
}

func eq2Of(p claim.Params) claim.Rat { return Eq2(int64(p.N), kParam(p)) }
func eq3Of(p claim.Params) claim.Rat { return Eq3(int64(p.N), kParam(p)) }

// Claims are the catalog's claims about FCEABOB, as data. The formulas are
// the paper's, evaluated exactly; no result is stored here.
var Claims = []claim.Claim{
	{
		ID:     "C-FCEABOB-1",
		Source: "[S3] §VIII.A.2 eq.(2); §V",
		Says:   `"the total site's messages number during election at the best case achieves by (2)": SMN = 2·SCAN + SPN − 1`,
		Formal: "(a) best case: one site of SPN processes, all live, one informer (every position), every reply received: the P2P count (Election + Reply + Coordinator) = 2·SCAN + SPN − 1, for SCAN < SPN (executions with SCAN ≥ SPN are not measured); K = 1 … 4 under the default readings, and K = 3 under AMB-FCEABOB-2 (b) and AMB-FCEABOB-1 (b)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq2Of, FormulaText: "2*SCAN + SPN - 1",
		Measure: claimkit.P2PWhen(kBelowN),
		NMin:    2, NMax: 10,
		Settings: []claim.Setting{sync1, async1},
		Variants: []string{"k1", "k2", "k3", "k4", "k3,true-top", "k3,upper-higher"},
	},
	{
		ID:     "C-FCEABOB-1.sites",
		Source: "[S3] §VIII.A.2 eq.(2); Table 2; Fig. 5; Table 5; §IX tests 2–4",
		Says:   `eq.(2) SMN = 2·SCAN + SPN − 1 at the paper's sites: Table 2 (252,5) (341,6) (412,11) (44,2) (802,8) (153,5) (265,8) (183,9); Fig. 5 (8,4); Table 5 (120,4) (160,6) (200,8) (250,10)`,
		Formal: "(a) at the paper's parameters: one site of SPN processes with the paper's SCAN for that SPN (reading k-sites), all live, one informer at a random position (300 random informers per site), the P2P count = eq.(2); sync timing (the async model's per-event cost grows with the number of links, so async is covered at the small sizes of C-FCEABOB-1)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq2Of, FormulaText: "2*SCAN + SPN - 1 (SCAN from the site)",
		Measure: claimkit.P2PWhen(inSites),
		NMin:    8, NMax: 802,
		Sizes:    siteSizes(),
		Settings: []claim.Setting{sync1},
		Variants: []string{"k-sites"},
	},
	{
		ID:     "C-FCEABOB-1.group",
		Source: "[S3] §V step 5",
		Says:   `"The most upper number process is elected as coordinator with the next K upper ones as its alternatives."`,
		Formal: "(b) best case (all live, one informer, every position): at quiescence every live process holds the coordinator = the highest live id and the alternatives = the next K live ids in order (the SCAN+1 highest live ids), under both readings of AMB-FCEABOB-2",
		Kind:   claim.Behaviour,
		Props:  model.Agreement | model.Termination,
		Custom: groupIsTop,
		NMin:   2, NMax: 8,
		Settings: []claim.Setting{sync1, async1},
		Variants: []string{"k1", "k2", "k3", "k2,true-top", "k3,true-top"},
	},
	{
		ID:     "C-FCEABOB-2",
		Source: "[S3] §VIII.A.2 eq.(3)",
		Says:   `"the worst case of the algorithm is calculated by (3). It should be mentioned this number is gained when all the process in the network are crashed except informer, so there is no need to inform the other about the elected coordinator, which is the informer itself." SMN = SCAN + 2·(SCAN)·(SPN/SCAN) = SCAN + 2·SPN`,
		Formal: "(a) the text's scenario: every process but the informer crashed before the run (executions with another live process are not measured), resends per §V and Fig. 6: the P2P count (Election only: no replies, no broadcast) = SCAN + 2·SCAN·(SPN/SCAN), evaluated exactly; under each reading of T (AMB-FCEABOB-3: per-round, cumulative-bounded) and of \"upper\" (AMB-FCEABOB-1); SCAN < SPN",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq3Of, FormulaText: "SCAN + 2*SCAN*(SPN/SCAN)",
		Measure: claimkit.P2PWhen(lone),
		NMin:    2, NMax: 8,
		Settings: []claim.Setting{syncLone, asyncLon},
		Variants: []string{"k1", "k2", "k3", "k2,cumulative-bounded", "k2,upper-higher"},
	},
	{
		ID:          "C-FCEABOB-2.algebra",
		Source:      "[S3] §VIII.A.2 eq.(3)",
		Says:        `SMN = SCAN + 2·(SCAN)·(SPN/SCAN) = SCAN + 2·SPN`,
		Formal:      "(b) the printed algebra: eq.(3)'s first line SCAN + 2·SCAN·(SPN/SCAN), evaluated exactly as a rational at the paper's sites, against its printed simplification SCAN + 2·SPN at the same parameters",
		Kind:        claim.Table,
		Formula:     eq3Of,
		FormulaText: "SCAN + 2*SCAN*(SPN/SCAN)",
		Rows:        algebraRows(),
	},
	{
		ID:     "C-FCEABOB-2.max",
		Source: "[S3] §VIII.A.2 eq.(3); §V bullet 3",
		Says:   `"the worst case of the algorithm is calculated by (3)"; "The replying back Election message might not sent by processes or received to informer although processes are available. In this case the message will be sent to them once more"`,
		Formal: "(c) eq.(3) as the maximum: over every crash set before the run (down to the informer alone) and every informer, with replies lost to the informer although the replier is alive (modelled as a reply arriving after the informer's timeout: early timeouts, every schedule the search draws), the P2P count ≤ SCAN + 2·SCAN·(SPN/SCAN), and some execution reaches it at every size; K = 1, 2; SCAN < SPN",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula: eq3Of, FormulaText: "SCAN + 2*SCAN*(SPN/SCAN)",
		Measure: claimkit.P2PWhen(kBelowN),
		Tight:   true,
		NMin:    3, NMax: 6,
		Settings: []claim.Setting{syncLone, asyncLon, asyncLat},
		Variants: []string{"k1", "k2"},
	},
	{
		ID:     "C-FCEABOB-2.term",
		Source: "[S3] §V, Fig. 6 (\"While (number of elected alternatives < k)\")",
		Says:   `"T= number of VMs that have not replied; … While (number of elected alternatives < k) { M = Find next T upper VM; Send Election messages to M; Send message to T VM which didn't replied; … }"`,
		Formal: "termination of the resend loop: over every crash set (down to the informer alone) and every informer, the execution reaches quiescence, under each reading of T (AMB-FCEABOB-3): per round, the literal cumulative loop, and the literal loop with the explicit bound of ⌈SPN/SCAN⌉ resend rounds; K = 2",
		Kind:   claim.Behaviour,
		Props:  model.Termination,
		NMin:   2, NMax: 5,
		Settings: []claim.Setting{syncLone, asyncLon},
		Variants: []string{"k2,per-round", "k2,cumulative", "k2,cumulative-bounded"},
	},
	{
		ID:     "C-FCEABOB-3.dim",
		Source: "[S3] §VIII.B.2 eq.(15)–(18)",
		Says:   `CC2 = 2·SCAN·α2 + SPN (15); CC2 = (2·SPN + SCAN)·α2 (16); PT2 = (SPN/SCAN)·β2 (17); ECT2 = (2·SPN + SCAN)·α2 + (SPN/SCAN)·β2 (18)`,
		Formal: "(a) dimension check: α2 and β2 are times (Table 1), so a time formula scales by c when both are scaled by c. Each row evaluates eq.(N) at α2 = β2 = c (c = 2, 1/2) against c × eq.(N) at α2 = β2 = 1, at Fig. 5's SPN = 8, SCAN = 4 (Params: N = SPN, Variant = SCAN's reading, Initiators = the equation number, Live = the index of c). A row that differs is a formula whose terms are not all times: it states the finding.",
		Kind:   claim.Table,
		Formula: func(p claim.Params) claim.Rat {
			c := scales[p.Live]
			return eqByNumber(p.Initiators, int64(p.N), kParam(p), Alpha{c[0], c[1], c[0], c[1]})
		},
		FormulaText: "eq.(N) at α2 = β2 = c",
		Rows:        dimRows(),
	},
	{
		ID:     "C-FCEABOB-3",
		Source: "[S3] §VIII.B.2 eq.(15)",
		Says:   `"In the best case, Communication Cost of this algorithm (CC2) is calculated by (15). However, processing time (PT2) is equal to zero since all the alternatives are responding. Therefore, the election time is equal to communication time." CC2 = 2·SCAN·α2 + SPN`,
		Formal: "(b) best case (all live, one informer, every position), sync timing: the measured latency (rounds until the last live process decides) × α2, α2 = 1, = eq.(15) = 2·SCAN + SPN; SCAN < SPN; K = 2, 4",
		Kind:   claim.Bound, Quantity: claim.Time, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     atUnit(Eq15),
		FormulaText: "2*SCAN*α2 + SPN (α2 = 1)",
		Measure:     claimkit.RoundsWhen(kBelowN),
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{sync1},
		Variants: []string{"k2", "k4"},
	},
	{
		ID:     "C-FCEABOB-3.best.msgs",
		Source: "[S3] §VIII.B.2 eq.(15)",
		Says:   `CC2 = 2·SCAN·α2 + SPN (15), "the election time is equal to communication time"`,
		Formal: "(b) best case (all live, one informer, every position): the measured P2P count × α2, α2 = 1, = eq.(15) = 2·SCAN + SPN; sync and async; SCAN < SPN; K = 2, 4",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     atUnit(Eq15),
		FormulaText: "2*SCAN*α2 + SPN (α2 = 1)",
		Measure:     claimkit.P2PWhen(kBelowN),
		NMin:        3, NMax: 8,
		Settings: []claim.Setting{sync1, async1},
		Variants: []string{"k2", "k4"},
	},
	{
		ID:     "C-FCEABOB-3.worst.time",
		Source: "[S3] §VIII.B.2 eq.(16), (18)",
		Says:   `"Equation (15) will be changed to (16) in the worst case of the algorithm." CC2 = (2·SPN + SCAN)·α2 (16); ECT2 = (2·SPN + SCAN)·α2 + (SPN/SCAN)·β2 (18)`,
		Formal: "(b) worst case (every process but the informer crashed, the scenario of eq.(3)), sync timing: the measured latency (rounds until the informer decides, timeouts included) × α2, α2 = 1, = eq.(16) = 2·SPN + SCAN; SCAN < SPN; K = 1, 2, 3",
		Kind:   claim.Bound, Quantity: claim.Time, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     atUnit(Eq16),
		FormulaText: "(2*SPN + SCAN)*α2 (α2 = 1)",
		Measure:     claimkit.RoundsWhen(lone),
		NMin:        2, NMax: 8,
		Settings: []claim.Setting{syncLone},
		Variants: []string{"k1", "k2", "k3"},
	},
	{
		ID:     "C-FCEABOB-3.worst.msgs",
		Source: "[S3] §VIII.B.2 eq.(16)",
		Says:   `CC2 = (2·SPN + SCAN)·α2 (16)`,
		Formal: "(b) worst case (every process but the informer crashed): the measured P2P count × α2, α2 = 1, = eq.(16) = 2·SPN + SCAN; sync and async; SCAN < SPN; K = 1, 2, 3",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     atUnit(Eq16),
		FormulaText: "(2*SPN + SCAN)*α2 (α2 = 1)",
		Measure:     claimkit.P2PWhen(lone),
		NMin:        2, NMax: 8,
		Settings: []claim.Setting{syncLone, asyncLon},
		Variants: []string{"k1", "k2", "k3"},
	},
	{
		ID:     "C-FCEABOB-3.worst.ect",
		Source: "[S3] §VIII.B.2 eq.(18)",
		Says:   `ECT2 = (2·SPN + SCAN)·α2 + (SPN/SCAN)·β2 (18)`,
		Formal: "(b) worst case (every process but the informer crashed), sync timing: the measured latency in rounds = eq.(18) at α2 = β2 = 1, evaluated exactly; SCAN < SPN; K = 1, 2, 3",
		Kind:   claim.Bound, Quantity: claim.Time, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     atUnit(Eq18),
		FormulaText: "(2*SPN + SCAN)*α2 + (SPN/SCAN)*β2 (α2 = β2 = 1)",
		Measure:     claimkit.RoundsWhen(lone),
		NMin:        2, NMax: 8,
		Settings: []claim.Setting{syncLone},
		Variants: []string{"k1", "k2", "k3"},
	},
	{
		ID:     "C-FCEABOB-3.growth.msgs",
		Source: "[S3] §VIII.B.2",
		Says:   `"As it is obvious this algorithm is from O(SPN) and Ω(SPN)."`,
		Formal: "(c) the growth order in SPN of the worst-case P2P count over the crash sets of the d highest ids (d = 0 … SPN−1, down to the lowest process alone), one informer, sync: fitted exponent within ±0.3 of 1, with SCAN constant (K = 2) and with SCAN growing with the paper's sites (k-sites at their SPNs; K = 1 elsewhere); eq.(15)–(18) are all linear in SPN at constant SCAN, and eq.(17) falls to a constant when SCAN grows like SPN",
		Kind:   claim.Growth, Quantity: claim.Messages, Accounting: model.P2P,
		Order: 1,
		NMin:  8, NMax: 200,
		Sizes:    []int{8, 16, 32, 64, 120, 200},
		Settings: []claim.Setting{syncTop},
		Variants: []string{"k2", "k-sites"},
	},
	{
		ID:     "C-FCEABOB-3.growth.time",
		Source: "[S3] §VIII.B.2",
		Says:   `"As it is obvious this algorithm is from O(SPN) and Ω(SPN)."`,
		Formal: "(c) the growth order in SPN of the worst-case sync latency (rounds until the last live process decides) over the crash sets of the d highest ids (d = 0 … SPN−1), one informer: fitted exponent within ±0.3 of 1 with SCAN constant (K = 2); SCAN < SPN",
		Kind:   claim.Growth, Quantity: claim.Time, Accounting: model.P2P,
		Order:   1,
		Measure: claimkit.RoundsWhen(kBelowN),
		NMin:    8, NMax: 200,
		Sizes:    []int{8, 16, 32, 64, 120, 200},
		Settings: []claim.Setting{syncTop},
		Variants: []string{"k2"},
	},
	{
		ID:     "C-FCEABOB-5",
		Source: "[S3] §V, the text under Fig. 5 and Fig. 6",
		Says:   `"The number of processes is eight and there are four coordinator alternatives. Process number 9 starts the election in this example. Four messages are sent to the four must upper number processes. In (Fig 5-b) all the processes replied back to 9 except process 12. Then in (Fig 5-c) process 9 sent messages to 5 and to 12 as well. In (Fig 5-d) process 5 replied back to 9, finally in (Fig 5-e) process 9 broadcast information in the network."`,
		Formal: "the narrative replayed step by step. Fig. 5 is not in the text; the id set is reconstructed as {1, 2, 5, 9, 10, 11, 12, 15} and run as its ranks 1..8 (the algorithm compares ids only): 9 → 4, 12 → 7, 5 → 3, 15 → 8, 11 → 6, 10 → 5. K = 4, informer 9, 12 does not reply: crashed before the run, or its reply lost (12 unavailable when both its Elections arrive, alive again later: the process is crashed before the run and may recover). On every execution of that configuration in which 12 never replies: round 1 contacts {15, 12, 11, 10}, only 12 is silent, round 2 contacts exactly {12, 5}, 5 replies, the group is coordinator 15 with alternatives 11, 10, 9, 5, and the informer broadcasts it. Under each reading of AMB-FCEABOB-1 and AMB-FCEABOB-2 (other configurations are not checked)",
		Kind:   claim.Behaviour,
		Custom: narrativeSteps,
		NMin:   8, NMax: 8,
		Settings: []claim.Setting{syncFig5C, asyncFig5C, syncFig5L, asyncFig5L},
		Variants: []string{"k4", "k4,upper-higher", "k4,true-top"},
	},
	{
		ID:     "C-FCEABOB-5.count",
		Source: "[S3] §V Fig. 5; §VIII.A.2 eq.(2)",
		Says:   `Fig. 5 (SPN = 8, SCAN = 4) against eq.(2) SMN = 2·SCAN + SPN − 1`,
		Formal: "the P2P count of the Fig. 5 narrative (as in C-FCEABOB-5; only executions of the narrative are measured: 12 never replies) = eq.(2) at SPN = 8, SCAN = 4 (15); 12 crashed or its reply lost (12 unavailable, then alive); the count by type is Election 6, Reply 4, Coordinator 7 when 12 is crashed",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq2Of, FormulaText: "2*SCAN + SPN - 1",
		Measure: claimkit.P2PWhen(isNarrative),
		NMin:    8, NMax: 8,
		Settings: []claim.Setting{syncFig5C, asyncFig5C, syncFig5L, asyncFig5L},
		Variants: []string{"k4"},
	},
}

// scales are the factors c of C-FCEABOB-3.dim, as fractions.
var scales = [][2]int64{{2, 1}, {1, 2}}

func dimRows() []claim.PrintedRow {
	var rows []claim.PrintedRow
	const spn, scan = 8, 4
	for _, eq := range []int{15, 16, 17, 18} {
		for ci, c := range scales {
			scaled := ratMul(eq, spn, scan, c[0], c[1])
			rows = append(rows, claim.PrintedRow{
				Label:   fmt.Sprintf("eq.(%d) at SPN=%d, SCAN=%d, α2=β2=%s: %s × eq.(%d) at α2=β2=1", eq, spn, scan, claim.RatFrac(c[0], c[1]), claim.RatFrac(c[0], c[1]), eq),
				Params:  claim.Params{N: spn, Live: ci, Initiators: eq, Variant: kVariant(scan)},
				Printed: scaled,
			})
		}
	}
	return rows
}

// ratMul returns c·eq.(eq) at α2 = β2 = 1 with c = num/den, computed from
// eq.(15) … (18)'s unit values written as fractions.
func ratMul(eq int, spn, scan, num, den int64) claim.Rat {
	switch eq {
	case 15:
		return claim.RatFrac((2*scan+spn)*num, den)
	case 16:
		return claim.RatFrac((2*spn+scan)*num, den)
	case 17:
		return claim.RatFrac(spn*num, scan*den)
	default:
		return claim.RatFrac(((2*spn+scan)*scan+spn)*num, scan*den)
	}
}

func algebraRows() []claim.PrintedRow {
	var rows []claim.PrintedRow
	for _, s := range Sites {
		rows = append(rows, claim.PrintedRow{
			Label:   fmt.Sprintf("%s: SPN=%d, SCAN=%d, printed SCAN + 2·SPN", s.Label, s.SPN, s.SCAN),
			Params:  claim.Params{N: s.SPN, Live: s.SPN, Initiators: 1, Variant: kVariant(s.SCAN)},
			Printed: Eq3Simplified(int64(s.SPN), int64(s.SCAN)),
		})
	}
	return rows
}

// groupIsTop is C-FCEABOB-1 (b)'s check: every live process holds the
// SCAN+1 highest live ids, the highest as coordinator, the next K as the
// alternatives in order.
func groupIsTop(s model.System) error {
	k := kSystem(s)
	var live []model.ID
	for _, id := range s.Topo().Sorted() {
		if s.Status(s.Topo().IndexOf(id)) == model.Live {
			live = append(live, id)
		}
	}
	slices.Reverse(live)
	want := live[:min(k+1, len(live))]
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st := model.StateOf[State](s, i)
		got := append([]model.ID{st.Coord}, st.Alts...)
		if !slices.Equal(got, want) {
			return fmt.Errorf("process %d holds coordinator %d, alternatives %s; the %d highest live ids are %s", st.Self, st.Coord, model.FormatIDs(st.Alts), len(want), model.FormatIDs(want))
		}
	}
	return nil
}

// fig5 maps the reconstructed Fig. 5 ids to the ranks the model runs.
var fig5 = map[model.ID]model.ID{1: 1, 2: 2, 5: 3, 9: 4, 10: 5, 11: 6, 12: 7, 15: 8}

// Fig5IDs are the reconstructed ids of Fig. 5, increasing.
var Fig5IDs = []model.ID{1, 2, 5, 9, 10, 11, 12, 15}

// r maps a Fig. 5 id to its rank.
func r(id model.ID) model.ID { return fig5[id] }

// isNarrative reports whether s runs the Fig. 5 narrative: 8 processes,
// K = 4, informer 9 (rank 4), every process but 12 (rank 7) live at the
// start, 12 never replies.
func isNarrative(s model.System) bool {
	cfg := s.Config()
	if s.N() != 8 || kSystem(s) != 4 || len(cfg.Initiators) != 1 || cfg.Initiators[0] != r(9) {
		return false
	}
	for _, id := range cfg.Crashed {
		if id != r(12) {
			return false
		}
	}
	for _, o := range s.Observations() {
		if o.Tag == "reply" && model.ID(o.Val) == r(12) {
			return false
		}
	}
	return true
}

// narrativeSteps is C-FCEABOB-5's check of the narrative's steps. An
// execution that is not the narrative's (12 replied, or another
// configuration) is not one the claim speaks of: claim.ErrNotApplicable,
// so it does not count as reaching the check.
func narrativeSteps(s model.System) error {
	if !isNarrative(s) {
		return claim.ErrNotApplicable
	}
	name := map[model.ID]model.ID{}
	for id, rk := range fig5 {
		name[rk] = id
	}
	ids := func(l []model.ID) string {
		out := make([]model.ID, len(l))
		for i, x := range l {
			out[i] = name[x]
		}
		slices.Sort(out)
		return model.FormatIDs(out)
	}
	var rounds [][]model.ID
	var replies [][]model.ID
	var silent [][]model.ID
	for _, o := range s.Observations() {
		if o.Proc != r(9) {
			continue
		}
		switch o.Tag {
		case "round":
			rounds = append(rounds, nil)
			replies = append(replies, nil)
			silent = append(silent, nil)
		case "contact":
			rounds[len(rounds)-1] = append(rounds[len(rounds)-1], model.ID(o.Val))
		case "reply":
			replies[len(replies)-1] = append(replies[len(replies)-1], model.ID(o.Val))
		case "silent":
			silent[len(silent)-1] = append(silent[len(silent)-1], model.ID(o.Val))
		}
	}
	want := []struct{ contact, reply, silent string }{
		{"15,12,11,10", "15,11,10", "12"}, // Fig. 5-a, 5-b
		{"12,5", "5", "12"},               // Fig. 5-c, 5-d
	}
	for i, w := range want {
		if i >= len(rounds) {
			return fmt.Errorf("the informer ran %d round(s); the narrative has 2", len(rounds))
		}
		if got := ids(rounds[i]); got != ascending(w.contact) {
			return fmt.Errorf("round %d: 9 sent Election to %s; the narrative: %s", i+1, got, w.contact)
		}
		if got := ids(replies[i]); got != ascending(w.reply) {
			return fmt.Errorf("round %d: %s replied; the narrative: %s", i+1, got, w.reply)
		}
	}
	if len(rounds) != 2 {
		return fmt.Errorf("the informer ran %d rounds; the narrative has 2", len(rounds))
	}
	st := s.State(s.Topo().IndexOf(r(9))).(State)
	if st.Coord != r(15) || ids(st.Alts) != "5,9,10,11" {
		return fmt.Errorf("9 elected coordinator %s with alternatives %s; want 15 with 11, 10, 9, 5", ids([]model.ID{st.Coord}), ids(st.Alts))
	}
	if c := s.Counts().ByKind[Coordinator.Code].Sends; c != 7 {
		return fmt.Errorf("9 sent %d Coordinator messages; Fig. 5-e broadcasts to the 7 others", c)
	}
	return nil
}

// ascending renders a comma-separated id list in increasing order.
func ascending(list string) string {
	l, err := model.ParseIDs(list)
	if err != nil {
		return list
	}
	slices.Sort(l)
	return model.FormatIDs(l)
}

// SiteConfig builds the Config of the initial election of one site: SPN
// processes with ids 1..SPN (the ranks; FCEABOB compares ids only), SCAN
// alternatives, all live, one informer, under timing and the other
// readings given (comma-separated reading names, "" for the defaults). It
// is what a driver of [S3] Table 3 (C-FCEABOB-4) runs per site.
func SiteConfig(spn, scan int, informer model.ID, timing model.Timing, readings string) (*model.Config, error) {
	if spn < 1 {
		return nil, fmt.Errorf("SPN %d: a site needs at least one process", spn)
	}
	if scan < 1 || scan >= spn {
		return nil, fmt.Errorf("SCAN %d: need 1 <= SCAN < SPN = %d", scan, spn)
	}
	if informer < 1 || int(informer) > spn {
		return nil, fmt.Errorf("informer %d is not one of the ids 1..%d", informer, spn)
	}
	kr := KReading(scan)
	if kr == "" {
		if SitesK(spn) != scan {
			return nil, fmt.Errorf("SCAN %d: the model has readings k1..k%d, and k-sites only for the paper's sites", scan, maxFixedK)
		}
		kr = "k-sites"
	}
	variant := kr
	if readings != "" {
		variant += "," + readings
	}
	ids := model.IDsUpTo(spn)
	cfg := &model.Config{Algo: Algorithm.Name, Variant: variant, IDs: ids, Initiators: []model.ID{informer}, Timing: timing}
	if err := model.Validate(&Algorithm.Info, cfg); err != nil {
		return nil, err
	}
	return cfg, nil
}
