package hierarchical

import (
	"fmt"
	"slices"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/claim/claimkit"
	"github.com/electlab/electlab/model"
)

// Config builds the Config of a hierarchical run: NS sites of the given
// sizes is not expressible (the sites are a reading), so it takes equal
// sites of spn processes (PARAM-SITES spnX) with SCAN alternatives
// (PARAM-SCAN scanX) and P ring alternatives, ids 1..NS·SPN in order, and
// the given extra readings; the informers are left to the caller.
func Config(ns, spn, scan, p int, extra string) (*model.Config, error) {
	if !slices.Contains(SiteSPNs, spn) {
		return nil, fmt.Errorf("hierarchical: SPN = %d has no reading (known: %v)", spn, SiteSPNs)
	}
	if !slices.Contains(ScanValues, scan) {
		return nil, fmt.Errorf("hierarchical: SCAN = %d has no reading (known: %v)", scan, ScanValues)
	}
	if p < 1 || p > 8 {
		return nil, fmt.Errorf("hierarchical: P = %d is outside 1..8", p)
	}
	if ns < 2 {
		return nil, fmt.Errorf("hierarchical: NS = %d: the virtual ring needs at least 2 sites", ns)
	}
	v := fmt.Sprintf("spn%d,scan%d,p%d", spn, scan, p)
	if extra != "" {
		v += "," + extra
	}
	if _, err := Algorithm.ParseVariant(v); err != nil {
		return nil, err
	}
	ids := model.IDsUpTo(ns * spn)
	return &model.Config{Algo: Algorithm.Name, Variant: v, IDs: ids}, nil
}

// Eq1 is [S3] eq.(1) (FCEABR-K's VMN): (FPN−1)·(NS/FPN) + 2·NS.
func Eq1(ns, fpn int64) claim.Rat { return eq1Plus(0, ns, fpn) }

// eq1Plus is the integer x plus eq.(1)(ns, fpn), exactly:
// (x·FPN + (FPN−1)·NS + 2·NS·FPN) / FPN.
func eq1Plus(x, ns, fpn int64) claim.Rat {
	return claim.RatFrac(x*fpn+(fpn-1)*ns+2*ns*fpn, fpn)
}

// Eq4 is [S3] eq.(4), EMN = NS·(2·SCAN + SPN) + (FPN−1)·(NS/FPN) + 2·NS,
// for equal sites.
func Eq4(ns, spn, scan, fpn int64) claim.Rat {
	return eq1Plus(ns*(2*scan+spn), ns, fpn)
}

// Eq4Sites is eq.(4) as a sum over unequal sites: Σ_j (2·SCAN_j + SPN_j)
// + (FPN−1)·(NS/FPN) + 2·NS.
func Eq4Sites(spn, scan []int64, fpn int64) claim.Rat {
	var s int64
	for j := range spn {
		s += 2*scan[j] + spn[j]
	}
	return eq1Plus(s, int64(len(spn)), fpn)
}

// Eq5 is [S3] eq.(5), EMN = SCAN + 2·SPN + (FPN−1)·(NS/FPN) + 2·NS.
func Eq5(ns, spn, scan, fpn int64) claim.Rat {
	return eq1Plus(scan+2*spn, ns, fpn)
}

// Eq22 is [S3] eq.(22), GCFCC = α3 + (SPN_i − 1)·α2 + (SN − 1)·α1, at
// α1 = α2 = α3 = 1, with SN (not in Table 1) read as NS.
func Eq22(spni, sn int64) claim.Rat { return claim.RatInt(1 + (spni - 1) + (sn - 1)) }

// Eq23 is [S3] eq.(23), ICFCC = (SPN_j − 1)·α2, at α2 = 1.
func Eq23(spnj int64) claim.Rat { return claim.RatInt(spnj - 1) }

// sitesOf returns the site sizes and SCANs at a formula's parameters.
func sitesOf(p claim.Params) (spn, scan []int64) {
	for j, x := range SiteSizes(readingOf(p.Variant, AmbSites), p.N) {
		spn = append(spn, int64(x))
		scan = append(scan, int64(ScanOf(readingOf(p.Variant, AmbSCAN), j, x)))
	}
	return spn, scan
}

// eq4Of is eq.(4) summed over the sites at p, FPN = p.Initiators (1 when 0).
func eq4Of(p claim.Params) claim.Rat {
	spn, scan := sitesOf(p)
	return Eq4Sites(spn, scan, max(1, int64(p.Initiators)))
}

// sitesLaw is Σ_j eq.(2)(SPN_j, SCAN_j): the sites' part of the count
// depends on the sites' SPN and SCAN only.
func sitesLaw(p claim.Params) claim.Rat {
	spn, scan := sitesOf(p)
	var x int64
	for j := range spn {
		x += 2*scan[j] + spn[j] - 1 // [S3] eq.(2)
	}
	return claim.RatInt(x)
}

