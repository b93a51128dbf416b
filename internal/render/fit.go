package render

import (
	"fmt"
	"io"

	"github.com/electlab/electlab/checker/formula"
)

// FitReport is the JSON output of `electlab fit` (a contract: scripts rely
// on these field names).
type FitReport struct {
	Algorithm string `json:"algorithm"`
	Variant   string `json:"variant"`
	// Quantity is what was measured (sends, ...), canonical.
	Quantity string `json:"quantity"`
	// The configuration family: the arrangement (asc, desc or every),
	// initiators and crashed (ids, n, n-K) and timing.
	Order      string `json:"order"`
	Initiators string `json:"initiators"`
	Crashed    string `json:"crashed"`
	Timing     string `json:"timing"`
	// NMin..NMax is the range asked for.
	NMin int `json:"n_min"`
	NMax int `json:"n_max"`
	// Statistical is set for -mean (sampled runs, not exact), with the
	// runs per size and the seed.
	Statistical bool   `json:"statistical"`
	Runs        int    `json:"runs,omitempty"`
	Seed        uint64 `json:"seed,omitempty"`
	// Probabilistic is set when the quantity reads probabilistic names:
	// each point is one configuration's exact Value over the schedulers
	// Schedulers names, and Value its fit.
	Probabilistic bool   `json:"probabilistic,omitempty"`
	Schedulers    string `json:"schedulers,omitempty"`
	// Points are the sizes measured, in order.
	Points []FitPoint `json:"points"`
	// Cap, when set, is the size where a cap stopped the range.
	Cap *FitCap `json:"cap,omitempty"`
	// Min and Max are the fits of the exact extremes; Mean that of the
	// sampled mean (-mean).
	Min  *FitSide `json:"min,omitempty"`
	Max  *FitSide `json:"max,omitempty"`
	Mean *FitSide `json:"mean,omitempty"`
	// Value is the fit of a probabilistic quantity's values.
	Value *FitSide `json:"value,omitempty"`
}

// FitPoint is one size's measurement: the exact min and max (as exact
// rationals in strings) over Configs configurations and States explored
// states, or (-mean) Configs sampled runs.
type FitPoint struct {
	N   int    `json:"n"`
	Min string `json:"min,omitempty"`
	Max string `json:"max,omitempty"`
	// Value is a probabilistic quantity's exact value (Probabilistic).
	Value   string `json:"value,omitempty"`
	Configs int    `json:"configurations"`
	States  int64  `json:"states,omitempty"`
	// MaxExact is false when a cycle that sends messages was cut (the
	// max is then a lower bound).
	MaxExact bool `json:"max_exact"`
	// Capped counts sampled runs stopped by a cap (left out of the mean).
	Capped int `json:"capped,omitempty"`
	// Violation names the first property violation seen at this size
	// (its executions are measured too).
	Violation string `json:"violation,omitempty"`
}

// FitCap is where and why a cap stopped the range.
type FitCap struct {
	N      int    `json:"n"`
	Reason string `json:"reason"`
}

// FitSide is the fit of one statistic: the exact formula, or why there
// is none, and the claim beside it (-claim).
type FitSide struct {
	Fitted     *formula.Fitted     `json:"fitted,omitempty"`
	MeanFitted *formula.MeanFitted `json:"-"`
	// MeanJSON is MeanFitted as the JSON shows it (SetMean).
	MeanJSON *MeanFitJSON `json:"mean_fitted,omitempty"`
	// NoFit is set when no formula of the families fits (Error says so).
	NoFit bool   `json:"no_fit,omitempty"`
	Error string `json:"error,omitempty"`
	// Note qualifies the sizes fitted.
	Note  string    `json:"note,omitempty"`
	Claim *FitClaim `json:"claim,omitempty"`
}

