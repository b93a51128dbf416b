package report

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// The randomized elections section of the claims report (docs/REPORT.md,
// "Randomized elections"): every Probability claim's exact answers, as
// the engine's rows recorded them (claims.ProbPoint), one line per
// configuration and query with the least and greatest value over every
// scheduler beside the claim's formula; the rows' plots of P[elected
// within L rounds] against L; and what PRISM's case studies publish for
// the same models beside electlab's own state counts. Nothing here is
// computed anew: every number is a row's.

// Randomized is the randomized elections section (present when the
// report has a Probability claim with rows).
type Randomized struct {
	// Claims are the Probability claims, in report order.
	Claims []RandomClaim `json:"claims"`
	// PRISM compares the state counts with PRISM's case studies.
	PRISM PRISMComparison `json:"prism"`
}

// RandomClaim is one Probability claim of the section.
type RandomClaim struct {
	ID        string         `json:"id"`
	Algorithm string         `json:"algorithm"`
	Verdict   claims.Verdict `json:"verdict"`
	// Queries are the claim's probabilistic names as it declares them.
	Queries []string `json:"queries"`
	// Relation and Formula are the claim's: each answer stands in
	// Relation to Formula's value at the configuration's parameters.
	Relation string `json:"relation"`
	Formula  string `json:"formula"`
	// Answers are the exact answers, one per row, configuration and
	// query (its min and max paired), in the rows' order.
	Answers []RandomAnswer `json:"answers"`
	// Plots are the rows' plots of the answers against L (with -out only),
	// relative to the report directory: the same files as the entry's.
	Plots []string `json:"plots,omitempty"`
}

// RandomAnswer is one query on one configuration: its least and greatest
// value over every scheduler (either absent when the claim does not ask
// for it) and the formula's value.
type RandomAnswer struct {
	// Row is the 1-based row of the claim's entry; Variant its variant
	// (the range K of the values drawn, for Itai and Rodeh's elections).
	Row     int        `json:"row"`
	Variant string     `json:"variant"`
	N       int        `json:"n"`
	IDs     []model.ID `json:"ids"`
	// States are the configuration's Markov decision process's states.
	States int `json:"states"`
	// Query is the query without its extreme: P[elected within 2 rounds].
	Query   string       `json:"query"`
	Min     *RandomValue `json:"min,omitempty"`
	Max     *RandomValue `json:"max,omitempty"`
	Claimed RandomValue  `json:"claimed"`
	// Agrees: every answer of the pair stands in the claim's relation to
	// the formula's value (the engine's ProbPoint.Holds).
	Agrees bool `json:"agrees"`
}

// RandomValue is an exact value and its decimal rendering.
type RandomValue struct {
	// Exact is the rational p/q (or an integer, or "infinity").
	Exact string `json:"exact"`
	// Decimal is Exact rounded to 6 decimal places ("infinity" for it).
	Decimal string `json:"decimal"`
}

// PRISMComparison sets electlab's state counts beside those PRISM's case
// studies publish for the same model (prismStates).
type PRISMComparison struct {
	// Source cites the published figures; Model is PRISM's model and
	// Algorithm electlab's.
	Source    string     `json:"source"`
	Model     string     `json:"model"`
	Algorithm string     `json:"algorithm"`
	Rows      []PRISMRow `json:"rows"`
	// Why says why the counts differ; Expected what is not compared.
	Why      string `json:"why"`
	Expected string `json:"expected"`
}

// PRISMRow is one (N, K) of PRISM's table: its published state count and
// electlab's, from this run's rows (0 and From "" when the run has none).
type PRISMRow struct {
	N           int `json:"n"`
	K           int `json:"k"`
	PRISMStates int `json:"prism_states"`
	States      int `json:"states,omitempty"`
	// From names the answer the count comes from: "IR-SYNC-1 row 3, n=4".
	From string `json:"from,omitempty"`
}

// prismRef is one published state count: PRISM's model at (N, K), and
// electlab's variant of the same K.
type prismRef struct {
	N, K, States int
	Variant      string
}

// The published state counts of PRISM's leader_sync (Itai and Rodeh's
// synchronous election) in the QVBS index of Storm and PRISM benchmarks,
// and electlab's model of the same election (its variant "kK" draws from
// 1..K: algos/itairodeh.Variant, which a test checks).
const (
	prismSource    = "QVBS, leader_sync"
	prismModel     = "leader_sync"
	prismAlgorithm = "itairodeh-sync"
	prismWhy       = "The counts differ in granularity: PRISM's model spends N+1 steps per round passing the drawn values round the ring, each step a state, while electlab's round is N coins and one multicast round."
	prismExpected  = "No published expected-round or probability values are compared: the report has none of PRISM's on record, so the exact values above are checked against the claims' closed forms only."
)

