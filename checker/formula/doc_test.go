package formula

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// docBlocks returns the lines of the fenced blocks of docs/FORMULA.md
// whose info string is lang, with their 1-based line numbers.
func docBlocks(t *testing.T, lang string) (lines []string, at []int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "FORMULA.md"))
	if err != nil {
		t.Fatal(err)
	}
	in := false
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.TrimSpace(l) == "```"+lang:
			in = true
		case in && strings.HasPrefix(strings.TrimSpace(l), "```"):
			in = false
		case in && strings.TrimSpace(l) != "":
			lines = append(lines, l)
			at = append(at, i+1)
		}
	}
	if len(lines) == 0 {
		t.Fatalf("docs/FORMULA.md has no %s block", lang)
	}
	return lines, at
}

// docEnv is the environment of the formula blocks of docs/FORMULA.md.
func docEnv() *MapEnv {
	return NewEnv().Set("n", 6).Set("initiators", 1).Set("sends", 17).
		SetKey("sends", "ELECTION", 12).SetKey("sends", "COORDINATOR", 5).SetKey("deliveries", "ELECTION", 11)
}

// TestDocFormulaExamples: every line EXPR => RESULT of a formula block of
// docs/FORMULA.md evaluates to RESULT (a value or an error).
func TestDocFormulaExamples(t *testing.T) {
	lines, at := docBlocks(t, "formula")
	for i, l := range lines {
		src, want, ok := strings.Cut(l, "=>")
		if !ok {
			t.Errorf("FORMULA.md:%d: no =>", at[i])
			continue
		}
		src, want = strings.TrimSpace(src), strings.TrimSpace(want)
		got := ""
		e, err := Parse(src)
		if err == nil {
			var v Value
			v, err = e.Eval(docEnv())
			got = v.String()
		}
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("FORMULA.md:%d: %s gives %s, the doc says %s", at[i], src, got, want)
		}
	}
}

// TestDocFormulaFits: every line EXPR on LO..HI => RESULT of a fit block
// of docs/FORMULA.md: the values of EXPR at n = LO..HI fit as RESULT (the
// formula and its summary, or the error).
func TestDocFormulaFits(t *testing.T) {
	lines, at := docBlocks(t, "fit")
	for i, l := range lines {
		left, want, ok1 := strings.Cut(l, "=>")
		src, rng, ok2 := strings.Cut(left, " on ")
		lo, hi, ok3 := strings.Cut(strings.TrimSpace(rng), "..")
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if !ok1 || !ok2 || !ok3 || err1 != nil || err2 != nil {
			t.Errorf("FORMULA.md:%d: want EXPR on LO..HI => RESULT", at[i])
			continue
		}
		want = strings.TrimSpace(want)
		var got string
		f, err := Fit(pointsOf(t, strings.TrimSpace(src), a, b), FitOptions{})
		if err != nil {
			got = err.Error()
		} else {
			got = f.String() + "   " + f.Summary()
		}
		if got != want {
			t.Errorf("FORMULA.md:%d: %s on %d..%d fits as\n%s\nthe doc says\n%s", at[i], src, a, b, got, want)
		}
	}
}

// TestDocFormulaJSON: the JSON shown in docs/FORMULA.md is the start of
// the JSON of the fit of (n^2 + 3n)/2 on n = 2..9.
func TestDocFormulaJSON(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "FORMULA.md"))
	if err != nil {
		t.Fatal(err)
	}
	shown := ""
	for _, l := range strings.Split(string(data), "\n") {
		if s, ok := strings.CutPrefix(l, `    {"formula":`); ok {
			shown = `{"formula":` + s
		}
	}
	prefix, ok := strings.CutSuffix(shown, "...]}")
	if !ok {
		t.Fatalf("docs/FORMULA.md shows no JSON ending ...]}: %q", shown)
	}
	f, err := Fit(pointsOf(t, "(n^2 + 3*n)/2", 2, 9), FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), prefix) || !strings.HasSuffix(string(b), "]}") {
		t.Errorf("the JSON is\n%s\nthe doc shows\n%s", b, shown)
	}
}
