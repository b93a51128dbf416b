package claims

import (
	"fmt"
	"strings"
)

// The composition rule (issue 30, finding 4): a claim checked in parts —
// the registered claims whose IDs extend its ID ("C-KAB-5.P2P" is a part of
// "C-KAB-5", "C-FCEABR-8.half.selection" of "C-FCEABR-8.half" and of
// "C-FCEABR-8") — has as its verdict the worst (Worst) of its own verdict
// and every part's own verdict: a part's refutation is never hidden behind
// its parent's line. The parent's own verdict (from its own rows; none for a
// catalog claim registered only in parts) is kept beside it, and its line
// names the parts that decide.

// PartVerdict is one part's own verdict, as the composition rule reads it.
type PartVerdict struct {
	// ID is the part's claim ID; Algorithm the algorithm it is checked on.
	ID        string  `json:"id"`
	Algorithm string  `json:"algorithm"`
	Verdict   Verdict `json:"verdict"`
}

// IsPartOf reports whether the claim id is a part of the claim parent:
// parent followed by "." and more.
func IsPartOf(id, parent string) bool {
	return len(id) > len(parent)+1 && strings.HasPrefix(id, parent) && id[len(parent)] == '.'
}

// Compose applies the composition rule: the worst of own (the claim's own
// verdict, "" when it is registered only in parts) and its parts' verdicts,
// and the line that states it ("" when there is no part): the own verdict,
// then the parts, those that decide first.
func Compose(own Verdict, parts []PartVerdict) (Verdict, string) {
	if len(parts) == 0 {
		return own, ""
	}
	vs := []Verdict{}
	if own != "" {
		vs = append(vs, own)
	}
	for _, p := range parts {
		vs = append(vs, p.Verdict)
	}
	worst := Worst(vs...)
	var deciding, others []string
	for _, p := range parts {
		s := fmt.Sprintf("%s (%s) %s", p.ID, p.Algorithm, p.Verdict)
		if p.Verdict == worst {
			deciding = append(deciding, s)
		} else {
			others = append(others, s)
		}
	}
	line := "worst of parts: " + strings.Join(append(deciding, others...), ", ")
	if own != "" {
		line = fmt.Sprintf("worst of own rows (%s) and parts: %s", own, strings.Join(append(deciding, others...), ", "))
	}
	return worst, line
}
