package runner

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// TestParseSizeIDs: ids relative to n parse, print back as written and
// place themselves at each size; a bad one is refused naming it.
func TestParseSizeIDs(t *testing.T) {
	ids, err := ParseSizeIDs(" 3, n ,n-1,n-0")
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	var at []model.ID
	for _, s := range ids {
		text, at = append(text, s.String()), append(at, s.At(10))
	}
	if strings.Join(text, ",") != "3,n,n-1,n" || !slices.Equal(at, []model.ID{3, 10, 9, 10}) {
		t.Errorf("parsed %v, at n=10 %v", text, at)
	}
	if ids, err := ParseSizeIDs("  "); ids != nil || err != nil {
		t.Errorf("an empty list: %v %v", ids, err)
	}
	for _, bad := range []string{"0", "-2", "x", "n-", "n-x", "n--1", "n+1", "1,,2"} {
		if _, err := ParseSizeIDs(bad); err == nil || !strings.Contains(err.Error(), "want an id") {
			t.Errorf("ParseSizeIDs(%q): %v, want an error", bad, err)
		}
	}
}

// TestFitArrangements: -order every covers each ring arrangement once up
// to rotation ((n-1)! of them, id 1 first), and says when there are more
// than the limit; asc and desc are one arrangement each.
func TestFitArrangements(t *testing.T) {
	a := &Fit{Spec: changroberts.Algorithm, Order: "every"}
	got, ok := a.arrangements(5, 100)
	seen := map[string]bool{}
	for _, ids := range got {
		sorted := slices.Sorted(slices.Values(ids))
		if ids[0] != 1 || !slices.Equal(sorted, model.IDsUpTo(5)) {
			t.Errorf("not an arrangement of 1..5 starting with 1: %v", ids)
		}
		seen[fmt.Sprint(ids)] = true
	}
	if !ok || len(got) != 24 || len(seen) != 24 {
		t.Errorf("every arrangement of 5: ok %v, %d listed, %d distinct; want 24", ok, len(got), len(seen))
	}
	if _, ok := a.arrangements(6, 100); ok {
		t.Errorf("120 arrangements of 6 fit a limit of 100")
	}
	for order, want := range map[string][]model.ID{"asc": {1, 2, 3, 4}, "desc": {4, 3, 2, 1}} {
		a.Order = order
		if got, ok := a.arrangements(4, 1); !ok || len(got) != 1 || !slices.Equal(got[0], want) {
			t.Errorf("-order %s: %v %v", order, got, ok)
		}
	}
}

// TestFitConfigAt: the family's configuration places the relative ids at
// each size, and one the model refuses names the size.
func TestFitConfigAt(t *testing.T) {
	a := &Fit{Spec: changroberts.Algorithm, Base: model.Config{Algo: "changroberts", Forwarding: true}}
	a.Initiators, _ = ParseSizeIDs("n")
	a.Crashed, _ = ParseSizeIDs("n-1")
	cfg, err := a.ConfigAt(5, nil)
	if err != nil || !slices.Equal(cfg.Initiators, []model.ID{5}) || !slices.Equal(cfg.Crashed, []model.ID{4}) || !slices.Equal(cfg.IDs, model.IDsUpTo(5)) {
		t.Fatalf("n=5: %+v %v", cfg, err)
	}
	if len(a.Base.Initiators) != 0 || a.Base.IDs != nil {
		t.Errorf("ConfigAt changed the family's base: %+v", a.Base)
	}
	a.Initiators, _ = ParseSizeIDs("7")
	if _, err := a.ConfigAt(5, nil); err == nil || !strings.HasPrefix(err.Error(), "n=5: ") {
		t.Errorf("an initiator beyond n: %v, want an error naming n=5", err)
	}
}

// fitPoints are hand-made measurements of n=lo..hi: min(n) and max(n),
// the max exact below inexactFrom (0: everywhere).
func fitPoints(lo, hi, inexactFrom int, min, max func(n int) int) []render.FitPoint {
	var pts []render.FitPoint
	for n := lo; n <= hi; n++ {
		pts = append(pts, render.FitPoint{N: n, Min: fmt.Sprint(min(n)), Max: fmt.Sprint(max(n)), Configs: 1,
			MaxExact: inexactFrom == 0 || n < inexactFrom})
	}
	return pts
}

