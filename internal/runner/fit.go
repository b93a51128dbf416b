package runner

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/formula"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// SizeID is a process id given relative to the size n: K (FromTop false)
// or n-K (FromTop true), as fit's -initiators n and -crashed n-1 write.
type SizeID struct {
	FromTop bool
	K       int
}

// At is the id at size n.
func (s SizeID) At(n int) model.ID {
	if s.FromTop {
		return model.ID(n - s.K)
	}
	return model.ID(s.K)
}

// String writes the id as the flag does: 3, n, n-1.
func (s SizeID) String() string {
	switch {
	case !s.FromTop:
		return strconv.Itoa(s.K)
	case s.K == 0:
		return "n"
	}
	return "n-" + strconv.Itoa(s.K)
}

// ParseSizeIDs parses a comma-separated list of ids, each a number, n or
// n-K.
func ParseSizeIDs(s string) ([]SizeID, error) {
	var out []SizeID
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "n" {
			out = append(out, SizeID{FromTop: true})
			continue
		}
		if rest, ok := strings.CutPrefix(f, "n-"); ok {
			k, err := strconv.Atoi(rest)
			if err != nil || k < 0 {
				return nil, fmt.Errorf("%q: want an id, n or n-K", f)
			}
			out = append(out, SizeID{FromTop: true, K: k})
			continue
		}
		k, err := strconv.Atoi(f)
		if err != nil || k < 1 {
			return nil, fmt.Errorf("%q: want an id (1 or more), n or n-K", f)
		}
		out = append(out, SizeID{K: k})
	}
	return out, nil
}

// Fit measures a quantity over a configuration family at each size of a
// range and fits closed forms in n to its exact minimum and maximum
// (`electlab fit`), or to its sampled mean (Mean).
type Fit struct {
	Spec model.Spec
	// Base holds the options every configuration shares (timing,
	// channels, variant, ...); its IDs, Initiators and Crashed are set per
	// size.
	Base model.Config
	// Order is asc, desc or every (every arrangement: up to rotation on
	// rings, one for a complete graph).
	Order string
	// Initiators (nil: all) and Crashed, relative to n.
	Initiators, Crashed []SizeID
	// NMin..NMax is the range of sizes.
	NMin, NMax int
	// Quantity is what is measured (sends, ...).
	Quantity *bound.Quantity
	// HeldOut is formula.FitOptions.HeldOut.
	HeldOut int
	// MaxStates bounds each search; MaxConfigs the configurations of one
	// size; MaxMem each search's memory.
	MaxStates  int64
	MaxConfigs int
	MaxMem     int64
	// Mean samples Runs random schedules per size (from Seed) and fits
	// the mean (statistical) instead of the exact extremes.
	Mean bool
	Runs int
	Seed uint64
	// Prob says the quantity reads probabilistic names (Pmin[…], …):
	// each size's value is answered on its one configuration's Markov
	// decision process, restricted by Restrict (named RestrictName) when
	// set, and fitted with the exponential families too (runProb).
	Prob         bool
	Restrict     func(model.System) (model.System, error)
	RestrictName string
	// Claim, when set, is a bound claim (or, with Prob, a probability
	// claim) whose formula is put beside the fitted one.
	Claim *claim.Claim
	JSON  bool
}

// ConfigAt is the family's configuration at size n with arrangement ids
// (nil: 1..n), validated.
func (a *Fit) ConfigAt(n int, ids []model.ID) (*model.Config, error) {
	cfg := a.Base.Clone()
	if ids == nil {
		ids = model.IDsUpTo(n)
	}
	cfg.IDs = ids
	cfg.Initiators, cfg.Crashed = nil, nil
	for _, s := range a.Initiators {
		cfg.Initiators = append(cfg.Initiators, s.At(n))
	}
	for _, s := range a.Crashed {
		cfg.Crashed = append(cfg.Crashed, s.At(n))
	}
	if err := model.Validate(a.Spec.Meta(), cfg); err != nil {
		return nil, fmt.Errorf("n=%d: %v", n, err)
	}
	return cfg, nil
}

