package reproduce

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/internal/interrupt"
	"github.com/electlab/electlab/model"
)

// paper003 is [S3], FCEABOB and the hierarchical election.
var paper003 = &Paper{
	ID: "003", Ref: "[S3]",
	Title: "A Distributed Fault Tolerance Global Coordinator Election Algorithm in Unreliable High Traffic Distributed Systems (FCEABOB, hierarchical election)",
	Tables: []TableSpec{
		// [S3] §IX's site specifications, run as Table 3 runs them.
		{ID: "2", Title: "Table 2: Sites specifications", Runs: 50, Run: s3Table2},
		// [S3] §IX: "This number was stable in 50 times of running the
		// simulator by these different site's specifications".
		{ID: "3", Title: "Table 3: Number of messages exchanged among processes in each site to elect coordinators", Runs: 50, Run: s3Table3},
		// [S3] §IX tests 2–4 (Fig. 11–13, not in the text): no repetition
		// count is printed; §IX's 50 is used.
		{ID: "4", Title: "Table 4 and §IX tests 2–4: the four cases R, MB, TR, MA", Runs: 50, Run: s3Tests},
		// [S3] §X: "after 200 times repeating the test".
		{ID: "5", Title: "Table 5: Total messages standard deviation, network specification and number of messages", Runs: 200, Run: s3Table5},
	},
}

// s3Sites is [S3] Table 2 (SPN = NOP, SCAN = NOA) with Table 3's printed
// NOM, site by site.
var s3Sites = []struct {
	spn, scan int
	nom       int64
}{{252, 5, 264}, {341, 6, 355}, {412, 11, 24}, {44, 2, 50}, {802, 8, 820}, {153, 5, 165}, {265, 8, 283}, {183, 9, 203}}

// s3Printed are [S3] §IX's printed totals: the sites' sum, the virtual
// ring, the overall total, and the GCoordinator's alternatives P.
const (
	s3SumPrinted, s3VMNPrinted, s3TotalPrinted = 2164, 16, 2180
	s3P                                        = 3
)

// siteReading measures FCEABOB in the sites given (indices of s3Sites,
// or the Table 5 / §IX sites) with K = SCAN + extra alternatives.
func siteReading(name string, c counted, formula string, compare []string, run func(s *sample) (*model.Counts, error)) reading {
	return reading{name: name, compare: compare, formula: formula,
		measure: func(s *sample) (int64, error) {
			ct, err := run(s)
			if err != nil {
				return 0, err
			}
			return count(ct, nil, c), nil
		}}
}

// kReadings are the site readings of the title "to elect coordinators":
// K = SCAN (one coordinator and its SCAN alternatives; AMB-HIER-3 aside)
// and K = SCAN + 1 (the ICoordinator, the ECoordinator as the next
// highest, and SCAN alternatives after them: [S3] §VII "the most upper
// process numbers will be internal coordinator and the next one is
// considered as external coordinator").
var kReadings = []struct {
	tag   string
	extra int
}{{"K=SCAN", 0}, {"K=SCAN+1 (ICoordinator + ECoordinator)", 1}}

// topReadings are table 3's extra site readings: AMB-FCEABOB-2 (b),
// true-top (an informer outside the top K+1 contacts K+1 processes).
var topReadings = []struct{ tag, readings string }{{"K=SCAN, true-top", "true-top"}}