var prismStates = []prismRef{
	{N: 3, K: 2, States: 26, Variant: "k2"},
	{N: 3, K: 4, States: 147, Variant: "k4"},
	{N: 4, K: 4, States: 812, Variant: "k4"},
	{N: 5, K: 4, States: 4244, Variant: "k4"},
}

// NewRandomized builds the section from rep's Probability entries (nil
// when rep has no Probability claim with a row). The plots are the
// entries' row plots, known once WriteDir has drawn them.
func NewRandomized(rep *Report) *Randomized {
	var out Randomized
	for ci := range rep.Claims {
		c := &rep.Claims[ci]
		if c.Kind != "probability" || len(c.Rows) == 0 {
			continue
		}
		out.Claims = append(out.Claims, randomClaim(c))
	}
	if len(out.Claims) == 0 {
		return nil
	}
	out.PRISM = prismComparison(rep)
	return &out
}

// randomClaim is entry c's part of the section.
func randomClaim(c *Entry) RandomClaim {
	rc := RandomClaim{ID: c.ID, Algorithm: c.Algorithm, Verdict: c.Verdict, Answers: []RandomAnswer{}}
	if c.claim != nil {
		rc.Queries = c.claim.Queries
		rc.Relation, rc.Formula = c.claim.Relation.String(), c.claim.FormulaText
	}
	for ri := range c.Rows {
		r := &c.Rows[ri]
		at := map[string]int{}      // configuration and query -> index in rc.Answers
		claimed := map[int]string{} // index -> the first answer's formula value
		for _, p := range r.Answers {
			base, ext := splitExtreme(p.Query)
			if c.claim == nil && !slices.Contains(rc.Queries, p.Query) {
				rc.Queries = append(rc.Queries, p.Query)
			}
			key := fmt.Sprintf("%d %v %s", p.N, p.IDs, base)
			i, seen := at[key]
			if !seen {
				i = len(rc.Answers)
				at[key], claimed[i] = i, p.Claimed
				rc.Answers = append(rc.Answers, RandomAnswer{Row: ri + 1, Variant: r.Variant, N: p.N, IDs: p.IDs, States: p.States,
					Query: base, Claimed: randomValue(p.Claimed), Agrees: true})
			}
			a := &rc.Answers[i]
			v := randomValue(p.Value)
			switch ext {
			case "min":
				a.Min = &v
			case "max":
				a.Max = &v
			default: // a name without an extreme: shown as both
				a.Min, a.Max = &v, &v
			}
			if p.Claimed != claimed[i] {
				// The formula's value cannot depend on the extreme; if
				// it ever does, both are shown.
				a.Claimed.Exact += " / " + p.Claimed
				a.Claimed.Decimal += " / " + randomValue(p.Claimed).Decimal
			}
			a.Agrees = a.Agrees && p.Holds
		}
		if ri < len(c.rowPlots) && c.rowPlots[ri] != "" {
			rc.Plots = append(rc.Plots, plotPath(c.rowPlots[ri], "svg"))
		}
	}
	return rc
}

// splitExtreme splits "Pmin[elected within 2 rounds]" into
// "P[elected within 2 rounds]" and "min" (ext "" for a name without one).
func splitExtreme(q string) (base, ext string) {
	name, rest, ok := strings.Cut(q, "[")
	if !ok {
		return q, ""
	}
	for _, e := range []string{"min", "max"} {
		if n, found := strings.CutSuffix(name, e); found {
			return n + "[" + rest, e
		}
	}
	return q, ""
}

// randomValue renders an exact value and its 6-digit decimal ("infinity"
// stays itself; a value that is not a rational is shown as it is).
func randomValue(s string) RandomValue {
	var r big.Rat
	if _, ok := r.SetString(s); !ok {
		return RandomValue{Exact: s, Decimal: s}
	}
	return RandomValue{Exact: s, Decimal: r.FloatString(6)}
}

// prismComparison sets rep's state counts beside prismStates: the first
// answer (in report order) of prismAlgorithm at n = N in a row of
// variant "kK" within the paper's assumptions.
func prismComparison(rep *Report) PRISMComparison {
	pc := PRISMComparison{Source: prismSource, Model: prismModel, Algorithm: prismAlgorithm, Why: prismWhy, Expected: prismExpected}
	for _, ref := range prismStates {
		row := PRISMRow{N: ref.N, K: ref.K, PRISMStates: ref.States}
	find:
		for ci := range rep.Claims {
			c := &rep.Claims[ci]
			if c.Algorithm != prismAlgorithm || c.Kind != "probability" {
				continue
			}
			for ri := range c.Rows {
				r := &c.Rows[ri]
				if r.Outside || r.Variant != ref.Variant {
					continue
				}
				for _, p := range r.Answers {
					if p.N == ref.N && p.States > 0 {
						row.States, row.From = p.States, fmt.Sprintf("%s row %d, n=%d", c.ID, ri+1, p.N)
						break find
					}
				}
			}
		}
		pc.Rows = append(pc.Rows, row)
	}
	return pc
}

