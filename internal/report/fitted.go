package report

import (
	"errors"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/checker/formula"
	"github.com/electlab/electlab/claim"
)

// fittedText is the exact closed form (formula.Fit) of a bound claim's
// row's measured extremes at the consecutive sizes, from the first, where
// every schedule of every configuration was explored (Point.AllSchedules),
// as electlab fit prints it: "fitted max over every schedule = 3n - 1,
// exact on n=3..6 (fit 3,4, held out 5,6)". It is "" for other claims and
// when fewer than 3 such sizes exist; when no formula of the families
// fits sizes enough to try every family (7), it says so.
func fittedText(c *Entry, r *claims.Row) string {
	if c.claim == nil || c.claim.Kind != claim.Bound {
		return ""
	}
	var pts []formula.Point
	for _, p := range r.Points {
		if !p.AllSchedules || (len(pts) > 0 && p.N != pts[len(pts)-1].N+1) {
			break
		}
		pts = append(pts, formula.IntPoint(p.N, p.Measured))
	}
	if len(pts) < 3 {
		return ""
	}
	side := "max"
	if c.claim.Relation == claim.AtLeast {
		side = "min"
	}
	f, err := formula.Fit(pts, formula.FitOptions{})
	if err == nil {
		return "fitted " + side + " over every schedule = " + f.String() + ", " + f.Summary()
	}
	// Only when every family was tried (enough sizes): with fewer, too
	// little to say that none fits.
	var nf *formula.NoFitError
	if errors.As(err, &nf) && nf.Complete() {
		return "fitted " + side + " over every schedule: " + err.Error()
	}
	return ""
}