// s3Table3 reproduces [S3] Table 3 and §IX's totals (C-FCEABOB-4).
//
// Reference: [S3] §IX, Table 2, Table 3; §VIII.A.2 eq.(2); eq.(1).
func s3Table3(runs int, seed uint64) (*Table, error) {
	t := &Table{ID: "3", Title: "Table 3: Number of messages exchanged among processes in each site to elect coordinators (NOM)",
		Source: "[S3] §IX, Table 2–3, eq.(2), eq.(1) (catalog C-FCEABOB-4, C-HIER-8)", Runs: runs,
		Setup: []string{
			"each site of [S3] Table 2 (SPN = NOP, SCAN = NOA): the FCEABOB initial election (every process live, no coordinator), one informer drawn uniformly, ids in a uniformly random arrangement (PCG, seeded per row); sync (lock-step, fast simulator); FCEABOB's readings at their defaults (upper-highest, informer-slot, per-round, bcast-all, independent, select-end)",
			"K=SCAN: one coordinator and SCAN alternatives; K=SCAN+1: the title's \"coordinators\" read as the ICoordinator and the ECoordinator (the next highest) followed by SCAN alternatives, one FCEABOB election electing SCAN+2 processes (the reading where each of the two has its own SCAN alternatives, K = 2·SCAN+1, exceeds the model's K ≤ 12 at 5 of the 8 sites and is not run)",
			"virtual ring: FCEABR-K (P = 3, \"GCoordinator has 3 alternatives\") on NS = 8 ECoordinators, one starter drawn uniformly (\"Election message is created by a random selected process\"), ids randomly arranged; terminal rule r1/r2 (AMB-FCEABR-2)",
			"sums: the sites' counts added in each run (the hierarchy's budget is the sum of its levels, [S3] §VII, §VIII.A.3); sends = P2P, send+receive = sends + deliveries",
		}}
	var eq2Sum, nomSum int64
	var offsets []int64 // printed NOM − eq.(2), per site
	for i, st := range s3Sites {
		row := Row{Label: fmt.Sprintf("site %d: SPN=%d, SCAN=%d", i+1, st.spn, st.scan), N: st.spn, FPN: 1,
			Printed: []Value{intValue("NOM", fmt.Sprint(st.nom), st.nom)}}
		e2 := fceabob.Eq2(int64(st.spn), int64(st.scan))
		e2k := fceabob.Eq2(int64(st.spn), int64(st.scan+1))
		row.Formulas = []Value{newValue("eq.(2)", "2·SCAN+SPN−1", fromRat(e2)), newValue("eq.(2) at SCAN+1", "2·(SCAN+1)+SPN−1", fromRat(e2k))}
		eq2Sum += int64(row.Formulas[0].Float)
		nomSum += st.nom
		offsets = append(offsets, st.nom-int64(row.Formulas[0].Float))
		row.Notes = append(row.Notes, fmt.Sprintf("printed NOM − eq.(2) = %d − %s = %s", st.nom, num(row.Formulas[0].Float), signed(float64(st.nom)-row.Formulas[0].Float)))
		if err := t.addRow(row, runs, seed, s3SiteReadings(st.spn, st.scan)); err != nil {
			return nil, err
		}
	}
	// The virtual ring.
	ring, e1, err := s3RingRow(runs, seed, t.ID)
	if err != nil {
		return nil, err
	}
	t.Rows = append(t.Rows, ring)
	// The sums.
	for _, tot := range []struct {
		label, col string
		printed    int64
		withRing   bool
	}{{"Σ sites (Table 3's total)", "sum", s3SumPrinted, false}, {"overall: Σ sites + virtual ring", "total", s3TotalPrinted, true}} {
		row := Row{Label: tot.label, N: 0, FPN: 1, Printed: []Value{intValue(tot.col, fmt.Sprint(tot.printed), tot.printed)}}
		f := eq2Sum
		ftext := "Σ eq.(2)"
		if tot.withRing {
			f += int64(e1.Float)
			ftext = "Σ eq.(2) + eq.(1)"
		}
		row.Formulas = []Value{intValue(ftext, ftext, f)}
		if tot.withRing {
			row.Notes = append(row.Notes, fmt.Sprintf("table arithmetic: printed sum %d + printed virtual ring %d = %d; printed overall %d (%s)",
				int64(s3SumPrinted), int64(s3VMNPrinted), int64(s3SumPrinted+s3VMNPrinted), int64(s3TotalPrinted), agree(s3SumPrinted+s3VMNPrinted, s3TotalPrinted)))
		} else {
			row.Notes = append(row.Notes, fmt.Sprintf("table arithmetic: the printed NOM column sums to %d; printed total %d (%s)", nomSum, int64(s3SumPrinted), agree(nomSum, s3SumPrinted)))
		}
		if err := t.addRow(row, runs, seed, s3SumReadings(tot.col, ftext, tot.withRing)); err != nil {
			return nil, err
		}
	}
	arithmetic(t)
	t.Findings = append(t.Findings, nomOffsets(offsets, nomSum))
	findings(t)
	return t, nil
}

