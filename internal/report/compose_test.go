package report

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// compositionProblems lists what breaks the composition rule in a report:
// an entry whose verdict ranks below a part's own verdict (the part's
// refutation hidden behind its parent), and an entry decided by a part
// whose line does not name that part in the text table, the Markdown
// heading's paragraph, the HTML summary row or the JSON entry.
func compositionProblems(rep *Report) []string {
	var out []string
	text, md, html := Text(rep), Markdown(rep), HTML(rep)
	var js bytes.Buffer
	if err := WriteJSON(&js, rep); err != nil {
		return []string{err.Error()}
	}
	own := map[string]claims.Verdict{}
	for _, e := range rep.Claims {
		own[e.ID+"|"+e.Algorithm] = e.Verdict
		if e.OwnVerdict != "" {
			own[e.ID+"|"+e.Algorithm] = e.OwnVerdict
		}
	}
	for _, e := range rep.Claims {
		for _, p := range rep.Claims {
			if !claims.IsPartOf(p.ID, e.ID) {
				continue
			}
			pv := own[p.ID+"|"+p.Algorithm]
			if p.claim != nil && p.claim.Reading != "" {
				// A reading of the parent's sentence (or of a sibling's):
				// judged with the other readings, so it need not decide
				// alone, but a reading that disagrees never leaves its
				// parent HOLDS and is named on its line.
				if pv == e.OwnVerdict || e.OwnVerdict == "" && pv == e.Verdict {
					continue
				}
				if e.Verdict == claims.Holds {
					out = append(out, fmt.Sprintf("%s (%s) reads HOLDS while its reading %s (%s) is %s", e.ID, e.Algorithm, p.ID, p.Algorithm, pv))
				}
			} else {
				if claims.Worst(e.Verdict, pv) != e.Verdict {
					out = append(out, fmt.Sprintf("%s (%s) reads %s while its part %s (%s) is %s", e.ID, e.Algorithm, e.Verdict, p.ID, p.Algorithm, pv))
				}
				if pv != e.Verdict || e.OwnVerdict == e.Verdict {
					continue
				}
			}
			// The part decides: the parent's line names it.
			if !lineNames(text, e.ID+" ", p.ID) {
				out = append(out, fmt.Sprintf("%s: the text table's line does not name %s", e.ID, p.ID))
			}
			if !lineNames(md, "## "+e.ID+" (", p.ID) {
				out = append(out, fmt.Sprintf("%s: the Markdown section does not name %s", e.ID, p.ID))
			}
			if !lineNames(html, `<tr class="claim-row v-row-`+strings.ToLower(string(e.Verdict))+`" data-claim="`+e.ID+`"`, p.ID) {
				out = append(out, fmt.Sprintf("%s: the HTML summary row does not name %s", e.ID, p.ID))
			}
			if !slices.ContainsFunc(e.Parts, func(q claims.PartVerdict) bool { return q.ID == p.ID && q.Verdict == pv }) {
				out = append(out, fmt.Sprintf("%s: its JSON parts do not list %s %s", e.ID, p.ID, pv))
			}
		}
	}
	if !bytes.Contains(js.Bytes(), []byte(`"parts"`)) && len(out) == 0 {
		for _, e := range rep.Claims {
			if len(e.Parts) > 0 {
				out = append(out, "report.json has no parts")
				break
			}
		}
	}
	return out
}

// lineNames reports whether the text has a line starting with prefix
// (after indentation) that, with the lines continuing it, names id.
func lineNames(text, prefix, id string) bool {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimLeft(l, " "), prefix) {
			continue
		}
		// The entry's line, and the lines that continue it (the
		// Markdown summary paragraph, the HTML row's cells).
		block := strings.Join(lines[i:min(i+5, len(lines))], "\n")
		if strings.Contains(block, id) {
			return true
		}
	}
	return false
}

// registryParents lists, for every claim ID of the registry (registered
// or in the catalog) that has registered parts, the registrations of the
// parent (none for a catalog claim registered only in parts) and of its
// parts.
func registryParents() map[string][2][]claim.Registered {
	var regs []claim.Registered
	for spec, c := range algos.Registry().Claims() {
		regs = append(regs, claim.Registered{Spec: spec, Claim: c})
	}
	ids := map[string]bool{}
	for _, ce := range algos.Catalog {
		ids[ce.ID] = true
	}
	for _, r := range regs {
		ids[r.Claim.ID] = true
	}
	out := map[string][2][]claim.Registered{}
	for id := range ids {
		var parent, parts []claim.Registered
		for _, r := range regs {
			switch {
			case r.Claim.ID == id:
				parent = append(parent, r)
			case claims.IsPartOf(r.Claim.ID, id):
				parts = append(parts, r)
			}
		}
		if len(parts) > 0 {
			out[id] = [2][]claim.Registered{parent, parts}
		}
	}
	return out
}

