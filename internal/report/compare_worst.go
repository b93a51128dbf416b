package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/checker/formula"
	"github.com/electlab/electlab/model"
)

// The exact worst case of every compared algorithm at small n: the
// maximum of its messages per election over every arrangement of the ids
// (up to rotation), in the comparison's own setting (every process
// initiating, no failure, the fair FIFO schedule), at each n of
// CompareWorstMin..CompareWorstMax, and the closed form in n that
// formula.Fit (what `electlab fit` fits) finds for it. Every schedule is
// not searched: the explorer's search of every schedule of every
// arrangement is out of reach beyond n=5 or 6 for most of these
// algorithms (and for ringpoll and fceabr at n=4 already).

// CompareWorstMin and CompareWorstMax are the sizes of the exact worst
// case: every arrangement up to rotation, (n-1)! of them, is run at each.
const (
	CompareWorstMin = 2
	CompareWorstMax = 9
)

// worstSetting describes the worst-case measurement.
const worstSetting = "the maximum of the same count (every message kind, announcements included: lelann's 2n^2 is " +
	"Le Lann's n^2 election messages, the algorithm proper, plus every initiator's n announcements) " +
	"over every arrangement of the ids 1..n up to rotation " +
	"(id 1 at the first process; (n-1)! arrangements per size), every process initiating, no failures, " +
	"under the same fair FIFO schedule (one schedule per arrangement: not a maximum over every schedule), " +
	"at each n=%d..%d; the closed form is the simplest formula in n of `electlab fit`'s families " +
	"(checker/formula: polynomials of degree 0..3, with one n·H(n), n·⌈log₂ n⌉, n·⌊log₂ n⌋ or n mod 2 term) " +
	"solved exactly on the smaller sizes and confirmed on the 2 largest, or \"no formula fits\""

// CompareWorst is one algorithm's exact worst case at small n.
type CompareWorst struct {
	Algorithm string `json:"algorithm"`
	// Points are the sizes measured, from CompareWorstMin on, up to the
	// last one completed.
	Points []WorstPoint `json:"points"`
	// Formula is the fitted closed form ("(n^2 + 3n)/2"), and Exact the
	// sizes it matches ("exact on n=2..9 (fit 2..7, held out 8,9)");
	// both empty when nothing was fitted.
	Formula string `json:"formula,omitempty"`
	Exact   string `json:"exact,omitempty"`
	// NoFit says why no formula was fitted (no formula of the families
	// matches every point, or too few sizes); empty when one was.
	NoFit string `json:"no_fit,omitempty"`
	// Cap names the run that did not end within the step cap, at the
	// size where the range stopped; empty when every size was measured.
	Cap string `json:"cap,omitempty"`
}

// WorstPoint is the worst case at one size.
type WorstPoint struct {
	N int `json:"n"`
	// Arrangements is the number of arrangements run ((n-1)!).
	Arrangements int `json:"arrangements"`
	// Max is the largest count over them, and WorstIDs the first
	// arrangement (in lexicographic order) that reaches it, ids in ring
	// order from process 0.
	Max      int64  `json:"max"`
	WorstIDs string `json:"worst_ids"`
}

// worstCase measures spec's exact worst case at n = lo..hi and fits it.
func worstCase(spec model.Spec, lo, hi int) CompareWorst {
	w := CompareWorst{Algorithm: spec.Meta().Name, Points: []WorstPoint{}}
	for n := lo; n <= hi; n++ {
		pt, capped := worstAt(spec, n)
		if capped != "" {
			w.Cap = fmt.Sprintf("cap reached at n=%d: %s", n, capped)
			break
		}
		w.Points = append(w.Points, pt)
	}
	w.fit()
	return w
}

// fit fits the points' maxima (formula.Fit, two sizes held out).
func (w *CompareWorst) fit() {
	pts := make([]formula.Point, len(w.Points))
	for i, p := range w.Points {
		pts[i] = formula.IntPoint(p.N, p.Max)
	}
	if len(pts) == 0 {
		w.NoFit = "no size measured"
		return
	}
	f, err := formula.Fit(pts, formula.FitOptions{})
	if err != nil {
		w.NoFit = err.Error()
		return
	}
	w.Formula, w.Exact = f.String(), f.Summary()
}

