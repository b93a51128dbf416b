package hierarchical

import (
	"slices"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// TestFormulas evaluates [S3] eq.(1), (4), (5), (22), (23) at hand-worked
// points: Table 5's first row (NS = 4, SPN = 120, SCAN = 4, FPN = 3) and
// §IX's virtual ring (NS = 8, FPN = 1: 16 messages).
// Reference: [S3] §VIII.A.3 eq.(4)–(5), §VIII.B.3 eq.(22)–(23).
func TestFormulas(t *testing.T) {
	for _, c := range []struct {
		name string
		got  claim.Rat
		want claim.Rat
	}{
		{"eq.(1) NS=8 FPN=1", Eq1(8, 1), claim.RatInt(16)},
		{"eq.(1) NS=4 FPN=3", Eq1(4, 3), claim.RatFrac(32, 3)}, // 2·4/3 + 8
		{"eq.(4) Table 5 row 1", Eq4(4, 120, 4, 3), claim.RatFrac(3*4*128+32, 3)},
		{"eq.(4) as a sum over equal sites", Eq4Sites([]int64{120, 120, 120, 120}, []int64{4, 4, 4, 4}, 3), Eq4(4, 120, 4, 3)},
		{"eq.(5) Table 5 row 1", Eq5(4, 120, 4, 3), claim.RatFrac(3*(4+240)+32, 3)},
		{"eq.(22) SPN_i=200 SN=9", Eq22(200, 9), claim.RatInt(1 + 199 + 8)},
		{"eq.(23) SPN_j=200", Eq23(200), claim.RatInt(199)},
	} {
		if c.got.Cmp(c.want) != 0 {
			t.Errorf("%s = %s, want %s", c.name, c.got, c.want)
		}
	}
}

// TestSplit: AMB-HIER-3's readings split a site's group below the
// ICoordinator and the ECoordinator alternately or in halves, and every
// alternative goes to exactly one of them.
// Reference: [S3] §VII; catalog AMB-HIER-3.
func TestSplit(t *testing.T) {
	g := []model.ID{9, 8, 7, 6, 5, 4, 3}
	for _, c := range []struct {
		r          uint8
		ialt, ealt []model.ID
	}{
		{Alternate, []model.ID{7, 5, 3}, []model.ID{6, 4}},
		{Halves, []model.ID{7, 6, 5}, []model.ID{4, 3}},
	} {
		i, e := Split(g, c.r)
		if !slices.Equal(i, c.ialt) || !slices.Equal(e, c.ealt) {
			t.Errorf("reading %d: %v / %v, want %v / %v", c.r, i, e, c.ialt, c.ealt)
		}
	}
	if i, e := Split([]model.ID{2, 1}, Alternate); len(i)+len(e) != 0 {
		t.Errorf("a group of two has no alternatives, got %v / %v", i, e)
	}
}

// TestSiteSizes: every reading covers the n processes with sites of at
// least two, and sites-t2 at n = 2452 is [S3] Table 2 exactly.
// Reference: [S3] Table 2.
func TestSiteSizes(t *testing.T) {
	for r := range uint8(len(SiteSPNs) + 1) {
		for n := 2; n <= 40; n++ {
			sum := 0
			for _, s := range SiteSizes(r, n) {
				if s < 2 {
					t.Fatalf("reading %d, n=%d: a site of %d in %v", r, n, s, SiteSizes(r, n))
				}
				sum += s
			}
			if sum != n {
				t.Fatalf("reading %d, n=%d: sizes %v sum to %d", r, n, SiteSizes(r, n), sum)
			}
		}
	}
	var want []int
	for _, s := range Table2 {
		want = append(want, s.SPN)
	}
	if got := SiteSizes(uint8(len(SiteSPNs)), 2452); !slices.Equal(got, want) {
		t.Errorf("sites-t2 at n=2452: %v, want Table 2's %v", got, want)
	}
}

// TestLayout: with the default readings (sites of 3, SCAN = 2) each site
// elects its SCAN+1 highest ids, and the virtual ring is the sites'
// ECoordinators (each site's second-highest id) in site order.
// Reference: [S3] §VII, Fig. 7.
func TestLayout(t *testing.T) {
	topo, err := model.NewTopology(model.Complete, []model.ID{4, 2, 6, 1, 5, 3})
	if err != nil {
		t.Fatal(err)
	}
	l := NewLayout(topo, nil)
	if l.NS() != 2 || l.SPN(0) != 3 || l.SPN(1) != 3 {
		t.Fatalf("sites: %d of %d and %d", l.NS(), l.SPN(0), l.SPN(1))
	}
	if !slices.Equal(l.Group[0], []model.ID{6, 4, 2}) || !slices.Equal(l.Group[1], []model.ID{5, 3, 1}) {
		t.Errorf("groups %v", l.Group)
	}
	if l.Ring == nil || !slices.Equal(l.Ring.Order, []model.ID{4, 3}) {
		t.Errorf("virtual ring %v, want the ECoordinators 4, 3", l.Ring)
	}
}

// TestSqrtSitesAndEq23: PARAM-SITES sqrt gives m sites of m at n = m²,
// and eq.(23) takes SPN_j from the detector's site.
// Reference: [S3] §VIII.A.3 ("O(NS + SPN)"), §VIII.B.3 eq.(23).
func TestSqrtSitesAndEq23(t *testing.T) {
	v, err := Algorithm.ParseVariant("sqrt")
	if err != nil {
		t.Fatal(err)
	}
	if got := SiteSizes(v[AmbSites], 100); len(got) != 10 || got[0] != 10 || got[9] != 10 {
		t.Errorf("sqrt at n=100: %v, want ten sites of 10", got)
	}
	w, err := Algorithm.ParseVariant("spn4,stable")
	if err != nil {
		t.Fatal(err)
	}
	if got := eq23Of(claim.Params{N: 12, Variant: w, Detectors: []model.ID{7}}); got.Cmp(claim.RatInt(3)) != 0 {
		t.Errorf("eq.(23) at sites of 4: %s, want 3", got)
	}
}

// TestICoordinatorCrashReadings drives the ICoordinator crash handling of
// each AMB-HIER-ICRASH reading (3 sites of 4, SCAN = 3, site 1's
// ICoordinator crashed before the run, one detector that is neither the
// ECoordinator nor A1, the first internal alternative): the
// messages each reading sends and that every live member of the site ends
// holding the old first internal alternative as its ICoordinator (under
// shift-local only the detector, which promotes locally, does).
// Reference: [S3] §VII ("K coordinator alternatives … are replaced to
// coordinator"), §VIII.B.3 eq.(23); Fig. 10.
func TestICoordinatorCrashReadings(t *testing.T) {
	ids := []model.ID{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	for _, c := range []struct {
		reading         string
		icrash, promote int64
		allMoved        bool
	}{
		{"announce", 0, 3, true},      // the detector tells the other SPN−1 (the crashed one counted)
		{"shift-local", 0, 0, false},  // nobody is told
		{"alt-announces", 1, 3, true}, // the detector tells A1, A1 tells the other SPN−1
	} {
		variant := "spn4,scan3,stable," + c.reading
		topo, err := model.NewTopology(model.Complete, ids)
		if err != nil {
			t.Fatal(err)
		}
		info := &Algorithm.Info
		v, err := info.ParseVariant(variant)
		if err != nil {
			t.Fatal(err)
		}
		l := NewLayout(topo, v)
		group := l.Group[0]
		ialts, _ := Split(group, v[AmbSplit])
		ic, ec, a1 := group[0], group[1], ialts[0]
		var detector model.ID
		for i := l.Start[0]; i < l.Start[1]; i++ {
			if id := topo.Order[i]; id != ic && id != ec && id != a1 {
				detector = id
			}
		}
		cfg := &model.Config{Algo: "hierarchical", Variant: variant, IDs: ids, Initiators: []model.ID{detector}, Crashed: []model.ID{ic}, Timing: model.Sync}
		sim, err := Algorithm.NewFastSim(cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.reading, err)
		}
		res := sim.Run(10_000)
		if !res.Quiescent || res.Faults != 0 {
			t.Fatalf("%s: not quiescent or faulty: %+v", c.reading, res)
		}
		if got := res.Counts.ByKind[ICrash.Code].Sends; got != c.icrash {
			t.Errorf("%s: %d icrash sends, want %d", c.reading, got, c.icrash)
		}
		if got := res.Counts.ByKind[IPromote.Code].Sends; got != c.promote {
			t.Errorf("%s: %d ipromote sends, want %d", c.reading, got, c.promote)
		}
		for i := l.Start[0]; i < l.Start[1]; i++ {
			id := topo.Order[i]
			if id == ic {
				continue
			}
			moved := sim.State(topo.IndexOf(id)).IC == a1
			if want := c.allMoved || id == detector; moved != want {
				t.Errorf("%s: process %d holds ICoordinator %d, moved to A1 %d: %v, want %v", c.reading, id, sim.State(topo.IndexOf(id)).IC, a1, moved, want)
			}
		}
	}
}