// siteMessages measures the P2P count of the sites' FCEABOB messages
// (Election, Reply, Coordinator) where ok holds.
func siteMessages(ok func(model.System) bool) func(model.System) (int64, bool) {
	return func(s model.System) (int64, bool) {
		var n int64
		for c, k := range s.Counts().ByKind {
			if c < ringBase {
				n += k.Sends
			}
		}
		return n, ok(s)
	}
}

// eq5Of is eq.(5) at p: equal sites' SPN and SCAN; where the last site
// absorbs a remainder, the largest SPN and SCAN (the larger bound).
func eq5Of(p claim.Params) claim.Rat {
	spn, scan := sitesOf(p)
	return Eq5(int64(len(spn)), slices.Max(spn), slices.Max(scan), max(1, int64(p.Initiators)))
}

// eq22Of is eq.(22) at p (the GCoordinator's site's SPN: equal sites).
func eq22Of(p claim.Params) claim.Rat {
	spn, _ := sitesOf(p)
	return Eq22(spn[0], int64(len(spn)))
}

// layoutOfSystem is the layout of an execution.
func layoutOfSystem(s model.System) (*Layout, []uint8, bool) {
	v, ok := variantOf(s)
	if !ok {
		return nil, nil, false
	}
	return preparedLayout(s, v), v, true
}

// variantOf is s's parsed variant (read only).
func variantOf(s model.System) ([]uint8, bool) {
	if v, _, ok := model.PreparedOf[State](s); ok && !freshLayouts {
		return v, true
	}
	v, err := s.Info().ParseVariant(s.Config().Variant)
	return v, err == nil
}

// preparedLayout is the layout of s under its variant v: the one
// Info.Prepare computed for the run when s is a World, else a new one.
func preparedLayout(s model.System, v []uint8) *Layout {
	if _, sh, ok := model.PreparedOf[State](s); ok && !freshLayouts {
		if l, ok := sh.(*Layout); ok {
			return l
		}
	}
	return NewLayout(s.Topo(), v)
}

// freshLayouts, set by a test, parses the variant and builds the layout
// anew for every check (the path before PreparedOf), to compare with.
var freshLayouts bool

// layoutIn is the layout of an execution of the scenario sc (PARAM-SCENARIO);
// false for an execution of another scenario.
func layoutIn(s model.System, sc uint8) (*Layout, []uint8, bool) {
	v, ok := variantOf(s)
	if !ok || v[AmbScenario] != sc {
		return nil, nil, false
	}
	return preparedLayout(s, v), v, true
}

// allOne reports whether every count is 1.
func allOne(counts ...[]int) bool {
	for _, cs := range counts {
		for _, c := range cs {
			if c != 1 {
				return false
			}
		}
	}
	return true
}

// informersPerSite counts the initiators of s in each site of l.
func informersPerSite(s model.System, l *Layout) []int {
	count := make([]int, l.NS())
	for _, id := range s.Config().Initiators {
		count[l.SiteOf[s.Topo().IndexOf(id)]]++
	}
	return count
}

// oneInformerPerSite: the initial scenario, all live, every site with
// exactly one informer (the initiators).
func oneInformerPerSite(s model.System) bool {
	l, _, ok := layoutIn(s, Initial)
	if !ok || len(s.Config().Crashed) > 0 || l.Ring == nil {
		return false
	}
	return allOne(informersPerSite(s, l))
}

// loneInformers: the initial scenario where each site's only live process
// is its one informer (eq.(3)'s scenario in every site).
func loneInformers(s model.System) bool {
	l, _, ok := layoutIn(s, Initial)
	if !ok || l.Ring == nil {
		return false
	}
	live := make([]int, l.NS())
	for i := range s.N() {
		if !slices.Contains(s.Config().Crashed, s.Topo().Order[i]) {
			live[l.SiteOf[i]]++
		}
	}
	return allOne(live, informersPerSite(s, l))
}

// gCrash: the stable scenario with exactly the GCoordinator crashed
// before the run, every initiator a ring node (a detector).
func gCrash(s model.System) bool {
	l, _, ok := layoutIn(s, Stable)
	if !ok || l.Ring == nil {
		return false
	}
	c := s.Config().Crashed
	if len(c) != 1 || c[0] != l.Ring.Max() {
		return false
	}
	for _, id := range s.Config().Initiators {
		if l.Ring.IndexOf(id) < 0 {
			return false
		}
	}
	return true
}

// icCrash: the stable scenario with exactly one process crashed before
// the run, a site's ICoordinator that has an internal alternative, every
// initiator a member of that site (a detector).
func icCrash(s model.System) bool {
	l, v, ok := layoutIn(s, Stable)
	if !ok {
		return false
	}
	c := s.Config().Crashed
	if len(c) != 1 {
		return false
	}
	i := s.Topo().IndexOf(c[0])
	if i < 0 {
		return false
	}
	j := l.SiteOf[i]
	if ia, _ := Split(l.Group[j], v[AmbSplit]); l.Group[j][0] != c[0] || len(ia) == 0 {
		return false
	}
	for _, id := range s.Config().Initiators {
		k := s.Topo().IndexOf(id)
		if k < 0 || l.SiteOf[k] != j {
			return false
		}
	}
	return true
}