// worstAt runs spec on every arrangement of 1..n with id 1 first; capped
// names the first run that did not end (or could not start).
func worstAt(spec model.Spec, n int) (pt WorstPoint, capped string) {
	pt.N = n
	ids := model.IDsUpTo(n)
	var sim model.Simulator
	for {
		c, err := compareRun(spec, &sim, ids)
		if err != nil {
			return pt, err.Error()
		}
		if pt.Arrangements == 0 || c > pt.Max {
			pt.Max, pt.WorstIDs = c, model.FormatIDs(ids)
		}
		pt.Arrangements++
		if !nextPermutation(ids[1:]) {
			return pt, ""
		}
	}
}

// compareRun is one election of the comparison's setting on the
// arrangement ids: its P2P messages. It runs in *sim (simFor) and leaves
// its simulator there for the next.
func compareRun(spec model.Spec, sim *model.Simulator, ids []model.ID) (int64, error) {
	n := len(ids)
	cfg := &model.Config{Algo: spec.Meta().Name, IDs: slices.Clone(ids), Forwarding: spec.Meta().Forwarding}
	var err error
	if *sim, err = simFor(spec, *sim, cfg); err != nil {
		return 0, fmt.Errorf("arrangement %s: %v", model.FormatIDs(ids), err)
	}
	res := (*sim).Run(int64(64*n*n + 20000))
	if !res.Quiescent {
		return 0, fmt.Errorf("the run of arrangement %s did not end (%s)", model.FormatIDs(ids), res.Capped)
	}
	return res.Counts.Sends, nil
}

// nextPermutation rearranges xs into the next permutation in
// lexicographic order; false (and xs unchanged) after the last.
func nextPermutation(xs []model.ID) bool {
	i := len(xs) - 2
	for i >= 0 && xs[i] >= xs[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(xs) - 1
	for xs[j] <= xs[i] {
		j--
	}
	xs[i], xs[j] = xs[j], xs[i]
	slices.Reverse(xs[i+1:])
	return true
}

// worstRange writes the sizes measured: "n=2..9".
func (w *CompareWorst) worstRange() string {
	if len(w.Points) == 0 {
		return "no size"
	}
	return fmt.Sprintf("n=%d..%d", w.Points[0].N, w.Points[len(w.Points)-1].N)
}

// maxima writes the measured maxima: "8, 18, 32".
func (w *CompareWorst) maxima() string {
	s := make([]string, len(w.Points))
	for i, p := range w.Points {
		s[i] = strconv.FormatInt(p.Max, 10)
	}
	return strings.Join(s, ", ")
}

// formText is the fitted form with its sizes, or why there is none:
// "2n^2, exact on n=2..9 (fit 2..7, held out 8,9)", "no formula fits: …",
// with "; cap reached at n=K: …" when the range stopped early.
func (w *CompareWorst) formText() string {
	s := w.Formula + ", " + w.Exact
	if w.Formula == "" {
		s = "no formula fits: " + w.NoFit
	}
	if w.Cap != "" {
		s += "; " + w.Cap
	}
	return s
}

// Line is the worst case as one line: "worst case over every arrangement
// (fair FIFO, announcements included), n=2..9: 2n^2, exact on n=2..9 (fit 2..7, held out 8,9)".
func (w *CompareWorst) Line() string {
	return fmt.Sprintf("worst case over every arrangement (fair FIFO, announcements included), %s: %s", w.worstRange(), w.formText())
}

// worstMarkdown writes the worst cases' table (nothing without them).
func (cmp *Comparison) worstMarkdown(b *strings.Builder) {
	if len(cmp.Worst) == 0 {
		return
	}
	fmt.Fprintf(b, "\nExact worst case at small n: %s.\n\n", mdEscape(cmp.WorstSetting))
	b.WriteString("| Algorithm | Sizes | Worst case (max messages) | Closed form |\n|---|---|---|---|\n")
	for _, w := range cmp.Worst {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", w.Algorithm, w.worstRange(), w.maxima(), mdEscape(w.formText()))
	}
}

// htmlWorst is one worst case as the HTML template shows it.
type htmlWorst struct {
	Algorithm, Sizes, Maxima, Form string
}

// worstHTML returns the worst cases' template rows.
func (cmp *Comparison) worstHTML() []htmlWorst {
	var out []htmlWorst
	for _, w := range cmp.Worst {
		out = append(out, htmlWorst{Algorithm: w.Algorithm, Sizes: w.worstRange(), Maxima: w.maxima(), Form: w.formText()})
	}
	return out
}