// arrangements lists the id arrangements of size n the family covers:
// false when there are more than limit.
func (a *Fit) arrangements(n, limit int) ([][]model.ID, bool) {
	up := model.IDsUpTo(n)
	switch a.Order {
	case "asc":
		return [][]model.ID{up}, true
	case "desc":
		slices.Reverse(up)
		return [][]model.ID{up}, true
	}
	info := a.Spec.Meta()
	if info.Topology == model.Complete && a.Base.Physical == model.Direct {
		return [][]model.ID{up}, true // the ids' places carry no information
	}
	count := 1
	for k := 2; k < n; k++ {
		count *= k
		if count > limit {
			return nil, false
		}
	}
	var out [][]model.ID
	rest := up[1:]
	permute(rest, 0, func(p []model.ID) {
		out = append(out, append([]model.ID{1}, p...))
	})
	return out, true
}

// permute calls f on every permutation of xs[k:] (xs[:k] fixed), in
// lexicographic order of the input.
func permute(xs []model.ID, k int, f func([]model.ID)) {
	if k >= len(xs) {
		f(slices.Clone(xs))
		return
	}
	for i := k; i < len(xs); i++ {
		ys := slices.Clone(xs)
		v := ys[i]
		copy(ys[k+1:i+1], ys[k:i])
		ys[k] = v
		permute(ys, k+1, f)
	}
}

// Run measures every size, fits and prints.
func (a *Fit) Run(stdout, stderr io.Writer) error {
	if a.Mean {
		return a.runMean(stdout, stderr)
	}
	if a.Prob {
		return a.runProb(stdout, stderr)
	}
	rep := a.newReport()
	for n := a.NMin; n <= a.NMax; n++ {
		pt, stop, err := a.measure(n, stderr)
		if err != nil {
			return err
		}
		if stop != "" {
			rep.Cap = &render.FitCap{N: n, Reason: stop}
			break
		}
		rep.Points = append(rep.Points, *pt)
	}
	a.fitExtremes(rep)
	if err := a.compareClaim(rep); err != nil {
		return err
	}
	return a.print(stdout, rep)
}

// print writes rep on stdout (as JSON under -json) and returns its
// outcome.
func (a *Fit) print(stdout io.Writer, rep *render.FitReport) error {
	if a.JSON {
		if err := render.WriteJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		render.PrintFit(stdout, rep)
	}
	return fitOutcome(rep)
}

// newReport is the report before any size is measured.
func (a *Fit) newReport() *render.FitReport {
	info := a.Spec.Meta()
	v, _ := info.ParseVariant(a.Base.Variant)
	rep := &render.FitReport{Algorithm: info.Name, Variant: info.FormatVariant(v), Quantity: a.Quantity.String(),
		Order: a.Order, Initiators: "all", Crashed: "none", Timing: a.Base.Timing.String(), NMin: a.NMin, NMax: a.NMax,
		Points: []render.FitPoint{}}
	if len(a.Initiators) > 0 {
		rep.Initiators = sizeIDsText(a.Initiators)
	}
	if len(a.Crashed) > 0 {
		rep.Crashed = sizeIDsText(a.Crashed)
	}
	if a.Mean {
		rep.Statistical = true
		rep.Runs = a.Runs
		rep.Seed = a.Seed
	}
	return rep
}

func sizeIDsText(ids []SizeID) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.String()
	}
	return strings.Join(s, ",")
}