// eq23Of is eq.(23) at p: SPN_j is the size of the site of the first
// detector (a member of the crashed ICoordinator's site). The engine's
// complete-graph configurations place ids 1..n in topology order, so id d
// is at index d − 1.
func eq23Of(p claim.Params) claim.Rat {
	sizes := SiteSizes(readingOf(p.Variant, AmbSites), p.N)
	spn := int64(sizes[0])
	if len(p.Detectors) > 0 {
		at := int(p.Detectors[0]) - 1
		for _, x := range sizes {
			if at < x {
				spn = int64(x)
				break
			}
			at -= x
		}
	}
	return Eq23(spn)
}

// startupAllLive: the startup scenario with every process live and an
// initiator (each site's lowest id its one informer).
func startupAllLive(s model.System) bool {
	_, _, ok := layoutIn(s, Startup)
	cfg := s.Config()
	return ok && len(cfg.Crashed) == 0 && (len(cfg.Initiators) == 0 || len(cfg.Initiators) == s.N())
}

// electedTop checks the initial election's result where it applies: every
// live process knows its site's group (ICoordinator, ECoordinator, split
// alternatives) and every ring node the GCoordinator = the highest
// ECoordinator.
func electedTop(s model.System) error {
	if !oneInformerPerSite(s) {
		return claim.ErrNotApplicable
	}
	l, v, _ := layoutOfSystem(s)
	g := l.Ring.Max()
	for i := range s.N() {
		st := model.StateOf[State](s, i)
		grp := l.Group[l.SiteOf[i]]
		ia, ea := Split(grp, v[AmbSplit])
		if st.IC != grp[0] || st.EC != grp[1] || !slices.Equal(st.IAlts, ia) || !slices.Equal(st.EAlts, ea) {
			return fmt.Errorf("process %d knows IC %d%v EC %d%v, want %d%v %d%v", st.Self, st.IC, st.IAlts, st.EC, st.EAlts, grp[0], ia, grp[1], ea)
		}
		if l.Ring.IndexOf(st.Self) >= 0 && st.G != g {
			return fmt.Errorf("ring node %d knows GCoordinator %d, want %d", st.Self, st.G, g)
		}
	}
	return nil
}

// noWait is C-HIER-7's hot-standby property, an invariant judged at every
// instant: every live process has a live known ICoordinator or a live first internal
// alternative, and every live ring node a live known GCoordinator or a
// live first alternative.
func noWait(s model.System) error {
	live := claimkit.LiveNow(s)
	first := func(l []model.ID) model.ID {
		if len(l) == 0 {
			return model.None
		}
		return l[0]
	}
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		st := model.StateOf[State](s, i)
		if st.IC != model.None && !live(st.IC) && !live(first(st.IAlts)) {
			return fmt.Errorf("process %d waits: its ICoordinator %d and first alternative %d are both crashed", st.Self, st.IC, first(st.IAlts))
		}
		if st.G != model.None && !live(st.G) && !live(first(st.GAlts)) {
			return fmt.Errorf("ring node %d waits: its GCoordinator %d and first alternative %d are both crashed", st.Self, st.G, first(st.GAlts))
		}
	}
	return nil
}

// gReplaced is C-HIER-6's check after a GCoordinator crash: at quiescence
// every live ring node holds a live GCoordinator.
func gReplaced(s model.System) error {
	if !gCrash(s) {
		return claim.ErrNotApplicable
	}
	for i := range s.N() {
		st := model.StateOf[State](s, i)
		if s.Status(i) != model.Live || st.G == model.None && st.Ring.Coord == model.None && len(st.GAlts) == 0 {
			continue
		}
		j := s.Topo().IndexOf(st.G)
		if j < 0 || s.Status(j) != model.Live {
			return fmt.Errorf("ring node %d holds GCoordinator %d, which is crashed", st.Self, st.G)
		}
	}
	return nil
}

var (
	syncAny    = claim.Setting{Name: "sync, all live, every informer set (measured: one informer per site)", Timing: model.Sync, Initiators: claim.AnyInitiators}
	asyncAny   = claimkit.AsyncFIFO(syncAny)
	syncLoneF  = claim.Setting{Name: "sync, every site's only live process is its informer (the setting's family: every choice of that process per site)", Timing: model.Sync, Initiators: claim.AnyInitiators, MaxDead: 1 << 20, MinLive: 1, Family: loneFamily}
	asyncLoneF = claimkit.AsyncFIFO(syncLoneF)
	syncG      = claim.Setting{Name: "sync, stable, one process crashed before the run, any detectors (measured: the GCoordinator crashed, ring detectors)", Timing: model.Sync, Initiators: claim.AnyInitiators, MaxDead: 1}
	asyncG     = claimkit.AsyncFIFO(syncG)
	syncI      = claim.Setting{Name: "sync, stable, one process crashed before the run, one detector (measured: a site's ICoordinator crashed, a detector in its site)", Timing: model.Sync, Initiators: claim.OneInitiator, MaxDead: 1}
	asyncI     = claimkit.AsyncFIFO(syncI)
	syncAll    = claim.Setting{Name: "sync, all live, every process starts (startup: each site's lowest id is its informer)", Timing: model.Sync, Initiators: claim.EveryLive}
	crash2     = claim.Setting{Name: "async fifo, stable, the GCoordinator crashed before the run and one more crash at any time, any detectors", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators, MaxDead: 1, CrashBudget: 1}
)

