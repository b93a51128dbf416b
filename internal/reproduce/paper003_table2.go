package reproduce

import (
	"fmt"
	"math/rand/v2"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/model"
)

// s3Table2 reproduces [S3] Table 2, the site specifications of §IX: NOP
// processes and NOA alternatives per site. The table is the experiment's
// input, so what is reproduced is that the model's sites are those sites:
// run FCEABOB's initial election in each (K = NOA, as Table 3's runs do)
// and count the live processes that end knowing the coordinator (NOP) and
// the alternatives the coordinator ends holding (NOA).
//
// Reference: [S3] §IX, Table 2.
func s3Table2(runs int, seed uint64) (*Table, error) {
	t := &Table{ID: "2", Title: "Table 2: Sites specifications (NOP: number of processes, NOA: number of alternatives)",
		Source: "[S3] §IX, Table 2 (the input of Table 3 and of the virtual ring's NS = 8)", Runs: runs,
		Setup: []string{
			"Table 2 is the experiment's specification, not a measurement: each site is run as Table 3 runs it (the FCEABOB initial election with K = NOA, every process live, one informer drawn uniformly, ids randomly arranged; PCG, seeded per row; sync, fast simulator; FCEABOB's default readings), and the model's end state is read back",
			"NOP measured: the live processes that end knowing a coordinator (the coordinator included); NOA measured: the alternatives in the coordinator's own list at the end",
		}}
	var nopSum, noaSum int64
	for i, st := range s3Sites {
		row := Row{Label: fmt.Sprintf("site %d", i+1), N: st.spn, FPN: 1,
			Printed: []Value{intValue("NOP", fmt.Sprint(st.spn), int64(st.spn)), intValue("NOA", fmt.Sprint(st.scan), int64(st.scan))}}
		nopSum += int64(st.spn)
		noaSum += int64(st.scan)
		spn, k := st.spn, st.scan
		rds := []reading{
			{name: "FCEABOB K=NOA: processes knowing the coordinator", compare: []string{"NOP"},
				measure: func(s *sample) (int64, error) { g, err := siteGroup(sub(s, 1), spn, k); return g.informed, err }},
			{name: "FCEABOB K=NOA: alternatives the coordinator holds", compare: []string{"NOA"},
				measure: func(s *sample) (int64, error) { g, err := siteGroup(sub(s, 1), spn, k); return g.alts, err }},
		}
		if err := t.addRow(row, runs, seed, rds); err != nil {
			return nil, err
		}
	}
	t.Setup = append(t.Setup, fmt.Sprintf("the sites together: %d processes (ΣNOP) and %d alternatives (ΣNOA), in NS = %d sites ([S3] §IX: \"there are 8 sites in the network\")", nopSum, noaSum, len(s3Sites)))
	arithmetic(t)
	findings(t)
	return t, nil
}

// siteOutcome is what one site's initial election ends with.
type siteOutcome struct{ informed, alts int64 }

// siteGroup runs one FCEABOB initial election of spn processes with k
// alternatives (Table 3's site run) and reads its end state.
func siteGroup(r *rand.Rand, spn, k int) (siteOutcome, error) {
	cfg, err := fceabob.SiteConfig(spn, k, model.ID(r.IntN(spn)+1), model.Sync, "")
	if err != nil {
		return siteOutcome{}, err
	}
	cfg.IDs = permIDs(r, spn)
	sim, err := fastSim(fceabob.Algorithm, cfg)
	if err != nil {
		return siteOutcome{}, err
	}
	defer simPool(fceabob.Algorithm).Put(sim) // after its end state is read
	limit := maxSteps(spn, 1)
	res := sim.Run(limit)
	if !res.Quiescent || res.Faults != 0 {
		return siteOutcome{}, fmt.Errorf("fceabob: no quiescence within %d rounds (or %d faulty sends): %s", limit, res.Faults, cfg)
	}
	var o siteOutcome
	coord := model.None
	for i, v := range res.Views {
		if res.Status[i] == model.Live && v.Leader != model.None {
			o.informed++
			coord = v.Leader
		}
	}
	if i := cfg.IDs; coord != model.None {
		for j, id := range i {
			if id == coord {
				for _, a := range sim.State(j).Alts {
					if a != model.None {
						o.alts++
					}
				}
			}
		}
	}
	return o, nil
}
