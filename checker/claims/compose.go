package claims

import (
	"fmt"
	"strings"
)

// The composition rule (issue 30, finding 4): a claim checked in parts —
// the registered claims whose IDs extend its ID ("C-KAB-5.P2P" is a part of
// "C-KAB-5", "C-FCEABR-8.ring-column" of
// "C-FCEABR-8") — has as its verdict the worst (Worst) of its own verdict
// and every part's own verdict: a part's refutation is never hidden behind
// its parent's line. The parent's own verdict (from its own rows; none for a
// catalog claim registered only in parts) is kept beside it, and its line
// names the parts that decide.
//
// A part that is another reading of the same sentence (claim.Claim.Reading:
// C-KAB-5.P2P counts C-KAB-5's messages point to point) is not an added
// condition: the readings of one sentence — the parts that declare a
// reading and share their ID up to its last dot, with the claim of that ID
// when it is registered (its own rows are then one reading) — are judged
// together as summarize judges a claim's readings: one verdict when they
// agree, PARTIAL when they differ only in coverage, AMBIGUOUS (each reading
// named on the line) when they disagree. That verdict then enters the worst
// with the rest.

// PartVerdict is one part's own verdict, as the composition rule reads it.
type PartVerdict struct {
	// ID is the part's claim ID; Algorithm the algorithm it is checked on.
	ID        string  `json:"id"`
	Algorithm string  `json:"algorithm"`
	Verdict   Verdict `json:"verdict"`
	// Reading names the reading of its sentence the part checks
	// (claim.Claim.Reading); "" for an added condition.
	Reading string `json:"reading,omitempty"`
}

// IsPartOf reports whether the claim id is a part of the claim parent:
// parent followed by "." and more.
func IsPartOf(id, parent string) bool {
	return len(id) > len(parent)+1 && strings.HasPrefix(id, parent) && id[len(parent)] == '.'
}

// Sentence is the sentence a reading part reads: its ID up to the last
// dot (C-KAB-5.P2P reads C-KAB-5's sentence; C-KAB-3.I.BCAST1 reads
// C-KAB-3.I's).
func Sentence(id string) string {
	if i := strings.LastIndexByte(id, '.'); i > 0 {
		return id[:i]
	}
	return id
}

// Own is the claim's own verdict for Compose: Verdict "" when the claim is
// registered only in parts; Reading its own rows' reading (claim.Claim.
// Reading), "" when it names none.
type Own struct {
	Verdict Verdict
	Reading string
}

// readingSet is the readings of one sentence among a claim's parts.
type readingSet struct {
	sentence string
	names    []string
	verdicts []Verdict
}

// verdict judges the readings together: their common verdict; PARTIAL
// when they differ only in coverage; AMBIGUOUS otherwise.
func (r *readingSet) verdict() Verdict {
	first, same, coverageOnly := r.verdicts[0], true, true
	for _, v := range r.verdicts {
		if v != first {
			same = false
		}
		if v != Holds && v != Partial && v != Unchecked {
			coverageOnly = false
		}
	}
	switch {
	case same:
		return first
	case coverageOnly:
		return Partial
	}
	return Ambiguous
}

// Compose applies the composition rule to the claim id: the worst of its
// own verdict (own.Verdict "" when it is registered only in parts), its
// reading sets' verdicts and its other parts' verdicts, and the line that
// states it ("" when there is no part): the own verdict, then the parts,
// those that decide first, each reading set as one item naming its
// readings.
func Compose(id string, own Own, parts []PartVerdict) (Verdict, string) {
	if len(parts) == 0 {
		return own.Verdict, ""
	}
	var sets []*readingSet
	set := func(sentence string) *readingSet {
		for _, s := range sets {
			if s.sentence == sentence {
				return s
			}
		}
		s := &readingSet{sentence: sentence}
		sets = append(sets, s)
		return s
	}
	ownInSet := false
	if own.Verdict != "" {
		for _, p := range parts {
			if p.Reading != "" && Sentence(p.ID) == id {
				name := "own rows"
				if own.Reading != "" {
					name += " (" + own.Reading + ")"
				}
				s := set(id)
				s.names = append(s.names, name+" "+own.Verdict.String())
				s.verdicts = append(s.verdicts, own.Verdict)
				ownInSet = true
				break
			}
		}
	}
	type item struct {
		text    string
		verdict Verdict
	}
	var items []item
	for _, p := range parts {
		if p.Reading == "" {
			items = append(items, item{fmt.Sprintf("%s (%s) %s", p.ID, p.Algorithm, p.Verdict), p.Verdict})
			continue
		}
		s := set(Sentence(p.ID))
		s.names = append(s.names, fmt.Sprintf("%s (%s, %s) %s", p.ID, p.Algorithm, p.Reading, p.Verdict))
		s.verdicts = append(s.verdicts, p.Verdict)
	}
	for _, s := range sets {
		v := s.verdict()
		items = append(items, item{fmt.Sprintf("readings of %s: %s, together %s", s.sentence, strings.Join(s.names, ", "), v), v})
	}
	vs := []Verdict{}
	if own.Verdict != "" && !ownInSet {
		vs = append(vs, own.Verdict)
	}
	for _, it := range items {
		vs = append(vs, it.verdict)
	}
	worst := Worst(vs...)
	var deciding, others []string
	for _, it := range items {
		if it.verdict == worst {
			deciding = append(deciding, it.text)
		} else {
			others = append(others, it.text)
		}
	}
	list := strings.Join(append(deciding, others...), "; ")
	switch {
	case own.Verdict == "":
		return worst, "worst of parts: " + list
	case ownInSet:
		return worst, "worst of parts (its own rows one reading): " + list
	}
	return worst, fmt.Sprintf("worst of own rows (%s) and parts: %s", own.Verdict, list)
}
