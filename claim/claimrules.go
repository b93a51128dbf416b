package claim

import (
	"fmt"
	"strings"
)

// extremeWords are the phrases by which a sentence says its number is an
// extreme that some execution attains.
var extremeWords = []string{"worst case", "worst-case", "best case", "best-case"}

// ExtremeWording reports whether the claim's sentence (Says) calls its
// number a worst or a best case.
func (c *Claim) ExtremeWording() bool {
	s := strings.ToLower(c.Says)
	for _, w := range extremeWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// LooseExtreme reports a bound registered looser than its sentence: an
// AtMost or AtLeast bound whose sentence speaks of a worst or best case
// (ExtremeWording) but is neither Tight (the extreme must be attained at
// every size) nor says why not (NotTight). An Exactly bound is attained by
// definition.
func (c *Claim) LooseExtreme() error {
	if c.Kind != Bound || c.Relation == Exactly || c.Tight || c.NotTight != "" || c.NotModelled != "" || !c.ExtremeWording() {
		return nil
	}
	return fmt.Errorf("claim %s: its sentence speaks of a worst or best case, but the bound %s %s is not Tight (checked as attained) and NotTight gives no reason", c.ID, c.Relation, c.FormulaText)
}

// labelWords are the phrases by which a claim's statement (Formal) says it
// decides what a printed label really denotes: a reconciliation of the
// paper with itself, the tool's hypothesis.
var labelWords = []string{"which algorithm the printed", "the column labelled", "the row labelled", "is not what the paper labels"}

// UnmarkedHypothesis reports a claim whose statement decides what a label
// the paper prints really denotes (labelWords) but is not marked as the
// tool's hypothesis (Hypothesis): it would report HOLDS for a finding that
// contradicts the paper's label, which is INCONSISTENT.
func (c *Claim) UnmarkedHypothesis() error {
	if c.Hypothesis != "" {
		return nil
	}
	f := strings.ToLower(c.Formal)
	for _, w := range labelWords {
		if strings.Contains(f, w) {
			return fmt.Errorf("claim %s: its statement decides what a printed label denotes (%q) but Hypothesis does not mark it as the tool's hypothesis", c.ID, w)
		}
	}
	return nil
}
