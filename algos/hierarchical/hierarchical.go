// Package hierarchical is [S3]'s hierarchical global election (catalog A4,
// ALG-HIER): in each site FCEABOB elects the ICoordinator (the highest id)
// and the ECoordinator (the next highest), each with its alternatives; the
// ECoordinators form a virtual bidirectional ring and run FCEABR-K to elect
// the GCoordinator and its P alternatives.
//
// Reference: [S3] §VII (Fig. 7–10), §VIII.A.3 eq.(4)(5), §VIII.B.3
// eq.(19)–(23), §IX tests 1–4; catalog A2 (AMB-HIER-1, AMB-HIER-2), A3, A4
// (AMB-HIER-3).
//
// Design: a combinator, not a port. The hierarchy runs the two step
// functions that already exist, fceabob.Algorithm.Step inside a site and
// fceabr.K.Step on the virtual ring, each on an Env of its own: a Complete
// topology over the site's processes, and a BiRing topology over the
// ECoordinators in site order. Their outputs are re-emitted (ring kinds
// renamed) exactly as package failover re-emits its election's outputs, so
// a fix in either algorithm is a fix here, and nothing of their rules is
// written twice. Only what [S3] adds for the hierarchy is written here:
// the split of the site's group into the ICoordinator's and the
// ECoordinator's alternatives (AMB-HIER-3), the ring start, and the
// GCoordinator crash handling of Fig. 10 (the crash message to the crashed
// site's ICoordinator, its broadcast in the site and the promotion of the
// first external alternative). The registry's rule that algorithm packages
// import only model is kept in spirit: this package imports model and the
// two algorithm packages it composes, nothing else of the project.
//
// Modelling. The topology is Complete over all NS·SPN processes; the
// sites are consecutive blocks of Topology.Order, of the sizes the reading
// of PARAM-SITES gives, with SCAN per site from PARAM-SCAN (at most SPN−1).
// A process sends only inside its site, except the ring nodes (the
// ECoordinators), which send to their ring neighbours, and on a
// GCoordinator crash a ring node, which sends to the crashed node's site
// ICoordinator. The ring's members are the sites' second-highest ids (the
// ECoordinator an all-live site elects): every process knows every id
// ([S3] §V), and the virtual network is configured before the election;
// settings of the initial election keep every site's top two live.
//
// Scenarios (PARAM-SCENARIO):
//   - initial: nobody knows a coordinator; a start input makes its process
//     the informer of its site's FCEABOB election. The ECoordinator of the
//     first site starts the ring election when it learns its role ("Election
//     message is created by a random selected process", [S3] §VI: the ids
//     are placed at random, so the first site's ECoordinator is a random
//     ring node; FPN = 1).
//   - startup: the initial election at the network's start-up ([S3] §IX):
//     as initial, but only each site's lowest live id is an informer (a
//     start input elsewhere is ignored), so a run where every process
//     starts (claim.EveryLive) has one informer per site.
//   - stable: every process knows the previous election's result (the
//     sites' groups and the ring's GCoordinator with P alternatives, all
//     computed from the membership). When the GCoordinator is crashed
//     before the run (Config.Crashed, read from Env.Initial as the
//     detectors' input, as package fceabr does), the initiators that are
//     ring nodes are the detectors of [S3] Fig. 10; a start input elsewhere
//     is ignored (only the ring's nodes talk to the GCoordinator). When a
//     site's ICoordinator is crashed before the run, the initiators that
//     are members of that site are its detectors, and the crash is handled
//     as AMB-HIER-ICRASH reads [S3] eq.(23) (announce, shift-local or
//     alt-announces).
//
// Hot standby: a process switches to its known first alternative with no
// message and no wait; re-election on the ring follows AMB-HIER-1 (the
// readings of fceabr.K).
package hierarchical

import (
	"fmt"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/model"
)

// Message kinds: FCEABOB's three (the same Kind values, codes 0–2), the
// ring's four renamed (codes 3–6), and the hierarchy's two.
var kinds = func() []*model.Kind {
	ks := []*model.Kind{fceabob.Election, fceabob.Reply, fceabob.Coordinator}
	for i, name := range []string{"relection", "rcoordinator", "rselection", "rscoordinator", "gcrash", "gpromote", "icrash", "ipromote"} {
		ks = append(ks, &model.Kind{Name: name, Args: 1, Code: 3 + i})
	}
	return ks
}()

// Hierarchy kinds.
var (
	// GCrash is GCrash(crashed GCoordinator): a ring node tells the crashed
	// node's site ICoordinator ([S3] §VII, Fig. 10).
	GCrash = kinds[7]
	// GPromote is GPromote(new ECoordinator): the ICoordinator's broadcast
	// of the crash in its site, promoting the first external alternative.
	GPromote = kinds[8]
	// ICrash is ICrash(crashed ICoordinator): under AMB-HIER-ICRASH's
	// alt-announces reading, a detector tells the site's first internal
	// alternative that the ICoordinator crashed.
	ICrash = kinds[9]
	// IPromote is IPromote(crashed ICoordinator): the announcement of an
	// ICoordinator crash in its site; a receiver whose ICoordinator is the
	// crashed one promotes its first internal alternative.
	IPromote = kinds[10]
)

