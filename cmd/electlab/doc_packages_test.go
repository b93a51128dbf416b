package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The generated package map of docs/ARCHITECTURE.md (`packages`): every
// package of the module, what it owns (the first sentence of its package
// comment) and which of the module's packages its non-test files import,
// read from the source, so the map cannot drift from the code.
func init() {
	docGenerators["packages"] = packagesMD
}

// modulePath is the module's import path prefix.
const modulePath = "github.com/electlab/electlab"

// pkgInfo is one package of the module, read from its non-test files.
type pkgInfo struct {
	dir     string   // relative to the module root, "." for the root
	owns    string   // the first sentence of the package comment
	imports []string // the module's packages it imports, relative, sorted
}

// walkGoFiles parses, in mode, every non-test Go file under root (the
// module root) and calls each with the file's package directory
// (relative, slash-separated) and the parsed file. A directory below root
// is skipped when skip(rel) says so (rel relative, slash-separated) or
// when it holds its own go.mod (another module, such as examples/hsring).
func walkGoFiles(root string, skip func(rel string) bool, mode parser.Mode, each func(dir string, f *ast.File)) error {
	fset := token.NewFileSet()
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil || skip(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, mode)
		if err != nil {
			return err
		}
		each(path.Dir(rel), f)
		return nil
	})
}

// loadPackages runs load (publicPackages or modulePackages) on the module
// root, ../.. from this package's directory where go test runs, and fails
// t on an error or when it finds fewer than least packages (a wrong root
// finds few or none).
func loadPackages[P any](t *testing.T, load func(root string) ([]P, error), least int) []P {
	t.Helper()
	pkgs, err := load("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < least {
		t.Fatalf("found %d packages: is the module root ../..?", len(pkgs))
	}
	return pkgs
}

