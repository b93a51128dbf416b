package claims

import (
	"github.com/electlab/electlab/claim"
)

// sentenceReading is one reading of a claim's sentence
// (claim.Claim.Readings) as the engine checks it: the claim with the
// reading's measure in place of its own.
type sentenceReading struct {
	name  string
	claim *claim.Claim
}

// sentenceReadings returns the readings of c's sentence, each as a claim to
// check; c itself, unnamed, when it declares none.
func sentenceReadings(c *claim.Claim) []sentenceReading {
	if len(c.Readings) == 0 {
		return []sentenceReading{{claim: c}}
	}
	out := make([]sentenceReading, len(c.Readings))
	for i, r := range c.Readings {
		cc := *c
		cc.Measure, cc.Readings = r.Measure, nil
		out[i] = sentenceReading{name: r.Name, claim: &cc}
	}
	return out
}

// label names the sentence's reading in the row: its reading (what the
// verdict is grouped by) and its setting.
func (sr sentenceReading) label(row *Row) {
	if sr.name == "" {
		return
	}
	key := row.Reading
	if key == "" {
		key = row.Variant
	}
	row.Reading = "the sentence read as " + sr.name + "; " + key
	row.Setting += " (the sentence read as " + sr.name + ")"
}

// hypothesisVerdict applies the rule of a claim that is the tool's own
// hypothesis (claim.Claim.Hypothesis): checks that all pass establish that
// the paper contradicts itself, INCONSISTENT, never HOLDS; partial checks
// stay PARTIAL, saying what holding would establish.
func hypothesisVerdict(c *claim.Claim, verdict Verdict, summary string) (Verdict, string) {
	if c.Hypothesis == "" {
		return verdict, summary
	}
	switch verdict {
	case Holds:
		return Inconsistent, "the tool's hypothesis holds (" + summary + "), so the paper contradicts itself: " + c.Hypothesis
	case Partial:
		return Partial, "the tool's hypothesis holds where checked (" + summary + "); where it holds, the paper contradicts itself: " + c.Hypothesis
	}
	return verdict, "the tool's hypothesis (not a sentence of the paper): " + summary
}