// TestFitExtremesAndOutcome: the extremes are fitted exactly (the
// maximum only on the sizes where it is exact, with a note), and the
// fit's outcome is its exit status: fitted (0), a cap or interrupt
// (4, 130: not a verdict beyond), no formula at all (1: a finding), too
// few sizes (4: not fitted, not a finding).
func TestFitExtremesAndOutcome(t *testing.T) {
	a := &Fit{}
	linear := func(n int) int { return 3*n - 1 }
	square := func(n int) int { return n * (n + 3) / 2 }
	rep := &render.FitReport{Quantity: "sends", Points: fitPoints(2, 8, 7, linear, square)}
	a.fitExtremes(rep)
	if rep.Min.Fitted == nil || rep.Min.Fitted.String() != "3n - 1" || rep.Max.Fitted == nil || rep.Max.Fitted.String() != "(n^2 + 3n)/2" {
		t.Fatalf("fitted min %+v, max %+v", rep.Min, rep.Max)
	}
	if got := rep.Max.Fitted.Points[len(rep.Max.Fitted.Points)-1].N; got != 6 || !strings.Contains(rep.Max.Note, "from n=7 on the maximum is not exact") {
		t.Errorf("the max is fitted up to n=%d with note %q; want up to 6, saying why", got, rep.Max.Note)
	}
	if err := fitOutcome(rep); err != nil {
		t.Errorf("a fitted range: %v", err)
	}

	capped := *rep
	capped.Cap = &render.FitCap{N: 9, Reason: "max-states 10"}
	var ce *exit.CapError
	if err := fitOutcome(&capped); !errors.As(err, &ce) || !strings.Contains(err.Error(), "cap reached at n=9 (max-states 10): the range stopped at n=8") {
		t.Errorf("a capped range: %T %v", err, err)
	}
	capped.Cap = &render.FitCap{N: 9, Reason: explore.Interrupted}
	var ie *exit.InterruptedError
	if err := fitOutcome(&capped); !errors.As(err, &ie) {
		t.Errorf("an interrupted range: %T %v", err, err)
	}

	// 2^n fits no family (polynomials, n log n, harmonic numbers ...).
	pow := func(n int) int { return 1 << n }
	none := &render.FitReport{Quantity: "sends", Points: fitPoints(2, 12, 0, linear, pow)}
	a.fitExtremes(none)
	var fe *exit.FindingError
	if err := fitOutcome(none); !none.Max.NoFit || !errors.As(err, &fe) || !strings.Contains(err.Error(), "fits the maximum of sends exactly") {
		t.Errorf("2^n: no fit %v, outcome %T %v; want a finding", none.Max.NoFit, err, err)
	}

	// Too few sizes: to refit (two points), or to try every family (2^n
	// on four sizes: only the families of two terms were tried).
	for _, few := range []*render.FitReport{
		{Quantity: "sends", Points: fitPoints(2, 3, 0, linear, square)},
		{Quantity: "sends", Points: fitPoints(2, 5, 0, linear, pow)},
	} {
		a.fitExtremes(few)
		if err := fitOutcome(few); few.Min.NoFit || few.Max.NoFit || !errors.As(err, &ce) || !strings.Contains(err.Error(), "not fitted: ") {
			t.Errorf("n=2..%d: no fit %v/%v, outcome %T %v; want not fitted (a cap error)", few.Points[len(few.Points)-1].N, few.Min.NoFit, few.Max.NoFit, err, err)
		}
	}
	allInexact := &render.FitReport{Quantity: "sends", Points: fitPoints(2, 8, 2, linear, square)}
	a.fitExtremes(allInexact)
	if allInexact.Max.Fitted != nil || allInexact.Max.Error != "no exact value at any size" || fitOutcome(allInexact) == nil {
		t.Errorf("no exact max: %+v", allInexact.Max)
	}
}