// tableRows are eq.(4)'s printed counterparts: [S3] §IX's 2180 at Table 2
// (FPN = 1, "a random selected process") and Table 5's averages (FPN =
// "Number of fault", AMB-HIER-4 (a)).
func tableRows() []claim.PrintedRow {
	v := func(s string) []uint8 {
		x, err := (&model.Info{Name: "hierarchical", Ambiguities: ambiguities}).ParseVariant(s)
		if err != nil {
			panic(err)
		}
		return x
	}
	return []claim.PrintedRow{
		{Label: "[S3] §IX, Table 2 sites, FPN = 1: 2180 messages", Params: claim.Params{N: 2452, Initiators: 1, Variant: v("sites-t2,scan-t2,p3")}, Printed: claim.RatInt(2180)},
		{Label: "[S3] Table 5, NS = 4, SPN = 120, SCAN = 4, faults = 3: 772", Params: claim.Params{N: 480, Initiators: 3, Variant: v("spn120,scan4")}, Printed: claim.RatInt(772)},
		{Label: "[S3] Table 5, NS = 13, SPN = 160, SCAN = 6, faults = 4: 2618", Params: claim.Params{N: 2080, Initiators: 4, Variant: v("spn160,scan6")}, Printed: claim.RatInt(2618)},
		{Label: "[S3] Table 5, NS = 24, SPN = 200, SCAN = 8, faults = 5: 5698", Params: claim.Params{N: 4800, Initiators: 5, Variant: v("spn200,scan8")}, Printed: claim.RatInt(5698)},
		{Label: "[S3] Table 5, NS = 40, SPN = 250, SCAN = 10, faults = 7: 11492", Params: claim.Params{N: 10000, Initiators: 7, Variant: v("spn250,scan10")}, Printed: claim.RatInt(11492)},
	}
}

