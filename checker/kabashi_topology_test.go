package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// kabRepeatBroadcasts returns a kabashi variant that emits every
// broadcast times(n) times (n the number of processes) and every other
// output once.
func kabRepeatBroadcasts(name string, times func(n int) int) *model.Algorithm[kabState] {
	return brokenCopy(kabashi.Algorithm, name, func(env *model.Env, s kabState, in model.Input, out *model.Outbox) kabState {
		var scratch model.Outbox
		scratch.Reset(env.Self)
		s = kabStep(env, s, in, &scratch)
		for _, o := range scratch.Outputs() {
			if o.Kind != model.OutMulticast {
				out.Emit(o)
				continue
			}
			for range times(env.Topo.N()) {
				out.Emit(o)
			}
		}
		return s
	})
}

// kabDoubleBroadcast: every broadcast is sent twice.
var kabDoubleBroadcast = kabRepeatBroadcasts("broken-kabashi-double-broadcast", func(int) int { return 2 })

// kabBroadcastPerNode: every broadcast is sent ⌊n/2⌋ times, as if each
// relay re-sent it (a quadratic count).
var kabBroadcastPerNode = kabRepeatBroadcasts("broken-kabashi-broadcast-per-node", func(n int) int { return n / 2 })

// kabSilentDetector: a detector whose wait ends adopts its choice but
// never broadcasts the COORDINATOR.
var kabSilentDetector = brokenCopy(kabashi.Algorithm, "broken-kabashi-silent-detector", func(env *model.Env, s kabState, in model.Input, out *model.Outbox) kabState {
	if in.Kind == model.InTimer && s.Phase == kabashi.Waiting {
		var scratch model.Outbox
		scratch.Reset(env.Self)
		s = kabStep(env, s, in, &scratch)
		for _, o := range scratch.Outputs() {
			if o.Kind == model.OutObserve {
				out.Observe(o.Tag, o.Val)
			}
		}
		return s
	}
	return kabStep(env, s, in, out)
})

// kabNeverActs: no process ever reports acting as coordinator.
var kabNeverActs = func() *model.Algorithm[kabState] {
	a := brokenCopy(kabashi.Algorithm, "broken-kabashi-never-acts", kabStep)
	a.View = func(s kabState) model.View { return model.View{Leader: s.Leader} }
	return a
}()