// modulePackages parses every non-test Go file under root (the module
// root) and returns its packages in path order. testdata, hidden
// directories, the report output directory and nested modules (a
// directory with its own go.mod) are skipped.
func modulePackages(root string) ([]pkgInfo, error) {
	byDir := map[string]*pkgInfo{}
	skip := func(rel string) bool {
		base := path.Base(rel)
		return strings.HasPrefix(base, ".") || base == "testdata" || rel == "report" || rel == "bin"
	}
	err := walkGoFiles(root, skip, parser.ImportsOnly|parser.ParseComments, func(dir string, f *ast.File) {
		p := byDir[dir]
		if p == nil {
			p = &pkgInfo{dir: dir}
			byDir[dir] = p
		}
		if f.Doc != nil && p.owns == "" {
			p.owns = firstSentence(f.Doc.Text())
		}
		for _, im := range f.Imports {
			imp := strings.Trim(im.Path.Value, `"`)
			if rest, ok := strings.CutPrefix(imp, modulePath+"/"); ok && !slices.Contains(p.imports, rest) {
				p.imports = append(p.imports, rest)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	var out []pkgInfo
	for _, p := range byDir {
		slices.Sort(p.imports)
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b pkgInfo) int { return strings.Compare(a.dir, b.dir) })
	return out, nil
}

// firstSentence is the text up to the first ". " (or the whole first
// paragraph), on one line.
func firstSentence(doc string) string {
	doc, _, _ = strings.Cut(doc, "\n\n")
	doc = strings.Join(strings.Fields(doc), " ")
	for from := 0; ; {
		i := strings.Index(doc[from:], ". ")
		if i < 0 {
			break
		}
		i += from
		// Not an abbreviation's period ("ref.", "e.g.", "al.").
		word := doc[strings.LastIndex(doc[:i], " ")+1 : i]
		if !slices.Contains([]string{"ref", "e.g", "i.e", "cf", "al", "etc"}, strings.TrimLeft(word, "(")) {
			doc = doc[:i+1]
			break
		}
		from = i + 2
	}
	if len(doc) > 240 {
		cut := strings.LastIndex(doc[:240], " ")
		doc = doc[:cut] + " …"
	}
	return doc
}

// packagesMD renders the package map as a Markdown table.
func packagesMD() string {
	pkgs, err := modulePackages(".")
	if err != nil {
		return "reading the packages failed: " + err.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d packages (generated from the source by `make docs`; imports are the module's own, non-test files).\n\n", len(pkgs))
	b.WriteString("| package | what it owns | imports |\n|---|---|---|\n")
	for _, p := range pkgs {
		imps := "—"
		if len(p.imports) > 0 {
			imps = strings.Join(p.imports, ", ")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", p.dir, strings.ReplaceAll(p.owns, "|", `\|`), imps)
	}
	return strings.TrimRight(b.String(), "\n")
}

// layerAllowed says which of the module's packages a package may import
// (non-test files): the layering docs/ARCHITECTURE.md describes. Each
// exception is named with its reason.
func layerAllowed(dir, imp string) bool {
	under := func(p, prefix string) bool { return p == prefix || strings.HasPrefix(p, prefix+"/") }
	switch {
	case dir == "internal/statehash":
		// The state hash: a leaf, below everything.
		return false
	case imp == "internal/statehash":
		// The model's per-component state hashes and the explorer's
		// state keys must be the same function.
		return true
	case dir == "internal/tally":
		// The executions' tally: a leaf, below everything.
		return false
	case imp == "internal/tally":
		// checker.Execute counts its executions and events there, for
		// the report benchmark to read.
		return dir == "checker"
	case dir == "internal/outfile":
		// The output files' writer: a leaf, below everything.
		return false
	case imp == "internal/outfile":
		// Every output file of every package (traces, lock histories,
		// reports) is written by the one helper.
		return true
	case under(dir, "model"):
		// The network model: nothing of the project above it.
		return under(imp, "model")
	case under(dir, "claim"):
		// The claim vocabulary and the claim checks (lockcheck,
		// electcheck, claimkit): above the model, below the algorithms.
		return under(imp, "model") || under(imp, "claim")
	case dir == "algos":
		// The registry lists every algorithm package.
		return under(imp, "model") || under(imp, "claim") || under(imp, "algos")
	case under(dir, "algos/kit"):
		// What a family of algorithms shares, beside the families.
		return under(imp, "model") || under(imp, "claim") || under(imp, "algos/kit")
	case under(dir, "algos"):
		if dir == "algos/fceabr" && imp == "algos/ringpoll" {
			// C-FCEABR-4 and C-FCEABR-8 compare FCEABR with the basic
			// Ring model itself ([S3] Tables 1 and 2).
			return true
		}
		if dir == "algos/hierarchical" && (imp == "algos/fceabr" || imp == "algos/fceabob") {
			// A combinator: [S3]'s hierarchy runs fceabob's step inside a
			// site and fceabr.K's on the virtual ring of site coordinators.
			return true
		}
		return under(imp, "model") || under(imp, "claim") || under(imp, "algos/kit")
	case under(dir, "traces"):
		return under(imp, "model") || under(imp, "claim") || (under(imp, "checker") && !under(imp, "checker/claims"))
	case under(dir, "checker/claims"):
		// The claim engine sits above the checker, the explorer and the
		// minimiser; it checks the claims of the registry it is given
		// (claim.Registry), and compiles no algorithm package.
		return under(imp, "model") || under(imp, "claim") || under(imp, "checker") || under(imp, "traces")
	case dir == "checker/shrink":
		// The shrinker sits below the explorer, the test kit and the claim
		// engine, which all call it.
		return under(imp, "model") || under(imp, "claim") || imp == "checker" || under(imp, "traces")
	case dir == "internal/proptest":
		// The algorithm packages' property-test driver, above the claim
		// engine: its skip rules must leave out only rows the engine
		// refutes (UnrefutedSkips).
		return under(imp, "model") || under(imp, "claim") || under(imp, "algos/kit") || under(imp, "checker") || under(imp, "traces") || imp == "internal/modeltest"
	case dir == "checker/checktest":
		// The public test kit: its unit helpers are the ones electlab's
		// own algorithm packages use (internal/modeltest).
		return under(imp, "model") || under(imp, "claim") || (under(imp, "checker") && !under(imp, "checker/claims")) || under(imp, "traces") || imp == "internal/modeltest"
	case under(dir, "checker"):
		return under(imp, "model") || under(imp, "claim") || (under(imp, "checker") && !under(imp, "checker/claims")) || under(imp, "traces")
	case under(dir, "internal/reproduce"):
		// The papers' reproductions and their judges: above the engines,
		// below the report and the command (a long table's runs poll
		// the SIGINT latch).
		return !under(imp, "cmd") && !under(imp, "cli") && (!under(imp, "internal") || under(imp, "internal/reproduce") || imp == "internal/interrupt")
	case dir == "cli":
		// The command as a library: everything but cmd/.
		return !under(imp, "cmd")
	case dir == "internal/exit" || dir == "internal/filetest" || dir == "internal/interrupt":
		// Error kinds, test helpers and the SIGINT latch: the bottom of
		// internal/.
		return false
	case dir == "internal/modeltest":
		// The algorithm packages' test helpers: the model and the claims
		// only, so that the checker's and the explorer's own tests may use
		// them.
		return under(imp, "model") || under(imp, "claim")
	case dir == "internal/scenario":
		// A scenario names an algorithm of the registry it is given.
		return under(imp, "model") || under(imp, "claim")
	case dir == "internal/render":
		// Renders what the engines return; runs nothing.
		return under(imp, "model") || under(imp, "claim") || under(imp, "checker")
	case under(dir, "internal"):
		return !under(imp, "cmd")
	}
	return true
}

// TestPackageLayers: no package imports above its layer (model below
// algos, algos below checker and traces, those below reproduce, internal
// and cmd), so the generated map and the rules agree.
func TestPackageLayers(t *testing.T) {
	pkgs := loadPackages(t, modulePackages, 10)
	for _, p := range pkgs {
		if p.owns == "" {
			t.Errorf("package %s has no package comment", p.dir)
		}
		for _, imp := range p.imports {
			if !layerAllowed(p.dir, imp) {
				t.Errorf("package %s imports %s, above its layer (see layerAllowed)", p.dir, imp)
			}
		}
	}
}

// TestPackageLayersCanFail: the rule rejects an algorithm importing the
// checker, the model importing an algorithm, the explorer or the
// minimiser importing the claim engine above them, the shrinker importing
// the explorer or the claim engine, the command's
// renderings importing its runner and internal/ importing the command,
// the claim engine or a scenario importing the algorithms (they take a
// claim.Registry), the model importing the claims, the claims a kit, a
// kit an algorithm, and the algorithms' test helpers the test kit above
// the explorer.
func TestPackageLayersCanFail(t *testing.T) {
	for _, c := range [][2]string{{"algos/bully", "checker"}, {"model", "algos/bully"}, {"checker", "cmd/electlab"}, {"algos/lelann", "algos/ringpoll"},
		{"internal/render", "internal/runner"}, {"internal/scenario", "checker"}, {"internal/exit", "model"}, {"internal/outfile", "model"}, {"internal/report", "cmd/electlab"},
		{"checker/explore", "checker/claims"}, {"traces", "checker/claims"}, {"checker/shrink", "checker/explore"}, {"checker/shrink", "checker/claims"}, {"checker/claims", "internal/reproduce"},
		{"internal/reproduce", "internal/report"}, {"internal/reproduce", "cli"}, {"cli", "cmd/electlab"},
		{"checker/claims", "algos"}, {"model", "claim"}, {"claim", "algos/kit/mutex"}, {"claim/lockcheck", "checker"}, {"algos/kit/ringkit", "algos/lelann"},
		{"internal/modeltest", "checker/checktest"}, {"internal/scenario", "algos"}} {
		if layerAllowed(c[0], c[1]) {
			t.Errorf("%s importing %s is allowed", c[0], c[1])
		}
	}
}
