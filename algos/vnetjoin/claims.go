package vnetjoin

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/claim/claimkit"
	"github.com/electlab/electlab/model"
)

// SPNOf is n2 under the n2-spn reading at a virtual network of ns
// members: the SPN of [S3] Table 5's row with NS = ns, or ns when no row
// has it (not a paper row).
func SPNOf(ns int) int {
	for _, r := range Table5 {
		if r[0] == ns {
			return r[1]
		}
	}
	return ns
}

// claimed is C-HIER-5's count at p: "n2 messages" in the complete reading
// (n2 per AMB-VNET-N2; NS = n − 1 members, the joiner excepted), "two
// message sending" in the ring readings.
func claimed(p claim.Params) claim.Rat {
	read := func(a int) uint8 {
		if a < len(p.Variant) {
			return p.Variant[a]
		}
		return uint8(ambiguities[a].Default)
	}
	if read(AmbTopo) != Complete {
		return claim.RatInt(2)
	}
	ns := p.N - 1
	if read(AmbN2) == N2Members {
		return claim.RatInt(int64(ns))
	}
	return claim.RatInt(int64(SPNOf(ns)))
}

// joiner returns the index of the configuration's one joiner, or −1.
func joiner(s model.System) int {
	a := s.Config().Absent
	if len(a) != 1 {
		return -1
	}
	return s.Topo().IndexOf(a[0])
}

// joinCount is the P2P count of a run in which the one joiner joined.
func joinCount(s model.System) (int64, bool) {
	j := joiner(s)
	return s.Counts().Count(model.P2P), j >= 0 && s.Status(j) == model.Live
}

// spliced checks the join's result at quiescence: in the complete reading
// every member knows every other member (the joiner included); in the
// ring readings the Succ links form one ring through every process in
// increasing id order, with Pred the inverse of Succ. A run without
// exactly one joiner is not one the claim speaks of
// (claim.ErrNotApplicable); a joiner not live at quiescence is a join
// that did not complete, a violation.
func spliced(s model.System) error {
	j := joiner(s)
	if j < 0 {
		return claim.ErrNotApplicable
	}
	if s.Status(j) != model.Live {
		return fmt.Errorf("the joiner %d is not live at quiescence: the join did not complete", s.Topo().Order[j])
	}
	n := s.N()
	st := func(i int) State { return model.StateOf[State](s, i) }
	v, err := s.Info().ParseVariant(s.Config().Variant)
	if err != nil {
		return err
	}
	if v[AmbTopo] == Complete {
		for i := range n {
			if len(st(i).Peers) != n-1 {
				return fmt.Errorf("process %d knows %d peers %v, want all %d others", st(i).Self, len(st(i).Peers), st(i).Peers, n-1)
			}
		}
		return nil
	}
	sorted := s.Topo().Sorted()
	for k, id := range sorted {
		x := st(s.Topo().IndexOf(id))
		succ, pred := sorted[(k+1)%n], sorted[(k+n-1)%n]
		if x.Succ != succ || x.Pred != pred {
			return fmt.Errorf("process %d has ring neighbours pred %d succ %d, want %d and %d", id, x.Pred, x.Succ, pred, succ)
		}
	}
	return nil
}

// Sizes: n = NS + 1 for [S3] Table 5's NS = 4, 13, 24, 40.
var sizes = []int{5, 14, 25, 41}

// syncJoin is the join scenario: one ECoordinator joins a stable virtual
// network and nobody detects anything (the claim also runs its async fifo
// twin).
var syncJoin = claim.Setting{Name: "sync, one ECoordinator joins a stable virtual network, no detector", Timing: model.Sync, Initiators: claim.NoDetector, Joins: 1}

// Claims are the claims about Algorithm, as data (the registry, algos,
// pairs them with it).
var Claims = []claim.Claim{
	{
		ID:     "C-HIER-5",
		Source: "[S3] §VII",
		Says:   `"If n2 is denoted as the site's number of processes, n2 messages should be exchanged when new a process wants to join a virtual network but in bidirectional ring network two message sending is enough."`,
		Formal: "one new ECoordinator joins a stable virtual network of NS = n − 1 members (every joiner position; nobody detects anything): the P2P count of the join, under each reading of AMB-VNET-TOPO, against \"n2\" in the complete reading (n2 per AMB-VNET-N2: the site's SPN from [S3] Table 5's row with that NS, or NS) and against 2 in the ring readings; at quiescence the join is complete (complete: every process knows every other; ring: the Succ/Pred links are the ring in id order through the joiner); NS = 4, 13, 24, 40 ([S3] Table 5; Table 2's NS = 8 has unequal sites and names no joining site); sync and async",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: claimed, FormulaText: "n2 (complete) | 2 (bidirectional ring)",
		Measure: joinCount,
		Custom:  spliced,
		NMin:    5, NMax: 41,
		Sizes:    sizes,
		Settings: []claim.Setting{syncJoin, claimkit.AsyncFIFO(syncJoin)},
		Variants: []string{"complete", "complete,n2-members", "bidir-ring", "bidir-ring-ack"},
	},
}
