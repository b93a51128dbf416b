package fceabob

import (
	"strings"
	"testing"
	"time"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"

	"github.com/electlab/electlab/model"
)

// Reference: [S3] §VIII.A.2 eq.(2), Table 2 — the site election runs on the
// fast simulator at every site of the paper (SPN up to 802), in both
// timings, with the best-case count of eq.(2), and in well under a second.
func TestSimSites(t *testing.T) {
	start := time.Now()
	for _, site := range Sites {
		for _, timing := range []model.Timing{model.Sync, model.Async} {
			for _, informer := range []model.ID{1, model.ID(site.SPN / 2), model.ID(site.SPN)} {
				cfg, err := SiteConfig(site.SPN, site.SCAN, informer, timing, "")
				if err != nil {
					t.Fatal(err)
				}
				sim, err := Algorithm.NewSim(cfg)
				if err != nil {
					t.Fatal(err)
				}
				res := sim.Run(0)
				want := Eq2(int64(site.SPN), int64(site.SCAN))
				if !res.Quiescent || want.Cmp(claim.RatInt(res.Counts.Count(model.P2P))) != 0 {
					t.Errorf("%s, %s, informer %d: quiescent=%t, P2P %d, eq.(2) %s", site.Label, timing, informer, res.Quiescent, res.Counts.Count(model.P2P), want)
				}
				for i, v := range res.Views {
					if v.Leader != model.ID(site.SPN) {
						t.Fatalf("%s: process %d ends with leader %d", site.Label, i+1, v.Leader)
					}
				}
			}
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the sites took %v on the simulator", d)
	}
}

// Reference: [S3] §V bullet 1 ("K coordinator alternatives … are replaced
// to coordinator respectively at any time the previous one crashed") and
// rule 7 of catalog A3 — a process that learnt (coordinator, A1..AK)
// promotes A1 and shifts the list left when it detects the crash, and
// starts an election when no alternative is left.
func TestPromotion(t *testing.T) {
	env := &model.Env{Self: 1, Index: 0, Variant: []uint8{1}}
	topo, err := model.NewTopology(model.Complete, model.IDsUpTo(5))
	if err != nil {
		t.Fatal(err)
	}
	env.Topo = topo
	var out model.Outbox
	s := State{Self: 1, Coord: 5, Alts: []model.ID{4, 3}}
	s = step(env, s, model.Input{Kind: model.InStart}, &out)
	if s.Coord != 4 || len(s.Alts) != 1 || s.Alts[0] != 3 || s.Phase != Idle {
		t.Fatalf("after one crash: coordinator %d, alternatives %v, phase %d", s.Coord, s.Alts, s.Phase)
	}
	s = step(env, s, model.Input{Kind: model.InStart}, &out)
	if s.Coord != 3 || len(s.Alts) != 0 {
		t.Fatalf("after two crashes: coordinator %d, alternatives %v", s.Coord, s.Alts)
	}
	out.Reset(1)
	s = step(env, s, model.Input{Kind: model.InStart}, &out)
	if s.Phase != Collecting || s.Coord != model.None {
		t.Fatalf("no alternative left: phase %d, coordinator %d; want a new election", s.Phase, s.Coord)
	}
	sent := 0
	for _, o := range out.Outputs() {
		if o.Kind == model.OutSend && o.Msg.Kind == Election {
			sent++
		}
	}
	if sent != 2 {
		t.Fatalf("the new election sent %d Elections, want K = 2", sent)
	}
}

// Bad parameters give errors, never a panic.
func TestSiteConfigErrors(t *testing.T) {
	for _, c := range []struct {
		spn, scan int
		informer  model.ID
		want      string
	}{
		{0, 1, 1, "at least one process"},
		{8, 8, 1, "SCAN < SPN"},
		{8, 0, 1, "SCAN < SPN"},
		{8, 4, 9, "not one of the ids"},
		{40, 13, 1, "readings k1..k12"},
	} {
		_, err := SiteConfig(c.spn, c.scan, c.informer, model.Sync, "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SiteConfig(%d, %d, %d): %v, want an error with %q", c.spn, c.scan, c.informer, err, c.want)
		}
	}
	if _, err := SiteConfig(412, 11, 3, model.Sync, "no-such-reading"); err == nil {
		t.Errorf("an unknown reading is accepted")
	}
	if cfg, err := SiteConfig(412, 11, 3, model.Sync, "true-top"); err != nil || cfg.Variant != "k11,true-top" {
		t.Errorf("SiteConfig(412, 11): %v, %v", cfg, err)
	}
}

