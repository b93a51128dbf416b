package report

import (
	"testing"

	"github.com/electlab/electlab/internal/filetest"
)

// listTree lists the regular files under dir (filetest.ListTree).
func listTree(t *testing.T, dir string) []string { return filetest.ListTree(t, dir) }

// readFile reads path or fails the test (filetest.ReadFile).
func readFile(t testing.TB, path string) []byte { return filetest.ReadFile(t, path) }