// reportOf builds the report of a parent and its parts with the given own
// verdicts (the parent HOLDS), composed by JudgeFromParts.
func reportOf(id string, parent, parts []claim.Registered, verdict func(i int) claims.Verdict, compose bool) *Report {
	var entries []Entry
	for _, r := range parent {
		entries = append(entries, entryOf(r.Spec, r.Claim, claims.Holds))
	}
	if len(parent) == 0 {
		entries = append(entries, Entry{ID: id, Algorithm: "-", Kind: "-", Claimed: "-", Verdict: claims.Unchecked, Summary: "checked in parts", Rows: []claims.Row{}})
	}
	for i, r := range parts {
		entries = append(entries, entryOf(r.Spec, r.Claim, verdict(i)))
	}
	if compose {
		entries = JudgeFromParts(entries)
	}
	rep := &Report{Tool: "electlab", Schema: Schema, Seed: 1, Claims: []Entry{}}
	for _, e := range entries {
		rep.Add(e)
	}
	return rep
}

func entryOf(spec model.Spec, c *claim.Claim, v claims.Verdict) Entry {
	return Entry{ID: c.ID, Algorithm: spec.Meta().Name, Source: c.Source, Says: c.Says, Formal: c.Formal, Kind: c.Kind.String(),
		Claimed: ClaimedText(c), Verdict: v, Summary: strings.ToLower(string(v)), Rows: []claims.Row{{Setting: "s", Verdict: v, Coverage: "c"}}, claim: c, spec: spec}
}