// s3SiteReadings are Table 3's readings of one site of spn processes
// with scan alternatives: sends and send+receive at each of kReadings,
// and the sends of each of topReadings.
func s3SiteReadings(spn, scan int) []reading {
	var rds []reading
	for _, kr := range kReadings {
		f := "eq.(2)"
		if kr.extra > 0 {
			f = "eq.(2) at SCAN+1"
		}
		k := scan + kr.extra
		site := func(s *sample) (*model.Counts, error) { return sites(s, 1, spn, k, false) }
		rds = append(rds,
			siteReading("FCEABOB "+kr.tag+", sends", sends, f, []string{"NOM"}, site),
			siteReading("FCEABOB "+kr.tag+", send+receive", sendRecv, "", []string{"NOM"}, site))
	}
	for _, tr := range topReadings {
		rd := tr.readings
		site := func(s *sample) (*model.Counts, error) {
			return s.cached("top/"+rd, func() (*model.Counts, error) { return siteElectionR(sub(s, 1), spn, scan, rd) })
		}
		rds = append(rds, siteReading("FCEABOB "+tr.tag+", sends", sends, "", []string{"NOM"}, site))
	}
	return rds
}

// s3RingRow measures the virtual ring's row (FCEABR-K on NS = 8
// ECoordinators, P = 3) against the printed VMN and eq.(1); it returns the
// row and eq.(1)'s value.
func s3RingRow(runs int, seed uint64, tableID string) (Row, Value, error) {
	ring := Row{Label: "virtual ring: NS=8, P=3, FPN=1", N: 8, FPN: 1, Printed: []Value{intValue("VMN", "16", s3VMNPrinted)}}
	e1, err := eq1Value("eq.(1)", 8, 1)
	if err != nil {
		return Row{}, Value{}, err
	}
	ring.Formulas = []Value{e1}
	rrds := terminalReadings("eq.(1)", func(v string, c counted, f string) reading {
		return siteReading(fmt.Sprintf("FCEABR-K P=3 %s, %s", v, c), c, f, []string{"VMN"},
			func(s *sample) (*model.Counts, error) { return vringK(s, 0, 8, s3P, 1, false, v) })
	})
	if err := measureRow(&ring, stream(seed, tableID, ring.Label), runs, rrds); err != nil {
		return Row{}, Value{}, err
	}
	return ring, e1, nil
}

// s3SumReadings are the readings of a sum row (column col, formula text
// ftext): each site's counts added in each run, plus the virtual ring's
// (FCEABR-K P=3 r2) when withRing.
func s3SumReadings(col, ftext string, withRing bool) []reading {
	var rds []reading
	for _, kr := range kReadings {
		for _, c := range []counted{sends, sendRecv} {
			fc := ""
			if c == sends && kr.extra == 0 {
				fc = ftext
			}
			extra := kr.extra
			rds = append(rds, siteReading(fmt.Sprintf("FCEABOB %s%s, %s", kr.tag, map[bool]string{true: " + FCEABR-K P=3 r2", false: ""}[withRing], c), c, fc, []string{col},
				func(s *sample) (*model.Counts, error) {
					var cs []*model.Counts
					for j, st := range s3Sites {
						c, err := sitesAt(s, uint64(j), st.spn, st.scan+extra)
						if err != nil {
							return nil, err
						}
						cs = append(cs, c)
					}
					if withRing {
						c, err := vringK(s, 0, 8, s3P, 1, false, "r2")
						if err != nil {
							return nil, err
						}
						cs = append(cs, c)
					}
					return addCounts(cs...), nil
				}))
		}
	}
	return rds
}

