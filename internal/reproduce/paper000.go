package reproduce

import (
	"fmt"
	"math/big"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabr"
)

// paper000 is [S0], FCEABR.
var paper000 = &Paper{
	ID: "000", Ref: "[S0]",
	Title: "Fault Tolerant Message Efficient Coordinator Election Algorithm in High Traffic Bidirectional Ring Network (FCEABR)",
	Tables: []TableSpec{
		// [S0] §VII: "Program has run 50 times for the same numbers of
		// processes and average is gained for variables."
		{ID: "1", Title: "Table 1: Mathematical comparison between FCEABR and Ring algorithm", Runs: 50, Run: table1},
		// [S0] §VII: Table 2 is reported with the simulations of §VII (50
		// runs). §VIII's "average number of messages that passed after 200
		// times repeating the test is inserted in Table 2" goes on with
		// Table 3's networks ("We calculate variance and standard deviation
		// for four different networks"), so 200 is read as Table 3's.
		{ID: "2", Title: "Table 2: Number of messages when coordinator crashed (NPBCC)", Runs: 50, Run: table2},
		// [S0] §VIII: "when we run our simulator 200 times …".
		{ID: "3", Title: "Table 3: Standard deviation and other parameters for different ring networks", Runs: 200, Run: table3},
		{ID: "fig11", Title: "Fig. 11: FCEABR and basic Ring comparison when number of processes is 35", Runs: 50,
			Run: func(runs int, seed uint64) (*Table, error) { return figure("fig11", "Fig. 11", 35, runs, seed) }},
		{ID: "fig12", Title: "Fig. 12: FCEABR and basic Ring comparison when number of processes is 70", Runs: 50,
			Run: func(runs int, seed uint64) (*Table, error) { return figure("fig12", "Fig. 12", 70, runs, seed) }},
	},
}

// eq1 is [S0] eq.(1), MN = (FPN−1)·(N/FPN) + 2N, evaluated exactly by the
// formula of fceabr's claim C-FCEABR-3 (N = the live processes).
func eq1(n, fpn int) (*big.Rat, error) {
	for i := range fceabr.Claims {
		c := &fceabr.Claims[i]
		if c.ID == "C-FCEABR-3" && c.Formula != nil {
			v := c.Formula(claim.Params{N: n, Live: n, Initiators: fpn})
			r, ok := new(big.Rat).SetString(v.String())
			if !ok {
				return nil, fmt.Errorf("eq.(1) at N=%d, FPN=%d: %q is not a rational", n, fpn, v)
			}
			return r, nil
		}
	}
	return nil, fmt.Errorf("fceabr has no claim C-FCEABR-3 (eq.(1))")
}

func eq1Value(column string, n, fpn int) (Value, error) {
	r, err := eq1(n, fpn)
	if err != nil {
		return Value{}, err
	}
	return newValue(column, "(FPN−1)·(N/FPN)+2N", r), nil
}

// fceabrReading is FCEABR run on samples of n positions.
func fceabrReading(name string, n, fpn int, crash, selOnly bool, variant string, t timing, c counted, formula string, compare ...string) reading {
	return reading{name: name, compare: compare, formula: formula, n: n,
		measure: func(s *sample) (int64, error) { return fceabrRun(s, fpn, crash, selOnly, variant, t, c) }}
}

// terminalReadings are the readings rd makes under each terminal rule
// (r1, r2: AMB-FCEABR-2) and each count (sends, send+receive); only the
// sends are read against the formula eq, since eq.(1) counts messages,
// not sends + receives.
func terminalReadings(eq string, rd func(v string, c counted, formula string) reading) []reading {
	var rds []reading
	for _, v := range []string{"r1", "r2"} {
		for _, c := range []counted{sends, sendRecv} {
			f := eq
			if c != sends {
				f = ""
			}
			rds = append(rds, rd(v, c, f))
		}
	}
	return rds
}