// Reference: [S4] §VI "It is suitable for different process topologies."
// (C-KAB-11.bcast, catalog: "a broadcast costs n−1 link hops in P2P"): the
// bound holds on kabashi on the complete graph and on the physical ring,
// and refutes a variant that broadcasts twice on each.
func TestKabashiBroadcastCostCatchesDoubleBroadcast(t *testing.T) {
	c := *claimOf(t, &kabashi.Algorithm.Info, "C-KAB-11.bcast")
	if res := smallEngine().CheckClaim(kabashi.Algorithm, &c); res.Verdict != claims.Holds {
		t.Fatalf("on kabashi: verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	res := smallEngine().CheckClaim(kabDoubleBroadcast, &c)
	if res.Verdict != claims.Refuted {
		t.Fatalf("on %s: verdict %s, want REFUTED (%s)", kabDoubleBroadcast.Name, res.Verdict, res.Summary)
	}
	for i, r := range res.Rows {
		if r.Verdict != claims.Refuted || r.Counterexample == nil || r.Counterexample.Violation.Property != checker.PropBound {
			t.Errorf("row %d (%s): verdict %s, want a bound counterexample", i, r.Setting, r.Verdict)
		}
	}
}

// Reference: [S4] §VI (C-KAB-11, C-KAB-11.complete, C-KAB-11.ring-rt):
// the liveness check holds on kabashi's sync rows on the complete graph,
// refutes its rows on the physical ring under both readings of the wait
// from n = 6 (the topology is what it catches), and refutes a variant whose detector
// never announces its choice on the complete graph.
func TestKabashiTopologyLivenessCatchesSilentDetector(t *testing.T) {
	info := &kabashi.Algorithm.Info
	complete := *claimOf(t, info, "C-KAB-11.complete")
	complete.Settings = complete.Settings[:2] // sync
	if res := smallEngine().CheckClaim(kabashi.Algorithm, &complete); res.Verdict != claims.Holds {
		t.Fatalf("C-KAB-11.complete (sync) on kabashi: verdict %s, want HOLDS (%s)", res.Verdict, res.Summary)
	}
	res := smallEngine().CheckClaim(kabSilentDetector, &complete)
	if res.Verdict != claims.Refuted {
		t.Fatalf("C-KAB-11.complete on %s: verdict %s, want REFUTED (%s)", kabSilentDetector.Name, res.Verdict, res.Summary)
	}
	if ce := res.Rows[0].Counterexample; ce == nil || (ce.Violation.Property != checker.PropAgreement && ce.Violation.Property != checker.PropValidity) {
		t.Errorf("want an agreement or validity counterexample, got %+v", ce)
	}
	for _, id := range []string{"C-KAB-11", "C-KAB-11.ring-rt"} {
		c := *claimOf(t, info, id)
		c.Settings = c.Settings[:1] // sync, one detector
		e := smallEngine()
		e.MaxN = 6 // the first disagreement on the ring is at n = 6
		res := e.CheckClaim(kabashi.Algorithm, &c)
		if res.Verdict != claims.Refuted {
			t.Fatalf("%s on kabashi: verdict %s, want REFUTED (%s)", id, res.Verdict, res.Summary)
		}
		ce := res.Rows[0].Counterexample
		if ce == nil || ce.Config.Physical == model.Direct || ce.Violation.Property != checker.PropAgreement {
			t.Errorf("%s: want an agreement counterexample on a physical ring, got %+v", id, ce)
		}
	}
}

// Reference: [S4] §IV step 6 "only one coordinator at any given time" on
// each topology (C-KAB-11.safety): the check refutes kabashi on every
// topology and holds on a variant in which nobody acts as coordinator.
func TestKabashiTopologySafety(t *testing.T) {
	c := *claimOf(t, &kabashi.Algorithm.Info, "C-KAB-11.safety")
	res := smallEngine().CheckClaim(kabashi.Algorithm, &c)
	seen := map[model.Physical]bool{}
	for _, r := range res.Rows {
		if r.Verdict != claims.Refuted || r.Counterexample == nil || r.Counterexample.Violation.Property != checker.PropSafety {
			t.Errorf("%s: verdict %s, want a single-coordinator counterexample", r.Setting, r.Verdict)
			continue
		}
		seen[r.Counterexample.Config.Physical] = true
	}
	if len(seen) != 3 {
		t.Errorf("counterexamples on %d physical networks, want 3", len(seen))
	}
	if res := smallEngine().CheckClaim(kabNeverActs, &c); res.Verdict != claims.Holds {
		t.Errorf("on %s: verdict %s, want HOLDS (%s)", kabNeverActs.Name, res.Verdict, res.Summary)
	}
}

// Reference: [S4] §VI eq.(2) on each topology (C-KAB-11.P2P): on the
// complete graph kabashi's worst-case P2P count grows linearly, and a
// variant that sends each broadcast ⌊n/2⌋ times (quadratic) is refuted.
func TestKabashiTopologyGrowthCatchesQuadraticBroadcasts(t *testing.T) {
	c := *claimOf(t, &kabashi.Algorithm.Info, "C-KAB-11.P2P")
	c.Settings = c.Settings[:1] // complete graph
	e := smallEngine()
	e.MaxN, e.GrowthCases = 12, 10
	if res := e.CheckClaim(kabashi.Algorithm, &c); res.Verdict != claims.Holds {
		t.Fatalf("on kabashi: verdict %s (fit %.2f), want HOLDS (%s)", res.Verdict, res.Rows[0].Fit, res.Summary)
	}
	res := e.CheckClaim(kabBroadcastPerNode, &c)
	if res.Verdict != claims.Refuted {
		t.Fatalf("on %s: verdict %s (fit %.2f), want REFUTED", kabBroadcastPerNode.Name, res.Verdict, res.Rows[0].Fit)
	}
	if f := res.Rows[0].Fit; f < 1.6 {
		t.Errorf("fitted exponent %.2f, want about 2", f)
	}
}
