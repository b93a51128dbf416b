package proptest

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/claims"
)

// Skip is one rule of the (claim, setting, reading) rows a claims property
// test leaves out: the rows where the model refutes the paper's statement
// (the claim engine reports them), not the code's property. A row matches
// when every non-empty field matches its pattern: the whole text, or with
// a "*" at the end a prefix, at the start a suffix, at both ends a part.
type Skip struct {
	// Claim is a pattern of the claim's id.
	Claim string
	// Setting is a pattern of the setting's name.
	Setting string
	// Variant is a pattern of the reading.
	Variant string
}

// SkipRows returns ClaimTargets' skip function for the rules: a row is
// left out when one rule matches it.
func SkipRows(rules ...Skip) func(claim, setting, variant string) bool {
	return func(claim, setting, variant string) bool {
		for _, r := range rules {
			if r.matches(claim, setting, variant) {
				return true
			}
		}
		return false
	}
}

// matches reports whether the rule matches the row.
func (r Skip) matches(claim, setting, variant string) bool {
	return match(r.Claim, claim) && match(r.Setting, setting) && match(r.Variant, variant)
}

// match reports whether s matches pattern ("" matches anything; see Skip).
func match(pattern, s string) bool {
	if pattern == "" {
		return true
	}
	prefix, suffix := strings.HasSuffix(pattern, "*"), strings.HasPrefix(pattern, "*")
	p := strings.TrimSuffix(strings.TrimPrefix(pattern, "*"), "*")
	switch {
	case prefix && suffix:
		return strings.Contains(s, p)
	case prefix:
		return strings.HasPrefix(s, p)
	case suffix:
		return strings.HasSuffix(s, p)
	}
	return s == p
}

// StaleSkips returns the rules that match no row of spec's claims
// (ClaimTargets' rows): a rule left behind when its claim, setting or
// reading was renamed or removed skips nothing, and the test's comment
// about it is no longer true.
func StaleSkips(spec claim.Entry, rules []Skip) []Skip {
	used := make([]bool, len(rules))
	eachClaimRow(spec, func(c *claim.Claim, st claim.Setting, v string) {
		for i, r := range rules {
			if r.matches(c.ID, st.Name, v) {
				used[i] = true
			}
		}
	})
	var stale []Skip
	for i, r := range rules {
		if !used[i] {
			stale = append(stale, r)
		}
	}
	return stale
}

// NoStaleSkips fails t for every rule of rules that matches no row of
// spec's claims (StaleSkips).
func NoStaleSkips(t testing.TB, spec claim.Entry, rules []Skip) {
	t.Helper()
	for _, r := range StaleSkips(spec, rules) {
		t.Errorf("proptest: skip rule %+v matches no (claim, setting, reading) row of %s: remove or correct it", r, spec.Meta().Name)
	}
}

// UnrefutedSkips runs the claim engine (claims.DefaultEngine) on every
// claim of spec that has a row the rules leave out at the sizes a
// ClaimTargets(spec, nmax, …) test reaches, and returns one line for each
// such row the engine does not refute (REFUTED or INCONSISTENT): a rule
// that leaves out a row the engine finds no counterexample for takes a
// check away from the property test without the reason its comment gives.
func UnrefutedSkips(spec claim.Entry, nmax int, rules []Skip) []string {
	info := spec.Meta()
	skip := SkipRows(rules...)
	// The skipped rows of each claim, keyed by setting and canonical
	// reading (the engine's row identity).
	skipped := map[*claim.Claim]map[string]string{}
	var order []*claim.Claim
	eachClaimRow(spec, func(c *claim.Claim, st claim.Setting, v string) {
		if c.NMin > nmax || !skip(c.ID, st.Name, v) {
			return
		}
		pv, err := info.ParseVariant(v)
		if err != nil {
			return
		}
		if skipped[c] == nil {
			skipped[c] = map[string]string{}
			order = append(order, c)
		}
		skipped[c][st.Name+"\x00"+info.FormatVariant(pv)] = st.Name + " / " + v
	})
	var out []string
	e := claims.DefaultEngine()
	for _, c := range order {
		rows := skipped[c]
		res := e.CheckClaim(spec, c)
		for _, r := range res.Rows {
			key := r.Setting + "\x00" + r.Variant
			name, ok := rows[key]
			if !ok {
				continue
			}
			delete(rows, key)
			if r.Verdict != claims.Refuted && r.Verdict != claims.Inconsistent {
				out = append(out, fmt.Sprintf("%s %s: the engine's verdict is %s (%s)", c.ID, name, r.Verdict, r.Coverage))
			}
		}
		left := slices.Sorted(maps.Values(rows))
		if len(left) > 0 {
			out = append(out, fmt.Sprintf("%s: the engine reported no row for %s", c.ID, strings.Join(left, "; ")))
		}
	}
	return out
}

// NoUnrefutedSkips fails t for every row the rules leave out that the
// claim engine does not refute (UnrefutedSkips). It runs the engine, so
// proptest.Claims calls it only without -short.
func NoUnrefutedSkips(t testing.TB, spec claim.Entry, nmax int, rules []Skip) {
	t.Helper()
	for _, line := range UnrefutedSkips(spec, nmax, rules) {
		t.Errorf("proptest: a skip rule leaves out a row the claim engine does not refute, which the property test can check: %s", line)
	}
}
