// Package filetest holds the file helpers the tests of cmd/electlab and
// internal/report share: reading a file and listing a directory tree,
// each failing the test on an error.
//
// It imports nothing of the project; only tests import it.
package filetest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// ReadFile reads path or fails the test.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ListTree lists the regular files under dir, relative, with slashes,
// sorted, or fails the test.
func ListTree(t testing.TB, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}
