package claims_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// sentenceSizes are the sizes a claim's sentence names: "NS = 8", "N=40",
// "n = 5" or "for 5, 10, 20 processes" in its quote (Says), and "the
// sentence's NS = 8" in its formal statement (a size the quote's context
// fixes).
func sentenceSizes(c *claim.Claim) []int {
	var out []int
	add := func(s string) {
		for _, m := range regexp.MustCompile(`\d+`).FindAllString(s, -1) {
			if n, err := strconv.Atoi(m); err == nil && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	for _, m := range regexp.MustCompile(`\b(?:NS|N|n|NPBCC)\s*=\s*(\d+)`).FindAllStringSubmatch(c.Says, -1) {
		add(m[1])
	}
	for _, m := range regexp.MustCompile(`\bfor ((?:\d+, )*\d+(?:,? and \d+)?) (?:processes|sites|nodes)\b`).FindAllStringSubmatch(c.Says, -1) {
		add(m[1])
	}
	for _, m := range regexp.MustCompile(`the sentence's (?:NS|N|n) = (\d+)`).FindAllStringSubmatch(c.Formal, -1) {
		add(m[1])
	}
	slices.Sort(out)
	return out
}

// decidedSizesProblems lists what breaks the decided-sizes rule in claim
// c's declaration: a size its sentence names that it does not decide at,
// or a size it decides at that its sentence does not speak of. Without a
// DecidedSizes declaration every size checked decides, and each must be
// a named size or one more (the same size counted under the other member
// convention: the crashed coordinator counted, catalog convention B).
func decidedSizesProblems(c *claim.Claim) []string {
	named := sentenceSizes(c)
	if len(named) == 0 || c.Kind == claim.Table || c.NotModelled != "" {
		return nil
	}
	var out []string
	decided := c.DecidedSizes
	if len(decided) == 0 {
		decided = claims.CheckedSizes(c)
		for _, n := range decided {
			if !slices.Contains(named, n) && !slices.Contains(named, n-1) {
				out = append(out, fmt.Sprintf("decides at n=%d, which its sentence (sizes %v) does not speak of: declare DecidedSizes", n, named))
			}
		}
	}
	for _, n := range named {
		if !slices.Contains(decided, n) && !slices.Contains(claims.CheckedSizes(c), n+1) {
			out = append(out, fmt.Sprintf("its sentence names n=%d, which it does not decide at", n))
		}
	}
	return out
}

// Every registered claim whose sentence names sizes decides its verdict
// at those sizes only (declared, or its only sizes).
func TestSentenceSizesDeclared(t *testing.T) {
	named := 0
	for spec, c := range algos.Registry().Claims() {
		if len(sentenceSizes(c)) > 0 {
			named++
		}
		for _, p := range decidedSizesProblems(c) {
			t.Errorf("%s (%s): %s", c.ID, spec.Meta().Name, p)
		}
	}
	if named == 0 {
		t.Fatal("no claim's sentence names a size: the test checks nothing")
	}
}

// The rule can fail: C-FCEABOB-4.iii.measured (the sentence's NS = 8)
// without its declaration decides at NS = 4..7 and is caught.
func TestSentenceSizesCanFail(t *testing.T) {
	var c *claim.Claim
	for _, sc := range algos.Registry().Claims() {
		if sc.ID == "C-FCEABOB-4.iii.measured" {
			c = sc
		}
	}
	if c == nil {
		t.Fatal("C-FCEABOB-4.iii.measured is not registered")
	}
	if p := decidedSizesProblems(c); len(p) > 0 {
		t.Fatalf("as registered: %v", p)
	}
	broken := *c
	broken.DecidedSizes = nil
	if len(decidedSizesProblems(&broken)) == 0 {
		t.Fatal("a claim about NS = 8 deciding at NS = 4..8 is not caught")
	}
}

// evidenceProblems lists what breaks the decided-sizes rule in a result:
// an evidence row at a decided size, a deciding row at a size not
// decided, and a verdict that changes when every evidence row is made
// REFUTED (an evidence row that decides).
func evidenceProblems(c *claim.Claim, res *claims.ClaimResult, resummarize func([]claims.Row) claims.Verdict) []string {
	var out []string
	for i, r := range res.Rows {
		for _, p := range r.Points {
			if decided := len(c.DecidedSizes) == 0 || slices.Contains(c.DecidedSizes, p.N); decided == r.Evidence && r.Model != "extreme" {
				out = append(out, fmt.Sprintf("row %d (%s): evidence %v at n=%d", i+1, r.Setting, r.Evidence, p.N))
			}
		}
	}
	flipped := append([]claims.Row(nil), res.Rows...)
	for i := range flipped {
		if flipped[i].Evidence {
			flipped[i].Verdict = claims.Refuted
		}
	}
	if v := resummarize(flipped); v != res.Verdict {
		out = append(out, fmt.Sprintf("the verdict %s becomes %s when the evidence rows are refuted: an evidence row decides", res.Verdict, v))
	}
	return out
}

// A bound refuted only at n=3 on changroberts: with n=4 its decided size
// it HOLDS, the n=3 row shown as refuted evidence; the same rows with the
// evidence mark removed decide, and the rule catches them.
func TestEvidenceRowsNeverDecide(t *testing.T) {
	c := &claim.Claim{ID: "C-TEST-DECIDED", Source: "test", Says: "at most 100 messages for n = 4", Kind: claim.Bound,
		Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula: func(p claim.Params) claim.Rat {
			if p.N == 3 {
				return claim.RatInt(0)
			}
			return claim.RatInt(100)
		},
		FormulaText: "0 at n=3, else 100", NMin: 3, NMax: 4, DecidedSizes: []int{4},
		Settings: []claim.Setting{{Name: "sync, any initiators", Timing: model.Sync}}}
	e := reducedEngine()
	res := e.CheckClaim(changroberts.Algorithm, c)
	if res.Verdict != claims.Holds || len(res.Rows) != 2 || !res.Rows[1].Evidence || res.Rows[1].Verdict != claims.Refuted {
		t.Fatalf("decided at n=4: %s (%s), rows %d", res.Verdict, res.Summary, len(res.Rows))
	}
	resum := func(rows []claims.Row) claims.Verdict { v, _ := claims.Summarize(rows, false); return v }
	if p := evidenceProblems(c, res, resum); len(p) > 0 {
		t.Fatalf("as checked: %v", p)
	}
	forged := *res
	forged.Rows = append([]claims.Row(nil), res.Rows...)
	forged.Rows[1].Evidence = false
	if len(evidenceProblems(c, &forged, resum)) == 0 {
		t.Fatal("an n=3 row that decides is not caught")
	}
	// Without the declaration the n=3 refutation decides.
	whole := *c
	whole.DecidedSizes = nil
	if res := e.CheckClaim(changroberts.Algorithm, &whole); res.Verdict != claims.Refuted {
		t.Fatalf("without DecidedSizes: %s (%s), want REFUTED", res.Verdict, res.Summary)
	}
	// Every registered claim with decided sizes, checked.
	n := 0
	for spec, rc := range algos.Registry().Claims() {
		if len(rc.DecidedSizes) == 0 {
			continue
		}
		n++
		res := e.CheckClaim(spec, rc)
		for _, p := range evidenceProblems(rc, res, resum) {
			t.Errorf("%s (%s): %s", rc.ID, spec.Meta().Name, p)
		}
	}
	if n == 0 {
		t.Fatal("no registered claim declares DecidedSizes")
	}
}

// A growth claim measured at fewer than two sizes (a -max-n below its
// sizes) fits nothing: UNCHECKED, with a fit that JSON can encode (it was
// REFUTED with a NaN exponent, which made the report unwritable).
func TestGrowthWithOneSizeIsUnchecked(t *testing.T) {
	c := &claim.Claim{ID: "C-TEST-GROWTH", Source: "test", Says: "grows as n", Kind: claim.Growth, Order: 1,
		Quantity: claim.Messages, Accounting: model.P2P, NMin: 3, NMax: 6,
		Settings: []claim.Setting{{Name: "sync, any initiators", Timing: model.Sync}}}
	e := reducedEngine()
	e.MaxN = 3
	res := e.CheckClaim(changroberts.Algorithm, c)
	if res.Verdict != claims.Unchecked || res.Rows[0].Partial == "" {
		t.Fatalf("one size: %s (%s)", res.Verdict, res.Summary)
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatalf("one size: %v", err)
	}
}