func ringReading(name string, n, fpn int, crash bool, lap string, c counted, compare ...string) reading {
	return reading{name: name, compare: compare, n: n,
		measure: func(s *sample) (int64, error) { return ringRun(s, fpn, crash, lap, syncT, c) }}
}

// table1 reproduces [S0] Table 1 at the networks of §VII (N = 35, 70):
// the printed FCEABR and RING columns, eq.(1), and the measured means.
//
// Reference: [S0] §VI.1, eq.(1) and Table 1; catalog C-FCEABR-3, C-FCEABR-4.
func table1(runs int, seed uint64) (*Table, error) {
	t := &Table{ID: "1", Title: "Table 1: Mathematical comparison between FCEABR and Ring algorithm",
		Source: "[S0] §VI.1, eq.(1), Table 1 (catalog C-FCEABR-3, C-FCEABR-4)", Runs: runs,
		Setup: []string{
			"election with no coordinator on a bidirectional ring of N processes (N = 35, 70: the networks of §VII); FPN initiators start together",
			"each run: ids a uniformly random permutation of 1..N, FPN distinct initiators drawn uniformly (PCG, seeded per row)",
			"FCEABR counts Election + Coordinator sends (P2P); r1/r2 = AMB-FCEABR-2's terminal rule; other readings at their defaults (max-seen, top2-own, healed)",
			"sync = lock-step rounds in the fast simulator; async = FIFO links, every initiator starts first, then a uniformly random non-empty link delivers its head, step after step (World, seeded per run): the mean is over ids, initiators and schedules",
			"Ring = basic Ring ([S0] §II; catalog A8 without polling): one independent Election lap + Coordinator lap per initiator; lap-initiator / lap-last-live = AMB-RP-2",
		}}
	for _, n := range []int{35, 70} {
		for _, r := range []struct {
			fpn            int
			ftext, rtext   string
			fprint, rprint *big.Rat
		}{
			{1, "2N", "2N", ratOf(int64(2*n), 1), ratOf(int64(2*n), 1)},
			{2, "2N+N/2", "4N", ratOf(int64(5*n), 2), ratOf(int64(4*n), 1)},
			{10, "2N+(9/10)*N", "10N", ratOf(int64(29*n), 10), ratOf(int64(10*n), 1)},
			{n, "3N-1", "N^2", ratOf(int64(3*n-1), 1), ratOf(int64(n*n), 1)},
		} {
			fpnText := fmt.Sprint(r.fpn)
			if r.fpn == n {
				fpnText = "N"
			}
			row := Row{Label: fmt.Sprintf("N=%d, FPN=%s", n, fpnText), N: n, FPN: r.fpn,
				Printed: []Value{newValue("FCEABR", r.ftext, r.fprint), newValue("RING", r.rtext, r.rprint)}}
			e, err := eq1Value("eq.(1)", n, r.fpn)
			if err != nil {
				return nil, err
			}
			row.Formulas = []Value{e}
			if e.rat.Cmp(r.fprint) != 0 {
				row.Notes = append(row.Notes, fmt.Sprintf("printed FCEABR %s = %s, eq.(1) = %s: the table against its own formula differs by %s",
					r.ftext, num(newValue("", "", r.fprint).Float), num(e.Float), signed(newValue("", "", r.fprint).Float-e.Float)))
			}
			rds := []reading{
				fceabrReading("FCEABR sync r1, sends", n, r.fpn, false, false, "r1", syncT, sends, "eq.(1)", "FCEABR"),
				fceabrReading("FCEABR sync r2, sends", n, r.fpn, false, false, "r2", syncT, sends, "eq.(1)", "FCEABR"),
				fceabrReading("FCEABR async r1, sends", n, r.fpn, false, false, "r1", asyncT, sends, "eq.(1)", "FCEABR"),
				fceabrReading("FCEABR async r2, sends", n, r.fpn, false, false, "r2", asyncT, sends, "eq.(1)", "FCEABR"),
				ringReading("Ring sync lap-initiator, sends", n, r.fpn, false, "lap-initiator", sends, "RING"),
				ringReading("Ring sync lap-last-live, sends", n, r.fpn, false, "lap-last-live", sends, "RING"),
			}
			if err := t.addRow(row, runs, seed, rds); err != nil {
				return nil, err
			}
		}
	}
	arithmetic(t)
	findings(t)
	return t, nil
}

