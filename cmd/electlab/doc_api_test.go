package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// The public surface: every package of the module outside internal/ and
// cmd/ (what a user's module can import) must have a package comment and a
// doc comment on every exported name, and the generated `api` section of
// docs/LIBRARY.md lists the public packages with their exported-name
// counts, read from the source.
func init() {
	docGenerators["api"] = apiMD
}

// apiPackage is one public package: its directory (relative to the module
// root), whether it has a package comment, its exported names as go doc
// lists them (constants, variables, functions, types, and the methods of
// exported types) and those without a doc comment.
type apiPackage struct {
	dir          string
	documented   bool
	names        []string
	undocumented []string
}

// publicDir reports whether the package in dir (relative, slash-separated)
// is public: not under internal/ or cmd/, not a nested module, not
// testdata.
func publicDir(rel string) bool {
	for _, el := range strings.Split(rel, "/") {
		if el == "internal" || el == "testdata" || el == "cmd" || strings.HasPrefix(el, ".") {
			return false
		}
	}
	return rel != "." && rel != "report" && rel != "bin"
}

// publicPackages parses the non-test files of every public package under
// root.
func publicPackages(root string) ([]apiPackage, error) {
	byDir := map[string]*apiPackage{}
	err := walkGoFiles(root, func(rel string) bool { return !publicDir(rel) }, parser.ParseComments, func(dir string, f *ast.File) {
		p := byDir[dir]
		if p == nil {
			p = &apiPackage{dir: dir}
			byDir[dir] = p
		}
		addAPI(p, f)
	})
	if err != nil {
		return nil, err
	}
	var out []apiPackage
	for _, p := range byDir {
		slices.Sort(p.names)
		slices.Sort(p.undocumented)
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b apiPackage) int { return strings.Compare(a.dir, b.dir) })
	return out, nil
}

// addAPI adds file f's package comment and exported names to p.
func addAPI(p *apiPackage, f *ast.File) {
	if f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "" {
		p.documented = true
	}
	add := func(name string, docs ...*ast.CommentGroup) {
		p.names = append(p.names, name)
		for _, d := range docs {
			if d != nil && strings.TrimSpace(d.Text()) != "" {
				return
			}
		}
		p.undocumented = append(p.undocumented, name)
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			if d.Recv == nil {
				add(d.Name.Name, d.Doc)
			} else if recv := receiverName(d.Recv); ast.IsExported(recv) {
				add(recv+"."+d.Name.Name, d.Doc)
			}
		case *ast.GenDecl:
			// A doc comment on a parenthesised group documents its
			// members, as go doc shows them.
			var group *ast.CommentGroup
			if d.Lparen.IsValid() {
				group = d.Doc
			}
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						add(s.Name.Name, s.Doc, d.Doc, s.Comment)
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() {
							add(n.Name, s.Doc, s.Comment, group, singleDoc(d))
						}
					}
				}
			}
		}
	}
}

// singleDoc is d's doc comment when d declares one spec without
// parentheses (then the comment is the spec's).
func singleDoc(d *ast.GenDecl) *ast.CommentGroup {
	if d.Lparen.IsValid() {
		return nil
	}
	return d.Doc
}

// receiverName is the type name of a method's receiver (T of T, *T, T[P]).
func receiverName(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	x := fl.List[0].Type
	for {
		switch t := x.(type) {
		case *ast.StarExpr:
			x = t.X
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// TestAPIDocumented: every public package has a package comment and every
// exported name a doc comment.
func TestAPIDocumented(t *testing.T) {
	pkgs := loadPackages(t, publicPackages, 5)
	for _, p := range pkgs {
		if !p.documented {
			t.Errorf("public package %s has no package comment", p.dir)
		}
		for _, n := range p.undocumented {
			t.Errorf("%s.%s is exported without a doc comment", p.dir, n)
		}
	}
}

// TestAPIDocumentedCanFail: the check finds an undocumented function,
// type, method, constant and variable, and a missing package comment, and
// accepts the documented forms (a group's comment, a line comment).
func TestAPIDocumentedCanFail(t *testing.T) {
	src := `package p

func Undocumented() {}

// Documented is.
func Documented() {}

type Bare struct{}

func (Bare) Method() {}

// T is.
type T int

func (*T) Naked() {}

// Group documents its members.
const (
	A = 1
	B = 2 // B.
)

var V = 1

const (
	C = 3
	// D is.
	D = 4
	E = 5 // E.
)

type hidden int

func (hidden) Exported() {}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	p := &apiPackage{dir: "p"}
	addAPI(p, f)
	slices.Sort(p.undocumented)
	want := []string{"Bare", "Bare.Method", "C", "T.Naked", "Undocumented", "V"}
	if !slices.Equal(p.undocumented, want) || p.documented {
		t.Errorf("undocumented %q (package comment %v), want %q (and none)", p.undocumented, p.documented, want)
	}
	if len(p.names) != 12 {
		t.Errorf("%d exported names %q, want 12", len(p.names), p.names)
	}
}

// TestAPICounts logs each public package's exported-name count (go test
// -run TestAPICounts -v; docs/LIBRARY.md shows the same, generated).
func TestAPICounts(t *testing.T) {
	for _, p := range loadPackages(t, publicPackages, 5) {
		t.Logf("%-28s %4d exported names", p.dir, len(p.names))
	}
}

// apiMD renders the public packages and their exported-name counts as a
// Markdown table.
func apiMD() string {
	pkgs, err := publicPackages(".")
	if err != nil {
		return "reading the packages failed: " + err.Error()
	}
	var b strings.Builder
	total := 0
	for _, p := range pkgs {
		total += len(p.names)
	}
	fmt.Fprintf(&b, "%d public packages, %d exported names (constants, variables, functions, types and methods of exported types, as `go doc` lists them; generated from the source by `make docs`).\n\n", len(pkgs), total)
	b.WriteString("| package | exported names | what it is |\n|---|---|---|\n")
	for _, p := range pkgs {
		fmt.Fprintf(&b, "| `%s` | %d | %s |\n", p.dir, len(p.names), strings.ReplaceAll(packageOwns(p.dir), "|", `\|`))
	}
	return strings.TrimRight(b.String(), "\n")
}

// packageOwns is the first sentence of dir's package comment (from the
// package map).
func packageOwns(dir string) string {
	pkgs, err := modulePackages(".")
	if err != nil {
		return ""
	}
	for _, p := range pkgs {
		if p.dir == dir {
			return p.owns
		}
	}
	return ""
}