// nomOffsets states the most common printed NOM − eq.(2) over the sites,
// the sites where it differs, and the column's sum had those sites obeyed
// it.
func nomOffsets(offsets []int64, nomSum int64) string {
	best, bestN := int64(0), 0
	for _, o := range offsets {
		n := 0
		for _, p := range offsets {
			if p == o {
				n++
			}
		}
		if n > bestN {
			best, bestN = o, n
		}
	}
	var odd []string
	fixed := nomSum
	for i, o := range offsets {
		if o != best {
			odd = append(odd, fmt.Sprintf("site %d (%+d: printed %d, eq.(2)%+d = %d)", i+1, o, s3Sites[i].nom, best, s3Sites[i].nom-o+best))
			fixed += best - o
		}
	}
	s := fmt.Sprintf("printed NOM − eq.(2) = %+d at %d of %d sites", best, bestN, len(offsets))
	if len(odd) > 0 {
		s += "; differs at " + strings.Join(odd, ", ") + fmt.Sprintf("; with eq.(2)%+d there the column would sum to %d, not %d", best, fixed, nomSum)
	}
	return s
}

// sitesAt is site j's FCEABOB election in a multi-site run (its own
// stream, shared by the readings of the run).
func sitesAt(s *sample, j uint64, spn, k int) (*model.Counts, error) {
	key := fmt.Sprintf("siteat/%d/%d/%d", j, spn, k)
	return s.cached(key, func() (*model.Counts, error) { return siteElection(sub(s, 1+j), spn, k) })
}

// agree renders whether a computed sum equals the printed one.
func agree(got, printed int64) string {
	if got == printed {
		return "equal"
	}
	return fmt.Sprintf("differs by %+d", got-printed)
}

// vringK is FCEABR-K on the virtual ring under the terminal rule v.
func vringK(s *sample, stream uint64, ns, p, fpn int, crash bool, v string) (*model.Counts, error) {
	return vringV(s, stream, vFCEABRK, ns, p, fpn, crash, v)
}

// s3Table5Printed is [S3] Table 5 as printed: NS, VN alternatives P, SPN,
// total processes, number of fault, SCAN, average send+received, SD.
var s3Table5Printed = []struct {
	ns, p, spn, total, fault, scan int
	avg                            int64
	sd                             string
}{
	{4, 2, 120, 480, 3, 4, 772, "0.0141"},
	{13, 3, 160, 2080, 4, 6, 2618, "0.0059"},
	{24, 5, 200, 4800, 5, 8, 5698, "0.0076"},
	{40, 7, 250, 10000, 7, 10, 11492, "0.0080"},
}

// s3Table5 reproduces [S3] Table 5 (C-HIER-3).
//
// Reference: [S3] §X, eq.(24)–(26), Table 5; §VIII.A.3 eq.(4)–(5).
func s3Table5(runs int, seed uint64) (*Table, error) {
	t := &Table{ID: "5", Title: "Table 5: Total messages standard deviation, network specification and number of messages which passed",
		Source: "[S3] §X, eq.(24)–(26), Table 5; §VIII.A.3 eq.(4)–(5); eq.(1)–(3) (catalog C-HIER-3, C-HIER-1, C-HIER-2)", Runs: runs,
		Setup: []string{
			"each run: the initial hierarchical election, as the sum of its levels ([S3] §VII, §VIII.A.3): NS sites, each an FCEABOB initial election of SPN processes (one informer drawn uniformly, ids randomly arranged), plus FCEABR-K with P = the printed VN alternatives on the virtual ring of the NS ECoordinators (ids randomly arranged; terminal rule r2, under which [S0] eq.(1) holds at one starter, catalog C-FCEABR-3); sync (lock-step, fast simulator); PCG seeded per row",
			"\"Number of fault\" read as FPN (AMB-HIER-4 (a), the default): FPN ring starters drawn uniformly; FPN=1 (one \"random selected process\", [S3] §VI) is shown beside it. AMB-HIER-4 (b), that many GCoordinator crashes: the initial election (one ring starter) followed by \"Number of fault\" real successive crashes of the agreed GCoordinator on the virtual ring (one FCEABR-K run, model Config.Successive; AMB-HIER-1 at-empty, P = the printed VN alternatives, terminal rule r2), every live ring node detecting each crash, plus each crash's site-level notice from its detectors (AMB-HIER-2 every-detector: NS−i messages to the crashed GCoordinator's ICoordinator, which broadcasts to its SPN−1); the site-level promotion inside the crashed site is not run (no package models it)",
			"K=SCAN and K=SCAN+1 (ICoordinator + ECoordinator) as in table 3; sends = P2P, send+receive = sends + deliveries (\"Average number of send and received message\")",
			"statistics as [S3] eq.(24)–(26) (= [S0] eq.(11)–(13)): X̄, S_x² with divisor n−1, S_x, S_x̄ = S_x/√n, which [S3] calls the standard deviation; the printed SD is compared with S_x̄",
			"formulas evaluated exactly: eq.(4) = NS·(2·SCAN+SPN) + eq.(1)(NS, FPN); eq.(5) = SCAN + 2·SPN + eq.(1)(NS, FPN); NS·eq.(2) + eq.(1)(NS, FPN); NS·eq.(3) + eq.(1)(NS, FPN)",
		}}
	return fillRows(t, len(s3Table5Printed), func(i int) (*Row, error) { return s3Table5Row(i, runs, seed) })
}