// ringBase is the code of the first ring kind.
const ringBase = 3

// ringKinds maps FCEABR's kinds (by code) to the hierarchy's.
var ringKinds = [4]*model.Kind{kinds[3], kinds[4], kinds[5], kinds[6]}

// innerRing maps the hierarchy's ring kinds back to FCEABR's.
var innerRing = [4]*model.Kind{fceabr.Election, fceabr.Coordinator, fceabr.SElection, fceabr.SCoordinator}

// Ambiguity indices (into model.Env.Variant).
const (
	AmbSites    = iota // PARAM-SITES
	AmbSCAN            // PARAM-SCAN
	AmbP               // PARAM-P
	AmbTrigger         // AMB-HIER-1
	AmbNotify          // AMB-HIER-2
	AmbSplit           // AMB-HIER-3
	AmbScenario        // PARAM-SCENARIO
	AmbICrash          // AMB-HIER-ICRASH
)

// Readings.
const (
	EveryDetector, FirstDetector uint8 = 0, 1
	Alternate, Halves            uint8 = 0, 1
	Initial, Stable, Startup     uint8 = 0, 1, 2
	Announce, ShiftLocal, AltAnn uint8 = 0, 1, 2
)

// SiteSPNs are the per-site process numbers of the PARAM-SITES readings
// with equal sites ("spnX": blocks of X processes, the last block taking
// the remainder when X does not divide n; a remainder below 2 joins the
// previous block).
var SiteSPNs = []int{2, 3, 4, 5, 6, 8, 120, 160, 200, 250}

// ScanValues are the SCAN values of the PARAM-SCAN readings "scanX".
var ScanValues = []int{1, 2, 3, 4, 6, 8, 10}

// Table2 is [S3] Table 2: per site (SPN, SCAN).
var Table2 = []fceabob.Site{
	{Label: "site 1", SPN: 252, SCAN: 5}, {Label: "site 2", SPN: 341, SCAN: 6}, {Label: "site 3", SPN: 412, SCAN: 11},
	{Label: "site 4", SPN: 44, SCAN: 2}, {Label: "site 5", SPN: 802, SCAN: 8}, {Label: "site 6", SPN: 153, SCAN: 5},
	{Label: "site 7", SPN: 265, SCAN: 8}, {Label: "site 8", SPN: 183, SCAN: 9},
}

// parts are the algorithms the hierarchy composes: FCEABOB in each site
// (its K is the site's SCAN, PARAM-SCAN) and FCEABR-K on the virtual ring.
// Every other ambiguity of theirs is a reading of the hierarchy too
// (model.Inherit), so that a claim's readings range over them.
var parts = []model.Part{
	{Info: fceabob.Algorithm.Meta(), As: map[string]string{"PARAM-K": "PARAM-SCAN"}},
	{Info: fceabr.K.Meta()},
}

// partDefaults are the inherited readings whose default in the hierarchy
// differs from the part's: AMB-FCEABOB-2 true-top, since [S3] §VII's
// ECoordinator is "the next highest" id, which the informer-slot reading
// does not elect when the informer is outside the top SCAN+1 (it takes a
// slot), and the ring's members are the sites' second-highest ids. The
// informer-slot reading (the one eq.(2) assumes) is a reading of the
// hierarchy as well.
var partDefaults = map[string]string{"AMB-FCEABOB-2": "true-top"}

var ambiguities = func() []model.Ambiguity {
	return model.Inherit(ownAmbiguities(), parts, partDefaults)
}()

