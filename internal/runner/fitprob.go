package runner

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/formula"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// runProb fits a probabilistic quantity (Pmin[…], Emin[…], …, and
// expressions of them and n): at each size, the exact answer on the
// Markov decision process of the size's one configuration (as explore
// -bound builds it, restricted by Restrict when set), then formula.Fit
// with the exponential families.
func (a *Fit) runProb(stdout, stderr io.Writer) error {
	rep := a.newReport()
	rep.Probabilistic = true
	rep.Schedulers = render.UnrestrictedSchedulers
	if a.RestrictName != "" {
		rep.Schedulers = a.RestrictName
	}
	for n := a.NMin; n <= a.NMax; n++ {
		pt, stop, err := a.measureProb(n, stderr)
		if err != nil {
			return err
		}
		if stop != "" {
			rep.Cap = &render.FitCap{N: n, Reason: stop}
			break
		}
		rep.Points = append(rep.Points, *pt)
	}
	var pts []formula.Point
	for _, p := range rep.Points {
		pts = append(pts, formula.Point{N: p.N, Value: ratOf(p.Value)})
	}
	rep.Value = fitSide(pts, formula.FitOptions{HeldOut: a.HeldOut, Exponential: true})
	if err := a.compareClaim(rep); err != nil {
		return err
	}
	return a.print(stdout, rep)
}

// measureProb is the quantity's exact value on the MDP of size n's
// configuration; stop names the cap that stopped it (the range stops at
// n). An infinite expectation is a usage error naming n: nothing to fit.
func (a *Fit) measureProb(n int, stderr io.Writer) (_ *render.FitPoint, stop string, _ error) {
	if Interrupted() {
		return nil, explore.Interrupted, nil
	}
	ids := model.IDsUpTo(n) // asc; the command refuses every
	if a.Order == "desc" {
		slices.Reverse(ids)
	}
	cfg, err := a.ConfigAt(n, ids)
	if err != nil {
		return nil, "", exit.Usagef("%v", err)
	}
	s0, err := newSystem(a.Spec, cfg, Search, a.MaxMem)
	if err != nil {
		return nil, "", err
	}
	start := s0
	if a.Restrict != nil {
		if start, err = a.Restrict(s0); err != nil {
			return nil, "", exit.Usagef("n=%d: %v", n, err)
		}
	}
	lim := ProbLimits
	lim.MaxStates = int(a.MaxStates)
	// One MDP can be long to build: a line every two seconds on the
	// process's own stderr (a wall clock there only; never in results).
	polls := 0
	progress := loopProgress(stderr, func(_ int, el float64) {
		fmt.Fprintf(stderr, "electlab: fit: n=%d, building its Markov decision process, %.0fs at this size\n", n, el)
	})
	poll := func() bool {
		polls++
		progress(polls)
		return Interrupted()
	}
	an, err := prob.AnalyzeWith(start, prob.Options{MaxStates: int(a.MaxStates), MaxMem: a.MaxMem, Stop: poll}, lim)
	if errors.Is(err, prob.ErrInterrupted) {
		return nil, explore.Interrupted, nil
	}
	if err != nil {
		return nil, err.Error(), nil
	}
	p := checker.ParamsOf(s0)
	vals := bound.ValuesOf(p, s0)
	vals.Prob = map[string]prob.Answer{}
	for _, q := range a.Quantity.Queries() {
		ans, err := an.Query(q)
		if err != nil {
			return nil, err.Error(), nil
		}
		if Interrupted() {
			return nil, explore.Interrupted, nil
		}
		if ans.Inf {
			return nil, "", exit.Usagef("-counter %q: %s is infinite at n=%d (some scheduler, or every one for Emin, does not reach %s with probability 1): there is nothing to fit", a.Quantity.String(), q, n, q.Pred)
		}
		vals.Prob[q.String()] = ans
	}
	x, err := a.Quantity.Value(vals)
	if err != nil {
		return nil, "", exit.Usagef("-counter %q at n=%d: %v", a.Quantity.String(), n, err)
	}
	return &render.FitPoint{N: n, Value: x.RatString(), Configs: 1, States: int64(an.States()), MaxExact: true}, "", nil
}