// table2Printed is [S0] Table 2 as printed: NPBCC, "Modified Ring", "Ring".
var table2Printed = [][3]int64{{50, 98, 50}, {187, 372, 186}, {1290, 2578, 1290}, {5890, 11778, 5890}}

// paragraph5 is [S0] §V's count for informing about a crash: n if n is
// even, n+1 if odd (catalog C-FCEABR-5).
func paragraph5(n int) *big.Rat {
	if n%2 == 1 {
		n++
	}
	return ratOf(int64(n), 1)
}

// table2 reproduces [S0] Table 2 under the readings of catalog C-FCEABR-8.
//
// Reference: [S0] §VII, Table 2; §V (n / n+1); catalog C-FCEABR-5, C-FCEABR-8.
func table2(runs int, seed uint64) (*Table, error) {
	t := &Table{ID: "2", Title: "Table 2: Number of messages when coordinator crashed in four networks (NPBCC)",
		Source: "[S0] §VII–VIII, Table 2; §V \"n+1 … n\" (catalog C-FCEABR-5, C-FCEABR-8)", Runs: runs,
		Setup: []string{
			"the coordinator (the highest id) crashes before the run; one detector (FPN = 1) drawn uniformly among the live processes; ids a uniformly random permutation (PCG, seeded per row); sync (lock-step, fast simulator)",
			"N-readings (AMB-FCEABR-10): \"healed NPBCC−1\" = a ring of NPBCC positions, the crashed coordinator bypassed, NPBCC−1 live; \"ring NPBCC\" = NPBCC live processes after the crash (NPBCC+1 positions before it)",
			"(a) FCEABR SElection sends only; (b) FCEABR SElection + SCoordinator sends, terminal rule r1 or r2 (AMB-FCEABR-2); (c) a full basic Ring re-election on the live ring (catalog A8 without polling cost: Election lap + Coordinator lap, the lap ending at the initiator; Table 1 shows the lap-last-live reading of AMB-RP-2 too)",
			"(a) counts the SElection sends of the r1 run of (b) (AMB-FCEABR-2 changes only what terminals send)",
			"every reading is compared with both printed columns",
		}}
	return fillRows(t, len(table2Printed), func(i int) (*Row, error) { return table2Row(int(table2Printed[i][0]), runs, seed) })
}

// table2Row measures the Table 2 row NPBCC = npbcc.
func table2Row(npbcc, runs int, seed uint64) (*Row, error) {
	var p [3]int64
	for _, q := range table2Printed {
		if q[0] == int64(npbcc) {
			p = q
		}
	}
	if p[0] == 0 {
		return nil, fmt.Errorf("Table 2 has no row NPBCC = %d", npbcc)
	}
	both := []string{"Modified Ring", "Ring"}
	row := &Row{Label: fmt.Sprintf("NPBCC=%d", npbcc), N: npbcc, FPN: 1,
		Printed: []Value{intValue("Modified Ring", fmt.Sprint(p[1]), p[1]), intValue("Ring", fmt.Sprint(p[2]), p[2])}}
	var rds []reading
	for _, nr := range []struct {
		tag  string
		n    int // positions of the sample
		live int
	}{{"healed NPBCC−1", npbcc, npbcc - 1}, {"ring NPBCC", npbcc + 1, npbcc}} {
		e, err := eq1Value(fmt.Sprintf("eq.(1) N=%d", nr.live), nr.live, 1)
		if err != nil {
			return nil, err
		}
		sec5 := newValue(fmt.Sprintf("§V n/n+1 n=%d", nr.live), "n (n even), n+1 (n odd)", paragraph5(nr.live))
		row.Formulas = append(row.Formulas, e, sec5)
		rds = append(rds,
			fceabrReading("(a) FCEABR SElection, "+nr.tag, nr.n, 1, true, true, "r1", syncT, sends, sec5.Column, both...),
			fceabrReading("(b) FCEABR SElection+SCoordinator r1, "+nr.tag, nr.n, 1, true, false, "r1", syncT, sends, e.Column, both...),
			fceabrReading("(b) FCEABR SElection+SCoordinator r2, "+nr.tag, nr.n, 1, true, false, "r2", syncT, sends, e.Column, both...),
			ringReading("(c) Ring re-election, "+nr.tag, nr.n, 1, true, "lap-initiator", sends, both...),
		)
	}
	if err := measureRow(row, stream(seed, "2", row.Label), runs, rds); err != nil {
		return nil, err
	}
	return row, nil
}

