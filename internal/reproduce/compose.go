package reproduce

import (
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/algos/modbully"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/model"
)

// The hierarchy of [S3] §VII is measured as a composition: its message
// budget is the sum of its levels ([S3] §VII, §VIII.A.3 eq.(4): "NS·(site
// election) + VMN"; catalog A4, "Message budget: FCEABOB summed over the
// sites, plus ALG-FCEABR-K on NS nodes"). Each level is run by its own
// algorithm package in the fast simulator (sync, lock-step), and the
// counts are added. Every random choice of a level comes from its own
// PCG stream derived from the run's sample (sub), so the readings of a
// row that run the same level see the same draws.

// sub is the PCG stream of component i of a run on sample s.
func sub(s *sample, i uint64) *rand.Rand { return rand.New(rand.NewPCG(s.sched, 0x5e3_0000+i)) }

// addCounts returns the sum of the sends and deliveries of cs.
func addCounts(cs ...*model.Counts) *model.Counts {
	var t model.Counts
	for _, c := range cs {
		t.Sends += c.Sends
		t.Deliveries += c.Deliveries
	}
	return &t
}

// permIDs is a uniformly random arrangement of the ids 1..n.
func permIDs(r *rand.Rand, n int) []model.ID {
	ids := make([]model.ID, n)
	for i, p := range r.Perm(n) {
		ids[i] = model.ID(p + 1)
	}
	return ids
}

// pickDetectors draws fpn distinct ids of 1..n uniformly, never skip.
func pickDetectors(r *rand.Rand, n, fpn int, skip model.ID) []model.ID {
	d := make([]model.ID, 0, fpn)
	for _, p := range r.Perm(n) {
		if len(d) == fpn {
			break
		}
		if id := model.ID(p + 1); id != skip {
			d = append(d, id)
		}
	}
	return d
}

// siteElection runs the FCEABOB initial election of one site ([S3] §V):
// SPN live processes, no coordinator, K alternatives, one informer drawn
// uniformly and the ids placed in a uniformly random arrangement ("The
// processes numbers are assigned randomly in the entire network", [S3]
// §IX); every other reading at its default.
func siteElection(r *rand.Rand, spn, k int) (*model.Counts, error) {
	return siteElectionR(r, spn, k, "")
}

// siteElectionR is siteElection under FCEABOB's readings given
// (comma-separated names; "" for the defaults).
func siteElectionR(r *rand.Rand, spn, k int, readings string) (*model.Counts, error) {
	cfg, err := fceabob.SiteConfig(spn, k, model.ID(r.IntN(spn)+1), model.Sync, readings)
	if err != nil {
		return nil, err
	}
	cfg.IDs = permIDs(r, spn)
	return run(fceabob.Algorithm, cfg, syncT, 0)
}

// siteRing runs a basic Ring election inside one site of SPN processes
// (case TR of [S3] §IX): one initiator, ids randomly arranged.
func siteRing(r *rand.Rand, spn int) (*model.Counts, error) {
	ids := permIDs(r, spn)
	cfg := &model.Config{Algo: "ringpoll", IDs: ids, Initiators: pickDetectors(r, spn, 1, model.None)}
	return run(ringpoll.Algorithm, cfg, syncT, 0)
}

// sites runs the initial election of ns sites of spn processes with k
// alternatives each (basic Ring in each site when ring is set), each site
// on its own stream, and returns the summed counts.
func sites(s *sample, ns, spn, k int, ring bool) (*model.Counts, error) {
	key := fmt.Sprintf("sites/%d/%d/%d/%v", ns, spn, k, ring)
	return s.cached(key, func() (*model.Counts, error) {
		var cs []*model.Counts
		for j := range ns {
			r := sub(s, uint64(1+j))
			var c *model.Counts
			var err error
			if ring {
				c, err = siteRing(r, spn)
			} else {
				c, err = siteElection(r, spn, k)
			}
			if err != nil {
				return nil, fmt.Errorf("site %d (SPN=%d, K=%d): %w", j+1, spn, k, err)
			}
			cs = append(cs, c)
		}
		return addCounts(cs...), nil
	})
}