// measure searches every configuration of size n: the exact min and max
// of the quantity over them; stop names the cap that cut the search
// (the range stops at n).
func (a *Fit) measure(n int, stderr io.Writer) (_ *render.FitPoint, stop string, _ error) {
	arrs, ok := a.arrangements(n, a.MaxConfigs)
	if !ok {
		return nil, fmt.Sprintf("more than %d arrangements (-max-configs)", a.MaxConfigs), nil
	}
	pt := &render.FitPoint{N: n, MaxExact: true}
	var lo, hi *big.Rat
	var evalErr error
	progress := fitProgress(stderr, n, len(arrs))
	for k, ids := range arrs {
		progress(k)
		if Interrupted() {
			return nil, explore.Interrupted, nil
		}
		cfg, err := a.ConfigAt(n, ids)
		if err != nil {
			return nil, "", exit.Usagef("%v", err)
		}
		s0, err := a.Spec.NewSystem(cfg)
		if err != nil {
			return nil, "", exit.Usagef("n=%d: %v", n, err)
		}
		p := checker.ParamsOf(s0)
		opt := explore.Options{Counts: explore.CountsTotal, MaxStates: a.MaxStates, MaxMem: a.MaxMem, MaxViolations: 1, NoMinimize: true, Stop: Interrupted}
		if _, ok := stderr.(*os.File); ok {
			// One search can be long: explore's progress lines (the
			// process's own stderr only, as fit's own lines).
			opt.Progress = ProgressPrinter(stderr)
		}
		opt.OnFinal = func(w model.System) {
			x, err := a.Quantity.Value(bound.ValuesOf(p, w))
			if err != nil {
				if evalErr == nil {
					evalErr = err
				}
				return
			}
			if lo == nil || x.Cmp(lo) < 0 {
				lo = x
			}
			if hi == nil || x.Cmp(hi) > 0 {
				hi = x
			}
		}
		res := explore.Explore(s0, opt)
		if evalErr != nil {
			return nil, "", exit.Usagef("-counter %q at n=%d: %v", a.Quantity.String(), n, evalErr)
		}
		pt.Configs++
		pt.States += res.States
		if strings.HasPrefix(res.Incomplete, explore.Interrupted) {
			return nil, explore.Interrupted, nil
		}
		if !res.Complete() {
			return nil, fmt.Sprintf("the search of arrangement %s stopped: %s", model.FormatIDs(ids), res.Incomplete), nil
		}
		if res.CountsLowerBound {
			pt.MaxExact = false
		}
		if len(res.Violations) > 0 && pt.Violation == "" {
			v := res.Violations[0]
			pt.Violation = fmt.Sprintf("arrangement %s: %s: %s", model.FormatIDs(ids), v.Property, v.Message)
		}
	}
	if lo == nil {
		return nil, "no complete execution (no quiescent state)", nil
	}
	pt.Min, pt.Max = lo.RatString(), hi.RatString()
	return pt, "", nil
}

// fitProgress returns a function fit calls before arrangement k of size
// n: once a size has taken two seconds it prints, every two seconds, a
// line on stderr when stderr is the process's own (a wall clock on stderr
// only; it never changes the results).
func fitProgress(stderr io.Writer, n, total int) func(k int) {
	return loopProgress(stderr, func(k int, el float64) {
		fmt.Fprintf(stderr, "electlab: fit: n=%d, %d of %d arrangements searched, %.0fs at this size\n", n, k, total, el)
	})
}

// ratOf reads back a rational a report holds as text.
func ratOf(s string) *big.Rat {
	r, _ := new(big.Rat).SetString(s)
	return r
}

// fitExtremes fits the minimum over every measured size and the maximum
// over the sizes where it is exact.
func (a *Fit) fitExtremes(rep *render.FitReport) {
	opts := formula.FitOptions{HeldOut: a.HeldOut}
	var mins, maxs []formula.Point
	maxCut := 0
	for _, p := range rep.Points {
		mins = append(mins, formula.Point{N: p.N, Value: ratOf(p.Min)})
		if maxCut == 0 && !p.MaxExact {
			maxCut = p.N
		}
		if maxCut == 0 {
			maxs = append(maxs, formula.Point{N: p.N, Value: ratOf(p.Max)})
		}
	}
	rep.Min = fitSide(mins, opts)
	rep.Max = fitSide(maxs, opts)
	if maxCut > 0 {
		rep.Max.Note = fmt.Sprintf("from n=%d on the maximum is not exact (a cycle that sends messages was cut: it is a lower bound), so the maximum is fitted on the sizes below it only", maxCut)
	}
}