// table3Printed is [S0] Table 3 as printed: NPS, NOF (= FPN), ANSRM, SD.
var table3Printed = []struct {
	nps, nof int
	ansrm    int64
	sd       string
}{{40, 3, 112, "0.022"}, {115, 6, 392, "0.011"}, {320, 11, 1287, "0.302"}, {830, 20, 3820, "0.405"}}

// table3 reproduces [S0] Table 3 (eq.(11)–(13) over 200 runs) under the
// readings of catalog C-FCEABR-9.
//
// Reference: [S0] §VIII, eq.(11)–(13), Table 3; catalog C-FCEABR-9, C-FCEABR-16.
func table3(runs int, seed uint64) (*Table, error) {
	t := &Table{ID: "3", Title: "Table 3: Standard deviation and other parameters for different ring networks",
		Source: "[S0] §VIII, eq.(11)–(13), Table 3 (catalog C-FCEABR-9, C-FCEABR-16)", Runs: runs,
		Setup: []string{
			"NOF read as FPN (\"a network with 320 processes which 11 processes finds crash out\"); each run: ids a uniformly random permutation, NOF distinct detectors drawn uniformly (PCG, seeded per row); sync (lock-step, fast simulator)",
			"\"ring NPS\": an election with no coordinator on NPS processes, NOF initiators (Election + Coordinator); \"ring NPS−1\": NPS positions, the coordinator (highest id) crashed before the run and bypassed (healed), NOF detectors (SElection + SCoordinator)",
			"r1/r2 = AMB-FCEABR-2's terminal rule; sends = P2P; send+receive = sends + deliveries (SR, \"send and receive messages\")",
			"statistics exactly as eq.(11)–(13): mean X̄, sample variance S_x² (divisor n−1), S_x, and S_x̄ = S_x/√n (the standard error of the mean, which [S0] calls the standard deviation); printed SD is compared with both S_x and S_x̄",
		}}
	return fillRows(t, len(table3Printed), func(i int) (*Row, error) { return table3Row(i, runs, seed) })
}

