package fceabr

import (
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// This file holds the rest of C-FCEABR-7: ECT in the case where every
// alternative has crashed and the coordinator is up ([S0] eq.(8)–(10)),
// and the processing time PT ([S0] eq.(3) and eq.(7)) against the
// comparisons the processes make.
//
// A comparison. [S0] §VI.6.2: "any process compares its own number with
// Election message's coordinator and its alternatives" and "β … processing
// time for comparison between two scalars". The reading used here,
// "one comparison per Election/SElection received" (cmp-per-election),
// counts one comparison for each Election or SElection message delivered
// to a live process (its fields against the receiver's id), none for
// Coordinator/SCoordinator messages (they are adopted, not compared).
// Counting every scalar comparison of a merge (up to P+1 per message)
// would multiply the counts by at most 2 for FCEABR (P = 1): the orders
// below do not change.

// ECT2 is [S0] eq.(8)–(10) (recovered from [S3] eq.(12)–(14) with SCAN =
// 1) at α = β = 1: eq.(4)–(6) with (N−1)β in place of 2(N−1)β:
// λ1 = N/2·((N−1)β + 2(N−1)α) for N even, λ2 = N/2·((N−1)β + 2Nα) for N
// odd, evaluated exactly; N per AMB-FCEABR-10.
func ECT2(p claim.Params) claim.Rat {
	return ect2At(nOf(p), 1, 1)
}

// ect2At is ECT2 at n with the communication time alpha and the
// comparison time beta.
func ect2At(n, alpha, beta int64) claim.Rat {
	pt := (n - 1) * beta
	cc := 2 * (n - 1) * alpha
	if n%2 == 1 {
		cc = 2 * n * alpha
	}
	return claim.RatFrac(n*(pt+cc), 2)
}

// PT is [S0] eq.(3) (recovered from [S3] eq.(7) with SCAN = 1) at β = 1:
// PT = 2(N−1)β.
func PT(p claim.Params) claim.Rat { return claim.RatInt(2 * (nOf(p) - 1)) }

// PT2 is [S0] eq.(7) (recovered from [S3] eq.(11) with SCAN = 1) at β = 1:
// PT = (N−1)β, when every alternative has crashed and the coordinator is
// up.
func PT2(p claim.Params) claim.Rat { return claim.RatInt(nOf(p) - 1) }

// TotalComparisons is the number of comparisons over all processes under
// the cmp-per-election reading: Election and SElection messages delivered.
func TotalComparisons(s model.System) int64 {
	c := s.Counts()
	var v int64
	for _, k := range []*model.Kind{Election, SElection} {
		if k.Code < len(c.ByKind) {
			v += c.ByKind[k.Code].Deliveries
		}
	}
	return v
}

// totalComparisons is TotalComparisons as a claim's measure (every run
// measured).
func totalComparisons(s model.System) (int64, bool) { return TotalComparisons(s), true }

// PathComparisons is the number of comparisons on the critical path under
// the cmp-per-election reading, for a run with one initiator and no
// crash during it in lock-step rounds: the largest hop clock at which a
// terminal computed (coordinator, surrogate) (its leader's last change).
// Before a terminal computes, only Election (SElection) messages travel,
// each received and compared, so every hop of a causal chain ending at a
// terminal's decision is one comparison; the chain to the last decision
// continues with Coordinator hops, which compare nothing. With two
// terminals this is the larger of their chains (one more at most). ok is
// false when no terminal decided.
func PathComparisons(s model.System) (int64, bool) {
	topo := s.Topo()
	best := int64(-1)
	for _, o := range s.Observations() {
		if o.Tag != "terminal" {
			continue
		}
		i := topo.IndexOf(o.Proc)
		if i < 0 {
			continue
		}
		if h := int64(s.LearnHops(i)); h > best {
			best = h
		}
	}
	return best, best >= 0
}

// surrogateCrashed reports whether the run is eq.(7)–(10)'s case: the
// coordinator (the best member) live at the start and every alternative
// (for FCEABR the surrogate, the second-best member) crashed before the
// run, nothing else crashed.
func surrogateCrashed(s model.System) bool {
	cr := s.Config().Crashed
	return len(cr) == 1 && cr[0] == initialSurrogate(s)
}

// inCase restricts a measure to eq.(7)–(10)'s case.
func inCase(m func(model.System) (int64, bool)) func(model.System) (int64, bool) {
	return func(s model.System) (int64, bool) {
		if !surrogateCrashed(s) {
			return 0, false
		}
		return m(s)
	}
}

// altsCrashed is the setting of eq.(7)–(10)'s case: an election with one
// initiator and at most one process crashed before the run; the claims'
// measures keep only the runs whose dead process is the surrogate (the
// second-best member) and ignore the others.
var altsCrashed = claim.Setting{Name: "sync, election, one initiator, the surrogate (second-best member) crashed before the run and the coordinator up (runs with another dead set are not measured)", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1}

var ptClaims = []claim.Claim{
	{
		ID:     "C-FCEABR-7.ect2",
		Source: "[S0] §VI.6.2 eq.(8)–(10); [S3] eq.(12)–(14)",
		Says:   `"However (3) and (6) will be changed to (7) and (10) respectively when all coordinator alternatives are already crashed but coordinator is still up." λ1 = N/2·((N−1)β + 2(N−1)α); λ2 = N/2·((N−1)β + 2Nα)`,
		Formal: "(c) ECT of eq.(8)–(10) at α = β = 1 against the measured SYNC-LOCKSTEP latency of the matching scenario: an election (one initiator, every id arrangement) with the surrogate, FCEABR's only alternative, crashed before the run and the coordinator up, on the ring healed around it; each hop counted as α + β, as in C-FCEABR-7.ect; equality, each terminal rule. Dimension: as eq.(4)–(6), a time ((N−1)β + 2(N−1)α) multiplied by N/2, a count of processes: Θ(N²) (N(3N−3)/2 at α = β = 1, N even) against the measured linear latency",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.Exactly,
		Formula:     ECT2,
		FormulaText: "ECT = N/2*((N-1)beta + 2(N-1)alpha) (N even), N/2*((N-1)beta + 2N alpha) (N odd), alpha = beta = 1",
		Measure:     inCase(hopTime),
		NMin:        4, NMax: 10,
		Settings: []claim.Setting{altsCrashed},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-7.pt.path",
		Source: "[S0] §VI.6.2 eq.(3); [S3] eq.(7)",
		Says:   `"Total Processing Time (PT) by processes in the network also calculated by below equation when considered as processing time for comparison between two scalars by a typical process." PT = 2(N−1)β`,
		Formal: "(c) PT at β = 1 against the comparisons along the critical path of one election (SYNC-LOCKSTEP, one initiator, every id arrangement, each terminal rule), a comparison read as one per Election/SElection received (cmp-per-election): the largest number of Elections on a causal chain ending at a terminal's decision. Dimension: PT is a count of comparisons × β, a time; the measured count is compared at β = 1. Equality is checked (PT is printed as an equation)",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.Exactly,
		Formula:     PT,
		FormulaText: "PT = 2(N-1) beta, beta = 1 (comparisons on the critical path)",
		Measure:     PathComparisons,
		NMin:        3, NMax: 10,
		Settings: []claim.Setting{sync1},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-7.pt.total",
		Source: "[S0] §VI.6.2 eq.(3); [S3] eq.(7)",
		Says:   `"Total Processing Time (PT) by processes in the network" PT = 2(N−1)β`,
		Formal: "(c) PT at β = 1 against the total number of comparisons over all processes in one election (SYNC-LOCKSTEP, one initiator, every id arrangement, each terminal rule), read as one per Election/SElection received (cmp-per-election): the Election messages delivered. Dimension as C-FCEABR-7.pt.path. Equality is checked",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.Exactly,
		Formula:     PT,
		FormulaText: "PT = 2(N-1) beta, beta = 1 (comparisons over all processes)",
		Measure:     totalComparisons,
		NMin:        3, NMax: 10,
		Settings: []claim.Setting{sync1},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-7.pt2.path",
		Source: "[S0] §VI.6.2 eq.(7); [S3] eq.(11)",
		Says:   `"(3) … will be changed to (7) … when all coordinator alternatives are already crashed but coordinator is still up." PT = (N−1)β`,
		Formal: "(c) PT of eq.(7) at β = 1 against the comparisons along the critical path (cmp-per-election, as C-FCEABR-7.pt.path) of an election with the surrogate crashed before the run and the coordinator up (one initiator, SYNC-LOCKSTEP, each terminal rule). Equality is checked",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.Exactly,
		Formula:     PT2,
		FormulaText: "PT = (N-1) beta, beta = 1 (comparisons on the critical path)",
		Measure:     inCase(PathComparisons),
		NMin:        4, NMax: 10,
		Settings: []claim.Setting{altsCrashed},
		Variants: []string{"r1", "r2"},
	},
	{
		ID:     "C-FCEABR-7.pt2.total",
		Source: "[S0] §VI.6.2 eq.(7); [S3] eq.(11)",
		Says:   `PT = (N−1)β "when all coordinator alternatives are already crashed but coordinator is still up"`,
		Formal: "(c) PT of eq.(7) at β = 1 against the total comparisons over all processes (cmp-per-election, as C-FCEABR-7.pt.total) of an election with the surrogate crashed before the run and the coordinator up (one initiator, SYNC-LOCKSTEP, each terminal rule). Equality is checked",
		Kind:   claim.Bound, Quantity: claim.Time, Relation: claim.Exactly,
		Formula:     PT2,
		FormulaText: "PT = (N-1) beta, beta = 1 (comparisons over all processes)",
		Measure:     inCase(totalComparisons),
		NMin:        4, NMax: 10,
		Settings: []claim.Setting{altsCrashed},
		Variants: []string{"r1", "r2"},
	},
}