// notInRun is shown for a PRISM row the run has no count for.
const notInRun = "not in this run"

// electlabStates renders a PRISM row's electlab count.
func (r PRISMRow) electlabStates() string {
	if r.From == "" {
		return notInRun
	}
	return fmt.Sprintf("%d (%s)", r.States, r.From)
}

// paragraph is the "Against PRISM" paragraph, generated from the table.
func (pc *PRISMComparison) paragraph() string {
	var parts []string
	for _, r := range pc.Rows {
		parts = append(parts, fmt.Sprintf("(N, K) = (%d, %d): PRISM %d states, electlab %s", r.N, r.K, r.PRISMStates, r.electlabStates()))
	}
	return fmt.Sprintf("PRISM's %s case study (%s) publishes the states of its model of Itai and Rodeh's synchronous election; electlab's %s model of the same election, as this run built it (the states of each configuration's Markov decision process): %s. %s %s",
		pc.Model, pc.Source, pc.Algorithm, strings.Join(parts, "; "), pc.Why, pc.Expected)
}

// valueCell renders an optional value: "3/4 (0.750000)", "-" when absent.
func valueCell(v *RandomValue) string {
	if v == nil {
		return "-"
	}
	return v.cell()
}

func (v RandomValue) cell() string {
	if v.Exact == v.Decimal {
		return v.Exact
	}
	return v.Exact + " (" + v.Decimal + ")"
}

// shownAnswer is a line of the rendered table: answers of consecutive
// configurations that differ only in their ids (every arrangement of an
// anonymous ring gives the same MDP) share one line, the first ids shown
// with how many more arrangements the line stands for. report.json keeps
// every answer.
type shownAnswer struct {
	RandomAnswer
	IDsText string
}

// shown groups rc's answers for the tables.
func (rc *RandomClaim) shown() []shownAnswer {
	var out []shownAnswer
	var more []int
	same := func(a, b *RandomAnswer) bool {
		return a.Row == b.Row && a.N == b.N && a.Query == b.Query && a.States == b.States && a.Claimed == b.Claimed &&
			a.Agrees == b.Agrees && valueCell(a.Min) == valueCell(b.Min) && valueCell(a.Max) == valueCell(b.Max)
	}
	// Answers alternate queries within a configuration: a line merges
	// with the latest line of the same row, n and query.
	last := map[string]int{}
	for _, a := range rc.Answers {
		key := fmt.Sprintf("%d %d %s", a.Row, a.N, a.Query)
		if i, ok := last[key]; ok && same(&out[i].RandomAnswer, &a) {
			more[i]++
			continue
		}
		last[key] = len(out)
		out = append(out, shownAnswer{RandomAnswer: a})
		more = append(more, 0)
	}
	for i := range out {
		out[i].IDsText = model.SummarizeIDs(out[i].IDs)
		switch more[i] {
		case 0:
		case 1:
			out[i].IDsText += " and 1 more arrangement"
		default:
			out[i].IDsText += fmt.Sprintf(" and %d more arrangements", more[i])
		}
	}
	return out
}

// agreesText renders whether an answer stands in the claim's relation.
func agreesText(ok bool) string {
	if ok {
		return "yes"
	}
	return "NO"
}

// randomTitle is the section's title.
const randomTitle = "Randomized elections"

// randomLede introduces the section.
const randomLede = "Every Probability claim's exact answers, as its rows computed them (least and greatest over every scheduler and coin, exact rationals with a 6-digit decimal), beside the claim's formula evaluated in code at the same configuration; \"agrees\" says whether each answer stands in the claim's relation to it."

// claimLine is a claim's heading line.
func (rc *RandomClaim) claimLine() string {
	s := fmt.Sprintf("%s (%s, %s): queries %s", rc.ID, rc.Algorithm, rc.Verdict, strings.Join(rc.Queries, ", "))
	if rc.Formula != "" {
		s += fmt.Sprintf("; claimed %s %s", rc.Relation, rc.Formula)
	}
	return s
}