// fitSide fits one side's points.
func fitSide(pts []formula.Point, opts formula.FitOptions) *render.FitSide {
	side := &render.FitSide{}
	if len(pts) == 0 {
		side.Error = "no exact value at any size"
		return side
	}
	f, err := formula.Fit(pts, opts)
	if err == nil {
		side.Fitted = f
		return side
	}
	side.NoFit, side.Error = noFitAmongAll(err), err.Error()
	return side
}

// noFitAmongAll tells whether err says that no family of
// formula.Families fits (a finding), not only those its sizes let it try
// (too few sizes: not a verdict).
func noFitAmongAll(err error) bool {
	var nf *formula.NoFitError
	return errors.As(err, &nf) && nf.Complete()
}

// fitOutcome is the exit status of a fit: a range cut by a cap is a cap
// error (4: what was fitted is printed, on the sizes before the cap);
// then a side where no formula fits is a finding (1); a side with too
// few exact sizes to fit is a cap error (4).
func fitOutcome(rep *render.FitReport) error {
	if rep.Cap != nil && rep.Cap.Reason == explore.Interrupted {
		return exit.Interruptedf("interrupted: at n=%d, the range stopped at n=%d (not a verdict beyond it)", rep.Cap.N, rep.Cap.N-1)
	}
	if rep.Cap != nil {
		return exit.Capf("cap reached at n=%d (%s): the range stopped at n=%d (not a verdict beyond it)", rep.Cap.N, rep.Cap.Reason, rep.Cap.N-1)
	}
	for _, s := range []struct {
		name string
		side *render.FitSide
	}{{"minimum", rep.Min}, {"maximum", rep.Max}, {"mean", rep.Mean}, {"value", rep.Value}} {
		if s.side != nil && s.side.NoFit {
			return exit.Findingf("no formula of the families tried fits the %s of %s exactly", s.name, rep.Quantity)
		}
	}
	for _, s := range []*render.FitSide{rep.Min, rep.Max, rep.Mean, rep.Value} {
		if s != nil && s.Fitted == nil && s.MeanFitted == nil {
			return exit.Capf("not fitted: %s", s.Error)
		}
	}
	return nil
}

// runMean samples Runs random schedules (and arrangements, for -order
// every) at each size and fits the mean of the quantity: statistical.
func (a *Fit) runMean(stdout, stderr io.Writer) error {
	rep := a.newReport()
	var samples []formula.Sample
	generic := checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	for n := a.NMin; n <= a.NMax; n++ {
		rng := rand.New(rand.NewPCG(a.Seed, uint64(n)))
		s := formula.Sample{N: n}
		pt := render.FitPoint{N: n}
		progress := loopProgress(stderr, func(k int, el float64) {
			fmt.Fprintf(stderr, "electlab: fit: n=%d, %d of %d runs, %.0fs at this size\n", n, k, a.Runs, el)
		})
		for k := range a.Runs {
			progress(k)
			if Interrupted() {
				break
			}
			ids := a.sampleArrangement(n, rng)
			cfg, err := a.ConfigAt(n, ids)
			if err != nil {
				return exit.Usagef("%v", err)
			}
			s0, err := a.Spec.NewSystem(cfg)
			if err != nil {
				return exit.Usagef("n=%d: %v", n, err)
			}
			x := checker.Execute(s0, checker.NewRandom(a.Seed+uint64(k), checker.Uniform), generic, checker.Options{Poll: intPoll(execPoll(stderr, fmt.Sprintf("fit: n=%d, run %d of %d", n, k+1, a.Runs)))})
			if x.Interrupted {
				break
			}
			if x.Capped {
				pt.Capped++
				continue
			}
			if x.Violation != nil && pt.Violation == "" {
				pt.Violation = fmt.Sprintf("seed %d: %s", a.Seed+uint64(k), x.Violation.Error())
			}
			v, err := a.Quantity.Value(bound.ValuesOf(checker.ParamsOf(s0), x.Final))
			if err != nil {
				return exit.Usagef("-counter %q at n=%d: %v", a.Quantity.String(), n, err)
			}
			f, _ := v.Float64()
			s.Values, s.Exact = append(s.Values, f), append(s.Exact, v)
		}
		if Interrupted() {
			// The size's runs are not all done: it is left out.
			rep.Cap = &render.FitCap{N: n, Reason: explore.Interrupted}
			break
		}
		pt.Configs = len(s.Values)
		rep.Points = append(rep.Points, pt)
		samples = append(samples, s)
	}
	rep.Mean = &render.FitSide{}
	m, err := formula.FitMean(samples, formula.FitOptions{HeldOut: a.HeldOut})
	switch {
	case err == nil:
		rep.Mean.SetMean(m)
	case formula.IsNoFit(err):
		rep.Mean.NoFit, rep.Mean.Error = noFitAmongAll(err), err.Error()
	default:
		rep.Mean.Error = err.Error()
	}
	return a.print(stdout, rep)
}