// ownAmbiguities are the hierarchy's own parameters and readings (indices
// AmbSites..AmbICrash), PARAM-P and AMB-HIER-1 taken from FCEABR-K.
func ownAmbiguities() []model.Ambiguity {
	var sn, se []string
	for _, x := range SiteSPNs {
		sn = append(sn, "spn"+strconv.Itoa(x))
		se = append(se, "sites of SPN = "+strconv.Itoa(x)+" consecutive processes (NS = n/"+strconv.Itoa(x)+")")
	}
	sn = append(sn, "sites-t2", "sqrt")
	se = append(se, "[S3] Table 2's eight sites (SPN 252, 341, 412, 44, 802, 153, 265, 183; n = 2452); at another n the eight sizes are scaled to n (each at least 2)",
		"square sites: SPN = ⌊√n⌋ consecutive processes each (NS = SPN = √n when n is a square), so NS and SPN grow together with n")
	var kn, ke []string
	for _, k := range ScanValues {
		kn = append(kn, "scan"+strconv.Itoa(k))
		ke = append(ke, "SCAN = "+strconv.Itoa(k)+" in every site (at most SPN−1)")
	}
	kn = append(kn, "scan-t2")
	ke = append(ke, "[S3] Table 2's SCAN per site (5, 6, 11, 2, 8, 5, 8, 9, cycled; at most SPN−1)")
	pa := fceabr.KAmbiguities[fceabr.AmbP]
	pa.Default = 1 // P = 2, [S3] §IX tests 2–4
	return []model.Ambiguity{
		{ID: "PARAM-SITES", Question: "the sites: how the n processes (consecutive blocks of the topology's order) are split into NS sites of SPN processes (a parameter; the model has no numeric parameters beyond n)",
			Readings: sn, Explain: se, Default: 1},
		{ID: "PARAM-SCAN", Question: "SCAN, the number of a site's coordinator alternatives (FCEABOB's K), split between the ICoordinator and the ECoordinator",
			Readings: kn, Explain: ke, Default: 1},
		pa,
		fceabr.KAmbiguities[fceabr.AmbTrigger],
		{ID: "AMB-HIER-2", Question: "who sends the crash message to the crashed GCoordinator's site ICoordinator?",
			Readings: []string{"every-detector", "first-detector"},
			Explain: []string{
				"every ring node that detects the crash sends one (FPN messages); the ICoordinator ignores duplicates",
				"only a detector that has not yet heard of the crash on the ring (no SElection of it received) sends",
			}},
		{ID: "AMB-HIER-3", Question: "how are the site's SCAN alternatives split between the ICoordinator and the ECoordinator?",
			Readings: []string{"alternate", "halves"},
			Explain: []string{
				"alternate down the ranking: ranks 3, 5, … are the ICoordinator's, ranks 4, 6, … the ECoordinator's",
				"the ICoordinator takes the upper half (⌈(SCAN−1)/2⌉) of ranks 3 … SCAN+1, the ECoordinator the rest",
			}},
		{ID: "PARAM-SCENARIO", Question: "which run: the initial election, or the stable configuration after it (where a GCoordinator crashed before the run is detected)",
			Readings: []string{"initial", "stable", "startup"},
			Explain: []string{
				"initial configuration: no coordinator known; the initiators are their sites' informers",
				"the previous election's result known to all; a crashed GCoordinator is detected by the initiators that are ring nodes ([S3] Fig. 10), a crashed ICoordinator by the initiators that are members of its site (AMB-HIER-ICRASH)",
				"the initial election at the network's start-up ([S3] §IX: \"When network is started up, there is no coordinator in it so simulator is run to elect coordinators\"): as initial, but each site's informer is its lowest live id (one informer per site, eq.(4)'s case; under informer-slot the sites' count does not depend on which, under true-top it does, C-HIER-8) and a start input at any other process is ignored",
			}},
		{ID: "AMB-HIER-ICRASH", Question: "who handles an ICoordinator crash in its site j ([S3] eq.(23) charges (SPN_j − 1)·α2, but §VII does not say who detects it or who announces the new ICoordinator)? The detectors are members of site j; a site whose ICoordinator has no internal alternative would need a site election, which is not modelled (nothing is done)",
			Readings: []string{"announce", "shift-local", "alt-announces"},
			Explain: []string{
				"the detector promotes the first internal alternative A1 and announces the crash to every other member of the site, the crashed ICoordinator included (SPN_j − 1 sends, as the ICoordinator's crash broadcast of Fig. 10 and FCEABOB's bcast-all); a process that already learnt the new ICoordinator detects nothing; the default: the reading under which eq.(23)'s SPN_j − 1 site messages are sent",
				"every detector promotes A1 locally and shifts the list left, as FCEABOB's own crash handling (catalog A3 rule 7): no message",
				"the detector promotes A1 locally and tells A1 (one ICrash; none when the detector is A1), and A1 announces the crash to every other member of the site, the crashed ICoordinator included (SPN_j − 1 sends)",
			}},
	}
}

// Layout is the static structure of the hierarchy for one topology and
// variant: the sites, their groups and the virtual ring.
type Layout struct {
	// Start[j] is site j's first index in Topology.Order; site j is
	// Order[Start[j]:Start[j+1]] (Start has NS+1 entries).
	Start []int
	// SCAN[j] is site j's number of alternatives (≤ SPN_j − 1).
	SCAN []int
	// SiteOf is the site of each process index.
	SiteOf []int32
	// SiteTopo[j] is site j's Complete topology.
	SiteTopo []*model.Topology
	// Group[j] is site j's SCAN+1 highest ids, descending: the group an
	// all-live site elects (ICoordinator, ECoordinator, alternatives).
	Group [][]model.ID
	// Ring is the virtual ring of the sites' ECoordinators (Group[j][1]),
	// in site order; nil with one site.
	Ring *model.Topology
	// fob[j] and fr are the variants of the composed algorithms.
	fob [][]uint8
	fr  []uint8
}

// NS is the number of sites.
func (l *Layout) NS() int { return len(l.Start) - 1 }

// SPN is site j's process number.
func (l *Layout) SPN(j int) int { return l.Start[j+1] - l.Start[j] }

// Split returns the ICoordinator's and the ECoordinator's alternatives of
// group g (descending ids) under AMB-HIER-3's reading r.
func Split(g []model.ID, r uint8) (ialts, ealts []model.ID) {
	rest := []model.ID{}
	if len(g) > 2 {
		rest = g[2:]
	}
	if r == Halves {
		h := (len(rest) + 1) / 2
		return append([]model.ID(nil), rest[:h]...), append([]model.ID(nil), rest[h:]...)
	}
	for i, id := range rest {
		if i%2 == 0 {
			ialts = append(ialts, id)
		} else {
			ealts = append(ealts, id)
		}
	}
	return ialts, ealts
}