// s3Table5Row measures row i of [S3] Table 5.
func s3Table5Row(i, runs int, seed uint64) (*Row, error) {
	p := s3Table5Printed[i]
	row := &Row{Label: fmt.Sprintf("NS=%d, P=%d, SPN=%d, fault=%d, SCAN=%d", p.ns, p.p, p.spn, p.fault, p.scan), N: p.ns * p.spn, FPN: p.fault,
		Printed: []Value{intValue("avg send+received", fmt.Sprint(p.avg), p.avg), intValue("total processes", fmt.Sprint(p.total), int64(p.total))}}
	sd, err := printedSD(p.sd)
	if err != nil {
		return nil, err
	}
	formulas, err := s3Formulas(p.ns, p.spn, p.scan, p.fault)
	if err != nil {
		return nil, err
	}
	one, err := s3Formulas(p.ns, p.spn, p.scan, 1)
	if err != nil {
		return nil, err
	}
	row.Formulas = append(formulas, one[0], one[2])
	var rds []reading
	for _, kr := range kReadings {
		for _, fpn := range []int{p.fault, 1} {
			for _, c := range []counted{sends, sendRecv} {
				f := ""
				if c == sends && kr.extra == 0 {
					f = formulas[2].Column // NS·eq.(2) + eq.(1) at FPN = fault
					if fpn != p.fault {
						f = one[2].Column // at FPN = 1
					}
				}
				ns, spn, k, vp, fp := p.ns, p.spn, p.scan+kr.extra, p.p, fpn
				rds = append(rds, siteReading(fmt.Sprintf("%s, ring FPN=%d, %s", kr.tag, fpn, c), c, f, []string{"avg send+received"},
					func(s *sample) (*model.Counts, error) { return initialElection(s, ns, spn, k, false, vFCEABRK, vp, fp) }))
			}
		}
	}
	// AMB-HIER-4 (b): "Number of fault" = GCoordinator crashes, run as
	// real successive crashes after the initial election.
	for _, kr := range kReadings {
		for _, c := range []counted{sends, sendRecv} {
			ns, spn, k, vp, nf := p.ns, p.spn, p.scan+kr.extra, p.p, p.fault
			rds = append(rds, siteReading(fmt.Sprintf("%s, %d GCoordinator crashes (AMB-HIER-4 b), %s", kr.tag, nf, c), c, "", []string{"avg send+received"},
				func(s *sample) (*model.Counts, error) {
					return successiveElection(s, 3_000_000, ns, spn, k, false, vp, nf, fmt.Sprintf("table 5: the %d successive crashes", nf))
				}))
		}
	}
	if err := measureRow(row, stream(seed, "5", row.Label), runs, rds); err != nil {
		return nil, err
	}
	row.Notes = append(row.Notes, fmt.Sprintf("table arithmetic: NS·SPN = %d·%d = %d; printed total processes %d (%s)", p.ns, p.spn, p.ns*p.spn, p.total, agree(int64(p.ns*p.spn), int64(p.total))))
	addSD(row, "avg send+received", "closest reading", sd)
	return row, nil
}

