package hsring_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker/checktest"
)

// readmeBlock is one fenced block of README.md: its info string and lines.
type readmeBlock struct {
	lang  string
	lines []string
	line  int // the line of its opening fence
}

// readmeBlocks returns README.md's fenced blocks.
func readmeBlocks(t *testing.T) []readmeBlock {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []readmeBlock
	var cur *readmeBlock
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```"):
			cur = &readmeBlock{lang: strings.TrimPrefix(l, "```"), line: i + 1}
		case cur != nil && l == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, l)
		}
	}
	if cur != nil {
		t.Fatalf("README.md:%d: unclosed code block", cur.line)
	}
	return out
}

// TestReadmeCode: every Go excerpt in README.md appears verbatim in this
// module's sources, every interaction excerpt (a datadriven block) in
// testdata/interaction, and the go.mod it shows is go.mod: the tutorial's
// code cannot drift from the code it describes.
func TestReadmeCode(t *testing.T) {
	var src strings.Builder
	files, _ := filepath.Glob("*.go")
	cmds, _ := filepath.Glob("cmd/*/*.go")
	files = append(files, cmds...)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var interactions string
	txts, _ := filepath.Glob("testdata/interaction/*.txt")
	for _, f := range txts {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		interactions += string(b)
	}
	n := 0
	for _, b := range readmeBlocks(t) {
		text := strings.Join(b.lines, "\n") + "\n"
		switch b.lang {
		case "go":
			n++
			if !strings.Contains(src.String(), text) {
				t.Errorf("README.md:%d: this Go excerpt is not in the module's sources verbatim:\n%s", b.line, text)
			}
		case "datadriven":
			n++
			if !strings.Contains(interactions, text) {
				t.Errorf("README.md:%d: this interaction excerpt is not in testdata/interaction/*.txt verbatim:\n%s", b.line, text)
			}
		case "gomod":
			n++
			// TestReadme's copy of the module points the replace at the
			// checkout's absolute path.
			replace := regexp.MustCompile(`(?m)^(replace \S+ =>) .*$`)
			if replace.ReplaceAllString(text, "$1 ../..") != replace.ReplaceAllString(string(mod), "$1 ../..") {
				t.Errorf("README.md:%d: the go.mod shown is not go.mod:\n%s", b.line, text)
			}
		}
	}
	if n == 0 {
		t.Error("README.md shows no code")
	}
}

// readmeCommand is one `$ command` of a console block with the output
// lines shown after it.
type readmeCommand struct {
	cmd  string
	want []string
	line int
}

func readmeCommands(t *testing.T) []readmeCommand {
	var out []readmeCommand
	for _, b := range readmeBlocks(t) {
		if b.lang != "console" {
			continue
		}
		for i, l := range b.lines {
			if c, ok := strings.CutPrefix(l, "$ "); ok {
				out = append(out, readmeCommand{cmd: c, line: b.line + 1 + i})
			} else if len(out) > 0 {
				out[len(out)-1].want = append(out[len(out)-1].want, l)
			} else {
				t.Fatalf("README.md:%d: output before any command", b.line+1+i)
			}
		}
	}
	return out
}

// TestReadme runs every command of README.md, in order, in a copy of this
// module (so the traces they write stay out of the checkout), and checks
// each command's exit status (a shown FAIL line means it must fail) and
// that the output lines shown appear in its output, in order. It takes a
// few minutes (the commands include the full go test ./...); not with
// -short, and not inside its own go test ./....
func TestReadme(t *testing.T) {
	if os.Getenv("HSRING_README") != "" {
		t.Skip("run by TestReadme's own go test ./...")
	}
	if testing.Short() {
		t.Skip("runs every command of README.md (minutes); not with -short")
	}
	dir := copyModule(t)
	for _, c := range readmeCommands(t) {
		cmd := exec.Command("sh", "-c", c.cmd)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HSRING_README=1")
		out, err := cmd.CombinedOutput()
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			t.Fatal(err)
		}
		wantFail := false
		for _, w := range c.want {
			wantFail = wantFail || w == "FAIL"
		}
		if failed := err != nil; failed != wantFail {
			t.Errorf("README.md:%d: `%s`: failed=%v, want %v; output:\n%s", c.line, c.cmd, failed, wantFail, out)
			continue
		}
		if miss := checktest.MatchOutput(string(out), c.want); miss != "" {
			t.Errorf("README.md:%d: `%s`: the output has no line %q (after the lines before it); output:\n%s", c.line, c.cmd, miss, out)
		}
	}
}

// copyModule copies this module's sources, go.mod, go.sum, the stored
// counterexample and the interaction files into a temporary directory, with go.mod's replace
// pointing at the electlab checkout's absolute path.
func copyModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("*.go")
	cmds, _ := filepath.Glob("cmd/*/*.go")
	interactions, _ := filepath.Glob("testdata/interaction/*.txt")
	files = append(append(append(files, cmds...), interactions...), "go.mod", "go.sum", "README.md", counterexample)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if f == "go.mod" {
			b = bytes.Replace(b, []byte("=> ../.."), []byte("=> "+root), 1)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