// Over the registry: every claim with registered parts (C-KAB-5 and
// C-KAB-5.P2P, C-FCEABR-8 and C-FCEABR-8.ring-column, the catalog claims
// checked only in parts), with each part in turn refuted or ambiguous
// while the parent's own rows hold, reads the part's verdict on its own
// line in every format, naming the part.
func TestCompositionOverRegistry(t *testing.T) {
	parents := registryParents()
	for _, id := range []string{"C-KAB-5", "C-KAB-2", "C-FCEABR-8"} {
		if _, ok := parents[id]; !ok {
			t.Errorf("%s has no registered part: the registry changed, or the walk misses it", id)
		}
	}
	checked := 0
	for id, pp := range parents {
		for k := range pp[1] {
			for _, bad := range []claims.Verdict{claims.Refuted, claims.Ambiguous} {
				rep := reportOf(id, pp[0], pp[1], func(i int) claims.Verdict {
					if i == k {
						return bad
					}
					return claims.Holds
				}, true)
				for _, p := range compositionProblems(rep) {
					t.Errorf("%s with %s %s: %s", id, pp[1][k].Claim.ID, bad, p)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no claim with parts in the registry: the test checks nothing")
	}
}

// The composition test can fail: the same reports left uncomposed (the
// old rule, which composed only catalog claims not registered whole) hide
// C-KAB-5.P2P's refutation behind C-KAB-5's HOLDS, and are caught.
func TestCompositionCanFail(t *testing.T) {
	pp := registryParents()["C-KAB-5"]
	if len(pp[0]) == 0 {
		t.Fatal("C-KAB-5 is not registered whole")
	}
	rep := reportOf("C-KAB-5", pp[0], pp[1], func(int) claims.Verdict { return claims.Refuted }, false)
	if probs := compositionProblems(rep); len(probs) == 0 {
		t.Fatal("a parent HOLDS beside its refuted part is not caught")
	}
	// Composed, the parent's line reads AMBIGUOUS (C-KAB-5.P2P is another
	// reading of its sentence, not an added condition) and names the part.
	rep = reportOf("C-KAB-5", pp[0], pp[1], func(int) claims.Verdict { return claims.Refuted }, true)
	if e := rep.Claims[0]; e.Verdict != claims.Ambiguous || e.OwnVerdict != claims.Holds || !strings.Contains(e.Summary, "C-KAB-5.P2P") {
		t.Fatalf("composed: %s (own %s): %s", e.Verdict, e.OwnVerdict, e.Summary)
	}
}

// Compose judges the readings of one sentence together and the added
// conditions by the worst: a reading that disagrees makes its sentence
// AMBIGUOUS, a refuted condition refutes.
func TestComposeReadings(t *testing.T) {
	H, R, P := claims.Holds, claims.Refuted, claims.Partial
	for _, c := range []struct {
		name  string
		own   claims.Own
		parts []claims.PartVerdict
		want  claims.Verdict
	}{
		{"reading disagrees", claims.Own{Verdict: H, Reading: "BCAST1"}, []claims.PartVerdict{{ID: "C.P2P", Verdict: R, Reading: "P2P"}}, claims.Ambiguous},
		{"readings agree", claims.Own{Verdict: R}, []claims.PartVerdict{{ID: "C.P2P", Verdict: R, Reading: "P2P"}}, R},
		{"readings differ in coverage", claims.Own{Verdict: H}, []claims.PartVerdict{{ID: "C.P2P", Verdict: P, Reading: "P2P"}}, P},
		{"condition refuted", claims.Own{Verdict: H}, []claims.PartVerdict{{ID: "C.worst", Verdict: R}}, R},
		{"sibling readings", claims.Own{Verdict: H}, []claims.PartVerdict{{ID: "C.I.P2P", Verdict: H, Reading: "P2P"}, {ID: "C.I.BCAST1", Verdict: R, Reading: "BCAST1"}}, claims.Ambiguous},
		{"sibling readings and a refuted condition", claims.Own{Verdict: H}, []claims.PartVerdict{{ID: "C.I.P2P", Verdict: H, Reading: "P2P"}, {ID: "C.I.BCAST1", Verdict: R, Reading: "BCAST1"}, {ID: "C.x", Verdict: R}}, R},
		{"only parts", claims.Own{}, []claims.PartVerdict{{ID: "C.a", Verdict: H, Reading: "a"}, {ID: "C.b", Verdict: R, Reading: "b"}}, claims.Ambiguous},
	} {
		v, line := claims.Compose("C", c.own, c.parts)
		if v != c.want {
			t.Errorf("%s: %s, want %s (%s)", c.name, v, c.want, line)
		}
		for _, p := range c.parts {
			if !strings.Contains(line, p.ID) {
				t.Errorf("%s: the line does not name %s: %s", c.name, p.ID, line)
			}
		}
	}
}

// readingProblems lists the registered parts that read their sentence
// another way without declaring it (claim.Claim.Reading): a Bound part
// with its parent's (or a sibling's) formula and relation but another
// message accounting is that sentence under another accounting, and must
// be judged as a reading, not as an added condition (a refutation under
// one accounting is not the sentence refuted).
func readingProblems(regs []claim.Registered) []string {
	byID := map[string][]*claim.Claim{}
	for _, r := range regs {
		byID[r.Claim.ID] = append(byID[r.Claim.ID], r.Claim)
	}
	var out []string
	for _, r := range regs {
		c := r.Claim
		if c.Kind != claim.Bound || c.Reading != "" || !strings.Contains(c.ID, ".") {
			continue
		}
		sentence := claims.Sentence(c.ID)
		for _, o := range regs {
			d := o.Claim
			if d == c || d.Kind != claim.Bound || d.FormulaText != c.FormulaText || d.Relation != c.Relation || d.Accounting == c.Accounting {
				continue
			}
			if d.ID == sentence || claims.Sentence(d.ID) == sentence && d.ID != c.ID {
				out = append(out, fmt.Sprintf("%s (%s) reads %s's sentence (%s %s) under %s, beside %s under %s, without declaring a Reading",
					c.ID, r.Spec.Meta().Name, sentence, c.Relation, c.FormulaText, c.Accounting, d.ID, d.Accounting))
				break
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Over the registry: every part that is its sentence under another
// accounting declares its reading.
func TestReadingsDeclared(t *testing.T) {
	var regs []claim.Registered
	for spec, c := range algos.Registry().Claims() {
		regs = append(regs, claim.Registered{Spec: spec, Claim: c})
	}
	for _, p := range readingProblems(regs) {
		t.Error(p)
	}
}

// The readings test can fail: C-KAB-5.P2P with its Reading removed (a
// broken registry entry) is caught.
func TestReadingsDeclaredCanFail(t *testing.T) {
	var regs []claim.Registered
	found := false
	for spec, c := range algos.Registry().Claims() {
		if c.ID == "C-KAB-5.P2P" {
			broken := *c
			broken.Reading = ""
			c = &broken
			found = true
		}
		regs = append(regs, claim.Registered{Spec: spec, Claim: c})
	}
	if !found {
		t.Fatal("C-KAB-5.P2P is not registered")
	}
	if probs := readingProblems(regs); !slices.ContainsFunc(probs, func(p string) bool { return strings.HasPrefix(p, "C-KAB-5.P2P ") }) {
		t.Fatalf("a P2P part of a BCAST1 claim without a Reading is not caught: %v", probs)
	}
}