// s3Formulas are eq.(4), eq.(5), NS·eq.(2) + eq.(1) and NS·eq.(3) +
// eq.(1) at (NS, SPN, SCAN, FPN), exactly; eq.(1) is C-FCEABR-3's formula
// at N = NS.
func s3Formulas(ns, spn, scan, fpn int) ([]Value, error) {
	vmn, err := eq1(ns, fpn)
	if err != nil {
		return nil, err
	}
	bn := func(x int64) *big.Rat { return new(big.Rat).SetInt64(x) }
	n, sp, sc := int64(ns), int64(spn), int64(scan)
	eq4 := new(big.Rat).Add(bn(n*(2*sc+sp)), vmn)
	eq5 := new(big.Rat).Add(bn(sc+2*sp), vmn)
	e2 := new(big.Rat).Mul(bn(n), fromRat(fceabob.Eq2(sp, sc)))
	e2.Add(e2, vmn)
	e3 := new(big.Rat).Mul(bn(n), fromRat(fceabob.Eq3(sp, sc)))
	e3.Add(e3, vmn)
	at := fmt.Sprintf(" FPN=%d", fpn)
	return []Value{
		newValue("eq.(4)"+at, "NS·(2·SCAN+SPN)+(FPN−1)·(NS/FPN)+2·NS", eq4),
		newValue("eq.(5)"+at, "SCAN+2·SPN+(FPN−1)·(NS/FPN)+2·NS", eq5),
		newValue("NS·eq.(2)+eq.(1)"+at, "NS·(2·SCAN+SPN−1)+VMN", e2),
		newValue("NS·eq.(3)+eq.(1)"+at, "NS·(SCAN+2·SCAN·(SPN/SCAN))+VMN", e3),
	}, nil
}

// s3Cases are [S3] §IX's four cases: the site level and the virtual
// network's algorithm.
var s3Cases = []struct {
	name     string
	siteRing bool
	vn       vnet
}{
	{"R (FCEABOB + Ring)", false, vRing},
	{"MB (FCEABOB + modified Bully)", false, vModBully},
	{"TR (Ring + Ring)", true, vRing},
	{"MA (FCEABOB + FCEABR-K)", false, vFCEABRK},
}

// §IX tests 2–4's network: 200 processes per site, SCAN = 8, P = 2;
// test 4 (Table 4): NS = 9, 3 GCoordinator crashes.
const (
	s3TestSPN, s3TestSCAN, s3TestP = 200, 8, 2
	s3Test4NS, s3Test4Crashes      = 9, 3
)

// everyRingNode, as a detector count, has every live ring node detect each
// crash (NS−i detectors at crash i).
const everyRingNode = 0