// Reference: [S3] §V, the text under Fig. 5, with 12's replies lost: 12 is
// alive and answers both Elections, but both replies arrive after the
// informer's timeouts (async, early timeouts: "not … received to informer
// although processes are available"). Replayed step by step on the ranks
// of {1, 2, 5, 9, 10, 11, 12, 15}: the informer's rounds are those of the
// narrative, the group is 15 with 11, 10, 9, 5, and the P2P count is 19
// (Election 6, Reply 6, Coordinator 7), eq.(2) gives 15.
func TestFig5LateReplies(t *testing.T) {
	cfg := &model.Config{Algo: "fceabob", Variant: "k4", IDs: model.IDsUpTo(8), Initiators: []model.ID{r(9)},
		Timing: model.Async, Timeouts: model.Early}
	w, err := Algorithm.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	held := func(ev model.Event) bool { return ev.Kind == model.EvDeliver && ev.From == r(12) && ev.P == r(9) }
	for steps := 0; steps < 1000; steps++ {
		evs := w.Enabled(nil)
		var pick *model.Event
		// Deliver everything but 12's replies; fire the informer's timer
		// only when nothing else is left; 12's replies last of all.
		for i := range evs {
			if evs[i].Kind == model.EvDeliver && !held(evs[i]) {
				pick = &evs[i]
				break
			}
		}
		if pick == nil {
			for i := range evs {
				if evs[i].Kind == model.EvDetect || evs[i].Kind == model.EvFire {
					pick = &evs[i]
					break
				}
			}
		}
		if pick == nil && len(evs) > 0 {
			pick = &evs[0]
		}
		if pick == nil {
			break
		}
		if err := w.Apply(*pick); err != nil {
			t.Fatal(err)
		}
	}
	s := model.System(w)
	if !isNarrative(s) {
		t.Fatalf("not the narrative: %v", s.Observations())
	}
	if err := narrativeSteps(s); err != nil {
		t.Fatal(err)
	}
	c := s.Counts()
	got := [3]int64{c.ByKind[Election.Code].Sends, c.ByKind[Reply.Code].Sends, c.ByKind[Coordinator.Code].Sends}
	if got != [3]int64{6, 6, 7} {
		t.Errorf("Election, Reply, Coordinator = %v, want 6, 6, 7", got)
	}
	if eq2 := Eq2(8, 4); eq2.Cmp(claim.RatInt(c.Count(model.P2P))) == 0 {
		t.Errorf("the narrative with lost replies matches eq.(2)")
	}
}

// Reference: [S3] §V and AMB-FCEABOB-5 — two concurrent informers: each
// runs the algorithm and broadcasts (independent, the default); under
// yield-higher the lower informer abandons its election on the higher
// one's Election, so only one Coordinator broadcast is sent. Both agree on
// the group.
func TestConcurrentInformers(t *testing.T) {
	for _, c := range []struct {
		variant string
		bcast   int64
	}{{"k4", 10}, {"k4,yield-higher", 5}} {
		cfg := &model.Config{Algo: "fceabob", Variant: c.variant, IDs: model.IDsUpTo(6), Initiators: []model.ID{2, 4}, Timing: model.Sync}
		sim, err := Algorithm.NewSim(cfg)
		if err != nil {
			t.Fatal(err)
		}
		res := sim.Run(0)
		if got := res.Counts.ByKind[Coordinator.Code].Sends; got != c.bcast {
			t.Errorf("%s: %d Coordinator messages, want %d", c.variant, got, c.bcast)
		}
		for i, v := range res.Views {
			if v.Leader != 6 {
				t.Errorf("%s: process %d ends with leader %d", c.variant, i+1, v.Leader)
			}
		}
	}
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