// SiteSizes returns the site sizes of the PARAM-SITES reading r at n
// processes.
func SiteSizes(r uint8, n int) []int {
	if int(r) == len(SiteSPNs)+1 {
		// sqrt: square sites.
		spn := 1
		for (spn+1)*(spn+1) <= n {
			spn++
		}
		var sizes []int
		for left := n; left > 0; left -= spn {
			sizes = append(sizes, min(spn, left))
		}
		return mergeSmall(sizes)
	}
	if int(r) >= len(SiteSPNs) {
		// sites-t2: Table 2's sizes, scaled to n.
		total := 0
		for _, s := range Table2 {
			total += s.SPN
		}
		var sizes []int
		used := 0
		for i, s := range Table2 {
			x := s.SPN * n / total
			if i == len(Table2)-1 {
				x = n - used
			}
			sizes = append(sizes, x)
			used += x
		}
		return mergeSmall(sizes)
	}
	spn := SiteSPNs[r]
	var sizes []int
	for left := n; left > 0; left -= spn {
		sizes = append(sizes, min(spn, left))
	}
	return mergeSmall(sizes)
}

// mergeSmall folds sites below 2 processes into their predecessor (into
// their successor when they come first), so every site has at least 2
// processes when n ≥ 2.
func mergeSmall(sizes []int) []int {
	var out []int
	carry := 0
	for _, x := range sizes {
		x += carry
		carry = 0
		switch {
		case x >= 2:
			out = append(out, x)
		case len(out) > 0:
			out[len(out)-1] += x
		default:
			carry = x
		}
	}
	if carry > 0 {
		out = append(out, carry) // n < 2: no valid topology anyway
	}
	return out
}

// ScanOf is SCAN for site j of spn processes under PARAM-SCAN reading r.
func ScanOf(r uint8, j, spn int) int {
	k := 1
	if int(r) < len(ScanValues) {
		k = ScanValues[r]
	} else {
		k = Table2[j%len(Table2)].SCAN
	}
	return max(1, min(k, spn-1))
}

// layoutOf returns the layout for env's topology and variant: the one
// Info.Prepare computed for the run (Env.Shared), or a new one for an Env
// built elsewhere (a test driving Step directly).
func layoutOf(env *model.Env) *Layout {
	if l, ok := env.Shared.(*Layout); ok {
		return l
	}
	return NewLayout(env.Topo, env.Variant)
}

// lastLayout is the layout Info.Prepare computed last, with what it was
// computed from: the claims build hundreds of thousands of Worlds of one
// topology and variant after another. A Layout is a pure function of the
// topology's kind and order and of the variant, shares no storage with
// them (NewLayout builds its own topologies and lists) and is never
// modified, so Worlds share it.
var lastLayout atomic.Pointer[keptLayout]

type keptLayout struct {
	kind  model.TopologyKind
	order []model.ID
	v     []uint8
	l     *Layout
}

// keptLayoutOf is NewLayout(t, v), the last one kept.
func keptLayoutOf(t *model.Topology, v []uint8) *Layout {
	if k := lastLayout.Load(); k != nil && k.kind == t.Kind && (brokenLayoutCache || slices.Equal(k.order, t.Order)) && slices.Equal(k.v, v) {
		return k.l
	}
	l := NewLayout(t, v)
	lastLayout.Store(&keptLayout{t.Kind, slices.Clone(t.Order), slices.Clone(v), l})
	return l
}

// brokenLayoutCache is a test hook: set, keptLayoutOf ignores the
// topology's order (a broken cache the tests must catch).
var brokenLayoutCache bool

// readingOf is the reading of ambiguity a in the parsed variant v, its
// default where v is shorter.
func readingOf(v []uint8, a int) uint8 {
	if a < len(v) {
		return v[a]
	}
	return uint8(ambiguities[a].Default)
}

// NewLayout computes the layout of topology t under variant v.
func NewLayout(t *model.Topology, v []uint8) *Layout {
	sizes := SiteSizes(readingOf(v, AmbSites), t.N())
	ns := len(sizes)
	l := &Layout{SiteOf: make([]int32, t.N()), Start: make([]int, 0, ns+1), SCAN: make([]int, 0, ns),
		SiteTopo: make([]*model.Topology, 0, ns), Group: make([][]model.ID, 0, ns), fob: make([][]uint8, 0, ns)}
	pos := 0
	ring := make([]model.ID, 0, ns)
	// FCEABOB's readings are the hierarchy's (AMB-FCEABOB-2 true-top by
	// default, partDefaults), the same in every site but for its K.
	fob := model.PartVariant(ambiguities, parts[0], v)
	for j, x := range sizes {
		l.Start = append(l.Start, pos)
		ids := t.Order[pos : pos+x]
		for i := pos; i < pos+x; i++ {
			l.SiteOf[i] = int32(j)
		}
		st, err := model.NewTopology(model.Complete, ids)
		if err != nil {
			panic("hierarchical: " + err.Error()) // sizes are ≥ 2 and ids valid: unreachable
		}
		l.SiteTopo = append(l.SiteTopo, st)
		scan := ScanOf(readingOf(v, AmbSCAN), j, x)
		l.SCAN = append(l.SCAN, scan)
		sorted := st.Sorted()
		g := make([]model.ID, 0, scan+1)
		for i := len(sorted) - 1; i >= 0 && len(g) < scan+1; i-- {
			g = append(g, sorted[i])
		}
		l.Group = append(l.Group, g)
		ring = append(ring, g[1])
		// FCEABOB's K is the site's SCAN.
		fv := slices.Clone(fob)
		fv[fceabob.AmbK] = uint8(min(scan, 12) - 1)
		l.fob = append(l.fob, fv)
		pos += x
	}
	l.Start = append(l.Start, pos)
	if len(ring) >= 2 {
		l.Ring, _ = model.NewTopology(model.BiRing, ring)
	}
	// FCEABR-K's readings (PARAM-P and AMB-HIER-1 among them) are the
	// hierarchy's.
	l.fr = model.PartVariant(ambiguities, parts[1], v)
	return l
}

