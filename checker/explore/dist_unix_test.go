//go:build unix

package explore

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/electlab/electlab/checker"
)

// TestCheckpointNeverReplaces: a checkpoint's name taken by a symlink or a
// FIFO is refused, not replaced (the search stops with an error naming
// it), and the thing at the name is left as it was.
func TestCheckpointNeverReplaces(t *testing.T) {
	s0 := crDesc(t, 3)
	for _, kind := range []string{"symlink", "fifo"} {
		dir := t.TempDir()
		rank := filepath.Join(dir, "rank-1-of-1")
		if err := os.MkdirAll(rank, 0o755); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(rank, "level-000002.ckpt")
		target := filepath.Join(dir, "target")
		os.WriteFile(target, []byte("keep"), 0o644)
		var err error
		if kind == "symlink" {
			err = os.Symlink(target, name)
		} else {
			err = syscall.Mkfifo(name, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{BFS: true, Checks: checker.Checks{Props: distProps}, Checkpoint: dir}
		_, err = ExploreDist(s0.Clone(), opt, LocalTransports(1)[0])
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: %v, want a refusal", kind, err)
		}
		fi, _ := os.Lstat(name)
		if b, _ := os.ReadFile(target); string(b) != "keep" || fi == nil || fi.Mode().IsRegular() {
			t.Errorf("%s: replaced or written through", kind)
		}
	}
}