// FitClaim is a claim's formula beside a fitted one, compared on
// n=From..To (measured up to Measured, the fitted formula extrapolated
// beyond): DiffN is the smallest n where they differ (0 when none).
type FitClaim struct {
	ID          string `json:"id"`
	Claimed     string `json:"claimed"`
	Fitted      string `json:"fitted"`
	From        int    `json:"from"`
	To          int    `json:"to"`
	Measured    int    `json:"measured_to"`
	DiffN       int    `json:"differ_at,omitempty"`
	DiffFitted  string `json:"fitted_value,omitempty"`
	DiffClaimed string `json:"claimed_value,omitempty"`
	Error       string `json:"error,omitempty"`
}

// PrintFit prints a fit as `electlab fit` does.
func PrintFit(w io.Writer, r *FitReport) {
	arr := map[string]string{"asc": "ids 1..n ascending", "desc": "ids n..1 descending", "every": "every arrangement of the ids"}[r.Order]
	fmt.Fprintf(w, "algorithm    %s (variant %s)\n", r.Algorithm, r.Variant)
	fmt.Fprintf(w, "family       %s, initiators %s, crashed %s, timing %s, n=%d..%d\n", arr, r.Initiators, r.Crashed, r.Timing, r.NMin, r.NMax)
	switch {
	case r.Probabilistic:
		fmt.Fprintf(w, "measured     exact value of %s on each size's Markov decision process (one configuration; variant %s fixed: the fit is in n only), over %s\n", r.Quantity, r.Variant, r.Schedulers)
	case r.Statistical:
		fmt.Fprintf(w, "measured     mean of %s over %d random schedules per size (seed %d): STATISTICAL, not exact\n", r.Quantity, r.Runs, r.Seed)
	default:
		fmt.Fprintf(w, "measured     exact min and max of %s over every configuration and every schedule (exhaustive search)\n", r.Quantity)
	}
	for _, p := range r.Points {
		switch {
		case r.Probabilistic:
			fmt.Fprintf(w, "  n=%-3d %s   (%d states)\n", p.N, p.Value, p.States)
		case r.Statistical:
			fmt.Fprintf(w, "  n=%-3d %d runs", p.N, p.Configs)
			if p.Capped > 0 {
				fmt.Fprintf(w, " (%d more stopped by a cap, left out)", p.Capped)
			}
			fmt.Fprintln(w)
		default:
			lower := ""
			if !p.MaxExact {
				lower = " (max is a lower bound)"
			}
			fmt.Fprintf(w, "  n=%-3d min %s, max %s%s   (%d configuration(s), %d states)\n", p.N, p.Min, p.Max, lower, p.Configs, p.States)
		}
		if p.Violation != "" {
			fmt.Fprintf(w, "         note: a violation at this size: %s\n", p.Violation)
		}
	}
	switch {
	case r.Cap != nil && r.Cap.Reason == "interrupted":
		fmt.Fprintf(w, "interrupted  at n=%d; the range stops at n=%d (not a verdict beyond)\n", r.Cap.N, r.Cap.N-1)
	case r.Cap != nil:
		fmt.Fprintf(w, "cap reached  at n=%d: %s; the range stops at n=%d (not a verdict beyond)\n", r.Cap.N, r.Cap.Reason, r.Cap.N-1)
	}
	printSide(w, "min", r.Quantity, r.Min)
	printSide(w, "max", r.Quantity, r.Max)
	printSide(w, "mean", r.Quantity, r.Mean)
	printSide(w, "value", r.Quantity, r.Value)
}

