package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker/checktest"
)

// docs/LIBRARY.md's quick start, run as a user would: in a fresh module
// outside the checkout, made of its `<!-- module-file: PATH -->` blocks,
// each `<!-- doc-test: module -->` block's commands run in order by sh.
// The doc writes the module path that a user fetches; the checkout's own
// module path (from go.mod) stands in for it, and /path/to/electlab for
// the checkout.

// libraryDoc is docs/LIBRARY.md, from this package's directory.
var libraryDoc = filepath.Join(repoRoot, "docs", "LIBRARY.md")

// docModulePath is the module path the docs tell users to import.
const docModulePath = "github.com/electlab/electlab"

// libraryCommand is one `$` command of a module block and the output
// lines shown after it.
type libraryCommand struct {
	line int
	cmd  string
	want []string
}

// libraryDocParts returns the module files (path -> content) and the
// module blocks' commands, one slice per block.
func libraryDocParts(text string) (files map[string]string, blocks [][]libraryCommand, err error) {
	files = map[string]string{}
	ls := strings.Split(text, "\n")
	fileRe := regexp.MustCompile(`^<!-- module-file: (\S+) -->$`)
	for i := 0; i < len(ls); i++ {
		file, module := "", false
		if m := fileRe.FindStringSubmatch(strings.TrimSpace(ls[i])); m != nil {
			file = m[1]
		} else if strings.TrimSpace(ls[i]) == "<!-- doc-test: module -->" {
			module = true
		} else {
			continue
		}
		if i+1 >= len(ls) || !strings.HasPrefix(ls[i+1], "```") {
			return nil, nil, fmt.Errorf("docs/LIBRARY.md:%d: no code block after the marker", i+1)
		}
		j := i + 2
		for j < len(ls) && ls[j] != "```" {
			j++
		}
		if j == len(ls) {
			return nil, nil, fmt.Errorf("docs/LIBRARY.md:%d: unclosed code block", i+2)
		}
		body := ls[i+2 : j]
		if file != "" {
			files[file] = strings.Join(body, "\n") + "\n"
		} else if module {
			var cmds []libraryCommand
			for k, l := range body {
				if c, ok := strings.CutPrefix(l, "$ "); ok {
					cmds = append(cmds, libraryCommand{line: i + 3 + k, cmd: c})
				} else if len(cmds) > 0 {
					cmds[len(cmds)-1].want = append(cmds[len(cmds)-1].want, l)
				} else {
					return nil, nil, fmt.Errorf("docs/LIBRARY.md:%d: output before any command", i+3+k)
				}
			}
			blocks = append(blocks, cmds)
		}
		i = j
	}
	return files, blocks, nil
}

// modulePathOf reads the module path of the go.mod at path.
func modulePathOf(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module (\S+)$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no module line", path)
	}
	return string(m[1])
}

// TestLibraryModule runs docs/LIBRARY.md's quick start (see above). It
// builds a module against the checkout (a minute or two): not with -short.
func TestLibraryModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own against the checkout (minutes); not with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	text, err := os.ReadFile(libraryDoc)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	mod := modulePathOf(t, filepath.Join(root, "go.mod"))
	fix := strings.NewReplacer(docModulePath, mod, "/path/to/electlab", root)
	files, blocks, err := libraryDocParts(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 || len(blocks) == 0 {
		t.Fatalf("docs/LIBRARY.md: %d module files, %d module blocks", len(files), len(blocks))
	}
	for name, src := range files {
		if f, err := format.Source([]byte(src)); err != nil || !bytes.Equal(f, []byte(src)) {
			t.Errorf("docs/LIBRARY.md: %s is not gofmt-formatted (%v)", name, err)
		}
	}
	for bi, cmds := range blocks {
		dir := filepath.Join(t.TempDir(), "myring")
		for name, src := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(fix.Replace(src)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	block:
		for _, c := range cmds {
			cmd := exec.Command("sh", "-c", fix.Replace(c.cmd))
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=", "GOFLAGS=")
			out, err := cmd.CombinedOutput()
			if _, ok := err.(*exec.ExitError); err != nil && !ok {
				t.Fatal(err)
			}
			wantFail := false
			for _, w := range c.want {
				wantFail = wantFail || strings.TrimSpace(w) == "FAIL"
			}
			if failed := err != nil; failed != wantFail {
				t.Errorf("docs/LIBRARY.md:%d (block %d): `%s`: failed=%v, want %v; output:\n%s", c.line, bi+1, c.cmd, failed, wantFail, out)
				break block
			}
			want := make([]string, len(c.want))
			for i, w := range c.want {
				want[i] = fix.Replace(w)
			}
			if miss := checktest.MatchOutput(string(out), want); miss != "" {
				t.Errorf("docs/LIBRARY.md:%d: `%s`: the output has no line %q (after the lines before it); output:\n%s", c.line, c.cmd, miss, out)
			}
		}
	}
}

// TestLibraryDocParts: the quick start's parts are found (the output
// comparison, checktest.MatchOutput, is tested in its package).
func TestLibraryDocParts(t *testing.T) {
	text, err := os.ReadFile(libraryDoc)
	if err != nil {
		t.Fatal(err)
	}
	files, blocks, err := libraryDocParts(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if files["ring.go"] == "" || files["ring_test.go"] == "" || len(blocks) < 2 {
		t.Fatalf("module files %d, blocks %d", len(files), len(blocks))
	}
}
