package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixture is a small Go file: a table (lines 3-9), a function (11-17), a
// struct literal with a one-line and a three-line function literal
// (19-24).
const fixture = `package p

var table = []struct {
	name string
	n    int
}{
	{"a", 1},
	{"b", 2},
}

func f(x int) int {
	if x > 0 {
		return x
	}
	y := -x
	return y
}

var alg = struct{ g, h func() int }{
	g: func() int { return 1 },
	h: func() int {
		return 2
	},
}
`

func TestBodyLines(t *testing.T) {
	in, err := bodyLines("p.go", []byte(fixture))
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for l, ok := range in {
		if ok {
			got = append(got, l)
		}
	}
	want := []int{11, 12, 13, 14, 15, 16, 17, 20, 21, 22, 23}
	if !equal(got, want) {
		t.Errorf("body lines = %v, want %v", got, want)
	}
	if _, err := bodyLines("bad.go", []byte("package p\nfunc {")); err == nil || !strings.Contains(err.Error(), "bad.go") {
		t.Errorf("a file that does not parse: err = %v, want one naming bad.go", err)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseRow(t *testing.T) {
	for _, c := range []struct {
		line      string
		ok        bool
		a, b      side
		identical bool
	}{
		{"D1 a/x.go:10-24 ~ b/y.go:40-54 (+8 more runs)", true, side{"a/x.go", 10, 24}, side{"b/y.go", 40, 54}, true},
		{"D22 x.go:47-53 ~ x.go:53-58 shape (+2 more runs)", true, side{"x.go", 47, 53}, side{"x.go", 53, 58}, false},
		{"D9 x.go:1-6 ~ y.go:2-7 shape boilerplate", true, side{"x.go", 1, 6}, side{"y.go", 2, 7}, false},
		{"D3 x.go:1-6 ~ y.go:2-7 (both added)", true, side{"x.go", 1, 6}, side{"y.go", 2, 7}, true},
		{"321 pairs of places (436 files read), each sharing runs", false, side{}, side{}, false},
		{"(+121 more pairs)", false, side{}, side{}, false},
		{"Done: nothing", false, side{}, side{}, false},
	} {
		p, ok, err := parseRow(c.line)
		if err != nil || ok != c.ok || p.a != c.a || p.b != c.b || p.identical != c.identical {
			t.Errorf("parseRow(%q) = %+v, %v, %v; want a %+v, b %+v, identical %v, ok %v", c.line, p, ok, err, c.a, c.b, c.identical, c.ok)
		}
	}
	for _, bad := range []string{"D1 x.go:1-6", "D1 x.go:1-6 y.go:2-7", "D1 x.go ~ y.go:2-7", "D1 x.go:6-1 ~ y.go:2-7", "D1 x.go:a-b ~ y.go:2-7"} {
		if _, _, err := parseRow(bad); err == nil {
			t.Errorf("parseRow(%q): no error", bad)
		}
	}
}

// TestRun feeds rows over the fixture (and a test file and a file that
// is not Go) and checks which are kept and the summary.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"p.go": fixture, "q.go": fixture, "p_test.go": fixture, "p.py": "x = 1\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	input := strings.Join([]string{
		"6 pairs of places (4 files read), each sharing runs of 5 or more identical or same-shape lines",
		"D1 p.go:11-17 ~ q.go:11-17",                    // bodies both sides: kept, identical
		"D2 p.go:11-17 ~ q.go:18-24 shape",              // 4 of 7 lines in bodies on the right: kept
		"D3 p.go:3-9 ~ q.go:3-9",                        // a table: left out
		"D4 p.go:11-17 ~ q.go:5-11 shape",               // 1 of 7 lines of q in a body: left out
		"D5 p.go:11-17 ~ p_test.go:11-17",               // a test file: left out
		"D6 p.go:11-17 ~ p.py:1-1",                      // not Go: left out
		"D7 p.go:14-17 ~ q.go:9-12 shape (+1 more run)", // 2 of 4 lines of q: half is enough, kept
		"(+3 more pairs)",
	}, "\n")
	var out, errb bytes.Buffer
	if code := run([]string{"-root", dir}, strings.NewReader(input), &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	want := "D1 p.go:11-17 ~ q.go:11-17\n" +
		"D2 p.go:11-17 ~ q.go:18-24 shape\n" +
		"D7 p.go:14-17 ~ q.go:9-12 shape (+1 more run)\n" +
		"3 logic-copy pairs, 1 identical\n" +
		"note: the input lists only part of the pairs (+3 more pairs): the count is of the listed ones\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ input, want string }{
		{"", "empty input"},
		{"D1 p.go:11-17 ~ gone.go:1-5", "gone.go"},
		{"D1 p.go:11-17 ~ p.go:20-40", "p.go has 24 lines"},
		{"D1 p.go:11-17 ~", "want \"Dn file:a-b ~ file:c-d"},
	} {
		var out, errb bytes.Buffer
		code := run([]string{"-root", dir}, strings.NewReader(c.input), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("input %q: exit %d, stderr %q; want 2 and %q", c.input, code, errb.String(), c.want)
		}
	}
}