// s3Tests reproduces [S3] §IX tests 2–4 and Table 4 as far as the model
// expresses them (Fig. 11–13 are not in the text: measured only).
//
// Reference: [S3] §IX (the four cases, tests 2–4, Table 4, Fig. 11–13).
func s3Tests(runs int, seed uint64) (*Table, error) {
	t := &Table{ID: "4", Title: "Table 4 and §IX tests 2–4: total messages of the four cases R, MB, TR, MA",
		Source: "[S3] §IX, Table 4, Fig. 11–13 (the figures are not in the text: no printed values; catalog C-HIER-6, A4)", Runs: runs,
		Setup: []string{
			"network: SPN = 200 processes per site, SCAN = 8 site alternatives, P = 2 GCoordinator alternatives ([S3] §IX); ids randomly arranged in every site and on the virtual network, starters and detectors drawn uniformly (PCG, seeded per row); sync (lock-step, fast simulator)",
			"composition ([S3] §VII, §VIII.A.3; catalog A4): a case's count is the sum over its levels, each level run by its own package: sites by FCEABOB (K = SCAN) or, in TR, basic Ring (one starter); the virtual network of the NS ECoordinators by basic Ring (R, TR; catalog A8 without polling), the modified Bully on a complete graph (MB, algos/modbully, defaults) or FCEABR-K with P = 2 (MA, terminal rule r2)",
			"test 2 (Fig. 11): the initial election, NS varied, one starter per level",
			"test 3 (Fig. 12): sites already elected, the GCoordinator (best ECoordinator) crashed, FPN ring detectors, NS = 9 (Table 4's); per crash: the site-level notice of catalog A4 / AMB-HIER-2 (each detector sends 1 message to the crashed GCoordinator's ICoordinator, which broadcasts to its SPN−1: counted from that rule, the same in every case) plus the virtual network's crash handling, run: R/TR FPN independent basic-Ring elections on the healed ring; MB the modified Bully with the GCoordinator crashed and FPN informers; MA FCEABR-K's crash run (A1 promoted, list shifted; AMB-HIER-1 at-empty)",
			"test 4 (Table 4, Fig. 13): NS = 9, the initial election then 3 GCoordinator crashes. MA: one FCEABR-K run with real successive crashes (model Config.Successive; AMB-HIER-1 at-empty, P = 2, terminal rule r2): one starter elects (GCoordinator; A1, A2), then at each quiescence the agreed GCoordinator crashes and every live ring node detects it (crash 1: A1 promoted, a silent shift; crash 2: no alternative left, an SElection elects new ones, \"the Last GCoordinator lunched another election\"; crash 3: a silent shift), plus per crash the site-level notice from each of its NS−i detectors (AMB-HIER-2 every-detector). R, MB, TR have no alternatives: every crash is a re-election as in test 3, composed crash by crash (their packages handle one crash per run). [S3] does not say how many ring nodes detect each crash, so test 4 has two rows: one detector per crash (R, MB, TR only: MA cannot be run so, since after a silent shift only the detector knows the new GCoordinator, see the findings) and every live ring node detecting (all four cases; R, MB, TR with FPN = NS−i at crash i, as MA)",
			"sends = P2P; send+receive = sends + deliveries",
		}}
	type spec struct {
		label   string
		ns, fpn int
		test    int
	}
	var specs []spec
	for _, ns := range []int{4, 8, 9, 13, 24} {
		specs = append(specs, spec{label: fmt.Sprintf("test 2: NS=%d, initial election", ns), ns: ns, fpn: 1, test: 2})
	}
	for _, fpn := range []int{1, 2, 4, 8} {
		specs = append(specs, spec{label: fmt.Sprintf("test 3: NS=9, GCoordinator crashed, FPN=%d", fpn), ns: s3Test4NS, fpn: fpn, test: 3})
	}
	specs = append(specs,
		spec{label: "test 4 (Table 4): NS=9, initial election + 3 GCoordinator crashes, FPN=1", ns: s3Test4NS, fpn: 1, test: 4},
		spec{label: "test 4 (Table 4): NS=9, initial election + 3 GCoordinator crashes, every live ring node detects", ns: s3Test4NS, fpn: everyRingNode, test: 4})
	for _, sp := range specs {
		row := Row{Label: sp.label, N: sp.ns * s3TestSPN, FPN: sp.fpn}
		if sp.test == 2 {
			f, err := s3Formulas(sp.ns, s3TestSPN, s3TestSCAN, 1)
			if err != nil {
				return nil, err
			}
			row.Formulas = []Value{f[0], f[2]}
		}
		var rds []reading
		for _, cs := range s3Cases {
			if sp.test == 4 && sp.fpn == 1 && cs.vn == vFCEABRK {
				continue // MA with one detector per crash: see the findings
			}
			for _, c := range []counted{sends, sendRecv} {
				cs, sp := cs, sp
				f := ""
				if len(row.Formulas) > 0 && c == sends && cs.vn == vFCEABRK {
					f = row.Formulas[1].Column // NS·eq.(2) + eq.(1)
				}
				rds = append(rds, siteReading(fmt.Sprintf("%s, %s", cs.name, c), c, f, nil,
					func(s *sample) (*model.Counts, error) { return s3Case(s, cs.siteRing, cs.vn, sp.ns, sp.fpn, sp.test) }))
			}
		}
		if sp.test == 4 && sp.fpn == 1 {
			row.Notes = append(row.Notes, "MA is not run with one detector per crash: its successive crashes stop after the first silent shift (see the findings)")
		}
		if sp.test == 4 && sp.fpn == everyRingNode {
			var dets []string
			notices := 0
			for i := 1; i <= s3Test4Crashes; i++ {
				dets = append(dets, fmt.Sprint(sp.ns-i))
				notices += sp.ns - i
			}
			row.Notes = append(row.Notes, fmt.Sprintf("every live ring node detects each crash (%s detectors at crashes 1…%d: %d site notices in every case); MA is one run with real successive crashes, R, MB, TR are composed crash by crash with those detector counts",
				strings.Join(dets, ", "), s3Test4Crashes, notices))
		}
		if err := t.addRow(row, runs, seed, rds); err != nil {
			return nil, err
		}
	}
	// Which case is lowest per row (sends), and the ordering.
	for _, r := range t.Rows {
		var parts []string
		best, bestMean := "", math.Inf(1)
		for _, m := range r.Measured {
			if !strings.HasSuffix(m.Reading, ", sends") {
				continue
			}
			name := strings.TrimSuffix(m.Reading, ", sends")
			parts = append(parts, fmt.Sprintf("%s %s", strings.SplitN(name, " ", 2)[0], num(m.Stats.Mean)))
			if m.Stats.Mean < bestMean {
				best, bestMean = strings.SplitN(name, " ", 2)[0], m.Stats.Mean
			}
		}
		t.Findings = append(t.Findings, fmt.Sprintf("%s: mean sends %s; fewest: %s", r.Label, strings.Join(parts, ", "), best))
	}
	// [S3] §IX test 4 with one detector per crash, run for real.
	rng := stream(seed, t.ID, "test 4, one detector per crash")
	stopped := 0
	for range runs {
		if interrupt.Requested() {
			return nil, ErrInterrupted
		}
		_, faults, err := vringSuccessive(newSample(rng, 0), 0, s3Test4NS, s3TestP, s3Test4Crashes, false)
		if err != nil {
			return nil, err
		}
		if faults > 0 {
			stopped++
		}
	}
	t.Findings = append(t.Findings, fmt.Sprintf("test 4, MA with one detector per crash (successive crashes run; the detector drawn among the ring nodes that cannot crash): the crashes stopped before the 3rd in %d of %d runs: after a silent shift (AMB-HIER-1 at-empty) only the detector holds the new GCoordinator, so the live ring nodes hold no agreed GCoordinator to crash next; test 4 is run with every live ring node detecting", stopped, runs))
	findings(t)
	return t, nil
}