// Text renders the section for the terminal.
func (rs *Randomized) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s: %s\n", randomTitle, randomLede)
	for i := range rs.Claims {
		rc := &rs.Claims[i]
		fmt.Fprintf(&b, "\n  %s\n", rc.claimLine())
		if len(rc.Answers) == 0 {
			b.WriteString("    no exact answer in this run (see the claim's rows)\n")
		} else {
			tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "    row\tn\tvariant\tids\tstates\tquery\tmin\tmax\tformula\tagrees")
			for _, a := range rc.shown() {
				fmt.Fprintf(tw, "    %d\t%d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", a.Row, a.N, a.Variant, a.IDsText, a.States, a.Query, valueCell(a.Min), valueCell(a.Max), a.Claimed.cell(), agreesText(a.Agrees))
			}
			tw.Flush()
		}
		if len(rc.Plots) > 0 {
			fmt.Fprintf(&b, "    plots (exact answer against L): %s\n", strings.Join(rc.Plots, ", "))
		}
	}
	fmt.Fprintf(&b, "\n  Against PRISM: %s\n", rs.PRISM.paragraph())
	return b.String()
}

// Markdown renders the section.
func (rs *Randomized) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n## %s\n\n%s\n", randomTitle, randomLede)
	for i := range rs.Claims {
		rc := &rs.Claims[i]
		fmt.Fprintf(&b, "\n### %s (%s): %s\n\nQueries: %s.", rc.ID, rc.Algorithm, rc.Verdict, mdEscape(strings.Join(rc.Queries, ", ")))
		if rc.Formula != "" {
			fmt.Fprintf(&b, " Claimed: %s %s.", mdEscape(rc.Relation), mdEscape(rc.Formula))
		}
		b.WriteString("\n\n")
		if len(rc.Answers) == 0 {
			b.WriteString("No exact answer in this run (see the claim's rows).\n")
		} else {
			b.WriteString("| Row | n | Variant | Ids | States | Query | Min | Max | Formula | Agrees |\n|---|---|---|---|---|---|---|---|---|---|\n")
			for _, a := range rc.shown() {
				fmt.Fprintf(&b, "| %d | %d | %s | %s | %d | %s | %s | %s | %s | %s |\n", a.Row, a.N, mdEscape(a.Variant), a.IDsText, a.States, mdEscape(a.Query), valueCell(a.Min), valueCell(a.Max), mdEscape(a.Claimed.cell()), agreesText(a.Agrees))
			}
		}
		for _, p := range rc.Plots {
			fmt.Fprintf(&b, "\n![%s (%s): the exact answers against L](%s)\n", rc.ID, rc.Algorithm, p)
		}
	}
	fmt.Fprintf(&b, "\n### Against PRISM\n\n%s\n\n| (N, K) | PRISM states (%s) | electlab states |\n|---|---|---|\n", rs.PRISM.paragraph(), rs.PRISM.Source)
	for _, r := range rs.PRISM.Rows {
		fmt.Fprintf(&b, "| (%d, %d) | %d | %s |\n", r.N, r.K, r.PRISMStates, r.electlabStates())
	}
	return b.String()
}

// htmlRandomized is the section as the HTML template shows it.
type htmlRandomized struct {
	Lede      string
	Claims    []htmlRandomClaim
	Paragraph string
	Source    string
	PRISM     []htmlPRISMRow
}

type htmlRandomClaim struct {
	Anchor, Line, Class string
	Verdict             string
	Rows                []htmlRandomRow
	Plots               []string
}

type htmlRandomRow struct {
	Row, N, States                              int
	Variant, IDs, Query, Min, Max, Claimed, Agr string
	Agrees                                      bool
}

type htmlPRISMRow struct {
	N, K, PRISM int
	Electlab    string
}

// html returns the section's template data (nil for nil).
func (rs *Randomized) html() *htmlRandomized {
	if rs == nil {
		return nil
	}
	h := &htmlRandomized{Lede: randomLede, Paragraph: rs.PRISM.paragraph(), Source: rs.PRISM.Source}
	for i := range rs.Claims {
		rc := &rs.Claims[i]
		hc := htmlRandomClaim{Anchor: entryAnchor(&Entry{ID: rc.ID, Algorithm: rc.Algorithm}), Line: rc.claimLine(),
			Class: verdictClass(rc.Verdict), Verdict: rc.Verdict.String(), Plots: rc.Plots}
		for _, a := range rc.shown() {
			hc.Rows = append(hc.Rows, htmlRandomRow{Row: a.Row, N: a.N, States: a.States, Variant: a.Variant, IDs: a.IDsText, Query: a.Query,
				Min: valueCell(a.Min), Max: valueCell(a.Max), Claimed: a.Claimed.cell(), Agr: agreesText(a.Agrees), Agrees: a.Agrees})
		}
		h.Claims = append(h.Claims, hc)
	}
	for _, r := range rs.PRISM.Rows {
		h.PRISM = append(h.PRISM, htmlPRISMRow{N: r.N, K: r.K, PRISM: r.PRISMStates, Electlab: r.electlabStates()})
	}
	return h
}