// State is one process's state. Its slices are never modified in place.
type State struct {
	// Self is the process's id.
	Self model.ID
	// Site is the process's FCEABOB state (initial scenario; its Coord and
	// Alts are the site's group once known).
	Site fceabob.State
	// Ring is the process's FCEABR-K state; used only at ring nodes.
	Ring fceabr.State
	// IC and EC are the site's ICoordinator and ECoordinator this process
	// knows (None: not known yet).
	IC, EC model.ID
	// IAlts and EAlts are their alternatives, in promotion order.
	IAlts, EAlts []model.ID
	// G and GAlts are the GCoordinator and its alternatives (ring nodes
	// only; None/empty elsewhere).
	G     model.ID
	GAlts []model.ID
	// RingStarted: this ECoordinator has started the ring election.
	RingStarted bool
	// Handled: this ICoordinator has handled the GCoordinator crash
	// (duplicates ignored, AMB-HIER-2).
	Handled bool
}

// Algorithm is the hierarchical election as a pure step function.
var Algorithm = &model.Algorithm[State]{
	Info: model.Info{
		Name:        "hierarchical",
		Title:       "[S3]'s hierarchical election: FCEABOB in each site, FCEABR-K among the sites' ECoordinators",
		Source:      "[S3] §VII, Fig. 7–10; §VIII.A.3, §VIII.B.3; catalog A4",
		Topology:    model.Complete,
		Kinds:       kinds,
		Ambiguities: ambiguities,
		Parts:       parts,
		// The sites, their groups and the virtual ring, computed once per
		// run from the topology and the variant.
		Prepare: func(t *model.Topology, v []uint8) any { return keptLayoutOf(t, v) },
	},
	Init: initState,
	Step: step,
	View: func(s State) model.View {
		return model.View{Leader: s.G, Coordinator: s.G != model.None && s.G == s.Self}
	},
	Encode: encode,
	// The GCoordinator the model crashes next under successive crashes is
	// the one the ring nodes hold (the others hold None and are left out).
	Holds: func(s State) model.ID { return s.G },
}

func encode(s State, b []byte) []byte {
	b = fceabob.Algorithm.Encode(s.Site, b)
	b = append(b, '|')
	b = fceabr.K.Encode(s.Ring, b)
	b = append(b, '|')
	b = model.AppendInts(b, ',', int64(s.IC), int64(s.EC), int64(s.G))
	for _, l := range [...][]model.ID{s.IAlts, s.EAlts, s.GAlts} {
		b = append(model.AppendIDs(append(b, '['), ' ', l), ']')
	}
	if s.RingStarted {
		b = append(b, 'r')
	}
	if s.Handled {
		b = append(b, 'h')
	}
	return b
}

// String renders the state for traces.
func (s State) String() string {
	return fmt.Sprintf("{IC:%d%v EC:%d%v G:%d%v site:%s ring:%s}", s.IC, s.IAlts, s.EC, s.EAlts, s.G, s.GAlts, fceabob.Algorithm.Encode(s.Site, nil), s.Ring.String())
}

// subInitial returns the statuses of topo's processes in env's run.
func subInitial(env *model.Env, topo *model.Topology) []model.Status {
	if env.Initial == nil {
		return nil
	}
	st := make([]model.Status, topo.N())
	for i, id := range topo.Order {
		st[i] = env.Initial[env.Topo.IndexOf(id)]
	}
	return st
}

// siteEnv is the process's Env inside its site (FCEABOB's).
func siteEnv(env *model.Env, l *Layout) model.Env {
	j := l.SiteOf[env.Index]
	t := l.SiteTopo[j]
	return model.Env{Self: env.Self, Index: t.IndexOf(env.Self), Topo: t, Variant: l.fob[j], Initial: subInitial(env, t)}
}

// ringEnv is the process's Env on the virtual ring (FCEABR-K's).
func ringEnv(env *model.Env, l *Layout) model.Env {
	return model.Env{Self: env.Self, Index: l.Ring.IndexOf(env.Self), Topo: l.Ring, Variant: l.fr, Initial: subInitial(env, l.Ring)}
}

