package fceabr

import (
	"fmt"
	"math"
	"testing"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"

	"github.com/electlab/electlab/model"
)

// trace runs cfg under alg with the fair FIFO schedule and renders every
// step's effects and every process's state, without the algorithm's name.
func trace(t *testing.T, alg *model.Algorithm[State], cfg *model.Config) (string, model.Counts) {
	t.Helper()
	c := *cfg
	c.Algo = ""
	w := modeltest.RunFIFO(t, alg, &c)
	var b []byte
	for i := range w.N() {
		b = fmt.Appendf(b, "%d %s %v|", i, w.Status(i), w.State(i))
	}
	for _, o := range w.Observations() {
		b = fmt.Appendf(b, "%d:%d:%s=%d|", o.Event, o.Proc, o.Tag, o.Val)
	}
	return string(b), *w.Counts()
}

// Reference: [S3] §IV "By assigning 1 to K, the format will be the same as
// the format of FCEABR algorithm" — FCEABR-K with P = 1 (and the default
// trigger) runs exactly as FCEABR: the same final states (rendered), the
// same observations and the same counts, for every scenario and reading
// FCEABR's tests use.
func TestKWithP1IsFCEABR(t *testing.T) {
	ids := modeltest.IDs(4, 2, 7, 1, 5, 3, 6)
	for _, cfg := range []model.Config{
		{IDs: ids, Initiators: modeltest.IDs(2)},
		{IDs: ids},
		{IDs: ids, Initiators: modeltest.IDs(2, 5)},
		{IDs: ids, Crashed: modeltest.IDs(7), Initiators: modeltest.IDs(3, 1)},
		{IDs: ids, Crashed: modeltest.IDs(7), Initiators: modeltest.IDs(3)},
		{IDs: ids, Crashed: modeltest.IDs(7, 6), Initiators: modeltest.IDs(3)},
	} {
		for _, v := range []string{"", "r2", "pairwise", "literal-merge", "top2-msgs", "forward-higher", "no-epoch", "path", "late-initiates", "monitor", "joiner-candidate"} {
			for _, timing := range []model.Timing{model.Async, model.Sync} {
				c := cfg
				c.Timing, c.Variant = timing, v
				want, wc := trace(t, Algorithm, &c)
				kv := "p1"
				if v != "" {
					kv = v + ",p1"
				}
				c.Variant = kv
				got, gc := trace(t, K, &c)
				if got != want || gc.Sends != wc.Sends || gc.Deliveries != wc.Deliveries {
					t.Errorf("%s variant %s: fceabrk p1 differs from fceabr:\n got %s (%d sends)\nwant %s (%d sends)", timing, v, got, gc.Sends, want, wc.Sends)
				}
			}
		}
	}
}

// Reference: [S3] §VI — with P alternatives an Election elects the top
// P+1 ids, in order, at every live process.
func TestKElectsTopPPlus1(t *testing.T) {
	ids := modeltest.IDs(3, 6, 1, 8, 5, 2, 4, 7)
	for p := 1; p <= 5; p++ {
		for _, timing := range []model.Timing{model.Async, model.Sync} {
			cfg := &model.Config{IDs: ids, Initiators: modeltest.IDs(1, 5), Timing: timing, Variant: fmt.Sprintf("p%d", p)}
			w := modeltest.RunFIFO(t, K, cfg)
			for i := range w.N() {
				st := w.State(i).(State)
				if st.Coord != 8 {
					t.Errorf("p%d %s: process %d coordinator %d", p, timing, ids[i], st.Coord)
				}
				for k := range p {
					if want := model.ID(7 - k); st.Alts[k] != want {
						t.Errorf("p%d %s: process %d A%d = %d, want %d", p, timing, ids[i], k+1, st.Alts[k], want)
					}
				}
			}
		}
	}
}

// Reference: [S3] Fig. 10 and AMB-HIER-1 — the coordinator crashed: under
// at-empty with P = 3 the detector only promotes A1 and shifts (no
// message); under k-minus-1 with P = 2 an SElection refills the list;
// with P = 1 every trigger but all-failed is FCEABR's SElection.
func TestKTriggers(t *testing.T) {
	ids := modeltest.IDs(3, 6, 1, 8, 5, 2, 4, 7)
	for _, tc := range []struct {
		variant string
		sends   bool
		alts    []model.ID
	}{
		{"p3", false, modeltest.IDs(6, 5, 0)},
		{"p3,k-minus-1", false, modeltest.IDs(6, 5, 0)},
		{"p2,k-minus-1", true, modeltest.IDs(6, 5)},
		{"p2", false, modeltest.IDs(6, 0)},
		{"p1", true, modeltest.IDs(6)},
		{"p1,all-failed", false, modeltest.IDs(0)},
	} {
		cfg := &model.Config{IDs: ids, Crashed: modeltest.IDs(8), Initiators: modeltest.IDs(1), Timing: model.Sync, Variant: tc.variant}
		w := modeltest.RunFIFO(t, K, cfg)
		if got := w.Counts().Sends > 0; got != tc.sends {
			t.Errorf("%s: sends %d", tc.variant, w.Counts().Sends)
		}
		st := w.State(2).(State) // the detector, 1
		if st.Coord != 7 {
			t.Errorf("%s: detector's coordinator %d, want 7", tc.variant, st.Coord)
		}
		for k, want := range tc.alts {
			if st.Alts[k] != want {
				t.Errorf("%s: detector's A%d = %d, want %d", tc.variant, k+1, st.Alts[k], want)
			}
		}
	}
}

// Reference: [S0] §VI.6.2 eq.(3)–(6) — ECT as printed grows as N² (the
// fitted exponent of ECT(N) over N = 128..256), not as the O(N) the text
// concludes; CC grows as N.
func TestECTOrder(t *testing.T) {
	fit := func(f func(n int64) float64) float64 {
		a, b := int64(128), int64(256)
		return math.Log(f(b)/f(a)) / math.Log(float64(b)/float64(a))
	}
	if k := fit(func(n int64) float64 { return ectAt(n, 1, 1).Float() }); math.Abs(k-2) > 0.05 {
		t.Errorf("ECT exponent %.3f, want 2", k)
	}
	if k := fit(func(n int64) float64 { return CC(claim.Params{N: int(n), Live: int(n)}).Float() }); math.Abs(k-1) > 0.05 {
		t.Errorf("CC exponent %.3f, want 1", k)
	}
}

func TestKVariant(t *testing.T) {
	for p := 1; p <= MaxP; p++ {
		v, err := KVariant(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := K.ParseVariant(v); err != nil {
			t.Error(err)
		}
	}
	if _, err := KVariant(0); err == nil {
		t.Error("P = 0 accepted")
	}
	modeltest.ValidateClaims(t, claim.Entry{Spec: K, Claims: KClaims})
}