var claims = []claim.Claim{
	{
		ID:     "C-HIER-1",
		Source: "[S3] §VIII.A.3 eq.(4)",
		Says:   `"Exchanged message number (EMN) to elect coordinator in the network with initial configuration will be equaled to the below equations in the base which is from O (NS + SPN)": EMN = NS·(2·SCAN + SPN) + (FPN−1)·(NS/FPN) + 2·NS`,
		Formal: "(a) initial configuration, all live, one informer per site (every position; other informer sets are not measured), FCEABR-K started by one ECoordinator (FPN = 1): the P2P count of the whole hierarchy (FCEABOB in every site + the virtual ring) = eq.(4) summed over the sites, exactly; small sites of 2 and 3 processes (SCAN = 1, 2)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq4Of, FormulaText: "NS*(2*SCAN + SPN) + (FPN-1)*(NS/FPN) + 2*NS (summed over sites)",
		Measure: claimkit.P2PWhen(oneInformerPerSite),
		NMin:    4, NMax: 6,
		Settings:     []claim.Setting{syncAny, asyncAny},
		Variants:     []string{"spn2,scan1", "spn3,scan1", "spn3,scan2"},
		MootReadings: join(mootInitial, mootAllLive, []claim.ClaimPart{mootRingLive, mootOneInformer}),
	},
	{
		ID:          "C-HIER-1.rows",
		Source:      "[S3] §VIII.A.3 eq.(4); §IX; Table 2; Table 5",
		Says:        `"16 messages are also exchanged among the sites … so 2180 messages are totally being passed"; Table 5's average messages 772, 2618, 5698, 11492`,
		Formal:      "(c) eq.(4) evaluated exactly at the paper's parameters, as a sum over Table 2's unequal sites with FPN = 1 (an initial election's \"random selected process\") against §IX's 2180, and at Table 5's rows with FPN = the printed \"Number of fault\" (AMB-HIER-4 (a)) against the printed averages",
		Kind:        claim.Table,
		Formula:     eq4Of,
		FormulaText: "sum_j (2*SCAN_j + SPN_j) + (FPN-1)*(NS/FPN) + 2*NS",
		Rows:        tableRows(),
	},
	{
		ID:     "C-HIER-1.growth",
		Source: "[S3] §VIII.A.3 eq.(4); §VIII.B.3",
		Says:   `"Exchanged message number (EMN) to elect coordinator in the network with initial configuration will be equaled to the below equations in the base which is from O (NS + SPN)"; "Hence the algorithm's message passing during coordinator election is from O (SPN + NS) and Ω (SPN + NS)."`,
		Formal: "(d) the initial election at start-up (all live, one informer per site: each site's lowest id), NS and SPN growing together: square sites, NS = SPN = m = √n (PARAM-SITES sqrt), SCAN = 2: O(NS + SPN) = O(m) is order 1 in m, i.e. 1/2 in n; the fitted exponent in n of the measured P2P count over the upper half of n = 9, 25, …, 900 (m = 3 … 30; the upper half m = 22 … 30, where the terms linear in m weigh least) must be 0.5 ± 0.3 (eq.(4) itself has the term NS·SPN = n)",
		Kind:   claim.Growth, Quantity: claim.Messages, Accounting: model.P2P,
		Order:   0.5,
		Measure: claimkit.P2PWhen(startupAllLive),
		NMin:    9, NMax: 900,
		Sizes:        []int{9, 25, 49, 100, 196, 324, 484, 625, 784, 900},
		Settings:     []claim.Setting{syncAll},
		Variants:     []string{"sqrt,scan2,startup"},
		MootReadings: join(mootInitial, mootAllLive, []claim.ClaimPart{mootRingLive, mootOneInformer}),
	},
	{
		ID:     "C-HIER-2",
		Source: "[S3] §VIII.A.3 eq.(5)",
		Says:   `"But the worst case number of exchanged message in the algorithm can be calculated by (5) which is from O (SPN + NS)": EMN = SCAN + 2·SPN + (FPN−1)·(NS/FPN) + 2·NS`,
		Formal: "the worst-case initial election: every site in C-FCEABOB-2's scenario (its only live process, any of its members, is its informer; every such choice is a configuration of the setting's family, enumerated or sampled; other crash sets are not measured), so no ECoordinator is live and the ring sends nothing: the P2P count ≤ eq.(5), evaluated with FPN = the informers (one per site: FPN = NS; FPN = 1 would give a smaller bound) and, where the last site absorbs a remainder, SPN and SCAN of the largest site (the larger bound). Unlike eq.(4), eq.(5) has no site term that scales with NS (SCAN + 2·SPN counts one site). Both variables of the sites vary: n = 6, 12, 24 with sites of 3 (SCAN = 1, 2; NS = 2, 4, 8), of 4 (SCAN = 2; NS = 2 (4 + 2), 3, 6) and of 8 (SCAN = 2; NS = 2 (8 + 4), 3; no hierarchy at n = 6); sync and async fifo",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula: eq5Of, FormulaText: "SCAN + 2*SPN + (FPN-1)*(NS/FPN) + 2*NS",
		NotTight: "the sentence gives eq.(5) as an order (\"which is from O (SPN + NS)\") and counts one site's SCAN + 2·SPN for NS sites: it is checked as an upper bound, not as a count some execution attains",
		Measure:  claimkit.P2PWhen(loneInformers),
		NMin:     6, NMax: 24,
		Sizes:        []int{6, 12, 24},
		Settings:     []claim.Setting{syncLoneF, asyncLoneF},
		Variants:     []string{"spn3,scan1", "spn3,scan2", "spn4,scan2", "spn8,scan2"},
		MootReadings: join(ringReadings("the ring sends nothing: each site's only live process is its ICoordinator and no ECoordinator is live, so no ring election starts"), []claim.ClaimPart{mootOneInformer}),
		// cumulative's resend loop has no bound: with every other member
		// of a site crashed it never ends (every run reaches the step
		// cap, so no execution reaches the count), at ten times the
		// claim's cost; its bounded form is checked.
		FixedReadings: []claim.ClaimPart{{Name: "cumulative", Why: "AMB-FCEABOB-3's literal pseudocode, whose resend loop has no bound: with a site's other members all crashed (this claim's scenario) it never ends, so no execution reaches the count (UNCHECKED when run); its bounded form cumulative-bounded is checked"}},
	},
	{
		ID:     "C-HIER-4.GCFCC.messages",
		Source: "[S3] §VIII.B.3 eq.(22); §VII",
		Says:   `"Global Coordinator Failure Communication Cost (GCFCC) is gained by (22) if GCoordinator belongs to site i": GCFCC = α3 + (SPN_i − 1)·α2 + (SN − 1)·α1`,
		Formal: "(b) the GCoordinator crashed before the run, FPN ≥ 1 ring detectors (every set; other crash sets and detector sets are not measured): the P2P count (GCrash per detector + the ICoordinator's site broadcast + the ring's messages under AMB-HIER-1) = eq.(22) at α = 1, SN read as NS (SN is not in [S3] Table 1); 3 sites of 3 processes (a ring of 2 has no ring left after the crash); sync and async",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq22Of, FormulaText: "1 + (SPN_i - 1) + (NS - 1)",
		Measure: claimkit.P2PWhen(gCrash),
		NMin:    9, NMax: 9,
		Settings:     []claim.Setting{syncG, asyncG},
		Variants:     []string{"spn3,scan2,stable", "spn3,scan2,stable,first-detector"},
		MootReadings: join(mootStable, []claim.ClaimPart{mootMonitor, mootJoiner, mootN}),
	},
	{
		ID:     "C-HIER-4.GCFCC.time",
		Source: "[S3] §VIII.B.3 eq.(22)",
		Says:   `GCFCC = α3 + (SPN_i − 1)·α2 + (SN − 1)·α1`,
		Formal: "(b) as C-HIER-4.GCFCC.messages, the sync latency (rounds until quiescence; every link one time unit: α1 = α2 = α3 = 1) = eq.(22), SN read as NS",
		Kind:   claim.Bound, Quantity: claim.Time, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq22Of, FormulaText: "1 + (SPN_i - 1) + (NS - 1)",
		Measure: claimkit.RoundsWhen(gCrash),
		NMin:    9, NMax: 9,
		Settings:     []claim.Setting{syncG},
		Variants:     []string{"spn3,scan2,stable"},
		MootReadings: join(mootStable, []claim.ClaimPart{mootMonitor, mootJoiner, mootN}),
	},
	{
		ID:     "C-HIER-4.ICFCC.messages",
		Source: "[S3] §VIII.B.3 eq.(23); §VII",
		Says:   `"Internal Coordinator Failure Communication Cost (ICFCC) with this assumption that ICoordinator belongs to site j equals the (23)": ICFCC = (SPN_j − 1)·α2`,
		Formal: "(c) site j's ICoordinator crashed before the run (it has an internal alternative), one detector, a member of site j (every one; other crash sets are not measured; eq.(23) has no detector count): the P2P count of the crash handling = eq.(23) at α2 = 1, under each reading of AMB-HIER-ICRASH (announce: the detector's site broadcast; shift-local: no message; alt-announces: the detector tells A1, A1 broadcasts); n = 12: four sites of 3, three of 4; sync and async",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq23Of, FormulaText: "SPN_j - 1",
		Measure: claimkit.P2PWhen(icCrash),
		NMin:    12, NMax: 12,
		Settings:     []claim.Setting{syncI, asyncI},
		Variants:     []string{"spn3,scan2,stable", "spn3,scan2,stable,shift-local", "spn3,scan2,stable,alt-announces", "spn4,scan2,stable", "spn4,scan2,stable,shift-local", "spn4,scan2,stable,alt-announces"},
		MootReadings: join(mootStable, ringReadings("the claim measures the executions where an ICoordinator crashed, whose handling stays inside the site (AMB-HIER-ICRASH): no ring message is sent; the ring's rules act only in executions it does not measure")),
	},
	{
		ID:     "C-HIER-4.ICFCC.time",
		Source: "[S3] §VIII.B.3 eq.(23)",
		Says:   `ICFCC = (SPN_j − 1)·α2`,
		Formal: "(c) as C-HIER-4.ICFCC.messages, the sync latency (rounds until quiescence; every site link one time unit: α2 = 1) = eq.(23), under each reading of AMB-HIER-ICRASH; sites of 3 and 4 processes",
		Kind:   claim.Bound, Quantity: claim.Time, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: eq23Of, FormulaText: "SPN_j - 1",
		Measure: claimkit.RoundsWhen(icCrash),
		NMin:    12, NMax: 12,
		Settings:     []claim.Setting{syncI},
		Variants:     []string{"spn3,scan2,stable", "spn3,scan2,stable,shift-local", "spn3,scan2,stable,alt-announces", "spn4,scan2,stable", "spn4,scan2,stable,shift-local", "spn4,scan2,stable,alt-announces"},
		MootReadings: join(mootStable, ringReadings("the claim measures the executions where an ICoordinator crashed, whose handling stays inside the site (AMB-HIER-ICRASH): no ring message is sent; the ring's rules act only in executions it does not measure")),
	},
	{
		ID:     "C-HIER-6",
		Source: "[S3] §II, §VII, §IX test 4; [S0] §II",
		Says:   `"a new election will be postponed until the failure of all the coordinator alternatives"; "when the first ICoordinator and K-2 internal alternatives crash, first of all new coordinator election will be run in the site"`,
		Formal: "under each trigger reading of AMB-HIER-1 (at-empty, all-failed, k-minus-1) and P = 1, 2: after the GCoordinator's crash before the run, detected by any set of ring nodes, every live ring node ends holding a live GCoordinator, and the run terminates; async fifo, sites of 3 (other crash sets are not checked)",
		Kind:   claim.Behaviour,
		Props:  model.Termination,
		Custom: gReplaced,
		NMin:   9, NMax: 9,
		Settings:     []claim.Setting{asyncG},
		Variants:     []string{"spn3,stable,at-empty,p1", "spn3,stable,all-failed,p1", "spn3,stable,k-minus-1,p2", "spn3,stable,at-empty,p2"},
		MootReadings: join(mootStable, []claim.ClaimPart{mootMonitor, mootJoiner, mootN}),
	},
	{
		ID:        "C-HIER-7",
		Source:    "[S3] §VII; Abstract",
		Says:      `"no wait time is applied to any process in the network to launch new global election"; "A standby system between coordinators and their first alternative is considered to induct less wait time"`,
		Formal:    "hot standby means no wait: from the stable configuration, with the GCoordinator crashed before the run (other single crash sets are covered too) and any set of ring detectors, at every instant (an invariant judged after every event) every live process has a live known ICoordinator or a live first internal alternative, and every live ring node a live known GCoordinator or a live first alternative ; each trigger reading; 3 sites of 3, SCAN = 2. Failure budget 1 (the hot standby is one alternative deep): a second crash is beyond it: the row with one more crash at any time during the crash handling (crash sets of size 2, among them the GCoordinator with its first alternative, and an ICoordinator with its first internal alternative) is shown, outside the paper's assumptions, and decides no verdict",
		Kind:      claim.Behaviour,
		Invariant: noWait,
		NMin:      9, NMax: 9,
		// crash2 is beyond the failure budget: shown, not deciding.
		Settings: []claim.Setting{asyncG, crash2},
		Variants: []string{"spn3,scan2,stable,at-empty", "spn3,scan2,stable,all-failed", "spn3,scan2,stable,k-minus-1"},
		// One failure: the crashed GCoordinator (or one other process).
		FailureBudget: 1,
		MootReadings:  join(mootStable, []claim.ClaimPart{mootMonitor, mootJoiner, mootN}),
	},
	{
		ID:     "C-HIER-8",
		Source: "[S3] §IX",
		Says:   `"This number was stable in 50 times of running the simulator by these different site's specifications because the number of message in FCEABOB algorithm depends on the number of alternatives in the site."`,
		Formal: "stability, not a formula: for each site specification (the parameters SPN and SCAN, a variant; AMB-HIER-3's split a reading), the sites' part of the initial election's P2P count (FCEABOB's Election, Reply, Coordinator) is the same in every execution — over every id placement, every informer position (one informer per site, all live) and every schedule checked, sync and async: its minimum equals its maximum at each n. The count is compared with no formula (eq.(2) is C-HIER-8.eq2). Both readings of who informs inside a site (AMB-FCEABOB-2, inherited from FCEABOB: true-top, the hierarchy's default, and informer-slot) are checked; the ring's part is FCEABR-K's (C-FCEABOB-4.iii)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Stable:      true,
		FormulaText: "the same count in every execution (min = max)",
		Measure:     siteMessages(oneInformerPerSite),
		NMin:        4, NMax: 6,
		Settings: []claim.Setting{syncAny, asyncAny},
		// SPN and SCAN are parameter values (PARAM-SITES, PARAM-SCAN),
		// not readings: the claim is refuted at any value that refutes it.
		// Each split of AMB-HIER-3 and each informer rule of
		// AMB-FCEABOB-2 (readings) is run at both.
		Variants:     informerReadings("spn2,scan1", "spn3,scan2", "spn2,scan1,halves", "spn3,scan2,halves"),
		MootReadings: join(ringReadings("the claim counts FCEABOB's messages only (Election, Reply, Coordinator): the ring's rules send none and cause none (a site message is sent only at an informer's start, on its round timer or on another site message)"), mootAllLive, []claim.ClaimPart{mootOneInformer}),
	},
	{
		ID:     "C-HIER-8.eq2",
		Source: "[S3] §IX; §VIII.A.1 eq.(2)",
		Says:   `"the number of message in FCEABOB algorithm depends on the number of alternatives in the site": the sites' count is eq.(2) per site, SMN = 2·SCAN + SPN − 1`,
		Formal: "the sites' part of the initial election's P2P count (FCEABOB's Election, Reply, Coordinator), over every id placement and every informer position (one informer per site, all live; sync and async), equals Σ_j eq.(2)(SPN_j, SCAN_j): it depends on the sites' SPN and SCAN only, not on the ids nor on the informers' ranks nor on the split of AMB-HIER-3; under both readings of AMB-FCEABOB-2 (the ring's part is FCEABR-K's, C-FCEABOB-4.iii)",
		Kind:   claim.Bound, Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.Exactly,
		Formula: sitesLaw, FormulaText: "sum_j (2*SCAN_j + SPN_j - 1)",
		Measure: siteMessages(oneInformerPerSite),
		NMin:    4, NMax: 6,
		Settings:     []claim.Setting{syncAny, asyncAny},
		Variants:     informerReadings("spn2,scan1", "spn3,scan2", "spn2,scan1,halves", "spn3,scan2,halves"),
		MootReadings: join(ringReadings("the claim counts FCEABOB's messages only (Election, Reply, Coordinator): the ring's rules send none and cause none (a site message is sent only at an informer's start, on its round timer or on another site message)"), mootAllLive, []claim.ClaimPart{mootOneInformer}),
	},
	{
		ID:     "C-HIER-8.group",
		Source: "[S3] §VII",
		Says:   `"In each site, FCEABOB elects the ICoordinator (the highest id) and the ECoordinator (the next highest)"; the ECoordinators elect the GCoordinator`,
		Formal: "initial election, all live, one informer per site (other informer sets are not checked): at quiescence every process knows its site's ICoordinator (highest), ECoordinator (next) and alternatives split per AMB-HIER-3, every ring node the GCoordinator (the highest ECoordinator); terminates",
		Kind:   claim.Behaviour,
		Props:  model.Termination,
		Custom: electedTop,
		// electedTop applies to one informer per site only
		// (claim.ErrNotApplicable elsewhere).
		Unchecked: []claim.ClaimPart{{Name: "other informer sets", Why: "the expected ICoordinator, ECoordinator and alternatives are derived for one informer per site only; runs with other informer sets are checked for termination, not for the elected processes"}},
		NMin:      4, NMax: 6,
		Settings:     []claim.Setting{syncAny, asyncAny},
		Variants:     []string{"spn2,scan1", "spn3,scan2", "spn3,scan2,halves"},
		MootReadings: join(mootInitial, mootAllLive, []claim.ClaimPart{mootRingLive}),
	},
}