// s3Case is one run of a case of [S3] §IX: test 2 (initial election), 3
// (a GCoordinator crash with fpn detectors, sites already elected) or 4
// (initial election, then s3Test4Crashes crashes with fpn detectors each,
// or, with fpn = everyRingNode, every live ring node detecting each: NS−i
// at crash i).
func s3Case(s *sample, siteRing bool, vn vnet, ns, fpn, test int) (*model.Counts, error) {
	if test == 4 && vn == vFCEABRK {
		// [S3] §IX test 4 with real successive crashes: one FCEABR-K run
		// on the virtual ring (the initial election, then the crashes of
		// the agreed GCoordinator, every live ring node detecting each),
		// plus the sites' elections and each crash's site-level notice.
		return successiveElection(s, 2_000_000, ns, s3TestSPN, s3TestSCAN, siteRing, s3TestP, s3Test4Crashes, "test 4: the successive crashes")
	}
	var cs []*model.Counts
	if test != 3 {
		c, err := initialElection(s, ns, s3TestSPN, s3TestSCAN, siteRing, vn, s3TestP, 1)
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	crashes := 1
	if test == 4 {
		crashes = s3Test4Crashes
	} else if test == 2 {
		crashes = 0
	}
	for i := range crashes {
		stream := uint64(1_000_000 + i)
		f := fpn
		if f == everyRingNode {
			f = ns - 1 - i // the live ring nodes detect crash i+1
		}
		c, err := vringV(s, stream, vn, ns, s3TestP, f, true, "r2")
		if err != nil {
			return nil, err
		}
		cs = append(cs, siteNotice(s3TestSPN, f), c)
	}
	return addCounts(cs...), nil
}