// vnet names the virtual network's algorithm ([S3] §IX's four cases).
type vnet uint8

const (
	// vFCEABRK: FCEABR-K on the virtual bidirectional ring ([S3] §VII; MA).
	vFCEABRK vnet = iota
	// vRing: basic Ring on the virtual ring (R and TR), catalog A8 without
	// polling cost; with a crash, on the healed ring.
	vRing
	// vModBully: the modified Bully on a complete virtual network (MB).
	vModBully
)

// vringV runs the virtual network of ns ECoordinators (ids randomly
// arranged; [S3] §VII) once: an election with fpn starters drawn
// uniformly, or with crash the GCoordinator (the best id) crashed before
// the run and fpn detectors drawn among the others. p is FCEABR-K's
// number of alternatives (PARAM-P) and terminal its AMB-FCEABR-2 reading
// ("" for the default); stream names the draw.
func vringV(s *sample, stream uint64, alg vnet, ns, p, fpn int, crash bool, terminal string) (*model.Counts, error) {
	key := fmt.Sprintf("vring/%d/%d/%d/%d/%d/%v/%s", stream, alg, ns, p, fpn, crash, terminal)
	return s.cached(key, func() (*model.Counts, error) {
		r := sub(s, stream)
		ids := permIDs(r, ns)
		best := model.ID(ns)
		skip := model.None
		if crash {
			skip = best
		}
		det := pickDetectors(r, ns, fpn, skip)
		switch alg {
		case vFCEABRK:
			v, err := fceabr.KVariant(p)
			if err != nil {
				return nil, err
			}
			if terminal != "" {
				v += "," + terminal
			}
			cfg := &model.Config{Algo: fceabr.K.Name, Variant: v, IDs: ids, Initiators: det}
			if crash {
				cfg.Crashed = []model.ID{best}
			}
			return run(fceabr.K, cfg, syncT, 0)
		case vRing:
			if crash {
				healed := make([]model.ID, 0, ns-1)
				for _, id := range ids {
					if id != best {
						healed = append(healed, id)
					}
				}
				ids = healed
			}
			cfg := &model.Config{Algo: "ringpoll", IDs: ids, Initiators: det}
			return run(ringpoll.Algorithm, cfg, syncT, 0)
		default:
			cfg := &model.Config{Algo: modbully.Algorithm.Name, IDs: ids, Initiators: det}
			if crash {
				cfg.Crashed = []model.ID{best}
			}
			return run(modbully.Algorithm, cfg, syncT, 0)
		}
	})
}

// siteNotice is the site-level cost of one GCoordinator crash in catalog
// A4 (AMB-HIER-2's default): every one of the fpn detectors sends one
// message to the crashed GCoordinator's site ICoordinator, which
// broadcasts the crash to the other SPN−1 processes of its site ([S3]
// §VII). It is counted from that rule, not run (no package models the
// site-level crash notice); every message is received once.
func siteNotice(spn, fpn int) *model.Counts {
	n := int64(fpn + spn - 1)
	return &model.Counts{Sends: n, Deliveries: n}
}

// fromRat converts a formula value to a big.Rat.
func fromRat(x claim.Rat) *big.Rat {
	r, _ := new(big.Rat).SetString(x.String())
	return r
}