// table3Row measures row i of Table 3.
func table3Row(i, runs int, seed uint64) (*Row, error) {
	p := table3Printed[i]
	row := &Row{Label: fmt.Sprintf("NPS=%d, NOF=%d", p.nps, p.nof), N: p.nps, FPN: p.nof,
		Printed: []Value{intValue("ANSRM", fmt.Sprint(p.ansrm), p.ansrm)}}
	sd, err := printedSD(p.sd)
	if err != nil {
		return nil, err
	}
	eNPS, err := eq1Value(fmt.Sprintf("eq.(1) N=%d", p.nps), p.nps, p.nof)
	if err != nil {
		return nil, err
	}
	eLive, err := eq1Value(fmt.Sprintf("eq.(1) N=%d", p.nps-1), p.nps-1, p.nof)
	if err != nil {
		return nil, err
	}
	row.Formulas = []Value{eNPS, eLive}
	var rds []reading
	for _, sc := range []struct {
		tag   string
		crash bool
		eq    string
	}{{"ring NPS", false, eNPS.Column}, {"ring NPS−1", true, eLive.Column}} {
		rds = append(rds, terminalReadings(sc.eq, func(v string, c counted, f string) reading {
			return fceabrReading(fmt.Sprintf("FCEABR %s, %s, %s", v, c, sc.tag), p.nps, p.nof, sc.crash, false, v, syncT, c, f, "ANSRM")
		})...)
	}
	if err := measureRow(row, stream(seed, "3", row.Label), runs, rds); err != nil {
		return nil, err
	}
	// The printed SD beside S_x and S_x̄ of the reading closest to the
	// printed ANSRM.
	addSD(row, "ANSRM", "closest ANSRM reading", sd)
	return row, nil
}

// figure reproduces one of [S0] Fig. 11–12 (not in the text): the measured
// FCEABR and basic Ring means per FPN, with eq.(1); no printed values.
//
// Reference: [S0] §VII, Fig. 11 (N = 35), Fig. 12 (N = 70); catalog C-FCEABR-15.
func figure(id, fig string, n, runs int, seed uint64) (*Table, error) {
	t := &Table{ID: id, Title: fmt.Sprintf("%s: FCEABR and basic Ring comparison when number of processes is %d", fig, n),
		Source: "[S0] §VII, " + fig + " (the figure is not in the text: no printed values; catalog C-FCEABR-15)", Runs: runs,
		Setup: []string{
			fmt.Sprintf("an election with no coordinator on %d processes, FPN = 1..%d initiators starting together (as Table 1); ids a uniformly random permutation, initiators drawn uniformly (PCG, seeded per row); sync (lock-step, fast simulator)", n, n),
			"FCEABR: Election + Coordinator sends, terminal rule r1 or r2; Ring: basic Ring, one Election lap + Coordinator lap per initiator (lap-initiator)",
		}}
	for fpn := 1; fpn <= n; fpn++ {
		row := Row{Label: fmt.Sprintf("N=%d, FPN=%d", n, fpn), N: n, FPN: fpn}
		e, err := eq1Value("eq.(1)", n, fpn)
		if err != nil {
			return nil, err
		}
		row.Formulas = []Value{e}
		rds := []reading{
			fceabrReading("FCEABR sync r1, sends", n, fpn, false, false, "r1", syncT, sends, "eq.(1)"),
			fceabrReading("FCEABR sync r2, sends", n, fpn, false, false, "r2", syncT, sends, "eq.(1)"),
			ringReading("Ring sync lap-initiator, sends", n, fpn, false, "lap-initiator", sends),
		}
		if err := t.addRow(row, runs, seed, rds); err != nil {
			return nil, err
		}
	}
	// "FCEABR exchanged fewer message than basic Ring algorithm": where,
	// and the gap's growth.
	fewer, gapGrows := 0, true
	prev := -1.0
	for _, r := range t.Rows {
		f := min(r.Measured[0].Stats.Mean, r.Measured[1].Stats.Mean)
		g := r.Measured[2].Stats.Mean - f
		if r.Measured[0].Stats.Mean < r.Measured[2].Stats.Mean && r.Measured[1].Stats.Mean < r.Measured[2].Stats.Mean {
			fewer++
		}
		if g < prev {
			gapGrows = false
		}
		prev = g
	}
	t.Findings = append(t.Findings,
		fmt.Sprintf("FCEABR's mean (r1 and r2) is below basic Ring's at %d of %d FPN values", fewer, len(t.Rows)),
		fmt.Sprintf("the gap Ring − FCEABR never decreases as FPN grows: %v", gapGrows))
	findings(t)
	return t, nil
}
