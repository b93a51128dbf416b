package claims

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// stableRecord is what a stability claim (claim.Claim.Stable) measured at
// one size of a row: the smallest and the largest value, each with the
// configuration of an execution that gave it.
type stableRecord struct {
	set            bool
	min, max       int64
	minCfg, maxCfg string
}

// record adds one execution's measured value m (its initial world s0) to
// the size's record of stability claim c; nothing for other claims.
func (r *stableRecord) record(c *claim.Claim, s0 model.System, m int64) {
	if !c.Stable {
		return
	}
	cfg := func() string {
		if x := s0.Config(); x != nil {
			return x.String()
		}
		return "?"
	}
	switch {
	case !r.set:
		r.set, r.min, r.max = true, m, m
		r.minCfg = cfg()
		r.maxCfg = r.minCfg
	case m < r.min:
		r.min, r.minCfg = m, cfg()
	case m > r.max:
		r.max, r.maxCfg = m, cfg()
	}
}

// judgeStable refutes the row of a stability claim when the values
// measured at this size differ (the minimum below the maximum), naming an
// execution of each; the size's point shows the maximum.
func (sz *sizeCheck) judgeStable() {
	r := &sz.stable
	row := &sz.rc.row
	if !sz.rc.c.Stable || !r.set || r.min == r.max || row.Verdict != Holds {
		return
	}
	row.Verdict = Refuted
	row.Arithmetic = fmt.Sprintf("not stable at n=%d: %s %d in (%s) but %d in (%s); the count varies between %d and %d over the %d executions of this size",
		sz.n, sz.rc.c.Quantity, r.max, r.maxCfg, r.min, r.minCfg, r.min, r.max, sz.pt.Cases)
}