// vringSuccessive is FCEABR-K (P = p alternatives, terminal rule r2,
// AMB-HIER-1 at-empty) on the virtual ring of ns ECoordinators, run with
// real successive crashes (model.Config.Successive): an election from one
// starter, then crashes successive crashes of the agreed GCoordinator at
// each quiescence ([S3] §IX test 4). Under every=true every live ring node
// detects each crash ("each process in the network which finds it out",
// [S3] §VII); otherwise one ring node per crash, drawn among those that
// cannot have crashed (the ns−crashes lowest ids: the ring elects the
// highest). It returns the ring's counts and the model faults of the run (a
// positive count: the successive crashes stopped, the live ring nodes
// holding no agreed coordinator); sync, fast simulator.
func vringSuccessive(s *sample, stream uint64, ns, p, crashes int, every bool) (*model.Counts, int64, error) {
	r := sub(s, stream)
	ids := permIDs(r, ns)
	starter := pickDetectors(r, ns, 1, model.None)
	v, err := fceabr.KVariant(p)
	if err != nil {
		return nil, 0, err
	}
	phases := make([]model.Phase, crashes)
	if !every {
		for i := range phases {
			phases[i].Detectors = pickDetectors(r, ns-crashes, 1, model.None)
		}
	}
	cfg := &model.Config{Algo: fceabr.K.Name, Variant: v + ",r2,at-empty", IDs: ids, Initiators: starter, Successive: phases, Timing: model.Sync}
	sim, err := fastSim(fceabr.K, cfg)
	if err != nil {
		return nil, 0, err
	}
	limit := maxSteps(ns, ns) * int64(crashes+1)
	res := sim.Run(limit)
	simPool(fceabr.K).Put(sim)
	if !res.Quiescent {
		return nil, 0, fmt.Errorf("%s: no quiescence within %d rounds: %s", fceabr.K.Name, limit, cfg)
	}
	return &res.Counts, res.Faults, nil
}

// successiveNotices is the site-level cost of crashes successive
// GCoordinator crashes on a ring of ns nodes when every live ring node
// detects each (AMB-HIER-2 every-detector): crash i has ns−i detectors,
// each sending one message to the crashed GCoordinator's ICoordinator,
// which broadcasts to its SPN−1 (siteNotice).
func successiveNotices(ns, spn, crashes int) *model.Counts {
	var cs []*model.Counts
	for i := 1; i <= crashes; i++ {
		cs = append(cs, siteNotice(spn, ns-i))
	}
	return addCounts(cs...)
}

// initialElection is one run of the hierarchy's initial election, the sum
// of its levels ([S3] §VII, §VIII.A.3): the ns sites' elections (sites:
// spn processes, k alternatives, basic Ring in each site when siteRing)
// plus one election with fpn starters on the virtual network vn of the ns
// ECoordinators (vringV on stream 0, p alternatives, terminal rule r2).
func initialElection(s *sample, ns, spn, k int, siteRing bool, vn vnet, p, fpn int) (*model.Counts, error) {
	a, err := sites(s, ns, spn, k, siteRing)
	if err != nil {
		return nil, err
	}
	b, err := vringV(s, 0, vn, ns, p, fpn, false, "r2")
	if err != nil {
		return nil, err
	}
	return addCounts(a, b), nil
}

// successiveElection is one run of the hierarchy's initial election
// followed by crashes real successive GCoordinator crashes ([S3] §IX test
// 4; AMB-HIER-4 (b)): the ns sites' elections (sites), one FCEABR-K run
// with p alternatives on the virtual ring (vringSuccessive on stream, every
// live ring node detecting each crash) and each crash's site-level notice
// (successiveNotices). A run whose crashes stop early is an error that
// begins with what.
func successiveElection(s *sample, stream uint64, ns, spn, k int, siteRing bool, p, crashes int, what string) (*model.Counts, error) {
	a, err := sites(s, ns, spn, k, siteRing)
	if err != nil {
		return nil, err
	}
	b, faults, err := vringSuccessive(s, stream, ns, p, crashes, true)
	if err != nil {
		return nil, err
	}
	if faults > 0 {
		return nil, fmt.Errorf("%s stopped (no agreed GCoordinator) on the virtual ring of %d", what, ns)
	}
	return addCounts(a, b, successiveNotices(ns, spn, crashes)), nil
}
