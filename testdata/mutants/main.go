// Command mutants is electlab's mutation check of the property tests: it
// injects realistic single-line bugs into the algorithm packages, one at a
// time, in a temporary copy of the module, runs only the package's property
// tests (go test -short ./algos/PKG -run Prop: no golden file, no
// shipped-trace replay, no interaction transcript, and not the claim
// engine that checks the tests' skip rules, proptest.NoUnrefutedSkips)
// and reports which mutants the properties kill and which survive.
//
//	go run ./testdata/mutants [-pkg central,bully] [-id central-2] [-v]
//	go run ./testdata/mutants -stale
//
// With -stale it only checks, in the working tree and without running any
// test, that every selected mutant still applies (make test runs this, so
// a refactor that moves a mutant's line cannot silently retire it).
// (make mutants). The exit status is 1 when a mutant survives that is not
// explained (Mutant.Equivalent), 2 when a mutant does not apply (its old line is not
// found exactly once: the table is stale) or its package does not build. It never touches the working
// tree: the copy lives under a temporary directory removed at exit.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// Mutant is one single-line bug: in File (relative to the module root), Old
// (which must occur exactly once) becomes New.
type Mutant struct {
	// ID names the mutant ("central-1").
	ID string
	// Pkg is the algorithm package (algos/Pkg).
	Pkg string
	// File is the file, relative to algos/Pkg.
	File string
	// Old and New are the text replaced and its replacement.
	Old, New string
	// What says which realistic bug it is.
	What string
	// Equivalent, when set, explains why the mutant is not killed: its
	// behaviour equals the original's (an equivalent mutant), or it
	// differs only in runs where the unmutated algorithm already breaks
	// the property (so no property test of the correct algorithm can
	// tell them apart). It is then reported as "explained", not counted
	// as a survivor; if such a mutant is killed, it is reported killed.
	Equivalent string
}

func main() {
	pkgs := flag.String("pkg", "", "comma-separated packages to mutate (default: all)")
	only := flag.String("id", "", "run only the mutant with this id")
	verbose := flag.Bool("v", false, "print the failing test output of each killed mutant")
	staleOnly := flag.Bool("stale", false, "only check that every selected mutant's old text is found exactly once (no copy, no test run)")
	flag.Parse()
	root, err := os.Getwd()
	if err != nil {
		fatal(2, err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		fatal(2, fmt.Errorf("run from the module root (no go.mod in %s)", root))
	}
	want := map[string]bool{}
	for _, p := range strings.Split(*pkgs, ",") {
		if p != "" {
			want[p] = true
		}
	}
	if *staleOnly {
		os.Exit(checkStale(root, want, *only))
	}
	tmp, err := os.MkdirTemp("", "electlab-mutants-")
	if err != nil {
		fatal(2, err)
	}
	defer os.RemoveAll(tmp)
	if err := copyTree(root, tmp); err != nil {
		fatal(2, err)
	}
	// The property tests must pass on the unmutated code, or every
	// mutant would look killed.
	seen := map[string]bool{}
	var base []string
	for _, m := range table {
		if (len(want) == 0 || want[m.Pkg]) && (*only == "" || m.ID == *only) && !seen[m.Pkg] {
			seen[m.Pkg] = true
			base = append(base, "./algos/"+m.Pkg)
		}
	}
	if len(base) == 0 {
		fatal(2, fmt.Errorf("no mutant selected"))
	}
	cmd := exec.Command("go", append(append([]string{"test", "-short"}, base...), "-run", "Prop", "-count=1")...)
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		fatal(2, fmt.Errorf("the property tests fail without any mutant:\n%s", out))
	}
	failRe := regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)
	var survived, stale, killed, equivalent int
	fmt.Printf("%-18s %-15s %-10s %s\n", "mutant", "package", "result", "bug (killed by)")
	for _, m := range table {
		if len(want) > 0 && !want[m.Pkg] || *only != "" && m.ID != *only {
			continue
		}
		path, orig, mutated, ok := m.apply(tmp)
		if !ok {
			stale++
			continue
		}
		if err := os.WriteFile(path, mutated, 0o644); err != nil {
			fatal(2, err)
		}
		// A mutant that does not compile would fail the run without any
		// test judging it: it is invalid, not killed.
		build := exec.Command("go", "build", "./algos/"+m.Pkg)
		build.Dir = tmp
		if out, err := build.CombinedOutput(); err != nil {
			if err := os.WriteFile(path, orig, 0o644); err != nil {
				fatal(2, err)
			}
			fmt.Printf("%-18s %-15s %-10s %s: the mutated package does not build:\n%s\n", m.ID, m.Pkg, "INVALID", m.What, indent(string(out)))
			stale++
			continue
		}
		cmd := exec.Command("go", "test", "-short", "./algos/"+m.Pkg, "-run", "Prop", "-count=1", "-timeout", "300s")
		cmd.Dir = tmp
		out, runErr := cmd.CombinedOutput()
		if err := os.WriteFile(path, orig, 0o644); err != nil {
			fatal(2, err)
		}
		switch {
		case runErr == nil && m.Equivalent != "":
			equivalent++
			fmt.Printf("%-18s %-15s %-10s %s (not killed: %s)\n", m.ID, m.Pkg, "explained", m.What, m.Equivalent)
		case runErr == nil:
			survived++
			fmt.Printf("%-18s %-15s %-10s %s\n", m.ID, m.Pkg, "SURVIVED", m.What)
		default:
			killed++
			by := []string{}
			for _, g := range failRe.FindAllStringSubmatch(string(out), -1) {
				if !strings.Contains(g[1], "/") {
					by = append(by, g[1])
				}
			}
			if len(by) == 0 {
				by = append(by, "no test named: a run failure such as a timeout")
			}
			fmt.Printf("%-18s %-15s %-10s %s (%s)\n", m.ID, m.Pkg, "killed", m.What, strings.Join(by, ", "))
			if *verbose {
				fmt.Println(indent(string(out)))
			}
		}
	}
	fmt.Printf("\n%d killed, %d survived, %d explained (not killed, see above), %d stale or invalid (of %d run)\n", killed, survived, equivalent, stale, killed+survived+equivalent+stale)
	if stale > 0 {
		os.Exit(2)
	}
	if survived > 0 {
		os.Exit(1)
	}
}