// syncSucc is the stable configuration of 6 sites of 3 (SCAN = 2; the
// virtual ring of 6 ECoordinators), lock-step rounds, then 4 successive
// crashes of the GCoordinator the ring nodes hold, each detected by every
// live process (ring nodes detect it; [S3] §VII, Fig. 10).
var syncSucc = claim.Setting{Name: "sync, stable, then 4 successive GCoordinator crashes, each detected by every live process (the ring nodes act on it)", Timing: model.Sync, Initiators: claim.OneInitiator, Successive: 4}

// triggerClaims are C-HIER-6's four statements (fceabr.TriggerClaims) on
// the hierarchy: the GCoordinator's successive crashes on the virtual
// ring, with the site-level crash notice of Fig. 10 at each.
// Their runs are the stable scenario's, with successive crashes at
// quiescence and none before the run. The ring's readings are checked on
// the same four statements on FCEABR-K itself (fceabrk), not here again:
// fixed here, for their cost (each a run of 4 successive crashes on 18
// processes).
var triggerClaims = fixedIn(ringFixed, mootIn(join(mootStable, []claim.ClaimPart{mootMonitor, mootJoiner, mootN}), fceabr.TriggerClaims("the hierarchy, stable, 6 sites of 3 (SCAN = 2), then 4 successive crashes of the GCoordinator the ring nodes hold (the model crashes it at each quiescence; every ring node detects, sends the crash to the crashed node's site ICoordinator (AMB-HIER-2 every-detector) and runs FCEABR-K's detection on the virtual ring)",
	syncSucc, 18, fceabr.TriggerVariants("spn3,scan2,stable,"), ringP)))