// onRing reports whether self is a node of the virtual ring.
func onRing(env *model.Env, l *Layout) bool {
	return l.Ring != nil && l.Ring.IndexOf(env.Self) >= 0
}

// scenario is the PARAM-SCENARIO reading of env, with startup read as
// initial (they differ only in who is an informer, siteInformer).
func scenario(env *model.Env) uint8 {
	if r := env.Reading(AmbScenario); r != Startup {
		return r
	}
	return Initial
}

// siteInformer reports whether a start input makes this process its
// site's informer: always in the initial scenario; under startup only at
// the site's lowest live id.
func siteInformer(env *model.Env, l *Layout) bool {
	if env.Reading(AmbScenario) != Startup {
		return true
	}
	j := l.SiteOf[env.Index]
	for i := l.Start[j]; i < l.Start[j+1]; i++ {
		id := env.Topo.Order[i]
		if env.Initial != nil && env.Initial[i] != model.Live {
			continue
		}
		if id < env.Self {
			return false
		}
	}
	return true
}

// gCrashed reports whether the GCoordinator of the previous election is
// crashed before the run (the detectors' input in the stable scenario).
func gCrashed(env *model.Env, l *Layout) bool {
	if l.Ring == nil || env.Initial == nil {
		return false
	}
	return env.Initial[env.Topo.IndexOf(l.Ring.Max())] == model.Crashed
}

func initState(env *model.Env) State {
	l := layoutOf(env)
	s := State{Self: env.Self}
	se := siteEnv(env, l)
	s.Site = fceabob.Algorithm.Init(&se)
	if onRing(env, l) {
		re := ringEnv(env, l)
		if scenario(env) == Initial {
			// A fresh ring state: FCEABR-K's election scenario.
			re.Initial = nil
		}
		s.Ring = fceabr.K.Init(&re)
	}
	if scenario(env) == Stable {
		// The previous election's result ([S3] §VII): the site's group
		// split per AMB-HIER-3, and the ring's GCoordinator with P
		// alternatives (the ring's P+1 highest ECoordinators).
		g := l.Group[l.SiteOf[env.Index]]
		s.IC, s.EC = g[0], g[1]
		s.IAlts, s.EAlts = Split(g, env.Reading(AmbSplit))
		if onRing(env, l) {
			sorted := l.Ring.Sorted()
			s.G = sorted[len(sorted)-1]
			for i := len(sorted) - 2; i >= 0 && len(s.GAlts) < int(l.fr[fceabr.AmbP])+1; i-- {
				s.GAlts = append(s.GAlts, sorted[i])
			}
		}
	}
	return s
}

func step(env *model.Env, s State, in model.Input, out *model.Outbox) State {
	s.Self = env.Self
	l := layoutOf(env)
	switch in.Kind {
	case model.InStart:
		if in.Suspect != model.None {
			return detectSuccessive(env, l, s, in, out)
		}
		if scenario(env) == Initial {
			if !siteInformer(env, l) {
				return s // startup: another process is the site's informer
			}
			// [S3] §VII: "In each site, FCEABOB elects the ICoordinator and
			// the ECoordinator": this process is its site's informer.
			s = siteStep(env, l, s, in, out)
			return learn(env, l, s, out)
		}
		if icCrashed(env, l, s) {
			return icDetect(env, l, s, out)
		}
		return detect(env, l, s, out)
	case model.InTimer:
		if in.Timer == fceabob.TimerRound {
			s = siteStep(env, l, s, in, out)
			return learn(env, l, s, out)
		}
	case model.InDeliver:
		var site, ring []model.Message
		for _, m := range in.Msgs {
			switch {
			case m.Kind.Code < ringBase:
				site = append(site, m)
			case m.Kind.Code < GCrash.Code:
				m.Kind = innerRing[m.Kind.Code-ringBase]
				ring = append(ring, m)
			case m.Kind == GCrash:
				s = onGCrash(env, l, s, m, out)
			case m.Kind == GPromote:
				s = onPromote(s, m)
			case m.Kind == ICrash:
				s = onICrash(env, l, s, m, out)
			case m.Kind == IPromote:
				s = promoteIC(s, model.ID(m.A))
			}
		}
		if len(site) > 0 {
			s = siteStep(env, l, s, model.Input{Kind: model.InDeliver, Now: in.Now, Msgs: site}, out)
			s = learn(env, l, s, out)
		}
		if len(ring) > 0 && onRing(env, l) {
			if env.Reading(AmbNotify) == FirstDetector {
				for _, m := range ring {
					if m.Kind == fceabr.SElection {
						s.Handled = true // heard of the crash on the ring
					}
				}
			}
			if p := int(l.fr[fceabr.AmbP]) + 1; len(ring[0].List) == p+2 {
				// A wave of a successive crash (keyed, see fceabr).
				s = seedRing(s)
			}
			s = ringStep(env, l, s, model.Input{Kind: model.InDeliver, Now: in.Now, Msgs: ring}, out)
		}
	}
	return s
}

// siteStep runs FCEABOB's step in the site and re-emits its outputs.
func siteStep(env *model.Env, l *Layout, s State, in model.Input, out *model.Outbox) State {
	se := siteEnv(env, l)
	var ob model.Outbox
	ob.Reset(env.Self)
	s.Site = fceabob.Algorithm.Step(&se, s.Site, in, &ob)
	reemit(ob.Outputs(), nil, out)
	return s
}

