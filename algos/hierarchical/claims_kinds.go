package hierarchical

import (
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/claim/claimkit"
	"github.com/electlab/electlab/model"
)

// Per-kind message counts: [S3] gives the crash handling's cost term by
// term (eq.(22): α3 for the crash message, (SPN_i − 1)·α2 for the site's
// promotion broadcast, (SN − 1)·α1 for the ring), so each term that names
// one kind of message is checked on that kind alone. The total
// (C-HIER-4.GCFCC.messages) cannot see a promotion sent twice when the
// ring sends less than eq.(22) counts.

// promoteClaims are the per-kind claims of the crash handling.
func promoteClaims() []claim.Claim {
	syncF := claim.Setting{Name: "sync, stable, the GCoordinator crashed before the run, any set of ring detectors (the setting's family: every such set)", Timing: model.Sync,
		Initiators: claim.AnyInitiators, MaxDead: 1, Family: gCrashFamily}
	early := claimkit.AsyncFIFO(syncF)
	early.Name = "async fifo, early (arbitrary) timeouts, stable, the GCoordinator crashed before the run, any set of ring detectors (outside [S3]'s accurate failure detection)"
	early.Timeouts, early.Outside = model.Early, true
	return []claim.Claim{{
		ID:     "C-HIER-4.GCFCC.promote",
		Source: "[S3] §VIII.B.3 eq.(22); §VII",
		Says:   `"that ICoordinator broadcasts the crash in its site (SPN−1) and promotes the first external alternative to ECoordinator"; GCFCC = α3 + (SPN_i − 1)·α2 + (SN − 1)·α1`,
		Formal: "(b) the GCoordinator crashed before the run, detected by any non-empty set of ring nodes (every set): the P2P count of the promotion broadcast alone (GPromote) = eq.(22)'s site term SPN_i − 1 at α2 = 1, however many ring nodes detect the crash (the crashed site's ICoordinator broadcasts once); 3 and 4 sites of 3 processes; sync and async fifo, and async with early timeouts outside the assumptions",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: promoteOf, FormulaText: "SPN_i - 1",
		Measure: claimkit.KindWhen(GPromote, gCrash),
		NMin:    9, NMax: 12,
		Sizes:    []int{9, 12},
		Settings: []claim.Setting{syncF, claimkit.AsyncFIFO(syncF), early},
		Variants: []string{"spn3,scan2,stable", "spn3,scan2,stable,first-detector"},
		// The stable scenario, one crash before the run (the GCoordinator).
		MootReadings: join(mootStable, []claim.ClaimPart{mootMonitor, mootJoiner, mootN}),
	}}
}

// gCrashFamily is the family of C-HIER-4.GCFCC.promote at size n: the
// GCoordinator (the highest ring node: the last site's second-highest id)
// crashed before the run, and every non-empty set of the other ring nodes
// (each site's second-highest id) as detectors. Empty below three sites
// (a ring of two has no ring left after the crash).
func gCrashFamily(n int, variant string) claim.ConfigFamily {
	sizes := sitesAt(n, variant)
	if len(sizes) < 3 || len(sizes) > 62 {
		return claim.ConfigFamily{}
	}
	var ring []model.ID
	start := 0
	for _, x := range sizes {
		if x < 2 {
			return claim.ConfigFamily{}
		}
		ring = append(ring, model.ID(start+x-1))
		start += x
	}
	g, others := ring[len(ring)-1], ring[:len(ring)-1]
	return claim.ConfigFamily{Count: int64(1)<<len(others) - 1, At: func(k int64) (dead, inits []model.ID) {
		for i, id := range others {
			if (k+1)&(1<<i) != 0 {
				inits = append(inits, id)
			}
		}
		return []model.ID{g}, inits
	}}
}

// promoteOf is eq.(22)'s site term SPN_i − 1 at α2 = 1, SPN_i the size of
// the GCoordinator's site: the last site, which holds the highest ids (and
// absorbs a remainder).
func promoteOf(p claim.Params) claim.Rat {
	spn, _ := sitesOf(p)
	return claim.RatInt(spn[len(spn)-1] - 1)
}
