// Command logiccopies counts the logic-copy pairs of issue 32's measure:
// the pairs the workplace tool duplicates lists whose two sides are in
// non-test Go files, each with at least half of its lines inside function
// bodies. A line is inside a body when it lies from the line of a
// FuncDecl's or FuncLit's opening brace to the line of its closing brace
// (go/ast), so that same-shape data (kind tables, claim literals, JSON
// structs) is left out. It reads the output of
//
//	duplicates --min-lines 5 --most 200 --seconds 120
//
// on stdin (make logic-copies), prints the rows it keeps as they came, then
// a line "N logic-copy pairs, M identical": identical are the rows that the
// tool does not mark "shape" (some run of the pair is the same to the
// letter). When the tool's list was cut (--most) or incomplete, a last line
// says so: the count is then of the listed pairs only.
//
// The paths in the rows are read relative to -root (default: the current
// directory, where duplicates ran). A row it cannot parse, a Go file it
// cannot read or parse, or an empty input is an error naming the problem
// (exit status 2).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run is the command: its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("logiccopies", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "the directory the paths in duplicates' rows are relative to")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "logiccopies: unexpected argument %q (it reads duplicates' output on stdin)\n", fs.Arg(0))
		return 2
	}
	kept, notes, err := filter(stdin, newBodies(*root))
	if err != nil {
		fmt.Fprintf(stderr, "logiccopies: %v\n", err)
		return 2
	}
	identical := 0
	for _, p := range kept {
		fmt.Fprintln(stdout, p.row)
		if p.identical {
			identical++
		}
	}
	fmt.Fprintf(stdout, "%d logic-copy pairs, %d identical\n", len(kept), identical)
	for _, n := range notes {
		fmt.Fprintf(stdout, "note: the input lists only part of the pairs (%s): the count is of the listed ones\n", n)
	}
	return 0
}

// side is one place of a pair: lines from to to (1-based, inclusive) of
// file.
type side struct {
	file     string
	from, to int
}

// pair is one row of duplicates' output.
type pair struct {
	row       string
	a, b      side
	identical bool
}

// filter reads duplicates' output from r and returns the pairs that are
// logic copies (isLogic), in input order, and the input's lines saying
// the list is partial ("(+N more pairs)", "incomplete: …").
func filter(r io.Reader, bodies *bodies) (kept []pair, notes []string, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lines := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		lines++
		p, ok, err := parseRow(line)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			if strings.HasPrefix(line, "incomplete:") || (strings.HasPrefix(line, "(+") && strings.HasSuffix(line, "more pairs)")) {
				notes = append(notes, strings.TrimSuffix(strings.TrimPrefix(line, "("), ")"))
			}
			continue
		}
		logic, err := bodies.isLogic(p)
		if err != nil {
			return nil, nil, err
		}
		if logic {
			kept = append(kept, p)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("reading stdin: %v", err)
	}
	if lines == 0 {
		return nil, nil, fmt.Errorf("empty input: pipe the output of duplicates into it (make logic-copies)")
	}
	return kept, notes, nil
}

// parseRow parses one row, "D12 a.go:10-24 ~ b.go:40-54 shape (+2 more
// runs)": ok is false for a line that is not a row (the tool's header and
// trailer lines); a line that starts as a row but does not parse is an
// error.
func parseRow(line string) (p pair, ok bool, err error) {
	f := strings.Fields(line)
	if len(f) == 0 || len(f[0]) < 2 || f[0][0] != 'D' {
		return pair{}, false, nil
	}
	if _, err := strconv.Atoi(f[0][1:]); err != nil {
		return pair{}, false, nil
	}
	if len(f) < 4 || f[2] != "~" {
		return pair{}, false, fmt.Errorf("row %q: want \"Dn file:a-b ~ file:c-d …\"", line)
	}
	p.row = line
	if p.a, err = parseSide(f[1]); err != nil {
		return pair{}, false, fmt.Errorf("row %q: %v", line, err)
	}
	if p.b, err = parseSide(f[3]); err != nil {
		return pair{}, false, fmt.Errorf("row %q: %v", line, err)
	}
	p.identical = true
	for _, w := range f[4:] {
		if w == "shape" {
			p.identical = false
		}
	}
	return p, true, nil
}

// parseSide parses "file:a-b" (or "file:a").
func parseSide(s string) (side, error) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 {
		return side{}, fmt.Errorf("place %q has no line range", s)
	}
	from, to, found := strings.Cut(s[i+1:], "-")
	if !found {
		to = from
	}
	a, err1 := strconv.Atoi(from)
	b, err2 := strconv.Atoi(to)
	if err1 != nil || err2 != nil || a < 1 || b < a {
		return side{}, fmt.Errorf("place %q: bad line range %q", s, s[i+1:])
	}
	return side{file: s[:i], from: a, to: b}, nil
}

// bodies answers which lines of the Go files under root lie inside
// function bodies, parsing each file once.
type bodies struct {
	root  string
	files map[string][]bool
}

func newBodies(root string) *bodies { return &bodies{root: root, files: map[string][]bool{}} }

// isLogic reports that p is a logic-copy pair: both sides in non-test Go
// files, at least half of each side's lines in function bodies.
func (b *bodies) isLogic(p pair) (bool, error) {
	for _, s := range []side{p.a, p.b} {
		if !strings.HasSuffix(s.file, ".go") || strings.HasSuffix(s.file, "_test.go") {
			return false, nil
		}
	}
	for _, s := range []side{p.a, p.b} {
		in, err := b.lines(s.file)
		if err != nil {
			return false, err
		}
		if s.to >= len(in) {
			return false, fmt.Errorf("%s has %d lines, the row %q names line %d: is the input from another tree?", s.file, len(in)-1, p.row, s.to)
		}
		if 2*inBody(in, s.from, s.to) < s.to-s.from+1 {
			return false, nil
		}
	}
	return true, nil
}

// lines returns, by line number, whether each line of file lies inside a
// function body.
func (b *bodies) lines(file string) ([]bool, error) {
	if in, ok := b.files[file]; ok {
		return in, nil
	}
	src, err := os.ReadFile(filepath.Join(b.root, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	in, err := bodyLines(file, src)
	if err != nil {
		return nil, err
	}
	b.files[file] = in
	return in, nil
}

// bodyLines parses src (named name in errors) and returns, indexed by
// line number (index 0 unused), whether each line lies inside the body of
// a function declaration or literal: from the line of its opening brace
// to the line of its closing brace, both included.
func bodyLines(name string, src []byte) ([]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	in := make([]bool, fset.File(f.Pos()).LineCount()+1)
	mark := func(body *ast.BlockStmt) {
		if body == nil {
			return
		}
		for l := fset.Position(body.Lbrace).Line; l <= fset.Position(body.Rbrace).Line && l < len(in); l++ {
			in[l] = true
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			mark(n.Body)
		case *ast.FuncLit:
			mark(n.Body)
		}
		return true
	})
	return in, nil
}

// inBody counts the lines from to to (inclusive, within the file) that in
// marks.
func inBody(in []bool, from, to int) int {
	c := 0
	for l := from; l <= to; l++ {
		if in[l] {
			c++
		}
	}
	return c
}