// apply reads m's file under root and returns its path, its text and the
// text with m applied; when m's old text is not found exactly once it
// prints m as STALE and returns ok false.
func (m Mutant) apply(root string) (path string, orig, mutated []byte, ok bool) {
	path = filepath.Join(root, "algos", m.Pkg, m.File)
	orig, err := os.ReadFile(path)
	if err != nil {
		fatal(2, err)
	}
	if c := bytes.Count(orig, []byte(m.Old)); c != 1 {
		fmt.Printf("%-18s %-15s %-10s %s: old text found %d times in %s\n", m.ID, m.Pkg, "STALE", m.What, c, m.File)
		return path, orig, nil, false
	}
	return path, orig, bytes.Replace(orig, []byte(m.Old), []byte(m.New), 1), true
}

// checkStale reports every selected mutant whose old text is not found
// exactly once in root's algorithm packages, or whose mutated file does
// not parse (a syntax error would make its "kill" a build failure that
// tests nothing), and returns the exit status: 0 when every one applies,
// 2 when any is stale or invalid.
func checkStale(root string, want map[string]bool, only string) int {
	n, stale := 0, 0
	for _, m := range table {
		if len(want) > 0 && !want[m.Pkg] || only != "" && m.ID != only {
			continue
		}
		n++
		_, _, mutated, ok := m.apply(root)
		if !ok {
			stale++
			continue
		}
		if _, err := parser.ParseFile(token.NewFileSet(), m.File, mutated, parser.SkipObjectResolution); err != nil {
			fmt.Printf("%-18s %-15s %-10s %s: the mutated file does not parse: %v\n", m.ID, m.Pkg, "INVALID", m.What, err)
			stale++
		}
	}
	if n == 0 {
		fatal(2, fmt.Errorf("no mutant selected"))
	}
	fmt.Printf("mutants: %d of %d selected mutants stale or invalid\n", stale, n)
	if stale > 0 {
		return 2
	}
	return 0
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 40 {
		lines = append(lines[:40], "    ...")
	}
	return "    " + strings.Join(lines, "\n    ")
}

// copyTree copies the module's source (go.mod, go.sum and every .go file
// outside testdata and .git) from src to dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if rel != "." && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "report" || d.Name() == "bin") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !strings.HasSuffix(p, ".go") && rel != "go.mod" && rel != "go.sum" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}

func fatal(code int, err error) {
	fmt.Fprintln(os.Stderr, "mutants:", err)
	os.Exit(code)
}