// sampleArrangement is a run's arrangement at size n: the fixed one of
// asc and desc, a uniformly random one for every.
func (a *Fit) sampleArrangement(n int, rng *rand.Rand) []model.ID {
	ids := model.IDsUpTo(n)
	switch a.Order {
	case "desc":
		slices.Reverse(ids)
	case "every":
		rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	}
	return ids
}

// claimSide is the extreme a claim bounds: the maximum for <=, the
// minimum for >=, both for =.
func claimSides(c *claim.Claim, rep *render.FitReport) []*render.FitSide {
	if rep.Probabilistic {
		return []*render.FitSide{rep.Value}
	}
	switch c.Relation {
	case claim.AtMost:
		return []*render.FitSide{rep.Max}
	case claim.AtLeast:
		return []*render.FitSide{rep.Min}
	}
	return []*render.FitSide{rep.Min, rep.Max}
}

// claimCompareMax is the largest size at which a fitted formula is
// compared with the claim's (beyond the measured sizes it is
// extrapolated, and the report says so).
const claimCompareMax = 64

// compareClaim puts the claim's formula beside the fitted one(s) and
// names the smallest n where they differ.
func (a *Fit) compareClaim(rep *render.FitReport) error {
	c := a.Claim
	if c == nil || c.Formula == nil {
		return nil // no claim, or a stability claim: no formula to compare
	}
	claimed := func(n int) (*big.Rat, error) {
		cfg, err := a.ConfigAt(n, nil)
		if err != nil {
			return nil, err
		}
		s0, err := a.Spec.NewSystem(cfg)
		if err != nil {
			return nil, err
		}
		p := checker.ParamsOf(s0)
		if qs := a.Quantity.Queries(); a.Prob && len(qs) == 1 {
			p.Within = qs[0].Within
		}
		return ratOf(c.Formula(p).String()), nil
	}
	for _, side := range claimSides(c, rep) {
		if side == nil || side.Fitted == nil {
			continue
		}
		f := side.Fitted
		measured := f.Points[len(f.Points)-1].N
		var ns []int
		for n := f.Points[0].N; n <= max(measured, claimCompareMax); n++ {
			ns = append(ns, n)
		}
		text := fmt.Sprintf("%s %s %s", c.Accounting, c.Relation, c.FormulaText)
		if a.Prob {
			text = fmt.Sprintf("%s %s %s", a.Quantity, c.Relation, c.FormulaText)
		}
		cmp := &render.FitClaim{ID: c.ID, Claimed: text, Fitted: f.String(),
			From: ns[0], To: ns[len(ns)-1], Measured: measured}
		d, err := formula.Compare(f.Func(), claimed, ns)
		if err != nil {
			cmp.Error = err.Error()
		} else if d != nil {
			cmp.DiffN, cmp.DiffFitted, cmp.DiffClaimed = d.N, d.A.RatString(), d.B.RatString()
		}
		side.Claim = cmp
	}
	return nil
}
