package filetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder keeps the failures Golden reports instead of failing the test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestGoldenCanFail: Golden passes on equal content and reports the first
// differing line, a line-count change and a missing file, each naming the
// rewrite command.
func TestGoldenCanFail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.txt")
	if err := os.WriteFile(path, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path, got string
		want            []string // substrings of the failures, in order
	}{
		{"equal", path, "a\nb\nc\n", nil},
		{"line differs", path, "a\nB\nc\n", []string{"differs at line 2", "want: b", "got:  B", "REWRITE"}},
		{"line added", path, "a\nb\nc\nd\n", []string{"5 lines, the golden file has 4", "differs at line 4"}},
		{"missing", path + ".none", "a\n", []string{"no such file", "write it with REWRITE"}},
	} {
		r := &recorder{TB: t}
		Golden(r, c.path, c.got, "REWRITE")
		all := strings.Join(r.errs, "\n")
		if len(c.want) == 0 && all != "" {
			t.Errorf("%s: unexpected failure %q", c.name, all)
		}
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: failure %q does not contain %q", c.name, all, w)
			}
		}
	}
}