// ringStep runs FCEABR-K's step on the ring, re-emits its outputs with the
// ring kinds, and takes the ring's view as the GCoordinator knowledge.
func ringStep(env *model.Env, l *Layout, s State, in model.Input, out *model.Outbox) State {
	re := ringEnv(env, l)
	if scenario(env) == Initial {
		re.Initial = nil
	}
	var ob model.Outbox
	ob.Reset(env.Self)
	s.Ring = fceabr.K.Step(&re, s.Ring, in, &ob)
	reemit(ob.Outputs(), ringKinds[:], out)
	p := int(l.fr[fceabr.AmbP]) + 1
	if s.Ring.Coord != s.G || !slices.Equal(trim(s.Ring.Alts[:p]), s.GAlts) {
		s.G, s.GAlts = s.Ring.Coord, trim(s.Ring.Alts[:p])
	}
	return s
}

// trim copies the alternatives up to the first None.
func trim(a []model.ID) []model.ID {
	var out []model.ID
	for _, id := range a {
		if id == model.None {
			break
		}
		out = append(out, id)
	}
	return out
}

// reemit re-emits a composed algorithm's outputs; ring maps the ring
// kinds (nil: FCEABOB's kinds are the hierarchy's own).
func reemit(outs []model.Output, ring []*model.Kind, out *model.Outbox) {
	for _, o := range outs {
		if ring != nil && o.Msg.Kind != nil {
			o.Msg.Kind = ring[o.Msg.Kind.Code]
		}
		out.Emit(o)
	}
}

// learn derives the site's roles once FCEABOB has decided, and starts the
// ring election at the first site's ECoordinator.
func learn(env *model.Env, l *Layout, s State, out *model.Outbox) State {
	if s.Site.Coord == model.None || s.IC == s.Site.Coord {
		return s
	}
	// [S3] §VII: the highest is the ICoordinator, the next the
	// ECoordinator; their alternatives split per AMB-HIER-3.
	g := append([]model.ID{s.Site.Coord}, s.Site.Alts...)
	s.IC = g[0]
	s.EC = model.None
	if len(g) > 1 {
		s.EC = g[1]
	}
	s.IAlts, s.EAlts = Split(g, env.Reading(AmbSplit))
	out.Observe("icoord", int32(s.IC))
	if s.EC == env.Self && !s.RingStarted && onRing(env, l) && l.SiteOf[env.Index] == 0 {
		// [S3] §VI: "Election message is created by a random selected
		// process" (FPN = 1): the first site's ECoordinator.
		s.RingStarted = true
		s = ringStep(env, l, s, model.Input{Kind: model.InStart}, out)
	}
	return s
}

// detect is a start input in the stable scenario: a ring node that finds
// the GCoordinator crashed ([S3] §VII, Fig. 10).
func detect(env *model.Env, l *Layout, s State, out *model.Outbox) State {
	if !onRing(env, l) || !gCrashed(env, l) || s.G != l.Ring.Max() {
		return s // not a detector (only ring nodes talk to the GCoordinator)
	}
	crashed := s.G
	if env.Reading(AmbNotify) == EveryDetector || !s.Handled {
		// "each process in the bidirectional ring network which finds it
		// out will send a message to the site's ICoordinator of the
		// crashed GCoordinator separately" ([S3] §VIII.B.3).
		j := siteOfID(env, l, crashed)
		out.Send(l.Group[j][0], GCrash, int32(crashed), 0)
		s.Handled = true
	}
	// [S3] Fig. 10 Crash_identify: promote A1 and shift, re-election per
	// AMB-HIER-1 (FCEABR-K's start input).
	return ringStep(env, l, s, model.Input{Kind: model.InStart}, out)
}

// detectSuccessive is a start input naming a GCoordinator crashed by the
// model's successive crashes (model.Config.Successive, either scenario):
// a ring node that held it, or has heard of its crash on the ring, detects
// it as in detect ([S3] §VII, Fig. 10): the crash message to the crashed
// node's site ICoordinator (every detector, or under AMB-HIER-2
// first-detector only one that has not heard of this crash on the ring),
// then FCEABR-K's detection of that crash (promote, shift, refill or
// re-elect per AMB-HIER-1). Other processes ignore it.
func detectSuccessive(env *model.Env, l *Layout, s State, in model.Input, out *model.Outbox) State {
	crashed := in.Suspect
	if !onRing(env, l) || (s.G != crashed && s.Ring.Crash != crashed) {
		return s
	}
	if env.Reading(AmbNotify) == EveryDetector || s.Ring.Crash != crashed {
		j := siteOfID(env, l, crashed)
		out.Send(l.Group[j][0], GCrash, int32(crashed), 0)
	}
	return ringStep(env, l, seedRing(s), in, out)
}

