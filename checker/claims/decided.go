package claims

import (
	"fmt"
	"slices"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// The decided-sizes rule (issue 30, finding 3): a claim's verdict is
// decided at the sizes its sentence speaks of. A claim declares them
// (claim.Claim.DecidedSizes, e.g. [S3] §IX's NS = 8); each of its settings
// and readings is then checked in two rows: one at the decided sizes,
// which decides, and one at the other sizes checked, an evidence row
// (Row.Evidence), shown with its verdict and coverage but never deciding.
// Without the declaration every size checked decides.

// Decides reports whether the row decides its claim's verdict: it is
// within the paper's assumptions (and the claim's failure budget) and at
// the sizes the claim's sentence speaks of.
func (r *Row) Decides() bool { return !r.Outside && !r.Evidence }

// checkedSizes are the sizes claim c is checked at: Sizes, or every size
// in NMin..NMax.
func checkedSizes(c *claim.Claim) []int {
	if len(c.Sizes) > 0 {
		return c.Sizes
	}
	var out []int
	for n := c.NMin; n <= c.NMax; n++ {
		out = append(out, n)
	}
	return out
}

// settingRows checks claim c under one setting and variant: one row, or,
// when the claim declares the sizes its sentence speaks of, a deciding
// row at those sizes and an evidence row at the others (none when there
// are no others).
func (e *Engine) settingRows(spec model.Spec, c *claim.Claim, st *claim.Setting, si int, variant string) []Row {
	if len(c.DecidedSizes) == 0 {
		return []Row{e.checkRow(spec, c, st, si, variant)}
	}
	var decided, evidence []int
	for _, n := range checkedSizes(c) {
		if slices.Contains(c.DecidedSizes, n) {
			decided = append(decided, n)
		} else {
			evidence = append(evidence, n)
		}
	}
	rows := []Row{e.checkRowAt(spec, c, st, si, variant, decided)}
	if len(evidence) > 0 {
		r := e.checkRowAt(spec, c, st, si, variant, evidence)
		r.Evidence = true
		r.Coverage += fmt.Sprintf("; evidence (not deciding): n=%s are not the sizes the claim's sentence speaks of (n=%s); shown, this row does not decide the verdict", sizes(evidence), sizes(decided))
		rows = append(rows, r)
	}
	return rows
}

// Summarize is the verdict and summary of a claim whose rows are rows
// (multi: it is checked under more than one variant), as CheckClaim
// derives them before the claim's declared unchecked parts: for a test of
// which rows decide.
func Summarize(rows []Row, multi bool) (Verdict, string) { return summarize(rows, multi) }
