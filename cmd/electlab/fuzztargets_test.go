package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// notFuzzed are the fuzz targets `make fuzz` leaves out, each with the
// reason. Every other fuzz target of the module must be in the Makefile's
// FUZZ_TARGETS.
var notFuzzed = map[string]string{
	"./checker/checktest:FuzzHelperBroken": "a deliberately broken toy, fuzzed by TestFuzzCatchesBroken in a child process (it skips when run alone)",
}

var (
	fuzzTargetsLine = regexp.MustCompile(`(?m)^FUZZ_TARGETS\s*=\s*(.*)$`)
	fuzzFunc        = regexp.MustCompile(`(?m)^func (Fuzz\w*)\(\w+ \*testing\.F\)`)
)

// fuzzTargetProblems compares the FUZZ_TARGETS of makefile (entries
// PKG:NAME, PKG relative to root) with the fuzz functions in the _test.go
// files below root (the examples' own modules and testdata left out). It
// names every entry whose package has no such function (go test -fuzz
// would fuzz nothing and pass), every fuzz function neither listed nor in
// skip, and every skip entry that names no function.
func fuzzTargetProblems(makefile, root string, skip map[string]string) ([]string, error) {
	m := fuzzTargetsLine.FindStringSubmatch(makefile)
	if m == nil {
		return nil, fmt.Errorf("the Makefile has no FUZZ_TARGETS line")
	}
	found := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "examples" || n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, f := range fuzzFunc.FindAllStringSubmatch(string(src), -1) {
			found["./"+filepath.ToSlash(rel)+":"+f[1]] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var problems []string
	listed := map[string]bool{}
	for _, e := range strings.Fields(m[1]) {
		listed[e] = true
		if !found[e] {
			problems = append(problems, fmt.Sprintf("FUZZ_TARGETS names %s, but that package has no such fuzz function (make fuzz would fuzz nothing and pass)", e))
		}
	}
	for e := range found {
		if !listed[e] && skip[e] == "" {
			problems = append(problems, fmt.Sprintf("fuzz target %s is not in the Makefile's FUZZ_TARGETS (add it, or say in notFuzzed why make fuzz leaves it out)", e))
		}
	}
	for e := range skip {
		if !found[e] {
			problems = append(problems, fmt.Sprintf("notFuzzed names %s, which does not exist", e))
		}
	}
	slices.Sort(problems)
	return problems, nil
}

// TestFuzzTargetsExist checks that `make fuzz` runs every fuzz target of
// the module, and only targets that exist: go test -fuzz with a name its
// package does not have runs nothing and passes.
func TestFuzzTargetsExist(t *testing.T) {
	mk, err := os.ReadFile(filepath.Join(repoRoot, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	problems, err := fuzzTargetProblems(string(mk), repoRoot, notFuzzed)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestFuzzTargetsCanFail shows the check failing on a Makefile that names
// a fuzz target in a package that does not have it, and that leaves one
// out.
func TestFuzzTargetsCanFail(t *testing.T) {
	root := t.TempDir()
	for path, src := range map[string]string{
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc FuzzA(f *testing.F) {}\n",
		"b/b_test.go": "package b\n\nimport \"testing\"\n\nfunc FuzzB(f *testing.F) {}\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	problems, err := fuzzTargetProblems("FUZZ_TARGETS = ./a:FuzzA ./c:FuzzA\n", root, map[string]string{"./b:FuzzGone": "gone"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"./c:FuzzA", "./b:FuzzB", "./b:FuzzGone"}
	if len(problems) != len(want) {
		t.Fatalf("got %d problems, want %d: %q", len(problems), len(want), problems)
	}
	for _, w := range want {
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, w) }) {
			t.Errorf("no problem names %s: %q", w, problems)
		}
	}
	if ok, err := fuzzTargetProblems("FUZZ_TARGETS = ./a:FuzzA ./b:FuzzB\n", root, nil); err != nil || len(ok) != 0 {
		t.Errorf("a complete list: problems %q, error %v", ok, err)
	}
}