// ringP is P of a hierarchy run: FCEABR-K's at its ring nodes.
func ringP(s model.System) int {
	for i := range s.N() {
		if p := model.StateOf[State](s, i).Ring.P; p > 0 {
			return int(p)
		}
	}
	return 1
}

// sitesAt returns the site sizes of the complete-graph configurations the
// engine builds at size n under variant (ids 1..n, the sites consecutive
// blocks), or nil when the variant does not parse.
func sitesAt(n int, variant string) []int {
	// Not Algorithm.ParseVariant: Algorithm's claims refer to this.
	v, err := (&model.Info{Name: "hierarchical", Ambiguities: ambiguities}).ParseVariant(variant)
	if err != nil {
		return nil
	}
	return SiteSizes(readingOf(v, AmbSites), n)
}

// familyCap bounds a family's count (a mixed-radix index stays exact below it).
const familyCap = int64(1) << 62

// loneFamily is C-HIER-2's family at size n: every site in C-FCEABOB-2's
// scenario, each site's one live process (any of its members: a
// mixed-radix index picks one per site) its informer, every other process
// crashed before the run. Empty below two sites (no virtual ring).
func loneFamily(n int, variant string) claim.ConfigFamily {
	sizes := sitesAt(n, variant)
	if len(sizes) < 2 {
		return claim.ConfigFamily{}
	}
	count := int64(1)
	for _, x := range sizes {
		if count > familyCap/int64(x) {
			count = familyCap
			break
		}
		count *= int64(x)
	}
	return claim.ConfigFamily{Count: count, At: func(k int64) (dead, inits []model.ID) {
		start := 0
		for _, x := range sizes {
			keep := start + int(k%int64(x))
			k /= int64(x)
			for i := start; i < start+x; i++ {
				if i == keep {
					inits = append(inits, model.ID(i+1))
				} else {
					dead = append(dead, model.ID(i+1))
				}
			}
			start += x
		}
		return dead, inits
	}}
}

// informerReadings returns each variant under both readings of who informs
// inside a site (AMB-FCEABOB-2, inherited from FCEABOB): the hierarchy's
// default true-top first, then informer-slot.
func informerReadings(variants ...string) []string {
	var out []string
	for _, r := range []string{"true-top", "informer-slot"} {
		for _, v := range variants {
			out = append(out, v+","+r)
		}
	}
	return out
}