// seedRing gives a ring node's FCEABR-K state the GCoordinator and
// alternatives it holds, when that state knows no coordinator: in the
// stable scenario with nobody crashed before the run the ring state starts
// empty (FCEABR-K's election scenario), while the node knows the previous
// election's result (G, GAlts). Used only for successive crashes, so runs
// without them are unchanged.
func seedRing(s State) State {
	if s.Ring.Coord != model.None || s.G == model.None {
		return s
	}
	s.Ring.Coord = s.G
	s.Ring.Alts = [fceabr.MaxP]model.ID{}
	copy(s.Ring.Alts[:], s.GAlts)
	return s
}

// siteOfID is the site of process id.
func siteOfID(env *model.Env, l *Layout, id model.ID) int {
	return int(l.SiteOf[env.Topo.IndexOf(id)])
}

// onGCrash: the crashed GCoordinator's site ICoordinator broadcasts the
// crash in its site and promotes the first external alternative ([S3]
// §VII: "that ICoordinator broadcasts the crash in its site (SPN−1) and
// promotes the first external alternative to ECoordinator").
func onGCrash(env *model.Env, l *Layout, s State, m model.Message, out *model.Outbox) State {
	if s.IC != env.Self || s.Handled || model.ID(m.A) != s.EC {
		return s // duplicates ignored (AMB-HIER-2)
	}
	s.Handled = true
	s = onPromote(s, model.Message{A: int32(s.EC)})
	var dests []model.ID
	t := l.SiteTopo[l.SiteOf[env.Index]]
	for _, id := range t.Order {
		if id != env.Self {
			dests = append(dests, id)
		}
	}
	out.Multicast(dests, GPromote, m.A, 0)
	return s
}

// onPromote: the ECoordinator crashed is replaced by its first alternative
// (hot standby: no election).
func onPromote(s State, m model.Message) State {
	if s.EC != model.ID(m.A) {
		return s
	}
	if len(s.EAlts) > 0 {
		s.EC, s.EAlts = s.EAlts[0], s.EAlts[1:]
	} else {
		s.EC = model.None
	}
	return s
}

// icCrashed reports whether the ICoordinator this process knows is its
// site's ICoordinator of the previous election and was crashed before the
// run (the detectors' input in the stable scenario, AMB-HIER-ICRASH).
func icCrashed(env *model.Env, l *Layout, s State) bool {
	if env.Initial == nil || s.IC == model.None {
		return false
	}
	ic := l.Group[l.SiteOf[env.Index]][0]
	return s.IC == ic && env.Initial[env.Topo.IndexOf(ic)] == model.Crashed
}

// icDetect is a start input at a member of a site whose ICoordinator is
// crashed, under AMB-HIER-ICRASH's reading. With no internal alternative
// left, [S3] §VII runs a new site election, which is not modelled: the
// detector does nothing.
func icDetect(env *model.Env, l *Layout, s State, out *model.Outbox) State {
	if len(s.IAlts) == 0 {
		return s
	}
	crashed, a1 := s.IC, s.IAlts[0]
	// [S3] §VII: "K coordinator alternatives … are replaced to coordinator
	// respectively at any time the previous one crashed" (hot standby:
	// the detector switches to A1 at once).
	s = promoteIC(s, crashed)
	switch env.Reading(AmbICrash) {
	case ShiftLocal:
		// FCEABOB's crash handling (catalog A3 rule 7): no message.
	case AltAnn:
		if a1 == env.Self {
			announceIC(env, l, crashed, out)
		} else {
			// The detector tells A1, which announces itself.
			out.Send(a1, ICrash, int32(crashed), 0)
		}
	default:
		// [S3] eq.(23): ICFCC = (SPN_j − 1)·α2, the site broadcast.
		announceIC(env, l, crashed, out)
	}
	return s
}

// onICrash: A1 learns from a detector that the ICoordinator crashed
// (alt-announces); it promotes itself and announces the crash in the site.
// A repeated or late ICrash (the ICoordinator already replaced) is ignored.
func onICrash(env *model.Env, l *Layout, s State, m model.Message, out *model.Outbox) State {
	crashed := model.ID(m.A)
	if s.IC != crashed || len(s.IAlts) == 0 || s.IAlts[0] != env.Self {
		return s
	}
	s = promoteIC(s, crashed)
	announceIC(env, l, crashed, out)
	return s
}

// announceIC sends IPromote(crashed) to every other member of the site,
// the crashed ICoordinator included (SPN_j − 1 sends).
func announceIC(env *model.Env, l *Layout, crashed model.ID, out *model.Outbox) {
	var dests []model.ID
	for _, id := range l.SiteTopo[l.SiteOf[env.Index]].Order {
		if id != env.Self {
			dests = append(dests, id)
		}
	}
	out.Multicast(dests, IPromote, int32(crashed), 0)
}

// promoteIC replaces the ICoordinator crashed by its first internal
// alternative (hot standby: no election) when it is the one this process
// knows.
func promoteIC(s State, crashed model.ID) State {
	if s.IC != crashed || len(s.IAlts) == 0 {
		return s
	}
	s.IC, s.IAlts = s.IAlts[0], s.IAlts[1:]
	return s
}

// Claims are the claims about Algorithm, as data (the registry, algos, pairs
// them with it).
var Claims = coverReadings(append(append(append([]claim.Claim(nil), claims...), triggerClaims...), promoteClaims()...))