// printSide prints one fitted statistic and its claim comparison.
func printSide(w io.Writer, name, quantity string, s *FitSide) {
	if s == nil {
		return
	}
	switch {
	case s.Fitted != nil:
		fmt.Fprintf(w, "%s %s = %s   %s\n", name, quantity, s.Fitted, s.Fitted.Summary())
	case s.MeanFitted != nil:
		m := s.MeanFitted
		if m.Exact != nil {
			fmt.Fprintf(w, "%s %s = %s   %s\n", name, quantity, m, m.Summary())
		} else {
			fmt.Fprintf(w, "%s %s ~ %s   %s\n", name, quantity, m, m.Summary())
		}
		for _, p := range m.Points {
			if p.Constant {
				// Every run the same: the mean is exact, no error.
				fmt.Fprintf(w, "  n=%-3d mean %s (every run the same); fitted %.4g\n", p.N, p.Exact.RatString(), p.Fitted)
				continue
			}
			fmt.Fprintf(w, "  n=%-3d mean %.4g ± %.2g (standard error); fitted %.4g, 95%% band %.4g..%.4g\n", p.N, p.Mean, p.StdErr, p.Fitted, p.Lo, p.Hi)
		}
	default:
		fmt.Fprintf(w, "%s %s: %s\n", name, quantity, s.Error)
	}
	if s.Note != "" {
		fmt.Fprintf(w, "  note: %s\n", s.Note)
	}
	if c := s.Claim; c != nil {
		fmt.Fprintf(w, "  claim %s: %s\n", c.ID, c.Claimed)
		switch {
		case c.Error != "":
			fmt.Fprintf(w, "  compared: %s\n", c.Error)
		case c.DiffN == 0:
			fmt.Fprintf(w, "  the fitted %s equals the claimed formula at every n=%d..%d%s\n", name, c.From, c.To, extrapolated(c))
		default:
			where := "a measured size"
			if c.DiffN > c.Measured {
				where = "beyond the measured sizes: the fitted formula is extrapolated there"
			}
			fmt.Fprintf(w, "  they differ first at n=%d (%s): fitted %s, claimed %s\n", c.DiffN, where, c.DiffFitted, c.DiffClaimed)
		}
	}
}

func extrapolated(c *FitClaim) string {
	if c.To <= c.Measured {
		return ""
	}
	return fmt.Sprintf(" (measured up to %d, the fitted formula extrapolated beyond)", c.Measured)
}

// MeanFitJSON is a statistical fit of sampled means in fit -json: the
// formula with its estimated coefficients (floats: not exact, unless
// statistical is false: every sampled run at each size gave the same
// value, and the formula is exact on those means), the sizes,
// the multiple Z of the standard error every mean had to be within, and
// each size's mean, standard error, fitted value and 95% band.
type MeanFitJSON struct {
	Formula     string         `json:"formula"`
	Statistical bool           `json:"statistical"`
	Terms       []MeanTermJSON `json:"terms"`
	FitN        []int          `json:"fit_n"`
	HeldOutN    []int          `json:"held_out_n"`
	Z           float64        `json:"z"`
	Points      []MeanPtJSON   `json:"points"`
}

// MeanTermJSON is one estimated term of a mean fit.
type MeanTermJSON struct {
	Term string  `json:"term"`
	Coef float64 `json:"coef"`
}

// MeanPtJSON is one size of a mean fit.
type MeanPtJSON struct {
	N       int     `json:"n"`
	Samples int     `json:"samples"`
	Mean    float64 `json:"mean"`
	StdErr  float64 `json:"stderr"`
	Fitted  float64 `json:"fitted"`
	Lo      float64 `json:"band_lo"`
	Hi      float64 `json:"band_hi"`
}

// SetMean sets the side's mean fit (and its JSON form).
func (s *FitSide) SetMean(m *formula.MeanFitted) {
	s.MeanFitted = m
	j := &MeanFitJSON{Formula: m.String(), Statistical: m.Exact == nil, FitN: m.FitN, HeldOutN: m.HeldOutN, Z: m.Z}
	for i, b := range m.Family {
		j.Terms = append(j.Terms, MeanTermJSON{Term: b.String(), Coef: m.Coef[i]})
	}
	for _, p := range m.Points {
		j.Points = append(j.Points, MeanPtJSON{p.N, p.Samples, p.Mean, p.StdErr, p.Fitted, p.Lo, p.Hi})
	}
	s.MeanJSON = j
}
