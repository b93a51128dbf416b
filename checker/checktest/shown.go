package checktest

import (
	"regexp"
	"strings"
)

// MatchOutput reports the first of the shown lines that is not found, in
// order, among the lines of out ("" when every one is): how a test checks
// that a document's shown output (a README's console block, say) is what
// the command prints. A shown line matches a whole output line, spaces
// trimmed at both ends, with "…" standing for any text; a shown line that
// is "…" alone is skipped, and output lines between the matched ones are
// allowed.
func MatchOutput(out string, shown []string) string {
	got := strings.Split(out, "\n")
	k := 0
	for _, w := range shown {
		if strings.TrimSpace(w) == "…" {
			continue
		}
		re := shownLineRe(w)
		for k < len(got) && !re.MatchString(strings.TrimSpace(got[k])) {
			k++
		}
		if k == len(got) {
			return w
		}
		k++
	}
	return ""
}

// shownLineRe turns a shown output line into a pattern for a whole output
// line (spaces trimmed): "…" stands for any text.
func shownLineRe(shown string) *regexp.Regexp {
	parts := strings.Split(strings.TrimSpace(shown), "…")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}
